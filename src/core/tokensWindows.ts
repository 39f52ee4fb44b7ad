// A long piece merged window by window, each small enough to stay in the processor's cache
// (a 2 MB piece merged whole spends most of its time waiting on memory). Why it is exact:
// merging picks the lowest-ranked pair anywhere, the leftmost of equals, so
// (1) any run of adjacent tokens of a merge is the merge of its own text: no merge crossed its
//     ends, and inside it the same pairs were the lowest in the same order;
// (2) tokens x1 … xm are the merge of their text when every two neighbours merge to
//     themselves (merge(xi xi+1) = [xi, xi+1]): were a merge to cross a boundary between
//     tokens, the first one to would be the first in that pair's text too, where none does.
// A window's tokens up to a cut (a token start) are by (1) the merge of that text; the runs
// joined are by (2) the merge of the whole once each joint's pair is checked.

/** Where the tokens of bytes start..end of the piece begin once merged, relative to start. */
export type MergeRange = (start: number, end: number) => Int32Array;

/** Bytes a window cuts at, at most; and the bytes merged past it, so tokens near the cut are whole. */
export const WINDOW = 16 * 1024;
const SLACK = 1024;

/**
 * Where the tokens of a piece of `n` bytes begin, merged window by window, or undefined
 * when a joint does not hold (the caller then merges it whole).
 */
export function windowMergeStarts(n: number, merge: MergeRange, window = WINDOW, slack = SLACK): Int32Array | undefined {
  let starts = new Int32Array(Math.max(16, n >> 2));
  let count = 0;
  let from = 0;
  for (;;) {
    const end = Math.min(n, from + window + slack);
    const part = merge(from, end);
    // The tokens kept: all at the piece's end, else those before the last start within the window.
    let kept = part.length;
    if (end < n) {
      while (kept > 1 && part[kept - 1] > window) kept--;
      kept--;
      if (kept === 0) return undefined;
    }
    if (count > 0) {
      const left = starts[count - 1];
      const firstEnd = part.length > 1 ? from + part[1] : end;
      const joint = merge(left, firstEnd);
      if (joint.length !== 2 || joint[1] !== from - left) return undefined;
    }
    if (count + kept > starts.length) {
      const grown = new Int32Array(Math.max(starts.length * 2, count + kept));
      grown.set(starts.subarray(0, count));
      starts = grown;
    }
    for (let i = 0; i < kept; i++) starts[count++] = from + part[i];
    if (end === n) return starts.slice(0, count);
    from += part[kept];
  }
}
