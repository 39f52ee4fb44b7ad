// Problems for what a persona's text carries: each secret on its exact range (an Error
// when the runtime sends it, a Warning when it does not), each run of hidden characters and
// each HTML comment giving an instruction, and each rule line a cut drops (a Warning when it
// names a rule outright, else Information). Messages name a secret's kind and mask, never its
// value. Read from the secret scans, off the keystroke path.
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { PersonaScan, SecretScans } from '../model/secretScans';
import { PersonaWorkspace } from '../model/personaWorkspace';
import { DIAGNOSTIC_SOURCE, locator } from './fileProblems';
import { registerSecretCodeActions } from './secretActions';

export const SecretCode = {
  sent: 'secret-sent',
  notSent: 'secret-not-sent',
  hidden: 'hidden-characters',
  instruction: 'hidden-instruction',
  ruleDropped: 'rule-dropped',
} as const;

export class SecretProblems extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('persona-studio-secrets'));
  /** The files each persona's last scan put entries on, to clear what a new one leaves out. */
  private readonly shown = new Map<string, readonly string[]>();

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly scans: SecretScans,
  ) {
    super();
    this.register(scans.onDidChange((folder) => this.show(folder)));
    this.register(registerSecretCodeActions(scans));
  }

  private show(folder: vscode.Uri): void {
    const key = folder.toString();
    const scan = this.personas.find(folder) ? this.scans.last(folder) : undefined;
    const next = new Map(scan ? diagnosticsOf(scan, this.personas) : []);
    for (const uri of this.shown.get(key) ?? []) if (!next.has(uri)) this.collection.delete(vscode.Uri.parse(uri));
    for (const [uri, diagnostics] of next) this.collection.set(vscode.Uri.parse(uri), diagnostics);
    this.shown.set(key, [...next.keys()]);
  }
}

/** The entries of a scan, by file URI; a file with none has no entry. */
function diagnosticsOf(scan: PersonaScan, personas: PersonaWorkspace): Array<[string, vscode.Diagnostic[]]> {
  const result: Array<[string, vscode.Diagnostic[]]> = [];
  for (const file of scan.files) {
    const diagnostics: vscode.Diagnostic[] = [];
    const locate = locator(personas.openDocument(file.uri), file.file.text);
    const range = (start: number, end: number) => new vscode.Range(locate.at(start), locate.at(end));
    for (const secret of file.secrets) {
      const severity = secret.sent ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
      diagnostics.push(diagnostic(range(secret.start, secret.end), secret.message, severity, secret.sent ? SecretCode.sent : SecretCode.notSent));
    }
    for (const run of file.hidden) diagnostics.push(diagnostic(range(run.start, run.end), run.message, vscode.DiagnosticSeverity.Warning, SecretCode.hidden));
    for (const comment of file.instructions) {
      diagnostics.push(diagnostic(range(comment.start, comment.end), comment.message, vscode.DiagnosticSeverity.Warning, SecretCode.instruction));
    }
    for (const rule of file.dropped) {
      // A rule line may quote a secret: the message shows its mask.
      const message = scan.bundle.maskWithin(rule.message, file.file.text, file.findings);
      // A line that names a rule outright (must, never, do not…) is a Warning; a heading or list
      // item is Information, so a long dropped list does not bury the warnings that matter.
      const severity = rule.strong ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
      diagnostics.push(diagnostic(range(rule.start, rule.end), message, severity, SecretCode.ruleDropped));
    }
    if (diagnostics.length > 0) result.push([file.uri.toString(), diagnostics]);
  }
  return result;
}

function diagnostic(range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity, code: string): vscode.Diagnostic {
  const result = new vscode.Diagnostic(range, message, severity);
  result.source = DIAGNOSTIC_SOURCE;
  result.code = code;
  return result;
}
