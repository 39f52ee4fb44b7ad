// Fixes offered by the cap diagnostics: rename a mis-cased bootstrap file to the name
// the runtime reads (never over an existing file), and open the preview at the cut.
import * as vscode from 'vscode';
import { miscasedBootstrapName } from '../../core';
import { baseName, folderOf } from '../model/personaWorkspace';
import type { CommandContext, CommandHandlers } from './context';
import { expectFileSystemError, logUnlessFileSystemError } from '../util/log';
import { targetUri } from './target';

export interface ShowCutOptions {
  /** Scroll to the cut rather than to the section's start (default true). */
  readonly revealCut?: boolean;
}

export function fixCommands(deps: CommandContext): CommandHandlers {
  return {
    'personaStudio.renameToBootstrapName': (target?: unknown) => renameToBootstrapName(deps, target),
    'personaStudio.showCut': (target?: unknown, options?: ShowCutOptions) => showCut(deps, target, options),
  };
}

async function showCut(deps: CommandContext, target: unknown, options: ShowCutOptions = {}): Promise<void> {
  const uri = targetUri(target);
  const persona = uri && deps.personas.personaOf(uri);
  if (!uri || !persona) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a bootstrap file of a persona to see where its cap cuts.'));
    return;
  }
  await deps.previews.open(persona, { toSide: true, revealSection: baseName(uri), revealCut: options.revealCut ?? true });
}

async function renameToBootstrapName(deps: CommandContext, target: unknown): Promise<void> {
  const uri = targetUri(target);
  if (!uri) return;
  const name = baseName(uri);
  const intended = miscasedBootstrapName(name);
  // Only a file of a persona folder of the workspace is renamed, never one elsewhere.
  if (!intended || !deps.personas.find(folderOf(uri))) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not a mis-cased bootstrap file of a persona folder.', name));
    return;
  }
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Renaming {0} needs a trusted workspace.', name));
    return;
  }
  const folder = folderOf(uri);
  // The folder's own listing, not stat: on a case-insensitive file system the
  // intended name "exists" merely because the mis-cased file does.
  const names = await listNames(folder);
  if (!names?.has(name)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} no longer exists: nothing was renamed.', name));
    return;
  }
  if (names.has(intended)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} already exists beside {1}: nothing was renamed. Merge what you need from {1} into {0} by hand.', intended, name));
    return;
  }
  const intendedUri = vscode.Uri.joinPath(folder, intended);
  if (await renamed(uri, intendedUri, intended)) return;
  // A case-insensitive file system may refuse a rename that only changes case:
  // go through a temporary name, and put the file back if the second step fails.
  const temporary = vscode.Uri.joinPath(folder, `.${name}.${Date.now().toString(36)}.renaming`);
  if ((await listNames(folder))?.has(baseName(temporary)) || !(await renamed(uri, temporary, baseName(temporary)))) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not rename {0} to {1}: the file is unchanged.', name, intended));
    return;
  }
  if (await renamed(temporary, intendedUri, intended)) return;
  const message = (await renamed(temporary, uri, name))
    ? vscode.l10n.t('Could not rename {0} to {1}: the file is unchanged.', name, intended)
    : vscode.l10n.t('Could not rename {0} to {1}: its content is safe in {2}.', name, intended, baseName(temporary));
  void vscode.window.showErrorMessage(message);
}

/** Renames through a WorkspaceEdit (undoable, open editors follow) and checks the folder agrees. */
async function renamed(from: vscode.Uri, to: vscode.Uri, toName: string): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  edit.renameFile(from, to, { overwrite: false });
  let applied: boolean;
  try {
    applied = await vscode.workspace.applyEdit(edit);
  } catch (error) {
    // VS Code refuses the edit (the target exists, the file is gone): said as not renamed, and logged when it is no file-system condition.
    logUnlessFileSystemError('renaming a persona file', error);
    applied = false;
  }
  if (!applied) return false;
  const names = await listNames(folderOf(to));
  return names !== undefined && names.has(toName) && !names.has(baseName(from));
}

async function listNames(folder: vscode.Uri): Promise<Set<string> | undefined> {
  try {
    return new Set((await vscode.workspace.fs.readDirectory(folder)).map(([entry]) => entry));
  } catch (error) {
    expectFileSystemError(error); // Gone or unreadable: cannot be confirmed.
    return undefined;
  }
}
