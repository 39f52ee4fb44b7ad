// The size of a composed soul, summed from per-file parts, so a view can keep one
// number per file and re-measure only the file that changed.
import { BootstrapName, MAX_FILE_BYTES } from './bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR, sectionHeading } from './compose';
import { utf8Length } from './utf8';

/**
 * UTF-8 bytes of the section a file becomes in the soul (heading, cut, notice, trim).
 * `sourceBytes`, the source's own UTF-8 size when already known, saves a pass.
 */
export function sectionByteLength(name: BootstrapName, source: BootstrapSource, sourceBytes?: number): number {
  if (typeof source === 'string') {
    const bytes = sourceBytes ?? utf8Length(source);
    // Editor text under the cap (the case on every keystroke): the section is the text
    // trimmed, so subtract the white space at its ends instead of measuring a copy.
    // Lone surrogates count 3 bytes either way (as U+FFFD), and trim never removes one.
    if (bytes <= MAX_FILE_BYTES) {
      const start = source.length - source.trimStart().length;
      const heading = utf8Length(sectionHeading(name));
      if (start === source.length) return heading;
      const end = source.trimEnd().length;
      return heading + bytes - utf8Length(source.slice(0, start)) - utf8Length(source.slice(end));
    }
  }
  return utf8Length(composeSection(name, source).text);
}

/** UTF-8 bytes of the soul made of sections of these sizes (present files only). */
export function soulByteLength(sectionBytes: readonly number[]): number {
  if (sectionBytes.length === 0) return 0;
  const separators = utf8Length(SECTION_SEPARATOR) * (sectionBytes.length - 1);
  return sectionBytes.reduce((sum, bytes) => sum + bytes, separators);
}
