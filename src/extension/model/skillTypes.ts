// What Measurements says of an OpenClaw persona's skill catalog (types only: the catalog
// itself is computed in the skills bundle, dist/skillsUi.js, which holds the YAML parser).
import type { MachineRoots, SkillsOptions, SkillsReport, SkillTools } from '../../core/skills';

export interface SkillsMeasure {
  /** The catalog, the `## Skills` section, and every SKILL.md's state. */
  readonly report: SkillsReport;
  /** The section's second line: `exec` (Code Mode) or `read`. */
  readonly tools: SkillTools;
  /** Whether the stock plugins' skills are counted. */
  readonly pluginSkills: boolean;
  /** Whether the tools are the release's default (not set by personaStudio.openclaw.skillTools). */
  readonly toolsByDefault: boolean;
  /** The OpenClaw release the catalog is composed as (undefined: the newest known). */
  readonly openclawRelease?: string;
  /** Links to folders under the skill roots that lead outside the workspace: never read. */
  readonly linksOutside?: readonly string[];
  /** Whether the skills outside the workspace (bundled, ~/.openclaw/skills, ~/.agents/skills, extra dirs) were read. */
  readonly machine?: boolean;
  /** Why they were not, in words ("personaStudio.openclaw.machineSkills is off"). */
  readonly machineUnread?: string;
}

/** The skills outside the workspace a catalog reads (personaStudio.openclaw.machineSkills). */
export interface MachineSkills {
  readonly roots: MachineRoots;
  /** openclaw.json as parsed: its skills settings gate them (left out of the cache key: `key` stands for it). */
  readonly config?: unknown;
  /** Changes whenever the config is read again. */
  readonly key: number;
}

/** The options a catalog is computed with. */
export interface SkillsSettings {
  readonly workspacePath: string;
  readonly home: string | undefined;
  readonly tools: SkillTools;
  readonly toolsByDefault: boolean;
  readonly pluginSkills: boolean;
  /** The agent's skills allowlist, when its config sets one. */
  readonly allowlist?: SkillsOptions['allowlist'];
  readonly openclawRelease?: string;
  readonly machineSkills?: MachineSkills;
  readonly machineUnread?: string;
}
