// "Persona: Choose Runtime…": a quick pick of the runtime profiles; the choice is
// written to the runtime setting of the persona's workspace folder (the workspace
// when it has one folder), so every surface of that folder follows it.
import * as vscode from 'vscode';
import { RUNTIME_IDS, runtimeProfile } from '../../core';
import { runtimeId } from '../model/config';
import { saidNoFolder } from './pickPersona';
import type { CommandHandlers } from './context';
import { CHOOSE_RUNTIME_COMMAND } from './ids';
import { targetUri } from './target';

/** The folder the choice is for: the target's, the active editor's, or the only one. */
async function folderFor(target: unknown): Promise<vscode.WorkspaceFolder | undefined> {
  const uri = targetUri(target);
  const folder = uri && vscode.workspace.getWorkspaceFolder(uri);
  if (folder) return folder;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Choose the folder whose runtime to set') });
}

export function chooseRuntimeCommands(): CommandHandlers {
  return {
    [CHOOSE_RUNTIME_COMMAND]: async (target?: unknown) => {
      // The choice is a workspace setting: with no folder there is none to write it to.
      if (saidNoFolder(vscode.l10n.t('Open a folder first: the runtime is chosen for a workspace folder.'))) return;
      const folder = await folderFor(target);
      const current = runtimeId(folder?.uri);
      // Each profile says what sets it apart (a line in English, as its label).
      const items = RUNTIME_IDS.map((id) => {
        const { label, description } = runtimeProfile(id);
        return { label, description: id === current ? vscode.l10n.t('{0} (current)', description) : description, picked: id === current, id };
      });
      const picked = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Choose Runtime'),
        placeHolder: vscode.l10n.t('The runtime whose injection Persona Studio shows'),
      });
      if (!picked || picked.id === current) return;
      const single = (vscode.workspace.workspaceFolders?.length ?? 0) <= 1 && !vscode.workspace.workspaceFile;
      const scope = folder && !single ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
      await vscode.workspace.getConfiguration('personaStudio', folder?.uri).update('runtime', picked.id, scope);
    },
  };
}
