// Node's file system for the parts of the core that touch the disk outside VS Code.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DirectoryReader, EntryKind, fileTheRuntimeReads, isInside } from './discovery';
import { BOOTSTRAP_ORDER, BootstrapName, MAX_FILE_BYTES } from './bootstrap';
import { ComposedSoul, composeFromSources } from './compose';
import { formatCount } from './format';
import { MAX_CONFIG_BYTES } from './runtimes/openclawConfig';
import { OPENCLAW_STATE_FILE, setupCompletedFromState } from './runtimes/openclawState';
import { FileContent, PersonaInput, RuntimeOptions, RuntimeProfile } from './runtimes/profile';
import { decodeUtf8 } from './utf8';
import { templateFor, TemplateName } from './templates';

export const nodeDirectoryReader: DirectoryReader = {
  async readDirectory(dir) {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    return Promise.all(entries.map(async (entry) => [entry.name, await kindOf(dir, entry)] as const));
  },
  join: (dir, name) => path.join(dir, name),
  realPath: (dir) => fs.promises.realpath(dir),
};

async function kindOf(dir: string, entry: fs.Dirent): Promise<EntryKind> {
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return 'other';
  // A link is what it leads to; a broken link or a loop leads nowhere.
  try {
    const target = await fs.promises.stat(path.join(dir, entry.name));
    return target.isDirectory() ? 'linkedDirectory' : 'file';
  } catch {
    return 'file';
  }
}

export type ScaffoldOutcome =
  | { name: TemplateName; outcome: 'created' | 'exists' }
  /** Not created: a name differing only by case is there, which a case-insensitive file system would open instead. */
  | { name: TemplateName; outcome: 'caseVariant'; variants: string[] };

/**
 * Creates each named file from its template with an exclusive create, so a file
 * that exists (even one made a moment ago by someone else) is never overwritten.
 * A name whose case variant is listed (`soul.md` for SOUL.md) is not created.
 */
export function scaffoldFiles(dir: string, names: readonly TemplateName[]): ScaffoldOutcome[] {
  const listed = listNames(dir) ?? new Set<string>();
  return names.map((name): ScaffoldOutcome => {
    const { reads, variants } = fileTheRuntimeReads(listed, name);
    if (reads === undefined && variants.length > 0) return { name, outcome: 'caseVariant', variants };
    try {
      fs.writeFileSync(path.join(dir, name), templateFor(name), { flag: 'wx' });
      return { name, outcome: 'created' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { name, outcome: 'exists' };
      throw error;
    }
  });
}

/**
 * One file as a runtime reads it, never blocking and never reading more than `limit`
 * bytes: only a regular file is read (a FIFO, socket, device or directory is
 * unreadable), and its size comes from the open file's stat. Undefined when absent.
 */
export function readFileBounded(file: string, limit: number): FileContent | undefined {
  const symlink = isSymlink(file);
  const content = readThroughLinks(file, limit);
  // A link leading nowhere is there by name: OpenClaw refuses or misses it, it does not skip it.
  if (!content && symlink) return { kind: 'unreadable', reason: 'ENOENT', symlink };
  return content && symlink ? { ...content, symlink } : content;
}

function isSymlink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Bytes read from a file into one buffer, up to `limit`: sized by the file's stat, and grown
 * when the file turns out longer (it grew since the stat). The one read loop of every bounded
 * read, sync and async: `space()` is where the next read goes, empty once the limit is reached.
 */
export class BoundedBytes {
  private buffer: Uint8Array;
  length = 0;

  constructor(
    private readonly limit: number,
    expected = limit,
  ) {
    this.buffer = new Uint8Array(Math.min(Math.max(expected, 1), limit));
  }

  space(): Uint8Array {
    if (this.length === this.buffer.length && this.length < this.limit) {
      const grown = new Uint8Array(Math.min(this.limit, Math.max(this.length * 2, 65536)));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    return this.buffer.subarray(this.length);
  }

  /** Counts `read` bytes in; false at the end of the file or of the limit. */
  advance(read: number): boolean {
    this.length += read;
    return read > 0 && this.length < this.limit;
  }

  get bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

function readThroughLinks(file: string, limit: number): FileContent | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A broken link or a missing folder is as absent as a missing file.
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { kind: 'unreadable', reason: code ?? String(error) };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { kind: 'unreadable', reason: stat.isDirectory() ? 'a directory' : 'not a regular file' };
    const read = new BoundedBytes(limit, stat.size);
    let space: Uint8Array;
    do space = read.space();
    while (read.advance(fs.readSync(fd, space, 0, space.length, read.length)));
    return { kind: 'bytes', bytes: read.bytes, size: Math.max(stat.size, read.length) };
  } catch (error) {
    return { kind: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A user's config file (openclaw.json; `~/` is the home folder) as text, read as persona
 * files are: a regular file only, opened without blocking, at most MAX_CONFIG_BYTES. Else
 * it rejects with one line, `FILE: no such file` or `FILE: cannot be read (why)`, whose
 * `code` is the why (`ENOENT`, `EACCES`, `not a regular file`, `larger than 1 MB: … bytes`).
 */
export async function readConfigFile(file: string): Promise<string> {
  const absolute = expandHome(file);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(absolute, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    throw configError(file, (error as NodeJS.ErrnoException).code ?? String(error));
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw configError(file, stat.isDirectory() ? 'a directory' : 'not a regular file');
    // One byte past the bound tells a file that grew since the stat.
    const read = await readHandleBounded(handle, MAX_CONFIG_BYTES + 1, stat.size + 1);
    const size = Math.max(stat.size, read.length);
    if (size > MAX_CONFIG_BYTES) throw configError(file, `larger than 1 MB: ${formatCount(size)} bytes`);
    return decodeUtf8(read);
  } finally {
    await handle.close();
  }
}

/** At most `limit` bytes of an open file, from its start (`expected` sizes the first buffer). */
export async function readHandleBounded(handle: fs.promises.FileHandle, limit: number, expected = limit): Promise<Uint8Array> {
  const read = new BoundedBytes(limit, expected);
  let space: Uint8Array;
  do space = read.space();
  while (read.advance((await handle.read(space, 0, space.length, read.length)).bytesRead));
  return read.bytes;
}

/** `readConfigFile` for the CLI, which runs one command and may wait. */
export function readConfigFileSync(file: string): string {
  const content = readFileBounded(expandHome(file), MAX_CONFIG_BYTES + 1);
  if (content === undefined) throw configError(file, 'ENOENT');
  if (content.kind === 'unreadable') throw configError(file, content.reason);
  if (content.kind !== 'bytes') throw new Error('readFileBounded returns bytes or unreadable');
  if (content.size > MAX_CONFIG_BYTES) throw configError(file, `larger than 1 MB: ${formatCount(content.size)} bytes`);
  return decodeUtf8(content.bytes);
}

function expandHome(file: string): string {
  return file === '~' || file.startsWith('~/') ? path.join(os.homedir(), file.slice(1)) : file;
}

function configError(file: string, code: string): Error {
  return Object.assign(new Error(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code})`), { code });
}

/** The files `profile` reads from `dir`, each bounded by its read limit (for `options`); names match exactly. */
export function readPersonaInput(dir: string, profile: RuntimeProfile, options?: RuntimeOptions): PersonaInput {
  const limit = profile.readLimitFor?.(options) ?? profile.readLimit;
  const absolute = path.resolve(dir);
  const listings = new Map<string, Set<string> | undefined>();
  const listed = (folder: string, name: string): boolean => {
    if (!listings.has(folder)) listings.set(folder, listNames(folder));
    const names = listings.get(folder);
    return names === undefined || names.has(name);
  };
  const exists = (relative: string) => fs.existsSync(path.join(absolute, relative));
  const files = new Map<string, FileContent>();
  for (const relative of profile.filesToRead(absolute, exists, options, (folder) => [...(listNames(path.join(absolute, folder)) ?? [])])) {
    const file = path.join(absolute, relative);
    if (!listed(path.dirname(file), path.basename(file))) continue;
    const content = readFileBounded(file, limit);
    if (content) files.set(relative, content.symlink ? withLinkTarget(content, file, absolute) : content);
  }
  return { dir: absolute, files };
}

/** Where a link leads, relative to the persona folder (`../…` when out of it); left out when it leads nowhere. */
function withLinkTarget(content: FileContent, file: string, dir: string): FileContent {
  let target: string;
  let root: string;
  try {
    target = fs.realpathSync(file);
    root = fs.realpathSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR' || code === 'EACCES') return content;
    throw error;
  }
  return { ...content, linkTarget: slashed(path.relative(root, target)) };
}

/** What OpenClaw records of the folder's first-run setup (`.openclaw/workspace-state.json`); undefined when nothing. */
export function readOpenClawSetupCompleted(dir: string): boolean | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, OPENCLAW_STATE_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'EACCES') return undefined;
    throw error;
  }
  return setupCompletedFromState(text);
}

function listNames(dir: string): Set<string> | undefined {
  try {
    return new Set(fs.readdirSync(dir));
  } catch {
    return undefined;
  }
}

/**
 * Reads the bootstrap files of `dir` as raw bytes, at most the cap and one byte of
 * each. A file that cannot be read (absent, a directory, a FIFO, a broken link, no
 * permission) is left out. Names match exactly, even on a file system that ignores case.
 */
export function readBootstrapFiles(dir: string): Map<BootstrapName, Uint8Array> {
  const listed = listNames(dir);
  const files = new Map<BootstrapName, Uint8Array>();
  for (const name of BOOTSTRAP_ORDER) {
    if (listed && !listed.has(name)) continue;
    const content = readFileBounded(path.join(dir, name), MAX_FILE_BYTES + 1);
    // Unreadable files are skipped silently, as the runtime does.
    if (content?.kind === 'bytes') files.set(name, content.bytes);
  }
  return files;
}

/** Reads a persona folder and composes its soul exactly as the runtime does. */
export function composeSoul(dir: string): ComposedSoul {
  return composeFromSources(readBootstrapFiles(dir));
}

/**
 * Where `file` leads when it is a link whose target lies outside `root` (both with
 * links resolved), or undefined when it is no link or stays inside. A broken link
 * answers where it points: once that file exists, the runtime reads it.
 */
export async function linkLeadingOutside(file: string, root: string): Promise<string | undefined> {
  try {
    if (!(await fs.promises.lstat(file)).isSymbolicLink()) return undefined;
  } catch {
    return undefined;
  }
  let target: string;
  try {
    target = await fs.promises.realpath(file);
  } catch {
    try {
      target = path.resolve(path.dirname(file), await fs.promises.readlink(file));
    } catch {
      return undefined;
    }
  }
  let rootReal: string;
  try {
    rootReal = await fs.promises.realpath(root);
  } catch {
    rootReal = path.resolve(root);
  }
  return isInside(slashed(rootReal), slashed(target)) ? undefined : target;
}

function slashed(file: string): string {
  return file.replace(/\\/g, '/');
}

/** Whether `name` is an executable file in a folder of PATH, read now (tests set PATH): how OpenClaw gates a skill's `requires.bins`. */
export function onPath(name: string): boolean {
  if (!name || name.includes('/') || name.includes('\\')) return false;
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      try {
        fs.accessSync(path.join(dir, name + extension), fs.constants.X_OK);
        if (fs.statSync(path.join(dir, name + extension)).isFile()) return true;
      } catch (error) {
        // Absent or not executable there: look in the next folder.
        if (!(error instanceof Error && 'code' in error)) throw error;
      }
    }
  }
  return false;
}
