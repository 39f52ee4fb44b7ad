// Finding persona folders in a tree: any folder holding a bootstrap file or HEARTWOOD.md.
// The walk is breadth-first and bounded, so a large monorepo stays fast.
import { BOOTSTRAP_ORDER, BootstrapName, isBootstrapName, miscasedBootstrapName } from './bootstrap';
import { mapBounded } from './bounded';
import { HEARTWOOD_FILE } from './heartwood';

/** `linkedDirectory`: a link to a folder, entered only when it leads inside the root. */
export type EntryKind = 'file' | 'directory' | 'linkedDirectory' | 'other';

/** The file system as discovery needs it; the CLI uses Node's, the extension VS Code's. */
export interface DirectoryReader {
  readDirectory(dir: string): Promise<ReadonlyArray<readonly [name: string, kind: EntryKind]>>;
  join(dir: string, name: string): string;
  /**
   * Where a folder really is, links resolved, as a path; undefined when the file
   * system cannot tell. Without it, no linked folder is ever entered.
   */
  realPath?(dir: string): Promise<string | undefined>;
}

export interface DiscoveryOptions {
  /** Levels below the root to look into (the root is level 0). */
  readonly maxDepth?: number;
  /** Folders to read at most; past it the result is marked incomplete. */
  readonly maxFolders?: number;
  /** Folder names never entered. */
  readonly skip?: ReadonlySet<string>;
  /** Folders never entered, by their path relative to the root with `/` (`files.exclude`). */
  readonly exclude?: (relativePath: string) => boolean;
  /**
   * The folder no link may lead out of, when the walk starts below it (a folder that
   * arrived after the first walk): the root itself must lie inside its real path.
   */
  readonly within?: string;
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
  /** Which bound stopped it, when one did. */
  readonly stoppedBy?: 'folders' | 'depth';
  /** Folders read. */
  readonly foldersRead: number;
}

/** Levels below a root that discovery looks into, and folders it reads at most, unless told otherwise. */
export const DISCOVERY_MAX_DEPTH = 8;
export const DISCOVERY_MAX_FOLDERS = 10_000;

export const DEFAULT_SKIP: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** What a folder's entries say about it, or undefined when it is not a persona folder. */
export function classifyFolder(dir: string, entries: ReadonlyArray<readonly [string, EntryKind]>): PersonaFolder | undefined {
  const names = new Set<string>();
  const miscased: string[] = [];
  let heartwood = false;
  for (const [name, kind] of entries) {
    if (kind === 'directory' || kind === 'linkedDirectory') continue;
    if (isBootstrapName(name)) names.add(name);
    else if (name === HEARTWOOD_FILE) heartwood = true;
    else if (miscasedBootstrapName(name)) miscased.push(name);
  }
  if (names.size === 0 && !heartwood) return undefined;
  return { dir, files: BOOTSTRAP_ORDER.filter((name) => names.has(name)), heartwood, miscased: miscased.sort() };
}

interface Pending {
  readonly dir: string;
  /** Relative to the root, `/`-separated; '' for the root. */
  readonly relative: string;
  /** The folder's real path with `/`, when known. */
  readonly real: string | undefined;
  readonly depth: number;
}

/**
 * Breadth-first, bounded. A linked folder is entered only when it leads inside the
 * root's real path and to a folder not seen yet, so no link leads out of the
 * workspace and no loop lists a persona twice; links wait until every plain
 * folder is seen, so a persona is listed at its own path rather than through a link.
 */
export async function discoverPersonaFolders(root: string, reader: DirectoryReader, options: DiscoveryOptions = {}): Promise<Discovery> {
  const maxDepth = options.maxDepth ?? DISCOVERY_MAX_DEPTH;
  const maxFolders = options.maxFolders ?? DISCOVERY_MAX_FOLDERS;
  const skip = options.skip ?? DEFAULT_SKIP;
  const personas: PersonaFolder[] = [];
  const rootReal = await realPathOf(reader, root);
  const bound = options.within === undefined ? rootReal : await realPathOf(reader, options.within);
  // A root that is itself a link out of the bound (`up -> ../..`) is not walked at all;
  // where no real path can be had (a remote file system), no link is entered anyway.
  if (options.within !== undefined && bound !== undefined && (rootReal === undefined || !isInside(bound, rootReal))) return { personas: [], foldersRead: 0, incomplete: false };
  const seen = new Set<string>();
  let queue: Pending[] = [{ dir: root, relative: '', real: rootReal, depth: 0 }];
  let links: Pending[] = [];
  let read = 0;
  let deeper = false;
  while (queue.length > 0 || links.length > 0) {
    if (queue.length === 0) {
      queue = await enterableLinks(reader, links, bound, seen);
      links = [];
      continue;
    }
    // The level's folders to read, in order, up to the bound; then read several at a time
    // (each read waits on the disk, or on a round trip through the editor), the results
    // taken in order so the walk finds what a one-at-a-time walk would.
    const level: Pending[] = [];
    let stopped = false;
    for (const folder of queue) {
      if (folder.real !== undefined) {
        if (seen.has(folder.real)) continue;
        seen.add(folder.real);
      }
      if (read >= maxFolders) {
        stopped = true;
        break;
      }
      read++;
      level.push(folder);
    }
    const listings = await readAll(reader, level);
    const next: Pending[] = [];
    level.forEach((folder, index) => {
      const entries = listings[index];
      if (entries === undefined) return; // An unreadable folder is simply not a persona folder.
      const persona = classifyFolder(folder.dir, entries);
      if (persona) personas.push(persona);
      if (stopped) return;
      for (const [name, kind] of entries) {
        if ((kind !== 'directory' && kind !== 'linkedDirectory') || skip.has(name)) continue;
        const relative = folder.relative ? `${folder.relative}/${name}` : name;
        if (options.exclude?.(relative)) continue;
        if (folder.depth >= maxDepth) {
          deeper = true;
          continue;
        }
        const child: Pending = {
          dir: reader.join(folder.dir, name),
          relative,
          // A plain folder's real path follows from its parent's; a link's must be asked.
          real: kind === 'directory' && folder.real !== undefined ? `${folder.real}/${name}` : undefined,
          depth: folder.depth + 1,
        };
        (kind === 'directory' ? next : links).push(child);
      }
    });
    if (stopped) return { personas, incomplete: true, stoppedBy: 'folders', foldersRead: read };
    queue = next.sort(byDir);
  }
  return { personas, incomplete: deeper, stoppedBy: deeper ? 'depth' : undefined, foldersRead: read };
}

/** Folders listed at once by a walk: enough to hide a round trip's latency, few enough to share the disk. */
const READS_IN_FLIGHT = 16;

/** The entries of each folder, in order; undefined for one that cannot be read. */
function readAll(reader: DirectoryReader, folders: readonly Pending[]): Promise<Array<ReadonlyArray<readonly [string, EntryKind]> | undefined>> {
  return mapBounded(folders, READS_IN_FLIGHT, (folder) => reader.readDirectory(folder.dir).catch(() => undefined));
}

/** The linked folders that lead inside the root, to a folder not seen yet, with their real paths. */
async function enterableLinks(reader: DirectoryReader, links: Pending[], rootReal: string | undefined, seen: ReadonlySet<string>): Promise<Pending[]> {
  if (rootReal === undefined) return [];
  const enterable: Pending[] = [];
  for (const link of links.sort(byDir)) {
    const real = await realPathOf(reader, link.dir);
    if (real === undefined || seen.has(real) || !isInside(rootReal, real)) continue;
    enterable.push({ ...link, real });
  }
  return enterable;
}

async function realPathOf(reader: DirectoryReader, dir: string): Promise<string | undefined> {
  try {
    const real = await reader.realPath?.(dir);
    return real === undefined ? undefined : real.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
  } catch {
    return undefined; // A broken link, or a loop the system refuses to resolve.
  }
}

/** True when `path` is `folder` or lies inside it (both real, `/`-separated). */
export function isInside(folder: string, path: string): boolean {
  return path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

function byDir(a: Pending, b: Pending): number {
  return a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0;
}

/**
 * Which file a runtime that matches names exactly reads for `name`, given the
 * folder's listing: `name` itself when listed, else none, even where the file
 * system would open `soul.md` for `SOUL.md`. `variants` are the names that differ
 * only by case: the runtime skips them, and creating `name` beside one of them
 * would, on a file system that ignores case, open that file instead.
 */
export function fileTheRuntimeReads(listing: Iterable<string>, name: string): { reads?: string; variants: string[] } {
  const upper = name.toUpperCase();
  let reads: string | undefined;
  const variants: string[] = [];
  for (const entry of listing) {
    if (entry === name) reads = entry;
    else if (entry.toUpperCase() === upper) variants.push(entry);
  }
  return { reads, variants: variants.sort() };
}

/**
 * A `personaStudio.folders` pattern made relative to its workspace folder, or
 * undefined when it could lead outside it: absolute, from a home or drive, or
 * climbing with `..` (even inside a brace or a glob).
 */
export function confinedFolderPattern(pattern: string): string | undefined {
  const trimmed = pattern.trim().replace(/\\/g, '/');
  if (trimmed === '' || trimmed.startsWith('/') || trimmed.startsWith('~') || /^[A-Za-z]:/.test(trimmed)) return undefined;
  if (trimmed.split(/[/{},()|]/).some((segment) => segment === '..')) return undefined;
  const relative = trimmed.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return relative === '' ? '.' : relative;
}
