// The skill folders of one OpenClaw persona (`skills/`, `.agents/skills/`), walked once
// through VS Code's file system within the core's own bounds, and a synchronous reader over
// that walk and the SKILL.md contents read so far, for the core's composeSkills. Links to
// folders are not followed (noted instead): the walk never leaves the workspace, and a loop
// cannot hold it.
import * as vscode from 'vscode';
import type { FileContent } from '../../core';
import { MAX_CANDIDATES_PER_ROOT, MAX_GROUPED_DEPTH, MAX_SKILL_FILE_BYTES } from '../../core/skills';
import type { SkillDirEntry, SkillFileRead, SkillNotice, SkillReader } from '../../core/skills';
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
}

const join = (dir: string, name: string) => `${dir}/${name}`;

/** Lists the skill roots of `folder`, breadth first, within the bounds. */
export async function walkSkillRoots(folder: vscode.Uri): Promise<SkillTree> {
  const folders = new Map<string, SkillDirEntry[]>();
  const truncated = new Set<string>();
  const files = new Set<string>();
  const notices: SkillNotice[] = [];
  for (const root of SKILL_ROOTS) {
    const queue = [{ path: join(folder.path, root), depth: 0 }];
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
      const entries: SkillDirEntry[] = [];
      const children: string[] = [];
      for (const [at, [name, type]] of listed.slice(0, MAX_ENTRIES_PER_LISTING).entries()) {
        const path = join(item.path, name);
        if (type & vscode.FileType.SymbolicLink && type & vscode.FileType.Directory) {
          notices.push({ path, message: vscode.l10n.t('a link to a folder: not followed here, so its skills are not shown') });
          entries.push({ name, kind: 'other' });
        } else if (type & vscode.FileType.Directory) {
          entries.push({ name, kind: 'directory' });
          if (item.depth < MAX_DEPTH && at < ENTRIES_LOOKED_AT && !name.startsWith('.') && name !== 'node_modules') children.push(name);
        } else {
          entries.push({ name, kind: type & vscode.FileType.File ? 'file' : 'other' });
          files.add(path);
        }
      }
      folders.set(item.path, entries);
      // The core looks into the first 300 child folders by name (and `skills`): so does the walk.
      children.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const looked = children.slice(0, MAX_CANDIDATES_PER_ROOT);
      if (children.includes('skills') && !looked.includes('skills')) looked.push('skills');
      for (const name of looked) queue.push({ path: join(item.path, name), depth: item.depth + 1 });
    }
  }
  return { folders, truncated, files, notices };
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
export function treeReader(tree: SkillTree, contents: ReadonlyMap<string, FileContent | undefined>, wanted: Set<string>): SkillReader {
  const isDir = (path: string) => tree.folders.has(path);
  return {
    list(dir, limit) {
      const entries = tree.folders.get(dir);
      if (!entries) return tree.files.has(dir) ? { error: 'ENOTDIR' } : 'missing';
      return { entries: entries.slice(0, limit), truncated: entries.length > limit || tree.truncated.has(dir) };
    },
    stat: (path) => (isDir(path) ? 'directory' : tree.files.has(path) ? 'file' : 'missing'),
    exists: (path) => isDir(path) || tree.files.has(path),
    realPath: (path) => (isDir(path) || tree.files.has(path) ? path : undefined),
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
