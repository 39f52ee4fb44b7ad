// The folder a runtime's headings name: written as the runtime writes it, whatever VS Code
// hands over (a lower-case drive letter), and only ever an absolute path.
import assert from 'node:assert';
import { FileContent, isAbsoluteWorkspacePath, runtimeProfile } from '../../src/core';
import { personaFolder, runCli } from './helpers';

const text = (value: string): FileContent => ({ kind: 'text', text: value });

function headings(runtime: 'openclaw' | 'codex', dir: string, workspacePath?: string): string[] {
  const input = {
    dir,
    files: new Map([
      ['SOUL.md', text('Calm.')],
      ['AGENTS.md', text('Rules.')],
    ]),
  };
  const composed = runtimeProfile(runtime).compose(input, { workspacePath });
  return composed.text.split('\n').filter((line) => /^## .*SOUL\.md$|^# AGENTS\.md instructions for /.test(line));
}

describe('the folder in a runtime’s headings', () => {
  it('has an upper-case drive letter, as runtimes on Windows write it, where VS Code gives c:\\', () => {
    assert.deepStrictEqual(headings('openclaw', '/unused', 'c:\\Users\\ava\\agent'), ['## C:\\Users\\ava\\agent\\SOUL.md']);
    assert.deepStrictEqual(headings('openclaw', 'c:\\Users\\ava\\agent'), ['## C:\\Users\\ava\\agent\\SOUL.md']);
    assert.deepStrictEqual(headings('codex', 'd:\\work\\ava'), ['# AGENTS.md instructions for D:\\work\\ava']);
    assert.deepStrictEqual(headings('openclaw', '/home/c:/ava'), ['## /home/c:/ava/SOUL.md'], 'a POSIX path is left as it is');
  });

  it('is the workspace path only when it is absolute, in the editor (core) and the CLI alike', () => {
    // The runtime resolves its workspace to an absolute path: a relative one is a heading it never writes.
    assert.deepStrictEqual(headings('openclaw', '/home/ava/agent', 'agents/ava'), ['## /home/ava/agent/SOUL.md']);
    assert.deepStrictEqual(headings('openclaw', '/home/ava/agent', '~/agent'), ['## /home/ava/agent/SOUL.md']);
    assert.deepStrictEqual(headings('codex', '/home/ava/agent', './x'), ['# AGENTS.md instructions for /home/ava/agent']);
    const dir = personaFolder({ 'SOUL.md': 'Calm.' });
    for (const workspacePath of ['/srv/ava', 'C:\\Users\\ava', 'c:/Users/ava', '\\\\server\\share', 'agents/ava', '~/agent', '.', 'C:agent']) {
      const cli = runCli('compose', '--runtime', 'openclaw', '--workspace-path', workspacePath, dir);
      assert.strictEqual(cli.code === 0, isAbsoluteWorkspacePath(workspacePath), `${workspacePath}: ${cli.err}`);
      const core = headings('openclaw', '/elsewhere', workspacePath)[0];
      assert.strictEqual(core.startsWith('## /elsewhere'), !isAbsoluteWorkspacePath(workspacePath), core);
    }
    assert.deepStrictEqual(['/srv/ava', 'C:\\x', 'c:/x', '\\\\server\\share', 'agents/ava', '~/agent', 'C:agent'].map(isAbsoluteWorkspacePath), [
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
