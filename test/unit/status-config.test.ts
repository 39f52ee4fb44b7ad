// The status bar hears of a changed openclaw.json or cron store from the hub, as the preview
// does, without an edit: the caps and runs a day it shows follow the files on disk.
import assert from 'node:assert';
import { FakeStatusBarItem, MarkdownString, memory, window as fakeWindow } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { PersonaStatusBar } from '../../src/extension/status/statusBar';
import { disposePreviewSessionModule } from '../../src/extension/preview/sessionModule';
import { setLogSink } from '../../src/extension/util/log';
import { closeDocuments, nextHubRoot, OpenHub, openHub } from './fake/hub';

const soul = 'Calm and precise. '.repeat(200); // 3,600 chars: over a 2,000 cap, under 5,000.
const config = (maxChars: number, extra = '') => `{ agents: { defaults: { bootstrapMaxChars: ${maxChars} } }${extra} }`;

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never came: ${what}`);
}

describe('the status bar follows openclaw.json and the cron store on disk (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }));
  after(() => setLogSink(undefined));
  let hub: OpenHub | undefined;
  let status: PersonaStatusBar | undefined;
  const documents = memory.documents;
  afterEach(() => {
    fakeWindow.showEditor(undefined);
    status?.dispose();
    hub?.dispose();
    status = hub = undefined;
    disposePreviewSessionModule();
    closeDocuments([...documents]);
    memory.settings.delete('personaStudio.runtime');
  });

  async function open(files: Record<string, string>): Promise<{ item: () => FakeStatusBarItem; root: vscode.Uri }> {
    memory.settings.set('personaStudio.runtime', 'openclaw');
    hub = await openHub('status', { 'ava/SOUL.md': soul, ...files });
    status = new PersonaStatusBar(hub.personas, hub.measurements);
    fakeWindow.showEditor(memory.open(`${hub.root.path}/ava/SOUL.md`));
    const item = () => fakeWindow.statusBarItems.find((shown) => shown.id === 'personaStudio.status')!;
    await until(() => (item()?.visible ? true : undefined), 'the status item');
    return { item, root: hub.root };
  }

  it('a cap changed in openclaw.json (agents.defaults) reaches the status bar without an edit', async () => {
    const { item, root } = await open({ 'openclaw.json': config(2000) });
    await until(() => (item().text.includes('SOUL.md 180.0 %') ? true : undefined), 'SOUL.md over the 2,000 cap');
    const before = item().text;
    memory.write(`${root.path}/openclaw.json`, config(5000));
    await until(() => (item().text !== before ? true : undefined), `a new status text after the cap changed (still "${before}")`);
    assert.match(item().text, /SOUL\.md 72\.0 %/);
    assert.strictEqual(item().backgroundColor, undefined);
  });

  it('a cron job changed in the cron store reaches the status tooltip without an edit', async () => {
    const root = nextHubRoot('status');
    const jobs = (expr: string) => JSON.stringify({ jobs: [{ id: 'digest', agentId: 'ava', schedule: { kind: 'cron', expr }, payload: { message: 'Write the digest.' } }] });
    const { item } = await open({
      'openclaw.json': JSON.stringify({ agents: { list: [{ id: 'ava', workspace: `${root}/ava`, heartbeat: { every: '30m' } }] } }),
      'cron/jobs.json': jobs('0 * * * *'),
    });
    const tooltip = () => (item().tooltip as MarkdownString | undefined)?.value ?? '';
    const cron = () => /Cron[^\n]*/.exec(tooltip())?.[0];
    const hourly = await until(() => (cron()?.includes('24 runs') ? cron() : undefined), `the hourly job in the tooltip:\n${tooltip()}`);
    memory.write(`${root}/cron/jobs.json`, jobs('*/30 * * * *'));
    await until(() => (cron()?.includes('48 runs') ? true : undefined), `the half-hourly job in the tooltip (still "${hourly}")`);
  });
});
