// What each skill's state means, in words, for the CLI's table, the Problems panel and
// GitHub annotations; and the part of OpenClaw's system prompt between the Skills section
// and the Project Context.
import { formatCount } from '../format';
import type { SkillMeasure, SkillsReport, SkipReason } from './types';

export interface SkillProblem {
  /** The SKILL.md concerned (absolute, `/`-separated). */
  readonly path: string;
  /** 1-based, where the frontmatter problem is; undefined for the file as a whole. */
  readonly line?: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
}

/** A skill of the workspace itself (`skills/`, `.agents/skills/`), not the plugins' or the machine's. */
export const isOwnSkill = (skill: Pick<SkillMeasure, 'source'>): boolean => skill.source === 'workspace' || skill.source === 'agents';

/** Where a skill from outside the workspace comes from, in a word or a path; '' for the workspace's own. */
export function sourceLabel(source: SkillMeasure['source']): string {
  const labels: Partial<Record<SkillMeasure['source'], string>> = {
    extra: 'extra dir',
    plugin: 'stock plugin',
    bundled: 'bundled',
    managed: '~/.openclaw/skills',
    personal: '~/.agents/skills',
  };
  return labels[source] ?? '';
}

function skipWords(reason: SkipReason): string {
  switch (reason.kind) {
    case 'noDescription':
      return 'no description: OpenClaw requires one in the frontmatter';
    case 'noName':
      return 'no name, and no folder name to take one from';
    case 'frontmatter':
      return reason.message;
    case 'tooLarge':
      return `${formatCount(reason.size)} bytes, over OpenClaw's ${formatCount(reason.limit)}-byte limit for a SKILL.md`;
    case 'hardlinked':
      return 'a hard-linked file, which OpenClaw refuses';
    case 'notFile':
      return 'SKILL.md is not a regular file';
    case 'unreadable':
      return `cannot be read (${reason.reason})`;
    case 'outsideRoot':
      return `leads outside its skills folder${reason.target ? ` (to ${reason.target})` : ''}`;
    case 'shadowed':
      return `shadowed by the skill of the same name at ${reason.by}`;
    case 'rootLimit':
      return `past the first ${formatCount(reason.limit)} skills of its folder, which OpenClaw never reads`;
  }
}

/** One line on what OpenClaw does with the skill. */
export function describeSkill(skill: SkillMeasure): string {
  switch (skill.state) {
    case 'inPrompt':
      return 'in the prompt';
    case 'shortened':
      return `in the prompt, description shortened to ${formatCount(skill.shortenedTo ?? 0)} of ${formatCount(skill.descriptionChars)} chars`;
    case 'descriptionOmitted':
      return 'in the prompt by name only: the budget left no room for descriptions';
    case 'leftOut':
      return 'LEFT OUT: past the catalog budget (150 skills, 18,000 chars)';
    case 'hidden':
      return 'hidden from the model (disable-model-invocation)';
    case 'gated':
      if (skill.reason?.kind === 'gated' && skill.reason.ifEnv) return `${skill.reason.missing}; not counted in the catalog here`;
      return `not offered: ${skill.reason?.kind === 'gated' ? skill.reason.missing : 'its manifest'}`;
    case 'skipped':
      return `SKIPPED: ${skill.reason && skill.reason.kind !== 'gated' ? skipWords(skill.reason) : 'not loaded'}`;
  }
}

/** Left out by the (shared) budget, or one of the workspace's own skipped for an error: a SKILL.md elsewhere is not the persona's to fix. */
const isError = (skill: SkillMeasure): boolean => skill.state === 'leftOut' || (skill.state === 'skipped' && skill.reason?.kind !== 'shadowed' && isOwnSkill(skill));

/** Whether `check` fails: a skill skipped for an error, or left out by the budget. */
export function skillsFailed(report: SkillsReport): boolean {
  return report.skills.some(isError);
}

/** A problem for each skill that is not listed whole, at the frontmatter line where there is one. */
export function skillProblems(report: SkillsReport): SkillProblem[] {
  const problems: SkillProblem[] = [];
  for (const skill of report.skills) {
    // Only the workspace's own SKILL.md files: the others are not the persona's to fix.
    if (skill.state === 'inPrompt' || !isOwnSkill(skill)) continue;
    const line = skill.reason?.kind === 'frontmatter' ? skill.reason.line : undefined;
    const severity = isError(skill) ? 'error' : skill.state === 'hidden' || skill.state === 'gated' ? 'info' : 'warning';
    problems.push({ path: skill.path, line, severity, message: `Skill ${skill.name}: ${describeSkill(skill)}` });
  }
  return problems;
}

/** Control and format characters OpenClaw strips from a path it writes into the prompt. */
const sanitize = (text: string): string => text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '');

/**
 * The lines OpenClaw 2026.9.6's system prompt holds between the Skills section and the
 * Project Context, in a run with no sandbox, memory tools, docs folder or model aliases.
 */
export function openClawPromptBetween(workspacePath: string): string {
  return [
    '## Workspace',
    `Working directory: ${sanitize(workspacePath)}`,
    'Single global file workspace unless explicitly told otherwise.',
    '## Documentation',
    'Docs: https://docs.openclaw.ai',
    'Source: https://github.com/openclaw/openclaw',
    'OpenClaw behavior questions: docs mirror first when web exists. AGENTS/project/workspace/profile/memory = instructions/user memory, not product design truth.',
    'Configuration docs: `docs/gateway/configuration.md`, `docs/gateway/configuration-reference.md`.',
    'If docs are silent/stale, say so and inspect GitHub source.',
    'Diagnosis: run `openclaw status` when possible; ask only if blocked.',
    '## Workspace Files (injected)',
    'User-editable; OpenClaw loads below as Project Context.',
  ].join('\n');
}
