import assert from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { composeSoul, MAX_FILE_BYTES, templateFor } from '../../src/core';
import { personaFolder, runCli, runCliAsync } from './helpers';

const run = runCli;
const runAsync = runCliAsync;

describe('persona-studio CLI', () => {
  describe('compose', () => {
    it('prints the soul exactly, with no trailing newline', () => {
      const dir = personaFolder({ 'MEMORY.md': 'metric', 'SOUL.md': 'Ava\r\n' });
      const { code, out } = run('compose', dir);
      assert.strictEqual(code, 0);
      assert.strictEqual(out, composeSoul(dir).soul);
      assert.strictEqual(out, '## SOUL.md\n\nAva\n\n## MEMORY.md\n\nmetric');
    });

    it('fails with one clear line for a missing folder, a file, or extra arguments', () => {
      const file = path.join(personaFolder({ 'SOUL.md': 'x' }), 'SOUL.md');
      for (const [args, pattern] of [
        [['compose', '/no/such/persona'], /^persona-studio: \/no\/such\/persona: no such folder\n$/],
        [['compose', file], /is a file, not a persona folder\n$/],
        [['compose'], /compose takes exactly one DIR\n$/],
        [['frobnicate'], /unknown command 'frobnicate'/],
      ] as const) {
        const { code, out, err } = run(...args);
        assert.strictEqual(code, 2, args.join(' '));
        assert.strictEqual(out, '');
        assert.match(err, pattern);
      }
    });
  });

  describe('check', () => {
    it('prints a table and exits 0 when every file is within its cap', async () => {
      const dir = personaFolder({ 'AGENTS.md': 'rules', 'SOUL.md': 'é' });
      const { code, out } = await runAsync('check', dir);
      assert.strictEqual(code, 0);
      assert.match(out, /FILE\s+BYTES\s+TOKENS\s+% OF CAP\s+STATE/);
      assert.match(out, /AGENTS\.md\s+5\s+6\s+<0\.1 %\s+ok/);
      assert.match(out, /SOUL\.md\s+2\s+6\s+<0\.1 %\s+ok/);
      assert.match(out, /MEMORY\.md\s+-\s+-\s+-\s+missing/);
      assert.match(out, /soul: 35 bytes/);
    });

    it('exits 1 when a file is over its cap and says where the cut falls', async () => {
      const dir = personaFolder({ 'MEMORY.md': 'ab\n' + 'x'.repeat(MAX_FILE_BYTES) });
      const { code, out } = await runAsync('check', dir);
      assert.strictEqual(code, 1);
      assert.match(out, /MEMORY\.md\s+2,097,155\s+\S+\s+>100 %\s+OVER CAP: 3 bytes dropped from line 2, column 2097150/);
    });

    it('exits 1 past --warn-at only when asked', async () => {
      const dir = personaFolder({ 'SOUL.md': 'x'.repeat(MAX_FILE_BYTES * 0.5) });
      assert.strictEqual((await runAsync('check', dir)).code, 0);
      assert.strictEqual((await runAsync('check', '--warn-at', '0.6', dir)).code, 0);
      const near = await runAsync('check', '--warn-at', '0.5', dir);
      assert.strictEqual(near.code, 1);
      assert.match(near.out, /50 %\s+near cap/);
    });

    it('speaks JSON for machines, over several folders', async () => {
      const a = personaFolder({ 'SOUL.md': 'x' });
      const b = personaFolder({ 'HEARTWOOD.md': 'You are Atlas.\n\n## Voice & Tone\nTerse.' });
      const { code, out } = await runAsync('check', '--json', a, b);
      assert.strictEqual(code, 0);
      const report = JSON.parse(out);
      assert.strictEqual(report.ok, true);
      assert.deepStrictEqual(
        report.personas.map((p: { dir: string }) => p.dir),
        [a, b],
      );
      assert.strictEqual(report.personas[0].files[1].bytes, 1);
      assert.strictEqual(report.personas[1].heartwood.identityChars, 'You are Atlas.'.length);
      assert.strictEqual(report.personas[1].heartwood.voiceChars, 6);
    });

    it('checks Heartwood against its character caps', async () => {
      const dir = personaFolder({ 'HEARTWOOD.md': 'x'.repeat(150) });
      assert.strictEqual((await runAsync('check', dir)).code, 0);
      const over = await runAsync('check', '--max-chars', '100', dir);
      assert.strictEqual(over.code, 1);
      assert.match(over.out, /HEARTWOOD\.md: 150 chars of 100 .* OVER CAP, cut at line 1, column 101/);
    });

    it('rejects a bad --warn-at without reading anything', async () => {
      const { code, err } = await runAsync('check', '--warn-at', '2', personaFolder());
      assert.strictEqual(code, 2);
      assert.match(err, /--warn-at takes a fraction/);
    });
  });

  describe('scaffold', () => {
    it('creates the missing files from templates and keeps an existing one byte for byte', () => {
      const existing = Buffer.from('my own soul\r\n');
      const dir = personaFolder({ 'SOUL.md': existing });
      const { code, out } = run('scaffold', dir);
      assert.strictEqual(code, 0);
      assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['AGENTS.md', 'HEARTBEAT.md', 'IDENTITY.md', 'MEMORY.md', 'SOUL.md', 'TOOLS.md', 'USER.md']);
      assert.ok(fs.readFileSync(path.join(dir, 'SOUL.md')).equals(existing));
      assert.strictEqual(fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8'), templateFor('AGENTS.md'));
      assert.match(out, /created AGENTS\.md/);
      assert.doesNotMatch(out, /SOUL\.md/);
    });

    it('never overwrites a named file that exists', () => {
      const dir = personaFolder({ 'MEMORY.md': 'keep me' });
      const { out } = run('scaffold', dir, 'MEMORY.md', 'HEARTWOOD.md');
      assert.match(out, /kept MEMORY\.md \(already exists, not overwritten\)/);
      assert.match(out, /created HEARTWOOD\.md/);
      assert.strictEqual(fs.readFileSync(path.join(dir, 'MEMORY.md'), 'utf8'), 'keep me');
    });

    it('refuses unknown names and writes nothing', () => {
      const dir = personaFolder();
      const { code, err } = run('scaffold', dir, 'SOUL.md', 'soul.md');
      assert.strictEqual(code, 2);
      assert.match(err, /not a persona file: soul\.md/);
      assert.deepStrictEqual(fs.readdirSync(dir), []);
    });
  });

  describe('the built package', () => {
    const root = path.resolve(__dirname, '../..');

    it('exposes the core to plain Node through dist/core.js', () => {
      const script = `const c = require(${JSON.stringify(path.join(root, 'dist/core.js'))});
        process.stdout.write(JSON.stringify([typeof c.composeSoul, c.BOOTSTRAP_ORDER, c.MAX_FILE_BYTES, c.TRUNCATION_NOTICE]));`;
      const [kind, order, cap, notice] = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
      assert.strictEqual(kind, 'function');
      assert.strictEqual(order.length, 7);
      assert.strictEqual(cap, 2097152);
      assert.strictEqual(notice, '\n[truncated: exceeds 2 MB bootstrap cap]');
    });

    it('runs dist/cli.js as the persona-studio bin, writing the runtime bytes to stdout', () => {
      const dir = personaFolder({ 'SOUL.md': 'é'.repeat(MAX_FILE_BYTES / 2 + 1) });
      const result = spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), 'compose', dir], { maxBuffer: 16 * 1024 * 1024 });
      assert.strictEqual(result.status, 0);
      assert.strictEqual(result.stdout.toString('utf8'), composeSoul(dir).soul);
      assert.ok(fs.readFileSync(path.join(root, 'dist/cli.js'), 'utf8').startsWith('#!/usr/bin/env node'));
    });
  });
});
