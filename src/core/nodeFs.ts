// Node's file system for the parts of the core that touch the disk outside VS Code.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DirectoryReader, EntryKind } from './discovery';
import { templateFor, TemplateName } from './templates';

export const nodeDirectoryReader: DirectoryReader = {
  async readDirectory(dir) {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    return entries.map((entry) => [entry.name, kindOf(entry)] as const);
  },
  join: (dir, name) => path.join(dir, name),
};

function kindOf(entry: fs.Dirent): EntryKind {
  if (entry.isDirectory()) return 'directory';
  return entry.isFile() || entry.isSymbolicLink() ? 'file' : 'other';
}

export type ScaffoldOutcome = { name: TemplateName; outcome: 'created' | 'exists' };

/**
 * Creates each named file from its template with an exclusive create, so a file
 * that exists (even one made a moment ago by someone else) is never overwritten.
 */
export function scaffoldFiles(dir: string, names: readonly TemplateName[]): ScaffoldOutcome[] {
  return names.map((name) => {
    try {
      fs.writeFileSync(path.join(dir, name), templateFor(name), { flag: 'wx' });
      return { name, outcome: 'created' as const };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { name, outcome: 'exists' as const };
      throw error;
    }
  });
}
