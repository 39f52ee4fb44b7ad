// The skills OpenClaw reads outside the workspace, in the editor (in-memory VS Code): with
// personaStudio.openclaw.machineSkills on, each row says where its skill comes from and the
// machine's skills share the budget; off, in Restricted Mode or with a remote gateway, nothing
// outside the workspace is read, stat-ed or listed, and the Skills node says the catalog shows
// the workspace's skills only. The machine's roots are read again when openclaw.json changes, not on a keystroke.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeDocument, MarkdownString, memory, TreeItem, workspace as fakeWorkspace } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { skillItem, skillsItem } from '../../src/extension/tree/skillItems';
import { setLogSink } from '../../src/extension/util/log';
import { closeDocuments, OpenHub, openHub } from './fake/hub';

const HOME = os.homedir().replace(/\\/g, '/');
const BUNDLED = '/machine-bundled';
const EXTRA = '/machine-extra';
const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`;
const outside = (path: string) => path.startsWith(BUNDLED) || path.startsWith(EXTRA) || path.startsWith(`${HOME}/`);

const MACHINE_FILES: string[] = [];

function layMachine(): void {
  const write = (path: string, text: string) => (MACHINE_FILES.push(path), memory.write(path, text));
  write(`${BUNDLED}/weather/SKILL.md`, skill('weather', 'The bundled weather.'));
  write(`${BUNDLED}/pdf/SKILL.md`, skill('pdf', 'Read PDF files.'));
  write(`${HOME}/.openclaw/skills/notes/SKILL.md`, skill('notes', 'Keep notes.'));
  write(`${HOME}/.openclaw/skills/api/SKILL.md`, skill('api', 'Call the API.', 'metadata: {"openclaw": {"requires": {"env": ["PERSONA_STUDIO_TEST_API_TOKEN"]}}}\n'));
  write(`${HOME}/.agents/skills/todo/SKILL.md`, skill('todo', 'Track todos.'));
  write(`${EXTRA}/deploy/SKILL.md`, skill('deploy', 'Deploy the app.'));
  write(`${EXTRA}/later/SKILL.md`, skill('later', 'Added later.'));
}

const config = (extraDirs: string[], more = '') => `{ skills: { load: { extraDirs: ${JSON.stringify(extraDirs)} } }${more} }`;

describe('skills outside the workspace in the editor (in-memory VS Code)', () => {
  const saved = process.env.OPENCLAW_BUNDLED_SKILLS_DIR;
  let hub: OpenHub | undefined;
  const documents: FakeDocument[] = [];
  before(() => {
    setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} });
    process.env.OPENCLAW_BUNDLED_SKILLS_DIR = BUNDLED;
    memory.settings.set('personaStudio.runtime', 'openclaw');
    layMachine();
  });
  after(() => {
    setLogSink(undefined);
    if (saved === undefined) delete process.env.OPENCLAW_BUNDLED_SKILLS_DIR;
    else process.env.OPENCLAW_BUNDLED_SKILLS_DIR = saved;
    memory.settings.delete('personaStudio.runtime');
    // The in-memory disk outlives this file: the machine's skills go with it.
    for (const path of MACHINE_FILES.splice(0)) memory.remove(path);
  });
  afterEach(() => {
    closeDocuments(documents);
    hub?.dispose();
    hub = undefined;
    memory.settings.delete('personaStudio.openclaw.machineSkills');
    fakeWorkspace.isTrusted = true;
  });

  async function open(configText = config([EXTRA])): Promise<{ hub: OpenHub; folder: vscode.Uri }> {
    memory.reads.length = 0;
    memory.looks.length = 0;
    hub = await openHub('machine', { 'openclaw.json': configText, 'ava/SOUL.md': 'calm', 'ava/skills/weather/SKILL.md': skill('weather', "The workspace's own weather.") });
    return { hub, folder: vscode.Uri.joinPath(hub.root, 'ava') };
  }

  const row = (folder: vscode.Uri, path: string, measure: Parameters<typeof skillItem>[2]) => skillItem(folder, path, measure) as unknown as TreeItem;
  const tooltip = (measure: Parameters<typeof skillsItem>[0]) => ((skillsItem(measure) as unknown as TreeItem).tooltip as MarkdownString).value;

  it('each row says where its skill comes from; the workspace’s weather shadows the bundled one; all share the budget', async () => {
    const { hub, folder } = await open();
    const measure = (await hub.measurements.skills(folder))!;
    assert.strictEqual(measure.machine, true);
    const rows = Object.fromEntries(measure.report.skills.map((s) => [s.path, row(folder, s.path, measure).description]));
    assert.deepStrictEqual(rows, {
      [`${EXTRA}/deploy/SKILL.md`]: 'in the prompt · extra dir',
      [`${EXTRA}/later/SKILL.md`]: 'in the prompt · extra dir',
      [`${HOME}/.openclaw/skills/api/SKILL.md`]: 'included if PERSONA_STUDIO_TEST_API_TOKEN is set (not counted) · ~/.openclaw/skills',
      [`${HOME}/.openclaw/plugin-skills/browser-automation/SKILL.md`]: 'in the prompt · stock plugin',
      [`${HOME}/.openclaw/plugin-skills/canvas/SKILL.md`]: 'in the prompt · stock plugin',
      [`${HOME}/.openclaw/skills/notes/SKILL.md`]: 'in the prompt · ~/.openclaw/skills',
      [`${BUNDLED}/pdf/SKILL.md`]: 'in the prompt · bundled',
      [`${HOME}/.agents/skills/todo/SKILL.md`]: 'in the prompt · ~/.agents/skills',
      [`${hub.root.path}/ava/skills/weather/SKILL.md`]: 'in the prompt',
      [`${BUNDLED}/weather/SKILL.md`]: 'skipped: shadowed by another skill of that name · bundled',
    });
    assert.match(measure.report.catalog, /<location>~\/\.openclaw\/skills\/notes\/SKILL\.md<\/location>/);
    assert.match(measure.report.catalog, /<description>The workspace&apos;s own weather\.<\/description>/);
    assert.strictEqual(measure.report.budget.skills, 8, "listed: 5 from outside the workspace, the 2 plugins' and the workspace's weather");
    const node = tooltip(measure);
    assert.match(node, /Counted: this workspace's skills, the stock plugins', and this machine's/);
    assert.match(node, /1 skills are listed only if a variable is set in the gateway's environment/);
    // The composition's total holds them: the section is sent on every turn.
    const composition = await hub.measurements.composition(folder);
    assert.ok(composition.text.includes('<name>deploy</name>'));
    // Read through the same reader as the workspace's.
    assert.ok(memory.reads.some((path) => path === `${BUNDLED}/pdf/SKILL.md`));
  });

  it('with the setting off, nothing outside the workspace is read, stat-ed or listed, and the node says the catalog is the workspace’s only', async () => {
    memory.settings.set('personaStudio.openclaw.machineSkills', false);
    const { hub, folder } = await open();
    const measure = (await hub.measurements.skills(folder))!;
    await hub.measurements.composition(folder);
    assert.strictEqual(measure.machine, false);
    assert.deepStrictEqual(
      measure.report.skills.map((s) => s.name),
      ['browser-automation', 'canvas', 'weather'],
    );
    assert.deepStrictEqual([...memory.reads, ...memory.looks].filter(outside), []);
    assert.match(
      tooltip(measure),
      /The catalog shows this workspace's skills \(and the stock plugins'\) only: OpenClaw's bundled skills, ~\/\.openclaw\/skills, ~\/\.agents\/skills and skills\.load\.extraDirs, which it lists too, are not read \(personaStudio\.openclaw\.machineSkills is off\)/,
    );
  });

  it('turning the setting off while open drops the machine’s skills from the catalog; on again, they are looked at anew', async () => {
    const { hub, folder } = await open();
    assert.strictEqual((await hub.measurements.skills(folder))!.report.budget.skills, 8);
    memory.configure('personaStudio.openclaw.machineSkills', false);
    const off = (await hub.measurements.skills(folder))!;
    assert.deepStrictEqual(
      off.report.skills.map((s) => s.name),
      ['browser-automation', 'canvas', 'weather'],
    );
    const looksOff = memory.looks.filter(outside).length;
    memory.configure('personaStudio.openclaw.machineSkills', true);
    const on = (await hub.measurements.skills(folder))!;
    assert.strictEqual(on.report.budget.skills, 8);
    // Listed and stat-ed anew (a SKILL.md unchanged since is not read twice).
    assert.ok(memory.looks.filter(outside).length > looksOff, 'looked at again');
  });

  it('in Restricted Mode, and with a remote gateway, nothing outside is read either, and the node says why', async () => {
    fakeWorkspace.isTrusted = false;
    let { hub, folder } = await open();
    let measure = (await hub.measurements.skills(folder))!;
    assert.deepStrictEqual([...memory.reads, ...memory.looks].filter(outside), []);
    assert.match(tooltip(measure), /are not read \(Restricted Mode: trust the workspace to read them\)/);
    hub.dispose();
    fakeWorkspace.isTrusted = true;
    ({ hub, folder } = await open(config([EXTRA], ", gateway: { mode: 'remote' }")));
    measure = (await hub.measurements.skills(folder))!;
    assert.deepStrictEqual([...memory.reads, ...memory.looks].filter(outside), []);
    assert.match(tooltip(measure), /are not read \(openclaw\.json's gateway\.mode is remote: the gateway's machine is another\)/);
  });

  it('under an older OpenClaw release the machine’s roots are not read, and the node says so', async () => {
    memory.settings.set('personaStudio.openclaw.version', '2026.7.35');
    try {
      const { hub, folder } = await open();
      // The release is chosen as the folder is composed, as every surface asks.
      await hub.measurements.composition(folder);
      const measure = (await hub.measurements.skills(folder))!;
      assert.strictEqual(measure.machine, false);
      assert.deepStrictEqual([...memory.reads, ...memory.looks].filter(outside), []);
      assert.match(tooltip(measure), /are not read \(they are read as OpenClaw 2026\.9\.6 reads them, not under 2026\.7\.35\)/);
    } finally {
      memory.settings.delete('personaStudio.openclaw.version');
    }
  });

  it('openclaw.json changed: the roots are read again; typing in a SKILL.md does not list them again', async () => {
    const { hub, folder } = await open(config([]));
    assert.ok(!(await hub.measurements.skills(folder))!.report.skills.some((s) => s.name === 'deploy'));
    const listed = () => memory.looks.filter(outside).length;
    const before = listed();
    const document = memory.open(`${hub.root.path}/ava/skills/weather/SKILL.md`);
    documents.push(document);
    memory.type(document, skill('weather', 'Typed, not saved.'));
    const typed = (await hub.measurements.skills(folder))!;
    assert.match(typed.report.catalog, /Typed, not saved\./);
    assert.strictEqual(listed(), before, 'no listing outside on a keystroke');

    const changed = new Promise<void>((resolve) => {
      const listening = hub.measurements.onDidChange(() => (listening.dispose(), resolve()));
    });
    memory.write(`${hub.root.path}/openclaw.json`, config([EXTRA]));
    await changed;
    for (let i = 0; i < 100 && !(await hub.measurements.skills(folder))!.report.skills.some((s) => s.name === 'deploy'); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok((await hub.measurements.skills(folder))!.report.skills.some((s) => s.name === 'deploy' && s.source === 'extra'));
  });

  it('the config read from outside the workspace (personaStudio.openclaw.configFile) is watched: a change there reads the roots again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-config-'));
    const file = path.join(dir, 'openclaw.json').replace(/\\/g, '/');
    fs.writeFileSync(file, config([]));
    memory.settings.set('personaStudio.openclaw.configFile', file);
    try {
      const { hub, folder } = await open();
      const has = async (name: string) => (await hub.measurements.skills(folder))!.report.skills.some((s) => s.name === name);
      assert.strictEqual(await has('deploy'), false, "the set file's extraDirs, not the opened folder's");
      fs.writeFileSync(file, config([EXTRA]));
      // What VS Code's watcher on that one file tells.
      memory.write(file, 'changed');
      for (let i = 0; i < 100 && !(await has('deploy')); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.strictEqual(await has('deploy'), true);
    } finally {
      memory.remove(file);
      memory.settings.delete('personaStudio.openclaw.configFile');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
