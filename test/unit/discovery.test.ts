import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { discoverPersonaFolders, FILE_PURPOSE, nodeDirectoryReader, templateFor, BOOTSTRAP_ORDER, HEARTWOOD_FILE, formatBytes, formatPercent } from '../../src/core';
import { personaFolder } from './helpers';

function tree(files: Record<string, string>): string {
  const root = personaFolder();
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe('discovery', () => {
  it('finds every folder holding a bootstrap file or HEARTWOOD.md, skipping node_modules and .git', async () => {
    const root = tree({
      'README.md': '',
      'agents/ava/SOUL.md': 'x',
      'agents/ava/MEMORY.md': 'x',
      'agents/ava/notes/todo.md': 'x',
      'agents/atlas/HEARTWOOD.md': 'x',
      'agents/empty/other.md': 'x',
      'node_modules/pkg/AGENTS.md': 'x',
      '.git/AGENTS.md': 'x',
      'AGENTS.md': 'x',
      'odd/soul.md': 'x',
    });
    const { personas, incomplete } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.strictEqual(incomplete, false);
    assert.deepStrictEqual(
      personas.map((p) => [path.relative(root, p.dir) || '.', p.files, p.heartwood]),
      [
        ['.', ['AGENTS.md'], false],
        ['agents/atlas', [], true],
        ['agents/ava', ['SOUL.md', 'MEMORY.md'], false],
      ],
    );
  });

  it('reports mis-cased names of persona folders', async () => {
    const root = tree({ 'p/SOUL.md': 'x', 'p/memory.md': 'x' });
    const { personas } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.deepStrictEqual(personas[0].miscased, ['memory.md']);
  });

  it('stops at its bounds and says so', async () => {
    const root = tree({ 'a/b/c/d/SOUL.md': 'x', 'x/y/AGENTS.md': 'x' });
    const shallow = await discoverPersonaFolders(root, nodeDirectoryReader, { maxDepth: 2 });
    assert.deepStrictEqual(shallow.personas.map((p) => path.relative(root, p.dir)), ['x/y']);
    assert.strictEqual(shallow.incomplete, true);
    const few = await discoverPersonaFolders(root, nodeDirectoryReader, { maxFolders: 3 });
    assert.strictEqual(few.incomplete, true);
  });

  it('ignores a folder it cannot read', async () => {
    const { personas } = await discoverPersonaFolders('/no/such/root', nodeDirectoryReader);
    assert.deepStrictEqual(personas, []);
  });
});

describe('templates and formatting', () => {
  it('has a guide and a purpose line for every persona file', () => {
    for (const name of [...BOOTSTRAP_ORDER, HEARTWOOD_FILE] as const) {
      assert.ok(templateFor(name).length > 40, name);
      assert.ok(FILE_PURPOSE[name].length > 20, name);
    }
    assert.match(templateFor(HEARTWOOD_FILE), /^## Voice & Tone$/m);
  });

  it('formats sizes and shares of a cap', () => {
    assert.strictEqual(formatBytes(512), '512 B');
    assert.strictEqual(formatBytes(14540), '14.2 KB');
    assert.strictEqual(formatBytes(2097152), '2.0 MB');
    assert.strictEqual(formatPercent(0.007), '0.7 %');
    assert.strictEqual(formatPercent(0.0001), '<0.1 %');
    assert.strictEqual(formatPercent(1), '100 %');
    assert.strictEqual(formatPercent(2097153 / 2097152), '>100 %');
    assert.strictEqual(formatPercent(1.5), '150 %');
  });
});
