import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_FILE_BYTES } from '../../src/core';
import { personaFolder, runCliAsync } from './helpers';

const checkAsync = (...argv: string[]) => runCliAsync('check', ...argv);

describe('check --format github', () => {
  it('prints nothing and exits 0 when every file is within its cap', async () => {
    const dir = personaFolder({ 'SOUL.md': 'Calm and precise.\n', 'AGENTS.md': 'Be concise.\n' });
    assert.deepStrictEqual(await checkAsync('--format', 'github', dir), { code: 0, out: '', err: '' });
  });

  it('annotates a file over its cap at the line and column of the cut, as an error', async () => {
    // Three lines of 1 MB: the 2 MB cap falls on the third line.
    const line = 'x'.repeat(1024 * 1024 - 1) + '\n';
    const dir = personaFolder({ 'MEMORY.md': line + line + line, 'SOUL.md': 'ok\n' });
    const { code, out } = await checkAsync('--format', 'github', dir);
    assert.strictEqual(code, 1);
    const lines = out.trimEnd().split('\n');
    assert.strictEqual(lines.length, 1);
    const file = path.join(dir, 'MEMORY.md').replace(/:/g, '%3A').replace(/,/g, '%2C');
    const column = MAX_FILE_BYTES - 2 * 1024 * 1024 + 1;
    assert.match(lines[0], new RegExp(`^::error file=${escape(file)},line=3,col=${column},title=MEMORY.md over its cap::`));
    assert.match(lines[0], /dropped/);
  });

  it('warns near a cap, and makes it an error when --warn-at asks to fail there', async () => {
    const dir = personaFolder({ 'SOUL.md': 'x'.repeat(Math.ceil(MAX_FILE_BYTES * 0.95)) });
    const near = await checkAsync('--format', 'github', dir);
    assert.strictEqual(near.code, 0);
    assert.match(near.out, /^::warning file=[^,]+SOUL\.md,line=1,col=1,title=SOUL.md near its cap::SOUL\.md is [\d,]+ bytes of its 2,097,152 cap\.\n$/);
    const strict = await checkAsync('--format', 'github', '--warn-at', '0.9', dir);
    assert.strictEqual(strict.code, 1);
    assert.match(strict.out, /^::error /);
  });

  it('escapes what would end a property or the message', async () => {
    const dir = personaFolder({ 'SOUL.md': 'x'.repeat(MAX_FILE_BYTES + 1) });
    const renamed = `${dir}, a:b 100%`;
    fs.renameSync(dir, renamed);
    const { out } = await checkAsync('--format', 'github', renamed);
    assert.ok(out.startsWith(`::error file=${dir.replace(/:/g, '%3A')}%2C a%3Ab 100%25/SOUL.md,line=1,col=`), out);
    assert.strictEqual(out.split('\n').length, 2, 'one line');
  });

  it('rejects an unknown format with one line', async () => {
    const dir = personaFolder({ 'SOUL.md': 'x' });
    const { code, err } = await checkAsync('--format', 'xml', dir);
    assert.strictEqual(code, 2);
    assert.strictEqual(err, "persona-studio: --format takes text, json, github or problems, not 'xml'\n");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
