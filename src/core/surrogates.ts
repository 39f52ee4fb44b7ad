// Surrogate pairs of UTF-16 text: where a cut may not fall, and how many code points a
// text holds. The one home of these checks for the core, the CLI and the extension.

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** True when a cut before UTF-16 index `at` separates a high surrogate from its low one. */
export function splitsSurrogatePair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at));
}

const anySurrogate = /[\uD800-\uDFFF]/;

/** Unicode scalar values in text[start, end): a surrogate pair is one, a lone half is one. */
export function codePointCount(text: string, start = 0, end = text.length): number {
  let count = end - start;
  // Native, and instant on a one-byte string: most text has no astral character at all.
  if (!anySurrogate.test(start === 0 && end === text.length ? text : text.slice(start, end))) return count;
  for (let i = start; i < end - 1; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      count--;
      i++;
    }
  }
  return count;
}
