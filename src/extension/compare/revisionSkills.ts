// An OpenClaw persona's skill folders (`skills/`, `.agents/skills/`) as git holds them at a
// commit, read through the Git extension's API: each folder listed with `buffer` of its tree
// (git show prints a tree's names, a folder's with a trailing `/`), each SKILL.md read as
// the revision's bootstrap files are. Walked as the live walk is (links to folders are not
// followed), and no deeper than the core looks: below a skill's own folder nothing is listed.
import * as vscode from 'vscode';
import type { FileContent } from '../../core';
import { MAX_CANDIDATES_PER_ROOT, MAX_GROUPED_DEPTH, MAX_SKILL_FILE_BYTES } from '../../core/skills/discover';
import type { SkillDirEntry, SkillNotice } from '../../core/skills/types';
import type { SkillTree } from '../model/skillFiles';
import type { GitRepository } from './gitApi';
import { readInputAtRevision } from './revisionInput';

// The live walk's bounds (model/skillFiles.ts), not imported from there: its imports reach the YAML parser.
const SKILL_ROOTS = ['.agents/skills', 'skills'] as const;
/** Bytes read of a SKILL.md: one past OpenClaw's limit tells a file over it. */
const SKILL_READ_LIMIT = MAX_SKILL_FILE_BYTES + 1;
const MAX_LISTINGS = MAX_CANDIDATES_PER_ROOT * MAX_GROUPED_DEPTH;
const MAX_ENTRIES_PER_LISTING = 10_000;
const ENTRIES_LOOKED_AT = Math.min(10_000, Math.max(1_000, MAX_CANDIDATES_PER_ROOT * 10));
const MAX_DEPTH = MAX_GROUPED_DEPTH + 2;
const TREE_MODE = '040000';

/** The names `git show COMMIT:PATH` prints for a tree; undefined when it printed something else. */
export function treeNames(printed: string): string[] | undefined {
  if (!printed.startsWith('tree ')) return undefined;
  const lines = printed.split('\n');
  if (lines[1] !== '') return undefined;
  return lines.slice(2).filter((line) => line !== '');
}

async function isTree(repository: GitRepository, commit: string, path: string): Promise<boolean> {
  try {
    return (await repository.getObjectDetails(commit, path)).mode === TREE_MODE;
  } catch (error) {
    // The Git extension's own error for a path the tree does not hold: no such root then.
    if ((error as { gitErrorCode?: unknown }).gitErrorCode === 'UnknownPath') return false;
    throw error;
  }
}

/** The skill roots of `folder` at `commit`, breadth first, within the core's bounds; undefined outside the repository. */
export async function walkSkillRootsAt(repository: GitRepository, commit: string, folder: vscode.Uri): Promise<SkillTree | undefined> {
  const root = repository.rootUri.path.replace(/\/$/, '');
  if (folder.path !== root && !folder.path.startsWith(`${root}/`)) return undefined;
  const inRepository = (path: string) => path.slice(root.length + 1);
  const folders = new Map<string, SkillDirEntry[]>();
  const truncated = new Set<string>();
  const files = new Set<string>();
  const notices: SkillNotice[] = [];
  for (const skillRoot of SKILL_ROOTS) {
    const top = `${folder.path}/${skillRoot}`;
    if (!(await isTree(repository, commit, inRepository(top)))) continue;
    const queue = [{ path: top, depth: 0 }];
    let listings = 0;
    for (const item of queue) {
      if (listings++ >= MAX_LISTINGS) {
        notices.push({ path: item.path, message: vscode.l10n.t('not listed: the skill folders hold more than OpenClaw scans') });
        break;
      }
      const names = treeNames(new TextDecoder().decode(await repository.buffer(commit, inRepository(item.path))));
      if (!names) continue;
      if (names.length > MAX_ENTRIES_PER_LISTING) truncated.add(item.path);
      const entries: SkillDirEntry[] = [];
      const children: string[] = [];
      for (const [at, listed] of names.slice(0, MAX_ENTRIES_PER_LISTING).entries()) {
        const isFolder = listed.endsWith('/');
        const name = isFolder ? listed.slice(0, -1) : listed;
        entries.push({ name, kind: isFolder ? 'directory' : 'file' });
        if (!isFolder) files.add(`${item.path}/${name}`);
        else if (item.depth < MAX_DEPTH && at < ENTRIES_LOOKED_AT && !name.startsWith('.') && name !== 'node_modules') children.push(name);
      }
      folders.set(item.path, entries);
      // A skill's own folder: the core loads its SKILL.md and looks no further down.
      if (item.depth > 0 && entries.some((entry) => entry.name === 'SKILL.md')) continue;
      children.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const looked = children.slice(0, MAX_CANDIDATES_PER_ROOT);
      if (children.includes('skills') && !looked.includes('skills')) looked.push('skills');
      for (const name of looked) queue.push({ path: `${item.path}/${name}`, depth: item.depth + 1 });
    }
  }
  return { folders, truncated, files, notices };
}

/** A SKILL.md at `commit` (absolute path under `folder`), read as the revision's bootstrap files are; undefined when absent. */
export async function skillFileAt(repository: GitRepository, commit: string, folder: vscode.Uri, path: string): Promise<FileContent | undefined> {
  const name = path.slice(folder.path.length + 1);
  const { input } = await readInputAtRevision(repository, commit, folder, [name], SKILL_READ_LIMIT);
  return input.files.get(name);
}
