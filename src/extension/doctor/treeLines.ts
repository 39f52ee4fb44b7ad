// What the tree says of a file `openclaw doctor --fix` moves (TOOLS.md, HEARTBEAT.md,
// memory.md under a release that no longer loads them): where it goes, and the prompt after.
import * as vscode from 'vscode';
import type { DoctorPreview } from '../../core';
import { formatCount, formatPercent } from '../../core/format';

/** The row's words for the move ("doctor --fix: into AGENTS.md"), when doctor moves this file. */
export function doctorDescription(preview: DoctorPreview | undefined, name: string): string | undefined {
  const move = preview?.moves.find((candidate) => candidate.file === name);
  if (!move) return undefined;
  switch (move.outcome) {
    case 'merged into AGENTS.md':
      return vscode.l10n.t('doctor --fix: into AGENTS.md');
    case 'merged into MEMORY.md':
      return vscode.l10n.t('doctor --fix: into MEMORY.md');
    case 'moved into cron scratch':
      return vscode.l10n.t('doctor --fix: moved out');
    case 'removed untouched':
      return vscode.l10n.t('doctor --fix: removed');
    case 'left as it is':
      return undefined;
  }
}

/** The tooltip's lines: what doctor does with the file, and the file it merges into, after. */
export function doctorTooltip(preview: DoctorPreview | undefined, name: string): string[] {
  const move = preview?.moves.find((candidate) => candidate.file === name);
  if (!preview || !move) return [];
  const lines = ['', `**${vscode.l10n.t('After `openclaw doctor --fix`')}**`];
  switch (move.outcome) {
    case 'merged into AGENTS.md':
      lines.push(vscode.l10n.t('Doctor merges {0} into the Tools section of AGENTS.md and removes it.', name));
      break;
    case 'merged into MEMORY.md':
      lines.push(vscode.l10n.t('Doctor merges {0} into MEMORY.md and archives it.', name));
      break;
    case 'moved into cron scratch':
      lines.push(vscode.l10n.t("Doctor moves {0} out of the workspace into the heartbeat's cron scratch (when the heartbeat is on). The Project Context does not change.", name));
      break;
    case 'removed untouched':
      lines.push(vscode.l10n.t('Doctor removes {0}: it is an untouched template.', name));
      break;
    case 'left as it is':
      return [];
  }
  const target = move.outcome === 'merged into AGENTS.md' ? 'AGENTS.md' : move.outcome === 'merged into MEMORY.md' ? 'MEMORY.md' : undefined;
  const change = preview.changed.find((candidate) => candidate.name === target);
  if (change) {
    const after = change.after;
    const cap = after.effectiveCap ?? after.cap;
    const size = cap
      ? vscode.l10n.t('{0}: {1} of {2} chars ({3})', change.name, formatCount(after.size), formatCount(cap), formatPercent(after.size / cap))
      : vscode.l10n.t('{0}: {1} chars', change.name, formatCount(after.size));
    const before = change.before ? vscode.l10n.t(' (now {0})', formatCount(change.before.size)) : '';
    lines.push(`${size}${before}`);
    if (after.droppedSize > 0) lines.push(`$(error) ${vscode.l10n.t('{0} chars of {1} would then be cut.', formatCount(after.droppedSize), change.name)}`);
    else lines.push(vscode.l10n.t('{0} would still be sent whole.', change.name));
  }
  lines.push(vscode.l10n.t('The soul preview shows it whole: Persona: Show the Prompt After openclaw doctor --fix.'));
  return lines;
}
