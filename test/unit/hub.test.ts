// The hub in an in-memory VS Code: discovery, live content and Measurements together, so a
// change to how changes travel is tested in seconds rather than in a real VS Code.
import assert from 'node:assert';
import { FakeDocument, memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { CompositionChange, Measurements } from '../../src/extension/model/measurements';
import { PersonasChange, PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { setLogSink } from '../../src/extension/util/log';

interface Hub {
  readonly root: vscode.Uri;
  readonly personas: PersonaWorkspace;
  readonly measurements: Measurements;
  /** Every change Measurements fired, as `folder-name:file,file`. */
  readonly changes: string[];
  dispose(): void;
}

let workspaces = 0;
const logged: string[] = [];
const record = (message: string | Error) => void logged.push(String(message));

/** A new workspace folder with these files, discovered, and a hub listening to it. */
async function hub(files: Record<string, string>): Promise<Hub> {
  const root = memory.openWorkspace(`/ws${++workspaces}`) as unknown as vscode.Uri;
  for (const [name, text] of Object.entries(files)) memory.write(`${root.path}/${name}`, text);
  const personas = new PersonaWorkspace();
  const measurements = new Measurements(personas);
  await personas.refresh('test');
  const changes: string[] = [];
  const label = ({ folder, names }: CompositionChange) => `${folder.path.slice(root.path.length + 1)}:${names === 'all' ? 'all' : names.join(',')}`;
  const listening = measurements.onDidChange((change) => changes.push(label(change)));
  return {
    root,
    personas,
    measurements,
    changes,
    dispose: () => (listening.dispose(), measurements.dispose(), personas.dispose()),
  };
}

/** The next persona-list change, as the folder names it touched. */
function nextPersonasChange(personas: PersonaWorkspace, root: vscode.Uri): Promise<string[]> {
  return new Promise((resolve) => {
    const once = personas.onDidChangePersonas(({ folders }: PersonasChange) => {
      once.dispose();
      resolve(folders.map((folder) => folder.path.slice(root.path.length + 1)).sort());
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hub (in-memory VS Code)', () => {
  before(() => setLogSink({ info: record, warn: record, error: record, debug: record }));
  after(() => setLogSink(undefined));
  let current: Hub | undefined;
  let documents: FakeDocument[] = [];
  afterEach(() => {
    current?.dispose();
    current = undefined;
    for (const document of documents) document.isClosed = true;
    memory.documents.length = 0;
    documents = [];
  });

  it('one keystroke is one change, naming the file, and the composition follows it before a save', async () => {
    const { root, measurements, changes } = (current = await hub({ 'ava/SOUL.md': 'calm', 'ava/USER.md': 'Sam' }));
    const folder = vscode.Uri.joinPath(root, 'ava');
    const soul = memory.open(`${root.path}/ava/SOUL.md`);
    documents.push(soul);
    memory.type(soul, 'bold and kind');
    assert.deepStrictEqual(changes, ['ava:SOUL.md']);
    assert.match((await measurements.composition(folder)).text, /bold and kind/);
  });

  it("a save brings one change (the watcher's), and a saved file no runtime reads brings none", async () => {
    const { root, changes } = (current = await hub({ 'ava/SOUL.md': 'calm', 'notes.txt': 'x' }));
    const soul = memory.open(`${root.path}/ava/SOUL.md`);
    const notes = memory.open(`${root.path}/notes.txt`);
    documents.push(soul, notes);
    memory.type(soul, 'bold');
    changes.length = 0;
    memory.save(soul);
    memory.save(notes);
    assert.deepStrictEqual(changes, ['ava:SOUL.md']);
  });

  it('HEARTWOOD.md is read once per version for every surface, and its change names it', async () => {
    const { root, measurements, changes } = (current = await hub({ 'atlas/HEARTWOOD.md': 'I am Atlas.' }));
    const folder = vscode.Uri.joinPath(root, 'atlas');
    const path = `${root.path}/atlas/HEARTWOOD.md`;
    const reads = () => memory.reads.filter((read) => read === path).length;
    const before = reads();
    const [a, b, c] = await Promise.all([measurements.heartwood(folder), measurements.heartwood(folder), measurements.heartwood(folder)]);
    assert.strictEqual(reads() - before, 1);
    assert.ok(a === b && b === c, 'one measure shared');
    assert.strictEqual(a?.report.chars, 'I am Atlas.'.length);
    memory.write(path, 'I am Atlas, the cartographer.');
    assert.deepStrictEqual(changes, ['atlas:HEARTWOOD.md']);
    assert.strictEqual((await measurements.heartwood(folder))?.text, 'I am Atlas, the cartographer.');
  });

  it('a file added to one persona names that persona alone, and its composition follows', async () => {
    const { root, personas, measurements } = (current = await hub({ 'ava/SOUL.md': 'a', 'bea/SOUL.md': 'b', 'cy/SOUL.md': 'c' }));
    const changed = nextPersonasChange(personas, root);
    memory.write(`${root.path}/bea/USER.md`, 'Sam');
    assert.deepStrictEqual(await changed, ['bea']);
    await settle();
    assert.deepStrictEqual((await measurements.composition(vscode.Uri.joinPath(root, 'bea'))).found, ['SOUL.md', 'USER.md']);
  });

  it('a same-size rewrite in the same clock tick as the last read is read again, not served stale', async () => {
    const now = Date.now();
    const { root, measurements } = (current = await hub({}));
    const path = `${root.path}/ava/SOUL.md`;
    memory.write(path, 'calm', now);
    await settle();
    const folder = vscode.Uri.joinPath(root, 'ava');
    assert.match((await measurements.composition(folder)).text, /calm/);
    // Same size, same mtime: the stat cannot tell; only the bytes can.
    memory.write(path, 'bold', now);
    await settle();
    assert.match((await measurements.composition(folder)).text, /bold/);
  });

  it('a bad pattern in files.exclude is left out, said once in the log, and discovery goes on under the others', async () => {
    memory.settings.set('files.exclude', { '[z-a]': true, '**/hidden': true });
    try {
      const { personas } = (current = await hub({ 'ava/SOUL.md': 'a', 'hidden/SOUL.md': 'h' }));
      assert.deepStrictEqual(
        personas.personas.map((persona) => persona.label),
        ['ava'],
      );
      assert.ok(
        logged.some((line) => line.includes('files.exclude') && line.includes('[z-a]')),
        logged.join('\n'),
      );
    } finally {
      memory.settings.delete('files.exclude');
    }
  });

  it("a runtime setting changes every persona's measure at once", async () => {
    const { root, measurements, changes } = (current = await hub({ 'ava/SOUL.md': 'x'.repeat(30_000) }));
    const folder = vscode.Uri.joinPath(root, 'ava');
    assert.strictEqual((await measurements.composition(folder)).runtime, 'toolnexus');
    memory.configure('personaStudio.runtime', 'openclaw');
    assert.deepStrictEqual(changes, ['ava:all']);
    const openclaw = await measurements.composition(folder);
    assert.strictEqual(openclaw.runtime, 'openclaw');
    assert.strictEqual(openclaw.files.find((file) => file.name === 'SOUL.md')?.status, 'cut');
    memory.configure('personaStudio.runtime', undefined);
  });

  it("under Hermes, a home's memories/ is part of the persona above it, not a persona of its own", async () => {
    const { root, personas } = (current = await hub({ 'ava/SOUL.md': 'You are Ava.', 'ava/memories/MEMORY.md': 'Likes tea.', 'bo/memories/MEMORY.md': 'Alone.' }));
    const names = () => personas.personas.map((persona) => persona.uri.path.slice(root.path.length + 1));
    assert.deepStrictEqual(names(), ['ava', 'ava/memories', 'bo/memories']);
    memory.configure('personaStudio.runtime', 'hermes');
    try {
      // bo has no persona above its memories/: it stays one.
      assert.deepStrictEqual(names(), ['ava', 'bo/memories']);
      const memoryFile = vscode.Uri.joinPath(root, 'ava/memories/MEMORY.md');
      assert.strictEqual(personas.personaOf(memoryFile)?.uri.toString(), vscode.Uri.joinPath(root, 'ava').toString());
      assert.strictEqual(personas.find(vscode.Uri.joinPath(root, 'ava/memories')), undefined);
    } finally {
      memory.configure('personaStudio.runtime', undefined);
    }
    assert.deepStrictEqual(names(), ['ava', 'ava/memories', 'bo/memories']);
  });
});
