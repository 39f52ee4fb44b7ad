// Scaffolding: create missing bootstrap files of a persona from templates, one or
// all at once, and new persona folders. Nothing is ever overwritten. A bundle of its own
// in the Node build (scaffold.ts requires it on the first use), templates and all.
import * as vscode from 'vscode';
import { BOOTSTRAP_ORDER, filePurpose, HEARTWOOD_FILE, TemplateName } from '../../core';
import { localize } from '../util/coreMessages';
import { baseName, folderOf, Persona } from '../model/personaWorkspace';
import type { CommandContext } from './context';
import { createFromTemplates, missingIn, openFiles, reportOutcome } from './createFiles';
import { newPersonaFolder } from './newPersona';
import { resolvePersona } from './pickPersona';
import { commandTarget } from './target';

export { newPersonaFolder };

const templateNames: readonly TemplateName[] = [...BOOTSTRAP_ORDER, HEARTWOOD_FILE];

export async function scaffoldMissing(deps: CommandContext, target: unknown): Promise<void> {
  const persona = await resolvePersona(deps.personas, target, vscode.l10n.t('Scaffold missing bootstrap files of which persona?'));
  if (!persona) return;
  const missing = await missingIn(persona.uri, BOOTSTRAP_ORDER);
  if (missing.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} already has all seven bootstrap files.', persona.label));
    return;
  }
  const picked = await vscode.window.showQuickPick(
    missing.map((name) => ({ label: name, detail: filePurpose(name, localize), picked: true, name })),
    {
      canPickMany: true,
      title: vscode.l10n.t('Scaffold Missing Bootstrap Files: {0}', persona.label),
      placeHolder: vscode.l10n.t('Files to create from templates (existing files are never touched)'),
    },
  );
  if (!picked || picked.length === 0) return;
  await createIn(
    deps,
    persona.uri,
    picked.map((item) => item.name),
    persona.label,
  );
}

/** One file: from a missing tree item (its inline Create or a click), a file URI, or a pick. */
export async function createOne(deps: CommandContext, target: unknown, ask: boolean): Promise<void> {
  const direct = fileTarget(target);
  let persona: Persona | undefined;
  let name: TemplateName | undefined;
  if (direct) {
    persona = direct.persona ?? deps.personas.personaOf(direct.uri) ?? undefined;
    name = direct.name;
    if (!persona) return createIn(deps, direct.folder, [direct.name], direct.folderLabel);
  } else {
    persona = await resolvePersona(deps.personas, target, vscode.l10n.t('Create a bootstrap file in which persona?'));
    if (!persona) return;
    name = await pickMissing(persona);
  }
  if (!persona || !name) return;
  if (ask) {
    const create = vscode.l10n.t('Create');
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('{0} is missing from {1}. Create it from the template?', name, persona.label), create);
    if (answer !== create) return;
  }
  await createIn(deps, persona.uri, [name], persona.label);
}

interface FileTarget {
  readonly persona?: Persona;
  readonly name: TemplateName;
  readonly uri: vscode.Uri;
  readonly folder: vscode.Uri;
  readonly folderLabel: string;
}

/** A tree item of a file, or the URI of a file with a template name. */
function fileTarget(target: unknown): FileTarget | undefined {
  const { uri, persona, name } = commandTarget(target);
  if (uri) {
    const fileName = baseName(uri);
    if (!isTemplateName(fileName)) return undefined;
    const folder = folderOf(uri);
    return { name: fileName, uri, folder, folderLabel: vscode.workspace.asRelativePath(folder) };
  }
  if (!persona || name === undefined || !isTemplateName(name)) return undefined;
  return { persona, name, uri: vscode.Uri.joinPath(persona.uri, name), folder: persona.uri, folderLabel: persona.label };
}

function isTemplateName(name: string): name is TemplateName {
  return (templateNames as readonly string[]).includes(name);
}

async function pickMissing(persona: Persona): Promise<TemplateName | undefined> {
  const missing = await missingIn(persona.uri, templateNames);
  if (missing.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} already has every bootstrap file.', persona.label));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    missing.map((name) => ({ label: name, detail: filePurpose(name, localize), name })),
    { title: vscode.l10n.t('Create Bootstrap File: {0}', persona.label), placeHolder: vscode.l10n.t('Which file?') },
  );
  return picked?.name;
}

async function createIn(deps: CommandContext, folder: vscode.Uri, names: readonly TemplateName[], where: string): Promise<void> {
  const outcome = await createFromTemplates(folder, names);
  reportOutcome(outcome, where);
  // The file watcher would tell the tree too, but later; the user is looking now.
  if (outcome.created.length) await deps.personas.refresh();
  // A single existing file the user asked for is opened too: it is what they wanted to see.
  const toOpen = outcome.created.length ? outcome.created : names.length === 1 ? outcome.existing : [];
  await openFiles(toOpen.map((name) => vscode.Uri.joinPath(folder, name)));
}
