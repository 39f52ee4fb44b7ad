// Dims the label of a missing file in the tree. A missing file's item carries a URI of
// this scheme, so the dimming can never leak onto a real file elsewhere in VS Code.
import * as vscode from 'vscode';

export const MISSING_SCHEME = 'persona-studio-missing';

export function missingUri(uri: vscode.Uri): vscode.Uri {
  return uri.with({ scheme: MISSING_SCHEME, query: uri.scheme });
}

export function registerMissingDecorations(): vscode.Disposable {
  return vscode.window.registerFileDecorationProvider({
    provideFileDecoration(uri) {
      if (uri.scheme !== MISSING_SCHEME) return undefined;
      return new vscode.FileDecoration(undefined, vscode.l10n.t('Missing'), new vscode.ThemeColor('disabledForeground'));
    },
  });
}
