// Creating bootstrap files from templates: one undoable WorkspaceEdit that can only
// create, never overwrite, and a precise account of what was created and what was not.
import * as vscode from 'vscode';
import { templateFor, TemplateName } from '../../core';

export interface CreateOutcome {
  readonly created: TemplateName[];
  /** Already there: left exactly as they were. */
  readonly existing: TemplateName[];
  /** Could not be created (the edit failed). */
  readonly failed: TemplateName[];
}

const encoder = new TextEncoder();

export async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The names, of those given, that have no file in the folder now. */
export async function missingIn(folder: vscode.Uri, names: readonly TemplateName[]): Promise<TemplateName[]> {
  const exists = await Promise.all(names.map((name) => fileExists(vscode.Uri.joinPath(folder, name))));
  return names.filter((_, i) => !exists[i]);
}

/**
 * Creates each named file in `folder` (and the folder itself when needed) from its
 * template. A file that exists is skipped, including one that appears while the edit
 * runs: `ignoreIfExists` makes the edit itself refuse to replace it.
 */
export async function createFromTemplates(folder: vscode.Uri, names: readonly TemplateName[]): Promise<CreateOutcome> {
  const toCreate = await missingIn(folder, names);
  const existing = names.filter((name) => !toCreate.includes(name));
  if (toCreate.length === 0) return { created: [], existing, failed: [] };
  const edit = new vscode.WorkspaceEdit();
  for (const name of toCreate) {
    edit.createFile(
      vscode.Uri.joinPath(folder, name),
      { ignoreIfExists: true, contents: encoder.encode(templateFor(name)) },
      { needsConfirmation: false, label: vscode.l10n.t('Create {0}', name) },
    );
  }
  await vscode.workspace.applyEdit(edit);
  // Read back each file: ours holds the template; a file someone made meanwhile does not.
  const created: TemplateName[] = [];
  const failed: TemplateName[] = [];
  for (const name of toCreate) {
    const bytes = await readIfAny(vscode.Uri.joinPath(folder, name));
    if (bytes === undefined) failed.push(name);
    else if (sameBytes(bytes, encoder.encode(templateFor(name)))) created.push(name);
    else existing.push(name);
  }
  return { created, existing, failed };
}

async function readIfAny(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

/** Tells the user what happened: quietly when all went as asked, plainly when not. */
export function reportOutcome(outcome: CreateOutcome, where: string): void {
  const t = vscode.l10n.t;
  const list = (names: readonly string[]) => names.join(', ');
  if (outcome.failed.length) {
    void vscode.window.showErrorMessage(t('Could not create {0} in {1}.', list(outcome.failed), where));
  }
  if (outcome.existing.length) {
    const message =
      outcome.existing.length === 1
        ? t('{0} already exists in {1}: left unchanged.', outcome.existing[0], where)
        : t('{0} already exist in {1}: left unchanged.', list(outcome.existing), where);
    const created = outcome.created.length ? ' ' + t('Created {0}.', list(outcome.created)) : '';
    void vscode.window.showInformationMessage(message + created);
  } else if (outcome.created.length) {
    vscode.window.setStatusBarMessage(t('Created {0} in {1}.', list(outcome.created), where), 5000);
  }
}

/** Opens files as kept (not preview) tabs, in order, then makes the first one active. */
export async function openFiles(uris: readonly vscode.Uri[]): Promise<void> {
  for (const uri of uris) {
    await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: true });
  }
  if (uris[0]) await vscode.window.showTextDocument(uris[0], { preview: false });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
