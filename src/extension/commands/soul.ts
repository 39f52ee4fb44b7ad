// Not built yet: see the editor-experience issue.
import * as vscode from 'vscode';
import type { CommandContext } from '.';

export function registerSoulCommands(_deps: CommandContext): vscode.Disposable[] {
  return [];
}
