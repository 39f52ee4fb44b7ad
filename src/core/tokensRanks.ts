// An encoding's ranks as scripts/ranksFile.mjs writes them from gpt-tokenizer at build time,
// looked up by their bytes: a table of two-byte tokens and an open-addressing hash of all of
// them over typed arrays, built in milliseconds. The lookups answer as the library's do.

const MAGIC = 'PSR1';
/** U+FEFF's bytes. */
const BOM = [0xef, 0xbb, 0xbf] as const;
const EMPTY = 0;
const SEEN_MASK = (1 << 15) - 1;

/** Tokens by the byte pair at a joint they cross: pair p's run from first[p] to first[p + 1], as (rank, offset) in `tokens`. */
export interface Crossings {
  readonly first: Int32Array;
  readonly tokens: Int32Array;
  /** By code point, 1 for a character of two or three bytes that some longer token starts with. */
  readonly leading: Uint8Array;
}

export class Ranks {
  /** Ranks there are: every rank is below it. */
  readonly count: number;
  /** Bytes of the longest token: no longer pair needs looking up. */
  readonly longest: number;
  /** The encoding's pre-tokenizer, global and unicode (matchAll copies it, so its lastIndex is never shared). */
  readonly pattern: RegExp;
  private readonly bytes: Uint8Array;
  /** Where each rank's bytes start in `bytes`; the last entry is their end. */
  private readonly offsets: Int32Array;
  /** Ranks of the two-byte tokens by their bytes (first × 256 + second), -1 where none: most lookups. */
  private readonly twoBytes = new Int32Array(1 << 16).fill(-1);
  /** Per slot, the rank + 1 of the token whose bytes hash there (or to a taken slot before it), then that hash: most misses end at the hash. */
  private readonly slots: Int32Array;
  /** One bit per hash value's low bits, set where some token's hash falls: most pairs are no token, and this small table (in cache) says so without a look at the slots. */
  private readonly seen = new Int32Array(1 << 15);
  /** Ranks of the three-byte characters (most of CJK) by code point, -1 where none. */
  private readonly characters = new Int32Array(1 << 16).fill(-1);
  private readonly mask: number;

  constructor(file: Uint8Array) {
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    const text = new TextDecoder();
    if (file.length < 12 || text.decode(file.subarray(0, 4)) !== MAGIC) throw new Error('not a ranks file (built by scripts/ranksFile.mjs)');
    const count = view.getUint32(4, true);
    let at = 8;
    const part = () => {
      const length = view.getUint32(at, true);
      const value = text.decode(file.subarray(at + 4, at + 4 + length));
      at += 4 + length;
      return value;
    };
    this.pattern = new RegExp(part(), part());
    const lengths = file.subarray(at, at + count);
    this.bytes = file.subarray(at + count);
    this.count = count;
    const offsets = (this.offsets = new Int32Array(count + 1));
    let longest = 0;
    let offset = 0;
    for (let rank = 0; rank < count; rank++) {
      offsets[rank] = offset;
      offset += lengths[rank];
      if (lengths[rank] > longest) longest = lengths[rank];
    }
    offsets[count] = offset;
    if (offset !== this.bytes.length) throw new Error('a ranks file whose lengths do not match its bytes');
    this.longest = longest;
    // About three quarters full: each slot keeps its hash, so a probe past another token is one comparison.
    const size = 1 << Math.ceil(Math.log2(count * 1.25 + 1));
    const mask = size - 1;
    const slots = new Int32Array(size * 2);
    const { bytes, twoBytes, characters, seen } = this;
    for (let rank = 0; rank < count; rank++) {
      const start = offsets[rank];
      const end = offsets[rank + 1];
      if (start === end) continue;
      if (end - start === 2) twoBytes[(bytes[start] << 8) | bytes[start + 1]] = rank;
      if (end - start === 3 && isCharacter(bytes[start], bytes[start + 1], bytes[start + 2])) characters[codePoint(bytes[start], bytes[start + 1], bytes[start + 2])] = rank;
      let hash = end - start;
      for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], 0x9e3779b1);
      hash ^= hash >>> 15;
      let slot = hash & mask;
      while (slots[2 * slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[2 * slot] = rank + 1;
      slots[2 * slot + 1] = hash;
      seen[(hash >>> 5) & SEEN_MASK] |= 1 << (hash & 31);
    }
    this.slots = slots;
    this.mask = mask;
  }

  /**
   * The rank of bytes start..end of `key` (bytes as a Latin-1 string) merged into one, -1 when
   * they are no token: gpt-tokenizer's getBpeRankFromBytes, which reads UTF-8 bytes as text
   * (so a leading byte-order mark is dropped) and others as bytes.
   */
  rank(key: string, start: number, end: number): number {
    const length = end - start;
    if (length === 2) return this.twoBytes[(key.charCodeAt(start) << 8) | key.charCodeAt(start + 1)];
    if (length > this.longest + BOM.length) return -1;
    if (length === 3) {
      const first = key.charCodeAt(start);
      const second = key.charCodeAt(start + 1);
      const third = key.charCodeAt(start + 2);
      if (isCharacter(first, second, third)) return first === BOM[0] && second === BOM[1] && third === BOM[2] ? -1 : this.characters[codePoint(first, second, third)];
    }
    if (length >= 3 && key.charCodeAt(start) === BOM[0] && key.charCodeAt(start + 1) === BOM[1] && key.charCodeAt(start + 2) === BOM[2] && isUtf8(key, start, end)) {
      return length === 3 ? -1 : this.find(key, start + 3, end);
    }
    return this.find(key, start, end);
  }

  private crossings: Crossings | undefined;

  /**
   * The tokens that hold a joint between two characters with part of a character at one of
   * their ends (UTF-8 split mid-character), by the byte pair at that joint. Only such a
   * token can merge a character's bytes with another's before the character is whole.
   * Built on first use.
   */
  crossingTokens(): Crossings {
    if (this.crossings) return this.crossings;
    const { bytes, offsets, count } = this;
    // The tokens that can hold such a joint, then their joints counted by pair, then placed.
    const held: number[] = [];
    const first = new Int32Array((1 << 16) + 1);
    const leading = new Uint8Array(1 << 16);
    for (let rank = 0; rank < count; rank++) {
      const start = offsets[rank];
      const end = offsets[rank + 1];
      let wide = start;
      while (wide < end && bytes[wide] < 0x80) wide++;
      if (wide === end) continue;
      const size = utf8Size(bytes[start], end - start > 1 ? bytes[start + 1] : -1);
      if ((size === 2 || size === 3) && end - start > size && isUtf8Bytes(bytes, start, start + size))
        leading[characterPoint(bytes[start], bytes[start + 1], bytes[start + 2], size)] = 1;
      // Whole characters: no such joint.
      if (isUtf8Bytes(bytes, start, end)) continue;
      let joints = 0;
      for (let i = start + 1; i < end; i++) {
        if ((bytes[i] & 0xc0) === 0x80) continue;
        first[((bytes[i - 1] << 8) | bytes[i]) + 1]++;
        joints++;
      }
      if (joints > 0) held.push(rank);
    }
    for (let pair = 0; pair < 1 << 16; pair++) first[pair + 1] += first[pair];
    const place = first.slice();
    const tokens = new Int32Array(2 * first[1 << 16]);
    for (const rank of held) {
      const start = offsets[rank];
      for (let i = start + 1; i < offsets[rank + 1]; i++) {
        if ((bytes[i] & 0xc0) === 0x80) continue;
        const at = place[(bytes[i - 1] << 8) | bytes[i]]++;
        tokens[2 * at] = rank;
        tokens[2 * at + 1] = i - start;
      }
    }
    return (this.crossings = { first, tokens, leading });
  }

  /** Bytes of the token of `rank`. */
  length(rank: number): number {
    return this.offsets[rank + 1] - this.offsets[rank];
  }

  /** Whether the token of `rank` is bytes from..from+its length of `key`. */
  tokenAt(rank: number, key: string, from: number): boolean {
    const start = this.offsets[rank];
    const length = this.length(rank);
    if (from < 0 || from + length > key.length) return false;
    for (let i = 0; i < length; i++) if (this.bytes[start + i] !== key.charCodeAt(from + i)) return false;
    return true;
  }

  /** Whether `piece`, whose UTF-8 bytes `key` holds, is one token: the library's lookup by text, which no lone surrogate matches. */
  isToken(piece: string, key: string): boolean {
    if (ANY_SURROGATE.test(piece) && !isWellFormed(piece)) return false;
    return this.find(key, 0, key.length) >= 0;
  }

  private find(key: string, start: number, end: number): number {
    const length = end - start;
    if (length > this.longest) return -1;
    let hash = length;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x9e3779b1);
    hash ^= hash >>> 15;
    if ((this.seen[(hash >>> 5) & SEEN_MASK] & (1 << (hash & 31))) === 0) return -1;
    const { bytes, offsets, slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const rank = slots[2 * slot] - 1;
      if (rank < 0) return -1;
      if (slots[2 * slot + 1] !== hash) continue;
      const from = offsets[rank];
      if (offsets[rank + 1] - from !== length) continue;
      let i = 0;
      while (i < length && bytes[from + i] === key.charCodeAt(start + i)) i++;
      if (i === length) return rank;
    }
  }
}

/** Whether three bytes are one UTF-8 character of three bytes (not a surrogate, not overlong). */
function isCharacter(first: number, second: number, third: number): boolean {
  if (first < 0xe0 || first > 0xef || third < 0x80 || third > 0xbf) return false;
  return second >= (first === 0xe0 ? 0xa0 : 0x80) && second <= (first === 0xed ? 0x9f : 0xbf);
}

/** The code point of a character of `size` bytes, two or three (a third byte is read only for three). */
export function characterPoint(first: number, second: number, third: number, size: number): number {
  return size === 2 ? ((first & 0x1f) << 6) | (second & 0x3f) : codePoint(first, second, third);
}

function codePoint(first: number, second: number, third: number): number {
  return ((first & 0x0f) << 12) | ((second & 0x3f) << 6) | (third & 0x3f);
}

const ANY_SURROGATE = /[\uD800-\uDFFF]/;

function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** Whether bytes start..end of `key` are UTF-8, as the library's check (and a fatal TextDecoder) says. */
function isUtf8(key: string, start: number, end: number): boolean {
  const bytes = new Uint8Array(end - start);
  for (let i = start; i < end; i++) bytes[i - start] = key.charCodeAt(i);
  return isUtf8Bytes(bytes, 0, bytes.length);
}

function isUtf8Bytes(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end;) {
    const size = utf8Size(bytes[i], i + 1 < end ? bytes[i + 1] : -1);
    if (size === 0 || i + size > end) return false;
    for (let j = 2; j < size; j++) if ((bytes[i + j] & 0xc0) !== 0x80) return false;
    i += size;
  }
  return true;
}

/**
 * Bytes of the UTF-8 character that starts with these two (1 for ASCII), 0 when they start
 * none: no lead byte, or a second byte out of its range (overlong, a surrogate, past U+10FFFF).
 * `second` is any number that is no byte when there is none.
 */
export function utf8Size(first: number, second: number): number {
  if (first < 0x80) return 1;
  if (first >= 0xe0 && first <= 0xef) return second >= (first === 0xe0 ? 0xa0 : 0x80) && second <= (first === 0xed ? 0x9f : 0xbf) ? 3 : 0;
  if (first >= 0xc2 && first <= 0xdf) return second >= 0x80 && second <= 0xbf ? 2 : 0;
  if (first >= 0xf0 && first <= 0xf4) return second >= (first === 0xf0 ? 0x90 : 0x80) && second <= (first === 0xf4 ? 0x8f : 0xbf) ? 4 : 0;
  return 0;
}
