// The secrets UI as activation sees it: a few methods over the scans, and the UI itself
// (secretsUi.ts, a bundle of its own in the Node build) required once a persona is found.
// The detector, with secretlint, is a further bundle, loaded on the first scan.
import * as vscode from 'vscode';
import type { Composition } from '../../core';
import { requireSecrets, SecretsBundle } from '../platform';
import { Disposable } from '../util/disposable';
import { Measurements } from './measurements';
import { PersonaWorkspace } from './personaWorkspace';
import type { SecretsUi } from './secretsUi';

type SecretsUiModule = typeof import('./secretsUi');

export class Secrets extends Disposable {
  private ui: SecretsUi | undefined;
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A persona's scan or masks changed. */
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
    private readonly extensionUri: vscode.Uri,
  ) {
    super();
    this.register(personas.onDidChangePersonas(() => personas.personas.length > 0 && this.start()));
  }

  /** How many secrets the persona's runtime sends, as last scanned. */
  sent(folder: vscode.Uri): number {
    return this.ui?.scans.last(folder)?.sent ?? 0;
  }

  /** The persona's text as a preview shows it, or undefined when nothing in it is masked. */
  masker(folder: vscode.Uri, composition: Composition): ((text: string) => string) | undefined {
    return this.ui?.masks.masker(folder, composition);
  }

  /** Shows the persona's secrets in the preview as sent, until its text changes. */
  reveal(folder: vscode.Uri, composition: Composition): void {
    this.ui?.masks.reveal(folder, composition);
  }

  /** The text to copy or export, asked for when it sends a secret; undefined when the user cancels. */
  shareText(folder: vscode.Uri, label: string, composition: Composition, what: string, exporting: boolean): Promise<string | undefined> {
    return this.start().shareText(folder, label, composition, what, exporting);
  }

  /** Whether a copy or export goes on, given the linked files outside the workspace, and what its message adds. */
  linkedShare(...args: Parameters<SecretsUi['linkedShare']>): ReturnType<SecretsUi['linkedShare']> {
    return this.start().linkedShare(...args);
  }

  /** What a copy or export says of the linked files it leaves out ('' when none). */
  heldBackNote(...args: Parameters<SecretsUi['heldBackNote']>): string {
    return this.start().heldBackNote(...args);
  }

  private start(): SecretsUi {
    if (this.ui) return this.ui;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require('./secretsUi') as SecretsUiModule;
    const ui = this.register(module.startSecretsUi(this.personas, this.measurements, () => loadBundle(this.extensionUri)));
    this.ui = ui;
    this.register(ui.scans.onDidChange((folder) => this.emitter.fire(folder)));
    this.register(ui.masks.onDidChange((folder) => this.emitter.fire(folder)));
    return ui;
  }
}

/** dist/secrets.js; in the web worker host, which has no `require` for our own files, dist/web/secrets.js evaluated as CommonJS. */
async function loadBundle(extensionUri: vscode.Uri): Promise<SecretsBundle> {
  if (requireSecrets) return requireSecrets();
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'secrets.js'));
  const module = { exports: {} };
  new Function('module', 'exports', new TextDecoder().decode(bytes))(module, module.exports);
  return module.exports as SecretsBundle;
}
