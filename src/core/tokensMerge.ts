// Exact counts that stay fast on hostile text. gpt-tokenizer merges the bytes of a piece
// by scanning every pair for the lowest rank on each merge, which takes hours for a
// 2 MB run of one letter; long pieces are merged here with a heap instead, in the same
// order (lowest rank first, leftmost of equals), so the count is the same.

/** The parts of gpt-tokenizer's BytePairEncodingCore this file uses (pinned version). */
export interface BytePairCore {
  readonly tokenSplitRegex: RegExp;
  /** By rank: the token's text, or its bytes when they are not UTF-8. */
  readonly bytePairRankDecoder: readonly (string | readonly number[] | undefined)[];
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
}

/** Pieces longer than this (in UTF-16 units) are merged with the heap. */
export const LONG_PIECE = 1000;

const utf8 = new TextEncoder();

/** Tokens of `text`, no special tokens: what gpt-tokenizer's countNative answers. */
export function countPieces(core: BytePairCore, text: string, longPiece = LONG_PIECE): number {
  let count = 0;
  for (const [piece] of text.matchAll(core.tokenSplitRegex)) {
    if (core.getBpeRankFromString(piece) !== undefined) count++;
    else if (piece.length > longPiece) count += mergeCount(byteRanks(core), utf8.encode(piece));
    else count += core.bytePairEncode(piece).length;
  }
  return count;
}

/**
 * How many tokens byte-pair merging leaves of `bytes`. Parts are a linked list by start
 * offset; the heap holds (rank, start) of each adjacent pair, with a version to skip
 * entries made stale by an earlier merge.
 */
export function mergeCount(ranks: ByteRanks, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n <= 1) return n;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const version = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new PairHeap();
  // One Latin-1 copy of the piece: a pair's key is a substring of it.
  const keys = latin1(bytes, 0, n);
  // The pair starting at part `start`: its bytes run to the end of the part after it.
  const push = (start: number) => {
    version[start]++;
    const second = next[start];
    if (second >= n) return;
    const end = next[second];
    const rank = end - start <= ranks.longest ? ranks.byKey.get(keys.substring(start, end)) : undefined;
    if (rank !== undefined) heap.push(rank * RANK_SCALE + start, version[start]);
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
  return parts;
}

/** Ranks by their bytes as a Latin-1 string (one char per byte), built once per encoding. */
export interface ByteRanks {
  readonly byKey: ReadonlyMap<string, number>;
  /** Bytes of the longest token: no longer pair needs looking up. */
  readonly longest: number;
}

const byteRanksOf = new WeakMap<BytePairCore, ByteRanks>();

export function byteRanks(core: BytePairCore): ByteRanks {
  let ranks = byteRanksOf.get(core);
  if (!ranks) {
    const byKey = new Map<string, number>();
    let longest = 0;
    core.bytePairRankDecoder.forEach((token, rank) => {
      if (token === undefined) return;
      const bytes = typeof token === 'string' ? utf8.encode(token) : Uint8Array.from(token);
      byKey.set(latin1(bytes, 0, bytes.length), rank);
      longest = Math.max(longest, bytes.length);
    });
    ranks = { byKey, longest };
    byteRanksOf.set(core, ranks);
  }
  return ranks;
}

const LATIN1 = new TextDecoder('latin1');

function latin1(bytes: Uint8Array, start: number, end: number): string {
  // The WHATWG 'latin1' label is windows-1252, which remaps 0x80–0x9f: map bytes by hand there.
  const part = bytes.subarray(start, end);
  let plain = true;
  for (let i = 0; i < part.length && plain; i++) plain = part[i] < 0x80 || part[i] > 0x9f;
  if (plain) return LATIN1.decode(part);
  let text = '';
  for (let i = 0; i < part.length; i += 8192) text += String.fromCharCode.apply(null, part.subarray(i, i + 8192) as unknown as number[]);
  return text;
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
