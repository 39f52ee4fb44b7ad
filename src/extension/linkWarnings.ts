// A persona file that is a link leading outside its workspace folder (`SOUL.md ->
// ~/.ssh/id_rsa` in a cloned repository) gets a warning naming where it leads: the
// runtime would send that file to the model.
import * as vscode from 'vscode';
import { BootstrapName, escapeControls, HEARTWOOD_FILE, linkLeadingOutside } from '../core';
import { Coalescer } from './coalescer';
import { Disposable } from './disposable';
import { DIAGNOSTIC_SOURCE } from './fileProblems';
import { Persona, PersonaWorkspace } from './personaWorkspace';

export const LINK_OUTSIDE_CODE = 'link-outside';

/** Checks after a burst of changes come at most this often. */
const CHECK_DELAY_MS = 200;

export class LinkWarnings extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection(`${DIAGNOSTIC_SOURCE} links`));
  private readonly changeEmitter = this.register(new vscode.EventEmitter<void>());
  /** The set of links leading outside changed. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly checks = this.register(new Coalescer<void>(CHECK_DELAY_MS, () => void this.update()));
  /** Bumped by each pass: an older pass finishing late must not win. */
  private generation = 0;
  private targets = new Map<string, string>();

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    this.register(personas.onDidChangePersonas(() => this.checks.add('all', undefined)));
    // A file replaced by a link keeps its name: only its content event tells.
    this.register(personas.onDidChangeContent(() => this.checks.add('all', undefined)));
    void this.update();
  }

  /** Where a persona file leads outside its workspace folder, if it does. */
  target(uri: vscode.Uri): string | undefined {
    return this.targets.get(uri.toString());
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const found = new Map<string, { uri: vscode.Uri; name: string; target: string }>();
    await Promise.all(this.personas.personas.flatMap((persona) => filesOf(persona).map(async (name) => {
      const root = persona.workspaceFolder?.uri;
      if (!root || root.scheme !== 'file' || persona.uri.scheme !== 'file') return;
      const uri = vscode.Uri.joinPath(persona.uri, name);
      const target = await linkLeadingOutside(uri.fsPath, root.fsPath);
      if (target !== undefined) found.set(uri.toString(), { uri, name, target });
    })));
    if (this.isDisposed || generation !== this.generation) return;
    const targets = new Map([...found].map(([key, { target }]) => [key, target]));
    if (JSON.stringify([...targets]) === JSON.stringify([...this.targets])) return;
    this.targets = targets;
    this.changeEmitter.fire();
    this.collection.clear();
    for (const { uri, name, target } of found.values()) {
      const warning = new vscode.Diagnostic(
        new vscode.Range(0, 0, 0, 0),
        vscode.l10n.t('{0} is a link to {1}, outside the workspace folder: the runtime would send that file to the model.', name, escapeControls(target)),
        vscode.DiagnosticSeverity.Warning,
      );
      warning.source = DIAGNOSTIC_SOURCE;
      warning.code = LINK_OUTSIDE_CODE;
      this.collection.set(uri, [warning]);
    }
  }
}

function filesOf(persona: Persona): Array<BootstrapName | typeof HEARTWOOD_FILE> {
  return persona.heartwood ? [...persona.files, HEARTWOOD_FILE] : [...persona.files];
}
