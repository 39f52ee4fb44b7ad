// The skill catalog in the CLI: `compose --part skills|all`, and the skills `check` lists,
// read from disk with this machine's HOME, PATH and environment, as OpenClaw would read them.
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCount } from '../core';
import { skillsJoined } from '../core/catalogDiff';
import { loadOpenClawConfig } from '../core/openclawConfigNode';
import { composeSkills, describeSkill, machineSkillRoots, sourceLabel, SkillHost, SkillMeasure, SkillsOptions, SkillsReport, SkillTools } from '../core/skills';
import { installedOpenClawPackage, onPath } from '../core/skills/nodeHost';
import { nodeSkillReader } from '../core/skills/nodeReader';

export const PARTS = ['context', 'skills', 'all'] as const;
export type Part = (typeof PARTS)[number];

export const skillFlags = {
  part: { type: 'string' },
  tools: { type: 'string' },
  'no-plugin-skills': { type: 'boolean', default: false },
  'machine-skills': { type: 'boolean', default: false },
} as const;

/** This machine, as OpenClaw running here would see it. */
export function localHost(): SkillHost {
  return { platform: process.platform, hasBin: onPath, env: (name) => process.env[name] };
}

/**
 * The skills outside the workspace OpenClaw reads on this machine (`--machine-skills`): the
 * roots of its source plan, placed by HOME, OpenClaw's variables, the config's
 * skills.load.extraDirs and the installed package. The config gates them too.
 */
function machineOptions(configFile: string | undefined, fail: (message: string) => Error): Pick<SkillsOptions, 'machine' | 'host'> {
  let config: unknown;
  try {
    config = loadOpenClawConfig(configFile)?.config;
  } catch (error) {
    throw fail((error as Error).message);
  }
  const { OPENCLAW_HOME, OPENCLAW_STATE_DIR, OPENCLAW_CONFIG_PATH, OPENCLAW_BUNDLED_SKILLS_DIR } = process.env;
  const env = { OPENCLAW_HOME, OPENCLAW_STATE_DIR, OPENCLAW_CONFIG_PATH, OPENCLAW_BUNDLED_SKILLS_DIR };
  const openclawPackage = OPENCLAW_BUNDLED_SKILLS_DIR?.trim() ? undefined : installedOpenClawPackage();
  const machine = machineSkillRoots({ home: os.homedir().replace(/\\/g, '/'), env, config, ...(openclawPackage && { openclawPackage }) });
  return { machine, host: { ...localHost(), config } };
}

/** The skill options the flags ask for, under the release (default the newest); `tools` is checked here. */
export function skillOptions(
  values: { tools?: string; 'no-plugin-skills'?: boolean; 'machine-skills'?: boolean; config?: string },
  workspacePath: string | undefined,
  fail: (message: string) => Error,
  openclawRelease?: string,
): SkillsOptions {
  const tools = values.tools;
  if (tools !== undefined && tools !== 'exec' && tools !== 'read') throw fail(`--tools takes exec (Code Mode) or read (default: the release's default run), not '${tools}'`);
  return {
    workspacePath,
    home: os.homedir().replace(/\\/g, '/'),
    ...(tools !== undefined && { tools: tools as SkillTools }),
    pluginSkills: !values['no-plugin-skills'],
    host: localHost(),
    ...(openclawRelease !== undefined && { openclawRelease }),
    ...(values['machine-skills'] && machineOptions(values.config, fail)),
  };
}

/** The workspace's skills, read from disk. */
export function readSkills(dir: string, options: SkillsOptions): SkillsReport {
  return composeSkills(nodeSkillReader, path.resolve(dir).replace(/\\/g, '/'), options);
}

/** What `compose --part` prints: the Skills section, the Project Context, or the stretch from one to the other. */
export function composePart(part: Part, skills: SkillsReport | undefined, context: string, workspacePath: string): string {
  if (part === 'context' || !skills) return context;
  if (part === 'skills') return skills.section;
  return skillsJoined(skills.section, workspacePath, context);
}

export interface SkillCheck {
  readonly name: string;
  readonly path: string;
  readonly location: string;
  readonly source: SkillMeasure['source'];
  readonly state: SkillMeasure['state'];
  readonly descriptionChars: number;
  readonly shortenedTo?: number;
  /** What happens to it, in words, when it is not listed whole. */
  readonly reason?: string;
  /** The frontmatter line of the problem. */
  readonly line?: number;
}

export function skillChecks(report: SkillsReport): SkillCheck[] {
  return report.skills.map((skill) => ({
    name: skill.name,
    path: skill.path,
    location: skill.location,
    source: skill.source,
    state: skill.state,
    descriptionChars: skill.descriptionChars,
    ...(skill.shortenedTo !== undefined && { shortenedTo: skill.shortenedTo }),
    ...(skill.state !== 'inPrompt' && { reason: describeSkill(skill) }),
    ...(skill.reason?.kind === 'frontmatter' && { line: skill.reason.line }),
  }));
}

/** The skills table under a persona's files in `check`: the workspace's own skills (and the machine's, with where each comes from), then the catalog's totals. */
export function formatSkillsTable(report: SkillsReport, escape: (text: string) => string): string[] {
  const own = report.skills.filter((skill) => skill.source !== 'plugin');
  const plugins = report.skills.length - own.length;
  const { budget } = report;
  const format =
    report.format === 'compact'
      ? `, compact format${report.descriptionMaxChars ? `, descriptions up to ${formatCount(report.descriptionMaxChars)} chars` : ', no descriptions'}`
      : '';
  const fromPlugins = plugins > 0 ? ` (${plugins} from the stock plugins)` : '';
  const totals = `  skills catalog: ${formatCount(budget.skills)} of ${formatCount(budget.maxSkills)} skills${fromPlugins}, ${formatCount(budget.chars)} of ${formatCount(budget.maxChars)} chars${format}`;
  if (own.length === 0) return [totals];
  const from = (skill: SkillMeasure) => (sourceLabel(skill.source) ? ` [${sourceLabel(skill.source)}]` : '');
  const rows = own.map((skill) => [escape(skill.name).slice(0, 48), skill.descriptionChars > 0 ? formatCount(skill.descriptionChars) : '-', describeSkill(skill) + from(skill)]);
  const widths = [Math.max(5, ...rows.map((row) => row[0].length)), Math.max(11, ...rows.map((row) => row[1].length))];
  const line = (cells: string[]) => `  ${cells[0].padEnd(widths[0])}  ${cells[1].padStart(widths[1])}  ${cells[2]}`.trimEnd();
  return [line(['SKILL', 'DESCRIPTION', 'STATE']), ...rows.map(line), totals];
}
