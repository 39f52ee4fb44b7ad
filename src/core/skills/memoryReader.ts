// A skill reader over files already in memory: for a host whose file system is
// asynchronous (the web extension reads the skill folders first, then composes), and for
// unsaved editor buffers laid over what is on disk. No links: a web file system has none.
import type { SkillDirEntry, SkillFileRead, SkillReader } from './types';

/** Text (saved as UTF-8) or bytes, by absolute `/`-separated path; folders are implied. */
export type MemoryFiles = ReadonlyMap<string, string | Uint8Array>;

const parentOf = (file: string): string => file.slice(0, Math.max(1, file.lastIndexOf('/')));

/** A reader that sees exactly `files` and the folders holding them. */
export function memorySkillReader(files: MemoryFiles): SkillReader {
  const children = new Map<string, Map<string, SkillDirEntry>>();
  const add = (dir: string, entry: SkillDirEntry) => {
    const listed = children.get(dir) ?? new Map<string, SkillDirEntry>();
    children.set(dir, listed);
    if (!listed.has(entry.name)) listed.set(entry.name, entry);
  };
  for (const file of files.keys()) {
    let child = file;
    let kind: SkillDirEntry['kind'] = 'file';
    while (child.lastIndexOf('/') > 0) {
      const dir = parentOf(child);
      add(dir, { name: child.slice(dir.length + 1), kind });
      child = dir;
      kind = 'directory';
    }
    add('/', { name: child.slice(1), kind });
  }
  const isDir = (path: string) => children.has(path);
  const encoder = new TextEncoder();
  return {
    list(dir, limit) {
      const listed = children.get(dir);
      if (!listed) return files.has(dir) ? { error: 'ENOTDIR' } : 'missing';
      const entries = [...listed.values()];
      return { entries: entries.slice(0, limit), truncated: entries.length > limit };
    },
    stat: (path) => (isDir(path) ? 'directory' : files.has(path) ? 'file' : 'missing'),
    exists: (path) => isDir(path) || files.has(path),
    realPath: (path) => (isDir(path) || files.has(path) ? path : undefined),
    readFile(path, limit): SkillFileRead {
      if (isDir(path)) return { kind: 'notFile' };
      const content = files.get(path);
      if (content === undefined) return { kind: 'missing' };
      const bytes = typeof content === 'string' ? encoder.encode(content) : content;
      return { kind: 'bytes', bytes: bytes.subarray(0, limit + 1), size: bytes.length, links: 1 };
    },
  };
}
