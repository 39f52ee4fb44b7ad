// Cap warnings while typing: the Problems panel and the status bar tell the user, before
// saving, when a bootstrap file nears or passes its cap and exactly where the runtime
// cuts it; a mis-cased bootstrap file is flagged and renamed by a quick fix that never
// overwrites.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually, openWorkspace, Problem, Workbench } from './harness';

const CAP = 2_097_152;
const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';
const NOTICE = '[truncated: exceeds 2 MB bootstrap cap]';
const SLOW = { timeout: 90_000 };

/** `lines` lines of 99 letters and a newline: 100 bytes each. */
function block(letter: string, lines: number): string {
  return (letter.repeat(99) + '\n').repeat(lines);
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

async function ourProblems(wb: Workbench): Promise<Problem[]> {
  return (await wb.problems()).filter((problem) => problem.source === 'Persona Studio');
}

async function personaStatus(wb: Workbench) {
  return (await wb.statusBarItems()).find((item) => item.id === STATUS_ID);
}

/** Which of the theme's status-bar colours the item shows. */
async function statusColour(wb: Workbench): Promise<'error' | 'warning' | 'none'> {
  return wb.page.locator(`[id="${STATUS_ID}"]`).evaluate((item) => {
    const resolve = (variable: string) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = `var(${variable})`;
      // The theme's variables are defined on the workbench, not on the document.
      item.parentElement!.appendChild(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    };
    const transparent = 'rgba(0, 0, 0, 0)';
    const shown = [item, ...Array.from(item.children)].map((element) => getComputedStyle(element).backgroundColor).filter((colour) => colour !== transparent);
    if (shown.includes(resolve('--vscode-statusBarItem-errorBackground'))) return 'error';
    if (shown.includes(resolve('--vscode-statusBarItem-warningBackground'))) return 'warning';
    return 'none';
  });
}

/**
 * Opens a workspace whose persona files are all closed, and opens the Persona Studio
 * view as a user would: on a busy machine VS Code's `workspaceContains` search can time
 * out (it gives up after 7 s), and then the view, a command or opening a markdown file
 * is what activates the extension.
 */
async function openClosedPersonas(spec: Parameters<typeof openWorkspace>[0]): Promise<Workbench> {
  const wb = await openWorkspace(spec);
  await wb.showContainer();
  // Back to the files; the Soul view need not render every test's 2 MB.
  await wb.runCommand('View: Show Explorer');
  return wb;
}

/** Titles of the active editor's title-bar actions, without the key binding VS Code adds in parentheses. */
async function editorTitleActions(wb: Workbench): Promise<string[]> {
  const labels = await wb.page
    .locator('.editor-group-container.active .editor-actions .action-label')
    .evaluateAll((elements) => elements.map((label) => label.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/ \([^)]*\)$/, ''));
}

async function selectionText(wb: Workbench): Promise<string> {
  return (await wb.page.locator('[id="status.editor.selection"]').textContent()) ?? '';
}

describe('Cap warnings while typing', function () {
  // 2 MB files in a browser editor, on a machine other suites share.
  this.timeout(300_000);

  it('pasting past the cap, before saving, raises an error at the exact cut and turns the status bar red; undoing clears both', async () => {
    const onDisk = block('a', 10_000); // 1,000,000 bytes: well under the cap
    const wb = await openWorkspace({ files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/MEMORY.md': onDisk } });
    await wb.openFile('ava/MEMORY.md');
    await eventually(async () => assert.match((await personaStatus(wb))?.text ?? '', /^Soul 977 KB · MEMORY\.md 47\.7 %$/), SLOW);
    assert.equal(await statusColour(wb), 'none');
    assert.deepEqual(await ourProblems(wb), []);

    // The cap falls inside the 'é': 2,097,151 bytes come before it, and it takes two.
    const pasted = block('b', 10_971) + 'b'.repeat(51) + 'é' + 'after the cap\n';
    const total = onDisk.length + Buffer.byteLength(pasted);
    assert.equal(total, CAP + 15);
    await wb.pasteIntoEditor(pasted, { at: 'end' });

    const problems = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen.length, 1, JSON.stringify(seen));
      return seen;
    }, SLOW);
    assert.deepEqual(problems[0], {
      file: 'MEMORY.md',
      folder: 'ava',
      severity: 'error',
      message:
        `MEMORY.md is 15 bytes over the 2 MB bootstrap cap (${count(total)} bytes): the runtime drops everything from here ` +
        `to the end of the file (15 bytes) and appends "${NOTICE}". The cap splits the character here: the part kept becomes "\uFFFD".`,
      source: 'Persona Studio',
      code: 'cap-over',
      line: 10_000 + 10_971 + 1,
      column: 52,
    });
    await eventually(async () => assert.equal(await statusColour(wb), 'error'));
    assert.match((await personaStatus(wb))?.text ?? '', /^Soul 2\.0 MB · MEMORY\.md >100 %$/);
    // Nothing was saved: the warning is about the editor's text.
    assert.equal((await wb.activeEditor())?.dirty, true);
    assert.equal(wb.readFile('ava/MEMORY.md'), onDisk);

    // "Select what the runtime drops" selects from the cut to the end: 'é' and the last line.
    await wb.moveCursor('end');
    await wb.applyQuickFix('Select what the runtime drops');
    await eventually(async () => assert.match(await selectionText(wb), /^Ln 20972, Col 52 \(15 selected\)$/));

    // "Open the soul preview at the cut" opens this persona's preview, scrolled down to
    // MEMORY.md (the bulk of the soul, and last), whose cut marker agrees with the problem.
    await wb.applyQuickFix('Open the soul preview at the cut');
    const preview = await wb.webview('personaStudio.preview', SLOW);
    await eventually(async () => {
      const marker = preview.locator('section[data-name="MEMORY.md"] .cut-line:not([hidden])');
      assert.match((await marker.textContent()) ?? '', /^Cut at the 2 MB cap \(line 20972, column 52\)/);
      const scroll = await marker.evaluate(() => ({ y: window.scrollY, height: document.documentElement.scrollHeight }));
      assert.ok(scroll.y > scroll.height / 2, `the preview is scrolled to MEMORY.md: ${JSON.stringify(scroll)}`);
    }, SLOW);

    await wb.focusEditor();
    await wb.page.keyboard.press('Control+Z');
    await eventually(async () => assert.deepEqual(await ourProblems(wb), []), SLOW);
    await eventually(async () => assert.equal(await statusColour(wb), 'none'));
    assert.match((await personaStatus(wb))?.text ?? '', /MEMORY\.md 47\.7 %$/);
  });

  it('nearing the cap raises a warning and the warning colour', async () => {
    const start = Math.ceil(CAP * 0.9) - 10;
    const onDisk = 'n'.repeat(start - 1) + '\n';
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': onDisk } });
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.ok(await personaStatus(wb), 'the persona status item'), SLOW);
    assert.equal(await statusColour(wb), 'none');

    await wb.typeInEditor('twenty more letters.', { at: 'end' });
    const bytes = start + 20;
    // The file is near its cap from the tenth key on: wait for the problem after the twentieth.
    await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.deepEqual(
        seen.map((problem) => [problem.severity, problem.code, problem.message]),
        [
          [
            'warning',
            'cap-near',
            `SOUL.md is near the 2 MB bootstrap cap: ${count(bytes)} of 2,097,152 bytes (90.0 %), ${count(CAP - bytes)} bytes left before the runtime cuts it.`,
          ],
        ],
      );
    }, SLOW);
    await eventually(async () => assert.equal(await statusColour(wb), 'warning'));
  });

  it('reports a file over its cap on disk without opening it, and clears it when the file is deleted', async () => {
    // 20,971 lines of 100 bytes, then a line the cap cuts 52 bytes in.
    const content = block('t', 20_971) + 'x'.repeat(100) + 'dropped\n';
    const wb = await openClosedPersonas({ files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/TOOLS.md': content } });
    const [problem] = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen.length, 1, JSON.stringify(seen));
      return seen;
    }, SLOW);
    assert.equal(problem.file, 'TOOLS.md');
    assert.equal(problem.severity, 'error');
    assert.match(problem.message, /^TOOLS\.md is 56 bytes over the 2 MB bootstrap cap/);
    assert.deepEqual([problem.line, problem.column], [20_972, 53]);

    fs.rmSync(wb.path('ava/TOOLS.md'));
    await eventually(async () => assert.deepEqual(await ourProblems(wb), []), SLOW);
  });

  it('counts HEARTWOOD.md in characters against its cap while typing', async () => {
    const wb = await openWorkspace({ files: { 'atlas/HEARTWOOD.md': 'é'.repeat(1995) } });
    await wb.openFile('atlas/HEARTWOOD.md');
    await eventually(async () => assert.equal((await ourProblems(wb))[0]?.code, 'cap-near'), SLOW);
    await wb.typeInEditor('0123456789', { at: 'end' });
    // Wait for all ten keys: each one is an edit, and the problem follows them.
    const [problem] = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen[0]?.severity, 'error', JSON.stringify(seen));
      assert.match(seen[0].message, /^HEARTWOOD\.md is 5 characters over its cap of 2,000 characters \(the loader's maxChars\)/);
      return seen;
    }, SLOW);
    assert.deepEqual([problem.line, problem.column], [1, 2001]);
    await eventually(async () => assert.equal(await statusColour(wb), 'error'));
  });
});

describe('Mis-cased bootstrap files', function () {
  this.timeout(180_000);

  it('flags soul.md, and its quick fix renames it to SOUL.md with its unsaved edits', async () => {
    const wb = await openClosedPersonas({ files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/soul.md': 'You are Ava.\n' } });
    const [problem] = await eventually(async () => {
      const seen = await ourProblems(wb);
      assert.equal(seen.length, 1, JSON.stringify(seen));
      return seen;
    }, SLOW);
    assert.deepEqual({ file: problem.file, severity: problem.severity, code: problem.code }, { file: 'soul.md', severity: 'warning', code: 'miscased-name' });
    assert.match(problem.message, /soul\.md is not read as SOUL\.md on a case-sensitive file system/);

    await wb.openFile('ava/soul.md');
    await wb.typeInEditor('Calm. ', { at: 'start' });
    await wb.applyQuickFix('Rename to SOUL.md');
    await eventually(() => assert.deepEqual(fs.readdirSync(wb.path('ava')).sort(), ['AGENTS.md', 'SOUL.md']), SLOW);
    // Renamed as it was on disk; the unsaved edit moved along to the renamed editor.
    assert.equal(wb.readFile('ava/SOUL.md'), 'You are Ava.\n');
    await eventually(async () => assert.deepEqual(await wb.activeEditor().then((tab) => [tab?.title, tab?.dirty]), ['SOUL.md', true]));
    await eventually(async () => assert.deepEqual(await ourProblems(wb), []), SLOW);
  });

  it('refuses to rename over an existing SOUL.md and leaves both files byte for byte', async () => {
    const upper = 'You are Ava.\r\n';
    const lower = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('An older draft.\n')]);
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': upper, 'ava/soul.md': lower } });
    await wb.openFile('ava/soul.md');
    await eventually(async () => assert.equal((await ourProblems(wb))[0]?.code, 'miscased-name'), SLOW);
    await wb.moveCursor('start');
    await wb.applyQuickFix('Rename to SOUL.md');
    const notice = await eventually(async () => {
      const seen = (await wb.notifications()).find((n) => n.message.includes('nothing was renamed'));
      assert.ok(seen, 'a notification that nothing was renamed');
      return seen;
    });
    assert.equal(notice.severity, 'warning');
    assert.match(notice.message, /^SOUL\.md already exists beside soul\.md: nothing was renamed\./);
    assert.deepEqual(fs.readdirSync(wb.path('ava')).sort(), ['SOUL.md', 'soul.md']);
    assert.deepEqual(fs.readFileSync(wb.path('ava/SOUL.md')), Buffer.from(upper));
    assert.deepEqual(fs.readFileSync(wb.path('ava/soul.md')), Buffer.from(lower));
  });
});

describe('Persona status bar item', function () {
  this.timeout(180_000);

  it("follows the active editor: hidden outside a persona, and a click opens that persona's preview", async () => {
    const wb = await openWorkspace({ files: { 'notes.txt': 'Not a persona.\n', 'ava/SOUL.md': 'You are Ava.\n' } });
    await wb.openFile('ava/SOUL.md');
    const item = await eventually(async () => {
      const found = await personaStatus(wb);
      assert.equal(found?.text, 'Soul 24 B · SOUL.md <0.1 %');
      return found;
    }, SLOW);
    assert.ok(item);
    // The persona-file context key puts the preview button on the editor's title bar.
    await eventually(async () => assert.ok((await editorTitleActions(wb)).includes('Open Soul Preview to the Side')));
    await wb.openFile('notes.txt');
    await eventually(async () => assert.equal(await personaStatus(wb), undefined));
    await eventually(async () => assert.ok(!(await editorTitleActions(wb)).includes('Open Soul Preview to the Side')));
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.ok(await personaStatus(wb)));
    await wb.page.locator(`[id="${STATUS_ID}"]`).click();
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Ava\./), SLOW);
  });
});
