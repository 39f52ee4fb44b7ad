// The skill folders of one OpenClaw persona (`skills/`, `.agents/skills/`), walked once
// through VS Code's file system within the core's own bounds, and a synchronous reader over
// that walk and the SKILL.md contents read so far, for the core's composeSkills. A link to a
// folder is followed, as OpenClaw follows it, when its real path lies inside the workspace
// folder (a local disk says where links lead); one leading outside is never read, only named.
// A loop ends at the walk's depth and listing bounds.
import * as vscode from 'vscode';
import type { FileContent } from '../../core';
import { MAX_CANDIDATES_PER_ROOT, MAX_GROUPED_DEPTH, MAX_SKILL_FILE_BYTES } from '../../core/skills';
import type { SkillDirEntry, SkillFileRead, SkillNotice, SkillReader } from '../../core/skills';
import { realPath } from '../platform';
import { expectFileSystemError } from '../util/log';

/** The roots OpenClaw 2026.9.6 reads in a workspace, relative to it. */
export const SKILL_ROOTS = ['.agents/skills', 'skills'] as const;
/** Bytes read of a SKILL.md: one past OpenClaw's limit tells a file over it. */
export const SKILL_READ_LIMIT = MAX_SKILL_FILE_BYTES + 1;
/** Folders listed per root at most, as the core's scan budget allows. */
const MAX_LISTINGS = MAX_CANDIDATES_PER_ROOT * MAX_GROUPED_DEPTH;
const MAX_ENTRIES_PER_LISTING = 10_000;
/** Entries of a listing the core reads (as OpenClaw: ten per candidate, 1,000 to 10,000): only their folders are walked. */
const ENTRIES_LOOKED_AT = Math.min(10_000, Math.max(1_000, MAX_CANDIDATES_PER_ROOT * 10));
/** A nested `skills/skills`, then groups: deeper than the core ever looks. */
const MAX_DEPTH = MAX_GROUPED_DEPTH + 2;

/** What the walk saw: every folder listed, with its entries as the core reads them. */
export interface SkillTree {
  readonly folders: ReadonlyMap<string, readonly SkillDirEntry[]>;
  /** Listings cut at their limit. */
  readonly truncated: ReadonlySet<string>;
  /** Files seen, by path. */
  readonly files: ReadonlySet<string>;
  readonly notices: readonly SkillNotice[];
  /** Real paths (links resolved) of the folders listed and the linked files, where they differ from the path. */
  readonly reals?: ReadonlyMap<string, string>;
  /** Links that lead nowhere (dangling: `ENOENT`, a loop: `ELOOP`), with the error. */
  readonly broken?: ReadonlyMap<string, string>;
  /** Links to folders not followed: outside the workspace (their real path), or unresolvable here (''). */
  readonly outside?: ReadonlyMap<string, string>;
}

const join = (dir: string, name: string) => `${dir}/${name}`;

type Resolve = (path: string) => Promise<string>;

/** A local folder's real path; elsewhere (no local disk) nothing is a link and a path is its own. */
function resolverFor(folder: vscode.Uri): Resolve | undefined {
  if (folder.scheme !== 'file' || !realPath) return undefined;
  const resolve = realPath;
  return async (path) => (await resolve(folder.with({ path }).fsPath)).replace(/\\/g, '/').replace(/^([A-Za-z]:)/, '/$1');
}

const errorCode = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') throw error;
  return code;
};

const inside = (root: string, path: string) => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * Lists the skill roots of `folder`, breadth first, within the bounds. `roots` (absolute, read
 * in `folder`'s scheme) are the machine's, outside the workspace: a link is then followed only
 * while it stays inside its own root, as OpenClaw itself refuses one leading out.
 */
export async function walkSkillRoots(folder: vscode.Uri, resolve = resolverFor(folder), roots?: readonly string[]): Promise<SkillTree> {
  const folders = new Map<string, SkillDirEntry[]>();
  const truncated = new Set<string>();
  const files = new Set<string>();
  const notices: SkillNotice[] = [];
  const reals = new Map<string, string>();
  const broken = new Map<string, string>();
  const outside = new Map<string, string>();
  const workspace = vscode.workspace.getWorkspaceFolder(folder)?.uri ?? folder;
  const workspaceReal = resolve && (await resolve(workspace.path).catch((error) => (errorCode(error), undefined)));
  /** Where a link leads: its real path, or the error that ends it (a loop, nothing there). */
  const follow = async (path: string): Promise<{ real: string } | { code: string }> => {
    if (!resolve) return { code: '' };
    try {
      return { real: await resolve(path) };
    } catch (error) {
      return { code: errorCode(error) };
    }
  };
  const leftOutside = (path: string, real: string) => {
    outside.set(path, real);
    notices.push({ path, message: roots ? vscode.l10n.t('a link outside its skills folder: not read') : vscode.l10n.t('a link outside the workspace: not read') });
  };
  for (const top of roots ?? SKILL_ROOTS.map((root) => join(folder.path, root))) {
    const topReal = resolve ? await follow(top) : { real: top };
    if (!('real' in topReal)) continue; // Absent (most personas have no skills), or a link to nothing.
    const boundary = roots ? topReal.real : workspaceReal;
    if (!roots && workspaceReal !== undefined && !inside(workspaceReal, topReal.real)) {
      leftOutside(top, topReal.real);
      continue;
    }
    const queue = [{ path: top, real: topReal.real, depth: 0 }];
    let listings = 0;
    for (const item of queue) {
      if (listings++ >= MAX_LISTINGS) {
        notices.push({ path: item.path, message: vscode.l10n.t('not listed: the skill folders hold more than OpenClaw scans') });
        break;
      }
      let listed: [string, vscode.FileType][];
      try {
        listed = await vscode.workspace.fs.readDirectory(folder.with({ path: item.path }));
      } catch (error) {
        expectFileSystemError(error); // Absent (most personas have no skills), or not a folder.
        continue;
      }
      if (listed.length > MAX_ENTRIES_PER_LISTING) truncated.add(item.path);
      if (item.real !== item.path) reals.set(item.path, item.real);
      const entries: SkillDirEntry[] = [];
      const children: { name: string; real: string }[] = [];
      for (const [at, [name, type]] of listed.slice(0, MAX_ENTRIES_PER_LISTING).entries()) {
        const path = join(item.path, name);
        const looked = item.depth < MAX_DEPTH && at < ENTRIES_LOOKED_AT && !name.startsWith('.') && name !== 'node_modules';
        if (type & vscode.FileType.SymbolicLink) {
          entries.push({ name, kind: 'symlink' });
          const isFolder = (type & vscode.FileType.Directory) !== 0;
          if (isFolder && !looked) continue; // The core never looks into it either.
          if (type & vscode.FileType.File && name !== 'SKILL.md') {
            files.add(path); // Never read as a skill: where it leads does not matter.
            continue;
          }
          // Resolved from the parent's real path: the same answer, and short however deep a loop goes.
          const target = await follow(join(item.real, name));
          if (!('real' in target)) {
            if (target.code) broken.set(path, target.code);
            else if (isFolder) {
              outside.set(path, '');
              notices.push({ path, message: vscode.l10n.t('a link to a folder: not followed here, so its skills are not shown') });
            } else if (type & vscode.FileType.File) files.add(path);
          } else if (isFolder && boundary !== undefined && !inside(boundary, target.real)) leftOutside(path, target.real);
          else if (isFolder) children.push({ name, real: target.real });
          else if (type & vscode.FileType.File) {
            files.add(path);
            reals.set(path, target.real);
          }
        } else if (type & vscode.FileType.Directory) {
          entries.push({ name, kind: 'directory' });
          if (looked) children.push({ name, real: join(item.real, name) });
        } else {
          entries.push({ name, kind: type & vscode.FileType.File ? 'file' : 'other' });
          files.add(path);
        }
      }
      folders.set(item.path, entries);
      // The core looks into the first 300 child folders by name (and `skills`): so does the walk.
      children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const looked = children.slice(0, MAX_CANDIDATES_PER_ROOT);
      const nested = children.find((child) => child.name === 'skills');
      if (nested && !looked.includes(nested)) looked.push(nested);
      for (const child of looked) queue.push({ path: join(item.path, child.name), real: child.real, depth: item.depth + 1 });
    }
  }
  return { folders, truncated, files, notices, reals, broken, outside };
}

/** A SKILL.md not read yet: it loads as a skill, so the core asks for what it would read next. */
const STAND_IN = new TextEncoder().encode('---\ndescription: x\n---\n');
const encoded = new WeakMap<FileContent, Uint8Array>();

function bytesOf(content: FileContent & { kind: 'text' }): Uint8Array {
  let bytes = encoded.get(content);
  if (!bytes) encoded.set(content, (bytes = new TextEncoder().encode(content.text)));
  return bytes;
}

/**
 * The core's reader over a walk and the contents read (`undefined`: absent); every SKILL.md
 * asked for and not yet read goes into `wanted`, and reads as a stand-in skill.
 */
export function treeReader(tree: SkillTree, contents: Pick<ReadonlyMap<string, FileContent | undefined>, 'get' | 'has'>, wanted: Set<string>): SkillReader {
  const isDir = (path: string) => tree.folders.has(path);
  const parent = (path: string) => path.slice(0, path.lastIndexOf('/'));
  /** A path's real path: its own when known, else its folder's with its name. */
  const real = (path: string): string =>
    tree.reals?.get(path) ?? tree.outside?.get(path) ?? (tree.reals?.has(parent(path)) ? tree.reals.get(parent(path)) + path.slice(path.lastIndexOf('/')) : path);
  return {
    list(dir, limit) {
      const entries = tree.folders.get(dir);
      if (!entries) return tree.files.has(dir) ? { error: 'ENOTDIR' } : 'missing';
      return { entries: entries.slice(0, limit), truncated: entries.length > limit || tree.truncated.has(dir) };
    },
    stat(path) {
      const code = tree.broken?.get(path);
      if (code !== undefined) return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : { error: code };
      return isDir(path) || tree.outside?.has(path) ? 'directory' : tree.files.has(path) ? 'file' : 'missing';
    },
    exists: (path) => isDir(path) || tree.files.has(path) || !!tree.broken?.has(path) || !!tree.outside?.has(path),
    realPath: (path) => (isDir(path) || tree.files.has(path) || tree.outside?.get(path) ? real(path) : undefined),
    readFile(path, limit): SkillFileRead {
      if (isDir(path)) return { kind: 'notFile' };
      if (!tree.files.has(path)) return { kind: 'missing' };
      if (!contents.has(path)) {
        wanted.add(path);
        return { kind: 'bytes', bytes: STAND_IN, size: STAND_IN.length, links: 1 };
      }
      const content = contents.get(path);
      if (!content) return { kind: 'missing' };
      if (content.kind === 'unreadable') return content.reason === 'a directory' ? { kind: 'notFile' } : { kind: 'unreadable', reason: content.reason };
      const bytes = content.kind === 'text' ? bytesOf(content) : content.bytes;
      const size = content.kind === 'text' ? bytes.length : Math.max(content.size, bytes.length);
      return { kind: 'bytes', bytes: bytes.subarray(0, limit + 1), size, links: 1 };
    },
  };
}

/** Two walks as one (the workspace's and the machine's roots), for one reader. */
export function mergeTrees(a: SkillTree, b: SkillTree): SkillTree {
  const union = <K, V>(x?: ReadonlyMap<K, V>, y?: ReadonlyMap<K, V>) => new Map([...(x ?? []), ...(y ?? [])]);
  return {
    folders: union(a.folders, b.folders),
    truncated: new Set([...a.truncated, ...b.truncated]),
    files: new Set([...a.files, ...b.files]),
    notices: [...a.notices, ...b.notices],
    reals: union(a.reals, b.reals),
    broken: union(a.broken, b.broken),
    outside: union(a.outside, b.outside),
  };
}
