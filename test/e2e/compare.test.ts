// "Compare Soul with HEAD" in the real VS Code: in a git workspace, SOUL.md edited past
// OpenClaw's cap without saving; the diff editor opens with the composed prompt at HEAD on
// the left (exactly what `persona-studio compose` prints for the committed files) and the
// prompt now on the right, cut, and its title says SOUL.md became cut. The harness turns git
// off for every window; this test's workspace settings turn it back on for its own folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { eventually, openWorkspace, Workbench } from './harness';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const LONG_SOUL = `You are Ava.\n${'Keep every rule. '.repeat(1500)}\n`;
const CUT_MARKER = '[...truncated, read SOUL.md for full content...]';

const DAY = 24 * 60 * 60 * 1000;

function git(dir: string, args: readonly string[], date?: number): void {
  const stamp = date === undefined ? {} : { GIT_AUTHOR_DATE: new Date(date).toISOString(), GIT_COMMITTER_DATE: new Date(date).toISOString() };
  execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=A', '-c', 'user.email=a@example.com', ...args], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, ...stamp },
  });
}

/** The whole text of one side of the active diff editor, through the clipboard. */
async function diffSideText(wb: Workbench, side: 'original' | 'modified'): Promise<string> {
  const input = wb.page.locator(`.editor-group-container.active .monaco-diff-editor .editor.${side} :is(textarea.inputarea, .native-edit-context)`).first();
  await input.waitFor({ state: 'attached', timeout: 15_000 });
  await eventually(async () => {
    await input.focus();
    const holds = await input.evaluate((element) => element.closest('.monaco-editor')?.classList.contains('focused') === true);
    if (!holds) throw new Error(`the ${side} side did not take the keyboard focus`);
  });
  await wb.page.evaluate(() => navigator.clipboard.writeText(''));
  await wb.page.keyboard.press('Control+A');
  await wb.page.keyboard.press('Control+C');
  return wb.page.evaluate(() => navigator.clipboard.readText());
}

describe('Compare Soul with a revision', () => {
  it('opens the diff editor: HEAD as `compose` prints it on the left, the unsaved cut on the right, SOUL.md became cut', async () => {
    const wb = await openWorkspace({
      files: { 'SOUL.md': 'You are Ava.\n', 'AGENTS.md': 'Be brief.\n' },
      settings: { 'personaStudio.runtime': 'openclaw', 'git.enabled': true, 'git.autoRepositoryDetection': true },
    });
    const root = wb.path();
    git(root, ['init', '-q']);
    git(root, ['add', 'SOUL.md', 'AGENTS.md']);
    git(root, ['commit', '-q', '-m', 'Ava']);
    const atHead = execFileSync(process.execPath, [CLI, 'compose', '--runtime', 'openclaw', root], { encoding: 'utf8' });

    await wb.openFile('SOUL.md');
    await wb.pasteIntoEditor(LONG_SOUL, { replaceAll: true });
    await eventually(async () => assert.equal((await wb.activeEditor())?.dirty, true));
    await wb.runCommand('Persona: Compare Soul with HEAD…');

    const tab = await eventually(
      async () => {
        const active = await wb.activeEditor();
        // What the window showed instead, should the diff not open: a message (the Git extension's state) or a pick.
        const said = (await wb.notifications()).map((n) => n.message);
        const picks = (await wb.quickInputItems()).map((item) => item.label);
        assert.match(active?.title ?? '', /at HEAD \([0-9a-f]{7}\) ↔ now/, `active: ${active?.title}; notifications: ${JSON.stringify(said)}; pick: ${JSON.stringify(picks)}`);
        return active!;
      },
      { timeout: 60_000 },
    );
    assert.match(tab.title, /SOUL\.md became cut/);
    await eventually(async () => assert.equal(await diffSideText(wb, 'original'), atHead));
    const now = await diffSideText(wb, 'modified');
    assert.ok(now.includes(CUT_MARKER), now.slice(0, 500));
    // Nothing was saved or written: the file on disk is still the committed one.
    assert.equal(await wb.readFile('SOUL.md'), 'You are Ava.\n');
  });

  it("compares OpenClaw's skill catalog: HEAD's skill folders read through the Git extension, both sides as `compose --part all` prints them", async () => {
    const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
    const wb = await openWorkspace({
      files: { 'SOUL.md': 'You are Ava.\n', 'skills/weather/SKILL.md': skill('weather', 'Tells the weather.'), 'skills/tools/fetch/SKILL.md': skill('fetch', 'Fetches pages.') },
      settings: { 'personaStudio.runtime': 'openclaw', 'git.enabled': true, 'git.autoRepositoryDetection': true },
    });
    const root = wb.path();
    git(root, ['init', '-q']);
    git(root, ['add', 'SOUL.md', 'skills/weather/SKILL.md']);
    git(root, ['commit', '-q', '-m', 'Ava']);
    const compose = () => execFileSync(process.execPath, [CLI, 'compose', '--runtime', 'openclaw', '--part', 'all', root], { encoding: 'utf8' });
    const now = compose();
    // HEAD as committed: fetch is not there yet.
    git(root, ['stash', '-q', '-u']);
    const atHead = compose();
    git(root, ['stash', 'pop', '-q']);
    assert.ok(now.includes('<name>fetch</name>') && !atHead.includes('<name>fetch</name>'));

    await wb.openFile('SOUL.md');
    await wb.runCommand('Persona: Compare Soul with HEAD…');
    const tab = await eventually(
      async () => {
        const active = await wb.activeEditor();
        assert.match(active?.title ?? '', /at HEAD \([0-9a-f]{7}\) ↔ now/);
        return active!;
      },
      { timeout: 60_000 },
    );
    assert.match(tab.title, /\+\d[\d,]* chars of skills since HEAD/);
    await eventually(async () => assert.equal(await diffSideText(wb, 'original'), atHead));
    assert.equal(await diffSideText(wb, 'modified'), now);
  });

  it('shows where MEMORY.md is heading in its tooltip and in the preview: the sparkline of its commits and when OpenClaw starts cutting it', async () => {
    const wb = await openWorkspace({
      files: { 'SOUL.md': 'You are Ava.\n', 'MEMORY.md': 'm'.repeat(5000) },
      settings: { 'personaStudio.runtime': 'openclaw', 'git.enabled': true, 'git.autoRepositoryDetection': true },
    });
    const root = wb.path();
    git(root, ['init', '-q']);
    // 410 chars a day for 30 days: 17,300 now, the 20,000 cap in about 7 days.
    const start = Date.now() - 30 * DAY;
    for (let day = 0; day <= 30; day += 3) {
      await wb.writeFiles({ 'MEMORY.md': 'm'.repeat(5000 + 410 * day) });
      git(root, ['add', '-A']);
      git(root, ['commit', '-q', '-m', `day ${day}`], start + day * DAY);
    }
    await wb.showContainer();
    const row = await eventually(async () => {
      const found = wb.treeRow('MEMORY.md');
      assert.equal(await found.count(), 1);
      return found;
    });
    const text = await eventually(
      async () => {
        // Away and back: each hover of a refreshed row asks for its tooltip again.
        await wb.page.mouse.move(0, 0);
        await row.hover();
        const hover = wb.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'MEMORY.md' }).first();
        const shown = await hover.innerText({ timeout: 3000 });
        assert.match(shown, /MEMORY\.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 7 days/);
        return shown;
      },
      { timeout: 90_000 },
    );
    assert.match(text, /Last 11 commits: [▁▂▃▄▅▆▇█]{12}/);
    const sparkline = /[▁▂▃▄▅▆▇█]{12}/.exec(text)![0];

    // The same history in the Soul preview, beside MEMORY.md's size in its section header.
    await wb.openFile('SOUL.md');
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const preview = await wb.webview('personaStudio.preview', { timeout: 90_000 });
    const history = preview.locator('section[data-name="MEMORY.md"] .section-header .history');
    await eventually(async () => assert.equal(await history.innerText({ timeout: 3000 }), sparkline), { timeout: 60_000 });
    assert.match((await history.getAttribute('title')) ?? '', /^Last 11 commits: [▁▂▃▄▅▆▇█]{12}\nMEMORY\.md grew 410 chars a day over 30 days/);
    // A file with one commit has no line to draw.
    assert.equal(await preview.locator('section[data-name="SOUL.md"] .history').count(), 0);
  });
});
