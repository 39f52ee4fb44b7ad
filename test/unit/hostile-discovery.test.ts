// Hostile workspaces for discovery: links out of the root, link loops, excluded
// folders, and bounds that stop the walk.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { classifyFolder, DirectoryReader, discoverPersonaFolders, nodeDirectoryReader } from '../../src/core';
import { personaFolder } from './helpers';

function tree(files: Record<string, string>): string {
  const root = fs.realpathSync(personaFolder());
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

const relative = (root: string, dirs: readonly { dir: string }[]) => dirs.map((p) => path.relative(root, p.dir) || '.');

describe('hostile input: discovery', () => {
  it('does not follow a folder link out of the workspace (bazel-out, ~)', async () => {
    const outside = tree({ 'secret/SOUL.md': 'not yours' });
    const root = tree({ 'ava/SOUL.md': 'x' });
    fs.symlinkSync(outside, path.join(root, 'bazel-out'));
    fs.symlinkSync(path.join(outside, 'secret'), path.join(root, 'ava', 'home'));
    const { personas } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.deepStrictEqual(relative(root, personas), ['ava']);
  });

  it('a walk from a folder that arrived after start follows no link out of the workspace, the folder itself included', async () => {
    const outside = tree({ 'home/SOUL.md': 'not yours', 'home/deeper/AGENTS.md': 'not yours either' });
    const root = tree({ 'ava/SOUL.md': 'x' });
    // `git pull` brings `up -> ../..` and `agent -> ~/.openclaw/workspace`; a new real folder brings a link out.
    fs.symlinkSync(outside, path.join(root, 'agent'));
    fs.mkdirSync(path.join(root, 'new'));
    fs.symlinkSync(path.join(outside, 'home'), path.join(root, 'new', 'linked'));
    fs.mkdirSync(path.join(root, 'new', 'bea'));
    fs.writeFileSync(path.join(root, 'new', 'bea', 'SOUL.md'), 'y');
    const walk = (from: string) => discoverPersonaFolders(path.join(root, from), nodeDirectoryReader, { within: root });
    assert.deepStrictEqual((await walk('agent')).personas, []);
    assert.deepStrictEqual(relative(root, (await walk('new')).personas), ['new/bea']);
    // Without the bound, the walk's own root is where links are judged from: the old behaviour.
    assert.deepStrictEqual(relative(root, (await discoverPersonaFolders(path.join(root, 'agent'), nodeDirectoryReader)).personas), ['agent/home', 'agent/home/deeper']);
  });

  it('lists a persona once through a link loop and through links inside the workspace', async () => {
    const root = tree({ 'agents/ava/SOUL.md': 'x' });
    fs.symlinkSync('..', path.join(root, 'agents', 'ava', 'up'));
    fs.symlinkSync(path.join(root, 'agents'), path.join(root, 'again'));
    fs.symlinkSync('.', path.join(root, 'agents', 'self'));
    const { personas, incomplete } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.deepStrictEqual(relative(root, personas), ['agents/ava']);
    assert.strictEqual(incomplete, false);
  });

  it('follows a link to a folder inside the workspace that is not otherwise reached', async () => {
    const root = tree({ 'deep/a/b/ava/SOUL.md': 'x' });
    fs.symlinkSync(path.join(root, 'deep', 'a', 'b', 'ava'), path.join(root, 'ava'));
    const { personas } = await discoverPersonaFolders(root, nodeDirectoryReader, { maxDepth: 1 });
    assert.deepStrictEqual(relative(root, personas), ['ava']);
  });

  it('never enters a linked folder when the file system cannot say where it leads', async () => {
    const entries: Record<string, Array<readonly [string, 'file' | 'directory' | 'linkedDirectory']>> = {
      '/w': [
        ['SOUL.md', 'file'],
        ['out', 'linkedDirectory'],
      ],
      '/w/out': [['SOUL.md', 'file']],
    };
    const reader: DirectoryReader = { readDirectory: async (dir) => entries[dir] ?? [], join: (dir, name) => `${dir}/${name}` };
    const { personas } = await discoverPersonaFolders('/w', reader);
    assert.deepStrictEqual(
      personas.map((p) => p.dir),
      ['/w'],
    );
  });

  it('skips the folders files.exclude hides', async () => {
    const root = tree({ 'ava/SOUL.md': 'x', 'build/copy/SOUL.md': 'x', 'vendor/x/ava/SOUL.md': 'x' });
    const exclude = (rel: string) => rel === 'build' || rel.startsWith('vendor/');
    const { personas } = await discoverPersonaFolders(root, nodeDirectoryReader, { exclude });
    assert.deepStrictEqual(relative(root, personas), ['ava']);
  });

  it('says which bound stopped it, and after how many folders', async () => {
    const root = tree({ 'a/SOUL.md': 'x', 'b/SOUL.md': 'x', 'c/SOUL.md': 'x', 'c/d/e/SOUL.md': 'x' });
    const few = await discoverPersonaFolders(root, nodeDirectoryReader, { maxFolders: 2 });
    assert.deepStrictEqual([few.incomplete, few.stoppedBy, few.foldersRead], [true, 'folders', 2]);
    const shallow = await discoverPersonaFolders(root, nodeDirectoryReader, { maxDepth: 1 });
    assert.deepStrictEqual([shallow.incomplete, shallow.stoppedBy], [true, 'depth']);
    const whole = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.deepStrictEqual([whole.incomplete, whole.stoppedBy], [false, undefined]);
  });

  it('finds 500 persona folders, each once, in order', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 500; i++) files[`personas/p${String(i).padStart(3, '0')}/SOUL.md`] = 'x';
    const root = tree(files);
    const { personas, incomplete } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.strictEqual(incomplete, false);
    assert.strictEqual(personas.length, 500);
    assert.strictEqual(new Set(personas.map((p) => p.dir)).size, 500);
    assert.strictEqual(path.basename(personas[0].dir), 'p000');
  });

  it('a directory named SOUL.md does not make a persona folder', () => {
    assert.strictEqual(
      classifyFolder('/w', [
        ['SOUL.md', 'directory'],
        ['MEMORY.md', 'linkedDirectory'],
      ]),
      undefined,
    );
  });

  it('a link named SOUL.md to a file counts as the file; a broken one as a name the runtime cannot read', async () => {
    const root = tree({ 'real.md': 'x', 'ava/notes.md': 'n' });
    fs.symlinkSync(path.join(root, 'real.md'), path.join(root, 'ava', 'SOUL.md'));
    fs.symlinkSync(path.join(root, 'gone.md'), path.join(root, 'ava', 'USER.md'));
    const { personas } = await discoverPersonaFolders(root, nodeDirectoryReader);
    assert.deepStrictEqual(
      personas.map((p) => p.files),
      [['SOUL.md', 'USER.md']],
    );
  });
});
