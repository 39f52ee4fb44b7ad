// Where a text may be cut so that the token counts of its chunks add up to the count of
// the whole: at safe line starts, and in long lines between pre-tokenizer pieces.
/**
 * A chunk is a paragraph, so a keystroke changes one chunk (two when it splits a
 * paragraph) and the cuts after it stay where they were; a paragraph longer than this
 * is also cut at safe line starts, this many characters apart at least.
 */
export const MAX_CHUNK = 8192;

/** A cut decided at a place looks this many units past it at most (see cutsFrom). */
export const CUT_LOOKAHEAD = 8;

/**
 * The cuts after a cut at `from`, in order. A cut depends only on the text from the cut
 * before it to CUT_LOOKAHEAD units after it (a piece's end is decided by at most three code
 * points after it: a contraction such as `'ll`), so cutting can resume at any cut.
 */
export function* cutsFrom(text: string, from: number, split: RegExp, maxChunk = MAX_CHUNK): Generator<number> {
  const long = 4 * maxChunk;
  let last = from;
  let at = text.indexOf('\n', from);
  for (;;) {
    // A line cut within `long` of the last cut; past that, a cut between pieces.
    let cut = -1;
    while (at !== -1 && at + 1 < text.length && at + 1 - last <= long) {
      const start = at + 1;
      if (isSafeStart(text, start) && (start - last >= maxChunk || endsBlankLine(text, at))) {
        cut = start;
        break;
      }
      at = text.indexOf('\n', start);
    }
    if (cut === -1) cut = pieceCut(text, last, split, maxChunk);
    if (cut === -1) return;
    yield cut;
    last = cut;
    if (at !== -1 && at < cut) at = text.indexOf('\n', cut);
  }
}

/**
 * The first end of a piece after `from` where a cut keeps the count and is due: one whose
 * characters before it hash to a multiple of HASH_EVERY, half `maxChunk` from `from` at
 * least, or any past four times `maxChunk`; -1 when none before the text's end.
 */
function pieceCut(text: string, from: number, split: RegExp, maxChunk: number): number {
  const long = text.length - from >= LONG_SCAN;
  if (long && lastLong && lastLong.source === split.source && lastLong.maxChunk === maxChunk && sameStretch(lastLong, text, from)) return -1;
  const least = from + Math.max(HASHED, maxChunk >> 1);
  const most = from + 4 * maxChunk;
  // Where the pieces end, to count the chunk by them: all up to the last place a cut is due, a long stretch's only while they are few.
  let ends = 0;
  let keep = true;
  const scanned = (end: number) => {
    lastScan = { text, from, end, source: split.source, maxChunk, ends: keep ? scanEnds.slice(0, ends) : undefined };
    if (long && end === text.length) lastLong = lastScan;
  };
  // Every character is in some piece, so each match starts where the last ended: `test` gives the end without making the match.
  split.lastIndex = from;
  while (split.test(text)) {
    const end = split.lastIndex;
    if (keep) {
      if (ends === scanEnds.length) {
        const grown = new Int32Array(ends * 2);
        grown.set(scanEnds);
        scanEnds = grown;
      }
      scanEnds[ends++] = end - from;
      keep = !long || end <= most || ends <= SCAN_PIECES;
    }
    if (end >= text.length) {
      scanned(text.length);
      return -1;
    }
    if (end < least) continue;
    const before = text.charCodeAt(end - 1);
    if (!(before === 0x0a ? isSafeStart(text, end) : !isWhiteUnit(before))) continue;
    if (end >= most || hashBefore(text, end) % HASH_EVERY === 0) {
      scanned(end);
      return end;
    }
  }
  return -1;
}

/**
 * A scan for a cut: from `from` to the cut it found at `end`, or to the text's end, with
 * where its pieces end (a long stretch's only when they are few). Its chunk is counted by
 * those pieces, not matched again: the pieces before a cut are the chunk's own (see
 * chunkBoundaries). The last long scan that found no cut to the text's end (2 MB of CJK with
 * no punctuation is one piece) is not made again: the whole prompt ends with a section's last
 * stretch as it is, and a text the same from there to its end splits the same (the expression
 * never looks behind).
 */
interface Scan {
  readonly text: string;
  readonly from: number;
  readonly end: number;
  readonly source: string;
  readonly maxChunk: number;
  readonly ends: Int32Array | undefined;
}
let lastScan: Scan | undefined;
let lastLong: Scan | undefined;
let scanEnds = new Int32Array(1024);
const LONG_SCAN = 1 << 16;
const SCAN_PIECES = 4096;

function sameStretch(scan: Scan, text: string, from: number): boolean {
  return text.length - from === scan.text.length - scan.from && text.startsWith(scan.text.slice(scan.from), from);
}

/** Where the pieces of `chunk` end, when the last scan, or the last long one, split the same text with `split`. */
export function scannedPieces(chunk: string, split: RegExp): Int32Array | undefined {
  return piecesOf(lastScan, chunk, split) ?? piecesOf(lastLong, chunk, split);
}

function piecesOf(scan: Scan | undefined, chunk: string, split: RegExp): Int32Array | undefined {
  if (!scan?.ends || scan.source !== split.source || chunk.length !== scan.end - scan.from) return undefined;
  return scan.text.startsWith(chunk, scan.from) ? scan.ends : undefined;
}

/** Units hashed before a piece's end, and one in how many such ends is cut (about 2,000 to 8,000 units apart). */
const HASHED = 8;
const HASH_EVERY = 512;

function hashBefore(text: string, end: number): number {
  let hash = 0;
  for (let i = end - HASHED; i < end; i++) hash = (Math.imul(hash, 0x01000193) ^ text.charCodeAt(i)) | 0;
  return (hash ^ (hash >>> 15)) >>> 0;
}

/** Whether the line feed at `at` ends a blank line (`\n\n` or `\n\r\n`). */
function endsBlankLine(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return before === 0x0a || (before === 0x0d && text.charCodeAt(at - 2) === 0x0a);
}

const WHITE_OR_SLASH = /[\s/]/u;
const WHITE = /\s/u;

/** Whether a code unit is white space for `\s` (a surrogate never is). */
function isWhiteUnit(unit: number): boolean {
  // ASCII white space for JavaScript's `\s`: tab, line feed, vertical tab, form feed, return, space.
  if (unit < 0x80) return (unit >= 0x09 && unit <= 0x0d) || unit === 0x20;
  return unit < 0xd800 || unit > 0xdfff ? WHITE.test(String.fromCharCode(unit)) : false;
}

function isSafeStart(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return !isWhiteUnit(unit) && unit !== 0x2f;
  return !WHITE_OR_SLASH.test(String.fromCodePoint(text.codePointAt(index)!));
}

/** Units compared at a time when looking for where two texts begin to differ. */
const BLOCK = 1 << 16;

/** How many units `a` and `b` have in common at their start: blocks compared natively, then halves. */
export function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let same = 0;
  let step = BLOCK;
  while (step > 0) {
    const size = Math.min(step, most - same);
    if (size > 0 && b.startsWith(a.slice(same, same + size), same)) same += size;
    else step >>= 1;
  }
  return same;
}

/** How many units (at most `most`) `a` and `b` have in common at their end. */
export function commonSuffix(a: string, b: string, most: number): number {
  let same = 0;
  let step = BLOCK;
  while (step > 0) {
    const size = Math.min(step, most - same);
    if (size > 0 && b.endsWith(a.slice(a.length - same - size, a.length - same), b.length - same)) same += size;
    else step >>= 1;
  }
  return same;
}
