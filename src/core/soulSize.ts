// The composed soul's size in bytes, from per-section sizes, so a change to one file
// costs one section's work and not the whole soul's.
import { BootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR, sectionHeading } from './compose';
import { charIndexAtByte, utf8Length } from './utf8';

const REPLACEMENT_BYTES = 3;

/**
 * Bytes of one file's section in the soul (heading, trimmed body, cut and notice),
 * equal to `utf8Length(composeSection(name, source).text)`. Editor text, which
 * changes on every keystroke, is measured without building the section: a UTF-8
 * round trip of 2 MB costs tens of milliseconds. `cutIndex` (the report's
 * `cut.index`) saves finding the cut again.
 */
export function sectionByteLength(name: BootstrapName, source: BootstrapSource, cutIndex?: number): number {
  if (typeof source !== 'string') return utf8Length(composeSection(name, source).text);
  const heading = utf8Length(sectionHeading(name));
  // Lone surrogates count 3 bytes, as the U+FFFD they decode to; trim() never removes them.
  const bytes = utf8Length(source);
  if (bytes <= MAX_FILE_BYTES) return heading + utf8Length(source.trim());
  const before = source.slice(0, cutIndex ?? charIndexAtByte(source, MAX_FILE_BYTES));
  // A character the cap splits decodes to one U+FFFD.
  const split = utf8Length(before) < MAX_FILE_BYTES;
  const kept = before.trimStart();
  if (kept === '' && !split) return heading + utf8Length(TRUNCATION_NOTICE.trim());
  return heading + utf8Length(kept) + (split ? REPLACEMENT_BYTES : 0) + utf8Length(TRUNCATION_NOTICE);
}

/** Bytes of the soul joined from sections of these sizes (present files only). */
export function soulByteLength(sectionLengths: readonly number[]): number {
  if (sectionLengths.length === 0) return 0;
  const separators = (sectionLengths.length - 1) * utf8Length(SECTION_SEPARATOR);
  return sectionLengths.reduce((sum, length) => sum + length, separators);
}
