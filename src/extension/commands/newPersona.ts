// Persona: New Persona Folder… — where, what name, which files; then create them,
// show the persona in the tree and open its SOUL.md.
import * as vscode from 'vscode';
import { BOOTSTRAP_ORDER, checkPersonaFolderName, filePurpose, FolderNameProblem, HEARTWOOD_FILE, suggestPersonaParent, TemplateName } from '../../core';
import { localize } from '../util/coreMessages';
import type { CommandContext } from './context';
import { createFromTemplates, fileExists, openFiles, reportOutcome } from './createFiles';
import { REVEAL_PERSONA_COMMAND } from './revealPersona';
import { expectFileSystemError } from '../util/log';

export async function newPersonaFolder(deps: CommandContext, target: unknown): Promise<void> {
  const base = await chooseBase(deps, target);
  if (!base) return;
  const folder = await askFolder(base);
  if (!folder) return;
  const names = await pickFiles(folder.uri);
  if (!names) return;
  if (names.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No file picked: nothing was created.'));
    return;
  }
  const outcome = await createFromTemplates(folder.uri, names);
  reportOutcome(outcome, folder.label);
  if (outcome.created.length === 0 && outcome.existing.length === 0) return;

  await deps.personas.refresh();
  const shown = await vscode.commands.executeCommand<boolean>(REVEAL_PERSONA_COMMAND, folder.uri);
  if (!shown) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} was created, but the setting personaStudio.folders does not include it, so the Personas view does not show it.', folder.label),
    );
  }
  const soul = vscode.Uri.joinPath(folder.uri, 'SOUL.md');
  const first = (await fileExists(soul)) ? soul : outcome.created[0] && vscode.Uri.joinPath(folder.uri, outcome.created[0]);
  if (first) await openFiles([first]);
}

interface Base {
  readonly uri: vscode.Uri;
  /** How the prompt names it. */
  readonly name: string;
  /** Persona paths already in this folder, relative to it, to suggest where the new one goes. */
  readonly personaPaths: string[];
}

/** Where the new folder goes: a folder given by the caller, else a workspace folder. */
async function chooseBase(deps: CommandContext, target: unknown): Promise<Base | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (target instanceof vscode.Uri) return { uri: target, name: vscode.workspace.asRelativePath(target, true), personaPaths: [] };
  if (folders.length === 0) {
    const open = vscode.l10n.t('Open Folder');
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: a persona folder is created inside it.'), open);
    if (answer === open) await vscode.commands.executeCommand('workbench.action.files.openFolder');
    return undefined;
  }
  const workspaceFolder =
    folders.length === 1 ? folders[0] : await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Create the persona folder in which workspace folder?') });
  if (!workspaceFolder) return undefined;
  const root = workspaceFolder.uri.path.replace(/\/$/, '');
  await deps.personas.ready;
  const personaPaths = deps.personas.personas
    .filter((persona) => persona.workspaceFolder?.uri.toString() === workspaceFolder.uri.toString())
    .map((persona) => persona.uri.path.slice(root.length).replace(/^\/+/, '') || '.');
  return { uri: workspaceFolder.uri, name: workspaceFolder.name, personaPaths };
}

async function askFolder(base: Base): Promise<{ uri: vscode.Uri; label: string } | undefined> {
  const suggested = suggestPersonaParent(base.personaPaths);
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('New Persona Folder'),
    prompt: vscode.l10n.t('Folder for the new persona, relative to {0}', base.name),
    placeHolder: vscode.l10n.t('for example personas/atlas'),
    value: suggested,
    valueSelection: [suggested.length, suggested.length],
    ignoreFocusOut: true,
    validateInput: (value) => validateFolder(base.uri, value),
  });
  if (input === undefined) return undefined;
  const check = checkPersonaFolderName(input);
  if (!check.ok) return undefined;
  // Re-checked after the box closes: the disk may have changed while the user typed.
  const blocked = await validateFolder(base.uri, input);
  if (blocked && typeof blocked !== 'string' && blocked.severity === vscode.InputBoxValidationSeverity.Error) {
    void vscode.window.showErrorMessage(blocked.message);
    return undefined;
  }
  return { uri: vscode.Uri.joinPath(base.uri, ...check.segments), label: check.segments.join('/') };
}

async function validateFolder(base: vscode.Uri, value: string): Promise<vscode.InputBoxValidationMessage | undefined> {
  const check = checkPersonaFolderName(value);
  const error = (message: string) => ({ message, severity: vscode.InputBoxValidationSeverity.Error });
  if (!check.ok) return error(problemMessage(check.problem, check.detail));
  // Every level of the path must be a folder, or not exist yet.
  let uri = base;
  for (const segment of check.segments) {
    uri = vscode.Uri.joinPath(uri, segment);
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      expectFileSystemError(error); // Absent: the rest of the path is free to create.
      return undefined;
    }
    if (!(stat.type & vscode.FileType.Directory)) return error(vscode.l10n.t('{0} is a file, not a folder.', segment));
  }
  const entries = await vscode.workspace.fs.readDirectory(uri).then(
    (list) => list,
    () => [],
  );
  if (entries.length === 0) return undefined;
  return {
    message: vscode.l10n.t('This folder exists and is not empty: files in it are kept as they are; only missing ones you pick are created.'),
    severity: vscode.InputBoxValidationSeverity.Warning,
  };
}

function problemMessage(problem: FolderNameProblem, detail: string | undefined): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Type a folder name.');
    case 'absolute':
      return vscode.l10n.t('Use a path relative to the workspace folder.');
    case 'dotSegment':
      return vscode.l10n.t('"{0}" is not allowed in the path: the folder must be inside the workspace folder.', detail ?? '');
    case 'illegalCharacter':
      return vscode.l10n.t('A folder name cannot contain {0}. Separate folders with "/".', JSON.stringify(detail ?? ''));
    case 'trailingDotOrSpace':
      return vscode.l10n.t('"{0}": a folder name cannot begin with a space or end with a dot or a space.', detail ?? '');
    case 'reservedName':
      return vscode.l10n.t('"{0}" is a reserved name on Windows.', detail ?? '');
    case 'tooLong':
      return vscode.l10n.t('A folder name can be at most 255 characters long.');
  }
}

/** Which files to create; the seven by default, Heartwood on request. Undefined on cancel. */
async function pickFiles(folder: vscode.Uri): Promise<TemplateName[] | undefined> {
  const names: TemplateName[] = [...BOOTSTRAP_ORDER, HEARTWOOD_FILE];
  const exists = await Promise.all(names.map((name) => fileExists(vscode.Uri.joinPath(folder, name))));
  type Item = vscode.QuickPickItem & { name?: TemplateName };
  const item = (name: TemplateName, i: number): Item => ({
    label: name,
    description: exists[i] ? vscode.l10n.t('exists: kept as it is') : undefined,
    detail: filePurpose(name, localize),
    picked: !exists[i] && name !== HEARTWOOD_FILE,
    name,
  });
  const items: Item[] = [
    ...BOOTSTRAP_ORDER.map(item),
    { label: vscode.l10n.t('Heartwood: a single-file identity'), kind: vscode.QuickPickItemKind.Separator },
    item(HEARTWOOD_FILE, names.length - 1),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('New Persona Folder: files to create'),
    placeHolder: vscode.l10n.t('Pick the files to start with'),
    ignoreFocusOut: true,
  });
  return picked?.flatMap((entry) => (entry.name ? [entry.name] : []));
}
