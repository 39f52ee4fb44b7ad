// What every command group receives: the extension's context, the personas, the
// previews and the tree. Its own file, so the command files and the index that registers them do not
// import each other.
import type * as vscode from 'vscode';
import type { Measurements } from '../model/measurements';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import type { Secrets } from '../model/secrets';
import type { SoulPreviews } from '../preview/soulPreviews';
import type { PersonaTree } from '../tree/personaTree';

export interface CommandContext {
  readonly context: vscode.ExtensionContext;
  readonly personas: PersonaWorkspace;
  readonly measurements: Measurements;
  readonly previews: SoulPreviews;
  readonly tree: PersonaTree;
  readonly secrets: Secrets;
}

/** A command group's handlers by command id: registered at activation, their code loaded on first use. */
export type CommandHandlers = Record<string, (...args: never[]) => unknown>;
