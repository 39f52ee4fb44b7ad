// A key badge on a persona file that holds a secret its runtime sends (in the personas
// view, and wherever else VS Code shows the file), from the secret scans.
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { SecretScans } from '../model/secretScans';

export class SecretDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri[]>());
  readonly onDidChangeFileDecorations = this.emitter.event;
  /** Per persona folder, its files that hold a sent secret, with how many. */
  private readonly sent = new Map<string, ReadonlyMap<string, number>>();

  constructor(private readonly scans: SecretScans) {
    super();
    this.register(scans.onDidChange((folder) => this.update(folder)));
    this.register(vscode.window.registerFileDecorationProvider(this));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    for (const files of this.sent.values()) {
      const count = files.get(uri.toString());
      if (count === undefined) continue;
      const tooltip = count === 1 ? vscode.l10n.t('Holds a secret sent to the model provider') : vscode.l10n.t('Holds {0} secrets sent to the model provider', count);
      return new vscode.FileDecoration('🔑', tooltip, new vscode.ThemeColor('list.errorForeground'));
    }
    return undefined;
  }

  private update(folder: vscode.Uri): void {
    const key = folder.toString();
    const scan = this.scans.last(folder);
    const next = new Map<string, number>();
    for (const file of scan?.files ?? []) {
      const count = file.secrets.filter((secret) => secret.sent).length;
      if (count > 0) next.set(file.uri.toString(), count);
    }
    const before = this.sent.get(key) ?? new Map<string, number>();
    const changed = [...new Set([...before.keys(), ...next.keys()])].filter((uri) => before.get(uri) !== next.get(uri));
    if (next.size > 0) this.sent.set(key, next);
    else this.sent.delete(key);
    if (changed.length > 0) this.emitter.fire(changed.map((uri) => vscode.Uri.parse(uri)));
  }
}
