// Problems in the in-memory VS Code: a file over its cap on disk has its Problem without being
// opened, and loses it when the file is deleted (a runtime's other file names are looked at too).
import assert from 'node:assert';
import { diagnostics, memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { CapDiagnostics } from '../../src/extension/problems/capDiagnostics';
import { DIAGNOSTIC_SOURCE } from '../../src/extension/problems/fileProblems';
import { setLogSink } from '../../src/extension/util/log';
import { openHub, OpenHub } from './fake/hub';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`never: ${what}`);
}

describe('Problems of files on disk (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }));
  after(() => setLogSink(undefined));
  let hub: OpenHub | undefined;
  afterEach(() => {
    hub?.dispose();
    hub = undefined;
    memory.settings.delete('personaStudio.runtime');
  });

  for (const [runtime, name, size] of [
    ['toolnexus', 'TOOLS.md', 2 * 1024 * 1024 + 10],
    ['openclaw', 'SOUL.md', 30_000],
    ['hermes', 'SOUL.md', 30_000],
  ] as const) {
    it(`a file over its cap, deleted on disk, loses its Problem (${runtime})`, async () => {
      memory.configure('personaStudio.runtime', runtime);
      hub = await openHub('cap-problems', { 'ava/AGENTS.md': 'Be concise.\n', [`ava/${name}`]: 'x'.repeat(size) });
      const problems = new CapDiagnostics(hub.personas, hub.measurements);
      try {
        const soul = vscode.Uri.joinPath(hub.root, 'ava', name);
        const shown = () => diagnostics.get(DIAGNOSTIC_SOURCE)?.get(soul.toString()) ?? [];
        await until(() => shown().length > 0, `a Problem on ${name}`);
        memory.remove(soul.path);
        await until(() => shown().length === 0, 'the Problem gone with the file');
      } finally {
        problems.dispose();
      }
    });
  }
});
