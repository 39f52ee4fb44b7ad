// A persona folder as git holds it at a revision, and a file's size over its commits:
// git is spawned without a shell, read-only, each call bounded in time and output.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { measureFileSize, SizePoint } from './forecast';
import type { FileContent, PersonaInput, RuntimeOptions, RuntimeProfile } from './runtimes/profile';

/** A condition of the repository the user can act on: one line, nothing written. */
export class GitError extends Error {}

export const GIT_TIMEOUT_MS = 30_000;
/** Most bytes of what git prints for anything but a file's content. */
const LISTING_LIMIT = 4 * 1024 * 1024;

export interface GitRepo {
  /** The work tree's top folder. */
  readonly root: string;
  /** The persona folder relative to `root`, `/`-separated, '' or ending in `/`. */
  readonly prefix: string;
  readonly shallow: boolean;
}

interface Output {
  readonly status: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
  /** The output went past `maxBuffer`: `stdout` holds at least its first `maxBuffer` bytes. */
  readonly overflow: boolean;
}

function git(cwd: string, args: readonly string[], options: { maxBuffer?: number; input?: string } = {}): Output {
  // No optional locks (nothing written to .git), no fsmonitor hook, no globbing of paths.
  const argv = ['-c', 'core.fsmonitor=false', '-c', 'core.quotepath=false', '--literal-pathspecs', '--no-pager', ...args];
  const result = spawnSync('git', argv, {
    cwd,
    input: options.input,
    maxBuffer: options.maxBuffer ?? LISTING_LIMIT,
    timeout: GIT_TIMEOUT_MS,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') throw new GitError('git is not installed (or not on PATH): it is needed to read earlier revisions');
  if (code === 'ETIMEDOUT') throw new GitError(`git ${args[0]} took longer than ${GIT_TIMEOUT_MS / 1000} s; stopped`);
  if (result.error && code !== 'ENOBUFS') throw result.error;
  return { status: result.status, stdout: result.stdout ?? Buffer.alloc(0), stderr: (result.stderr ?? Buffer.alloc(0)).toString('utf8'), overflow: code === 'ENOBUFS' };
}

/** The output as text, or a GitError with git's first line. */
function gitText(cwd: string, args: readonly string[], input?: string): string {
  const result = git(cwd, args, { input });
  if (result.overflow) throw new GitError(`git ${args[0]} printed more than ${LISTING_LIMIT / 1024 / 1024} MB; stopped`);
  if (result.status !== 0) throw new GitError(`git ${args[0]}: ${firstLine(result.stderr) || `exit ${result.status}`}`);
  return result.stdout.toString('utf8');
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.replace(/^(fatal|error): /, '') ?? ''
  );
}

/** The repository `dir` is in (a submodule's own, when `dir` is in one). */
export function gitRepoOf(dir: string): GitRepo {
  const result = git(dir, ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository', '--show-toplevel', '--show-prefix']);
  if (result.status !== 0) {
    const reason = firstLine(result.stderr);
    throw new GitError(/not a git repository/i.test(reason) ? `${dir}: not in a git repository` : `${dir}: ${reason}`);
  }
  const [inside, shallow, root, prefix] = result.stdout.toString('utf8').split('\n');
  if (inside !== 'true') throw new GitError(`${dir}: inside a .git folder, not a work tree`);
  return { root, prefix: prefix ?? '', shallow: shallow === 'true' };
}

/** The commit `rev` names, or a GitError saying why there is none. */
export function resolveCommit(repo: GitRepo, rev: string): string {
  const found = git(repo.root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  if (found.status === 0) return found.stdout.toString('utf8').trim();
  if (git(repo.root, ['rev-parse', '--verify', '--quiet', 'HEAD']).status !== 0) {
    throw new GitError(`${repo.root}: no commits yet, so there is no ${rev} to compare with`);
  }
  if (repo.shallow) throw new GitError(`${rev}: not in this shallow clone (fetch the history: actions/checkout with fetch-depth: 0)`);
  throw new GitError(`${rev}: no such revision`);
}

export interface TreeEntry {
  readonly mode: string;
  readonly type: string;
  readonly object: string;
  readonly size: number;
}

export interface InputAtRevision {
  readonly input: PersonaInput;
  readonly commit: string;
  /** What was not read as the runtime would have, one line each ("SOUL.md at a1b2c3d: a submodule, not read"). */
  readonly notes: readonly string[];
}

/**
 * The files `profile` reads from `dir` as they were at `rev`: each blob bounded by the
 * profile's read limit (its size from the tree), a link, a folder or a submodule unreadable.
 * Project-root markers (`.git`) are looked for in the work tree, where they live.
 */
export function readPersonaInputAt(dir: string, profile: RuntimeProfile, rev: string): InputAtRevision {
  const absolute = path.resolve(dir);
  const repo = gitRepoOf(absolute);
  const commit = resolveCommit(repo, rev);
  const short = commit.slice(0, 7);
  const listings = new Map<string, Map<string, TreeEntry>>();
  const entry = (relative: string): TreeEntry | undefined => {
    const inRepo = path.posix.normalize(repo.prefix + relative);
    if (inRepo.startsWith('../') || inRepo === '..') return undefined;
    const folder = path.posix.dirname(inRepo);
    if (!listings.has(folder)) listings.set(folder, listTree(repo.root, commit, folder === '.' ? '' : folder + '/'));
    return listings.get(folder)?.get(path.posix.basename(inRepo));
  };
  const exists = (relative: string) => (path.posix.basename(relative) === '.git' ? fs.existsSync(path.join(absolute, relative)) : entry(relative) !== undefined);
  const files = new Map<string, FileContent>();
  const notes: string[] = [];
  for (const relative of profile.filesToRead(absolute, exists)) {
    const found = entry(relative);
    if (!found) continue;
    const content = found.mode === LINK_MODE ? linkedContent(repo.root, relative, found, entry, profile.readLimit) : contentOf(repo.root, found, profile.readLimit);
    if (content.kind === 'unreadable' && !content.symlink) notes.push(`${relative} at ${short}: ${content.reason}, not read`);
    files.set(relative, content);
  }
  return { input: { dir: absolute, files }, commit, notes };
}

/** The entries of `folder` (`''` or ending in `/`, relative to the root) at `commit`, by name. */
export function listTree(root: string, commit: string, folder: string): Map<string, TreeEntry> {
  const text = gitText(root, ['ls-tree', '-z', '--long', '--full-tree', commit, '--', ...(folder === '' ? [] : [folder])]);
  const entries = new Map<string, TreeEntry>();
  for (const record of text.split('\0')) {
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(\d+|-)\t(.*)$/s.exec(record);
    if (!match) continue;
    const [, mode, type, object, size, name] = match;
    entries.set(path.posix.basename(name), { mode, type, object, size: size === '-' ? 0 : Number(size) });
  }
  return entries;
}

export const LINK_MODE = '120000';
/** Most bytes of a link's target path that are read. */
export const LINK_LIMIT = 4096;

/**
 * What a symbolic link at the revision leads to, followed once inside the repository as the
 * work tree would follow it, marked `symlink` (OpenClaw refuses it; the others read it).
 */
function linkedContent(root: string, relative: string, link: TreeEntry, entry: (relative: string) => TreeEntry | undefined, limit: number): FileContent {
  const target = new TextDecoder().decode(readBlob(root, link.object, link.size, LINK_LIMIT));
  if (path.posix.isAbsolute(target)) return { kind: 'unreadable', reason: 'a symbolic link to an absolute path (not followed in history)', symlink: true };
  const joined = path.posix.join(path.posix.dirname(relative), target);
  const found = entry(joined);
  // Leading nowhere, a link is a name the runtime finds and cannot read, as the work tree's reader has it.
  if (!found) return { kind: 'unreadable', reason: 'ENOENT', symlink: true };
  // Where it leads relative to the persona folder, as the work tree's reader says it.
  return { ...contentOf(root, found, limit), symlink: true, linkTarget: joined };
}

function contentOf(root: string, entry: TreeEntry, limit: number): FileContent {
  if (entry.type === 'commit') return { kind: 'unreadable', reason: 'a submodule' };
  if (entry.type !== 'blob') return { kind: 'unreadable', reason: 'a directory' };
  if (entry.mode === LINK_MODE) return { kind: 'unreadable', reason: 'a link to a link (not followed in history)', symlink: true };
  return { kind: 'bytes', bytes: readBlob(root, entry.object, entry.size, limit), size: entry.size };
}

/** At most `limit` bytes of a blob: git is stopped once it has printed that many. */
export function readBlob(root: string, object: string, size: number, limit: number): Uint8Array {
  const wanted = Math.min(size, limit);
  const result = git(root, ['cat-file', 'blob', object], { maxBuffer: Math.max(wanted, 1) });
  if (!result.overflow && result.status !== 0) throw new GitError(`git cat-file: ${firstLine(result.stderr) || `exit ${result.status}`}`);
  const bytes = result.stdout.subarray(0, wanted);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * Files of the persona folder git sees renamed between `commit` and the work tree:
 * new name (relative to the folder) → old name. Untracked files are not seen.
 */
export function renamesSince(dir: string, commit: string): Map<string, string> {
  const repo = gitRepoOf(path.resolve(dir));
  const result = git(repo.root, ['diff', '-M', '--name-status', '-z', '--no-ext-diff', '--no-textconv', commit, '--', repo.prefix === '' ? '.' : repo.prefix]);
  // More changes than a listing holds (a persona at the top of a huge repository): no renames named.
  if (result.overflow) return new Map();
  if (result.status !== 0) throw new GitError(`git diff: ${firstLine(result.stderr) || `exit ${result.status}`}`);
  const fields = result.stdout.toString('utf8').split('\0');
  const renames = new Map<string, string>();
  for (let i = 0; i < fields.length;) {
    const status = fields[i];
    if (status.startsWith('R') || status.startsWith('C')) {
      const [from, to] = [fields[i + 1], fields[i + 2]];
      if (status.startsWith('R') && to.startsWith(repo.prefix)) renames.set(to.slice(repo.prefix.length), path.posix.relative(repo.prefix || '.', from));
      i += 3;
    } else i += 2;
  }
  return renames;
}

export interface SizeHistory {
  /** Oldest first: the file's size in the runtime's unit at each commit that changed it. */
  readonly points: readonly SizePoint[];
  /** Lines about what the history leaves out (a shallow clone, the commit limit). */
  readonly notes: readonly string[];
}

export interface HistoryOptions {
  readonly days?: number;
  readonly maxCommits?: number;
  /** Milliseconds since the epoch; the window ends here. */
  readonly now?: number;
}

export const HISTORY_DAYS = 90;
export const HISTORY_MAX_COMMITS = 100;

/**
 * The size of `name` (relative to `dir`) at each of the last commits that changed it
 * within `days` by commit date, at most `maxCommits`, measured as `profile` measures it.
 * A file renamed in that time has its history from the rename on.
 */
export function readSizeHistory(dir: string, profile: RuntimeProfile, options: RuntimeOptions, name: string, history: HistoryOptions = {}): SizeHistory {
  const absolute = path.resolve(dir);
  const repo = gitRepoOf(absolute);
  const notes: string[] = [];
  if (git(repo.root, ['rev-parse', '--verify', '--quiet', 'HEAD']).status !== 0) return { points: [], notes: ['no commits yet'] };
  const days = history.days ?? HISTORY_DAYS;
  const maxCommits = history.maxCommits ?? HISTORY_MAX_COMMITS;
  const since = new Date((history.now ?? Date.now()) - days * 24 * 60 * 60 * 1000).toISOString();
  const file = path.posix.normalize(repo.prefix + name);
  // `cat-file --batch-check` reads one name a line.
  if (file.includes('\n')) return { points: [], notes: [`${name}: a path with a line break, its history is not read`] };
  const log = gitText(repo.root, ['log', '-z', `--max-count=${maxCommits + 1}`, `--since=${since}`, '--format=%H %ct', 'HEAD', '--', file]);
  const commits = log
    .split('\0')
    .filter(Boolean)
    .map((line) => ({ commit: line.slice(0, line.indexOf(' ')), date: Number(line.slice(line.indexOf(' ') + 1)) * 1000 }));
  if (commits.length > maxCommits) {
    commits.length = maxCommits;
    notes.push(`only the last ${maxCommits} commits that changed ${name} are read`);
  }
  if (repo.shallow) notes.push('a shallow clone: only the commits it holds are read (fetch-depth: 0 brings them all)');
  const check = gitText(repo.root, ['cat-file', '--batch-check'], commits.map(({ commit }) => `${commit}:${file}\n`).join(''));
  const objects = check.split('\n').slice(0, commits.length);
  const sizes = new Map<string, number | undefined>();
  const points: SizePoint[] = [];
  for (let i = commits.length - 1; i >= 0; i--) {
    const [object, type, bytes] = objects[i].split(' ');
    // Deleted at this commit, or not a file there: no point.
    if (type !== 'blob') continue;
    if (!sizes.has(object)) sizes.set(object, measureFileSize(profile, options, absolute, name, readBlobContent(repo.root, object, Number(bytes), profile.readLimit)));
    const size = sizes.get(object);
    if (size !== undefined) points.push({ date: commits[i].date, size });
  }
  return { points, notes };
}

function readBlobContent(root: string, object: string, size: number, limit: number): FileContent {
  return { kind: 'bytes', bytes: readBlob(root, object, size, limit), size };
}
