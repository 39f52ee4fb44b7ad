// Every command of the extension, one file per group, registered together.
import * as vscode from 'vscode';
import { PersonaWorkspace } from '../personaWorkspace';
import { SoulPreviews } from '../preview/soulPreviews';
import { registerFixCommands } from './fixes';
import { registerScaffoldCommands } from './scaffold';
import { registerSoulCommands } from './soul';

export interface CommandContext {
  readonly context: vscode.ExtensionContext;
  readonly personas: PersonaWorkspace;
  readonly previews: SoulPreviews;
}

export function registerCommands(deps: CommandContext): vscode.Disposable {
  return vscode.Disposable.from(...registerSoulCommands(deps), ...registerScaffoldCommands(deps), ...registerFixCommands(deps));
}
