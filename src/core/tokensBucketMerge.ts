// The merge of a long piece in rank order without a heap: when every merge makes pairs of a
// higher rank than its own (as BPE's merges are learnt, and as o200k's are for any run tried),
// the pairs of one rank are merged in one pass, leftmost first, and a rank is never visited
// again. A merge that makes a pair of its own rank or lower breaks that order: then the caller
// merges with the heap.

import type { Ranks } from './tokensRanks';

/**
 * Buckets' first entries by rank (-1 for none) and a bit per rank whose bucket is not empty,
 * kept between merges and left empty after each: a merge of a 16 KB window touches a few
 * thousand of o200k's 200,000 ranks, and finds them by the bits rather than visiting all.
 */
let heads = new Int32Array(0);
let used = new Int32Array(0);

/** Where the tokens of `key` (bytes as a Latin-1 string) start once merged, or undefined when the ranks are out of order here. */
export function bucketMergeStarts(table: Ranks, key: string): Int32Array | undefined {
  const n = key.length;
  const ranks = table.count;
  if (heads.length < ranks) {
    heads = new Int32Array(ranks).fill(-1);
    used = new Int32Array((ranks + 31) >> 5);
  }
  const head = heads;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  // The rank of the pair starting at each part, -1 for none (or a part merged away): what a bucket entry is checked against.
  const pairRank = new Int32Array(n + 1).fill(-1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  // Buckets by rank, as linked lists of entries; each merge adds at most two entries.
  const capacity = 3 * n + 1;
  const entryStart = new Int32Array(capacity);
  const entryNext = new Int32Array(capacity);
  let entries = 0;
  let current = -1;
  let ordered = true;
  const push = (start: number) => {
    const second = next[start];
    if (second >= n) {
      pairRank[start] = -1;
      return;
    }
    const rank = table.rank(key, start, next[second]);
    pairRank[start] = rank;
    if (rank < 0) return;
    if (rank <= current || rank >= ranks) {
      ordered = false;
      return;
    }
    if (head[rank] < 0) used[rank >> 5] |= 1 << (rank & 31);
    entryStart[entries] = start;
    entryNext[entries] = head[rank];
    head[rank] = entries++;
  };
  for (let start = 0; start < n - 1; start++) push(start);
  let parts = n;
  let sorted = new Int32Array(64);
  for (let word = 0; word < used.length && ordered;) {
    const bits = used[word];
    if (bits === 0) {
      word++;
      continue;
    }
    const bit = 31 - Math.clz32(bits & -bits);
    used[word] = bits & ~(1 << bit);
    const rank = (word << 5) | bit;
    current = rank;
    let count = 0;
    for (let entry = head[rank]; entry >= 0; entry = entryNext[entry]) {
      if (count === sorted.length) {
        const grown = new Int32Array(count * 2);
        grown.set(sorted);
        sorted = grown;
      }
      sorted[count++] = entryStart[entry];
    }
    head[rank] = -1;
    const starts = sorted.subarray(0, count).sort();
    for (let i = 0; i < count && ordered; i++) {
      const start = starts[i];
      if (pairRank[start] !== rank) continue;
      // Merge the part at `start` with the one after it.
      const removed = next[start];
      next[start] = next[removed];
      prev[next[removed]] = start;
      pairRank[removed] = -1;
      parts--;
      push(start);
      if (prev[start] >= 0) push(prev[start]);
    }
  }
  if (!ordered) {
    // Leave the buckets empty for the next merge.
    for (let word = 0; word < used.length; word++) {
      for (let bits = used[word]; bits !== 0; bits &= bits - 1) head[(word << 5) | (31 - Math.clz32(bits & -bits))] = -1;
      used[word] = 0;
    }
    return undefined;
  }
  const starts = new Int32Array(parts);
  for (let i = 0, at = 0; i < parts; i++, at = next[at]) starts[i] = at;
  return starts;
}
