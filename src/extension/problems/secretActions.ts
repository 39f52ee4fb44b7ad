// Quick fixes on a secret's Problems entry: put the environment variable's reference in
// its place (`${OPENAI_API_KEY}`), or mark the line as meant with the suppression comment.
import * as vscode from 'vscode';
import type { SecretProblem } from '../../core/secrets';
import { folderOf } from '../model/personaWorkspace';
import { SecretScans } from '../model/secretScans';
import { DIAGNOSTIC_SOURCE } from './fileProblems';

const SECRET_CODES: ReadonlySet<unknown> = new Set(['secret-sent', 'secret-not-sent']);

export class SecretCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly scans: SecretScans) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const scan = this.scans.last(folderOf(document.uri));
    const file = scan?.files.find((candidate) => candidate.uri.toString() === document.uri.toString());
    if (!scan || !file) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || !SECRET_CODES.has(diagnostic.code)) continue;
      const secret = file.secrets.find((candidate) => isEntryOf(candidate, diagnostic));
      if (!secret) continue;
      const replace = new vscode.CodeAction(vscode.l10n.t('Replace with {0}', secret.placeholder), vscode.CodeActionKind.QuickFix);
      replace.diagnostics = [diagnostic];
      replace.isPreferred = true;
      replace.edit = new vscode.WorkspaceEdit();
      replace.edit.replace(document.uri, diagnostic.range, secret.placeholder);
      const suppress = new vscode.CodeAction(vscode.l10n.t('Keep it: mark the line with {0}', scan.bundle.SUPPRESS_SECRET_COMMENT), vscode.CodeActionKind.QuickFix);
      suppress.diagnostics = [diagnostic];
      suppress.edit = new vscode.WorkspaceEdit();
      const line = document.lineAt(diagnostic.range.start.line);
      const before = line.text.length > 0 && !/\s$/.test(line.text) ? ' ' : '';
      suppress.edit.insert(document.uri, line.range.end, `${before}${scan.bundle.SUPPRESS_SECRET_COMMENT}`);
      actions.push(replace, suppress);
    }
    return actions;
  }
}

/** Whether the entry is this secret's: its message (kind and mask) on its line. */
function isEntryOf(secret: SecretProblem, diagnostic: vscode.Diagnostic): boolean {
  return secret.message === diagnostic.message && secret.line === diagnostic.range.start.line;
}

/** The provider, for the persona files' names (any language). */
export function registerSecretCodeActions(scans: SecretScans): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider({ pattern: '**/*' }, new SecretCodeActions(scans), { providedCodeActionKinds: SecretCodeActions.kinds });
}
