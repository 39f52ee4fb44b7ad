// SKILL.md Problems of every OpenClaw persona, from the one catalog Measurements computes,
// with their quick fixes: add a `description:` line; open the other skill of a name.
import * as vscode from 'vscode';
import { Measurements } from '../model/measurements';
import { PersonaWorkspace } from '../model/personaWorkspace';
import { SKILLS_CHANGE } from '../model/skills';
import { Disposable } from '../util/disposable';
import { logUnexpected } from '../util/log';
import { COLLISION, NO_DESCRIPTION, skillFindings } from './skillFindings';

export class SkillProblems extends Disposable implements vscode.CodeActionProvider {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('persona-studio-skills'));
  /** The SKILL.md files each persona has Problems on, by folder. */
  private readonly shown = new Map<string, vscode.Uri[]>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
  ) {
    super();
    this.register(
      measurements.onDidChange(({ folder, names }) => {
        if (names === 'all' || names.includes(SKILLS_CHANGE)) void this.update(folder);
      }),
    );
    this.register(personas.onDidChangePersonas(() => this.updateAll()));
    this.register(vscode.languages.registerCodeActionsProvider({ pattern: '**/SKILL.md' }, this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }));
    this.updateAll();
  }

  private updateAll(): void {
    const known = new Set(this.personas.personas.map((persona) => persona.uri.toString()));
    for (const key of [...this.shown.keys()]) if (!known.has(key)) this.clear(key);
    for (const persona of this.personas.personas) void this.update(persona.uri);
  }

  private clear(key: string): void {
    for (const uri of this.shown.get(key) ?? []) this.collection.delete(uri);
    this.shown.delete(key);
  }

  private async update(folder: vscode.Uri): Promise<void> {
    const key = folder.toString();
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    try {
      const measure = await this.measurements.skills(folder);
      if (this.versions.get(key) !== version) return;
      this.clear(key);
      if (!measure) return;
      const byFile = new Map<string, vscode.Diagnostic[]>();
      for (const finding of skillFindings(measure)) {
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(finding.line, 0, finding.line, 1000),
          finding.message,
          finding.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = 'Persona Studio';
        if (finding.code) diagnostic.code = finding.code;
        if (finding.other)
          diagnostic.relatedInformation = [
            new vscode.DiagnosticRelatedInformation(
              new vscode.Location(folder.with({ path: finding.other }), new vscode.Position(0, 0)),
              vscode.l10n.t('the other skill of this name'),
            ),
          ];
        const list = byFile.get(finding.path) ?? [];
        list.push(diagnostic);
        byFile.set(finding.path, list);
      }
      const uris = [...byFile.keys()].map((path) => folder.with({ path }));
      for (const uri of uris) this.collection.set(uri, byFile.get(uri.path));
      this.shown.set(key, uris);
    } catch (error) {
      logUnexpected(`skill Problems of ${folder.toString()}`, error);
    }
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.code === NO_DESCRIPTION) {
        const action = new vscode.CodeAction(vscode.l10n.t('Add a description: line'), vscode.CodeActionKind.QuickFix);
        const edit = new vscode.WorkspaceEdit();
        const line = 'description: Use when …';
        const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        if (
          document.lineCount > 0 &&
          document
            .lineAt(0)
            .text.replace(/^\uFEFF/, '')
            .trimEnd() === '---'
        )
          edit.insert(document.uri, new vscode.Position(1, 0), line + eol);
        else edit.insert(document.uri, new vscode.Position(0, 0), `---${eol}${line}${eol}---${eol}`);
        action.edit = edit;
        action.diagnostics = [diagnostic];
        action.isPreferred = true;
        actions.push(action);
      } else if (diagnostic.code === COLLISION && diagnostic.relatedInformation?.[0]) {
        const other = diagnostic.relatedInformation[0].location.uri;
        const action = new vscode.CodeAction(vscode.l10n.t('Open the other skill of this name'), vscode.CodeActionKind.QuickFix);
        action.command = { command: 'vscode.open', title: action.title, arguments: [other] };
        action.diagnostics = [diagnostic];
        actions.push(action);
      }
    }
    return actions;
  }
}
