// The files a runtime reads of a persona folder, clamped at the workspace folder: nothing
// above it is read. Only a root marker (`.git`) may be looked for there, by a stat that
// reads nothing; where no stat can be had, a marker there is taken as possible.
import { RuntimeOptions, RuntimeProfile } from './profile';

export interface WorkspaceFiles {
  /** Paths relative to the persona folder, none above the workspace folder. */
  readonly names: readonly string[];
  /** The runtime would read files above the workspace folder, which are left out. */
  readonly clamped: boolean;
}

/** How many folders up a relative path (`../../AGENTS.md`) leads. */
function levelsUp(relative: string): number {
  let levels = 0;
  for (const part of relative.split('/')) if (part === '..') levels++;
  return levels;
}

/** The name of the marker of a project root (Codex's `.git`): the only thing looked for above the workspace. */
const ROOT_MARKER = '.git';

/**
 * `depth` is how many folders the persona folder lies below the workspace folder (0 when
 * it is the workspace folder); `exists` is asked only of paths inside the workspace, and
 * `markerAbove`, a stat's answer or undefined where none can be had, only of `.git` above it;
 * `options` place what some runtimes read (Hermes's home).
 */
export function filesWithinWorkspace(
  profile: RuntimeProfile,
  dir: string,
  depth: number,
  exists: (relative: string) => boolean,
  markerAbove?: (relative: string) => boolean | undefined,
  options?: RuntimeOptions,
): WorkspaceFiles {
  const inside = (relative: string) => levelsUp(relative) <= depth;
  const above = (relative: string) => (relative.endsWith(`/${ROOT_MARKER}`) ? (markerAbove?.(relative) ?? true) : true);
  const asked = profile.filesToRead(dir, (relative) => (inside(relative) ? exists(relative) : above(relative)), options);
  const names = asked.filter(inside);
  return { names, clamped: names.length < asked.length };
}
