// Fidelity in the real VS Code: opening (not editing) a file that is not UTF-8, or has
// mixed line endings, leaves every counter, problem and the preview equal to what
// `persona-studio compose`/`check` (the built CLI) say of the same folder on disk.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FrameLocator } from 'playwright-core';
import { capShare, Composition, FileContent, formatMeasure, formatPercent, runtimeProfile, statusSummary, totalText } from '../../src/core';
import { statusTooltip } from './statusTooltip';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf, personaDescription } from './personaTree';

const CLI = path.resolve('dist/cli.js');
const CAP = 2_097_152;
const SLOW = { timeout: 90_000 };
const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';

/** windows-1252 "café" and "naïve", with CRLF, LF and a lone CR. */
const WINDOWS_1252 = Buffer.from('caf\xe9 au lait\r\nna\xefve\nthird\rfourth\r\n', 'latin1');
/** UTF-16LE with its BOM: the runtime reads it as UTF-8 noise. */
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hi, I am Sam.\r\nMetric units.\n', 'utf16le')]);
/** Just over the cap, with a lone CR and CRLFs before the cut: the cut's line counts them. */
const OVER = Buffer.concat([Buffer.from('caf\xe9\r\n' + 'x'.repeat(99) + '\r', 'latin1'), Buffer.from(('y'.repeat(99) + '\n').repeat(20_972)), Buffer.from('after the cut\r\n')]);

interface CliFile {
  name: string;
  status: string;
  size: number;
  kept: number;
  dropped: number;
  state: string;
  cut?: { line: number; column: number };
}

function cli(...args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
}

function cliCheck(dir: string): CliFile[] {
  let out: string;
  try {
    out = cli('check', '--json', dir);
  } catch (error) {
    out = String((error as { stdout: Buffer }).stdout); // exit 1: a file is over its cap
  }
  return JSON.parse(out).personas[0].files;
}

/** The core's composition of the folder's disk bytes: what the extension must show. */
function diskComposition(dir: string): Composition {
  const files = new Map<string, FileContent>();
  for (const name of fs.readdirSync(dir)) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, name)));
    files.set(name, { kind: 'bytes', bytes, size: bytes.byteLength });
  }
  return runtimeProfile('toolnexus').compose({ dir, files }, {});
}

function previewSoul(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
}

async function ourProblems(wb: Workbench) {
  return (await wb.problems()).filter((problem) => problem.source === 'Persona Studio');
}

/** A status text as the status bar shows it: icons removed. */
const shown = (text: string) => text.replace(/\$\([^)]*\)\s*/g, '');

async function status(wb: Workbench) {
  return (await wb.statusBarItems()).find((item) => item.id === STATUS_ID);
}

/** The tree descriptions of the persona and its files. */
async function treeCounters(wb: Workbench, names: readonly string[]): Promise<Record<string, string>> {
  const counters: Record<string, string> = {};
  counters.ava = (await personaDescription(wb, 'ava')) ?? '';
  for (const name of names) counters[name] = await descriptionOf(wb, 'ava', name);
  return counters;
}

describe('Fidelity: an opened file shows what the runtime reads', function () {
  this.timeout(400_000);

  it('windows-1252, UTF-16 and mixed line endings, opened, match compose and check everywhere', async () => {
    const wb = await openWorkspace({
      files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/MEMORY.md': WINDOWS_1252, 'ava/USER.md': UTF16, 'ava/TOOLS.md': OVER },
    });
    const dir = wb.path('ava');
    const expected = diskComposition(dir);
    const checked = cliCheck(dir);
    // The core's composition of the bytes is the CLI's, file by file.
    for (const file of checked) {
      const measure = expected.files.find((entry) => entry.name === file.name)!;
      assert.equal(measure.size, file.size, file.name);
      assert.equal(measure.droppedSize, file.dropped, file.name);
    }
    const tools = checked.find((file) => file.name === 'TOOLS.md')!;
    assert.equal(tools.state, 'over');
    assert.ok(tools.cut, 'check names the cut');
    const names = ['SOUL.md', 'MEMORY.md', 'USER.md', 'TOOLS.md'];
    const counters: Record<string, string> = { ava: totalText(expected) };
    for (const name of names) {
      const measure = expected.files.find((entry) => entry.name === name)!;
      const share = capShare(measure);
      counters[name] = `${formatMeasure(measure.size, 'bytes')}${share === undefined ? '' : ` · ${formatPercent(share)}`}`;
    }
    const cutProblem = { file: 'TOOLS.md', severity: 'error', code: 'cap-over', line: tools.cut!.line, column: tools.cut!.column };
    const problemsNow = async () => (await ourProblems(wb)).map(({ file, severity, code, line, column }) => ({ file, severity, code, line, column }));

    await wb.showContainer();
    await eventually(async () => assert.deepEqual(await treeCounters(wb, names), counters), SLOW);
    await eventually(async () => assert.deepEqual(await problemsNow(), [cutProblem]), SLOW);

    for (const name of ['MEMORY.md', 'USER.md', 'TOOLS.md']) {
      await wb.openFile(`ava/${name}`);
      const summary = statusSummary({ composition: expected, active: name });
      await eventually(async () => assert.equal((await status(wb))?.text, shown(summary.text)), SLOW);
      assert.equal((await wb.activeEditor())?.dirty, false);
      const tooltip = await statusTooltip(wb, STATUS_ID, 'Total');
      for (const row of summary.rows) assert.ok(tooltip.includes(`${row.name} ${row.size} ${row.share}`), `${row.name} ${row.size} ${row.share} in ${tooltip}`);
      assert.ok(tooltip.includes(summary.soul), `${summary.soul} in ${tooltip}`);
      await eventually(async () => assert.deepEqual(await treeCounters(wb, names), counters), SLOW);
      await eventually(async () => assert.deepEqual(await problemsNow(), [cutProblem]), SLOW);
    }

    // The preview of the persona, with all three open: the CLI's soul, character for character.
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const frame = await wb.webview('personaStudio.preview', SLOW);
    const soul = cli('compose', dir);
    await eventually(async () => assert.ok((await previewSoul(frame)) === soul, 'the preview shows what compose prints'), SLOW);
    // Nothing was written.
    assert.deepEqual(fs.readFileSync(path.join(dir, 'MEMORY.md')), WINDOWS_1252);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'USER.md')), UTF16);
  });

  it('multi-cursor edits, a change of line endings and an undo, unsaved, show what saving then writes', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'one\ntwo\nthree\n' } });
    const dir = wb.path('ava');
    await wb.openFile('ava/SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const frame = await wb.webview('personaStudio.preview', SLOW);
    const shows = (soul: string) => eventually(async () => assert.equal(await previewSoul(frame), `## SOUL.md\n\n${soul.trim()}`), SLOW);
    await shows('one\ntwo\nthree');

    // Three cursors: one edit event of three changes, then deletions across a surrogate pair.
    await wb.moveCursor('start');
    await wb.runCommand('Add Cursor Below');
    await wb.runCommand('Add Cursor Below');
    await wb.typeInEditor('é🦉 ');
    await shows('é🦉 one\né🦉 two\né🦉 three');
    await wb.page.keyboard.press('Backspace');
    await wb.page.keyboard.press('Backspace');
    await shows('éone\nétwo\néthree');
    await wb.page.keyboard.press('Escape');

    // Line endings changed in the editor: every line at once, with no text typed.
    await wb.runCommand('Change End of Line Sequence');
    await wb.pickQuickInputItem('CRLF');
    await shows('éone\r\nétwo\r\néthree');
    await wb.typeInEditor('theend', { at: 'end' });
    await shows('éone\r\nétwo\r\néthree\r\ntheend');
    await wb.focusEditor();
    await wb.page.keyboard.press('Control+Z');
    const soul = 'éone\r\nétwo\r\néthree\r\n';
    await shows(soul);
    const shown = await previewSoul(frame);
    assert.equal(wb.readFile('ava/SOUL.md'), 'one\ntwo\nthree\n', 'nothing saved yet');

    // Saved, the runtime reads those bytes: what the preview showed before the save.
    await wb.saveEditor();
    assert.equal(wb.readFile('ava/SOUL.md'), soul);
    assert.equal(cli('compose', dir), shown);
  });

  it('a MEMORY.md of exactly the cap ending in two 0xE9 bytes stays near when opened', async () => {
    const memory = Buffer.from(('m'.repeat(99) + '\n').repeat(Math.floor((CAP - 2) / 100)));
    const bytes = Buffer.concat([memory, Buffer.from('m'.repeat(CAP - 2 - memory.length)), Buffer.from([0xe9, 0xe9])]);
    assert.equal(bytes.length, CAP);
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/MEMORY.md': bytes } });
    const checked = cliCheck(wb.path('ava')).find((file) => file.name === 'MEMORY.md')!;
    assert.equal(checked.state, 'near');
    await wb.showContainer();
    const expected = `${formatMeasure(CAP, 'bytes')} · ${formatPercent(1)}`;
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'MEMORY.md'), expected), SLOW);
    await wb.openFile('ava/MEMORY.md');
    const summary = statusSummary({ composition: diskComposition(wb.path('ava')), active: 'MEMORY.md' });
    await eventually(async () => assert.equal((await status(wb))?.text, shown(summary.text)), SLOW);
    const problems = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen.length, 1, JSON.stringify(seen));
      return seen;
    }, SLOW);
    assert.equal(problems[0].severity, 'warning', problems[0].message);
    assert.equal(problems[0].code, 'cap-near');
    assert.equal(await descriptionOf(wb, 'ava', 'MEMORY.md'), expected);
    assert.equal((await wb.activeEditor())?.dirty, false);
  });
});
