// Runtime profiles in the real VS Code: switching a persona to OpenClaw changes every
// surface to what OpenClaw injects (the tree, Problems over exactly the dropped middle,
// the dimmed text and the note in the editor, the status bar), typing moves them all
// before saving, and switching back to toolnexus restores today's view.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Composition, FileContent, FileMeasure, formatBytes, formatCount, formatPercent, lineAndColumn, runtimeProfile } from '../../src/core';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf as description, personaDescription } from './personaTree';

const SLOW = { timeout: 60_000 };
const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';
const RUNTIME_ID = 'persona-studio.persona-studio.personaStudio.runtime';
/** 300 numbered lines of 100 characters: 30,000 chars, over OpenClaw's 20,000 per file. */
const SOUL = Array.from({ length: 300 }, (_, i) => `${String(i + 1).padStart(3, '0')} ${'calm and precise '.repeat(6).slice(0, 95)}\n`).join('');
const AGENTS = 'Be concise.\n';
const TOOLS = 'grep\n';
/** Opacity of the dimmed text (DROPPED_OPACITY in dropDecorations.ts). */
const DIMMED = '0.45';

/** What OpenClaw's profile makes of the persona, with SOUL.md's text as given. */
function openclawOf(wb: Workbench, soul: string): Composition {
  const dir = wb.path('ava');
  const files = new Map<string, FileContent>();
  for (const name of fs.readdirSync(dir)) {
    const bytes = new Uint8Array(fs.readFileSync(`${dir}/${name}`));
    files.set(name, { kind: 'bytes', bytes, size: bytes.byteLength });
  }
  files.set('SOUL.md', { kind: 'text', text: soul });
  return runtimeProfile('openclaw').compose({ dir, files }, { workspacePath: dir });
}

function soulOf(composition: Composition): FileMeasure {
  const soul = composition.files.find((file) => file.name === 'SOUL.md');
  assert.ok(soul);
  return soul;
}

async function ourProblems(wb: Workbench) {
  return (await wb.problems()).filter((problem) => problem.source === 'Persona Studio');
}

async function statusText(wb: Workbench, id: string): Promise<string | undefined> {
  return (await wb.statusBarItems()).find((item) => item.id === id)?.text;
}

/** The CodeLens texts of the active editor. */
async function codeLenses(wb: Workbench): Promise<string[]> {
  return wb.page
    .locator('.editor-group-container.active .monaco-editor .codelens-decoration')
    .evaluateAll((lenses) => lenses.map((lens) => (lens.textContent ?? '').trim()).filter((text) => text !== ''));
}

/** Numbers of the rendered lines of the active editor holding dimmed text (each SOUL.md line starts with its number). */
async function dimmedLines(wb: Workbench, opacity: string): Promise<number[]> {
  return wb.page
    .locator('.editor-group-container.active .monaco-editor .view-lines')
    .first()
    .evaluate((lines, wanted) => {
      return Array.from(lines.querySelectorAll('.view-line'))
        .filter((line) => Array.from(line.querySelectorAll('span span')).some((span) => getComputedStyle(span).opacity === wanted))
        .map((line) => Number((line.textContent ?? '').replace(/\u00a0/g, ' ').slice(0, 3)))
        .sort((a, b) => a - b);
    }, opacity);
}

async function chooseRuntime(wb: Workbench, label: string): Promise<void> {
  await wb.runCommand('Persona: Choose Runtime…');
  await wb.pickQuickInputItem(label);
}

describe('Runtime profiles', function () {
  // A 30,000-char file typed into in a browser editor, on a machine other suites share.
  this.timeout(300_000);

  it('switched to OpenClaw, every surface shows what it injects and drops, follows typing, and switching back restores toolnexus', async () => {
    // The stock plugins' skills off: the totals here are the Project Context's (skills.test.ts counts the section).
    const wb = await openWorkspace({ files: { 'ava/AGENTS.md': AGENTS, 'ava/SOUL.md': SOUL, 'ava/TOOLS.md': TOOLS }, settings: { 'personaStudio.openclaw.pluginSkills': false } });
    await wb.showContainer();
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), '29.3 KB · 1.4 %'), SLOW);
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.equal(await statusText(wb, RUNTIME_ID), 'toolnexus'), SLOW);

    await chooseRuntime(wb, runtimeProfile('openclaw').label);
    const before = openclawOf(wb, SOUL);
    const measure = soulOf(before);
    assert.equal(measure.status, 'cut');
    assert.equal(measure.dropped.length, 1, 'OpenClaw drops the middle of SOUL.md');

    // The tree: SOUL.md in chars against its 20,000 cap, TOOLS.md not loaded, IDENTITY.md a marker.
    // OpenClaw's own size of a file: its text without trailing white space (29,999 here).
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), `${formatCount(measure.size)} chars · ${formatPercent(measure.size / 20_000)}`), SLOW);
    assert.equal(await description(wb, 'ava', 'TOOLS.md'), 'not loaded by OpenClaw · doctor --fix: into AGENTS.md');
    assert.equal(await description(wb, 'ava', 'HEARTBEAT.md'), 'missing · not loaded by OpenClaw');
    assert.equal(await description(wb, 'ava', 'IDENTITY.md'), 'missing · marker sent');
    assert.equal(await description(wb, 'ava', 'AGENTS.md'), '11 chars · <0.1 %', "'Be concise.' without its line break");
    assert.equal(await personaDescription(wb, 'ava'), `${formatCount(before.total.size)} of 60,000 chars`);

    // The status bar: the total against the 60,000 budget, SOUL.md's share, red; the runtime by name.
    await eventually(async () => assert.equal(await statusText(wb, RUNTIME_ID), 'OpenClaw'));
    await eventually(async () =>
      assert.equal(await statusText(wb, STATUS_ID), `OpenClaw ${formatCount(before.total.size)} of 60,000 chars · SOUL.md ${formatPercent(measure.size / 20_000)}`),
    );

    // Problems: one entry, starting where the dropped middle starts...
    const start = lineAndColumn(SOUL, measure.dropped[0].start);
    const problems = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen.length, 1, JSON.stringify(seen));
      return seen;
    }, SLOW);
    assert.deepEqual(
      { file: problems[0].file, severity: problems[0].severity, code: problems[0].code, line: problems[0].line, column: problems[0].column },
      { file: 'SOUL.md', severity: 'error', code: 'cap-over', line: start.line + 1, column: start.column + 1 },
    );
    assert.ok(problems[0].message.includes(measure.note!), problems[0].message);
    // ...and ending where it ends: the quick fix (offered inside the entry) selects exactly the dropped text.
    const middle = lineAndColumn(SOUL, Math.floor((measure.dropped[0].start + measure.dropped[0].end) / 2)).line + 1;
    await wb.focusEditor();
    await wb.moveCursor({ line: middle });
    await wb.applyQuickFix('Select what the runtime drops');
    const droppedChars = measure.dropped[0].end - measure.dropped[0].start;
    await eventually(async () =>
      assert.equal(await wb.page.locator('[id="status.editor.selection"]').textContent(), `Ln ${start.line + 1}, Col ${start.column + 1} (${droppedChars} selected)`),
    );

    // The editor: the note above the file, and the dropped lines dimmed (the kept ones not).
    await wb.moveCursor('start');
    await eventually(async () => assert.deepEqual(await codeLenses(wb), [measure.note]), SLOW);
    assert.deepEqual(await dimmedLines(wb, DIMMED), [], 'the head is sent: nothing dimmed at the top');
    await wb.moveCursor({ line: middle });
    await eventually(async () => assert.ok((await dimmedLines(wb, DIMMED)).includes(middle), `line ${middle} is dimmed`));

    // Typing at the top, before saving, moves all of it.
    await wb.typeInEditor('Hi! ', { at: 'start' });
    const typed = 'Hi! ' + SOUL;
    const after = soulOf(openclawOf(wb, typed));
    assert.notEqual(after.note, measure.note);
    const moved = lineAndColumn(typed, after.dropped[0].start);
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), `${formatCount(after.size)} chars · ${formatPercent(after.size / 20_000)} ●`), SLOW);
    await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.deepEqual(
        seen.map((problem) => [problem.line, problem.column]),
        [[moved.line + 1, moved.column + 1]],
      );
      assert.ok(seen[0].message.includes(after.note!), seen[0].message);
    }, SLOW);
    await wb.focusEditor();
    await wb.moveCursor('start');
    await eventually(async () => assert.deepEqual(await codeLenses(wb), [after.note]), SLOW);
    assert.equal((await wb.activeEditor())?.dirty, true);
    assert.equal(wb.readFile('ava/SOUL.md'), SOUL, 'nothing was saved');
    await wb.moveCursor({ line: middle });
    await eventually(async () => assert.ok((await dimmedLines(wb, DIMMED)).includes(middle), `line ${middle} is still dimmed`));

    // Back to toolnexus: today's view, with the typed text counted in bytes.
    await chooseRuntime(wb, runtimeProfile('toolnexus').label);
    const bytes = Buffer.byteLength(typed);
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), `${formatBytes(bytes)} · ${formatPercent(bytes / 2_097_152)} ●`), SLOW);
    assert.equal(await description(wb, 'ava', 'TOOLS.md'), '5 B · <0.1 %');
    assert.equal(await description(wb, 'ava', 'IDENTITY.md'), 'missing');
    await eventually(async () => assert.deepEqual(await ourProblems(wb), []), SLOW);
    await eventually(async () => assert.equal(await statusText(wb, RUNTIME_ID), 'toolnexus'));
    await eventually(async () => assert.match((await statusText(wb, STATUS_ID)) ?? '', /^Soul [\d.]+ KB · SOUL\.md 1\.4 %$/));
    await wb.focusEditor();
    await eventually(async () => assert.deepEqual(await dimmedLines(wb, DIMMED), []));
    await wb.moveCursor('start');
    await eventually(async () => assert.deepEqual(await codeLenses(wb), []));
  });
});
