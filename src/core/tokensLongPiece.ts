// Pieces too long to merge again on every keystroke (a 2 MB run of one letter, CJK with no
// punctuation), counted in chunks cut where the whole piece's tokens begin: an edit merges
// again only around itself, after checking that the cuts beside it still hold.
//
// Why a check suffices. Merging picks the lowest-ranked pair anywhere, the leftmost of equals,
// so the merges inside a stretch that no merge crosses happen as they would in that stretch
// alone. Hence (1) where the tokens of a text begin, they begin in any stretch of it between two
// such places; and (2) for cuts c0 < c1 < … < cm, if the tokens of each stretch from c(k) to c(k+2)
// begin at c(k+1), the tokens of the whole begin at every cut: were a merge to cross one first,
// it would be the first such merge in the stretch around that cut too, where none crosses it.
import { commonPrefix, commonSuffix } from './tokensChunks';

/** Where the tokens of a piece (its bytes as a Latin-1 string) begin once merged, in order. */
export type MergeStarts = (key: string) => Int32Array;

/** A long piece as last counted: its chunks start at `cuts` (the first at 0), each holding `counts` tokens. */
interface CountedPiece {
  /** The encoding's ranks it was merged with. */
  readonly ranks: object;
  readonly key: string;
  readonly cuts: number[];
  readonly counts: number[];
}

/** Bytes per chunk of a long piece, at least. */
export const PIECE_CHUNK = 4096;

/** The long pieces counted last: a section's and the one it was before an edit. */
const remembered: CountedPiece[] = [];
const REMEMBERED = 2;

/** Tokens of a long piece, merged by `merge` with `ranks`; the same as merging it whole. */
export function countLongPiece(key: string, ranks: object, merge: MergeStarts, chunk = PIECE_CHUNK): number {
  let counted: CountedPiece | undefined;
  for (const old of remembered) if (old.ranks === ranks && (counted = recount(old, key, merge, chunk))) break;
  counted ??= chunked(ranks, key, merge(key), chunk);
  remembered.unshift(counted);
  remembered.length = Math.min(remembered.length, REMEMBERED);
  return counted.counts.reduce((sum, count) => sum + count, 0);
}

/** Forgets the pieces counted, for tests. */
export function forgetLongPieces(): void {
  remembered.length = 0;
}

function chunked(ranks: object, key: string, starts: Int32Array, chunk: number): CountedPiece {
  const cuts: number[] = [];
  const counts: number[] = [];
  addChunks(starts, starts.length, 0, chunk, cuts, counts);
  return { ranks, key, cuts, counts };
}

/** Chunks of the first `tokens` token starts, moved by `base`, each `chunk` bytes at least. */
function addChunks(starts: Int32Array, tokens: number, base: number, chunk: number, cuts: number[], counts: number[]): void {
  let open = 0;
  for (let i = 1; i < tokens; i++) {
    if (starts[i] - starts[open] < chunk) continue;
    cuts.push(base + starts[open]);
    counts.push(i - open);
    open = i;
  }
  cuts.push(base + starts[open]);
  counts.push(tokens - open);
}

/**
 * `key` counted from `old`, an earlier text of the same piece: the chunks in the common start
 * and end are kept, the text between is merged with one kept chunk on each side, and the cuts
 * there checked (2 above). Undefined when the texts differ too much or a check fails.
 */
function recount(old: CountedPiece, key: string, merge: MergeStarts, chunk: number): CountedPiece | undefined {
  const n = key.length;
  const oldN = old.key.length;
  const same = commonPrefix(old.key, key);
  const sameEnd = commonSuffix(old.key, key, Math.min(n, oldN) - same);
  if (same + sameEnd < Math.min(n, oldN) / 2) return undefined;
  const m = old.cuts.length;
  const shift = n - oldN;
  const endOf = (i: number) => (i + 1 < m ? old.cuts[i + 1] : oldN);
  let left = 0;
  while (left < m && endOf(left) <= same) left++;
  let right = m;
  while (right > left && old.cuts[right - 1] >= oldN - sameEnd) right--;
  const leftEnd = () => (left > 0 ? endOf(left - 1) : 0);
  const rightStart = () => (right < m ? old.cuts[right] + shift : n);
  // Something to merge between the kept chunks.
  while (rightStart() <= leftEnd()) {
    if (right < m) right++;
    else if (left > 0) left--;
    else return undefined;
  }
  // A cut that does not hold next to the edit (a letter typed after a run of it) is dropped,
  // and the one before it tried, a few times.
  for (let tries = 0; tries < WIDENINGS; tries++) {
    const from = leftEnd();
    const to = rightStart();
    if (left > 0 && !startsAt(merge(key.slice(old.cuts[left - 1], to)), from - old.cuts[left - 1])) {
      left--;
      continue;
    }
    const starts = merge(key.slice(from, right + 1 < m ? old.cuts[right + 1] + shift : n));
    const tokens = right < m ? indexOf(starts, to - from) : starts.length;
    if (tokens < 0) {
      right++;
      continue;
    }
    return rejoined(old, key, left, right, shift, starts, tokens, from, chunk);
  }
  return undefined;
}

/** Widenings tried around an edit before the piece is merged whole. */
const WIDENINGS = 6;

/** The counted piece: the old chunks kept on each side, and the ones merged between. */
function rejoined(old: CountedPiece, key: string, left: number, right: number, shift: number, starts: Int32Array, tokens: number, from: number, chunk: number): CountedPiece {
  const m = old.cuts.length;
  const cuts = old.cuts.slice(0, left);
  const counts = old.counts.slice(0, left);
  addChunks(starts, tokens, from, chunk, cuts, counts);
  for (let i = right; i < m; i++) {
    cuts.push(old.cuts[i] + shift);
    counts.push(old.counts[i]);
  }
  remembered.splice(remembered.indexOf(old), 1);
  return { ranks: old.ranks, key, cuts, counts };
}

function startsAt(starts: Int32Array, at: number): boolean {
  return indexOf(starts, at) >= 0;
}

/** Where `at` is among the sorted `starts`, -1 when it is not. */
function indexOf(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid] === at) return mid;
    if (starts[mid] < at) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
