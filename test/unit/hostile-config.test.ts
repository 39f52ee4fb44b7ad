// Hostile openclaw.json files, named by --config or personaStudio.openclaw.configFile: read
// as persona files are (regular files only, never blocking, at most 1 MB), one line if not.
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatCount, MAX_CONFIG_BYTES, parseOpenClawConfig } from '../../src/core';
import { readConfigFile } from '../../src/core/nodeFs';
import { personaFolder } from './helpers';

const cli = path.resolve(__dirname, '../../dist/cli.js');

/** `check --runtime openclaw --config FILE` in its own process, killed if it hangs. */
function checkWithConfig(config: string) {
  const dir = personaFolder({ 'SOUL.md': 'Calm.\n' });
  const result = spawnSync(process.execPath, [cli, 'check', '--runtime', 'openclaw', '--config', config, dir], { encoding: 'utf8', timeout: 30_000 });
  assert.strictEqual(result.signal, null, 'check finished');
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function fifo(): string {
  const file = path.join(personaFolder(), 'openclaw.json');
  assert.strictEqual(spawnSync('mkfifo', [file]).status, 0);
  return file;
}

describe('hostile input: openclaw.json', () => {
  it('a FIFO: the CLI says in one line that it is not a regular file, and the editor’s read does not wait', async () => {
    const file = fifo();
    assert.deepStrictEqual(checkWithConfig(file), { status: 2, stdout: '', stderr: `persona-studio: ${file}: cannot be read (not a regular file)\n` });
    await assert.rejects(readConfigFile(file), { message: `${file}: cannot be read (not a regular file)`, code: 'not a regular file' });
  });

  it('/dev/zero: refused before a byte is read', async () => {
    assert.deepStrictEqual(checkWithConfig('/dev/zero'), { status: 2, stdout: '', stderr: 'persona-studio: /dev/zero: cannot be read (not a regular file)\n' });
    await assert.rejects(readConfigFile('/dev/zero'), { code: 'not a regular file' });
  });

  it('a file over 1 MB: refused, with its size, instead of parsed for seconds', async () => {
    const file = path.join(personaFolder(), 'openclaw.json');
    fs.writeFileSync(file, `{ agents: { defaults: { bootstrapMaxChars: 100 } }, pad: "${'x'.repeat(MAX_CONFIG_BYTES)}" }`);
    const { status, stderr } = checkWithConfig(file);
    assert.strictEqual(status, 2);
    assert.strictEqual(stderr, `persona-studio: ${file}: cannot be read (larger than 1 MB: 1,048,637 bytes)\n`);
    await assert.rejects(readConfigFile(file), { code: 'larger than 1 MB: 1,048,637 bytes' });
  });

  it('a file of 1 MB or less, a missing one and a directory', async () => {
    const dir = personaFolder();
    const file = path.join(dir, 'openclaw.json');
    fs.writeFileSync(file, '{ agents: { defaults: { bootstrapMaxChars: 3 } } }');
    assert.strictEqual(await readConfigFile(file), '{ agents: { defaults: { bootstrapMaxChars: 3 } } }');
    assert.strictEqual(checkWithConfig(file).status, 1, 'its cap of 3 cuts SOUL.md');
    await assert.rejects(readConfigFile(path.join(dir, 'none.json')), { message: `${path.join(dir, 'none.json')}: no such file`, code: 'ENOENT' });
    await assert.rejects(readConfigFile(dir), { code: 'a directory' });
  });

  it('null, a number or a string at the top: one line saying what it is', () => {
    for (const [text, what] of [
      ['null', 'null'],
      ['42', 'a number'],
      ['"caps"', 'a string'],
      ['true', 'a boolean'],
      ['[]', 'an array'],
    ]) {
      assert.throws(() => parseOpenClawConfig(text, 'main', 'c.json'), { message: `c.json: expected an object at the top, not ${what}` });
    }
  });

  it('a cap of 1e308 is printed in a few characters, not 309 digits', () => {
    const file = path.join(personaFolder(), 'openclaw.json');
    fs.writeFileSync(file, '{ agents: { defaults: { bootstrapMaxChars: 1e308, bootstrapTotalMaxChars: 1e308 } } }');
    const { status, stdout } = checkWithConfig(file);
    assert.strictEqual(status, 0);
    assert.match(stdout, /\n {2}budget: \d+ of 1\.0e308 chars \(<0\.1 %\)\n/);
    assert.ok(
      stdout.split('\n').every((line) => line.length < 250),
      'no line runs on',
    );
    assert.deepStrictEqual([1e308, 2 ** 53, Number.MAX_SAFE_INTEGER, 60000].map(formatCount), ['1.0e308', '9.0e15', '9,007,199,254,740,991', '60,000']);
  });
});
