// The skill catalog in the CLI: `compose --part skills|all`, and the skills `check` lists,
// read from disk with this machine's HOME, PATH and environment, as OpenClaw would read them.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCount } from '../core';
import { skillsJoined } from '../core/catalogDiff';
import { composeSkills, describeSkill, SkillHost, SkillMeasure, SkillsOptions, SkillsReport, SkillTools } from '../core/skills';
import { nodeSkillReader } from '../core/skills/nodeReader';

export const PARTS = ['context', 'skills', 'all'] as const;
export type Part = (typeof PARTS)[number];

export const skillFlags = {
  part: { type: 'string' },
  tools: { type: 'string' },
  'no-plugin-skills': { type: 'boolean', default: false },
} as const;

/** Whether `name` is an executable file in a folder of PATH, read now (tests set PATH). */
function onPath(name: string): boolean {
  if (!name || name.includes('/') || name.includes('\\')) return false;
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      try {
        fs.accessSync(path.join(dir, name + extension), fs.constants.X_OK);
        if (fs.statSync(path.join(dir, name + extension)).isFile()) return true;
      } catch (error) {
        // Absent or not executable there: look in the next folder.
        if (!(error instanceof Error && 'code' in error)) throw error;
      }
    }
  }
  return false;
}

/** This machine, as OpenClaw running here would see it. */
export function localHost(): SkillHost {
  return { platform: process.platform, hasBin: onPath, env: (name) => process.env[name] };
}

/** The skill options the flags ask for, under the release (default the newest); `tools` is checked here. */
export function skillOptions(
  values: { tools?: string; 'no-plugin-skills'?: boolean },
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

/** The skills table under a persona's files in `check`: the workspace's own skills, then the catalog's totals. */
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
  const rows = own.map((skill) => [escape(skill.name).slice(0, 48), skill.descriptionChars > 0 ? formatCount(skill.descriptionChars) : '-', describeSkill(skill)]);
  const widths = [Math.max(5, ...rows.map((row) => row[0].length)), Math.max(11, ...rows.map((row) => row[1].length))];
  const line = (cells: string[]) => `  ${cells[0].padEnd(widths[0])}  ${cells[1].padStart(widths[1])}  ${cells[2]}`.trimEnd();
  return [line(['SKILL', 'DESCRIPTION', 'STATE']), ...rows.map(line), totals];
}
