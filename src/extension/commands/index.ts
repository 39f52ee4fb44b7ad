// Every command of the extension, one file per group, registered together. Most load
// their code on first use (handlers.ts); LAZY_COMMANDS names them, and a test checks the two agree.
import * as vscode from 'vscode';
import type { CommandContext, CommandHandlers } from './context';
import { CHOOSE_RUNTIME_COMMAND, SELECT_DROPPED_COMMAND } from './ids';
import { registerReadStatsCommand } from './readStats';
import { registerRevealPersonaCommand } from './revealPersona';
import { registerScaffoldCommands } from './scaffold';

export type { CommandContext } from './context';

type Handlers = typeof import('./handlers');

export const LAZY_COMMANDS = [
  'personaStudio.openPreview',
  'personaStudio.openPreviewToSide',
  'personaStudio.copySoul',
  'personaStudio.exportSoul',
  'personaStudio.toggleDroppedText',
  'personaStudio.revealSecrets',
  'personaStudio.toggleAfterDoctor',
  'personaStudio.refresh',
  'personaStudio.renameToBootstrapName',
  'personaStudio.showCut',
  SELECT_DROPPED_COMMAND,
  CHOOSE_RUNTIME_COMMAND,
  'personaStudio.checkLastRun',
];

export function registerCommands(deps: CommandContext): vscode.Disposable {
  let handlers: CommandHandlers | undefined;
  // The handlers take what VS Code passes them (a tree row, a URI, options), unchecked as any command's arguments are.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const handler = (id: string) => (handlers ??= (require('./handlers') as Handlers).commandHandlers(deps))[id] as (...args: unknown[]) => unknown;
  return vscode.Disposable.from(
    ...LAZY_COMMANDS.map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => handler(id)(...args))),
    ...registerScaffoldCommands(deps),
    ...registerRevealPersonaCommand(deps),
    ...registerReadStatsCommand(deps),
  );
}
