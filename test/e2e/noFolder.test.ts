// VS Code with no folder open (an empty window): the Personas view says how to start,
// the commands that need a folder say so in one line, and nothing of ours is in the status bar.
import assert from 'node:assert/strict';
import { eventually, openWorkspace, Workbench } from './harness';

const SLOW = { timeout: 60_000 };
const FIND_FIRST = 'Open a folder first: Persona Studio finds the personas inside it.';

/** Waits for a toast with exactly this text, and says what it offers. */
async function toast(wb: Workbench, message: string) {
  return eventually(async () => {
    const found = (await wb.notifications()).find((n) => n.message === message);
    assert.ok(found, `"${message}" in ${JSON.stringify(await wb.notifications())}`);
    return found;
  }, SLOW);
}

describe('No folder open', function () {
  it('the Personas view offers to open a folder, each command that needs one says so in one line, and the status bar shows nothing of ours', async () => {
    const wb = await openWorkspace({ empty: true });
    await wb.showContainer();
    await eventually(
      async () => assert.equal(await wb.viewWelcomeText(), 'Open a folder to find the persona folders in it, or to create one there.\n\nOpen Folder\nOpen Recent'),
      SLOW,
    );
    await wb.waitForActivation();
    // The Soul view says the same, and sizes no soul.
    await eventually(async () => assert.equal((await wb.webviewText('personaStudio.soul')).trim(), 'Open a folder to see the composed soul of its personas here.'), SLOW);
    // The view's own buttons, each of which needs a folder.
    assert.deepEqual(await wb.viewTitleActions(), ['New Persona Folder…', 'Open Soul Preview', 'Refresh Personas', 'Collapse All']);
    await wb.clickViewTitleAction('Open Soul Preview');
    const preview = await toast(wb, FIND_FIRST);
    assert.deepEqual(preview.buttons, ['Open Folder']);
    await wb.runCommand('Notifications: Clear All Notifications');
    await wb.clickViewTitleAction('Refresh Personas');
    await toast(wb, FIND_FIRST);
    await wb.clickViewTitleAction('New Persona Folder…');
    await toast(wb, 'Open a folder first: a persona folder is created inside it.');
    // The one command the palette offers without a folder.
    await wb.runCommand('Persona: Choose Runtime…');
    await toast(wb, 'Open a folder first: the runtime is chosen for a workspace folder.');

    const notifications = await wb.notifications();
    assert.deepEqual(
      notifications.filter((n) => n.severity !== 'info' || n.message.includes('\n')),
      [],
      'no error, no warning, one line each',
    );
    assert.equal(await wb.quickInputState(), undefined, 'no picker left open');
    const ours = (await wb.statusBarItems()).filter((item) => item.id.startsWith('persona-studio.persona-studio'));
    assert.deepEqual(ours, []);
    assert.equal(await wb.visibleWebviewCount('personaStudio.preview'), 0);
  });
});
