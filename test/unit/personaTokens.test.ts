// PersonaTokens in an in-memory VS Code with the real token worker: a large first count shows
// a sampled estimate (marked) at once, then the exact count replaces it.
import assert from 'node:assert';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { PersonaTokens } from '../../src/extension/tokens/personaTokens';
import { tokenWorkerPath } from '../../src/extension/tokens/engine';

const root = path.resolve(__dirname, '../..');

describe('PersonaTokens (in-memory VS Code, real worker)', () => {
  it('shows a sampled estimate of a large first count, then the exact count', async () => {
    const workspace = memory.openWorkspace('/tokens-estimate') as unknown as vscode.Uri;
    const soul = 'You are Ava, calm and precise. Never guess; ask.\n'.repeat(12_000);
    memory.write(`${workspace.path}/ava/SOUL.md`, soul);
    const personas = new PersonaWorkspace();
    const measurements = new Measurements(personas);
    const tokens = new PersonaTokens(tokenWorkerPath(root));
    try {
      await personas.refresh('test');
      const folder = vscode.Uri.joinPath(workspace, 'ava');
      const composition = await measurements.composition(folder);
      const seen: { total: number; estimated: boolean }[] = [];
      const exact = new Promise<void>((resolve) => {
        tokens.onDidChange(() => {
          const counts = tokens.counts(folder)!;
          seen.push({ total: counts.total, estimated: counts.estimated === true });
          if (!counts.estimated) resolve();
        });
      });
      tokens.request(folder, composition);
      await exact;
      assert.strictEqual(seen.length, 2, JSON.stringify(seen));
      assert.strictEqual(seen[0].estimated, true);
      assert.deepStrictEqual(seen[1], { total: o200k.encode(composition.text).length, estimated: false });
      // The estimate was close: the samples are of the same prose.
      assert.ok(Math.abs(seen[0].total - seen[1].total) / seen[1].total < 0.05, JSON.stringify(seen));
      // Asked again for the same composition: nothing to count, the exact count stays.
      tokens.request(folder, composition);
      assert.strictEqual(tokens.counts(folder)?.estimated, undefined);
    } finally {
      tokens.dispose();
      measurements.dispose();
      personas.dispose();
    }
  });
});
