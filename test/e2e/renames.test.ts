// A Soul preview tab whose persona folder is renamed or moved follows it (in the
// explorer, or on disk where no rename event comes); one restored after a reload whose
// folder is gone says so in one line.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eventually, openWorkspace, untilWatched, Workbench } from './harness';

const SLOW = { timeout: 60_000 };

async function previewTabs(wb: Workbench): Promise<string[]> {
  return (await wb.editorTabs()).map((tab) => tab.title).filter((title) => title.startsWith('Soul'));
}

async function ourErrors(wb: Workbench): Promise<string[]> {
  return (await wb.notifications()).filter((n) => n.severity !== 'info').map((n) => n.message);
}

describe('Renamed persona folders', function () {
  this.timeout(240_000);

  it('a preview follows its persona folder renamed in the explorer, then moved on disk, showing the same soul', async () => {
    const wb = await openWorkspace({
      files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/IDENTITY.md': 'Name: Ava\n', 'bo/SOUL.md': 'You are Bo.\n' },
    });
    await wb.openFile('ava/SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await eventually(async () => assert.deepEqual(await previewTabs(wb), ['Soul: ava']), SLOW);
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Ava\.[\s\S]*Name: Ava/), SLOW);

    // The explorer's rename (F2 on the folder's row).
    const explorer = path.basename(wb.path());
    await wb.runCommand('View: Show Explorer');
    await wb.clickTreeRow('ava', { view: explorer });
    await wb.page.keyboard.press('F2');
    const input = wb.page.locator('.explorer-folders-view .monaco-inputbox input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill('ava-renamed');
    await input.press('Enter');
    await eventually(() => assert.ok(fs.existsSync(wb.path('ava-renamed/SOUL.md'))), SLOW);
    await eventually(async () => assert.deepEqual(await previewTabs(wb), ['Soul: ava-renamed']), SLOW);
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Ava\.[\s\S]*Name: Ava/), SLOW);

    // Moved on disk by another program: VS Code sees a folder go and another come. The
    // file is changed as it moves, so the preview shows the change only by reading the
    // folder where it now is (a busy machine's file watcher may be slow to watch a new
    // folder, so no later edit is relied on).
    fs.mkdirSync(wb.path('team'));
    fs.writeFileSync(wb.path('ava-renamed/SOUL.md'), 'You are Ava, moved.\n');
    fs.renameSync(wb.path('ava-renamed'), wb.path('team/ava'));
    await eventually(async () => assert.deepEqual(await previewTabs(wb), ['Soul: team/ava']), SLOW);
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Ava, moved\.[\s\S]*Name: Ava/), SLOW);
    assert.deepEqual(await ourErrors(wb), []);
  });

  it('a preview whose folder is deleted, and one restored after a reload whose folder is gone, say so in one line', async function () {
    this.timeout(360_000); // Two workbench loads.
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'bo/SOUL.md': 'You are Bo.\n' } });
    await wb.openFile('bo/SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Bo\./), SLOW);
    // The folder is deleted once the disk watcher is seen to report it: a deletion it
    // missed could not be written again.
    await untilWatched(
      () => fs.writeFileSync(wb.path('bo/SOUL.md'), 'You are Bo, watched.\n'),
      async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Bo, watched\./),
    );
    fs.rmSync(wb.path('bo'), { recursive: true });
    const goneBo = 'bo is no longer a persona folder of this workspace: it was moved or deleted. Run "Persona: Open Soul Preview" to open one.';
    await eventually(async () => assert.equal((await wb.webviewText('personaStudio.preview')).trim(), goneBo), SLOW);
    await eventually(async () => assert.deepEqual(await previewTabs(wb), ['Soul']), SLOW);
    await wb.runCommand('View: Close All Editors');

    await wb.openFile('ava/SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /You are Ava\./), SLOW);
    // "Developer: Reload Window" saves the tab's state as the page goes; the folder is
    // removed once the old page is gone, before the new window looks for personas.
    const reloaded = wb.page.waitForEvent('load', { timeout: 120_000 });
    await wb.runCommand('Developer: Reload Window').catch(() => undefined); // The page may go before the palette closes.
    await reloaded;
    fs.rmSync(wb.path('ava'), { recursive: true });
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
    await eventually(async () => assert.deepEqual(await previewTabs(wb), ['Soul']), { timeout: 90_000 });
    const goneAva = 'ava is no longer a persona folder of this workspace: it was moved or deleted. Run "Persona: Open Soul Preview" to open one.';
    await eventually(async () => assert.equal((await wb.webviewText('personaStudio.preview')).trim(), goneAva), { timeout: 90_000 });
    assert.deepEqual(await ourErrors(wb), []);
  });
});
