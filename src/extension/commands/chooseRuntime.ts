// "Persona: Choose Runtime…": a quick pick of the runtime profiles; the choice is
// written to the runtime setting of the persona's workspace folder (the workspace
// when it has one folder), so every surface of that folder follows it.
import * as vscode from 'vscode';
import { RUNTIME_IDS, RuntimeId, runtimeProfile } from '../../core';
import { runtimeId } from '../model/config';
import { saidNoFolder } from './pickPersona';
import type { CommandHandlers } from './context';
import { CHOOSE_RUNTIME_COMMAND } from './ids';
import { targetUri } from './target';

function description(id: RuntimeId): string {
  switch (id) {
    case 'toolnexus':
      return vscode.l10n.t('seven files, 2 MB each in bytes, cut at the end');
    case 'openclaw':
      return vscode.l10n.t('Project Context: 20,000 chars a file, 60,000 in all, head and tail kept');
    case 'zeroclaw':
      return vscode.l10n.t('20,000 code points a file, cut at the end');
    case 'codex':
      return vscode.l10n.t('AGENTS.md only, 32 KiB in all, cut at the byte');
    case 'hermes':
      return vscode.l10n.t('SOUL.md from its home, one project file type; scans for injection');
  }
}

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
      const items = RUNTIME_IDS.map((id) => ({
        label: runtimeProfile(id).label,
        description: id === current ? vscode.l10n.t('{0} (current)', description(id)) : description(id),
        picked: id === current,
        id,
      }));
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
