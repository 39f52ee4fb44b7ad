// What a user meets in the first minute, in the installed VSIX: the walkthrough, the
// explorer's context menus, the `persona-studio` check task filling Problems, and the
// output channel telling what the extension did.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eventually, openWorkspace } from './harness';

const SOUL = 'You are Ava, a calm and precise ops assistant.\n';
const MAX_FILE_BYTES = 2 * 1024 * 1024;

describe('First minute', () => {
  it('offers persona commands in the explorer on a folder and on a bootstrap file', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL, 'notes/todo.txt': 'x\n', 'todo.txt': 'x\n' } });
    await wb.waitForActivation();
    const explorer = path.basename(wb.path());
    await wb.clickTreeRow('ava', { view: explorer });
    await eventually(async () =>
      assert.ok(
        (await wb.treeRows(explorer)).some((row) => row.label === 'SOUL.md'),
        'ava expanded',
      ),
    );
    const onFolder = await wb.treeRowMenu('notes', { view: explorer });
    assert.ok(onFolder.includes('New Persona Folder…'), `folder menu: ${onFolder.join(', ')}`);
    assert.ok(onFolder.includes('Scaffold Missing Bootstrap Files'), `folder menu: ${onFolder.join(', ')}`);
    assert.ok(!onFolder.includes('Open Soul Preview'));
    const onFile = await wb.treeRowMenu('SOUL.md', { view: explorer });
    assert.ok(onFile.includes('Open Soul Preview'), `file menu: ${onFile.join(', ')}`);
    const onOther = await wb.treeRowMenu('todo.txt', { view: explorer });
    assert.ok(!onOther.includes('Open Soul Preview'), 'not on a file that is no bootstrap file');
  });

  it('opens the soul preview to the side with Ctrl+K Alt+V in a bootstrap file', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL } });
    await wb.waitForActivation();
    await wb.openFile('ava/SOUL.md');
    // The chord is pressed again while nothing shows: on a busy machine the first press can
    // reach the editor before the persona-file context key does. Pressing it again only
    // reveals the preview already open.
    await eventually(async () => {
      await wb.focusEditor();
      await wb.page.keyboard.press('Control+K');
      await wb.page.keyboard.press('Alt+V');
      assert.match(await wb.webviewText('personaStudio.preview', { timeout: 10_000 }), /calm and precise ops assistant/);
    });
    assert.deepEqual(
      (await wb.editorTabs()).map((tab) => [tab.title, tab.group]),
      [
        ['SOUL.md', 1],
        ['Soul: ava', 2],
      ],
    );
    assert.equal(wb.readFile('ava/SOUL.md'), SOUL, 'the keys typed nothing into the file');
  });

  it('runs `persona-studio check` as a task whose problem matcher fills Problems', async () => {
    // Three lines of 1 MB: the 2 MB cap falls on the third line.
    const line = 'x'.repeat(1024 * 1024 - 1) + '\n';
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL, 'ava/MEMORY.md': line + line + line } });
    await wb.waitForActivation();
    await wb.runCommand('Tasks: Run Task');
    await eventually(async () =>
      assert.ok(
        (await wb.quickInputItems()).some((item) => item.label === 'persona-studio'),
        'the task type is listed',
      ),
    );
    await wb.pickQuickInputItem('persona-studio');
    const task = await eventually(async () => {
      const offered = (await wb.quickInputItems()).find((item) => /check ava$/.test(item.label));
      assert.ok(offered, 'the check task is offered');
      return offered.label;
    });
    await wb.pickQuickInputItem(task);
    const column = MAX_FILE_BYTES - 2 * 1024 * 1024 + 1;
    await eventually(
      async () => {
        const fromTask = (await wb.problems()).filter((problem) => problem.source === 'persona-studio');
        assert.deepEqual(
          fromTask.map(({ file, severity, line, column }) => ({ file, severity, line, column })),
          [{ file: 'MEMORY.md', severity: 'error', line: 3, column }],
        );
        assert.match(fromTask[0].message, /cuts MEMORY\.md here: [\d,]+ of its [\d,]+ bytes are dropped/);
      },
      { timeout: 60_000 },
    );
  });

  it('has a walkthrough whose steps complete as the user does them', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL } });
    await wb.waitForActivation();
    await wb.runCommand('Welcome: Open Walkthrough...');
    await wb.fillQuickInput('Persona Studio', { submit: false });
    await eventually(async () => assert.ok((await wb.quickInputItems()).some((item) => item.label === 'Get Started with Persona Studio')));
    await wb.pickQuickInputItem('Get Started with Persona Studio');
    const steps = wb.page.locator('.gettingStartedSlideDetails .getting-started-step');
    const read = () =>
      steps.evaluateAll((all) =>
        all.map((step) => ({
          title: (step.querySelector('.step-title') as HTMLElement | null)?.innerText.trim() ?? '',
          // The step's check mark carries the state.
          done: step.querySelector('[data-done-step-id].complete') !== null,
        })),
      );
    await eventually(async () =>
      assert.deepEqual(
        (await read()).map((step) => step.title),
        ['Find your personas', 'Open the soul preview', 'See a cap warning', 'Choose your runtime'],
      ),
    );
    assert.equal((await read()).find((step) => step.title === 'Open the soul preview')?.done, false);
    await wb.openFile('ava/SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await wb.runCommand('Welcome: Open Walkthrough...');
    await wb.fillQuickInput('Persona Studio', { submit: false });
    await eventually(async () => assert.ok((await wb.quickInputItems()).some((item) => item.label === 'Get Started with Persona Studio')));
    await wb.pickQuickInputItem('Get Started with Persona Studio');
    await eventually(async () => assert.equal((await read()).find((step) => step.title === 'Open the soul preview')?.done, true));
  });

  it('logs activation and discovery to the "Persona Studio" output channel, without notifications', async () => {
    const opened = Date.now();
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL, 'atlas/HEARTWOOD.md': 'You are Atlas.\n' } });
    await wb.waitForActivation();
    const logs = path.join(wb.server.userDataDir, 'logs');
    const text = await eventually(async () => {
      // Each window has its own extension host and log: this test's is the newest.
      const file = findFiles(logs)
        .filter((name) => path.basename(name) === 'Persona Studio.log' && fs.statSync(name).mtimeMs >= opened - 1000)
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
      assert.ok(file, 'a Persona Studio.log among the extension host logs');
      const content = fs.readFileSync(file, 'utf8');
      assert.match(content, /discovery: 2 persona folders/);
      return content;
    });
    assert.match(text, /\[info\] activating persona-studio\.persona-studio \d+\.\d+\.\d+ in /);
    assert.match(text, /\[info\] activated in \d+ ms/);
    assert.match(text, /discovery: 2 persona folders: .*atlas \(HEARTWOOD\.md\).*ava \(SOUL\.md\)|discovery: 2 persona folders: .*ava \(SOUL\.md\).*atlas \(HEARTWOOD\.md\)/);
    assert.deepEqual(await wb.notifications(), [], 'no notification');
  });
});

function findFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
