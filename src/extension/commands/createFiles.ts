// Creating bootstrap files from templates: one undoable WorkspaceEdit that can only
// create, never overwrite, and a precise account of what was created and what was not.
import * as vscode from 'vscode';
import { fileTheRuntimeReads, templateFor, TemplateName } from '../../core';
import { expectFileSystemError } from '../util/log';
import { createFileExclusive } from '../platform';

export interface CreateOutcome {
  readonly created: TemplateName[];
  /** Already there: left exactly as they were. */
  readonly existing: TemplateName[];
  /** Could not be created (the edit failed). */
  readonly failed: TemplateName[];
  /**
   * Not created because a name differing only by case is there (`soul.md` for
   * SOUL.md): on a file system that ignores case it would be that file.
   */
  readonly caseVariants: Array<{ readonly name: TemplateName; readonly variants: readonly string[] }>;
}

const encoder = new TextEncoder();

export async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch (error) {
    expectFileSystemError(error); // Absent (or not to be looked at): not there.
    return false;
  }
}

/** The names in a folder, as listed (not as a case-insensitive stat would answer); empty when it cannot be read. */
async function listing(folder: vscode.Uri): Promise<string[]> {
  try {
    return (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
  } catch (error) {
    expectFileSystemError(error); // Gone or unreadable: nothing listed.
    return [];
  }
}

/**
 * The names, of those given, that the runtime would not find in the folder now:
 * not listed under exactly that name. The tree counts files the same way, so both
 * agree where the file system ignores case (a `soul.md` is not SOUL.md to the runtime).
 */
export async function missingIn(folder: vscode.Uri, names: readonly TemplateName[]): Promise<TemplateName[]> {
  const listed = await listing(folder);
  return names.filter((name) => fileTheRuntimeReads(listed, name).reads === undefined);
}

/**
 * Creates each named file in `folder` (and the folder itself when needed) from its
 * template. A file that exists is skipped, including one that appears meanwhile: a local
 * file is created exclusively (O_EXCL); elsewhere a WorkspaceEdit's `ignoreIfExists`
 * checks first, and each file is read back to tell ours from one made in between.
 */
export async function createFromTemplates(folder: vscode.Uri, names: readonly TemplateName[]): Promise<CreateOutcome> {
  const listed = await listing(folder);
  const missing = await missingIn(folder, names);
  const existing = names.filter((name) => !missing.includes(name));
  const caseVariants = missing.flatMap((name) => {
    const { variants } = fileTheRuntimeReads(listed, name);
    return variants.length ? [{ name, variants }] : [];
  });
  const toCreate = missing.filter((name) => !caseVariants.some((blocked) => blocked.name === name));
  if (toCreate.length === 0) return { created: [], existing, failed: [], caseVariants };
  if (folder.scheme === 'file' && createFileExclusive) {
    const local = await createLocally(folder, toCreate);
    return { ...local, existing: [...existing, ...local.existing], caseVariants };
  }
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
  return { created, existing, failed, caseVariants };
}

/** Creates local files exclusively: each is ours, or was there already, or failed. */
async function createLocally(folder: vscode.Uri, names: readonly TemplateName[]): Promise<Pick<CreateOutcome, 'created' | 'existing' | 'failed'>> {
  const created: TemplateName[] = [];
  const existing: TemplateName[] = [];
  const failed: TemplateName[] = [];
  for (const name of names) {
    try {
      if (await createFileExclusive!(vscode.Uri.joinPath(folder, name).fsPath, encoder.encode(templateFor(name)))) created.push(name);
      else existing.push(name);
    } catch (error) {
      expectFileSystemError(error); // No permission, a read-only disk, a file where the folder should be.
      failed.push(name);
    }
  }
  return { created, existing, failed };
}

async function readIfAny(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch (error) {
    expectFileSystemError(error); // Gone or unreadable: nothing to compare.
    return undefined;
  }
}

/** Tells the user what happened: quietly when all went as asked, plainly when not. */
export function reportOutcome(outcome: CreateOutcome, where: string): void {
  const list = (names: readonly string[]) => names.join(', ');
  for (const { name, variants } of outcome.caseVariants) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        '{0} was not created in {1}: {2} is there, which differs only by case. The runtime reads only {0} (names match exactly), so {2} is not read; where names ignore case, creating {0} would open {2}. Rename {2} to {0} instead.',
        name,
        where,
        variants.join(', '),
      ),
    );
  }
  if (outcome.failed.length) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not create {0} in {1}.', list(outcome.failed), where));
  }
  if (outcome.existing.length) {
    const message =
      outcome.existing.length === 1
        ? vscode.l10n.t('{0} already exists in {1}: left unchanged.', outcome.existing[0], where)
        : vscode.l10n.t('{0} already exist in {1}: left unchanged.', list(outcome.existing), where);
    const created = outcome.created.length ? ' ' + vscode.l10n.t('Created {0}.', list(outcome.created)) : '';
    void vscode.window.showInformationMessage(message + created);
  } else if (outcome.created.length) {
    vscode.window.setStatusBarMessage(vscode.l10n.t('Created {0} in {1}.', list(outcome.created), where), 5000);
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
