// Agents from openclaw.json in the real VS Code: a workspace holding an openclaw.json with three
// agents, two of whose workspaces are folders of it and one lies outside. The two are personas
// shown by name under their own caps, the runtime is OpenClaw by itself, and the third is a
// "not in this window" row whose folder is never read.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace } from './harness';
import { extensionLog } from './extensionLog';
import { watchAccess } from './fileAccess';
import { descriptionOf, personaRow } from './personaTree';
import { statusTooltip } from './statusTooltip';

const SLOW = { timeout: 60_000 };
const RUNTIME_ID = 'persona-studio.persona-studio.personaStudio.runtime';
const SECRET = 'CY-OUTSIDE-MUST-NEVER-BE-READ';
/** 3,600 chars (3,599 without its trailing space, as OpenClaw counts): over Ava's own 2,000 cap, under OpenClaw's default 20,000. */
const SOUL = 'Calm and precise. '.repeat(200);

describe('Agents from openclaw.json', function () {
  this.timeout(200_000);
  let outside: string | undefined;
  let access: Awaited<ReturnType<typeof watchAccess>> | undefined;
  afterEach(() => {
    access?.stop();
    access = undefined;
    if (outside) fs.rmSync(outside, { recursive: true, force: true });
    outside = undefined;
  });

  it('shows the two agents inside by name under their own caps, chooses OpenClaw by itself, and never reads the third', async () => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-outside-'));
    fs.writeFileSync(path.join(outside, 'SOUL.md'), `${SECRET}\n`);
    fs.writeFileSync(path.join(outside, 'AGENTS.md'), `${SECRET}\n`);
    access = await watchAccess([outside]);
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL, 'bo/SOUL.md': SOUL } });
    await wb.showContainer();
    // Written once the folder's path is known: the watcher on the opened folder's openclaw.json reads it.
    const config = {
      meta: { lastTouchedVersion: '2026.9.6' },
      agents: {
        list: [
          { id: 'ava', identity: { name: 'Ava', emoji: '🦊' }, workspace: wb.path('ava'), bootstrapMaxChars: 2000 },
          { id: 'bo', identity: { name: 'Bo' }, workspace: wb.path('bo') },
          { id: 'cy', identity: { name: 'Cy' }, workspace: outside },
        ],
      },
    };
    wb.writeFiles({ 'openclaw.json': JSON.stringify(config, null, 2) });

    await eventually(async () => {
      assert.ok(await personaRow(wb, '🦊 Ava (ava)'), JSON.stringify((await wb.treeRows()).map((row) => row.label)));
      assert.ok(await personaRow(wb, 'Bo (bo)'));
    }, SLOW);
    // The same SOUL.md: cut under Ava's 2,000, whole under Bo's default 20,000.
    await eventually(async () => assert.match(await descriptionOf(wb, '🦊 Ava (ava)', 'SOUL.md'), /^3,599 chars · 180\.0 %/), SLOW);
    await eventually(async () => assert.match(await descriptionOf(wb, 'Bo (bo)', 'SOUL.md'), /^3,599 chars · 18\.0 %/), SLOW);
    const cy = await eventually(async () => {
      const row = (await wb.treeRows()).find((entry) => entry.label === 'Cy (cy)');
      assert.ok(row, 'a row for the agent outside');
      return row;
    }, SLOW);
    assert.equal(cy.level, 1);
    assert.equal(cy.description, `not in this window · ${outside}`);

    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.equal((await wb.statusBarItems()).find((item) => item.id === RUNTIME_ID)?.text, 'OpenClaw'), SLOW);
    await eventually(async () => assert.match(await statusTooltip(wb, RUNTIME_ID, 'Runtime:'), /OpenClaw workspace of agent 🦊 Ava \(ava\)/), SLOW);

    // Nothing of the outside agent's folder was opened or read, and its text shows nowhere.
    assert.deepEqual(access.accesses(), []);
    const shown = JSON.stringify(await wb.treeRows()) + extensionLog(wb);
    assert.ok(!shown.includes(SECRET), 'the outside file’s text is nowhere');

    // Its row's click opens that folder in a new window (where it is read: so only now).
    const opened = wb.context.waitForEvent('page', { timeout: 30_000 });
    await wb.clickTreeRow('Cy (cy)');
    const newWindow = await opened;
    await eventually(async () => assert.ok(decodeURIComponent(newWindow.url()).includes(`folder=${outside}`), newWindow.url()));
    await newWindow.close();
  });
});
