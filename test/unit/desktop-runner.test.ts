// npm run test:desktop downloads nothing: without a desktop VS Code it explains and fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const runner = path.resolve(__dirname, '../desktop/run.mjs');

function run(args: string[], env: NodeJS.ProcessEnv) {
  const { VSCODE_EXECUTABLE: _ignored, ...rest } = process.env;
  return spawnSync(process.execPath, [runner, ...args], { env: { ...rest, ...env }, encoding: 'utf8' });
}

describe('test:desktop runner', () => {
  it('asks for a VS Code executable and exits non-zero when none is given', () => {
    const result = run([], {});
    assert.equal(result.status, 2);
    assert.match(result.stderr, /needs a desktop VS Code and downloads none/);
    assert.match(result.stderr, /VSCODE_EXECUTABLE=/);
  });

  it('rejects an executable that does not exist, from the flag or the environment', () => {
    const fromFlag = run(['--vscode', '/nonexistent/code'], {});
    assert.equal(fromFlag.status, 2);
    assert.match(fromFlag.stderr, /no VS Code executable at \/nonexistent\/code/);
    const fromEnv = run([], { VSCODE_EXECUTABLE: '/nonexistent/code-env' });
    assert.equal(fromEnv.status, 2);
    assert.match(fromEnv.stderr, /no VS Code executable at \/nonexistent\/code-env/);
  });
});
