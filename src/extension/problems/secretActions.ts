// Quick fixes on a secret's Problems entry: put the environment variable's reference in
// its place (`${OPENAI_API_KEY}`), or mark the line as meant with the suppression comment.
// On a dropped rule's entry: move the file's dropped rule lines above the cut.
import * as vscode from 'vscode';
import type { SecretProblem } from '../../core/secrets';
import { folderOf } from '../model/personaWorkspace';
import { FileScan, PersonaScan, SecretScans } from '../model/secretScans';
import { DIAGNOSTIC_SOURCE, locator } from './fileProblems';

const SECRET_CODES: ReadonlySet<unknown> = new Set(['secret-sent', 'secret-not-sent']);

export class SecretCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly scans: SecretScans) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const scan = this.scans.last(folderOf(document.uri));
    const file = scan?.files.find((candidate) => candidate.uri.toString() === document.uri.toString());
    if (!scan || !file) return [];
    const actions: vscode.CodeAction[] = [];
    const move = moveRules(
      document,
      scan,
      file,
      context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && diagnostic.code === RULE_DROPPED),
    );
    if (move) actions.push(move);
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

const RULE_DROPPED = 'rule-dropped';

/**
 * "Move the 3 rule lines above the cut", offered only while the editor holds exactly the
 * text that was scanned: the edit is a move (every character stays), made when picked.
 */
function moveRules(document: vscode.TextDocument, scan: PersonaScan, file: FileScan, diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction | undefined {
  if (diagnostics.length === 0 || file.dropped.length === 0) return undefined;
  const text = file.file.text;
  if (document.getText() !== (text.startsWith('\uFEFF') ? text.slice(1) : text)) return undefined;
  const edits = scan.bundle.moveRulesAboveCut(file.file, file.dropped);
  if (!edits) return undefined;
  const count = new Set(file.dropped.map((rule) => rule.line)).size;
  const title = count === 1 ? vscode.l10n.t('Move the dropped rule line above the cut') : vscode.l10n.t('Move the {0} dropped rule lines above the cut', count);
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [...diagnostics];
  action.edit = new vscode.WorkspaceEdit();
  const locate = locator(document, text);
  for (const edit of edits) {
    if (edit.start === edit.end) action.edit.insert(document.uri, locate.at(edit.start), edit.text);
    else action.edit.delete(document.uri, new vscode.Range(locate.at(edit.start), locate.at(edit.end)));
  }
  return action;
}

/** Whether the entry is this secret's: its message (kind and mask) on its line. */
function isEntryOf(secret: SecretProblem, diagnostic: vscode.Diagnostic): boolean {
  return secret.message === diagnostic.message && secret.line === diagnostic.range.start.line;
}

/** The provider, for the persona files' names (any language). */
export function registerSecretCodeActions(scans: SecretScans): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider({ pattern: '**/*' }, new SecretCodeActions(scans), { providedCodeActionKinds: SecretCodeActions.kinds });
}
