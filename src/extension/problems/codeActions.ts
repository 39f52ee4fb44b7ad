// Quick fixes on Persona Studio's diagnostics: open the soul preview at the cut,
// select what the runtime drops, rename a mis-cased bootstrap file.
import * as vscode from 'vscode';
import { miscasedBootstrapName } from '../../core';
import { DIAGNOSTIC_SOURCE, DiagnosticCode } from './fileProblems';
import { baseName } from '../model/personaWorkspace';

/** Internal: selects the part of a file the runtime drops (registered in commands/selectDropped.ts). */
import { SELECT_DROPPED_COMMAND } from '../commands/ids';

export class CapCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
      const name = baseName(document.uri);
      switch (diagnostic.code) {
        case DiagnosticCode.over:
          actions.push(
            action(vscode.l10n.t('Open the soul preview at the cut'), diagnostic, 'personaStudio.showCut', [document.uri, { revealCut: true }]),
            action(vscode.l10n.t('Select what the runtime drops'), diagnostic, SELECT_DROPPED_COMMAND, [document.uri]),
          );
          break;
        case DiagnosticCode.near:
          actions.push(action(vscode.l10n.t('Open the soul preview at {0}', name), diagnostic, 'personaStudio.showCut', [document.uri, { revealCut: false }]));
          break;
        case DiagnosticCode.miscased: {
          const intended = miscasedBootstrapName(name);
          if (!intended) break;
          const rename = action(vscode.l10n.t('Rename to {0}', intended), diagnostic, 'personaStudio.renameToBootstrapName', [document.uri]);
          // Never preferred: renaming the user's file is theirs to choose, not a keystroke's.
          if (!vscode.workspace.isTrusted) rename.disabled = { reason: vscode.l10n.t('Renaming files needs a trusted workspace.') };
          actions.push(rename);
          break;
        }
      }
    }
    return actions;
  }
}

function action(title: string, diagnostic: vscode.Diagnostic, command: string, args: unknown[]): vscode.CodeAction {
  const result = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  result.diagnostics = [diagnostic];
  result.command = { command, title, arguments: args };
  return result;
}

/** The provider, for any file (names decide, not languages). */
export function registerCapCodeActions(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider({ pattern: '**/*' }, new CapCodeActions(), {
    providedCodeActionKinds: CapCodeActions.kinds,
  });
}
