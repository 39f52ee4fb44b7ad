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
let scratch = { next: new Int32Array(0), prev: new Int32Array(0), pairRank: new Int32Array(0), entryStart: new Int32Array(0), entryNext: new Int32Array(0) };

/**
 * Parts to start from rather than single bytes (tokensCharMerge.ts): their starts, and by
 * start the rank at which byte-by-byte merging would have made each part (-1 for a byte).
 */
export interface StartParts {
  readonly starts: Int32Array;
  readonly ready: Int32Array;
  /** By start, 1 where the pair the part starts is known to be no token: not looked up. */
  readonly none: Uint8Array;
}

/**
 * Where the tokens of `key` (bytes as a Latin-1 string) start once merged, or undefined when
 * the ranks are out of order here. From `parts`, also undefined when a pair would merge at a
 * rank before one of its parts was made: merging bytes would not have met that pair then.
 */
export function bucketMergeStarts(table: Ranks, key: string, parts?: StartParts): Int32Array | undefined {
  const n = key.length;
  const ranks = table.count;
  if (heads.length < ranks) {
    heads = new Int32Array(ranks).fill(-1);
    used = new Int32Array((ranks + 31) >> 5);
  }
  const head = heads;
  // Arrays of one merge, kept for the next (a long piece is merged in many windows of one size).
  if (scratch.next.length < n + 1)
    scratch = {
      next: new Int32Array(n + 1),
      prev: new Int32Array(n + 1),
      pairRank: new Int32Array(n + 1),
      entryStart: new Int32Array(3 * n + 1),
      entryNext: new Int32Array(3 * n + 1),
    };
  const { next, prev, pairRank, entryStart, entryNext } = scratch;
  // The rank of the pair starting at each part, -1 for none (or a part merged away): what a bucket entry is checked against.
  pairRank.fill(-1, 0, n + 1);
  const ready = parts?.ready;
  if (parts) {
    const { starts } = parts;
    let before = -1;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      if (before >= 0) next[before] = start;
      prev[start] = before;
      before = start;
    }
    next[before] = n;
    prev[n] = before;
  } else {
    for (let i = 0; i <= n; i++) {
      next[i] = i + 1;
      prev[i] = i - 1;
    }
  }
  // Buckets by rank, as linked lists of entries; each merge adds at most two entries.
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
    if (rank <= current || rank >= ranks || (ready !== undefined && (rank <= ready[start] || rank <= ready[second]))) {
      ordered = false;
      return;
    }
    if (head[rank] < 0) used[rank >> 5] |= 1 << (rank & 31);
    entryStart[entries] = start;
    entryNext[entries] = head[rank];
    head[rank] = entries++;
  };
  let count = n;
  if (parts) {
    const { starts, none } = parts;
    count = starts.length;
    for (let i = 0; i < count; i++) {
      const start = starts[i];
      if (none[start] === 1) pairRank[start] = -1;
      else push(start);
    }
  } else for (let start = 0; start < n - 1; start++) push(start);
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
    let listed = 0;
    // Entries are prepended, so a bucket filled left to right lists them right to left.
    let descending = true;
    for (let entry = head[rank]; entry >= 0; entry = entryNext[entry]) {
      if (listed === sorted.length) {
        const grown = new Int32Array(listed * 2);
        grown.set(sorted);
        sorted = grown;
      }
      const start = entryStart[entry];
      if (listed > 0 && start > sorted[listed - 1]) descending = false;
      sorted[listed++] = start;
    }
    head[rank] = -1;
    // Most buckets hold one entry, or were filled in order: no sort for those.
    if (listed > 1) {
      if (descending) sorted.subarray(0, listed).reverse();
      else sorted.subarray(0, listed).sort();
    }
    const starts = sorted;
    for (let i = 0; i < listed && ordered; i++) {
      const start = starts[i];
      if (pairRank[start] !== rank) continue;
      // Merge the part at `start` with the one after it.
      const removed = next[start];
      next[start] = next[removed];
      prev[next[removed]] = start;
      pairRank[removed] = -1;
      count--;
      if (ready) ready[start] = rank;
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
  const starts = new Int32Array(count);
  for (let i = 0, at = 0; i < count; i++, at = next[at]) starts[i] = at;
  return starts;
}
