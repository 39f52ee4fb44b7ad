// Not built yet: see the editor-experience issue.
import * as vscode from 'vscode';
import type { CommandContext } from '.';

export function registerFixCommands(_deps: CommandContext): vscode.Disposable[] {
  return [];
}
