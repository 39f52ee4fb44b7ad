// An OpenClaw persona's session kinds in the in-memory VS Code: the preview's own switch,
// every kind's tokens a run, the cost per day from the workspace's openclaw.json and cron
// store, and the last-run check against OpenClaw's own record (test/fixtures/openclaw-lastrun).
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { memory, window as fakeWindow } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { openHub, OpenHub } from './fake/hub';
import { openPreview } from './fake/preview';
import { checkLastRun, hasSqlite } from '../../src/extension/preview/lastRunCommand';
import { disposeSessions, kindTokens, sessionsOf } from '../../src/extension/preview/sessions';
import { costLines, sessionsMessage } from '../../src/extension/preview/sessionViews';
import { parseFromWebview, parseSessionsMessage, RenderMessage, SessionsMessage } from '../../src/webview/protocol';
import { setLogSink } from '../../src/extension/util/log';
import type { Composition } from '../../src/core';

const fixtures = path.join(__dirname, '../fixtures/openclaw-lastrun');
const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `check` until it passes (the preview's passes are asynchronous), at most 3 s. */
async function until(check: () => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return check();
    } catch (error) {
      if (tries > 60) throw error;
      await settle();
    }
  }
}

/** A workspace whose openclaw.json names `ava`'s folder as agent ava's workspace, heartbeat every 30m, and one hourly cron job. */
function agentFiles(root: string, heartbeat = '30m'): Record<string, string> {
  return {
    'openclaw.json': JSON.stringify({ agents: { list: [{ id: 'ava', workspace: `${root}/ava`, heartbeat: { every: heartbeat } }] } }),
    'cron/jobs.json': JSON.stringify({ jobs: [{ id: 'digest', agentId: 'ava', schedule: { kind: 'cron', expr: '0 * * * *' }, payload: { message: 'Write the digest.' } }] }),
  };
}

const PERSONA = {
  'ava/AGENTS.md': '# Rules\nBe brief.\n',
  'ava/SOUL.md': 'Calm and precise.\n',
  'ava/IDENTITY.md': '- Name: Ava\n',
  'ava/MEMORY.md': 'Sam likes tea.\n',
};

function preview(hub: OpenHub, folder: vscode.Uri) {
  const page = openPreview(hub, folder, { measurements: hub.measurements });
  return { ...page, sections: () => (page.last('render') as RenderMessage).sections.map((section) => section.meta.name) };
}

describe("an OpenClaw persona's sessions, cost per day and last run (in-memory VS Code)", () => {
  before(() => setLogSink({ info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }));
  after(() => setLogSink(undefined));
  let hub: OpenHub | undefined;
  beforeEach(() => memory.configure('personaStudio.runtime', 'openclaw'));
  afterEach(() => {
    disposeSessions();
    hub?.dispose();
    hub = undefined;
    for (const key of [
      'personaStudio.runtime',
      'personaStudio.tokens.prices',
      'personaStudio.openclaw.turnsPerDay',
      'personaStudio.openclaw.session',
      'personaStudio.openclaw.version',
    ])
      memory.settings.delete(key);
    fakeWindow.pick = undefined;
    fakeWindow.openDialog = undefined;
  });

  it('the switch is checked: only the five kinds are taken from the page', () => {
    assert.deepStrictEqual(parseFromWebview({ type: 'chooseSession', kind: 'cron' }), { type: 'chooseSession', kind: 'cron' });
    assert.strictEqual(parseFromWebview({ type: 'chooseSession', kind: 'everything' }), undefined);
    assert.strictEqual(parseSessionsMessage({ type: 'sessions', generation: 1, kinds: [] }), undefined);
  });

  it("derives another kind's tokens from the counted composition's files, exact for the counted one", () => {
    const file = (name: string, section: string) => ({ name, section }) as Composition['files'][number];
    const counted = { text: 'xx', files: [file('AGENTS.md', 'a'), file('MEMORY.md', 'm')] } as unknown as Composition;
    const cron = { text: 'x', files: [file('AGENTS.md', 'a'), file('MEMORY.md', '')] } as unknown as Composition;
    const counts = {
      composition: counted,
      files: new Map([
        ['AGENTS.md', 30],
        ['MEMORY.md', 12],
      ]),
      total: 50,
    };
    assert.deepStrictEqual(kindTokens(counted, counts), { tokens: 50, exact: true });
    // 8 tokens of preamble and separators, AGENTS.md's 30, no MEMORY.md.
    assert.deepStrictEqual(kindTokens(cron, counts), { tokens: 38, exact: false });
  });

  it('switching the preview to cron or sub-agent changes the files it shows; the setting stays the default', async () => {
    hub = await openHub('sessions', PERSONA);
    const folder = vscode.Uri.joinPath(hub.root, 'ava');
    const page = preview(hub, folder);
    await until(() => assert.ok(page.last('sessions')));
    // The stock plugins' skills section leads every kind's prompt.
    assert.deepStrictEqual(page.sections(), ['skills/', 'AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'MEMORY.md']);
    const sessions = page.last('sessions')!;
    assert.strictEqual(sessions.chosen, 'main');
    assert.match(sessions.switchLabel, /this preview; the setting says Main/);
    assert.deepStrictEqual(
      sessions.kinds.map((kind) => kind.kind),
      ['main', 'subagent', 'cron', 'group', 'heartbeat'],
    );
    page.say({ type: 'chooseSession', kind: 'cron' });
    await until(() => assert.deepStrictEqual(page.sections(), ['skills/', 'AGENTS.md', 'SOUL.md', 'IDENTITY.md']));
    await until(() => assert.strictEqual(page.last('sessions')!.chosen, 'cron'));
    assert.strictEqual(page.last('sessions')!.chosen, 'cron');
    assert.match(page.last('sessions')!.note, /No root MEMORY\.md/);
    assert.match(page.last('sessions')!.leavesOutText, /^Runs a day from: no openclaw\.json: heartbeats and cron jobs not counted\./);
    page.say({ type: 'chooseSession', kind: 'subagent' });
    await until(() => assert.deepStrictEqual(page.sections(), ['skills/', 'AGENTS.md']));
    page.say({ type: 'chooseSession', kind: 'heartbeat' });
    await until(() => assert.deepStrictEqual(page.sections(), ['skills/', 'AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'MEMORY.md']));
    await until(() => assert.strictEqual(page.last('sessions')!.chosen, 'heartbeat'));
    assert.match(page.last('sessions')!.note, /user message, not the system prompt/);
    assert.strictEqual(memory.settings.get('personaStudio.openclaw.session'), undefined, 'the setting is not written');
    // Under another runtime, the switch goes.
    memory.configure('personaStudio.runtime', 'toolnexus');
    page.session.refresh();
    await until(() => assert.deepStrictEqual(page.last('sessions')!.kinds, []));
    page.session.dispose();
  });

  it("runs a day come from the config's heartbeat and the cron store; with prices, dollars a day, in the preview and the status tooltip", async () => {
    hub = await openHub('cost', PERSONA);
    for (const [name, text] of Object.entries(agentFiles(hub.root.path))) memory.write(`${hub.root.path}/${name}`, text);
    const folder = vscode.Uri.joinPath(hub.root, 'ava');
    const deps = { measurements: hub.measurements, personas: hub.personas };
    const summary = (await sessionsOf({ ...deps, content: hub.personas.content }).summary(folder))!;
    const runs = Object.fromEntries(summary.cost.sessions.map((session) => [session.kind, session.runsPerDay]));
    assert.deepStrictEqual([runs.heartbeat, runs.cron, runs.main], [48, 24, 0]);
    assert.strictEqual(summary.cost.perDay.dollars, undefined);
    const heartbeat = summary.kinds.find((kind) => kind.kind === 'heartbeat')!;
    const main = summary.kinds.find((kind) => kind.kind === 'main')!;
    assert.ok(heartbeat.tokens > main.tokens, "a heartbeat is main's prompt and its user message");
    assert.ok(summary.kinds.find((kind) => kind.kind === 'cron')!.tokens < main.tokens, 'cron has no MEMORY.md');
    memory.configure('personaStudio.tokens.prices', { input: 3, cacheWrite: 3.75, cacheRead: 0.3 });
    memory.configure('personaStudio.openclaw.turnsPerDay', 20);
    const priced = (await sessionsOf(deps as never).summary(folder))!;
    assert.ok(priced.cost.perDay.dollars! > 0);
    assert.ok(priced.edit.dollars! > 0);
    const lines = await costLines(folder, deps);
    assert.match(lines[0], /^Per day: ≈ [\d,]+ tokens, ≈ \$/);
    assert.ok(lines.some((line) => /^Heartbeat: ≈ [\d,]+ tokens a run, 48 runs a day \(heartbeat every 30m\)/.test(line)));
    assert.ok(lines.some((line) => /tool schemas, conversation history and output tokens/.test(line)));
    assert.ok(lines.some((line) => /^An edit, once saved: the next runs write ≈ [\d,]+ tokens to the cache ≈ \$/.test(line)));
    const page = preview(hub, folder);
    await until(() => assert.ok(page.last('sessions')));
    const message = page.last('sessions') as SessionsMessage;
    assert.match(message.perDayText, /^Per day: ≈ [\d,]+ tokens, ≈ \$/);
    assert.match(message.editText, /^An edit, once saved/);
    assert.match(message.leavesOutText, /^Runs a day from: agent ava of \/cost\d+\/openclaw\.json\. Leaves out/);
    // Once a file of the prompt is saved, the line is that edit's.
    const soul = memory.open(`${folder.path}/SOUL.md`);
    memory.type(soul, 'Calm, precise and kind.\n');
    memory.save(soul);
    await until(() => assert.match(page.last('sessions')!.editText, /^This edit: the next runs write ≈ [\d,]+ tokens to the cache ≈ \$/));
    page.session.dispose();
  });

  it('with tokens off, shows the switch without a token or what they cost', async () => {
    hub = await openHub('tokensoff', PERSONA);
    for (const [name, text] of Object.entries(agentFiles(hub.root.path))) memory.write(`${hub.root.path}/${name}`, text);
    memory.configure('personaStudio.tokens.prices', { input: 3 });
    const folder = vscode.Uri.joinPath(hub.root, 'ava');
    const tokens = { settings: () => ({ encoding: undefined }), counts: () => undefined } as never;
    const summary = (await sessionsOf({ measurements: hub.measurements, content: hub.personas.content, tokens }).summary(folder))!;
    assert.strictEqual(summary.tokensOff, true);
    const message = sessionsMessage(0, 'main', 'main', summary, undefined);
    assert.deepStrictEqual(
      message.kinds.map((kind) => [kind.label, kind.tokensText, kind.perDayText]),
      [
        ['Main', '', ''],
        ['Sub-agent', '', ''],
        ['Cron', '', ''],
        ['Group chat', '', ''],
        ['Heartbeat', '', ''],
      ],
    );
    assert.deepStrictEqual([message.perDayText, message.editText], ['', '']);
    assert.doesNotMatch(JSON.stringify(message), /tokens?\b/);
    assert.deepStrictEqual(await costLines(folder, { measurements: hub.measurements, personas: hub.personas, tokens }), []);
  });

  it("checks the persona against OpenClaw's recorded run: the match, then after one unsaved edit the difference naming the file", async () => {
    const files: Record<string, string> = {};
    const workspace = path.join(fixtures, 'plain', 'workspace');
    for (const name of fs.readdirSync(workspace)) files[`plain/${name}`] = fs.readFileSync(path.join(workspace, name), 'utf8');
    memory.write('/reports/report.json', fs.readFileSync(path.join(fixtures, 'plain', 'report.json'), 'utf8'));
    memory.configure('personaStudio.openclaw.version', '2026.9.6');
    hub = await openHub('lastrun', files);
    const folder = vscode.Uri.joinPath(hub.root, 'plain');
    const opened: string[] = [];
    fakeWindow.pick = (items) => (items as { label: string }[]).find((item) => /report file/.test(item.label));
    fakeWindow.openDialog = () => [vscode.Uri.parse('memfs:///reports/report.json')];
    const previews = { source: {}, open: async (persona: { label: string }) => void opened.push(persona.label) };
    const before = fakeWindow.messages.length;
    await checkLastRun(folder, { measurements: hub.measurements, personas: hub.personas, previews });
    assert.deepStrictEqual(opened, ['plain']);
    assert.match(fakeWindow.messages.slice(before).join('\n'), /plain: matches OpenClaw's run of 2026-12-01 12:00 UTC/);
    const page = preview(hub, folder);
    await until(() => assert.ok(page.last('sessions')));
    assert.match(page.last('sessions')!.lastRunText, /^Last run \(report\.json\): matches OpenClaw's run of 2026-12-01 12:00 UTC$/);
    assert.strictEqual(page.last('sessions')!.lastRunMatches, true);
    const identity = memory.open(`${folder.path}/IDENTITY.md`);
    memory.type(identity, `${files['plain/IDENTITY.md']}- Vibe: calm\n`);
    await until(() => assert.match(page.last('sessions')!.lastRunText, /differs/));
    assert.match(page.last('sessions')!.lastRunText, /differs from OpenClaw's run of 2026-12-01 12:00 UTC: IDENTITY\.md \(rawChars: run 35, now 48\)/);
    assert.strictEqual(page.last('sessions')!.lastRunMatches, false);
    page.session.dispose();
  });

  it('checks the skill catalog under the release the persona is measured as: a run of 2026.9.6 differs in its skills from the persona as 2026.8.2', async () => {
    const files: Record<string, string> = {};
    const workspace = path.join(fixtures, 'plain', 'workspace');
    for (const name of fs.readdirSync(workspace)) files[`plain/${name}`] = fs.readFileSync(path.join(workspace, name), 'utf8');
    memory.write('/reports/report.json', fs.readFileSync(path.join(fixtures, 'plain', 'report.json'), 'utf8'));
    memory.configure('personaStudio.openclaw.version', '2026.8.2');
    hub = await openHub('lastrunrelease', files);
    const folder = vscode.Uri.joinPath(hub.root, 'plain');
    fakeWindow.pick = (items) => (items as { label: string }[]).find((item) => /report file/.test(item.label));
    fakeWindow.openDialog = () => [vscode.Uri.parse('memfs:///reports/report.json')];
    const previews = { source: {}, open: async () => undefined };
    await checkLastRun(folder, { measurements: hub.measurements, personas: hub.personas, previews });
    const result = (await sessionsOf({ measurements: hub.measurements, content: hub.personas.content }).lastRun(folder))!;
    const live = (await hub.measurements.skills(folder))!;
    assert.strictEqual(live.openclawRelease, '2026.8.2');
    assert.strictEqual(result.matches, false);
    assert.match(result.summary, /^differs from OpenClaw's run of 2026-12-01 12:00 UTC: skills \(hash: run [0-9a-f]+…, now [0-9a-f]+…/);
  });

  it('says plainly what a picked file lacks, and that the session store needs node:sqlite or the local disk', async () => {
    hub = await openHub('lastrunbad', PERSONA);
    const folder = vscode.Uri.joinPath(hub.root, 'ava');
    memory.write('/reports/run.json', fs.readFileSync(path.join(fixtures, 'run.json'), 'utf8'));
    fakeWindow.pick = (items) => items[0];
    fakeWindow.openDialog = () => [vscode.Uri.parse('memfs:///reports/run.json')];
    const previews = { source: {}, open: async () => undefined };
    const before = fakeWindow.messages.length;
    await checkLastRun(folder, { measurements: hub.measurements, personas: hub.personas, previews });
    assert.match(fakeWindow.messages.slice(before).join('\n'), /^Last-run check: run\.json holds no systemPromptReport/);
    let detail = '';
    fakeWindow.pick = (items) => void (detail = (items[1] as { detail: string }).detail);
    await checkLastRun(folder, { measurements: hub.measurements, personas: hub.personas, previews });
    assert.match(
      detail,
      hasSqlite(process.versions.node)
        ? /read-only, with node:sqlite$/
        : new RegExp(`^Not in this VS Code: .*needs node:sqlite \\(Node 22\\.5 or later\\), and its Node is ${process.versions.node}$`),
    );
    assert.deepStrictEqual(['20.19.1', '22.4.0', '22.5.0', '24.1.0'].map(hasSqlite), [false, false, true, true]);
  });
});
