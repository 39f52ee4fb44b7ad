// `$include` in the opened folder's openclaw.json, followed in the editor as the CLI follows it
// (the core's rules: inside the config's folder, each a regular file of at most 1 MB): an agent
// defined only in an included file is a persona of the tree, a change to that file is read
// again, and an include not followed is said once, in the log and one line, and nothing of it is read.
import assert from 'node:assert';
import { MarkdownString, memory, TreeItem, window as fakeWindow } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { runtimeId } from '../../src/extension/model/config';
import { personaItem } from '../../src/extension/tree/items';
import { PersonaNode } from '../../src/extension/tree/nodes';
import { TreeStats } from '../../src/extension/tree/stats';
import { setLogSink } from '../../src/extension/util/log';
import { nextHubRoot, OpenHub, openHub } from './fake/hub';

const soul = 'Calm and precise. '.repeat(200); // 3,600 chars
const agents = (root: string, maxChars: number) => `{
  // JSON5, as OpenClaw reads an included file
  list: [{ id: 'ava', identity: { name: 'Ava', emoji: '🦊' }, workspace: '${root}/ava', bootstrapMaxChars: ${maxChars} }],
}`;

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never came: ${what}`);
}

describe('$include in openclaw.json, followed in the editor (in-memory VS Code)', () => {
  const warnings: string[] = [];
  before(() => setLogSink({ info: () => {}, warn: (message: string) => void warnings.push(message), error: () => {}, debug: () => {} }));
  after(() => setLogSink(undefined));
  let hub: OpenHub | undefined;
  afterEach(() => {
    hub?.dispose();
    hub = undefined;
    warnings.length = 0;
    fakeWindow.messages.length = 0;
  });

  it('an agent whose workspace only an included file defines is a persona of the tree, by its name, under the included caps', async () => {
    const root = nextHubRoot('include');
    hub = await openHub('include', {
      'openclaw.json': `{ agents: { $include: './agents/list.json5', defaults: { bootstrapTotalMaxChars: 50000 } } }`,
      'agents/list.json5': agents(root, 2000),
      'ava/notes.txt': 'no persona file yet',
    });
    const ava = vscode.Uri.joinPath(hub.root, 'ava');
    const { personas, measurements } = hub;
    const persona = await until(() => personas.find(ava), 'the agent workspace as a persona');
    const agent = measurements.agent(ava);
    assert.strictEqual(agent?.id, 'ava');
    assert.strictEqual(runtimeId(ava), 'openclaw');
    const stats = await new TreeStats(personas, measurements).persona(ava, false);
    const item = personaItem(new PersonaNode(persona), stats, { multiRoot: false, expanded: true, agent }) as unknown as TreeItem;
    assert.strictEqual(item.label, '🦊 Ava (ava)');
    assert.match((item.tooltip as MarkdownString).value, /bootstrapMaxChars: 2,000, from openclaw\.json/);
    // Its SOUL.md, once written, is measured under the included cap; a change to the included file is read again.
    memory.write(`${ava.path}/SOUL.md`, soul);
    await until(async () => ((await measurements.composition(ava)).files.find((file) => file.name === 'SOUL.md')?.cap === 2000 ? true : undefined), 'the cap of 2,000');
    memory.write(`${root}/agents/list.json5`, agents(root, 3000));
    await until(
      async () => ((await measurements.composition(ava)).files.find((file) => file.name === 'SOUL.md')?.cap === 3000 ? true : undefined),
      'the cap of 3,000 after the include changed',
    );
    assert.deepStrictEqual([warnings, fakeWindow.messages], [[], []]);
  });

  for (const [what, include, setup] of [
    ['outside the config’s folder', '../elsewhere/list.json5', () => memory.write('/elsewhere/list.json5', agents('/x', 2000))],
    [
      'a link (it could lead out of the workspace)',
      './list.json5',
      (root: string) => (memory.write('/elsewhere/list.json5', agents(root, 2000)), memory.link(`${root}/list.json5`, '/elsewhere/list.json5')),
    ],
  ] as const) {
    it(`an include ${what} is not followed: said once in the log and one line, nothing of it read`, async () => {
      const root = nextHubRoot('include');
      setup(root);
      memory.reads.length = 0;
      hub = await openHub('include', { 'openclaw.json': `{ agents: { $include: '${include}' } }`, 'ava/SOUL.md': soul });
      await until(() => (fakeWindow.messages.length > 0 ? true : undefined), 'the warning');
      assert.strictEqual(fakeWindow.messages.length, 1);
      assert.match(fakeWindow.messages[0], /^OpenClaw caps not read: \$include: .*(outside the config's folder|not a regular file).*\. The settings apply\.$/);
      assert.doesNotMatch(fakeWindow.messages[0], /\n/);
      assert.strictEqual(warnings.length, 1);
      assert.match(warnings[0], /openclaw\.json not read: \$include/);
      assert.deepStrictEqual(
        memory.reads.filter((path) => path.startsWith('/elsewhere')),
        [],
      );
      assert.strictEqual(hub.measurements.agent(vscode.Uri.joinPath(hub.root, 'ava')), undefined);
    });
  }
});
