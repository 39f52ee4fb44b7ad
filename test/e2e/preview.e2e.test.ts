// The soul preview in a real VS Code: what it shows is what the runtime composes (the
// CLI, which shares the core, is the reference), it follows typing before any save,
// persona text is only ever text, and the tab comes back after a reload.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FrameLocator } from 'playwright-core';
import { eventually, openWorkspace, Workbench } from './harness';

const CLI = path.resolve('dist/cli.js');

/** The soul of a folder as `persona-studio compose` prints it, byte for byte. */
function cliSoul(dir: string): string {
  return execFileSync(process.execPath, [CLI, 'compose', dir], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
}

/** The soul of these files (written to a scratch folder), as the CLI composes it. */
function cliSoulOf(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-expected-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return cliSoul(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The soul as the preview holds it: its `.soul-text` parts, in order. */
function previewSoul(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
}

async function sizeText(frame: FrameLocator, name: string): Promise<string> {
  return (await frame.locator(`.section[data-name="${name}"] .size`).textContent()) ?? '';
}

/** Waits until VS Code knows the extension's contributions (its activity-bar item shows). */
async function extensionLoaded(wb: Workbench): Promise<void> {
  await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio'), 'the Persona Studio activity-bar item'), { timeout: 90_000 });
}

async function openPreviewOf(wb: Workbench, file: string): Promise<FrameLocator> {
  await wb.openFile(file);
  await extensionLoaded(wb);
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  return wb.webview('personaStudio.preview', { timeout: 90_000 });
}

/**
 * Reloads the window the way a user does, through "Developer: Reload Window": VS Code
 * then saves the open editors before the page goes (leaving the page for another URL
 * gives it no time to).
 */
async function reloadWindow(wb: Workbench): Promise<void> {
  const reloaded = wb.page.waitForEvent('load', { timeout: 120_000 });
  await wb.runCommand('Developer: Reload Window').catch(() => undefined); // The page may go before the palette closes.
  await reloaded;
  await wb.page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8').toLocaleString('en-US');

describe('Soul preview', function () {
  // Each test opens a workbench and a preview; on a busy shared machine that alone can take a minute.
  this.timeout(240_000);

  it('shows the composed soul exactly as the runtime composes it, section by section', async () => {
    const wb = await openWorkspace({
      files: {
        'ava/MEMORY.md': 'The team prefers metric units.\r\n\r\n',
        'ava/AGENTS.md': '\n\n  Be concise. Never guess a balance.  \n',
        'ava/SOUL.md': 'You are Ava — calm, précis, 😀.\n',
        'ava/HEARTBEAT.md': '   \n',
        'ava/soul.md': 'mis-cased: not part of the soul',
      },
    });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const expected = cliSoul(wb.path('ava'));
    await eventually(async () => assert.equal(await previewSoul(frame), expected));
    assert.deepEqual(await frame.locator('.section').evaluateAll((sections) => sections.map((section) => (section as HTMLElement).dataset.name)), [
      'AGENTS.md',
      'SOUL.md',
      'HEARTBEAT.md',
      'MEMORY.md',
    ]);
    assert.match(await frame.locator('#total').innerText(), new RegExp(`^Soul: ${bytes(expected)} bytes .* · 4 files$`));
    assert.equal(await sizeText(frame, 'SOUL.md'), `${bytes('You are Ava — calm, précis, 😀.\n')} bytes · <0.1 % of 2 MB`);
    assert.match(await frame.locator('#missing').innerText(), /IDENTITY\.md USER\.md TOOLS\.md/);
  });

  it('follows typing in SOUL.md, text and byte counter, before the file is saved', async () => {
    const files = { 'AGENTS.md': 'Be concise.\n', 'SOUL.md': 'You are Ava.' };
    const wb = await openWorkspace({ files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])) });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulOf(files)));

    await wb.typeInEditor(' Calm, précis.\nNever guess.', { at: 'end' });
    const typed = { ...files, 'SOUL.md': 'You are Ava. Calm, précis.\nNever guess.' };
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulOf(typed)));
    assert.equal(await sizeText(frame, 'SOUL.md'), `${bytes(typed['SOUL.md'])} bytes · <0.1 % of 2 MB`);
    assert.match(await frame.locator('#total').innerText(), new RegExp(`^Soul: ${bytes(cliSoulOf(typed))} bytes`));
    assert.equal(wb.readFile('ava/SOUL.md'), 'You are Ava.', 'nothing was saved');
    assert.ok((await wb.editorTabs()).some((tab) => tab.title === 'SOUL.md' && tab.dirty));

    // Deleting goes through the same patches.
    for (let i = 0; i < '\nNever guess.'.length; i++) await wb.page.keyboard.press('Backspace');
    const deleted = { ...files, 'SOUL.md': 'You are Ava. Calm, précis.' };
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulOf(deleted)));
  });

  it('shows HTML in a persona as literal text and runs none of it', async () => {
    const hostile = "<img src=x onerror=\"document.body.dataset.pwned='img'\">\n<script>document.body.dataset.pwned = 'script'</script>\n<b>bold?</b>\n";
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': hostile } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), `## SOUL.md\n\n${hostile.trim()}`));

    // And the same while typing, where text arrives as patches.
    await wb.typeInEditor('\n<img src=y onerror="document.body.dataset.pwned=\'typed\'"><iframe src="x"></iframe>', { at: 'end' });
    await eventually(async () => assert.match(await previewSoul(frame), /<iframe src="x"><\/iframe>$/));

    const page = await frame.locator('body').evaluate((body) => ({
      pwned: body.dataset.pwned ?? null,
      images: document.querySelectorAll('img').length,
      bold: document.querySelectorAll('b').length,
      iframes: document.querySelectorAll('iframe').length,
      personaScripts: Array.from(document.querySelectorAll('script')).filter((script) => (script.textContent ?? '').includes('pwned')).length,
      handlers: document.querySelectorAll('[onerror]').length,
    }));
    assert.deepEqual(page, { pwned: null, images: 0, bold: 0, iframes: 0, personaScripts: 0, handlers: 0 });
  });

  it('shows where a file over the 2 MB cap is cut, and the notice the runtime appends', async () => {
    const memory = 'memory line of text\n'.repeat(110_000); // 2,200,000 bytes
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/MEMORY.md': memory } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const expected = cliSoul(wb.path('ava'));
    await eventually(async () => assert.equal(await previewSoul(frame), expected), { timeout: 60_000 });
    const section = frame.locator('.section[data-name="MEMORY.md"]');
    assert.equal(await section.getAttribute('data-state'), 'over');
    assert.equal(await section.locator('.notice').innerText(), '[truncated: exceeds 2 MB bootstrap cap]');
    assert.match(await section.locator('.cut-line').innerText(), /Cut at the 2 MB cap \(line 104858, column 13\): the runtime drops the last 102,848 bytes\./);

    // Clicking the cut opens the file there.
    await section.locator('.cut-line').click();
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'MEMORY.md'));
    await eventually(async () => assert.deepEqual(await wb.cursorPosition(), { line: 104858, column: 13 }));
  });

  it('opens at the cut from the quick fix, with the cut in view', async () => {
    // Lines of 141 bytes, which the preview wraps: the height of text not yet drawn is a
    // guess, and the cut must still end up in view. The cap falls on line 14874, column 60.
    const line = 'memory line of text '.repeat(7) + '\n';
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n'.repeat(20_000), 'ava/MEMORY.md': line.repeat(16_000) } });
    await wb.openFile('ava/MEMORY.md');
    await extensionLoaded(wb);
    // Opening the container activates the extension even when VS Code's search for a
    // persona file (workspaceContains) timed out on a busy machine.
    await wb.showContainer();
    // A 2 MB editor takes a while to be ready on a busy machine.
    await eventually(() => wb.moveCursor({ line: 14874, column: 60 }), { timeout: 90_000 });
    await wb.applyQuickFix('Open the soul preview at the cut');
    const frame = await wb.webview('personaStudio.preview', { timeout: 90_000 });
    // The cut of MEMORY.md, the last section, is far below the fold until revealed.
    await eventually(
      async () => {
        const box = await frame.locator('.section[data-name="MEMORY.md"] .cut-line').evaluate((cut) => {
          const rect = cut.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
        });
        assert.ok(box.top >= 0 && box.bottom <= box.height, `the cut is in view: ${JSON.stringify(box)}`);
      },
      { timeout: 60_000 },
    );
    assert.match(await frame.locator('.section[data-name="MEMORY.md"] .cut-line').innerText(), /\(line 14874, column 60\)/);
    // The guessed height of the text not drawn yet is close to its height once drawn, so
    // the scroll bar tells where the view is in the soul.
    const heights = await frame.locator('body').evaluate(async () => {
      const guessed = document.documentElement.scrollHeight;
      for (const chunk of Array.from(document.querySelectorAll<HTMLElement>('.chunk'))) chunk.style.contentVisibility = 'visible';
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return { guessed, drawn: document.documentElement.scrollHeight };
    });
    assert.ok(Math.abs(heights.guessed - heights.drawn) < 0.05 * heights.drawn, `heights: ${JSON.stringify(heights)}`);
  });

  it('opens a section’s file from its header', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/AGENTS.md': 'Be concise.\n' } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await frame.locator('.section[data-name="AGENTS.md"] .file-link').click();
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'AGENTS.md'));
  });

  it('comes back after a window reload, on the same persona', async function () {
    this.timeout(360_000); // Two workbench loads.
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'bo/SOUL.md': 'You are Bo.\n' } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoul(wb.path('ava'))));
    await reloadWindow(wb);
    await eventually(async () =>
      assert.ok(
        (await wb.editorTabs()).some((tab) => tab.title === 'Soul: ava'),
        'the "Soul: ava" tab is back',
      ),
    );
    await eventually(async () => assert.equal(await previewSoul(await wb.webview('personaStudio.preview', { timeout: 5_000 })), cliSoul(wb.path('ava'))), { timeout: 90_000 });
  });

  it('catches up on what was typed while its tab was hidden', async () => {
    const files = { 'SOUL.md': 'You are Ava.', 'AGENTS.md': 'Be concise.\n' };
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': files['SOUL.md'], 'ava/AGENTS.md': files['AGENTS.md'] } });
    let frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulOf(files)));
    // Cover the preview with another editor in its group, then type in SOUL.md.
    await wb.page.locator('.tab', { hasText: 'Soul: ava' }).click();
    await wb.openFile('ava/AGENTS.md');
    await eventually(async () => assert.equal(await wb.visibleWebviewCount('personaStudio.preview'), 0));
    await wb.page.locator('.tab', { hasText: 'SOUL.md' }).click();
    await wb.typeInEditor(' Calm.', { at: 'end' });
    await wb.page.locator('.tab', { hasText: 'Soul: ava' }).click();
    frame = await wb.webview('personaStudio.preview', { timeout: 90_000 });
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulOf({ ...files, 'SOUL.md': 'You are Ava. Calm.' })));
  });

  it('copies the exact soul and exports it to the file the user picks', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava — calm.\n', 'ava/USER.md': 'Reports to the ops lead.\n' } });
    const expected = cliSoul(wb.path('ava'));
    await wb.openFile('ava/SOUL.md');
    await extensionLoaded(wb);

    await wb.runCommand('Persona: Copy Composed Soul');
    await eventually(async () => {
      const messages = (await wb.notifications()).map((n) => n.message);
      assert.ok(
        messages.some((m) => m.includes(`${bytes(expected)} bytes`)),
        `a notification with the byte count, among ${JSON.stringify(messages)}`,
      );
    });
    assert.equal(await wb.page.evaluate(() => navigator.clipboard.readText()), expected);

    await wb.runCommand('Persona: Export Composed Soul…');
    await eventually(async () => assert.match((await wb.quickInputState())?.value ?? '', /ava\/soul\.txt$/));
    const target = wb.path('ava/exported.txt');
    await wb.fillQuickInput(target);
    await eventually(() => assert.ok(fs.existsSync(target), `${target} exists`));
    await eventually(() => assert.ok(fs.readFileSync(target).equals(Buffer.from(expected, 'utf8'))));
  });

  it('in the Soul view, follows the persona of the active editor', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'bo/SOUL.md': 'You are Bo.\n' } });
    await wb.openFile('ava/SOUL.md');
    await extensionLoaded(wb);
    await wb.showContainer();
    const view = await wb.webview('personaStudio.soul', { timeout: 90_000 });
    await eventually(async () => assert.equal(await previewSoul(view), '## SOUL.md\n\nYou are Ava.'));
    await wb.openFile('bo/SOUL.md');
    await eventually(async () => assert.equal(await previewSoul(view), '## SOUL.md\n\nYou are Bo.'));
    await wb.typeInEditor(' Brisk.', { at: { line: 1, column: 12 } });
    await eventually(async () => assert.equal(await previewSoul(view), '## SOUL.md\n\nYou are Bo. Brisk.'));
  });

  it('shows a Heartwood persona: identity and voice with their characters against the caps, and the cut', async () => {
    const heartwood = 'You are Atlas, a meticulous research companion.\n\n## Voice & Tone\nTerse, precise, no hedging.\n';
    const wb = await openWorkspace({ files: { 'atlas/HEARTWOOD.md': heartwood }, settings: { 'personaStudio.heartwood.maxChars': 60 } });
    const frame = await openPreviewOf(wb, 'atlas/HEARTWOOD.md');
    const section = frame.locator('.heartwood');
    await eventually(async () => assert.match(await section.innerText(), /Identity 47 · Voice 27 · maxChars 60 · ceiling 8,000/));
    assert.equal(await section.locator('.heartwood-text').evaluate((node) => node.textContent), heartwood.trim().slice(0, 60));
    assert.match(await section.locator('.size').innerText(), /^92 of 60 characters/);
    assert.match(await section.locator('.cut-line').innerText(), /Cut at 60 characters \(line 3, column 12\): the runtime drops the last 32 characters\./);
    assert.equal(await frame.locator('#total').innerText(), '', 'no bootstrap soul is claimed');
  });

  it('draws with the high-contrast theme’s borders', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n' }, settings: { 'workbench.colorTheme': 'Default High Contrast' } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    await frame.locator('.section-header').waitFor();
    const colours = await frame.locator('.section-header').evaluate((header) => ({
      contrastBorder: getComputedStyle(document.documentElement).getPropertyValue('--vscode-contrastBorder').trim(),
      header: getComputedStyle(header).borderTopColor,
      bar: getComputedStyle(header.querySelector('.bar') as Element).borderTopColor,
    }));
    assert.notEqual(colours.contrastBorder, '', 'the theme sets --vscode-contrastBorder');
    assert.notEqual(colours.header, 'rgba(0, 0, 0, 0)');
    assert.equal(colours.header, colours.bar, 'headers and bars both take the contrast border');
  });
});
