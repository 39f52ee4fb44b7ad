// Finding persona folders in a tree: any folder holding a bootstrap file or HEARTWOOD.md.
// The walk is breadth-first and bounded, so a large monorepo stays fast.
import { BOOTSTRAP_ORDER, BootstrapName, isBootstrapName, miscasedBootstrapName } from './bootstrap';
import { HEARTWOOD_FILE } from './heartwood';

export type EntryKind = 'file' | 'directory' | 'other';

/** The file system as discovery needs it; the CLI uses Node's, the extension VS Code's. */
export interface DirectoryReader {
  readDirectory(dir: string): Promise<ReadonlyArray<readonly [name: string, kind: EntryKind]>>;
  join(dir: string, name: string): string;
}

export interface DiscoveryOptions {
  /** Levels below the root to look into (the root is level 0). */
  readonly maxDepth?: number;
  /** Folders to read at most; past it the result is marked incomplete. */
  readonly maxFolders?: number;
  /** Folder names never entered. */
  readonly skip?: ReadonlySet<string>;
}

export interface PersonaFolder {
  readonly dir: string;
  /** Bootstrap files present, in bootstrap order. */
  readonly files: BootstrapName[];
  readonly heartwood: boolean;
  /** Files named like a bootstrap file with the wrong case. */
  readonly miscased: string[];
}

export interface Discovery {
  readonly personas: PersonaFolder[];
  /** True when a bound stopped the walk before the whole tree was seen. */
  readonly incomplete: boolean;
}

export const DEFAULT_SKIP: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** What a folder's entries say about it, or undefined when it is not a persona folder. */
export function classifyFolder(dir: string, entries: ReadonlyArray<readonly [string, EntryKind]>): PersonaFolder | undefined {
  const names = new Set<string>();
  const miscased: string[] = [];
  let heartwood = false;
  for (const [name, kind] of entries) {
    if (kind === 'directory') continue;
    if (isBootstrapName(name)) names.add(name);
    else if (name === HEARTWOOD_FILE) heartwood = true;
    else if (miscasedBootstrapName(name)) miscased.push(name);
  }
  if (names.size === 0 && !heartwood) return undefined;
  return { dir, files: BOOTSTRAP_ORDER.filter((name) => names.has(name)), heartwood, miscased: miscased.sort() };
}

export async function discoverPersonaFolders(root: string, reader: DirectoryReader, options: DiscoveryOptions = {}): Promise<Discovery> {
  const maxDepth = options.maxDepth ?? 8;
  const maxFolders = options.maxFolders ?? 10_000;
  const skip = options.skip ?? DEFAULT_SKIP;
  const personas: PersonaFolder[] = [];
  let queue: string[] = [root];
  let read = 0;
  let deeper = false;
  for (let depth = 0; queue.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of queue) {
      if (read >= maxFolders) return { personas, incomplete: true };
      read++;
      let entries: ReadonlyArray<readonly [string, EntryKind]>;
      try {
        entries = await reader.readDirectory(dir);
      } catch {
        continue; // An unreadable folder is simply not a persona folder.
      }
      const persona = classifyFolder(dir, entries);
      if (persona) personas.push(persona);
      for (const [name, kind] of entries) {
        if (kind !== 'directory' || skip.has(name)) continue;
        if (depth < maxDepth) next.push(reader.join(dir, name));
        else deeper = true;
      }
    }
    queue = next.sort();
  }
  return { personas, incomplete: deeper };
}
