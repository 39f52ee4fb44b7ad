// UTF-8 arithmetic on JavaScript strings, without encoding whole files when it can be avoided.

/** Bytes of `text` encoded as UTF-8 (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * The UTF-16 index in `text` of the character holding UTF-8 byte `byteOffset`
 * (or `text.length` when the text is shorter). A character split by the offset
 * counts as cut: its index is returned.
 */
export function charIndexAtByte(text: string, byteOffset: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let width: number;
    let units = 1;
    if (unit < 0x80) width = 1;
    else if (unit < 0x800) width = 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      width = 4;
      units = 2;
    } else width = 3;
    if (bytes + width > byteOffset) return i;
    bytes += width;
    i += units;
  }
  return text.length;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
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

/** Zero-based line and UTF-16 column of `index` in `text` (lines end at `\n`). */
export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart };
}
