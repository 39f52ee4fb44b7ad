// Creating a persona file locally is exclusive: a file (or link) that appears before the
// write is never truncated or followed, as WorkspaceEdit's check-then-create would.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { createFileExclusive } from '../../src/extension/platform';
import { personaFolder } from './helpers';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('creating a file exclusively (the extension on a local disk)', () => {
  it('creates a missing file, and its folder, with the template', async () => {
    const file = path.join(personaFolder(), 'new', 'SOUL.md');
    assert.strictEqual(await createFileExclusive!(file, bytes('# Soul\n')), true);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), '# Soul\n');
  });

  it('leaves a file that appeared meanwhile exactly as it is', async () => {
    const file = path.join(personaFolder(), 'SOUL.md');
    fs.writeFileSync(file, 'written by the user a moment ago');
    assert.strictEqual(await createFileExclusive!(file, bytes('# Soul\n')), false);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'written by the user a moment ago');
  });

  it('does not write through a link, dangling or not', async () => {
    const dir = personaFolder();
    const target = path.join(dir, 'elsewhere.md');
    fs.symlinkSync(target, path.join(dir, 'USER.md'));
    assert.strictEqual(await createFileExclusive!(path.join(dir, 'USER.md'), bytes('# User\n')), false);
    assert.strictEqual(fs.existsSync(target), false);
  });
});
