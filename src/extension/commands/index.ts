// Every command of the extension, one file per group, registered together.
import * as vscode from 'vscode';
import type { CommandContext } from './context';
import { registerChooseRuntimeCommand } from './chooseRuntime';
import { registerFixCommands } from './fixes';
import { registerReadStatsCommand } from './readStats';
import { registerRevealPersonaCommand } from './revealPersona';
import { registerScaffoldCommands } from './scaffold';
import { registerSelectDroppedCommand } from './selectDropped';
import { registerSoulCommands } from './soul';

export type { CommandContext } from './context';

export function registerCommands(deps: CommandContext): vscode.Disposable {
  return vscode.Disposable.from(
    ...registerSoulCommands(deps),
    ...registerScaffoldCommands(deps),
    ...registerFixCommands(deps),
    ...registerChooseRuntimeCommand(),
    ...registerSelectDroppedCommand(),
    ...registerRevealPersonaCommand(deps),
    ...registerReadStatsCommand(deps),
  );
}
