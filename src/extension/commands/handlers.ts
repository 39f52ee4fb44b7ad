// The code of the commands registered at activation but run only when invoked: a bundle of
// its own in the Node build (dist/commands.js), required on the first such command.
import type { CommandContext, CommandHandlers } from './context';
import { chooseRuntimeCommands } from './chooseRuntime';
import { fixCommands } from './fixes';
import { lastRunCommands } from './lastRun';
import { selectDroppedCommands } from './selectDropped';
import { soulCommands } from './soul';

export function commandHandlers(deps: CommandContext): CommandHandlers {
  return { ...soulCommands(deps), ...fixCommands(deps), ...chooseRuntimeCommands(), ...selectDroppedCommands(), ...lastRunCommands(deps) };
}
