// composeSoul: the runtime's composition of a persona folder, from the disk or from
// sources (bytes, or the text of an unsaved editor buffer). One function serves both.
import { BOOTSTRAP_ORDER, BootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { decodeUtf8, utf8Length, utf8Prefix } from './utf8';

/** A bootstrap file's content: raw bytes from disk, or text as an editor holds it. */
export type BootstrapSource = Uint8Array | string;

/** Sources by file name; a name that is absent (or undefined) is a missing file. */
export type BootstrapSources = ReadonlyMap<string, BootstrapSource> | { readonly [name: string]: BootstrapSource | undefined };

export interface SoulSection {
  readonly name: BootstrapName;
  /** Size of the whole file in UTF-8 bytes, before any cut. */
  readonly bytes: number;
  readonly truncated: boolean;
  /** The section's body as sent: decoded, cut at the cap plus notice if needed, trimmed. */
  readonly body: string;
  /** `## NAME\n\nbody`. */
  readonly text: string;
  /** UTF-8 bytes of `text`, known without encoding it again. */
  readonly textBytes: number;
}

export interface ComposedSoul {
  readonly soul: string;
  readonly found: string[];
}

export const SECTION_SEPARATOR = '\n\n';

export function sourceOf(sources: BootstrapSources, name: string): BootstrapSource | undefined {
  return sources instanceof Map ? sources.get(name) : (sources as Record<string, BootstrapSource | undefined>)[name];
}

/** One bootstrap file's section, exactly as the runtime builds it. */
export function composeSection(name: BootstrapName, source: BootstrapSource): SoulSection {
  const { bytes, truncated, decoded, decodedBytes } = decodeCapped(source);
  const body = trimBody(decoded, truncated);
  const heading = sectionHeading(name);
  return { name, bytes, truncated, body, text: heading + body, textBytes: utf8Length(heading) + bodyBytes(decoded, decodedBytes, truncated) };
}

/**
 * Bytes of the trimmed body from the decoded text's, when known, less the white space
 * trimmed: the body itself (megabytes, joined to its heading) is not encoded again.
 */
function bodyBytes(decoded: string, decodedBytes: number | undefined, truncated: boolean): number {
  const start = decoded.trimStart();
  if (start === '') return truncated ? utf8Length(TRUNCATION_NOTICE.trimStart()) : 0;
  const leading = utf8Length(decoded.slice(0, decoded.length - start.length));
  if (truncated) return (decodedBytes ?? utf8Length(decoded)) - leading + utf8Length(TRUNCATION_NOTICE);
  const trailing = utf8Length(start.slice(start.trimEnd().length));
  return (decodedBytes ?? utf8Length(decoded)) - leading - trailing;
}

export function sectionHeading(name: string): string {
  return `## ${name}\n\n`;
}

/** `decodedBytes`: UTF-8 bytes of `decoded`, when known without encoding it. */
function decodeCapped(source: BootstrapSource): { bytes: number; truncated: boolean; decoded: string; decodedBytes?: number } {
  if (typeof source === 'string') {
    const bytes = utf8Length(source);
    if (bytes <= MAX_FILE_BYTES) {
      // Same text a UTF-8 round trip gives: lone surrogates become U+FFFD, 3 bytes as counted.
      return { bytes, truncated: false, decoded: source.toWellFormed(), decodedBytes: bytes };
    }
    return { bytes, truncated: true, ...cutText(source) };
  }
  const bytes = source.byteLength;
  if (bytes <= MAX_FILE_BYTES) return { bytes, truncated: false, decoded: decodeUtf8(source) };
  // The cut is by bytes and may split a character; decoding then yields U+FFFD.
  return { bytes, truncated: true, decoded: decodeUtf8(source.subarray(0, MAX_FILE_BYTES)) };
}

/**
 * The text a cut at the cap leaves, without encoding the whole text: the characters
 * that fit, then one U+FFFD for a character the cut splits (as Node decodes a
 * sequence truncated at the end of its input).
 */
function cutText(text: string): { decoded: string; decodedBytes: number } {
  const { index, bytes } = utf8Prefix(text, MAX_FILE_BYTES);
  const kept = text.slice(0, index).toWellFormed();
  return bytes < MAX_FILE_BYTES && index < text.length ? { decoded: kept + '\uFFFD', decodedBytes: bytes + 3 } : { decoded: kept, decodedBytes: bytes };
}

/**
 * `String.prototype.trim` of the body as sent. A cut body ends with the notice, whose
 * last character is not white space, so only its start needs trimming; doing just
 * that avoids copying megabytes on every keystroke.
 */
function trimBody(decoded: string, truncated: boolean): string {
  if (!truncated) return decoded.trim();
  const start = decoded.trimStart();
  return start === '' ? TRUNCATION_NOTICE.trimStart() : start + TRUNCATION_NOTICE;
}

/** The sections of every present file, in bootstrap order. */
export function composeSections(sources: BootstrapSources): SoulSection[] {
  const sections: SoulSection[] = [];
  for (const name of BOOTSTRAP_ORDER) {
    const source = sourceOf(sources, name);
    if (source !== undefined) sections.push(composeSection(name, source));
  }
  return sections;
}

export function joinSections(sections: readonly SoulSection[]): ComposedSoul {
  return {
    soul: sections.map((section) => section.text).join(SECTION_SEPARATOR),
    found: sections.map((section) => section.name),
  };
}

/** composeSoul over sources instead of the disk: what the editor preview uses. */
export function composeFromSources(sources: BootstrapSources): ComposedSoul {
  return joinSections(composeSections(sources));
}
