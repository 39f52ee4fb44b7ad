// The scaffolding commands: registered at activation, their code (and the templates)
// loaded on the first use, from a bundle of its own in the Node build.
import * as vscode from 'vscode';
import type { CommandContext } from './context';

type Scaffolding = typeof import('./scaffolding');

function scaffolding(): Scaffolding {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./scaffolding') as Scaffolding;
}

export function registerScaffoldCommands(deps: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('personaStudio.scaffoldMissing', (target?: unknown) => whenTrusted(() => scaffolding().scaffoldMissing(deps, target))),
    vscode.commands.registerCommand('personaStudio.createFile', (target?: unknown, options?: unknown) => whenTrusted(() => scaffolding().createOne(deps, target, isAsk(options)))),
    vscode.commands.registerCommand('personaStudio.newPersona', (target?: unknown) => whenTrusted(() => scaffolding().newPersonaFolder(deps, target))),
  ];
}

// package.json disables these in restricted mode; a click on a tree item reaches them anyway.
async function whenTrusted(run: () => Promise<void>): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Creating files needs a trusted workspace.'));
    return;
  }
  await run();
}

function isAsk(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (options as { ask?: unknown }).ask === true;
}
