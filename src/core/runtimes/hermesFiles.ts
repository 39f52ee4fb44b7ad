// Where Hermes looks for each persona file, and one file's section as Hermes builds it.
import { formatCount } from '../format';
import { CapState, capState } from '../report';
import { FileContent, FileMeasure, RuntimeOptions, ScanBlock, Span } from './profile';
import { findingIds, scanForThreats } from './hermesScan';
import { codePointIndex, codePoints, decodeForHermes, pythonStrip, sliceView, TextView } from './hermesText';

export const HERMES_RELEASE = '0.21.3';
/** The per-file cap when the model's window is unknown, and the floor of the dynamic cap. */
export const HERMES_DEFAULT_MAX_CHARS = 20_000;
const CEILING = 500_000;
const CHARS_PER_TOKEN = 4;
const WINDOW_FRACTION = 0.06;
export const READ_LIMIT = 2 * 1024 * 1024;

/** What Hermes sends as its identity when SOUL.md is absent, empty or not read (prompt_builder.py DEFAULT_AGENT_IDENTITY). */
export const HERMES_DEFAULT_IDENTITY =
  'You are Hermes Agent, built by Nous Research. Be direct: match the length of your reply to the weight of the ask ' +
  "— a one-line question gets a one-line answer, and finished work gets a short report of what changed, what's " +
  'verified, and what\'s left, never a replay of the process. No filler ("Great question," "I\'d be happy to"), no ' +
  'restating the request back, no re-summarizing what you already said, no narrating tool calls the user can see. ' +
  "Plain claims over adjectives; when unsure, say so plainly. Agree because it's right, not because the user said " +
  'it. Depth is earned — give it when the user asks for detail, teaches, or the stakes demand it, not by default.';

export const CONTEXT_HEAD = '# Project Context\n\nThe following project context files have been loaded and should be followed:\n\n';
export const HERMES_MD = ['.hermes.md', 'HERMES.md'];
export const AGENTS = ['AGENTS.override.md', 'AGENTS.md', 'agents.md'];
export const CLAUDE = ['CLAUDE.md', 'claude.md'];
export const CURSORRULES = '.cursorrules';
export const CURSOR_RULES_DIR = '.cursor/rules';
/** Persona files other runtimes read that Hermes never does (at the persona folder's root). */
export const NEVER_READ = ['IDENTITY.md', 'TOOLS.md', 'HEARTBEAT.md', 'USER.md', 'MEMORY.md', 'BOOTSTRAP.md'];

/**
 * The per-file cap Hermes sets: `context_file_max_chars` from its config when given, else 6% of the
 * window at 4 chars a token, at least 20,000 and at most 500,000 (48,000 at a 200k window).
 */
export function hermesMaxChars(contextWindow?: number, configured?: number): number {
  if (configured !== undefined && configured > 0) return Math.trunc(configured);
  if (contextWindow === undefined || !Number.isInteger(contextWindow) || contextWindow <= 0) return HERMES_DEFAULT_MAX_CHARS;
  return Math.max(HERMES_DEFAULT_MAX_CHARS, Math.min(Math.trunc(contextWindow * CHARS_PER_TOKEN * WINDOW_FRACTION), CEILING));
}

/** The cap rule in words, for a surface that shows where its number comes from. */
export function hermesCapRule(contextWindow?: number, configured?: number): string {
  const cap = formatCount(hermesMaxChars(contextWindow, configured));
  if (configured !== undefined && configured > 0) return `${cap} chars a file: context_file_max_chars`;
  if (contextWindow === undefined || contextWindow <= 0) return `${cap} chars a file: the model's window is unknown (48,000 at a 200k window)`;
  return `${cap} chars a file: 6% of a ${formatCount(contextWindow)}-token window at 4 chars a token, within 20,000–500,000`;
}

// ---- paths: everything is read relative to the persona folder --------------------------------

function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter((segment) => segment !== '');
}

/** `to` as a prefix relative to `from` (`''`, `../home/`, `sub/`), `/`-separated. */
export function relativePrefix(from: string, to: string): string {
  const a = segments(from);
  const b = segments(to);
  const fold = (s: string) => (/^[A-Za-z]:$/.test(s) ? s.toUpperCase() : s);
  let common = 0;
  while (common < a.length && common < b.length && fold(a[common]) === fold(b[common])) common++;
  const rest = [...Array<string>(a.length - common).fill('..'), ...b.slice(common)];
  return rest.length === 0 ? '' : rest.join('/') + '/';
}

export function joinPath(dir: string, name: string): string {
  const sep = separatorOf(dir);
  return dir.replace(/[\\/]+$/, '') + sep + name.split('/').join(sep);
}

/** The folders from `project` up to its file system's root, each as a prefix relative to the persona folder. */
function upward(projectPrefix: string, depth: number): string[] {
  const prefixes: string[] = [];
  for (let level = 0; level < depth; level++) prefixes.push(projectPrefix + '../'.repeat(level));
  return prefixes.map(tidy);
}

/** `a/b/../../` → `''`: a prefix with its `x/..` pairs folded. */
function tidy(prefix: string): string {
  const out: string[] = [];
  for (const segment of prefix.split('/').filter((s) => s !== '')) {
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.length === 0 ? '' : out.join('/') + '/';
}

export interface Places {
  readonly home: string;
  readonly project: string;
  readonly homePrefix: string;
  readonly projectPrefix: string;
}

export function places(dir: string, options: RuntimeOptions): Places {
  const home = options.hermesHome ?? dir;
  const project = options.hermesProject ?? dir;
  return { home, project, homePrefix: relativePrefix(dir, home), projectPrefix: relativePrefix(dir, project) };
}

/** The project's folders Hermes searches, nearest first: up to the git root, or the project alone without one. */
export function projectChain(project: string, projectPrefix: string, exists: (relative: string) => boolean): { prefix: string; levels: number }[] {
  const depth = segments(project).length + 1;
  const chain = upward(projectPrefix, depth);
  const root = chain.findIndex((prefix) => exists(prefix + '.git'));
  return (root === -1 ? chain.slice(0, 1) : chain.slice(0, root + 1)).map((prefix, levels) => ({ prefix, levels }));
}

export function filesToRead(dir: string, exists: (relative: string) => boolean, options: RuntimeOptions = {}, list?: (relative: string) => readonly string[] | undefined): readonly string[] {
  const { project, homePrefix, projectPrefix } = places(dir, options);
  const paths = [homePrefix + 'SOUL.md', homePrefix + 'memories/MEMORY.md', homePrefix + 'memories/USER.md'];
  for (const { prefix } of projectChain(project, projectPrefix, exists)) paths.push(...[...HERMES_MD, ...AGENTS].map((name) => prefix + name));
  paths.push(...CLAUDE.map((name) => projectPrefix + name), projectPrefix + CURSORRULES);
  const rules = list?.(projectPrefix + CURSOR_RULES_DIR) ?? [];
  paths.push(...rules.filter((name) => name.endsWith('.mdc')).map((name) => `${projectPrefix}${CURSOR_RULES_DIR}/${name}`));
  // The persona folder's other files, to say that Hermes never reads them.
  paths.push(...NEVER_READ);
  return [...new Set(paths)];
}

// ---- one file's section ------------------------------------------------------------------------

export interface Read {
  readonly name: string;
  readonly content: FileContent;
  /** The file's text as decoded ('' when not decodable), which spans index. */
  readonly file: string;
  /** Hermes's stripped text ('' when blank or unreadable). */
  readonly view?: TextView;
  readonly failure?: string;
}

export function readFile(name: string, content: FileContent): Read {
  const decoded = decodeForHermes(content, 'utf-8-sig');
  if (decoded.kind === 'unreadable') return { name, content, file: decoded.file, failure: decoded.reason };
  const view = pythonStrip(decoded.view);
  return { name, content, file: decoded.file, view: view.text === '' ? undefined : view };
}

/** Hermes's `_scan_context_content`: the text, or the [BLOCKED: …] line when the scanner finds anything. */
function scanned(view: TextView, label: string): { text: string; block?: ScanBlock } {
  const text = view.text.startsWith('\uFEFF') ? sliceView(view, 1) : view;
  const findings = scanForThreats(text.text, 'context');
  if (findings.length === 0) return { text: text.text };
  const line = `[BLOCKED: ${label} contained potential prompt injection (${findingIds(findings)}). Content not loaded.]`;
  const mapped = findings.map((finding) => ({
    ...finding,
    ranges: finding.ranges.map((r) => ({ start: text.origin[r.start], end: text.origin[r.end], match: r.match })),
  }));
  return { text: line, block: { line, range: { start: view.origin[0], end: view.origin[view.text.length] }, scope: 'file', findings: mapped } };
}

export interface Capped {
  readonly text: string;
  readonly marker?: string;
  /** UTF-16 ends of the head kept and start of the tail kept, in the uncut text. */
  readonly headEnd: number;
  readonly tailStart: number;
}

/** Hermes's `_truncate_content`: head 70%, marker, tail 20% of the cap, when the text is longer than the cap. */
export function truncateForHermes(content: string, warnName: string, readPath: string, cap: number): Capped {
  const length = codePoints(content);
  if (length <= cap) return { text: content, headEnd: content.length, tailStart: content.length };
  const head = Math.floor(cap * 0.7);
  const tail = Math.floor(cap * 0.2);
  const marker =
    `\n\n[...truncated ${warnName}: kept ${head}+${tail} of ${length} chars. The middle is omitted — if you need ` +
    `the full instructions, read the complete file with the read_file tool: ${readPath}]\n\n`;
  const headEnd = codePointIndex(content, head);
  // Python's content[-0:] is the whole text.
  const tailStart = tail === 0 ? 0 : codePointIndex(content, -tail);
  return { text: content.slice(0, headEnd) + marker + content.slice(tailStart), marker, headEnd, tailStart };
}

export interface Section {
  readonly text: string;
  readonly measure: Omit<FileMeasure, 'offset'>;
}

export function sizeOf(read: Read): number {
  return codePoints(read.file.startsWith('\uFEFF') ? read.file.slice(1) : read.file);
}

/** A file's section: `heading` + its scanned text, capped as `warnName` with `readPath` in the marker. */
export function section(read: Read, view: TextView, heading: string, label: string, warnName: string, readPath: string, cap: number, warnAt: number): Section {
  const { text: body, block } = scanned(view, label);
  const whole = heading + body;
  const capped = truncateForHermes(whole, warnName, readPath, cap);
  const length = codePoints(whole);
  const span = (start: number, end: number): Span[] => {
    const a = Math.max(0, Math.min(start - heading.length, view.text.length));
    const b = Math.max(0, Math.min(end - heading.length, view.text.length));
    return b > a ? [{ start: view.origin[a], end: view.origin[b] }] : [];
  };
  const all: Span = { start: view.origin[0], end: view.origin[view.text.length] };
  const kept = block ? [] : capped.marker ? [...span(0, capped.headEnd), ...span(capped.tailStart, whole.length)] : [all];
  const dropped = block ? [all] : capped.marker ? span(capped.headEnd, capped.tailStart) : [];
  const measureOf = (spans: Span[]) => spans.reduce((sum, s) => sum + codePoints(read.file.slice(s.start, s.end)), 0);
  const state: CapState = capState(length, cap, warnAt);
  const notes = [
    block ? `Hermes blocks this whole file: it sends "${block.line}"` : undefined,
    capped.marker ? `Hermes keeps ${formatCount(Math.floor(cap * 0.7))} + ${formatCount(Math.floor(cap * 0.2))} of ${formatCount(length)} chars (heading included)` : undefined,
  ].filter((note) => note !== undefined);
  return {
    text: capped.text,
    measure: {
      name: read.name,
      status: block || capped.marker ? 'cut' : 'sent',
      text: read.file,
      size: sizeOf(read),
      cap,
      effectiveCap: cap,
      state,
      kept,
      dropped,
      keptSize: measureOf(kept),
      droppedSize: measureOf(dropped),
      section: capped.text,
      note: notes.length > 0 ? notes.join('; ') : undefined,
      marker: capped.marker,
      blocks: block ? [block] : undefined,
    },
  };
}

export function bare(read: Pick<Read, 'name' | 'file'> & { content?: FileContent }, status: FileMeasure['status'], note?: string): Omit<FileMeasure, 'offset'> {
  const size = read.content && read.content.kind !== 'unreadable' ? codePoints(read.file) : 0;
  return { name: read.name, status, text: read.file, size, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', note };
}


/**
 * Where Hermes's home is, as Hermes resolves it: `$HERMES_HOME`, else `~/.hermes`
 * (`%LOCALAPPDATA%\hermes` on Windows). A profile (`hermes -p NAME`) is `<home>/profiles/NAME`.
 */
export function defaultHermesHome(env: Readonly<Record<string, string | undefined>>, userHome: string, windows: boolean, profileName?: string): string {
  const sep = windows ? '\\' : '/';
  const base = env.HERMES_HOME || (windows && env.LOCALAPPDATA ? `${env.LOCALAPPDATA}${sep}hermes` : `${userHome}${sep}.hermes`);
  return profileName ? `${base}${sep}profiles${sep}${profileName}` : base;
}
