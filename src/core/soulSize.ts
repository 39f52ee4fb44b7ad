// The composed soul's size in bytes, summed from per-file parts, so a view can keep one
// number per file and re-measure only the file that changed.
import { BootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR, sectionHeading } from './compose';
import { charIndexAtByte, utf8Length } from './utf8';

const REPLACEMENT_BYTES = 3;

/** What a caller may already know of a source, from its report. */
export interface KnownSize {
  /** The source's own UTF-8 size. */
  readonly bytes?: number;
  /** The report's `cut.index`, when over the cap. */
  readonly cutIndex?: number;
}

/**
 * Bytes of one file's section in the soul (heading, trimmed body, cut and notice),
 * equal to `utf8Length(composeSection(name, source).text)`. Editor text, which changes
 * on every keystroke, is measured without building the section or copying the text.
 */
export function sectionByteLength(name: BootstrapName, source: BootstrapSource, known: KnownSize = {}): number {
  if (typeof source !== 'string') return utf8Length(composeSection(name, source).text);
  const heading = utf8Length(sectionHeading(name));
  // Lone surrogates count 3 bytes, as the U+FFFD they decode to; trim() never removes one.
  const bytes = known.bytes ?? utf8Length(source);
  if (bytes <= MAX_FILE_BYTES) {
    // The section is the text trimmed: subtract the white space at its ends.
    const start = source.length - source.trimStart().length;
    if (start === source.length) return heading;
    const end = source.trimEnd().length;
    return heading + bytes - utf8Length(source.slice(0, start)) - utf8Length(source.slice(end));
  }
  const before = source.slice(0, known.cutIndex ?? charIndexAtByte(source, MAX_FILE_BYTES));
  // A character the cap splits decodes to one U+FFFD.
  const split = utf8Length(before) < MAX_FILE_BYTES;
  const kept = before.trimStart();
  if (kept === '' && !split) return heading + utf8Length(TRUNCATION_NOTICE.trim());
  return heading + utf8Length(kept) + (split ? REPLACEMENT_BYTES : 0) + utf8Length(TRUNCATION_NOTICE);
}

/** Bytes of the soul joined from sections of these sizes (present files only). */
export function soulByteLength(sectionBytes: readonly number[]): number {
  if (sectionBytes.length === 0) return 0;
  const separators = utf8Length(SECTION_SEPARATOR) * (sectionBytes.length - 1);
  return sectionBytes.reduce((sum, length) => sum + length, separators);
}
