// UTF-8 arithmetic on JavaScript strings, without encoding whole files when it can be avoided.
// Only TextEncoder/TextDecoder, so the same code runs in Node and in a browser worker.
import { isHighSurrogate, isLowSurrogate } from './surrogates';

const encoder = new TextEncoder();

/** UTF-16 units encoded at a time when counting bytes. */
const CHUNK = 1 << 15;

/** Room for one chunk at its worst, 3 bytes a unit; written by the counter, never read. */
const scratch = new Uint8Array(CHUNK * 3);

/** Bytes of `text` encoded as UTF-8 (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  if (text.length <= CHUNK) return encoder.encodeInto(text, scratch).written;
  let bytes = 0;
  for (let index = 0; index < text.length;) {
    const end = chunkEnd(text, index);
    bytes += chunkBytes(text, index, end);
    index = end;
  }
  return bytes;
}

/** Where the chunk from `index` ends: at most CHUNK units on, never between two halves of a pair. */
function chunkEnd(text: string, index: number): number {
  const end = index + CHUNK;
  if (end >= text.length) return text.length;
  return isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}

function chunkBytes(text: string, start: number, end: number): number {
  return encoder.encodeInto(text.slice(start, end), scratch).written;
}

/**
 * The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`: its UTF-16
 * length and its byte size. The character after it (if any) is the first one a cut
 * at `maxBytes` drops, whole or in part.
 */
export function utf8Prefix(text: string, maxBytes: number): { index: number; bytes: number } {
  let index = 0;
  let bytes = 0;
  // Whole chunks by native counting, then the last one by hand.
  while (text.length - index > CHUNK) {
    const end = chunkEnd(text, index);
    const size = chunkBytes(text, index, end);
    if (bytes + size > maxBytes) break;
    bytes += size;
    index = end;
  }
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    let width: number;
    let units = 1;
    if (unit < 0x80) width = 1;
    else if (unit < 0x800) width = 2;
    else if (isHighSurrogate(unit) && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) {
      width = 4;
      units = 2;
    } else width = 3; // BMP character, or a lone surrogate encoded as U+FFFD
    if (bytes + width > maxBytes) break;
    bytes += width;
    index += units;
  }
  return { index, bytes };
}

/**
 * The UTF-16 index in `text` of the character holding UTF-8 byte `byteOffset`
 * (or `text.length` when the text is shorter). A character split by the offset
 * counts as cut: its index is returned.
 */
export function charIndexAtByte(text: string, byteOffset: number): number {
  return utf8Prefix(text, byteOffset).index;
}

/**
 * The largest offset `<= byteOffset` in `bytes` that does not fall inside a UTF-8
 * sequence, i.e. where the character the cap splits begins.
 */
export function charBoundaryAtOrBefore(bytes: Uint8Array, byteOffset: number): number {
  let offset = Math.min(byteOffset, bytes.length);
  // Continuation bytes are 10xxxxxx; a well-formed sequence has at most three of them.
  let steps = 0;
  while (offset > 0 && offset < bytes.length && (bytes[offset] & 0xc0) === 0x80 && steps < 3) {
    offset--;
    steps++;
  }
  return offset;
}

/**
 * Zero-based line and UTF-16 column of `index` in `text`, with the editor's lines:
 * a line ends at `\r\n`, `\n` or a lone `\r`. An index between the `\r` and the
 * `\n` of a CRLF is the end of its line, as the editor places it.
 */
/**
 * Zero-based line and column of a text index as an editor shows the file: a leading BOM,
 * which is in the text as read but hidden by the editor, is not counted.
 */
export function editorLineAndColumn(text: string, index: number): { line: number; column: number } {
  const { line, column } = lineAndColumn(text, index);
  const bom = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line, column: Math.max(0, column - bom) };
}

export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 0;
  let lineStart = 0;
  // Most files have no `\r` before the index: their line feeds are counted natively.
  const firstReturn = text.indexOf('\r');
  if (firstReturn === -1 || firstReturn >= index) {
    for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
      line++;
      lineStart = at + 1;
    }
    return { line, column: index - lineStart };
  }
  const lineBreak = /\r\n?|\n/g;
  for (let match = lineBreak.exec(text); match !== null && match.index < index; match = lineBreak.exec(text)) {
    const next = match.index + match[0].length;
    if (next > index) return { line, column: match.index - lineStart };
    line++;
    lineStart = next;
  }
  return { line, column: index - lineStart };
}

// Keeps a BOM as U+FEFF and turns bad bytes into U+FFFD, as Node's Buffer.toString does.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** UTF-8 bytes as text: a BOM kept, each bad sequence one U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
