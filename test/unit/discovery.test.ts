import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import {
  DirectoryReader,
  discoverPersonaFolders,
  EntryKind,
  FILE_PURPOSE,
  nodeDirectoryReader,
  templateFor,
  BOOTSTRAP_ORDER,
  HEARTWOOD_FILE,
  formatBytes,
  formatPercent,
} from '../../src/core';
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
    assert.deepStrictEqual(
      shallow.personas.map((p) => path.relative(root, p.dir)),
      ['x/y'],
    );
    assert.strictEqual(shallow.incomplete, true);
    const few = await discoverPersonaFolders(root, nodeDirectoryReader, { maxFolders: 3 });
    assert.strictEqual(few.incomplete, true);
  });

  it('lists several folders at once, and finds what one read at a time finds, bounds included', async () => {
    // An in-memory tree whose reads finish out of order: 3 levels, personas scattered.
    const folders = new Map<string, Array<readonly [string, EntryKind]>>([['r', []]]);
    for (let a = 0; a < 6; a++) {
      folders.get('r')!.push([`a${a}`, 'directory']);
      folders.set(`r/a${a}`, a % 2 ? [['SOUL.md', 'file']] : []);
      for (let b = 0; b < 5; b++) {
        folders.get(`r/a${a}`)!.push([`b${b}`, 'directory']);
        folders.set(
          `r/a${a}/b${b}`,
          (a + b) % 3
            ? []
            : [
                ['AGENTS.md', 'file'],
                ['memory.md', 'file'],
              ],
        );
      }
    }
    let inFlight = 0;
    let most = 0;
    const reader = (delay: (dir: string) => number): DirectoryReader => ({
      join: (dir, name) => `${dir}/${name}`,
      readDirectory: async (dir) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, delay(dir)));
        inFlight--;
        const entries = folders.get(dir);
        if (!entries || dir.endsWith('a4/b2')) throw new Error('unreadable');
        return entries;
      },
    });
    const shuffled = reader((dir) => (dir.length * 7919) % 5);
    const walked = await discoverPersonaFolders('r', shuffled);
    assert.ok(most > 1 && most <= 16, `${most} reads in flight at most`);
    // One at a time: each read waits for the one before (a serial reader).
    let previous = Promise.resolve();
    const serial: DirectoryReader = {
      join: shuffled.join,
      readDirectory: (dir) => {
        const result = previous.then(() => shuffled.readDirectory(dir));
        previous = result.then(
          () => undefined,
          () => undefined,
        );
        return result;
      },
    };
    assert.deepStrictEqual(walked, await discoverPersonaFolders('r', serial));
    assert.strictEqual(walked.foldersRead, 37);
    assert.strictEqual(walked.personas.length, 12);
    for (const maxFolders of [1, 4, 7, 20, 36, 37]) {
      const [concurrent, oneByOne] = [await discoverPersonaFolders('r', shuffled, { maxFolders }), await discoverPersonaFolders('r', serial, { maxFolders })];
      assert.deepStrictEqual(concurrent, oneByOne, `maxFolders ${maxFolders}`);
      assert.ok(concurrent.foldersRead <= maxFolders);
      assert.strictEqual(concurrent.incomplete, maxFolders < 37);
    }
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
