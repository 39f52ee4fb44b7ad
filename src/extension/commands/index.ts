// Every command of the extension, one file per group, registered together.
import * as vscode from 'vscode';
import { Measurements } from '../measurements';
import { PersonaWorkspace } from '../personaWorkspace';
import { SoulPreviews } from '../preview/soulPreviews';
import { registerChooseRuntimeCommand } from './chooseRuntime';
import { registerFixCommands } from './fixes';
import { registerScaffoldCommands } from './scaffold';
import { registerSoulCommands } from './soul';

export interface CommandContext {
  readonly context: vscode.ExtensionContext;
  readonly personas: PersonaWorkspace;
  readonly measurements: Measurements;
  readonly previews: SoulPreviews;
}

export function registerCommands(deps: CommandContext): vscode.Disposable {
  return vscode.Disposable.from(...registerSoulCommands(deps), ...registerScaffoldCommands(deps), ...registerFixCommands(deps), ...registerChooseRuntimeCommand());
}
