// Internal probe: every disk read of persona content so far, by URI. Hidden from the
// palette; tests count the disk reads through it.
import * as vscode from 'vscode';
import { log } from '../util/log';
import type { CommandContext } from './context';

export const READ_STATS_COMMAND = 'personaStudio._readStats';

export function registerReadStatsCommand(deps: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(READ_STATS_COMMAND, () => {
      const stats = deps.personas.content.readStats();
      log.info(`Read stats: ${JSON.stringify(stats)}`);
      return stats;
    }),
  ];
}
