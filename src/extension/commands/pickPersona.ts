// Which persona a command means: the one it was invoked on (tree item, explorer
// resource), else the active editor's, else the only one, else the user's pick.
import * as vscode from 'vscode';
import { Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { expectFileSystemError } from '../util/log';
import { commandTarget } from './target';

/** What commands receive from the tree, the explorer or the editor title. */
export type PersonaTarget = vscode.Uri | { readonly persona: Persona } | undefined;

export async function resolvePersona(personas: PersonaWorkspace, target: unknown, placeHolder: string): Promise<Persona | undefined> {
  const { uri, persona } = commandTarget(target);
  if (uri) return personaAt(personas, uri);
  if (persona) return persona;
  if (saidNoFolder(vscode.l10n.t('Open a folder first: Persona Studio finds the personas inside it.'))) return undefined;
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active && personas.personaOf(active);
  if (fromEditor) return fromEditor;
  // A command may be what activated the extension: the first walk may still be running.
  await personas.ready;
  const all = personas.personas;
  if (all.length === 1) return all[0];
  if (all.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No persona folder in this workspace. Run "Persona: New Persona Folder…" to create one.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    all.map((persona) => ({ label: persona.label, description: persona.workspaceFolder?.name, persona })),
    { placeHolder },
  );
  return picked?.persona;
}

/** With no folder open, says so in one line (offering to open one) and answers true. */
export function saidNoFolder(message: string): boolean {
  if ((vscode.workspace.workspaceFolders?.length ?? 0) > 0) return false;
  const open = vscode.l10n.t('Open Folder');
  void vscode.window.showInformationMessage(message, open).then(async (answer) => {
    if (answer === open) await vscode.commands.executeCommand('workbench.action.files.openFolder');
  });
  return true;
}

/** A folder is itself a persona; a file belongs to its folder's persona. */
async function personaAt(personas: PersonaWorkspace, uri: vscode.Uri): Promise<Persona | undefined> {
  const known = personas.find(uri);
  if (known) return known;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) {
      await personas.refresh();
      return personas.find(uri) ?? personas.personaOf(vscode.Uri.joinPath(uri, 'SOUL.md'));
    }
  } catch (error) {
    expectFileSystemError(error); // Not on disk: treat it as a file path.
  }
  return personas.personaOf(uri);
}
