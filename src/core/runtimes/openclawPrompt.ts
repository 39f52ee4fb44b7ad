// What OpenClaw 2026.9.6 does to a file's budgeted text before the model reads it, and
// how it lays the files out as the Project Context block of its system prompt.
import { Traced } from './openclawCut';

const HINTS = {
  'SOUL.md': 'SOUL.md: persona/tone. Follow it unless higher-priority instructions override.',
  'MEMORY.md': 'MEMORY.md: durable non-profile facts and decisions; use when relevant unless higher-priority instructions override.',
  'USER.md': 'USER.md: durable user preferences and profile directives; follow unless higher-priority instructions override.',
} as const;

/** The hint lines, in the order OpenClaw writes them, for the files that are in the block. */
export function hintLines(present: ReadonlySet<string>): string[] {
  return (['SOUL.md', 'MEMORY.md', 'USER.md'] as const).filter((name) => present.has(name)).map((name) => HINTS[name]);
}

export const BLOCK_TITLE = '# Project Context';
export const BLOCK_INTRO = 'Loaded project context:';

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

// The old default heartbeat prompt, quoted in many older AGENTS.md files; OpenClaw removes it.
const OLD_HEARTBEAT_QUOTE =
  /Default heartbeat prompt:\r?\n`(?:Read HEARTBEAT\.md if it exists|Follow the heartbeat monitor scratch context when provided\.)[^`\r\n]*HEARTBEAT_OK\.`/gu;

/** The heartbeat quote removed, then every run of 3+ newlines made 2. */
export function sanitizeForPrompt(traced: Traced): Traced {
  const quotes = [...traced.text.matchAll(OLD_HEARTBEAT_QUOTE)].map((m) => [m.index, m.index + m[0].length] as const);
  const unquoted = removeRanges(traced, quotes);
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
