// Exact counts that stay fast on hostile text. Byte-pair merging is done here, in the
// library's order (lowest rank first, leftmost of equals), so the count is the same: short
// pieces by scanning, as the library does, long ones with a heap (the library's scan takes
// hours for a 2 MB run of one letter).

import { bucketMergeStarts } from './tokensBucketMerge';
import { charMergeStarts } from './tokensCharMerge';
import { countLongPiece, PIECE_CHUNK } from './tokensLongPiece';
import type { Ranks } from './tokensRanks';
import { WINDOW, windowMergeStarts } from './tokensWindows';

/** Pieces longer than this (in bytes) are merged with the heap, shorter ones by scanning. */
export const LONG_PIECE = 64;

const utf8 = new TextEncoder();

/**
 * Tokens of `text`, no special tokens: what gpt-tokenizer's countNative answers. Pieces that
 * are no token are merged here, in the library's order: its merge decodes every pair's bytes
 * as UTF-8 to look it up (most of its time on base64 or random bytes), and its cache keeps
 * slices of every text it saw alive. `merged` remembers counted pieces: pass one map to the
 * calls of one count, and drop it after, so it keeps no text of an earlier count alive.
 * `ends`: where the pieces end, when a scan with the same expression found them already.
 */
export function countPieces(ranks: Ranks, text: string, merged = new Map<string, number>(), longPiece = LONG_PIECE, ends?: Int32Array): number {
  let count = 0;
  for (const piece of ends ? piecesAt(text, ends) : matched(text, ranks.pattern)) {
    let tokens = merged.get(piece);
    if (tokens === undefined) {
      const key = pieceKey(piece);
      if (ranks.isToken(piece, key)) tokens = 1;
      else tokens = key.length > 4 * PIECE_CHUNK ? countLongPiece(key, ranks, (part) => mergeStarts(ranks, part)) : mergeCount(ranks, key, longPiece);
      if (merged.size < MERGED_KEPT) merged.set(piece, tokens);
    }
    count += tokens;
  }
  return count;
}

function* matched(text: string, pattern: RegExp): Generator<string> {
  for (const [piece] of text.matchAll(pattern)) yield piece;
}

/** The pieces of `text` ending at `ends`, as a scan with the encoding's expression found them. */
function* piecesAt(text: string, ends: Int32Array): Generator<string> {
  let start = 0;
  for (const end of ends) {
    yield text.slice(start, end);
    start = end;
  }
}

/** Merged pieces remembered within one count: enough for the repeats of base64 or a log. */
const MERGED_KEPT = 1 << 16;

const NOT_ASCII = /[\u0080-\uffff]/;
const NATIVE_KEY = 4096;
const NODE_BUFFER = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): { toString(encoding: 'latin1'): string } } }).Buffer;
let encoded = new Uint8Array(1024);

/** The piece's UTF-8 bytes as a Latin-1 string, one char per byte: the key ranks are looked up by. */
export function pieceKey(piece: string): string {
  if (!NOT_ASCII.test(piece)) return piece;
  // Node's Buffer makes a long key natively (a 2 MB piece: 5 ms against 20), lone surrogates as U+FFFD too.
  if (piece.length > NATIVE_KEY && NODE_BUFFER) return NODE_BUFFER.from(piece, 'utf8').toString('latin1');
  // A lone surrogate becomes U+FFFD's bytes, as the library's TextEncoder makes it.
  if (encoded.length < piece.length * 3) encoded = new Uint8Array(piece.length * 3);
  const { written } = utf8.encodeInto(piece, encoded);
  let key = '';
  for (let i = 0; i < written; i += 8192) key += String.fromCharCode.apply(null, encoded.subarray(i, Math.min(written, i + 8192)) as unknown as number[]);
  return key;
}

/**
 * How many tokens byte-pair merging leaves of `key` (bytes as a Latin-1 string): the lowest
 * rank first, the leftmost of equals, as the library merges. Long pieces go to the heap.
 */
export function mergeCount(ranks: Ranks, key: string, longPiece = LONG_PIECE): number {
  return key.length > longPiece ? heapMergeCount(ranks, key) : scanMergeCount(ranks, key);
}

const NONE = Number.POSITIVE_INFINITY;
let scanStarts = new Int32Array(LONG_PIECE + 2);
let scanRanks = new Float64Array(LONG_PIECE + 2);

/** The merge of a short piece: one scan for the lowest rank per merge, as tiktoken does. */
function scanMergeCount(ranks: Ranks, key: string): number {
  const n = key.length;
  if (n <= 1) return n;
  if (scanStarts.length < n + 2) {
    scanStarts = new Int32Array(n + 2);
    scanRanks = new Float64Array(n + 2);
  }
  const starts = scanStarts;
  const pairRanks = scanRanks;
  // Part i runs from starts[i] to starts[i + 1]; pairRanks[i] is the rank of parts i and i + 1.
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i < n; i++) pairRanks[i] = pairRank(ranks, key, starts, i, n);
  let parts = n;
  for (;;) {
    let lowest = NONE;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if (pairRanks[i] < lowest) {
        lowest = pairRanks[i];
        at = i;
      }
    }
    if (at === -1) return parts;
    // Merge parts at and at + 1: drop the start between them.
    starts.copyWithin(at + 1, at + 2, parts + 1);
    pairRanks.copyWithin(at + 1, at + 2, parts);
    parts--;
    pairRanks[at] = pairRank(ranks, key, starts, at, parts);
    if (at > 0) pairRanks[at - 1] = pairRank(ranks, key, starts, at - 1, parts);
  }
}

/** The rank of parts i and i + 1 merged, of `parts` parts; none past the last part. */
function pairRank(ranks: Ranks, key: string, starts: Int32Array, i: number, parts: number): number {
  if (i + 2 > parts) return NONE;
  const rank = ranks.rank(key, starts[i], starts[i + 2]);
  return rank < 0 ? NONE : rank;
}

/**
 * The merge of a long piece, in the same order. Parts are a linked list by start offset; the
 * heap holds (rank, start) of each adjacent pair, with a version to skip entries made stale
 * by an earlier merge.
 */
function heapMergeCount(ranks: Ranks, keys: string): number {
  return mergeStarts(ranks, keys).length;
}

/**
 * Pieces from BUCKET_PIECE to BUCKET_PIECE_MAX bytes are merged rank by rank rather than with
 * the heap: below, its table of ranks costs more than the heap; above, its arrays (outside the
 * worker's capped heap, about 37 bytes a byte at worst) would be more than the heap's.
 */
const BUCKET_PIECE = 8192;
const BUCKET_PIECE_MAX = 4 * 1024 * 1024;
/** A byte of a multi-byte character: only then can characters be merged before bytes. */
const MULTI_BYTE = /[\x80-\xff]/;

/** Where the tokens of `keys` start once merged, in order (the first at 0): window by window when long, else whole. */
export function mergeStarts(ranks: Ranks, keys: string): Int32Array {
  if (keys.length > 2 * WINDOW) {
    // A window the same as the one before (a run of one letter) is merged once.
    let last: { text: string; starts: Int32Array } = { text: '', starts: new Int32Array(0) };
    const starts = windowMergeStarts(keys.length, (start, end) => {
      const text = keys.slice(start, end);
      if (text.length < WINDOW) return wholeMergeStarts(ranks, text);
      if (text !== last.text) last = { text, starts: wholeMergeStarts(ranks, text) };
      return last.starts;
    });
    if (starts) return starts;
  }
  return wholeMergeStarts(ranks, keys);
}

/** Where the tokens of `keys` start once merged: rank by rank when the ranks allow it, else with the heap. */
function wholeMergeStarts(ranks: Ranks, keys: string): Int32Array {
  if (keys.length < BUCKET_PIECE || keys.length > BUCKET_PIECE_MAX) return heapMergeStarts(ranks, keys);
  return (MULTI_BYTE.test(keys) ? charMergeStarts(ranks, keys) : undefined) ?? bucketMergeStarts(ranks, keys) ?? heapMergeStarts(ranks, keys);
}

/** Where the tokens of `keys` start once merged, in order (the first at 0). */
export function heapMergeStarts(ranks: Ranks, keys: string): Int32Array {
  const n = keys.length;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const version = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new PairHeap();
  // The pair starting at part `start`: its bytes run to the end of the part after it.
  const push = (start: number) => {
    version[start]++;
    const second = next[start];
    if (second >= n) return;
    const rank = ranks.rank(keys, start, next[second]);
    if (rank >= 0) heap.push(rank * RANK_SCALE + start, version[start]);
  };
  for (let start = 0; start < n - 1; start++) push(start);
  let parts = n;
  while (heap.size > 0) {
    const [key, entryVersion] = heap.pop();
    const start = key % RANK_SCALE;
    if (version[start] !== entryVersion) continue;
    // Merge the part at `start` with the one after it.
    const removed = next[start];
    next[start] = next[removed];
    prev[next[removed]] = start;
    version[removed]++;
    parts--;
    push(start);
    if (prev[start] >= 0) push(prev[start]);
  }
  const starts = new Int32Array(parts);
  for (let i = 0, at = 0; i < parts; i++, at = next[at]) starts[i] = at;
  return starts;
}

/** Keys are rank × RANK_SCALE + start: a start offset is below 2^26 (64 MB). */
const RANK_SCALE = 2 ** 26;

/** A binary min-heap of (key, version) pairs. */
class PairHeap {
  private keys: number[] = [];
  private versions: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, version: number): void {
    const { keys, versions } = this;
    let i = keys.length;
    keys.push(key);
    versions.push(version);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      versions[i] = versions[parent];
      i = parent;
    }
    keys[i] = key;
    versions[i] = version;
  }

  pop(): [number, number] {
    const { keys, versions } = this;
    const top: [number, number] = [keys[0], versions[0]];
    const lastKey = keys.pop()!;
    const lastVersion = versions.pop()!;
    const size = keys.length;
    if (size > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const child = left + 1 < size && keys[left + 1] < keys[left] ? left + 1 : left;
        if (keys[child] >= lastKey) break;
        keys[i] = keys[child];
        versions[i] = versions[child];
        i = child;
      }
      keys[i] = lastKey;
      versions[i] = lastVersion;
    }
    return top;
  }
}
