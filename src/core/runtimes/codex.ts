// Codex CLI's project docs (codex-rs/core/src/agents_md.rs): from the project root (the first
// folder upward holding `.git`) down to the working folder, each folder's AGENTS.override.md or
// else AGENTS.md, joined by a blank line, cut hard at 32 KiB in total, sent as one user message.
import { BOOTSTRAP_ORDER, DEFAULT_WARN_AT } from '../bootstrap';
import { formatCount } from '../format';
import { CapState, capState } from '../report';
import { decodeUtf8, utf8Length, utf8Prefix } from '../utf8';
import { Composition, FileContent, FileMeasure, headingFolder, PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';
import { rustTrimRange } from './zeroclaw';

/** `project_doc_max_bytes`: UTF-8 bytes of project docs in all (config_toml.rs); 0 turns them off. */
export const CODEX_PROJECT_DOC_MAX_BYTES = 32 * 1024;

/** Looked for first in each folder; a file by this name hides the folder's AGENTS.md. */
const OVERRIDE = 'AGENTS.override.md';
const AGENTS = 'AGENTS.md';
/** The default `project_root_markers`: a folder or a file (a worktree's `.git` is a file). */
const ROOT_MARKER = '.git';
const SEPARATOR = '\n\n';
const REPLACEMENT = '\uFFFD';
/** The persona folder's other bootstrap files: Codex reads none of them. */
const IGNORED = BOOTSTRAP_ORDER.filter((name) => name !== AGENTS);
/** Enough for any budget people set; past it a file is measured on what was read. */
const READ_LIMIT = 1024 * 1024;

/** The user message Codex sends for the instructions found, with the working folder in its heading. */
export function codexMessage(cwd: string, instructions: string): string {
  return `${messageHead(cwd)}${instructions}\n</INSTRUCTIONS>`;
}

function messageHead(cwd: string): string {
  return `# AGENTS.md instructions for ${cwd}\n\n<INSTRUCTIONS>\n`;
}

/** The relative path to the folder `levels` up from the persona folder. */
function up(levels: number): string {
  return '../'.repeat(levels);
}

/** How many folders there are from `dir` up to its file system's root, `dir` included. */
function folderCount(dir: string): number {
  const segments = dir.split(/[\\/]+/).filter((segment) => segment !== '');
  return segments.length + (/^[\\/]/.test(dir) ? 1 : 0);
}

function filesToRead(dir: string, exists: (relative: string) => boolean): readonly string[] {
  const folders = folderCount(dir);
  // Without a marker only the working folder is searched.
  let root = 0;
  for (let level = 0; level < folders; level++) {
    if (exists(up(level) + ROOT_MARKER)) {
      root = level;
      break;
    }
  }
  const paths: string[] = [];
  for (let level = root; level >= 0; level--) paths.push(up(level) + OVERRIDE, up(level) + AGENTS);
  return paths;
}

const chainPath = /^((?:\.\.\/)*)(AGENTS\.override\.md|AGENTS\.md)$/;

/** A name that exists but is no regular file: Codex's metadata check passes over it. */
function notAFile(content: FileContent): boolean {
  return content.kind === 'unreadable' && /directory|not a (regular )?file/i.test(content.reason);
}

/** The first `take` bytes of a file as Codex sends them (a split character becomes U+FFFD), and where they end in `text`. */
function head(content: Exclude<FileContent, { kind: 'unreadable' }>, text: string, take: number): { sent: string; keptEnd: number } {
  if (content.kind === 'text') {
    const prefix = utf8Prefix(text, take);
    const sent = text.slice(0, prefix.index).toWellFormed() + (prefix.bytes < take ? REPLACEMENT : '');
    return { sent, keptEnd: prefix.index };
  }
  const sent = decodeUtf8(content.bytes.subarray(0, Math.min(take, content.bytes.byteLength)));
  // Only the last character can differ from the whole file's decoding: the one the cut split.
  return { sent, keptEnd: text.startsWith(sent) ? sent.length : sent.length - 1 };
}

function nothing(name: string, status: FileMeasure['status'], note?: string): FileMeasure {
  return { name, status, text: '', size: 0, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', offset: -1, note };
}

// One decoding per file version: callers keep the same content object until the file changes.
const decoded = new WeakMap<FileContent, string>();

function textOf(content: FileContent): string {
  if (content.kind !== 'bytes') return content.kind === 'text' ? content.text : '';
  let text = decoded.get(content);
  if (text === undefined) decoded.set(content, (text = decodeUtf8(content.bytes)));
  return text;
}

function sizeOf(content: Exclude<FileContent, { kind: 'unreadable' }>): number {
  return content.kind === 'text' ? utf8Length(content.text) : Math.max(content.size, content.bytes.byteLength);
}

/** One doc read against the budget left: sent, cut, or skipped when what fits is white space (then nothing is charged). */
function spend(path: string, content: Exclude<FileContent, { kind: 'unreadable' }>, remaining: number, budget: number, warnAt: number): FileMeasure {
  const text = textOf(content);
  const size = sizeOf(content);
  const take = Math.min(size, remaining);
  const cut = take < size;
  const { sent, keptEnd } = head(content, text, take);
  const base = { name: path, text, size, effectiveCap: remaining, state: capState(size, remaining, warnAt) };
  if (rustTrimRange(sent).start === sent.length) {
    const note = cut ? `its first ${formatCount(take)} bytes, all the budget leaves, are white space: Codex skips it` : 'white space only: Codex skips it';
    return { ...nothing(path, cut ? 'dropped' : 'empty', note), ...base, state: cut ? 'over' : 'ok' };
  }
  const readWhole = content.kind === 'text' || content.bytes.byteLength >= size;
  return {
    ...base,
    status: cut ? 'cut' : 'sent',
    kept: [{ start: 0, end: keptEnd }],
    dropped: cut ? [{ start: keptEnd, end: readWhole ? text.length : Number.MAX_SAFE_INTEGER }] : [],
    keptSize: take,
    droppedSize: size - take,
    section: sent,
    offset: 0,
    note: cut ? `Codex keeps the first ${formatCount(take)} of ${formatCount(size)} bytes, all the ${formatCount(budget)}-byte budget leaves` : undefined,
  };
}

function compose(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const budget = options.totalMaxChars ?? CODEX_PROJECT_DOC_MAX_BYTES;
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const cwd = headingFolder(options, input.dir);
  const folders = new Map<number, Map<string, FileContent>>();
  for (const [name, content] of input.files) {
    const match = chainPath.exec(name);
    // A link leading nowhere is as absent to Codex as no file.
    if (!match || (content.kind === 'unreadable' && content.symlink && content.reason === 'ENOENT')) continue;
    const level = match[1].length / 3;
    if (!folders.has(level)) folders.set(level, new Map());
    folders.get(level)!.set(match[2], content);
  }
  const files: FileMeasure[] = [];
  const parts: string[] = [];
  let offset = messageHead(cwd).length;
  let remaining = budget;
  let demand = 0;
  let failure: string | undefined;
  for (const level of [...folders.keys()].sort((a, b) => b - a)) {
    const present = folders.get(level)!;
    const chosen = [OVERRIDE, AGENTS].find((name) => present.has(name) && !notAFile(present.get(name)!));
    for (const [name, content] of [...present].sort(([a], [b]) => (a === chosen ? -1 : b === chosen ? 1 : 0))) {
      const path = up(level) + name;
      if (notAFile(content)) {
        files.push(nothing(path, 'unreadable', 'not a file: Codex passes over it'));
        continue;
      }
      if (name !== chosen) {
        const note = `not read by Codex: ${up(level)}${chosen} takes its place`;
        files.push({ ...nothing(path, 'notLoaded', note), text: textOf(content), size: content.kind === 'unreadable' ? 0 : sizeOf(content) });
        continue;
      }
      if (remaining === 0) {
        const why = budget === 0 ? 'project_doc_max_bytes is 0: Codex reads no AGENTS.md' : `the ${formatCount(budget)}-byte budget is spent before it`;
        files.push({ ...nothing(path, 'dropped', why), text: textOf(content), size: content.kind === 'unreadable' ? 0 : sizeOf(content), state: 'over' });
        continue;
      }
      if (content.kind === 'unreadable') {
        // A read error ends Codex's search: it sends no project docs at all.
        failure ??= path;
        files.push(nothing(path, 'unreadable', `${content.reason}: Codex fails on it and sends no AGENTS.md instructions`));
        continue;
      }
      const file = spend(path, content, remaining, budget, warnAt);
      if (file.section === '') {
        files.push(file);
        continue;
      }
      if (parts.length > 0) offset += SEPARATOR.length;
      files.push({ ...file, offset });
      parts.push(file.section);
      offset += file.section.length;
      remaining -= file.keptSize;
      demand += file.size;
    }
  }
  if (!folders.has(0)) files.push(nothing(AGENTS, 'absent'));
  for (const name of IGNORED) {
    const content = input.files.get(name);
    const size = content && content.kind !== 'unreadable' ? sizeOf(content) : 0;
    files.push({ ...nothing(name, 'notLoaded', 'not read by Codex: it reads AGENTS.md only'), text: content ? textOf(content) : '', size });
  }
  if (failure !== undefined) return failed(files, failure, budget);
  const state: CapState = demand === 0 ? 'missing' : capState(demand, budget, warnAt);
  return {
    runtime: 'codex',
    unit: 'bytes',
    // Nothing found, nothing sent: Codex adds no message at all.
    text: parts.length > 0 ? codexMessage(cwd, parts.join(SEPARATOR)) : '',
    files,
    found: files.filter((file) => file.section !== '').map((file) => file.name),
    total: { size: budget - remaining, cap: budget, state },
  };
}

/** After a read error Codex sends nothing: every file it would have sent is dropped. */
function failed(files: FileMeasure[], failure: string, budget: number): Composition {
  const note = `a read error in ${failure} stops Codex: no AGENTS.md instructions are sent`;
  const dropped = files.map((file): FileMeasure =>
    file.section === ''
      ? file
      : { ...file, status: 'dropped', kept: [], dropped: [{ start: 0, end: file.text.length }], keptSize: 0, droppedSize: file.size, section: '', offset: -1, note },
  );
  return { runtime: 'codex', unit: 'bytes', text: '', files: dropped, found: [], total: { size: 0, cap: budget, state: 'over' } };
}

export const codex: RuntimeProfile = {
  id: 'codex',
  label: 'Codex CLI',
  description: 'AGENTS.md only, 32 KiB in all, cut at the byte',
  unit: 'bytes',
  fileNames: [OVERRIDE, AGENTS],
  filesToRead,
  readLimit: READ_LIMIT,
  compose,
};
