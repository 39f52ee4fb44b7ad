// A persona file that is a link leading outside its workspace folder (`SOUL.md ->
// ~/.ssh/id_rsa` in a cloned repository) is not read, shown, counted or shared until the
// user asks to see it: consent per file and target, held in memory for the session only,
// and never given in Restricted Mode.
import * as vscode from 'vscode';
import { homeFolder, linkLeadingOutside } from '../platform';

/** Where a link leads outside the workspace, for people: `~/.ssh/id_rsa` under the home folder. */
export function displayTarget(target: string, home = homeFolder): string {
  const slashed = target.replace(/\\/g, '/');
  const root = home?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root && (slashed === root || slashed.startsWith(`${root}/`))) return `~${slashed.slice(root.length)}`;
  return slashed;
}

/** A file whose link leads outside the workspace: where, and whether the user let it be shown. */
export interface LinkOutside {
  /** The target as a person reads it (`~/.ssh/id_rsa`). */
  readonly target: string;
  readonly shown: boolean;
}

/** Where a file that is a link leads when that is outside its workspace folder; undefined otherwise. */
export type OutsideResolver = (uri: vscode.Uri) => Promise<string | undefined>;

/** The local disk's answer: only `file:` names can be links the extension host sees. */
const onLocalDisk: OutsideResolver = async (uri) => {
  const root = vscode.workspace.getWorkspaceFolder(uri)?.uri;
  if (uri.scheme !== 'file' || root?.scheme !== 'file' || !linkLeadingOutside) return undefined;
  return linkLeadingOutside(uri.fsPath, root.fsPath);
};

export class LinkConsent implements vscode.Disposable {
  private readonly granted = new Set<string>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  /** A file may now be shown: its content is to be read again. */
  readonly onDidChange = this.emitter.event;

  constructor(readonly outside: OutsideResolver = onLocalDisk) {}

  /** Consent is never held in Restricted Mode, whatever was asked before. */
  get possible(): boolean {
    return vscode.workspace.isTrusted;
  }

  allows(uri: vscode.Uri, target: string): boolean {
    return this.possible && this.granted.has(key(uri, target));
  }

  /** The user asked to see the file behind this link; false in Restricted Mode (nothing changes). */
  grant(uri: vscode.Uri, target: string): boolean {
    if (!this.possible) return false;
    const id = key(uri, target);
    if (this.granted.has(id)) return true;
    this.granted.add(id);
    this.emitter.fire(uri);
    return true;
  }

  dispose(): void {
    this.granted.clear();
    this.emitter.dispose();
  }
}

/** A link retargeted elsewhere asks again. */
function key(uri: vscode.Uri, target: string): string {
  return `${uri.toString()}\n${target}`;
}
