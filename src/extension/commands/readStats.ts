// Internal probe: every disk read of persona content so far, by URI. Hidden from the
// palette; tests count the disk reads through it. And "Persona: Check Against OpenClaw's
// Last Run…", whose work is in the preview session bundle (here, to keep extension.js small).
import * as vscode from 'vscode';
import { log } from '../util/log';
import type { CommandContext } from './context';
import { previewSessionModule } from '../preview/sessionModule';

export const READ_STATS_COMMAND = 'personaStudio._readStats';

export function registerReadStatsCommand(deps: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(READ_STATS_COMMAND, () => {
      const stats = deps.personas.content.readStats();
      log.info(`Read stats: ${JSON.stringify(stats)}`);
      return stats;
    }),
    vscode.commands.registerCommand('personaStudio.checkLastRun', (target) => previewSessionModule().checkLastRun(target, deps)),
  ];
}
