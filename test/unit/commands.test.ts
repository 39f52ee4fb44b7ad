// The commands registered at activation whose code loads on first use: the ids registered
// up front are exactly the handlers' ids, and a call reaches its handler.
import assert from 'node:assert';
import { commands } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import type { CommandContext } from '../../src/extension/commands';
import { LAZY_COMMANDS, registerCommands } from '../../src/extension/commands';
import { commandHandlers } from '../../src/extension/commands/handlers';

describe('commands loaded on first use', () => {
  const calls: string[] = [];
  const deps = {
    previews: { toggleDropped: () => void calls.push('toggleDropped'), revealSecrets: () => void calls.push('revealSecrets') },
  } as unknown as CommandContext;

  it('registers up front exactly the ids whose handlers load later', () => {
    assert.deepStrictEqual([...LAZY_COMMANDS].sort(), Object.keys(commandHandlers(deps)).sort());
  });

  it('runs the handler of the command called, through its registration', async () => {
    const registration = registerCommands(deps);
    try {
      await commands.executeCommand('personaStudio.revealSecrets');
      await commands.executeCommand('personaStudio.toggleDroppedText');
      assert.deepStrictEqual(calls, ['revealSecrets', 'toggleDropped']);
    } finally {
      registration.dispose();
    }
  });
});
