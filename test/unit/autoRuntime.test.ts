// The runtime chooses itself: a folder that is an OpenClaw agent workspace (its state file,
// or the config's agent list) defaults to openclaw unless personaStudio.runtime is set.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { runtimeId } from '../../src/extension/model/config';
import { setLogSink } from '../../src/extension/util/log';
import { nextHubRoot, openHub } from './fake/hub';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

async function open(files: Record<string, string>) {
  const hub = await openHub('auto', files);
  await settle();
  return { ...hub, folder: vscode.Uri.joinPath(hub.root, 'ava') };
}

describe('the runtime chooses itself (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }));
  after(() => setLogSink(undefined));
  let current: { dispose(): void } | undefined;
  afterEach(() => {
    current?.dispose();
    current = undefined;
    memory.settings.delete('personaStudio.runtime');
    memory.settings.delete('personaStudio.openclaw.configFile');
  });

  it('a folder without any sign of OpenClaw keeps the default runtime, and says no reason', async () => {
    const hub = (current = await open({ 'ava/SOUL.md': 'calm' }));
    assert.strictEqual(runtimeId(hub.folder), 'toolnexus');
    assert.strictEqual(hub.measurements.runtimeWhy(hub.folder), undefined);
  });

  it('the state file makes the folder openclaw; removing it goes back', async () => {
    const hub = (current = await open({ 'ava/SOUL.md': 'calm', 'ava/.openclaw/workspace-state.json': '{"version":1}' }));
    assert.strictEqual(runtimeId(hub.folder), 'openclaw');
    assert.strictEqual(hub.measurements.runtimeWhy(hub.folder), 'OpenClaw workspace: .openclaw/workspace-state.json');
    const changes: string[] = [];
    hub.measurements.onDidChange(({ folder }) => changes.push(folder.path));
    memory.remove(`${hub.folder.path}/.openclaw/workspace-state.json`);
    assert.strictEqual(runtimeId(hub.folder), 'toolnexus');
    assert.ok(changes.includes(hub.folder.path), 'the folder is measured again');
  });

  it('a state file written later makes the folder openclaw', async () => {
    const hub = (current = await open({ 'ava/SOUL.md': 'calm' }));
    assert.strictEqual(runtimeId(hub.folder), 'toolnexus');
    memory.write(`${hub.folder.path}/.openclaw/workspace-state.json`, '{}');
    assert.strictEqual(runtimeId(hub.folder), 'openclaw');
  });

  it('an explicit setting wins over the state file, and says it is set in settings', async () => {
    memory.settings.set('personaStudio.runtime', 'hermes');
    const hub = (current = await open({ 'ava/SOUL.md': 'calm', 'ava/.openclaw/workspace-state.json': '{}' }));
    assert.strictEqual(runtimeId(hub.folder), 'hermes');
    assert.strictEqual(hub.measurements.runtimeWhy(hub.folder), 'set in settings');
    memory.configure('personaStudio.runtime', 'toolnexus');
    assert.strictEqual(runtimeId(hub.folder), 'toolnexus', 'the default value set explicitly is a choice too');
  });

  it("a workspace listed as an agent's in the configured openclaw.json makes the folder openclaw", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auto-runtime-'));
    const config = path.join(dir, 'openclaw.json');
    const root = nextHubRoot('auto');
    fs.writeFileSync(
      config,
      JSON.stringify({
        agents: {
          list: [
            { id: 'main', default: true, identity: { name: 'Ava' }, workspace: `${root}/ava` },
            { id: 'ops', workspace: `${root}/ops` },
          ],
        },
      }),
    );
    memory.settings.set('personaStudio.openclaw.configFile', config);
    const hub = (current = await open({ 'ava/SOUL.md': 'calm', 'other/SOUL.md': 'calm' }));
    await settle();
    assert.strictEqual(runtimeId(hub.folder), 'openclaw');
    assert.strictEqual(hub.measurements.runtimeWhy(hub.folder), 'OpenClaw workspace of agent Ava (main)');
    assert.strictEqual(runtimeId(vscode.Uri.joinPath(hub.root, 'other')), 'toolnexus', 'a folder no agent has');
  });
});
