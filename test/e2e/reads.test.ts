// Reads in the real VS Code: a file a runtime reads that is no persona file (Codex's
// AGENTS.override.md, above the persona folder) updates the persona when it changes,
// without a discovery walk. (How much a change reads is measured in scale.test.ts.)
import assert from 'node:assert/strict';
import { readPersonaInput, runtimeProfile, totalText } from '../../src/core';
import { extensionLog, logLines, WALK_LINE } from './extensionLog';
import { eventually, openWorkspace, untilWatched } from './harness';
import { personaDescription } from './personaTree';

const SLOW = { timeout: 90_000 };

describe('Reads: files a runtime reads beyond the persona files', function () {
  this.timeout(300_000);

  it("a change to a file a runtime reads that is no persona file (Codex's AGENTS.override.md, in a folder above) updates the persona, without a walk", async () => {
    const wb = await openWorkspace({
      files: { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.override.md': 'Root rules.\n', 'ava/AGENTS.md': 'Be concise.\n', 'ava/SOUL.md': 'You are Ava.\n' },
      settings: { 'personaStudio.runtime': 'codex' },
    });
    const codex = runtimeProfile('codex');
    const expected = () => totalText(codex.compose(readPersonaInput(wb.path('ava'), codex), {}));
    const personaRow = () => personaDescription(wb, 'ava');
    await wb.showContainer();
    const before = expected();
    await eventually(async () => assert.equal(await personaRow(), before), SLOW);
    const walks = logLines(wb, WALK_LINE).length;

    const rootRules = { 'AGENTS.override.md': 'Root rules, now a good deal longer than before.\n' };
    wb.writeFiles(rootRules);
    const after = expected();
    assert.notEqual(after, before);
    await untilWatched(
      () => wb.writeFiles(rootRules),
      async () => assert.equal(await personaRow(), after),
    );
    wb.writeFiles({ 'ava/AGENTS.override.md': 'Only this.\n' });
    const overridden = expected();
    assert.notEqual(overridden, after);
    await eventually(async () => assert.equal(await personaRow(), overridden), SLOW);
    assert.equal(logLines(wb, WALK_LINE).length, walks, extensionLog(wb));
  });
});
