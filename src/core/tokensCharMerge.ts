// A long piece of multi-byte characters (CJK, Cyrillic, Greek…) merged from its characters'
// own tokens rather than from bytes: the same tokens, with a fraction of the work.
// Why it is exact: every part merging makes is a token found in the text. A character that no
// token found there overlaps in part (starting or ending inside it, and reaching past it)
// (1) merges alone first, exactly as by itself: a pair of a part of it and a part outside would
//     make such a token; so it ends as its own tokens, at the highest rank it merged at;
// (2) then joins others only whole, so starting with it merged changes nothing, provided no pair
//     holding it merges at a rank before that one: the bucket merge checks that, and gives up
//     as it gives up on ranks out of order; the caller then merges the bytes.
// Characters that such a token overlaps in part start as bytes.

import { bucketMergeStarts } from './tokensBucketMerge';
import { characterPoint, type Crossings, type Ranks, utf8Size } from './tokensRanks';

/**
 * Where the tokens of `key` (bytes as a Latin-1 string) start once merged, or undefined when
 * its characters cannot be merged first (a byte-order mark, ranks out of order).
 */
export function charMergeStarts(ranks: Ranks, key: string): Int32Array | undefined {
  const n = key.length;
  const crossings = ranks.crossingTokens();
  const { leading } = crossings;
  const asBytes = overlappedInPart(ranks, crossings, key);
  let shape = shapes.get(ranks);
  if (!shape) shapes.set(ranks, (shape = new Int32Array(2 << 16)));
  const starts = new Int32Array(n);
  const ready = new Int32Array(n + 1).fill(-1);
  // Pairs known to be no token: inside a character that is not one, and from a part of one out
  // of it (a token there would overlap it in part); from a whole one that starts no longer token.
  const none = new Uint8Array(n + 1);
  let parts = 0;
  for (let at = 0; at < n;) {
    const size = characterAt(key, at);
    if (size < 0) return undefined;
    // A byte that continues no character after it hides its joint from the overlap check.
    let overlapped = (size !== 2 && size !== 3) || (at + size < n && (key.charCodeAt(at + size) & 0xc0) === 0x80);
    for (let i = at; i < at + size && !overlapped; i++) overlapped = asBytes[i] === 1;
    if (overlapped) {
      // A byte, a character of four bytes, or one a token overlaps in part: as bytes.
      for (let i = at; i < at + Math.max(1, size); i++) starts[parts++] = i;
      at += Math.max(1, size);
      continue;
    }
    const point = characterPoint(key.charCodeAt(at), key.charCodeAt(at + 1), key.charCodeAt(at + 2), size);
    const first = parts;
    if (size === 2) {
      const rank = ranks.rank(key, at, at + 2);
      starts[parts++] = at;
      if (rank >= 0) ready[at] = rank;
      else starts[parts++] = at + 1;
    } else parts = threeBytes(ranks, shape, point, key, at, starts, parts, ready);
    if (parts > first + 1 || leading[point] === 0) for (let i = first; i < parts; i++) none[starts[i]] = 1;
    at += size;
  }
  return bucketMergeStarts(ranks, key, { starts: starts.subarray(0, parts), ready, none });
}

/**
 * The bytes of the UTF-8 character at `at`: 1 for ASCII, and for a byte that starts no
 * whole character (a window may start or end inside one); -1 for U+FEFF, whose bytes the
 * library's lookup drops at the start of a pair, so a pair holding it is no token of its bytes.
 */
function characterAt(key: string, at: number): number {
  const first = key.charCodeAt(at);
  if (first < 0x80) return 1;
  const size = at + 1 < key.length ? utf8Size(first, key.charCodeAt(at + 1)) : 0;
  if (size <= 1 || at + size > key.length) return 1;
  for (let i = at + 2; i < at + size; i++) if ((key.charCodeAt(i) & 0xc0) !== 0x80) return 1;
  if (size === 3 && first === 0xef && key.charCodeAt(at + 1) === 0xbb && key.charCodeAt(at + 2) === 0xbf) return -1;
  return size;
}

/** By code point, how each character of three bytes merges by itself (WHOLE, LEFT, RIGHT, APART; 0 unknown) and at which rank it is done. */
const shapes = new WeakMap<Ranks, Int32Array>();
const WHOLE = 1;
const LEFT = 2;
const RIGHT = 3;
const APART = 4;

/** A character of three bytes at `at`, merged by itself: its parts added to `starts`, each made at `ready`. */
function threeBytes(ranks: Ranks, shape: Int32Array, point: number, key: string, at: number, starts: Int32Array, parts: number, ready: Int32Array): number {
  if (shape[2 * point] === 0) {
    const left = ranks.rank(key, at, at + 2);
    const right = ranks.rank(key, at + 1, at + 3);
    // The lower of its two pairs merges first, then the whole if it is a token.
    const pair = left >= 0 && (right < 0 || left < right) ? LEFT : right >= 0 ? RIGHT : APART;
    const whole = pair === APART ? -1 : ranks.rank(key, at, at + 3);
    shape[2 * point] = whole >= 0 ? WHOLE : pair;
    shape[2 * point + 1] = Math.max(whole, pair === LEFT ? left : pair === RIGHT ? right : -1);
  }
  const rank = shape[2 * point + 1];
  starts[parts++] = at;
  switch (shape[2 * point]) {
    case WHOLE:
      ready[at] = rank;
      break;
    case LEFT:
      ready[at] = rank;
      starts[parts++] = at + 2;
      break;
    case RIGHT:
      starts[parts++] = at + 1;
      ready[at + 1] = rank;
      break;
    default:
      starts[parts++] = at + 1;
      starts[parts++] = at + 2;
  }
  return parts;
}

/** A byte per byte of `key`, 1 where a token found in it overlaps its character in part: those characters start as bytes. */
function overlappedInPart(ranks: Ranks, { first, tokens }: Crossings, key: string): Uint8Array {
  const marks = new Uint8Array(key.length);
  for (let at = 1; at < key.length; at++) {
    const byte = key.charCodeAt(at);
    if ((byte & 0xc0) === 0x80) continue;
    const pair = (key.charCodeAt(at - 1) << 8) | byte;
    for (let i = first[pair]; i < first[pair + 1]; i++) {
      const from = at - tokens[2 * i + 1];
      if (!ranks.tokenAt(tokens[2 * i], key, from)) continue;
      marks.fill(1, Math.max(0, from), from + ranks.length(tokens[2 * i]));
    }
  }
  return marks;
}
