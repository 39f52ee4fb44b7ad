// Internal: shows a persona in the Personas tree, expanded and selected (scaffolding
// calls it for a persona it just created). Not in the palette.
import * as vscode from 'vscode';
import type { CommandContext } from './context';

export const REVEAL_PERSONA_COMMAND = 'personaStudio.revealPersona';

export function registerRevealPersonaCommand(deps: CommandContext): vscode.Disposable[] {
  return [vscode.commands.registerCommand(REVEAL_PERSONA_COMMAND, (folder: vscode.Uri) => deps.tree.reveal(folder))];
}
