// The composed soul's size in bytes, from per-section sizes, so a change to one file
// costs one section's work and not the whole soul's.
import { BootstrapName } from './bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR } from './compose';
import { utf8Length } from './utf8';

/** Bytes of one file's section in the soul (heading, trimmed body, cut and notice). */
export function sectionByteLength(name: BootstrapName, source: BootstrapSource): number {
  return utf8Length(composeSection(name, source).text);
}

/** Bytes of the soul joined from sections of these sizes (present files only). */
export function soulByteLength(sectionLengths: readonly number[]): number {
  if (sectionLengths.length === 0) return 0;
  const separators = (sectionLengths.length - 1) * utf8Length(SECTION_SEPARATOR);
  return sectionLengths.reduce((sum, length) => sum + length, separators);
}
