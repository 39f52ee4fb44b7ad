// The three examples of the composeSoul seed document, unchanged but for the import line.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as agents from '../../src/core';

describe('seed examples (composeSoul)', () => {
  it('1. One file present — the rest are silently skipped', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
    fs.writeFileSync(path.join(dir, 'SOUL.md'), 'You are Ava, a calm and precise ops assistant.');

    const { soul, found } = agents.composeSoul(dir);

    assert.deepEqual(found, ['SOUL.md']);
    assert.equal(soul, '## SOUL.md\n\nYou are Ava, a calm and precise ops assistant.');

    console.log('ok:', found.join(','));
  });

  it('2. Several files — always assembled in bootstrap order', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
    fs.writeFileSync(path.join(dir, 'MEMORY.md'), 'The team prefers metric units.');
    fs.writeFileSync(path.join(dir, 'AGENTS.md'), 'Be concise. Never guess a balance.');
    fs.writeFileSync(path.join(dir, 'USER.md'), 'Reports to the ops lead.');

    const { soul, found } = agents.composeSoul(dir);

    // IDENTITY.md/TOOLS.md/HEARTBEAT.md were absent — skipped, not blank sections.
    assert.deepEqual(found, ['AGENTS.md', 'USER.md', 'MEMORY.md']);
    assert.ok(soul.indexOf('## AGENTS.md') < soul.indexOf('## USER.md'));
    assert.ok(soul.indexOf('## USER.md') < soul.indexOf('## MEMORY.md'));

    console.log('ok:', found.join(' -> '));
  });

  it('3. Oversized file — truncated in memory, byte-capped, disk untouched', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
    const oversized = 'x'.repeat(2 * 1024 * 1024 + 10); // 10 bytes over the 2 MB cap
    fs.writeFileSync(path.join(dir, 'MEMORY.md'), oversized);

    const { soul, found } = agents.composeSoul(dir);

    assert.deepEqual(found, ['MEMORY.md']);
    assert.match(soul, /\[truncated: exceeds 2 MB bootstrap cap\]$/);
    // The cap is on the composed IN-MEMORY string — the file on disk is never rewritten.
    assert.equal(fs.statSync(path.join(dir, 'MEMORY.md')).size, oversized.length);

    console.log('ok: soul truncated, disk file still', fs.statSync(path.join(dir, 'MEMORY.md')).size, 'bytes');
  });
});
