// What a skill's state means, in the editor's words (tree rows, tooltips, Problems).
import * as vscode from 'vscode';
import { formatCount } from '../../core';
import { describeSkill, NEWEST_SKILLS_RELEASE } from '../../core/skills';
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
      if (reason?.kind === 'gated' && reason.ifEnv) return vscode.l10n.t('included if {0} is set (not counted)', reason.ifEnv);
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
  const count = measure.report.skills.filter((skill) => skill.source === 'plugin').length;
  const plugins = !measure.pluginSkills
    ? vscode.l10n.t("without the stock plugins' skills")
    : count > 0
      ? vscode.l10n.t("with the stock plugins' {0} skills", count)
      : vscode.l10n.t('no stock plugin adds a skill in this release');
  const release = measure.openclawRelease ?? NEWEST_SKILLS_RELEASE.proven;
  return measure.machine
    ? vscode.l10n.t("Assumed: OpenClaw {0}, {1}, {2}, this machine's OS and PATH; the gateway's environment is not known here.", release, how, plugins)
    : vscode.l10n.t("Assumed: OpenClaw {0}, {1}, {2}. The catalog shows the workspace's skills (and the stock plugins' skills) only.", release, how, plugins);
}

/** The catalog's char budget in words: "18,000", or "no limit" in the releases without one. */
export function budgetChars(maxChars: number): string {
  return Number.isFinite(maxChars) ? formatCount(maxChars) : vscode.l10n.t('no limit');
}

/** Why the budget touched the catalog: "the catalog of 151 skills is over 18,000 chars". */
export function budgetReason(report: SkillsReport): string {
  const offered = offeredCount(report);
  const { maxSkills, maxChars } = report.budget;
  return offered > maxSkills
    ? vscode.l10n.t('the catalog of {0} skills is over {1} skills or {2} chars', formatCount(offered), formatCount(maxSkills), budgetChars(maxChars))
    : vscode.l10n.t('the catalog of {0} skills is over {1} chars', formatCount(offered), budgetChars(maxChars));
}
