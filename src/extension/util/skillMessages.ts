// What a skill's state means, in the editor's words (tree rows, tooltips, Problems).
import * as vscode from 'vscode';
import { formatCount } from '../../core';
import { describeSkill, MAX_SKILLS_IN_PROMPT, MAX_SKILLS_PROMPT_CHARS } from '../../core/skills';
import type { SkillMeasure, SkillsReport } from '../../core/skills';
import type { SkillsMeasure } from '../model/skillTypes';

/** A row's short state. */
export function skillState(skill: SkillMeasure): string {
  const reason = skill.reason;
  switch (skill.state) {
    case 'inPrompt':
      return vscode.l10n.t('in the prompt');
    case 'shortened':
      return vscode.l10n.t('description shortened to {0} chars', formatCount(skill.shortenedTo ?? 0));
    case 'descriptionOmitted':
      return vscode.l10n.t('in the prompt by name only');
    case 'leftOut':
      return vscode.l10n.t('left out by the budget');
    case 'hidden':
      return vscode.l10n.t('hidden: disable-model-invocation');
    case 'gated':
      return vscode.l10n.t('not offered: {0}', reason?.kind === 'gated' ? reason.missing : '');
    case 'skipped':
      switch (reason?.kind) {
        case 'noDescription':
          return vscode.l10n.t('skipped: no description');
        case 'frontmatter':
          return vscode.l10n.t('skipped: bad frontmatter');
        case 'tooLarge':
          return vscode.l10n.t('skipped: too large ({0} bytes)', formatCount(reason.size));
        case 'shadowed':
          return vscode.l10n.t('skipped: shadowed by another skill of that name');
        default:
          return describeSkill(skill);
      }
  }
}

/** Skills offered to the catalog: listed, or left out by its budget. */
export function offeredCount(report: SkillsReport): number {
  return report.skills.filter((skill) => ['inPrompt', 'shortened', 'descriptionOmitted', 'leftOut'].includes(skill.state)).length;
}

/** What the catalog assumed, in one line: the tools, the plugins' skills, and what it cannot see. */
export function skillAssumptions(measure: SkillsMeasure): string {
  const tools = measure.tools === 'exec' ? vscode.l10n.t('Code Mode (`exec`)') : vscode.l10n.t('`read`');
  const how = measure.toolsByDefault ? vscode.l10n.t("{0}, the release's default", tools) : tools;
  const plugins = measure.pluginSkills ? vscode.l10n.t("with the stock plugins' 2 skills") : vscode.l10n.t("without the stock plugins' skills");
  return vscode.l10n.t("Assumed: {0}, {1}. The catalog shows the workspace's skills (and the stock plugins' skills) only.", how, plugins);
}

/** Why the budget touched the catalog: "the catalog of 151 skills is over 18,000 chars". */
export function budgetReason(report: SkillsReport): string {
  const offered = offeredCount(report);
  return offered > MAX_SKILLS_IN_PROMPT
    ? vscode.l10n.t('the catalog of {0} skills is over {1} skills or {2} chars', formatCount(offered), formatCount(MAX_SKILLS_IN_PROMPT), formatCount(MAX_SKILLS_PROMPT_CHARS))
    : vscode.l10n.t('the catalog of {0} skills is over {1} chars', formatCount(offered), formatCount(MAX_SKILLS_PROMPT_CHARS));
}
