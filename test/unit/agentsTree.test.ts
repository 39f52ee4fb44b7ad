// The agents of an openclaw.json in the editor (in-memory VS Code): an agent whose workspace
// is an opened folder is that persona, labelled by its identity, measured under its own caps
// and skills allowlist (an explicit setting wins); one whose workspace lies outside is a row
// that opens it, and nothing of it is read, stat-ed or listed.
import assert from 'node:assert';
import { memory, MarkdownString, TreeItem } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { loadAgents } from '../../src/extension/agents/load';
import { runtimeId, runtimeOptions } from '../../src/extension/model/config';
import { personaItem } from '../../src/extension/tree/items';
import { PersonaNode } from '../../src/extension/tree/nodes';
import { TreeStats } from '../../src/extension/tree/stats';
import { setLogSink } from '../../src/extension/util/log';
import { nextHubRoot, OpenHub, openHub } from './fake/hub';

const OUTSIDE = '/elsewhere/cy';
const SECRET = 'CY-MUST-NEVER-BE-READ';
const soul = 'Calm and precise. '.repeat(200); // 3,600 chars: over a 2,000 cap, under the default.
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nUse it.\n`;

function config(root: string, extra = ''): string {
  return `{
    // JSON5, as OpenClaw reads it
    agents: {
      defaults: { bootstrapTotalMaxChars: 50000 },
      list: [
        { id: 'ava', identity: { name: 'Ava', emoji: '🦊' }, workspace: '${root}/ava', bootstrapMaxChars: 2000, skills: ['weather'] ${extra} },
        { id: 'bo', identity: { name: 'Bo' }, workspace: '${root}/bo' },
        { id: 'cy', identity: { name: 'Cy' }, workspace: '${OUTSIDE}' },
      ],
    },
  }`;
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never came: ${what}`);
}

describe('agents from openclaw.json in the tree (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }));
  after(() => setLogSink(undefined));
  let hub: (OpenHub & { ava: vscode.Uri; bo: vscode.Uri }) | undefined;
  afterEach(() => {
    hub?.dispose();
    hub = undefined;
    memory.settings.delete('personaStudio.openclaw.bootstrapMaxChars');
  });

  async function open(extra = ''): Promise<NonNullable<typeof hub>> {
    const root = nextHubRoot('agents');
    memory.write(`${OUTSIDE}/SOUL.md`, SECRET);
    memory.write(`${OUTSIDE}/skills/x/SKILL.md`, skill('x'));
    memory.reads.length = 0;
    memory.looks.length = 0;
    const opened = await openHub('agents', {
      'openclaw.json': config(root, extra),
      'ava/SOUL.md': soul,
      'ava/skills/weather/SKILL.md': skill('weather'),
      'ava/skills/notes/SKILL.md': skill('notes'),
      'bo/SOUL.md': soul,
      'bo/skills/notes/SKILL.md': skill('notes'),
    });
    const ava = vscode.Uri.joinPath(opened.root, 'ava');
    await until(() => opened.measurements.agent(ava), "ava's agent");
    return (hub = { ...opened, ava, bo: vscode.Uri.joinPath(opened.root, 'bo') });
  }

  it("an opened folder's openclaw.json makes its agents' workspaces OpenClaw personas, each under its own caps", async () => {
    const { measurements, ava, bo } = await open();
    assert.strictEqual(runtimeId(ava), 'openclaw');
    assert.strictEqual(measurements.runtimeWhy(bo), 'OpenClaw workspace of agent Bo (bo)');
    const avaSoul = (await measurements.composition(ava)).files.find((file) => file.name === 'SOUL.md');
    const boSoul = (await measurements.composition(bo)).files.find((file) => file.name === 'SOUL.md');
    assert.deepStrictEqual([avaSoul?.cap, avaSoul?.status], [2000, 'cut'], "ava's own bootstrapMaxChars");
    assert.deepStrictEqual([boSoul?.cap, boSoul?.status], [20000, 'sent'], "bo has none of its own: OpenClaw's default");
    assert.strictEqual((await measurements.composition(bo)).total.cap, 50000, "the defaults' total cap");
  });

  it('a cap set explicitly in settings wins over the agent’s, and the tooltip says which', async () => {
    const { measurements, ava, personas } = await open();
    memory.configure('personaStudio.openclaw.bootstrapMaxChars', 5000);
    const avaSoul = (await measurements.composition(ava)).files.find((file) => file.name === 'SOUL.md');
    assert.deepStrictEqual([avaSoul?.cap, avaSoul?.status], [5000, 'sent']);
    const agent = measurements.agent(ava)!;
    const lines = loadAgents().agentLines(agent, runtimeOptions(ava, 'openclaw'));
    assert.deepStrictEqual(lines, [
      "bootstrapMaxChars: 5,000, set in settings, which win over openclaw.json's 2,000",
      'bootstrapTotalMaxChars: 50,000, from openclaw.json',
      "Skills: only weather (the agent's allowlist)",
    ]);
    const node = new PersonaNode(personas.find(ava)!);
    const stats = await new TreeStats(personas, measurements).persona(ava, false);
    const item = personaItem(node, stats, { multiRoot: false, expanded: true, agent }) as unknown as TreeItem;
    assert.strictEqual(item.label, '🦊 Ava (ava)');
    assert.match(
      (item.tooltip as MarkdownString).value,
      /Runtime OpenClaw: OpenClaw workspace of agent 🦊 Ava \\\(ava\\\) {2}\nbootstrapMaxChars: 5,000, set in settings, which win over openclaw\.json's 2,000/,
    );
  });

  it("the agent's skills allowlist leaves the other skills out of its catalog; an agent without one lists them all", async () => {
    const { measurements, ava, bo } = await open();
    const avaSkills = (await measurements.skills(ava))!.report;
    const states = Object.fromEntries(avaSkills.skills.map((entry) => [entry.name, entry.state]));
    assert.deepStrictEqual(states, { 'browser-automation': 'gated', canvas: 'gated', notes: 'gated', weather: 'inPrompt' });
    assert.deepStrictEqual(avaSkills.skills.find((entry) => entry.name === 'notes')?.reason, { kind: 'gated', missing: "agent ava's skills allowlist leaves it out" });
    assert.match(avaSkills.section, /weather/);
    assert.doesNotMatch(avaSkills.section, /notes|canvas/);
    const boSkills = (await measurements.skills(bo))!.report;
    assert.ok(
      boSkills.skills.every((entry) => entry.state === 'inPrompt'),
      JSON.stringify(boSkills.skills.map((entry) => entry.state)),
    );
  });

  it('an agent outside the opened folders is a "not in this window" row that opens it in a new window, and is never read, stat-ed or listed', async () => {
    const { measurements, root } = await open();
    assert.deepStrictEqual(
      measurements.otherAgents.map((agent) => agent.id),
      ['cy'],
    );
    const item = loadAgents().outsideAgentItem(measurements.otherAgents[0], root) as unknown as TreeItem;
    assert.strictEqual(item.label, 'Cy (cy)');
    assert.strictEqual(item.description, `not in this window · ${OUTSIDE}`);
    assert.strictEqual(item.command?.command, 'vscode.openFolder');
    const [uri, options] = item.command!.arguments as [vscode.Uri, unknown];
    assert.strictEqual(uri.toString(), root.with({ path: OUTSIDE }).toString(), 'the window’s own scheme and host');
    assert.deepStrictEqual(options, { forceNewWindow: true });
    // Everything every surface asks for, measured: still nothing of the outside agent.
    for (const folder of [hub!.ava, hub!.bo]) await Promise.all([measurements.composition(folder), measurements.skills(folder)]);
    const touched = [...memory.reads, ...memory.looks].filter((path) => path.startsWith('/elsewhere'));
    assert.deepStrictEqual(touched, []);
    assert.ok(
      memory.reads.some((path) => path.endsWith('/openclaw.json')),
      'the config itself was read',
    );
  });

  it("an edit of the opened folder's openclaw.json is read again: the agent's new cap applies", async () => {
    const { measurements, ava, root } = await open();
    const changed = new Promise<void>((resolve) => measurements.onDidChangeAgents(() => resolve()));
    memory.write(`${root.path}/openclaw.json`, config(root.path).replace('bootstrapMaxChars: 2000', 'bootstrapMaxChars: 3000'));
    await changed;
    assert.strictEqual((await measurements.composition(ava)).files.find((file) => file.name === 'SOUL.md')?.cap, 3000);
  });

  it("an opened folder's openclaw.json that is a link is not followed: it may lead out of the workspace", async () => {
    const root = nextHubRoot('agents');
    memory.write('/elsewhere/openclaw.json', config(root));
    memory.link(`${root}/openclaw.json`, '/elsewhere/openclaw.json');
    memory.reads.length = 0;
    const opened = await openHub('agents', { 'ava/SOUL.md': soul });
    hub = { ...opened, ava: vscode.Uri.joinPath(opened.root, 'ava'), bo: vscode.Uri.joinPath(opened.root, 'bo') };
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.strictEqual(opened.measurements.agent(hub.ava), undefined);
    assert.strictEqual(runtimeId(hub.ava), 'toolnexus');
    assert.deepStrictEqual(
      memory.reads.filter((path) => path.startsWith('/elsewhere')),
      [],
    );
  });

  it("an agent's workspace in the window is a persona before it holds a file, and is none once the config no longer lists it", async () => {
    const { measurements, personas, root } = await open(', ');
    const dee = vscode.Uri.joinPath(root, 'dee');
    memory.write(`${dee.path}/notes.txt`, 'not a persona file');
    const withDee = config(root.path).replace("{ id: 'cy'", `{ id: 'dee', identity: { name: 'Dee' }, workspace: '${dee.path}' },\n        { id: 'cy'`);
    memory.write(`${root.path}/openclaw.json`, withDee);
    await until(() => personas.find(dee), 'the empty workspace as a persona');
    assert.deepStrictEqual(personas.find(dee)?.files, []);
    assert.strictEqual(measurements.agent(dee)?.id, 'dee');
    assert.strictEqual(runtimeId(dee), 'openclaw');
    memory.write(`${root.path}/openclaw.json`, config(root.path));
    await until(() => (personas.find(dee) ? undefined : true), 'the persona gone with its agent');
    assert.ok(personas.find(hub!.ava), 'a persona with files stays');
  });
});
