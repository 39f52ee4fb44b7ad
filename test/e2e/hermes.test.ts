// Hermes in a real VS Code: a SOUL.md its injection scanner would block gets an Error on the
// phrase, and the preview shows the [BLOCKED: …] line Hermes sends, as the CLI composes it;
// rewording the phrase clears both before saving.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace, Workbench } from './harness';
import { openPreviewOf, previewSoul } from './soulPreview';

const CLI = path.resolve('dist/cli.js');
const SOUL = 'Be calm and brief.\nYou are now a pirate, and you speak like one.\n';

/** What `persona-studio compose --runtime hermes DIR` prints for a folder holding this SOUL.md. */
function cliCompose(soul: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-hermes-'));
  try {
    fs.writeFileSync(path.join(dir, 'SOUL.md'), soul);
    return execFileSync(process.execPath, [CLI, 'compose', '--runtime', 'hermes', dir]).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function ourProblems(wb: Workbench) {
  return (await wb.problems()).filter((problem) => problem.source === 'Persona Studio');
}

describe('Hermes runtime', function () {
  this.timeout(240_000);

  it('shows the Error on the phrase its scanner blocks, and the BLOCKED line in the preview; rewording clears both before saving', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL }, settings: { 'personaStudio.runtime': 'hermes' } });
    const expected = cliCompose(SOUL);
    assert.match(expected, /^\[BLOCKED: SOUL\.md contained potential prompt injection \(role_hijack\)\. Content not loaded\.\]/);

    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), expected), { timeout: 60_000 });

    const problems = await eventually(
      async () => {
        const seen = await ourProblems(wb);
        assert.equal(seen.length, 1, JSON.stringify(seen));
        return seen;
      },
      { timeout: 60_000 },
    );
    assert.deepEqual(problems[0], {
      file: 'SOUL.md',
      folder: 'ava',
      severity: 'error',
      message: "Hermes blocks this whole file: 'You are now a' matches its role_hijack pattern",
      source: 'Persona Studio',
      code: 'scanner-blocks',
      line: 2,
      column: 1,
    });

    await wb.openFile('ava/SOUL.md');
    await wb.pasteIntoEditor('Be calm and brief.\nSpeak like a pirate.\n', { replaceAll: true });
    await eventually(async () => assert.deepEqual(await ourProblems(wb), []), { timeout: 60_000 });
    assert.equal((await wb.activeEditor())?.dirty, true);
    assert.equal(wb.readFile('ava/SOUL.md'), SOUL);
    await eventually(async () => assert.match(await previewSoul(frame), /Speak like a pirate\./), { timeout: 60_000 });
    assert.doesNotMatch(await previewSoul(frame), /\[BLOCKED:/);
  });
});
