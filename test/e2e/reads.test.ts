// Reads counted in the real VS Code: a change on disk to one file of a persona whose
// MEMORY.md is 100 MB reads that file only, at most cap + 1 bytes of MEMORY.md per
// change, and typing in SOUL.md reads nothing from disk. The extension counts its
// reads; the hidden command personaStudio._readStats logs them (run by a key binding).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { formatMeasure, formatPercent, readPersonaInput, runtimeProfile, totalText } from '../../src/core';
import { extensionLog, logLines, WALK_LINE } from './extensionLog';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf } from './personaTree';

const CAP = 2_097_152;
const HUGE = 100 * 1024 * 1024;
const SLOW = { timeout: 90_000 };
const READ_STATS_KEY = 'Control+Alt+Shift+F9';

type Reads = Record<string, { count: number; bytes: number }>;

/** Binds a key to the hidden command, in the run's user keybindings. */
function bindReadStats(wb: Workbench): void {
  const file = path.join(wb.server.userDataDir, 'User/keybindings.json');
  const bindings = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8') || '[]') as { command: string }[]) : [];
  if (bindings.some((binding) => binding.command === 'personaStudio._readStats')) return;
  bindings.push({ key: 'ctrl+alt+shift+f9', command: 'personaStudio._readStats' } as { command: string });
  fs.writeFileSync(file, JSON.stringify(bindings));
}

/** The extension's read counts now, by file name under the persona folder. */
async function readStats(wb: Workbench): Promise<Reads> {
  const lines = () => extensionLog(wb).split('\n').filter((line) => line.includes('Read stats: '));
  const before = lines().length;
  const line = await eventually(async () => {
    await wb.page.keyboard.press(READ_STATS_KEY);
    const seen = lines();
    assert.ok(seen.length > before, 'a new "Read stats" line in the log');
    return seen[seen.length - 1];
  }, SLOW);
  const { reads } = JSON.parse(line.slice(line.indexOf('Read stats: ') + 'Read stats: '.length)) as { reads: Reads };
  const byName: Reads = {};
  for (const [uri, count] of Object.entries(reads)) byName[decodeURIComponent(uri).split('/ava/').pop()!] = count;
  return byName;
}

const zero = { count: 0, bytes: 0 };

function sizeText(bytes: number): string {
  return `${formatMeasure(bytes, 'bytes')} · ${formatPercent(bytes / CAP)}`;
}

describe('Reads: a change costs one file, bounded', function () {
  this.timeout(300_000);

  it('a disk change reads only that file, at most cap + 1 bytes of a 100 MB MEMORY.md; typing reads nothing', async () => {
    const wb = await openWorkspace({
      files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/AGENTS.md': 'Be concise.\n', 'ava/MEMORY.md': Buffer.alloc(HUGE, 'm') },
    });
    bindReadStats(wb);
    await wb.showContainer();
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'MEMORY.md'), sizeText(HUGE)), SLOW);
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'AGENTS.md'), sizeText(12)), SLOW);
    const first = await readStats(wb);
    assert.ok(first['MEMORY.md'].bytes <= (CAP + 1) * first['MEMORY.md'].count, JSON.stringify(first));

    // AGENTS.md changes on disk: it alone is read again.
    wb.writeFiles({ 'ava/AGENTS.md': 'Be concise and kind.\n' });
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'AGENTS.md'), sizeText(21)), SLOW);
    const afterAgents = await readStats(wb);
    assert.ok(afterAgents['AGENTS.md'].count > first['AGENTS.md'].count, JSON.stringify(afterAgents));
    for (const name of Object.keys(afterAgents)) {
      if (name !== 'AGENTS.md') assert.deepEqual(afterAgents[name], first[name] ?? zero, `${name} was not read again`);
    }

    // MEMORY.md grows on disk: it alone is read again, at most cap + 1 bytes.
    fs.appendFileSync(wb.path('ava/MEMORY.md'), 'one more line\n');
    const afterMemory = await eventually(async () => {
      const reads = await readStats(wb);
      assert.ok(reads['MEMORY.md'].count > afterAgents['MEMORY.md'].count, JSON.stringify(reads));
      return reads;
    }, SLOW);
    assert.ok(afterMemory['MEMORY.md'].bytes - afterAgents['MEMORY.md'].bytes <= CAP + 1, JSON.stringify(afterMemory));
    for (const name of Object.keys(afterMemory)) {
      if (name !== 'MEMORY.md') assert.deepEqual(afterMemory[name], afterAgents[name] ?? zero, `${name} was not read again`);
    }

    // Typing in SOUL.md: the editor's text is the content; the disk is not read.
    await wb.openFile('ava/SOUL.md');
    const opened = await readStats(wb);
    await wb.typeInEditor(' Calm.', { at: 'end' });
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'SOUL.md'), `${sizeText(19)} ●`), SLOW);
    const typed = await readStats(wb);
    assert.deepEqual(typed, opened, 'typing read nothing from disk');
    // Nothing read MEMORY.md again late: two reads in all, each at most cap + 1 bytes.
    assert.ok(typed['MEMORY.md'].bytes <= 2 * (CAP + 1), JSON.stringify(typed));
  });

  it("a change to a file a runtime reads that is no persona file (Codex's AGENTS.override.md, in a folder above) updates the persona, without a walk", async () => {
    const wb = await openWorkspace({
      files: { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.override.md': 'Root rules.\n', 'ava/AGENTS.md': 'Be concise.\n', 'ava/SOUL.md': 'You are Ava.\n' },
      settings: { 'personaStudio.runtime': 'codex' },
    });
    const codex = runtimeProfile('codex');
    const expected = () => totalText(codex.compose(readPersonaInput(wb.path('ava'), codex), {}));
    const personaRow = async () => (await wb.treeRows()).find((row) => row.level === 1 && row.label === 'ava')?.description;
    await wb.showContainer();
    const before = expected();
    await eventually(async () => assert.equal(await personaRow(), before), SLOW);
    const walks = logLines(wb, WALK_LINE).length;

    wb.writeFiles({ 'AGENTS.override.md': 'Root rules, now a good deal longer than before.\n' });
    const after = expected();
    assert.notEqual(after, before);
    await eventually(async () => assert.equal(await personaRow(), after), SLOW);
    wb.writeFiles({ 'ava/AGENTS.override.md': 'Only this.\n' });
    const overridden = expected();
    assert.notEqual(overridden, after);
    await eventually(async () => assert.equal(await personaRow(), overridden), SLOW);
    assert.equal(logLines(wb, WALK_LINE).length, walks, extensionLog(wb));
  });
});
