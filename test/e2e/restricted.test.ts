// A cloned repository opened in Restricted Mode (workspace trust on, the authors not
// trusted): its path settings are not used, only its own personas show, nothing is written.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace } from './harness';
import { snapshot } from './snapshot';
import { openPreviewOf, previewSoul } from './soulPreview';

const SLOW = { timeout: 60_000 };

describe('Restricted Mode', function () {
  it('an untrusted clone: its personaStudio.folders and openclaw.workspacePath are not used, the tree says so, and nothing is written', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-outside-'));
    try {
      fs.mkdirSync(path.join(outside, 'theirs'));
      fs.writeFileSync(path.join(outside, 'theirs', 'SOUL.md'), 'A persona outside the workspace.\n');
      const wb = await openWorkspace({
        trusted: false,
        files: { 'ava/SOUL.md': 'You are Ava.\n', 'agents/bob/AGENTS.md': 'Be brief.\n' },
        settings: {
          'personaStudio.folders': ['../../..', 'agents/*'],
          'personaStudio.runtime': 'openclaw',
          'personaStudio.openclaw.workspacePath': outside,
        },
      });
      const before = { outside: snapshot(outside), workspace: snapshot(wb.path()) };

      await wb.showContainer();
      // Trusted, `agents/*` would show bob alone; here the clone's pattern is not used,
      // and every persona folder of the workspace shows (nothing from outside it).
      await eventually(async () => {
        const top = (await wb.treeRows()).filter((row) => row.level === 1).map((row) => row.label);
        assert.deepEqual(top.sort(), ['agents/bob', 'ava']);
      }, SLOW);
      await eventually(async () =>
        assert.equal(await wb.page.locator('.pane-body .message').first().innerText(), "Restricted Mode: this workspace's personaStudio.folders is not used until you trust it."),
      );

      // The preview names the files where they are, not where the clone's setting says.
      // The soul's text whether or not the page has drawn it yet (the sessions and skills come first).
      const frame = await openPreviewOf(wb, 'ava/SOUL.md');
      await eventually(async () => {
        const text = await previewSoul(frame);
        assert.match(text, /You are Ava\./);
        assert.ok(text.includes(wb.path('ava/SOUL.md')), text);
        assert.ok(!`${text}${await wb.webviewText('personaStudio.preview')}`.includes(outside), text);
      }, SLOW);

      // VS Code passes the workspace's value of a restricted setting on to no one: no warning about it.
      const messages = (await wb.notifications()).map((n) => n.message);
      assert.ok(!messages.some((m) => m.includes('personaStudio.')), JSON.stringify(messages));
      assert.deepEqual(snapshot(outside), before.outside, 'nothing written outside the workspace');
      assert.deepEqual(snapshot(wb.path()), before.workspace, 'nothing written inside it either');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
