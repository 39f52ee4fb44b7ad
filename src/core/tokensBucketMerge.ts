// The merge of a long piece in rank order without a heap: when every merge makes pairs of a
// higher rank than its own (as BPE's merges are learnt, and as o200k's are for any run tried),
// the pairs of one rank are merged in one pass, leftmost first, and a rank is never visited
// again. A merge that makes a pair of its own rank or lower breaks that order: then the caller
// merges with the heap.

/** `rank(start, end)`: the rank of the bytes from start to end, -1 when they are no token. */
export type RankOf = (start: number, end: number) => number;

/** Where the tokens of a piece of `n` bytes start once merged, or undefined when the ranks are out of order here. */
export function bucketMergeStarts(n: number, rankOf: RankOf, ranks: number): Int32Array | undefined {
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const alive = new Uint8Array(n + 1).fill(1);
  // The rank of the pair starting at each part, -1 for none: what a bucket entry is checked against.
  const pairRank = new Int32Array(n + 1).fill(-1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  // Buckets by rank, as linked lists of entries; each merge adds at most two entries.
  const capacity = 3 * n + 1;
  const entryStart = new Int32Array(capacity);
  const entryNext = new Int32Array(capacity);
  const head = new Int32Array(ranks).fill(-1);
  let entries = 0;
  let current = -1;
  let ordered = true;
  const push = (start: number) => {
    const second = next[start];
    if (second >= n) {
      pairRank[start] = -1;
      return;
    }
    const rank = rankOf(start, next[second]);
    pairRank[start] = rank;
    if (rank < 0) return;
    if (rank <= current || rank >= ranks) ordered = false;
    entryStart[entries] = start;
    entryNext[entries] = head[rank];
    head[rank] = entries++;
  };
  for (let start = 0; start < n - 1; start++) push(start);
  let parts = n;
  let sorted = new Int32Array(64);
  for (let rank = 0; rank < ranks && ordered; rank++) {
    if (head[rank] < 0) continue;
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
    const starts = sorted.subarray(0, count).sort();
    for (let i = 0; i < count && ordered; i++) {
      const start = starts[i];
      if (!alive[start] || pairRank[start] !== rank) continue;
      // Merge the part at `start` with the one after it.
      const removed = next[start];
      next[start] = next[removed];
      prev[next[removed]] = start;
      alive[removed] = 0;
      pairRank[removed] = -1;
      parts--;
      push(start);
      if (prev[start] >= 0) push(prev[start]);
    }
  }
  if (!ordered) return undefined;
  const starts = new Int32Array(parts);
  for (let i = 0, at = 0; i < parts; i++, at = next[at]) starts[i] = at;
  return starts;
}
