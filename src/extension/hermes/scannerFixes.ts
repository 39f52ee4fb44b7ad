// Hermes's scanner in the editor: an Error at each range it would block a file (or remove a memory
// entry) for, and on each a quick fix: "Reword to '…'" where a rewording keeps the meaning and
// clears the pattern (an edit of the open document, not saved), and "Why Hermes blocks this".
// Registered on the first file Hermes's scanner would block: activation carries none of it.
import * as vscode from 'vscode';
import type { FileMeasure } from '../../core/runtimes/profile';
import { HERMES_THREAT_PATTERNS, hermesScanProblems, PYTHON_SPACE, ScanProblem } from '../../core/runtimes/hermesScan';
import { hermesRewording, rewordingClears } from '../../core/runtimes/hermesRewording';

/** Internal: shows why Hermes blocks a phrase (its argument is the text to show). */
export const EXPLAIN_SCANNER_COMMAND = 'personaStudio.explainScannerBlock';

/** What a quick fix on one Error does: the text it stands on, its rewording if one clears it, why Hermes blocks it. */
interface Fix {
  readonly range: vscode.Range;
  readonly message: string;
  /** The text of the file at the range when the Error was made. */
  readonly match: string;
  readonly replacement?: string;
  readonly why: string;
}

/** The last pass's fixes, by document URI: a quick fix asks for the Error's range and message. */
const fixes = new Map<string, readonly Fix[]>();
let registered = false;

/**
 * The Errors for what Hermes's scanner blocks in a file measured under Hermes, made by `make` (the
 * Problems' source and code) at positions from `at`; their fixes are kept for the quick fixes.
 */
export function scannerDiagnostics(
  uri: vscode.Uri,
  measure: Pick<FileMeasure, 'text' | 'blocks'>,
  at: (index: number) => vscode.Position,
  make: (range: vscode.Range, message: string) => vscode.Diagnostic,
): vscode.Diagnostic[] {
  registerOnce();
  const made: Fix[] = [];
  const diagnostics = hermesScanProblems(measure.blocks).map((problem) => {
    const range = new vscode.Range(at(problem.start), at(problem.end));
    made.push(fixOf(problem, measure.text, range));
    return make(range, problem.message);
  });
  fixes.set(uri.toString(), made);
  return diagnostics;
}

/** The rewording of a problem's phrase, offered only when it clears the pattern within what Hermes scans; and why Hermes blocks it. */
export function fixOf(problem: ScanProblem, text: string, range: vscode.Range): Fix {
  const match = text.slice(problem.start, problem.end);
  const base = { range, message: problem.message, match };
  if (problem.id === 'too_large') return { ...base, why: vscode.l10n.t('Hermes does not scan a memory entry this long: it removes it whole. Split it, or shorten it.') };
  const rewording = hermesRewording(problem.id, match);
  const scanned = text.slice(problem.within.start, problem.within.end);
  const clears =
    rewording?.replacement !== undefined &&
    rewording.replacement !== match &&
    rewordingClears(scanned, problem.start - problem.within.start, match, rewording.replacement, problem.id, problem.scope === 'entry' ? 'strict' : 'context');
  const pattern = HERMES_THREAT_PATTERNS.find((candidate) => candidate.id === problem.id);
  const what = pattern ? vscode.l10n.t("Hermes's {0} pattern, {1}", problem.id, pythonSource(pattern.regex.source)) : problem.id;
  return { ...base, replacement: clears ? rewording.replacement : undefined, why: `${what}: ${rewording?.explanation ?? ''}` };
}

/** A pattern as Hermes writes it: Python's `\s`, `\w` and `\b` for the classes spelled out here. */
export function pythonSource(source: string): string {
  return source.split(`[${PYTHON_SPACE}]`).join('\\s').split('(?<![\\p{L}\\p{N}_])').join('\\b').split('(?![\\p{L}\\p{N}_])').join('\\b').split('[\\p{L}\\p{N}_]').join('\\w');
}

export class ScannerCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const known = fixes.get(document.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.code !== 'scanner-blocks') continue;
      const fix = known.find((candidate) => candidate.message === diagnostic.message && candidate.range.isEqual(diagnostic.range));
      if (!fix) continue;
      // Only while the editor still holds the phrase: the edit replaces exactly it.
      if (fix.replacement !== undefined && document.getText(diagnostic.range) === fix.match) {
        const title = fix.replacement === '' ? vscode.l10n.t('Remove the invisible character') : vscode.l10n.t("Reword to '{0}'", fix.replacement.replace(/\s+/g, ' ').trim());
        const reword = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        reword.diagnostics = [diagnostic];
        reword.isPreferred = true;
        reword.edit = new vscode.WorkspaceEdit();
        reword.edit.replace(document.uri, diagnostic.range, fix.replacement);
        actions.push(reword);
      }
      const title = vscode.l10n.t('Why Hermes blocks this');
      const explain = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      explain.diagnostics = [diagnostic];
      explain.command = { command: EXPLAIN_SCANNER_COMMAND, title, arguments: [fix.why] };
      actions.push(explain);
    }
    return actions;
  }
}

/** The quick fixes and the explanation's command, once per session. */
function registerOnce(): void {
  if (registered) return;
  registered = true;
  vscode.languages.registerCodeActionsProvider({ pattern: '**/*' }, new ScannerCodeActions(), { providedCodeActionKinds: ScannerCodeActions.kinds });
  vscode.commands.registerCommand(EXPLAIN_SCANNER_COMMAND, (why: unknown) => void vscode.window.showInformationMessage(String(why)));
}
