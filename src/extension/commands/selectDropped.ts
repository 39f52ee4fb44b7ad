// Internal: selects the part of a file the runtime drops, from the quick fix on a cap
// diagnostic (not in the palette).
import * as vscode from 'vscode';
import { SELECT_DROPPED_COMMAND } from './ids';
import { DIAGNOSTIC_SOURCE, DiagnosticCode } from '../problems/fileProblems';
import { baseName } from '../model/personaWorkspace';
import type { CommandHandlers } from './context';
import { targetUri } from './target';

export function selectDroppedCommands(): CommandHandlers {
  return { [SELECT_DROPPED_COMMAND]: (uri: unknown) => selectDropped(uri) };
}

async function selectDropped(target: unknown): Promise<void> {
  const uri = targetUri(target);
  if (!uri) return;
  // The live diagnostic, not the one the action was made from: the text may have moved since.
  const dropped = vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && diagnostic.code === DiagnosticCode.over);
  if (dropped.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is within its cap: the runtime drops nothing.', baseName(uri)));
    return;
  }
  const editor = await vscode.window.showTextDocument(uri, { preserveFocus: false });
  // One selection per dropped span (a head/tail cut drops the middle), each anchored at
  // its end and active at its start: the cursor and the view stay at the first cut.
  editor.selections = dropped.map((over) => new vscode.Selection(over.range.end, over.range.start));
  const first = dropped[0].range.start;
  editor.revealRange(new vscode.Range(first, first), vscode.TextEditorRevealType.InCenter);
}
