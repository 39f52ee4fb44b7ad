// The skill reader on Node's file system (the CLI, the desktop extension host): listings
// cut at their limit, reads of at most the limit and one byte, never blocking on a FIFO.
import * as fs from 'node:fs';
import type { SkillDirEntry, SkillFileRead, SkillReader } from './types';

const slashed = (file: string): string => file.replace(/\\/g, '/');

/** The error code of a failed file system call; anything else is not ours to handle. */
function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') throw error;
  return code;
}

const isAbsence = (code: string): boolean => code === 'ENOENT' || code === 'ENOTDIR';

function kindOf(entry: fs.Dirent): SkillDirEntry['kind'] {
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  return entry.isSymbolicLink() ? 'symlink' : 'other';
}

export const nodeSkillReader: SkillReader = {
  list(dir, limit) {
    let handle: fs.Dir;
    try {
      handle = fs.opendirSync(dir);
    } catch (error) {
      const code = codeOf(error);
      return isAbsence(code) ? 'missing' : { error: code };
    }
    try {
      const entries: SkillDirEntry[] = [];
      for (let entry = handle.readSync(); entry; entry = handle.readSync()) {
        if (entries.length >= limit) return { entries, truncated: true };
        entries.push({ name: entry.name, kind: kindOf(entry) });
      }
      return { entries, truncated: false };
    } catch (error) {
      return { error: codeOf(error) };
    } finally {
      handle.closeSync();
    }
  },

  stat(file) {
    try {
      const stat = fs.statSync(file);
      return stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : 'other';
    } catch (error) {
      const code = codeOf(error);
      return isAbsence(code) ? 'missing' : { error: code };
    }
  },

  exists(file) {
    try {
      fs.lstatSync(file);
      return true;
    } catch (error) {
      const code = codeOf(error);
      return isAbsence(code) ? false : { error: code };
    }
  },

  realPath(file) {
    try {
      return slashed(fs.realpathSync(file));
    } catch (error) {
      // Absent, a loop, no permission: it has no real path to compare.
      codeOf(error);
      return undefined;
    }
  },

  readFile(file, limit): SkillFileRead {
    let fd: number;
    try {
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch (error) {
      const code = codeOf(error);
      if (isAbsence(code)) return { kind: 'missing' };
      return code === 'EISDIR' ? { kind: 'notFile' } : { kind: 'unreadable', reason: code };
    }
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile()) return { kind: 'notFile' };
      // One byte past the limit tells a file over it, whatever the stat said.
      const buffer = Buffer.alloc(Math.min(stat.size, limit) + 1);
      let length = 0;
      for (let read = -1; read !== 0 && length < buffer.length; length += read) read = fs.readSync(fd, buffer, length, buffer.length - length, length);
      return { kind: 'bytes', bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, length), size: Math.max(stat.size, length), links: stat.nlink };
    } catch (error) {
      return { kind: 'unreadable', reason: codeOf(error) };
    } finally {
      fs.closeSync(fd);
    }
  },
};
