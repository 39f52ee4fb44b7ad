// The files a runtime reads of a persona folder, clamped at the workspace folder: nothing
// above it is looked at (a root marker there is taken as possible) or read.
import { RuntimeProfile } from './profile';

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

/**
 * `depth` is how many folders the persona folder lies below the workspace folder (0 when
 * it is the workspace folder); `exists` is asked only of paths inside the workspace.
 */
export function filesWithinWorkspace(profile: RuntimeProfile, dir: string, depth: number, exists: (relative: string) => boolean): WorkspaceFiles {
  const inside = (relative: string) => levelsUp(relative) <= depth;
  const asked = profile.filesToRead(dir, (relative) => !inside(relative) || exists(relative));
  const names = asked.filter(inside);
  return { names, clamped: names.length < asked.length };
}
