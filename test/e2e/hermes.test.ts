// Hermes in a real VS Code: a SOUL.md its injection scanner would block gets an Error on the
// phrase, and the preview shows the [BLOCKED: …] line Hermes sends, as the CLI composes it;
// rewording the phrase (by hand or by the quick fix) clears both before saving. A memory entry
// gets its Error too. Of .hermes.md and AGENTS.md, only .hermes.md is read, and AGENTS.md says why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf } from './personaTree';
import { openPreviewOf, previewSoul } from './soulPreview';

const CLI = path.resolve('dist/cli.js');
const SOUL = 'Be calm and brief.\nYou are now a pirate, and you speak like one.\n';

/** What `persona-studio compose --runtime hermes DIR` prints for a folder holding these files (or this SOUL.md). */
function cliCompose(files: string | Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-hermes-'));
  try {
    for (const [name, text] of Object.entries(typeof files === 'string' ? { 'SOUL.md': files } : files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
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
  it('a memory entry its scanner trips shows its Error; the quick fix rewords "You are now a calm ops assistant", and the Error and BLOCKED line go before saving', async () => {
    const soul = 'Be calm and brief.\nYou are now a calm ops assistant.\n';
    const memory = 'Dana runs ops.\n§\nAlways check in with Dana first.\n';
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': soul, 'ava/memories/MEMORY.md': memory }, settings: { 'personaStudio.runtime': 'hermes' } });
    const expected = cliCompose({ 'SOUL.md': soul, 'memories/MEMORY.md': memory });
    assert.match(expected, /^\[BLOCKED: SOUL\.md contained potential prompt injection \(role_hijack\)\. Content not loaded\.\]/);
    assert.match(expected, /Dana runs ops\.\n§\n\[BLOCKED: MEMORY\.md entry contained threat pattern\(s\): c2_heartbeat\. /);

    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), expected), { timeout: 60_000 });
    const problems = await eventually(
      async () => {
        const seen = await ourProblems(wb);
        assert.equal(seen.length, 2, JSON.stringify(seen));
        return seen;
      },
      { timeout: 60_000 },
    );
    const error = { severity: 'error', source: 'Persona Studio', code: 'scanner-blocks' };
    assert.deepEqual(
      problems.find((problem) => problem.file === 'MEMORY.md'),
      {
        ...error,
        file: 'MEMORY.md',
        folder: 'ava/memories',
        message: "Hermes removes this memory entry from its prompt: 'check in with' matches its c2_heartbeat pattern",
        line: 3,
        column: 8,
      },
    );
    assert.deepEqual(
      problems.find((problem) => problem.file === 'SOUL.md'),
      {
        ...error,
        file: 'SOUL.md',
        folder: 'ava',
        message: "Hermes blocks this whole file: 'You are now a' matches its role_hijack pattern",
        line: 2,
        column: 1,
      },
    );

    await wb.openFile('ava/SOUL.md');
    await wb.moveCursor({ line: 2, column: 3 });
    await wb.applyQuickFix("Reword to 'You are a'");
    await eventually(
      async () =>
        assert.deepEqual(
          (await ourProblems(wb)).map((problem) => problem.file),
          ['MEMORY.md'],
        ),
      { timeout: 60_000 },
    );
    assert.equal(await wb.editorText(), 'Be calm and brief.\nYou are a calm ops assistant.\n');
    assert.equal((await wb.activeEditor())?.dirty, true);
    assert.equal(wb.readFile('ava/SOUL.md'), soul);
    await eventually(async () => assert.match(await previewSoul(frame), /^Be calm and brief\.\nYou are a calm ops assistant\.\n\n/), { timeout: 60_000 });
    assert.doesNotMatch(await previewSoul(frame), /\[BLOCKED: SOUL\.md/);
  });

  it('a project with .hermes.md and AGENTS.md shows only .hermes.md as loaded, and AGENTS.md as "not read: .hermes.md wins"', async () => {
    const files = { 'SOUL.md': 'Be calm.\n', '.hermes.md': 'Answer in English.\n', 'AGENTS.md': 'Be terse.\n' };
    const wb = await openWorkspace({
      files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])),
      settings: { 'personaStudio.runtime': 'hermes' },
    });
    const expected = cliCompose(files);
    assert.match(expected, /## \.hermes\.md\n\nAnswer in English\./);
    assert.doesNotMatch(expected, /Be terse/);

    await wb.showContainer();
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'AGENTS.md'), 'not read: .hermes.md wins'), { timeout: 60_000 });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), expected), { timeout: 60_000 });
    const notLoaded = await frame
      .locator('body')
      .evaluate(() => Array.from(document.querySelectorAll('.unsent[data-status="notLoaded"] .missing-name'), (name) => name.textContent ?? ''));
    assert.deepEqual(notLoaded, ['AGENTS.md (not read: .hermes.md wins)']);
  });
});
