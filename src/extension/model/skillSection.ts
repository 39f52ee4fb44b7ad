// An OpenClaw composition with the `## Skills` section in it, as the prompt holds it: the
// section, what stands between it and the Project Context, then the Project Context (what
// `compose --part all` prints). The section is a file-like entry of its own (named
// SKILLS_CHANGE), so the preview, the token counts and the totals take it in like any file.
import * as vscode from 'vscode';
import { Composition, FileMeasure, formatCount } from '../../core';
import { openClawPromptBetween } from '../../core/skills/messages';
import { budgetChars } from '../util/skillMessages';
import { SKILLS_CHANGE } from './skills';
import type { SkillsMeasure } from './skillTypes';

export function withSkillsSection(composition: Composition, skills: SkillsMeasure | undefined, workspacePath: string): Composition {
  const section = skills?.report.section ?? '';
  // A persona without skills of its own still gets the stock plugins' skills, when the release lists any.
  if (!skills || !section) return composition;
  const { budget } = skills.report;
  const between = `\n${openClawPromptBetween(workspacePath)}\n`;
  const shift = section.length + between.length;
  const entry: FileMeasure = {
    name: SKILLS_CHANGE,
    status: 'sent',
    // No text of its own: its skills are files of their own, scanned and diagnosed there.
    text: '',
    size: section.length,
    state: 'ok',
    kept: [],
    dropped: [],
    keptSize: section.length,
    droppedSize: 0,
    section,
    offset: 0,
    note: skills.pluginSkills
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
        ),
  };
  let text: string | undefined;
  // Not spread: the Project Context's text may be computed on first read, and is not read here.
  return {
    runtime: composition.runtime,
    unit: composition.unit,
    found: composition.found,
    total: composition.total,
    get text() {
      return (text ??= section + between + composition.text);
    },
    pieces: [section, between, ...(composition.pieces ?? [composition.text])],
    files: [entry, ...composition.files.map((file) => (file.offset >= 0 ? { ...file, offset: file.offset + shift } : file))],
  };
}
