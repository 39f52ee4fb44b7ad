// What the extension does differently where it runs: this file is Node's extension host
// (desktop, remote, code-server), with the local disk at hand; the browser build
// (scripts/webBuild.mjs) puts platform/web.ts in its place for the web worker host of
// github.dev and vscode.dev. No vscode import here, so plain Node tests can load it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EntryKind } from '../../core/discovery';
import { readNewestReport as newestReport } from '../../core/openclawSessionStore';
import { linkLeadingOutside as linkOutside, onPath, readConfigFile, readHandleBounded } from '../../core/nodeFs';
import { TokenEngine } from '../tokens/engine';
import type * as SecretsModule from '../../core/secrets/bundle';

export type SecretsBundle = typeof SecretsModule;

/** Which extension host this build runs in, for the log. */
export const HOST_KIND: string = 'Node extension host';

/**
 * At most `limit` first bytes of a local file, `expected` sizing the first buffer; only
 * what is asked for is read, however large the file. Undefined where the host has no
 * local disk: callers then read through vscode.workspace.fs.
 */
export const readFileStart: ((fsPath: string, limit: number, expected?: number) => Promise<Uint8Array>) | undefined = async (fsPath, limit, expected = limit) => {
  // Non-blocking, so a FIFO that slipped past a stat cannot hang the extension host.
  const handle = await fs.promises.open(fsPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    return await readHandleBounded(handle, limit, expected);
  } finally {
    await handle.close();
  }
};

/** Whether a local path exists, at once (runtimes that look upward for `.git` ask). Undefined without a local disk. */
export const pathExistsNow: ((fsPath: string) => boolean) | undefined = (fsPath) => fs.existsSync(fsPath);

/**
 * A user's own config file outside the workspace (`~/` is their home), as text: a regular file
 * of at most 1 MB, opened without blocking (a FIFO or /dev/zero is refused). Undefined without a local disk.
 */
export const readUserFile: ((file: string) => Promise<string>) | undefined = readConfigFile;

/** A local path with its links resolved. Undefined without a local disk (nothing there is a link). */
export const realPath: ((fsPath: string) => Promise<string>) | undefined = (fsPath) => fs.promises.realpath(fsPath);

/** Where a local file that is a link leads, when that is outside `root`. Undefined without a local disk. */
export const linkLeadingOutside: ((file: string, root: string) => Promise<string | undefined>) | undefined = linkOutside;

/**
 * A local folder's entries, listed in the extension host itself: a round trip through
 * VS Code for each of thousands of folders costs milliseconds apiece. A link to a folder
 * is `linkedDirectory`, so discovery can refuse to follow it out of the workspace.
 * Undefined without a local disk.
 */
export const listLocalFolder: ((fsPath: string) => Promise<ReadonlyArray<readonly [string, EntryKind]>>) | undefined = async (fsPath) => {
  const entries = await fs.promises.readdir(fsPath, { withFileTypes: true });
  return Promise.all(
    entries.map(async (entry) => {
      if (!entry.isSymbolicLink()) return [entry.name, entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other'] as const;
      const target = await fs.promises.stat(path.join(fsPath, entry.name)).catch(() => undefined);
      const kind: EntryKind = target?.isDirectory() ? 'linkedDirectory' : target?.isFile() ? 'file' : 'other';
      return [entry.name, kind] as const;
    }),
  );
};

/**
 * What stays the same when a local folder is renamed or moved on its disk (its device
 * and inode), so a preview can follow it; undefined once it is gone. Undefined without a local disk.
 */
export const folderIdentity: ((fsPath: string) => Promise<string | undefined>) | undefined = async (fsPath) => {
  const stat = await fs.promises.stat(fsPath, { bigint: true }).catch(() => undefined);
  return stat?.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
};

/** The Node that runs the bundled CLI for the check task. Undefined where there is no process to start. */
export const nodeExecutable: string | undefined = process.execPath;

/** The token counter, a worker thread holding the tokenizer. Undefined where none can be started: no counts show there. */
export const createTokenEngine: ((workerPath: string) => TokenEngine) | undefined = (workerPath) => new TokenEngine(workerPath);

/**
 * Creates a local file only where no entry of that name exists (O_CREAT | O_EXCL, which
 * also refuses a link): a file that appears meanwhile is never truncated. False when one
 * was there; the folder is made first when needed.
 */
export const createFileExclusive: ((fsPath: string, bytes: Uint8Array) => Promise<boolean>) | undefined = async (fsPath, bytes) => {
  await fs.promises.mkdir(path.dirname(fsPath), { recursive: true });
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(fsPath, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
  return true;
};

/**
 * The `package.json` of the OpenClaw installed here, found without running anything: the
 * package the `openclaw` command on PATH belongs to, else npm's global folders. Each read is
 * bounded (a config file's limit); undefined when none is found or without a local disk.
 */
export const installedOpenClaw: (() => Promise<{ readonly manifest: string; readonly where: string } | undefined>) | undefined = async () => {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir));
  const candidates: string[] = [];
  for (const dir of dirs) {
    const command = await fs.promises.realpath(path.join(dir, 'openclaw')).catch(() => undefined);
    // npm links `bin/openclaw` to a file inside the package: its folder, or one above, holds package.json.
    for (let at = command && path.dirname(command), up = 0; at && up < 4; at = path.dirname(at), up++) candidates.push(path.join(at, 'package.json'));
  }
  const globalRoots = [
    ...dirs.map((dir) => path.join(dir, '..', 'lib', 'node_modules')),
    path.join(os.homedir(), '.npm-global', 'lib', 'node_modules'),
    '/usr/local/lib/node_modules',
    '/usr/lib/node_modules',
  ];
  if (process.env.npm_config_prefix) globalRoots.unshift(path.join(process.env.npm_config_prefix, 'lib', 'node_modules'));
  candidates.push(...globalRoots.map((root) => path.join(root, 'openclaw', 'package.json')));
  for (const candidate of [...new Set(candidates)]) {
    const manifest = await readConfigFile(candidate).catch(() => undefined);
    if (manifest !== undefined && /"name"\s*:\s*"openclaw"/.test(manifest)) return { manifest, where: path.dirname(candidate) };
  }
  return undefined;
};

/**
 * Where a local name that is a link leads, for the runtimes that judge links: all links
 * resolved, relative to the link's own folder with `/` (`../x.md` when it leads out), or
 * undefined when it leads nowhere (dangling, a loop). Undefined without a local disk.
 */
export const linkTargetOf: ((fsPath: string) => Promise<string | undefined>) | undefined = async (fsPath) => {
  // Leading nowhere is an answer, not an error: the runtime sees no file there either.
  const [real, folder] = await Promise.all([fs.promises.realpath(fsPath).catch(() => undefined), fs.promises.realpath(path.dirname(fsPath)).catch(() => undefined)]);
  return real === undefined || folder === undefined ? undefined : path.relative(folder, real).split(path.sep).join('/');
};

/** Whether a local name is a link (even one leading nowhere). Undefined without a local disk. */
export const isLinkNow: ((fsPath: string) => Promise<boolean>) | undefined = async (fsPath) => (await fs.promises.lstat(fsPath).catch(() => undefined))?.isSymbolicLink() === true;

/**
 * The secret detector (dist/secrets.js beside extension.js), required on the first scan.
 * Undefined where nothing can be required: the caller evaluates dist/web/secrets.js itself.
 */
export const requireSecrets: (() => SecretsBundle) | undefined = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../util/secretsDetector') as SecretsBundle;

/** The home folder (`/`-separated), under which OpenClaw writes a skill's location `~/…`. Undefined without a local disk. */
export const homeFolder: string | undefined = os.homedir().replace(/\\/g, '/');

/** The newest report of an agent's runs in OpenClaw's session store (it needs node:sqlite). Undefined without a local disk. */
export const readNewestReport: typeof newestReport | undefined = newestReport;

/** The extension host's Node version ("20.19.1"), which decides whether node:sqlite is there. Undefined without Node. */
export const nodeVersion: (() => string) | undefined = () => process.versions.node;
/** The extension host's environment, where OpenClaw's variables ($OPENCLAW_CONFIG_PATH…) are. Undefined without a process. */
export const processEnv: Readonly<Record<string, string | undefined>> | undefined = process.env;

/** This machine's OS and PATH, as OpenClaw running here would gate a skill by them. Undefined without a local disk. */
export const skillMachine: { readonly platform: string; readonly hasBin: (name: string) => boolean } | undefined = { platform: process.platform, hasBin: onPath };
