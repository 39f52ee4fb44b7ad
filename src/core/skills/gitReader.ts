// The skill reader over a commit (the CLI's `diff`): the skill folders as git holds them
// there, listed with `git ls-tree` and read with `git cat-file`, spawned without a shell and
// bounded as the work tree's reader is. Links are followed inside the repository, as the
// work tree would follow them; git has no hard links, so every file has one.
import * as path from 'node:path';
import { GitRepo, gitRepoOf, LINK_LIMIT, LINK_MODE, listTree, readBlob, TreeEntry } from '../gitHistory';
import type { SkillDirEntry, SkillFileRead, SkillReader } from './types';

/** Links followed at most on one path, as a kernel gives up (ELOOP). */
const MAX_HOPS = 40;

type Resolved = { readonly at: string; readonly entry: TreeEntry | 'root' } | 'missing' | { readonly error: string };

/** `a/./b/../c` → `a/c`; undefined when it climbs out of the repository. */
function normalize(parts: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out;
}

/**
 * A reader of `dir`'s repository at `commit`. Paths are absolute, `/`-separated, as
 * composeSkills is given `dir` (`path.resolve(dir)`); a real path is the repository's root
 * joined with the path in the tree. With `outside`, a path outside the repository is read by
 * it (the machine's skills, as they are now), not taken as missing.
 */
export function gitSkillReader(dir: string, commit: string, outside?: SkillReader): SkillReader {
  const base = path.resolve(dir).replace(/\\/g, '/');
  const repo: GitRepo = gitRepoOf(path.resolve(dir));
  const prefix = repo.prefix.split('/').filter(Boolean);
  const listings = new Map<string, Map<string, TreeEntry>>();
  const listing = (folder: string) => {
    let found = listings.get(folder);
    if (!found) listings.set(folder, (found = listTree(repo.root, commit, folder === '' ? '' : `${folder}/`)));
    return found;
  };
  /** The path in the tree of an absolute path, as parts; undefined outside the repository. */
  const inTree = (absolute: string): string[] | undefined => {
    const relative = path.posix.relative(base, absolute.replace(/\\/g, '/'));
    return normalize([...prefix, ...relative.split('/')]);
  };
  const resolve = (parts: string[], followLast: boolean): Resolved => {
    let done: string[] = [];
    let hops = 0;
    for (let i = 0; i < parts.length; i++) {
      const entry = listing(done.join('/')).get(parts[i]);
      if (!entry) return 'missing';
      const last = i === parts.length - 1;
      if (entry.mode === LINK_MODE && (!last || followLast)) {
        if (++hops > MAX_HOPS) return { error: 'ELOOP' };
        const target = new TextDecoder().decode(readBlob(repo.root, entry.object, entry.size, LINK_LIMIT));
        // An absolute link leads out of what the commit holds.
        const joined = target.startsWith('/') ? undefined : normalize([...done, ...target.split('/'), ...parts.slice(i + 1)]);
        if (!joined) return 'missing';
        parts = joined;
        done = [];
        i = -1;
        continue;
      }
      if (!last && entry.type !== 'tree') return 'missing';
      done.push(parts[i]);
      if (last) return { at: done.join('/'), entry };
    }
    return { at: '', entry: 'root' };
  };
  const at = (file: string, followLast: boolean): Resolved => {
    const parts = inTree(file);
    return parts ? resolve(parts, followLast) : 'missing';
  };
  const typeOf = (entry: TreeEntry | 'root') => (entry === 'root' ? 'tree' : entry.type);
  const reader: SkillReader = {
    list(folder, limit) {
      const found = at(folder, true);
      if (found === 'missing' || 'error' in found) return found;
      if (typeOf(found.entry) !== 'tree') return { error: 'ENOTDIR' };
      const entries: SkillDirEntry[] = [];
      for (const [name, entry] of listing(found.at)) {
        entries.push({ name, kind: entry.type === 'tree' ? 'directory' : entry.mode === LINK_MODE ? 'symlink' : entry.type === 'blob' ? 'file' : 'other' });
      }
      return { entries: entries.slice(0, limit), truncated: entries.length > limit };
    },
    stat(file) {
      const found = at(file, true);
      if (found === 'missing' || 'error' in found) return found;
      const type = typeOf(found.entry);
      return type === 'tree' ? 'directory' : type === 'blob' ? 'file' : 'other';
    },
    exists(file) {
      const found = at(file, false);
      return found === 'missing' ? false : 'error' in found ? found : true;
    },
    realPath(file) {
      const found = at(file, true);
      if (found === 'missing' || 'error' in found) return undefined;
      return found.at === '' ? repo.root : `${repo.root.replace(/\/$/, '')}/${found.at}`;
    },
    readFile(file, limit): SkillFileRead {
      const found = at(file, true);
      if (found === 'missing') return { kind: 'missing' };
      if ('error' in found) return { kind: 'unreadable', reason: found.error };
      if (found.entry === 'root' || found.entry.type !== 'blob') return { kind: 'notFile' };
      const bytes = readBlob(repo.root, found.entry.object, found.entry.size, limit + 1);
      return { kind: 'bytes', bytes, size: Math.max(found.entry.size, bytes.length), links: 1 };
    },
  };
  if (!outside) return reader;
  // What lies outside the repository (the machine's skills) git does not hold: read as it is now.
  const pick = (file: string) => (inTree(file) ? reader : outside);
  return {
    list: (folder, limit) => pick(folder).list(folder, limit),
    stat: (file) => pick(file).stat(file),
    exists: (file) => pick(file).exists(file),
    realPath: (file) => pick(file).realPath(file),
    readFile: (file, limit) => pick(file).readFile(file, limit),
  };
}
