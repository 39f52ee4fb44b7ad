// OpenClaw's skill catalog release by release, as data: the `## Skills` section's wording,
// the catalog's lines, its budget and compact fallback, how locations are written, the
// roots read, the stock plugins' skills and whether the default run is in Code Mode. Every
// row was read in that release's own code and proven by its golden outputs
// (scripts/golden/openclaw-skills-releases.mjs, openclaw-skills.mjs for 2026.9.6).
import { resolveOpenClawRelease } from '../runtimes/openclawReleases';

/**
 * How the catalog fits its budget:
 * - `none`: every skill, whole (no limit);
 * - `chars`: the first 150, then as many as fit the chars whole, a note added outside the budget;
 * - `compact`: whole, else names only within the chars less 150, else fewer, a note added outside;
 * - `rendered`: as `compact`, the note counted within the chars;
 * - `descriptions`: as `rendered`, descriptions shortened to the longest length that fits.
 */
export type SkillsBudget = 'none' | 'chars' | 'compact' | 'rendered' | 'descriptions';

export interface PluginSkill {
  readonly name: string;
  readonly description: string;
  /** Its `<version>` where the release lists one (sha256 of the package's SKILL.md). */
  readonly version?: string;
  /** Listed where it lies in the installed package (this path in it), not under ~/.openclaw/plugin-skills. */
  readonly packagePath?: string;
}

export interface SkillsRelease {
  /** The first release known to behave so. */
  readonly since: string;
  /** The release whose own code made this row's golden outputs. */
  readonly proven: string;
  /** The section's lines above the catalog; `{read}` is the read tool's name. */
  readonly header: readonly string[];
  /** The header's second line in Code Mode, where the release has one. */
  readonly codeModeLine?: string;
  /** The default run (no config, the default model) is in Code Mode. */
  readonly codeModeByDefault: boolean;
  /** The start of the catalog's instruction: `… when the task matches its description.` */
  readonly instruction: string;
  /** The line on relative paths inside a skill file. */
  readonly relativePathLine: boolean;
  /** Each skill's `<version>` (a hash of its SKILL.md), and the line asking to re-read a changed one. */
  readonly versions: boolean;
  /** Locations under HOME written `~/…`. */
  readonly tilde: boolean;
  readonly budget: SkillsBudget;
  readonly maxChars: number;
  /** At most this many skills (none in the oldest releases). */
  readonly maxSkills?: number;
  /** `<workspace>/.agents/skills` is a root. */
  readonly agentsRoot: boolean;
  /** The stock plugins' skills a run with no config lists, linked under ~/.openclaw/plugin-skills (5.x on). */
  readonly pluginSkills: readonly PluginSkill[];
  /**
   * The catalog's order: by name, or as loaded (plugins, then each root's folders in code-unit
   * order; a later skill of a name taking the place of the earlier one).
   */
  readonly order: 'name' | 'load';
  /** The budget is measured with the absolute locations, written `~/…` only after (2.x, 3.x). */
  readonly measuresAbsolute: boolean;
  /** Frontmatter whose YAML does not parse is read line by line, not refused (3.x–7.x). */
  readonly lenientFrontmatter: boolean;
}

const MANDATORY = [
  '## Skills (mandatory)',
  'Before replying: scan <available_skills> <description> entries.',
  '- If exactly one skill clearly applies: read its SKILL.md at <location> with `{read}`, then follow it.',
  '- If multiple could apply: choose the most specific one, then read/follow it.',
  '- If none clearly apply: do not read any SKILL.md.',
  'Constraints: never read more than one skill up front; only read after selecting.',
];
const RATE_LIMITS =
  '- When a skill drives external API writes, assume rate limits: prefer fewer larger writes, avoid tight one-item loops, serialize bursts when possible, and respect 429/Retry-After.';
const SHORT = [
  '## Skills',
  'Scan <available_skills>. If one clearly applies, read its SKILL.md at exact <location> with `{read}`, then follow it.',
  'If several apply, choose the most specific. If none clearly apply, read none.',
  'One skill up front max. Never guess/fabricate skill paths.',
  'External API writes: batch when safe, avoid tight loops, respect 429/Retry-After.',
];
const TERSE = [
  '## Skills',
  'Scan <available_skills>. Clear match: read exact <location> with `{read}`; obey.',
  'Several: most specific. None: read none.',
  'Up-front max one. Never invent paths.',
  'External writes: batch safely; no tight loops; honor 429/Retry-After.',
];

const BROWSER = {
  name: 'browser-automation',
  description: 'Use when controlling web pages with the OpenClaw browser tool, especially multi-step flows, login checks, tab management, or recovery from stale refs/timeouts.',
};
const CANVAS_OLD = { name: 'canvas', description: 'Present HTML on connected OpenClaw node canvases, navigate/eval/snapshot, and debug canvas host URLs.' };
const CANVAS = { name: 'canvas', description: 'Present hosted widget documents on a connected macOS panel and control panel visibility or navigation.' };

const R1: SkillsRelease = {
  since: '2026.1.29',
  proven: '2026.1.30',
  header: MANDATORY,
  codeModeByDefault: false,
  instruction: "Use the read tool to load a skill's file",
  relativePathLine: false,
  versions: false,
  tilde: false,
  budget: 'none',
  maxChars: Infinity,
  agentsRoot: false,
  pluginSkills: [],
  order: 'load',
  measuresAbsolute: false,
  lenientFrontmatter: false,
};
const next = (previous: SkillsRelease, change: Partial<SkillsRelease>): SkillsRelease => ({ ...previous, ...change });
const R2 = next(R1, {
  since: '2026.2.22',
  proven: '2026.2.26',
  relativePathLine: true,
  tilde: true,
  budget: 'chars',
  maxChars: 30_000,
  maxSkills: 150,
  agentsRoot: true,
  measuresAbsolute: true,
});
const R3 = next(R2, { since: '2026.3.13', proven: '2026.3.31', header: [...MANDATORY, RATE_LIMITS], lenientFrontmatter: true });
const R4 = next(R3, { since: '2026.4.10', proven: '2026.4.10', budget: 'compact', measuresAbsolute: false });
const R5 = next(R4, {
  since: '2026.4.21',
  proven: '2026.4.29',
  maxChars: 18_000,
  order: 'name',
  pluginSkills: [{ ...BROWSER, packagePath: 'dist/extensions/browser/skills/browser-automation/SKILL.md' }],
});
const R6 = next(R5, { since: '2026.5.20', proven: '2026.5.28', header: SHORT, pluginSkills: [BROWSER] });
const R7 = next(R6, {
  since: '2026.6.1',
  proven: '2026.6.35',
  header: [...SHORT.slice(0, 2), "If a skill's <version> differs from a previous turn, re-read that skill before using it.", ...SHORT.slice(2)],
  versions: true,
  budget: 'rendered',
  pluginSkills: [
    { ...BROWSER, version: 'sha256:608bed60aca52631' },
    { ...CANVAS_OLD, version: 'sha256:7419e23f242397b3' },
  ],
});
const R8 = next(R7, { since: '2026.7.33', proven: '2026.7.35' });
const R9 = next(R8, {
  since: '2026.8.1',
  proven: '2026.8.2',
  header: TERSE,
  codeModeLine: 'Scan <available_skills>. Clear match: use `skills.read("<name>")` inside `exec`; obey.',
  versions: false,
  budget: 'descriptions',
  pluginSkills: [BROWSER, CANVAS],
  lenientFrontmatter: false,
});
const R10 = next(R9, { since: '2026.9.6', proven: '2026.9.6', codeModeByDefault: true, instruction: "Read a skill's file at its listed location" });

/** Every row, oldest first. */
export const SKILLS_RELEASES: readonly SkillsRelease[] = [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10];
export const NEWEST_SKILLS_RELEASE = R10;

function parts(release: string): number[] {
  return release.split('.').map(Number);
}
function atLeast(release: string, since: string): boolean {
  const [a, b] = [parts(release), parts(since)];
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] ? (a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) > 0 : true;
}

/** The skill catalog's row for a release number (`2026.7.35`); undefined: the newest. Throws one line for a text that is no release. */
export function skillsRelease(release?: string): SkillsRelease {
  if (release === undefined) return NEWEST_SKILLS_RELEASE;
  const name = resolveOpenClawRelease(release).release;
  let found = R1;
  for (const row of SKILLS_RELEASES) if (atLeast(name, row.since)) found = row;
  return found;
}
