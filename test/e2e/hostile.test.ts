// A workspace turned against its user: a cloned repository whose settings point
// Persona Studio outside it and whose links lead out of it, and stray mis-cased names.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf, untilCounted } from './personaTree';
import { snapshot } from './snapshot';

const SLOW = { timeout: 60_000 };

async function ourProblems(wb: Workbench) {
  return (await wb.problems()).filter((problem) => problem.source === 'Persona Studio');
}

describe('A hostile workspace', function () {
  it('a cloned repository with personaStudio.folders ["../../.."] and links out of it shows nothing from outside and writes nothing', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-outside-'));
    try {
      fs.mkdirSync(path.join(outside, 'theirs'));
      fs.writeFileSync(path.join(outside, 'theirs', 'SOUL.md'), 'A persona outside the workspace.\n');
      fs.writeFileSync(path.join(outside, 'id_rsa'), 'PRIVATE KEY\n');
      const wb = await openWorkspace({
        files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/memory.md': 'an old note\n' },
        settings: { 'personaStudio.folders': ['../../..', outside, '..'] },
      });
      // What a clone can carry: a folder link out (bazel-out), a loop, and SOUL.md -> a key.
      fs.symlinkSync(outside, wb.path('bazel-out'));
      fs.symlinkSync(path.join(outside, 'theirs'), wb.path('ava/theirs'));
      fs.symlinkSync('..', wb.path('ava/loop'));
      fs.symlinkSync(path.join(outside, 'id_rsa'), wb.path('ava/SOUL.md'));
      const before = { outside: snapshot(outside), workspace: snapshot(wb.path()) };

      await wb.showContainer();
      await wb.runCommand('Persona: Refresh Personas');
      await eventually(async () => {
        const top = (await wb.treeRows()).filter((row) => row.level === 1).map((row) => row.label);
        assert.deepEqual(top, ['ava']);
      }, SLOW);
      await eventually(async () => assert.match(await descriptionOf(wb, 'ava', 'SOUL.md'), /link outside/), SLOW);
      const warning = await eventually(async () => {
        const found = (await ourProblems(wb)).find((problem) => problem.code === 'link-outside');
        assert.ok(found, 'a warning on the link');
        return found;
      }, SLOW);
      assert.equal(warning.file, 'SOUL.md');
      assert.equal(warning.severity, 'warning');
      assert.equal(
        warning.message,
        `SOUL.md is a link to ${fs.realpathSync(path.join(outside, 'id_rsa'))}, outside the workspace folder: the runtime would send that file to the model.`,
      );
      // The escaping patterns are refused out loud, once each.
      await eventually(async () => {
        const messages = (await wb.notifications()).map((n) => n.message).join('\n');
        assert.match(messages, /personaStudio\.folders cannot be "\.\.\/\.\.\/\.\."/);
      }, SLOW);
      // The mis-cased memory.md beside the link is flagged: ava is a persona folder by AGENTS.md.
      await eventually(async () => assert.ok((await ourProblems(wb)).some((p) => p.file === 'memory.md' && p.code === 'miscased-name')), SLOW);

      assert.deepEqual(snapshot(outside), before.outside, 'nothing written outside the workspace');
      assert.deepEqual(snapshot(wb.path()), before.workspace, 'nothing written inside it either');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a mis-cased memory.md outside a persona folder gets no warning and no status bar item; inside one, user.md does', async () => {
    const wb = await openWorkspace({
      files: { 'notes/memory.md': 'a note, not a persona file\n', 'ava/SOUL.md': 'You are Ava.\n', 'ava/user.md': 'Dana\n' },
    });
    await wb.showContainer();
    await wb.openFile('notes/memory.md');
    await wb.openFile('ava/user.md');
    // The flag inside the persona folder shows that diagnostics have run...
    const flagged = await eventually(async () => {
      const problems = await ourProblems(wb);
      assert.ok(
        problems.some((p) => p.file === 'user.md'),
        JSON.stringify(problems),
      );
      return problems;
    }, SLOW);
    // ...and none is about the note.
    assert.deepEqual(
      flagged.map((p) => p.file),
      ['user.md'],
    );
    // No persona for the note: the status bar shows none while it is active.
    await wb.openFile('notes/memory.md');
    await eventually(async () => {
      const items = await wb.statusBarItems();
      assert.ok(!items.some((item) => item.id.startsWith('persona-studio.persona-studio')), JSON.stringify(items));
    });
  });

  it('persona text with javascript: links and remote images is shown as text: no link, no image, no request', async () => {
    const hostile = [
      '[click me](javascript:document.body.dataset.pwned=1)',
      '<a href="javascript:document.body.dataset.pwned=2">link</a>',
      '![remote](https://example.invalid/tracker.png)',
      '<img src="https://example.invalid/pixel.gif">',
    ].join('\n');
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': hostile + '\n' } });
    const requests: string[] = [];
    wb.page.on('request', (request) => {
      if (request.url().includes('example.invalid')) requests.push(request.url());
    });
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const frame = await wb.webview('personaStudio.preview', { timeout: 90_000 });
    await eventually(async () => assert.match(await wb.webviewText('personaStudio.preview'), /tracker\.png/), SLOW);
    const page = await frame.locator('body').evaluate((body) => ({
      text: Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''),
      links: document.querySelectorAll('a[href^="javascript:"], #soul a').length,
      images: document.querySelectorAll('img').length,
      pwned: body.dataset.pwned ?? null,
    }));
    assert.deepEqual(page, { text: `## SOUL.md\n\n${hostile}`, links: 0, images: 0, pwned: null });
    assert.deepEqual(requests, []);
  });

  it('settings of the wrong type fall back to their defaults, each with one warning', async () => {
    const wb = await openWorkspace({
      files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/HEARTWOOD.md': 'You are Atlas.\n' },
      settings: { 'personaStudio.warnAt': 'high', 'personaStudio.heartwood.maxChars': 0, 'personaStudio.folders': 'ava' },
    });
    await wb.showContainer();
    await eventually(async () => assert.match(await descriptionOf(wb, 'ava', 'SOUL.md'), /^13 B · <0\.1 %$/), SLOW);
    // maxChars 0 is not Infinity: the default cap (2,000) applies.
    await eventually(async () => assert.match(await descriptionOf(wb, 'ava', 'HEARTWOOD.md'), /^14 chars · 0\.7 %$/), SLOW);
    await eventually(async () => {
      const messages = (await wb.notifications()).map((n) => n.message);
      for (const setting of ['warnAt cannot be "high"', 'heartwood.maxChars cannot be 0', 'folders cannot be "ava"']) {
        assert.ok(
          messages.some((m) => m.includes(`personaStudio.${setting}`)),
          `${setting} in ${JSON.stringify(messages)}`,
        );
      }
    }, SLOW);
  });

  it('Create refuses SOUL.md beside soul.md and says which file the runtime reads; the tree agrees SOUL.md is missing', async () => {
    const wb = await openWorkspace({ files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/soul.md': 'You are Ava.\n' } });
    await wb.showContainer();
    await eventually(async () => assert.equal(await descriptionOf(wb, 'ava', 'SOUL.md'), 'missing'), SLOW);
    await untilCounted(wb, 'ava');
    await wb.clickTreeRow('SOUL.md');
    const question = 'SOUL.md is missing from ava. Create it from the template?';
    await eventually(async () => assert.ok((await wb.notifications()).some((n) => n.message === question)));
    await wb.clickNotificationButton(question, 'Create');
    await eventually(async () => {
      const messages = (await wb.notifications()).map((n) => n.message);
      assert.ok(
        messages.some((m) => m.startsWith('SOUL.md was not created in ava: soul.md is there, which differs only by case. The runtime reads only SOUL.md')),
        JSON.stringify(messages),
      );
    });
    assert.deepEqual(fs.readdirSync(wb.path('ava')).sort(), ['AGENTS.md', 'soul.md']);
    assert.equal(wb.readFile('ava/soul.md'), 'You are Ava.\n');
  });

  it('files.exclude hides a persona folder, and a persona deeper than discovery goes is announced above the tree', async () => {
    const deep = 'a/b/c/d/e/f/g/h/i/deep';
    const wb = await openWorkspace({
      files: { 'ava/SOUL.md': 'You are Ava.\n', 'build/copy/SOUL.md': 'A build copy.\n', [`${deep}/SOUL.md`]: 'Too deep.\n' },
      settings: { 'files.exclude': { '**/build': true } },
    });
    await wb.showContainer();
    await eventually(async () => {
      const top = (await wb.treeRows()).filter((row) => row.level === 1).map((row) => row.label);
      assert.deepEqual(top, ['ava']);
    }, SLOW);
    await eventually(async () =>
      assert.match(
        await wb.page.locator('.pane-body .message').first().innerText(),
        /^Discovery stopped 8 folders deep: personas deeper are not shown\. Name them in personaStudio\.folders\.$/,
      ),
    );
  });
});
