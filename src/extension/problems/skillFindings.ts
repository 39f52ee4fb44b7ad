// The Problems of an OpenClaw persona's SKILL.md files, as plain findings (the diagnostics
// are made from them in skillProblems.ts): where OpenClaw skips a skill and why, where a
// name collides, and where the budget shortens a description or leaves a skill out.
import * as vscode from 'vscode';
import { describeSkill, isOwnSkill, MAX_SKILL_FILE_BYTES } from '../../core/skills';
import { formatCount } from '../../core';
import type { SkillMeasure } from '../../core/skills';
import type { SkillsMeasure } from '../model/skillTypes';
import { budgetReason } from '../util/skillMessages';

/** A finding's code: the quick fixes key on it. */
export const NO_DESCRIPTION = 'skill-no-description';
export const COLLISION = 'skill-collision';

export interface SkillFinding {
  /** The SKILL.md's path in the persona's URI scheme. */
  readonly path: string;
  /** 0-based; the frontmatter's first line for a frontmatter problem, 0 for the file as a whole. */
  readonly line: number;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly code?: string;
  /** The other file of a name collision. */
  readonly other?: string;
}

/** Every finding of a persona's skills, in report order. */
export function skillFindings(measure: SkillsMeasure): SkillFinding[] {
  const { report } = measure;
  const findings: SkillFinding[] = [];
  const byLocation = new Map(report.skills.map((skill) => [skill.location, skill]));
  const skip = (skill: SkillMeasure, message: string, line = 0, code?: string, other?: string) =>
    findings.push({ path: skill.path, line, severity: 'error', message: vscode.l10n.t('OpenClaw skips this skill: {0}', message), ...(code && { code }), ...(other && { other }) });
  for (const skill of report.skills) {
    if (!isOwnSkill(skill)) continue;
    const reason = skill.reason;
    switch (skill.state) {
      case 'shortened':
        findings.push({
          path: skill.path,
          line: 0,
          severity: 'warning',
          message: vscode.l10n.t('OpenClaw shortens this description to {0} chars: {1}', formatCount(skill.shortenedTo ?? 0), budgetReason(report)),
        });
        break;
      case 'descriptionOmitted':
        findings.push({ path: skill.path, line: 0, severity: 'warning', message: vscode.l10n.t('OpenClaw lists this skill without its description: {0}', budgetReason(report)) });
        break;
      case 'leftOut':
        findings.push({ path: skill.path, line: 0, severity: 'warning', message: vscode.l10n.t('OpenClaw leaves this skill out of the prompt: {0}', budgetReason(report)) });
        break;
      case 'skipped':
        if (reason?.kind === 'noDescription') skip(skill, vscode.l10n.t('its frontmatter has no description, which OpenClaw requires'), 0, NO_DESCRIPTION);
        else if (reason?.kind === 'frontmatter') skip(skill, vscode.l10n.t('its frontmatter is not valid YAML ({0})', reason.message), Math.max(0, (reason.line ?? 1) - 1));
        else if (reason?.kind === 'tooLarge')
          skip(skill, vscode.l10n.t("{0} bytes, over OpenClaw's {1}-byte limit for a SKILL.md", formatCount(reason.size), formatCount(MAX_SKILL_FILE_BYTES)));
        else if (reason?.kind === 'shadowed') {
          const winner = byLocation.get(reason.by);
          skip(
            skill,
            vscode.l10n.t('another skill named {0} takes its place ({1})', skill.name, reason.by),
            0,
            winner && isOwnSkill(winner) ? COLLISION : undefined,
            winner && isOwnSkill(winner) ? winner.path : undefined,
          );
          if (winner && isOwnSkill(winner)) {
            findings.push({
              path: winner.path,
              line: 0,
              severity: 'warning',
              message: vscode.l10n.t('Another skill named {0} ({1}) is skipped: this one takes its place', skill.name, skill.location),
              code: COLLISION,
              other: skill.path,
            });
          }
        } else skip(skill, describeSkill(skill).replace(/^SKIPPED: /, ''));
        break;
    }
  }
  return findings;
}
