// The size of a composed soul, summed from per-file parts, so a view can keep one
// number per file and re-measure only the file that changed.
import { BootstrapName } from './bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR } from './compose';
import { utf8Length } from './utf8';

/** UTF-8 bytes of the section a file becomes in the soul (heading, cut, notice, trim). */
export function sectionByteLength(name: BootstrapName, source: BootstrapSource): number {
  return utf8Length(composeSection(name, source).text);
}

/** UTF-8 bytes of the soul made of sections of these sizes (present files only). */
export function soulByteLength(sectionBytes: readonly number[]): number {
  if (sectionBytes.length === 0) return 0;
  const separators = utf8Length(SECTION_SEPARATOR) * (sectionBytes.length - 1);
  return sectionBytes.reduce((sum, bytes) => sum + bytes, separators);
}
