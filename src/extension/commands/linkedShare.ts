// Copy and export and the linked files leading outside the workspace: one shown at the
// user's request is put on the clipboard or in a file only after a question; one not shown
// is not in the text at all (it was never read), and the message says so.
import * as vscode from 'vscode';
import type { Composition } from '../../core';
import type { LinkedFile } from '../model/measurements';
import { heldBack, runtimeSkipsLink } from '../preview/linkedPlaceholders';

function listed(files: readonly LinkedFile[]): string {
  return files.map((file) => `${file.name} → ${file.target}`).join(', ');
}

/** What a copy or export says of the linked files left out ('' when none is). */
export function heldBackNote(linked: readonly LinkedFile[], composition: Composition): string {
  const held = heldBack(composition, linked);
  return held.length === 0 ? '' : vscode.l10n.t('Left out, as not shown: {0} (outside the workspace; Show it in the preview first to include it).', listed(held));
}

/**
 * Whether to go on with the copy or export, and what to add to its message; asks first
 * when the text holds a linked file the user let be shown.
 */
export async function linkedShare(
  linked: readonly LinkedFile[],
  composition: Composition,
  what: string,
  label: string,
  exporting: boolean,
): Promise<{ readonly proceed: boolean; readonly note: string }> {
  const sent = linked.filter((file) => file.shown && !runtimeSkipsLink(composition.files.find((measure) => measure.name === file.name)));
  const note = heldBackNote(linked, composition);
  if (sent.length === 0) return { proceed: true, note };
  const go = exporting ? vscode.l10n.t('Export anyway') : vscode.l10n.t('Copy anyway');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('The {0} of {1} includes linked files from outside the workspace: {2}.', what, label, listed(sent)),
    { modal: true, detail: vscode.l10n.t('You chose to show them in the preview; copying or exporting puts their content where others may read it.') },
    go,
  );
  return { proceed: answer === go, note };
}
