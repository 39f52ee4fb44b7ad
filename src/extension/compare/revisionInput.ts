// A persona folder's files as git holds them at a commit, read through the Git extension's
// API as the CLI's `readPersonaInputAt` reads them with git itself: each blob bounded by the
// runtime's read limit (its whole size from the tree), a submodule or folder unreadable, a
// symbolic link followed once inside the repository.
import * as vscode from 'vscode';
import type { FileContent, PersonaInput } from '../../core';
import type { GitRepository } from './gitApi';

/** Past this many bytes a blob of an earlier revision is not read: the API reads blobs whole. */
export const HISTORY_BLOB_LIMIT = 64 * 1024 * 1024;

const LINK_MODE = '120000';
const SUBMODULE_MODE = '160000';
const TREE_MODE = '040000';

export interface RevisionInput {
  readonly input: PersonaInput;
  /** What was not read as the runtime would have, one line each. */
  readonly notes: readonly string[];
}

/** The files `names` (relative to `folder`, `/`-separated) at `commit`. */
export async function readInputAtRevision(repository: GitRepository, commit: string, folder: vscode.Uri, names: readonly string[], readLimit: number): Promise<RevisionInput> {
  const short = commit.slice(0, 7);
  const files = new Map<string, FileContent>();
  const notes: string[] = [];
  for (const name of names) {
    const content = await contentAt(repository, commit, inRepository(repository, vscode.Uri.joinPath(folder, name)), readLimit);
    if (!content) continue;
    if (content.kind === 'unreadable' && !content.symlink) notes.push(`${name} at ${short}: ${content.reason}, not read`);
    files.set(name, linkTarget(content, repository, folder));
  }
  return { input: { dir: folder.fsPath, files }, notes };
}

/** The path of `uri` relative to the repository's root, undefined outside it. */
function inRepository(repository: GitRepository, uri: vscode.Uri): string | undefined {
  const root = repository.rootUri.path.replace(/\/$/, '');
  return uri.path.startsWith(`${root}/`) ? uri.path.slice(root.length + 1) : undefined;
}

async function details(repository: GitRepository, commit: string, path: string) {
  try {
    return await repository.getObjectDetails(commit, path);
  } catch (error) {
    // The Git extension's own error for a path the tree does not hold.
    if ((error as { gitErrorCode?: unknown }).gitErrorCode === 'UnknownPath') return undefined;
    throw error;
  }
}

async function contentAt(
  repository: GitRepository,
  commit: string,
  path: string | undefined,
  limit: number,
  followed = false,
): Promise<(FileContent & { readonly at?: string }) | undefined> {
  if (path === undefined || path.split('/').includes('..')) return undefined;
  const found = await details(repository, commit, path);
  if (!found) return followed ? { kind: 'unreadable', reason: 'ENOENT', symlink: true } : undefined;
  if (found.mode === SUBMODULE_MODE) return { kind: 'unreadable', reason: 'a submodule' };
  if (found.mode === TREE_MODE) return { kind: 'unreadable', reason: 'a directory' };
  if (found.mode === LINK_MODE) {
    if (followed) return { kind: 'unreadable', reason: 'a link to a link (not followed in history)', symlink: true };
    const target = new TextDecoder().decode(await repository.buffer(commit, path));
    if (target.startsWith('/')) return { kind: 'unreadable', reason: 'a symbolic link to an absolute path (not followed in history)', symlink: true };
    const joined = normalize(`${path.slice(0, path.lastIndexOf('/') + 1)}${target}`);
    // Leading out of the repository or nowhere: a name the runtime finds and cannot read.
    const content = joined === undefined ? undefined : await contentAt(repository, commit, joined, limit, true);
    if (!content) return { kind: 'unreadable', reason: 'ENOENT', symlink: true };
    return { ...content, symlink: true, ...(joined !== undefined && content.kind !== 'unreadable' && { at: joined }) };
  }
  if (found.size > HISTORY_BLOB_LIMIT) return { kind: 'unreadable', reason: `${Math.round(found.size / 1024 / 1024)} MB, too large to read from history` };
  const bytes = await repository.buffer(commit, path);
  return { kind: 'bytes', bytes: bytes.subarray(0, Math.min(limit, bytes.byteLength)), size: found.size };
}

/** A link's target as the work tree's reader names it: relative to the persona folder. */
function linkTarget(content: FileContent & { readonly at?: string }, repository: GitRepository, folder: vscode.Uri): FileContent {
  const { at, ...rest } = content;
  if (at === undefined) return rest;
  const base = inRepository(repository, folder) ?? '';
  return { ...rest, linkTarget: relative(base, at) };
}

/** `a/./b/../c` → `a/c`; undefined when it climbs out of the repository. */
function normalize(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function relative(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++;
  return [...Array(a.length - common).fill('..'), ...b.slice(common)].join('/');
}
