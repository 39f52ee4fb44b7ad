// ZeroClaw's Project Context block (crates/zeroclaw-runtime/src/agent/system_prompt.rs at
// 15d28660): five files, then BOOTSTRAP.md if it exists, then MEMORY.md; each trimmed and
// cut at 20,000 code points; a file that is missing or not UTF-8 gets a not-found marker.
import { DEFAULT_WARN_AT } from '../bootstrap';
import { formatCount } from '../format';
import { CapState, capState, worseState } from '../report';
import { decodeUtf8 } from '../utf8';
import { Composition, FileContent, FileMeasure, PersonaInput, RuntimeOptions, RuntimeProfile, Span } from './profile';
import { codePointCount, isHighSurrogate, isLowSurrogate } from '../surrogates';

/** `BOOTSTRAP_MAX_CHARS`: code points per file; `bootstrap_max_chars` overrides (6,000 in compact context). */
export const ZEROCLAW_MAX_CHARS = 20_000;

const ALWAYS = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md'] as const;
/** The first-run ritual: rendered only when the path exists. */
const BOOTSTRAP = 'BOOTSTRAP.md';
/** Sent when memory is on, as in the channel and CLI sessions. */
const MEMORY = 'MEMORY.md';
/** Read by ZeroClaw's heartbeat engine on its own, never put in the prompt. */
const HEARTBEAT = 'HEARTBEAT.md';
const RENDERED = [...ALWAYS, BOOTSTRAP, MEMORY] as const;

export const ZEROCLAW_HEADING =
  '## Project Context\n\nThe following workspace files define your identity, behavior, and context. ' +
  'They are ALREADY injected below\u2014do NOT suggest reading them with file_read.\n\n';

/**
 * A file must be read whole to know it is UTF-8 (`read_to_string` fails otherwise). A
 * larger file is judged by its first 64 MiB: the runtime reads all of it, and would send
 * a not-found marker only if bad UTF-8 lay past what we read.
 */
const READ_LIMIT = 64 * 1024 * 1024;

/**
 * Rust's `char::is_whitespace` (Unicode White_Space), which `str::trim` strips, as the body
 * of a regular expression class. Unlike JavaScript's trim it keeps U+FEFF and strips U+0085.
 */
export const RUST_WHITE_SPACE = '\t\n\u000B\u000C\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000';
const whiteSpace = new RegExp(`[${RUST_WHITE_SPACE}]`);

function isWhiteSpace(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  // Every White_Space character is in the BMP; most text is ASCII.
  return unit < 0x80 ? unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) : whiteSpace.test(text[index]);
}

/** The UTF-16 range of `text` that Rust's `trim()` keeps (walked by hand: a regex anchored at the end is quadratic). */
export function rustTrimRange(text: string): Span {
  let start = 0;
  while (start < text.length && isWhiteSpace(text, start)) start++;
  let end = text.length;
  while (end > start && isWhiteSpace(text, end - 1)) end--;
  return { start, end };
}

export function truncationMarker(maxChars: number): string {
  return `\n\n[... truncated at ${maxChars} chars \u2014 use \`read\` for full file]\n\n`;
}

function notFoundMarker(name: string): string {
  return `[File not found: ${name}]`;
}

/** The UTF-16 index `count` code points after `start` (or `end`, if there are fewer). */
function indexAfterCodePoints(text: string, start: number, end: number, count: number): number {
  let index = start;
  for (let seen = 0; seen < count && index < end; seen++) {
    index += isHighSurrogate(text.charCodeAt(index)) && index + 1 < end && isLowSurrogate(text.charCodeAt(index + 1)) ? 2 : 1;
  }
  return index;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first byte that breaks UTF-8 lies (only called once the strict decode failed). */
function firstBadByte(bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length;) {
    const lead = bytes[at];
    const width = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (width === 0 || at + width > bytes.length) return at;
    try {
      strictDecoder.decode(bytes.subarray(at, at + width));
    } catch {
      return at;
    }
    at += width;
  }
  return bytes.length;
}

/** The length of `bytes` without a character the read limit split. */
function wholeCharacters(bytes: Uint8Array): number {
  let lead = bytes.byteLength;
  for (let back = 0; back < 3 && lead > 0 && (bytes[lead - 1] & 0xc0) === 0x80; back++) lead--;
  if (lead === 0 || bytes[lead - 1] < 0xc0) return bytes.byteLength;
  const first = bytes[lead - 1];
  const width = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : 2;
  return lead - 1 + width <= bytes.byteLength ? bytes.byteLength : lead - 1;
}

/** What ZeroClaw's `read_to_string` makes of a file: its text, or why it counts as not found. */
type Read = { readonly text: string; readonly partial: boolean; readonly size?: number } | { readonly failure: string; readonly text: string };

function readAsRuntime(content: FileContent): Read {
  if (content.kind === 'unreadable') return { failure: content.reason, text: '' };
  // Saving a buffer writes a lone surrogate as U+FFFD, one UTF-16 unit for another.
  if (content.kind === 'text') return { text: content.text.toWellFormed(), partial: false };
  const partial = content.bytes.byteLength < content.size;
  let bytes = content.bytes;
  // Past the read limit, judge the whole characters that were read.
  if (partial) bytes = bytes.subarray(0, wholeCharacters(bytes));
  try {
    const text = strictDecoder.decode(bytes);
    // Unread bytes count as one code point each: exact for ASCII, an upper bound otherwise.
    return { text, partial, size: partial ? codePointCount(text) + (content.size - bytes.byteLength) : undefined };
  } catch {
    return { failure: `not valid UTF-8 (byte ${formatCount(firstBadByte(bytes))})`, text: decodeUtf8(content.bytes) };
  }
}

function measureFile(name: string, content: FileContent | undefined, maxChars: number, warnAt: number): FileMeasure {
  const notFound = `### ${name}\n\n${notFoundMarker(name)}\n\n`;
  if (!content) {
    if (name === BOOTSTRAP) return nothing(name, 'absent', '');
    return { ...nothing(name, 'missing', ''), section: notFound, marker: notFoundMarker(name), note: 'absent: ZeroClaw sends a not-found marker' };
  }
  const read = readAsRuntime(content);
  if ('failure' in read) {
    return {
      ...nothing(name, 'unreadable', read.text),
      section: notFound,
      marker: notFoundMarker(name),
      note: `${read.failure}: ZeroClaw reads it as not found`,
    };
  }
  const { text } = read;
  const size = read.size ?? codePointCount(text);
  const trimmed = rustTrimRange(text);
  if (trimmed.start === trimmed.end) {
    return { ...nothing(name, 'empty', text), size, cap: maxChars, effectiveCap: maxChars, state: 'ok', note: 'white space only: ZeroClaw sends nothing' };
  }
  // Past the read limit the trimmed text runs on unseen: its count is the size less what was trimmed ahead.
  const count = read.partial ? size - trimmed.start : codePointCount(text, trimmed.start, trimmed.end);
  const base = { name, text, size, cap: maxChars, effectiveCap: maxChars, state: capState(count, maxChars, warnAt) };
  if (count <= maxChars) {
    const section = `### ${name}\n\n${text.slice(trimmed.start, trimmed.end)}\n\n`;
    return { ...base, status: 'sent', kept: [trimmed], dropped: [], keptSize: count, droppedSize: 0, section, offset: 0 };
  }
  const cut = indexAfterCodePoints(text, trimmed.start, trimmed.end, maxChars);
  const marker = truncationMarker(maxChars);
  return {
    ...base,
    status: 'cut',
    kept: [{ start: trimmed.start, end: cut }],
    dropped: [{ start: cut, end: read.partial ? Number.MAX_SAFE_INTEGER : trimmed.end }],
    keptSize: maxChars,
    droppedSize: count - maxChars,
    section: `### ${name}\n\n${text.slice(trimmed.start, cut)}${marker}`,
    offset: 0,
    note: `ZeroClaw keeps the first ${formatCount(maxChars)} of ${formatCount(count)} code points`,
    marker,
  };
}

function nothing(name: string, status: FileMeasure['status'], text: string): FileMeasure {
  return { name, status, text, size: 0, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', offset: -1 };
}

// One measurement per file version and cap: callers keep the same content object until the file changes.
const measured = new WeakMap<FileContent, { readonly key: string; readonly measure: FileMeasure }>();

function measureCached(name: string, content: FileContent | undefined, maxChars: number, warnAt: number): FileMeasure {
  if (!content) return measureFile(name, content, maxChars, warnAt);
  const key = `${name}\0${maxChars}\0${warnAt}`;
  const cached = measured.get(content);
  if (cached?.key === key) return cached.measure;
  const measure = measureFile(name, content, maxChars, warnAt);
  measured.set(content, { key, measure });
  return measure;
}

function compose(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const maxChars = options.maxChars ?? ZEROCLAW_MAX_CHARS;
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const files: FileMeasure[] = [];
  const parts = [ZEROCLAW_HEADING];
  let offset = ZEROCLAW_HEADING.length;
  let size = codePointCount(ZEROCLAW_HEADING);
  for (const name of RENDERED) {
    const file = measureCached(name, input.files.get(name), maxChars, warnAt);
    if (file.section === '') {
      files.push(file);
      continue;
    }
    files.push({ ...file, offset });
    parts.push(file.section);
    offset += file.section.length;
    size += codePointCount(file.section);
  }
  const heartbeat = input.files.get(HEARTBEAT);
  const heartbeatText = heartbeat?.kind === 'text' ? heartbeat.text : heartbeat?.kind === 'bytes' ? decodeUtf8(heartbeat.bytes) : '';
  files.push({
    ...nothing(HEARTBEAT, 'notLoaded', heartbeatText),
    size: codePointCount(heartbeatText),
    note: 'not loaded by ZeroClaw: its heartbeat engine reads it apart from the prompt',
  });
  let text: string | undefined;
  return {
    runtime: 'zeroclaw',
    unit: 'codepoints',
    get text() {
      return (text ??= parts.join(''));
    },
    files,
    found: files.filter((file) => file.section !== '' && file.status !== 'missing' && file.status !== 'unreadable').map((file) => file.name),
    total: { size, state: files.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing') },
  };
}

export const zeroclaw: RuntimeProfile = {
  id: 'zeroclaw',
  label: 'ZeroClaw',
  description: '20,000 code points a file, cut at the end',
  unit: 'codepoints',
  fileNames: RENDERED,
  filesToRead: () => [...RENDERED, HEARTBEAT],
  readLimit: READ_LIMIT,
  compose,
};
