// The harness's own helpers, checked against VS Code's built-in features (Markdown
// preview, JSON diagnostics, the explorer), so a failing feature test points at the
// feature, not at the harness.
import assert from 'node:assert/strict';
import path from 'node:path';
import { startCodeServer } from './harness/codeServer';
import { eventually, openWorkspace } from './harness';

const MARKDOWN_PREVIEW = { extensionId: 'vscode.markdown-language-features', view: false };

describe('Harness', () => {
  it('types and pastes into an editor, reads its text, saves, and answers the save dialog', async () => {
    const wb = await openWorkspace({ files: { 'notes.md': '# Notes\n', 'draft.md': 'draft\n' } });
    await wb.openFile('notes.md');
    await wb.typeInEditor('Calm (and) "precise".\n', { at: 'end' });
    await wb.pasteIntoEditor(`${'x'.repeat(5000)}\nlast line`);
    assert.equal(await wb.editorText(), `# Notes\nCalm (and) "precise".\n${'x'.repeat(5000)}\nlast line`);
    assert.deepEqual(await wb.cursorPosition(), { line: 4, column: 10 });
    assert.equal((await wb.activeEditor())?.dirty, true);
    await wb.saveEditor();
    assert.equal(wb.readFile('notes.md'), `# Notes\nCalm (and) "precise".\n${'x'.repeat(5000)}\nlast line`);
    const mode = (await wb.statusBarItems()).find((item) => item.id === 'status.editor.mode');
    assert.equal(mode?.text, 'Markdown');

    await wb.openFile('draft.md');
    await wb.pasteIntoEditor('replaced', { replaceAll: true });
    await wb.moveCursor({ line: 1, column: 4 });
    assert.deepEqual(await wb.cursorPosition(), { line: 1, column: 4 });
    await wb.runCommand('View: Close Editor');
    const dialog = await eventually(async () => {
      const shown = await wb.dialog();
      assert.ok(shown, 'a dialog');
      return shown;
    });
    assert.match(dialog.message, /save the changes you made to draft\.md/);
    assert.deepEqual([...dialog.buttons].sort(), ['Cancel', "Don't Save", 'Save']);
    await wb.clickDialogButton("Don't Save");
    await eventually(async () =>
      assert.deepEqual(
        (await wb.editorTabs()).map((tab) => tab.title),
        ['notes.md'],
      ),
    );
    assert.equal(wb.readFile('draft.md'), 'draft\n');
  });

  it('reads tree rows, their menus, quick picks and the Problems panel', async () => {
    const wb = await openWorkspace({ files: { 'config/bad.json': '{ "a": }\n', 'notes.md': '# Notes\n' } });
    const explorer = path.basename(wb.path());
    await eventually(async () =>
      assert.deepEqual(
        (await wb.treeRows(explorer)).map((row) => [row.label, row.level, row.expanded]),
        [
          ['config', 1, false],
          ['notes.md', 1, undefined],
        ],
      ),
    );
    assert.ok((await wb.treeRowMenu('notes.md', { view: explorer })).includes('Open to the Side'));

    await wb.openFile('config/bad.json');
    const problems = await eventually(async () => {
      const listed = await wb.problems();
      assert.ok(listed.length > 0, 'a problem listed');
      return listed;
    });
    assert.deepEqual(problems, [{ file: 'bad.json', folder: 'config', severity: 'error', message: 'Value expected', source: 'json', code: '516', line: 1, column: 8 }]);

    await wb.runCommand('Change Language Mode');
    await wb.fillQuickInput('plain', { submit: false });
    await eventually(async () => assert.equal((await wb.quickInputItems())[0]?.label, 'Plain Text'));
    await wb.pickQuickInputItem('Plain Text');
    await eventually(async () => assert.equal((await wb.statusBarItems()).find((item) => item.id === 'status.editor.mode')?.text, 'Plain Text'));
  });

  it("reads a webview panel's text as it updates", async () => {
    const wb = await openWorkspace({ files: { 'SOUL.md': '# Ava\n\nCalm and precise.\n' } });
    await wb.openFile('SOUL.md');
    await wb.runCommand('Markdown: Open Preview to the Side');
    await eventually(async () => assert.match(await wb.webviewText(MARKDOWN_PREVIEW), /Ava\s+Calm and precise\./));
    assert.equal(await wb.visibleWebviewCount(MARKDOWN_PREVIEW), 1);
    assert.deepEqual(
      (await wb.editorTabs()).map((tab) => [tab.title, tab.group]),
      [
        ['SOUL.md', 1],
        ['Preview SOUL.md', 2],
      ],
    );
    await wb.typeInEditor('\nNever guesses a number.', { at: 'end' });
    await eventually(async () => assert.match(await wb.webviewText(MARKDOWN_PREVIEW), /Never guesses a number\./));
  });

  it('opens a multi-root workspace and the right one of two files with the same name', async () => {
    const wb = await openWorkspace({
      folders: { ava: { 'SOUL.md': 'Ava\n' }, atlas: { 'SOUL.md': 'Atlas\n', 'HEARTWOOD.md': 'Atlas\n' } },
      settings: { 'editor.tabSize': 7 },
    });
    await wb.openFile('atlas/HEARTWOOD.md');
    await wb.openFile('atlas/SOUL.md');
    assert.equal(await wb.editorText(), 'Atlas\n');
    await wb.openFile('ava/SOUL.md', { toSide: true });
    assert.equal(await wb.activeEditorPath(), wb.path('ava/SOUL.md'));
    assert.equal(await wb.editorText(), 'Ava\n');
    assert.deepEqual(
      (await wb.editorTabs()).map((tab) => [tab.title, tab.group, tab.active]),
      [
        ['HEARTWOOD.md', 1, false],
        ['SOUL.md', 1, false],
        ['SOUL.md', 2, true],
      ],
    );
    await eventually(async () =>
      assert.ok(
        (await wb.statusBarItems()).some((item) => item.text === 'Spaces: 7'),
        'workspace settings apply',
      ),
    );
  });

  it('stops a code-server and everything it started by its process id', async () => {
    const server = await startCodeServer();
    const response = await fetch(server.url);
    assert.equal(response.ok, true);
    await server.stop();
    assert.throws(() => process.kill(-server.pid, 0), { code: 'ESRCH' }, 'no process left in its group');
  });
});
