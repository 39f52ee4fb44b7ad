// What the text carries, in the real VS Code: a fake API key in TOOLS.md (which the
// default toolnexus runtime sends) is an Error in Problems that names its kind and mask,
// never its value; the status bar turns to a warning; the preview shows the mask; and a
// copy asks first, then puts the masked text on the clipboard; the quick fix puts the
// environment variable in the key's place, and the error goes.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eventually, openWorkspace, Workbench } from './harness';

const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';
const SLOW = { timeout: 90_000 };
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A FAKE OpenAI-style key, made afresh on every run: `sk-proj-FAKE` and 44 random characters. */
function fakeKey(): string {
  return `sk-proj-FAKE${Array.from(crypto.randomBytes(44), (byte) => ALNUM[byte % ALNUM.length]).join('')}`;
}

/** What every surface shows of the key: 5 characters, an ellipsis, the last 4. */
function maskOf(key: string): string {
  return `${key.slice(0, 5)}…${key.slice(-4)}`;
}

async function extensionLoaded(wb: Workbench): Promise<void> {
  await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio'), 'the Persona Studio activity-bar item'), SLOW);
}

describe('Secrets the model provider would receive', function () {
  this.timeout(300_000);

  it('a key in TOOLS.md: an Error in Problems, a warning in the status bar, a mask in the preview, a question before a copy, and a quick fix that clears it', async () => {
    const key = fakeKey();
    const mask = maskOf(key);
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/TOOLS.md': `# Tools\n\nOPENAI_API_KEY=${key}\n` } });
    await wb.openFile('ava/TOOLS.md');
    await extensionLoaded(wb);

    const problem = await eventually(async () => {
      const ours = (await wb.problems()).filter((entry) => entry.source === 'Persona Studio');
      assert.equal(ours.length, 1, JSON.stringify(ours));
      return ours[0];
    }, SLOW);
    assert.equal(problem.file, 'TOOLS.md');
    assert.equal(problem.severity, 'error');
    assert.equal(problem.code, 'secret-sent');
    assert.equal(problem.line, 3);
    assert.equal(problem.column, 'OPENAI_API_KEY='.length + 1);
    assert.match(problem.message, /is sent to the model provider on every turn/);
    assert.ok(problem.message.includes(`(${mask})`), problem.message);
    assert.ok(problem.message.includes('${OPENAI_API_KEY}'), problem.message);
    assert.ok(!problem.message.includes(key), 'the message holds the value');

    await eventually(async () => {
      const status = (await wb.statusBarItems()).find((item) => item.id === STATUS_ID);
      assert.match(status?.ariaLabel ?? '', /1 secret is sent to the model provider on every turn/);
    }, SLOW);

    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const frame = await wb.webview('personaStudio.preview', SLOW);
    await eventually(async () => {
      const shown = await frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
      assert.ok(shown.includes(`OPENAI_API_KEY=${mask}`), shown);
      assert.ok(!shown.includes(key), 'the preview holds the value');
    }, SLOW);

    await wb.openFile('ava/TOOLS.md');
    await wb.page.evaluate(() => navigator.clipboard.writeText(''));
    await wb.runCommand('Persona: Copy Composed Soul');
    const dialog = await eventually(async () => {
      const shown = await wb.dialog();
      assert.ok(shown, 'a dialog');
      return shown;
    }, SLOW);
    assert.match(dialog.message, /holds a secret the model provider receives/);
    for (const button of ['Copy masked', 'Copy as sent']) assert.ok(dialog.buttons.includes(button), JSON.stringify(dialog.buttons));
    await wb.clickDialogButton('Copy masked');
    await eventually(async () => {
      const copied = await wb.page.evaluate(() => navigator.clipboard.readText());
      assert.ok(copied.includes(`OPENAI_API_KEY=${mask}`), copied);
      assert.ok(!copied.includes(key), 'the clipboard holds the value');
    });

    await wb.openFile('ava/TOOLS.md');
    await wb.moveCursor({ line: 3, column: 20 });
    await wb.applyQuickFix('Replace with ${OPENAI_API_KEY}');
    await eventually(async () => assert.match(await wb.editorText(), /^OPENAI_API_KEY=\$\{OPENAI_API_KEY\}$/m));
    await eventually(async () => assert.deepEqual((await wb.problems()).filter((entry) => entry.source === 'Persona Studio'), []), SLOW);
  });
});
