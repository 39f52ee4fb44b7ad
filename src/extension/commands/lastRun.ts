// "Persona: Check Against OpenClaw's Last Run…": its work is in the preview session bundle,
// where the check's result is shown.
import { previewSessionModule } from '../preview/sessionModule';
import type { CommandContext, CommandHandlers } from './context';

export function lastRunCommands(deps: CommandContext): CommandHandlers {
  return { 'personaStudio.checkLastRun': (target?: unknown) => previewSessionModule().checkLastRun(target, deps) };
}
