// Writes an encoding's ranks as Persona Studio reads them (src/core/tokensRanks.ts): the
// bytes of every token in rank order and the pre-tokenizer's expression, taken from
// gpt-tokenizer at build time. Loading this takes milliseconds where evaluating the
// library's 2.7 MB of ranks and building its maps took a third of a second.
//
// Layout (integers little-endian): "PSR1", u32 rank count, u32 + UTF-8 expression source,
// u32 + flags, one u8 length per rank (0: no token), then the tokens' bytes back to back.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const RANKS_MAGIC = 'PSR1';
/** The encodings counted exactly. */
export const ENCODINGS = ['o200k_base', 'cl100k_base'];

/** The ranks file of gpt-tokenizer's `name` encoding. */
export function ranksFile(name) {
  const core = require(`gpt-tokenizer/cjs/encoding/${name}`).default.bytePairEncodingCoreProcessor;
  if (!core || !(core.tokenSplitRegex instanceof RegExp)) throw new Error(`gpt-tokenizer's ${name} has changed shape: the ranks file needs its byte-pair core`);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const tokens = core.bytePairRankDecoder.map((token, rank) => {
    const bytes = typeof token === 'string' ? encoder.encode(token) : Uint8Array.from(token);
    // The library looks UTF-8 bytes up as text, and others as bytes: a token kept as bytes
    // that are UTF-8 (o200k's lone byte-order mark) is never found, so it is written as none.
    if (typeof token !== 'string' && isUtf8(bytes)) return new Uint8Array(0);
    if (typeof token === 'string' && decoder.decode(bytes) !== token) throw new Error(`${name}: token ${rank} is text that UTF-8 does not keep`);
    if (bytes.length > 255) throw new Error(`${name}: token ${rank} is over 255 bytes`);
    return bytes;
  });
  const source = encoder.encode(core.tokenSplitRegex.source);
  const flags = encoder.encode(core.tokenSplitRegex.flags);
  const tokenBytes = tokens.reduce((sum, bytes) => sum + bytes.length, 0);
  const out = new Uint8Array(4 + 4 + 4 + source.length + 4 + flags.length + tokens.length + tokenBytes);
  const view = new DataView(out.buffer);
  let at = 0;
  out.set(encoder.encode(RANKS_MAGIC), at);
  at += 4;
  view.setUint32(at, tokens.length, true);
  at += 4;
  for (const part of [source, flags]) {
    view.setUint32(at, part.length, true);
    out.set(part, at + 4);
    at += 4 + part.length;
  }
  tokens.forEach((bytes, rank) => (out[at + rank] = bytes.length));
  at += tokens.length;
  for (const bytes of tokens) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

function isUtf8(bytes) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch (error) {
    // A fatal decoder throws a TypeError on bytes that are not UTF-8.
    if (!(error instanceof TypeError)) throw error;
    return false;
  }
}
