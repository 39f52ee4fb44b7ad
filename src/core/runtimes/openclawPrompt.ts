// What OpenClaw does to a file's budgeted text before the model reads it, and how it lays
// the files out as the Project Context block of its system prompt, release by release.
import { Traced } from './openclawCut';
import { HeaderLines } from './openclawReleases';

/** The header lines, in the order OpenClaw writes them, for the files in the block (lower-case names). */
export function headerLines(header: HeaderLines, present: ReadonlySet<string>): string[] {
  const lines = [header.intro];
  if (header.soul && present.has('soul.md')) lines.push(header.soul);
  if (header.memory && present.has('memory.md')) lines.push(header.memory);
  if (header.user && present.has('user.md')) lines.push(header.user);
  return lines;
}

export const BLOCK_TITLE = '# Project Context';
/** 4.10–7.x: HEARTBEAT.md's own block, below the prompt's cache boundary. */
export const DYNAMIC_TITLE = '# Dynamic Project Context';
export const DYNAMIC_INTRO = 'The following frequently-changing project context files are kept below the cache boundary when possible:';

/** Drops the [start, end) ranges (sorted, possibly overlapping) from a traced text. */
function removeRanges(traced: Traced, ranges: ReadonlyArray<readonly [number, number]>): Traced {
  if (ranges.length === 0) return traced;
  const keep: Array<[number, number]> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) keep.push([at, start]);
    at = Math.max(at, end);
  }
  if (at < traced.text.length) keep.push([at, traced.text.length]);
  const length = keep.reduce((sum, [start, end]) => sum + end - start, 0);
  const origin = new Int32Array(length);
  let written = 0;
  for (const [start, end] of keep) {
    origin.set(traced.origin.subarray(start, end), written);
    written += end - start;
  }
  return { text: keep.map(([start, end]) => traced.text.slice(start, end)).join(''), origin };
}

// The old default heartbeat prompt, quoted in many older AGENTS.md files; OpenClaw removes it:
// 4.10–7.x this one LF text, 8.x+ either wording with LF or CRLF.
const LITERAL_HEARTBEAT_QUOTE =
  'Default heartbeat prompt:\n`Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.`';
const OLD_HEARTBEAT_QUOTE =
  /Default heartbeat prompt:\r?\n`(?:Read HEARTBEAT\.md if it exists|Follow the heartbeat monitor scratch context when provided\.)[^`\r\n]*HEARTBEAT_OK\.`/gu;

/** The heartbeat quote removed (as the release does), then every run of 3+ newlines made 2 (when it does). */
export function sanitizeForPrompt(traced: Traced, quote: 'none' | 'literal' | 'regex' = 'regex', collapse = true): Traced {
  const quotes: Array<readonly [number, number]> = [];
  if (quote === 'regex') for (const m of traced.text.matchAll(OLD_HEARTBEAT_QUOTE)) quotes.push([m.index, m.index + m[0].length]);
  if (quote === 'literal') {
    for (let at = traced.text.indexOf(LITERAL_HEARTBEAT_QUOTE); at !== -1; at = traced.text.indexOf(LITERAL_HEARTBEAT_QUOTE, at + LITERAL_HEARTBEAT_QUOTE.length)) {
      quotes.push([at, at + LITERAL_HEARTBEAT_QUOTE.length]);
    }
  }
  const unquoted = removeRanges(traced, quotes);
  if (!collapse) return unquoted;
  const extra = [...unquoted.text.matchAll(/\n{3,}/g)].map((m) => [m.index + 2, m.index + m[0].length] as const);
  return removeRanges(unquoted, extra);
}

/** An entry of USER.md or MEMORY.md: from a line starting `- ` or a heading to the next. */
const ENTRY_START = /^(?:- |#{1,6}(?:\s|$))/u;
const PROJECT_ANNOTATION = /<!--\s*project\s*:/iu;

/**
 * USER.md and MEMORY.md entries tagged `<!-- project: … -->` are sent only while that
 * project is active; Persona Studio knows of no active project, so they are dropped,
 * and the others rejoined by a newline.
 */
export function dropProjectEntries(traced: Traced): Traced {
  const text = traced.text;
  if (!PROJECT_ANNOTATION.test(text)) return traced;
  const entries: Array<[number, number]> = [];
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (ENTRY_START.test(text.slice(at + 1, at + 8))) {
      entries.push([start, at]);
      start = at + 1;
    }
  }
  entries.push([start, text.length]);
  const dropped = entries.map(([from, to]) => PROJECT_ANNOTATION.test(text.slice(from, to)));
  const firstKept = dropped.indexOf(false);
  const ranges = entries
    .map(([from, to], index): [number, number] | undefined => {
      if (!dropped[index]) return undefined;
      // Before the first kept entry an entry goes with the newline after it; later, with the one before.
      return firstKept === -1 || index < firstKept ? [from, Math.min(to + 1, text.length)] : [from - 1, to];
    })
    .filter((range): range is [number, number] => range !== undefined);
  return removeRanges(traced, ranges);
}

/** `dir` joined with `name` as Node's path.join would on the system `dir` comes from. */
export function joinWorkspacePath(dir: string, name: string): string {
  if (/^[A-Za-z]:[\\/]|^\\\\/.test(dir) || (dir.includes('\\') && !dir.includes('/'))) return `${dir.replace(/[\\/]+$/, '')}\\${name}`;
  const absolute = dir.startsWith('/');
  const segments: string[] = [];
  for (const segment of `${dir}/${name}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length > 0 && segments[segments.length - 1] !== '..') segments.pop();
      else if (!absolute) segments.push(segment);
    } else segments.push(segment);
  }
  return (absolute ? '/' : '') + segments.join('/');
}
