// An OpenClaw composition with the `## Skills` section in it, as the prompt holds it: the
// section, what stands between it and the Project Context, then the Project Context (what
// `compose --part all` prints). The section is a file-like entry of its own (named
// SKILLS_SECTION, as SKILLS_CHANGE), so the preview, the token counts and the totals take it in like any file.
import * as vscode from 'vscode';
import { Composition, formatCount, withSkillsEntry } from '../../core';
import { budgetChars } from '../util/skillMessages';
import type { SkillsMeasure } from './skillTypes';

export function withSkillsSection(composition: Composition, skills: SkillsMeasure | undefined, workspacePath: string): Composition {
  const section = skills?.report.section ?? '';
  // A persona without skills of its own still gets the stock plugins' skills, when the release lists any.
  if (!skills || !section) return composition;
  const { budget } = skills.report;
  const note = skills.pluginSkills
    ? vscode.l10n.t(
        "OpenClaw's skill catalog: {0} of {1} chars, {2} skills listed; assumed: {3}, with the stock plugins' skills",
        formatCount(budget.chars),
        budgetChars(budget.maxChars),
        budget.skills,
        skills.tools,
      )
    : vscode.l10n.t(
        "OpenClaw's skill catalog: {0} of {1} chars, {2} skills listed; assumed: {3}, without the stock plugins' skills",
        formatCount(budget.chars),
        budgetChars(budget.maxChars),
        budget.skills,
        skills.tools,
      );
  return withSkillsEntry(composition, section, workspacePath, note);
}
