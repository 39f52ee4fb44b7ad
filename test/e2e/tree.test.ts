// The Personas tree as a user sees it: each persona folder with its bootstrap files,
// sizes against the cap, missing files, Heartwood parts, and live updates from the disk
// and from unsaved editors without a manual refresh.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually, openWorkspace, untilWatched } from './harness';
import { descriptionOf as description, filesOf, personaDescription, untilCounted } from './personaTree';

const SOUL = 'You are Ava, a calm and precise ops assistant.\n'; // 47 bytes
const AGENTS = 'Be concise.\n'; // 12 bytes
// 1,950,000 bytes: 93.0 % of the 2 MB cap, past the 90 % warning line.
const MEMORY = 'm'.repeat(1_950_000);

const SEVEN = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'];

describe('Personas tree', () => {
  it('lists each persona folder with its seven files in bootstrap order, sizes against the cap and missing ones', async () => {
    const wb = await openWorkspace({
      files: {
        // Created in an order unlike the bootstrap order: the tree must not care.
        'personas/ava/MEMORY.md': MEMORY,
        'personas/ava/SOUL.md': SOUL,
        'personas/ava/AGENTS.md': AGENTS,
        'personas/ava/soul.md': 'an old copy\n',
        'personas/bo/USER.md': 'Dana, on call.\n',
        'notes/README.md': '# not a persona\n',
      },
    });
    await wb.showContainer();
    await eventually(async () =>
      assert.deepEqual(await filesOf(wb, 'personas/ava'), [
        'AGENTS.md | 12 B · <0.1 %',
        'SOUL.md | 47 B · <0.1 %',
        'IDENTITY.md | missing',
        'USER.md | missing',
        'TOOLS.md | missing',
        'HEARTBEAT.md | missing',
        'MEMORY.md | 1.9 MB · 93.0 %',
        'soul.md | the runtime reads only SOUL.md',
      ]),
    );
    const rows = await wb.treeRows();
    assert.deepEqual(
      rows.filter((row) => row.level === 1).map((row) => row.label),
      ['personas/ava', 'personas/bo'],
      'one top-level row per persona folder, and none for a folder without persona files',
    );
    // The persona row shows the whole soul's size: 1,950,000 + 47 + 12 bytes of bodies, less
    // the trimmed newlines, plus headings and separators.
    assert.equal(await personaDescription(wb, 'personas/ava'), '1.9 MB');
    assert.deepEqual(
      (await filesOf(wb, 'personas/bo')).map((row) => row.split(' | ')[0]),
      SEVEN,
    );
    assert.equal(await description(wb, 'personas/bo', 'USER.md'), '15 B · <0.1 %');
    // A missing file offers Create inline; a persona offers its actions.
    assert.deepEqual(await wb.treeRowActions('IDENTITY.md'), ['Create Bootstrap File…']);
    assert.ok((await wb.treeRowActions('personas/ava')).includes('Scaffold Missing Bootstrap Files'));
  });

  it("shows a Heartwood persona's identity and voice with their character counts", async () => {
    const identity = 'You are Atlas, a meticulous research companion.';
    const wb = await openWorkspace({
      files: { 'atlas/HEARTWOOD.md': `${identity}\n\n## Voice & Tone\nTerse, precise.\n` },
    });
    await wb.showContainer();
    await eventually(async () => {
      const rows = await filesOf(wb, 'atlas');
      assert.deepEqual(rows, [
        // 47 + 2 + 15 + 1 + 15 characters of the trimmed file, against the 2,000 cap.
        'HEARTWOOD.md | 80 chars · 4 %',
        'Identity | 47 chars',
        'Voice & Tone | 15 chars',
        // Its absent bootstrap files are one row, not seven "missing" (addBootstrap.test.ts).
        'Add bootstrap files… | ',
      ]);
    });
  });

  it('names the workspace folder of each persona in a multi-root workspace', async () => {
    const wb = await openWorkspace({
      folders: {
        team: { 'bots/zed/SOUL.md': SOUL },
        solo: { 'SOUL.md': AGENTS },
      },
    });
    await wb.showContainer();
    await eventually(async () => {
      // The token count follows once counted (tokens.test.ts checks it): the rows are read without it.
      const top = (await wb.treeRows()).filter((row) => row.level === 1).map((row) => `${row.label} | ${row.description.replace(/ · [^·]* tokens$/, '')}`);
      assert.deepEqual(top.sort(), ['bots/zed | team · 58 B', 'solo | 23 B']);
    });
  });

  it('follows files created, changed and deleted on disk without a refresh', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL } });
    await wb.showContainer();
    await eventually(async () => assert.equal(await description(wb, 'ava', 'USER.md'), 'missing'));
    // Once the disk watcher reports one file, remove it.
    await untilWatched(
      () => wb.writeFiles({ 'ava/HEARTBEAT.md': 'Check the queue.\n' }),
      async () => assert.equal(await description(wb, 'ava', 'HEARTBEAT.md'), '17 B · <0.1 %'),
    );
    fs.unlinkSync(wb.path('ava/HEARTBEAT.md'));
    await eventually(async () => assert.equal(await description(wb, 'ava', 'HEARTBEAT.md'), 'missing'));

    wb.writeFiles({ 'ava/USER.md': 'Dana, on call.\n' });
    await eventually(async () => assert.equal(await description(wb, 'ava', 'USER.md'), '15 B · <0.1 %'));

    wb.writeFiles({ 'ava/USER.md': 'Dana, on call at night.\n' });
    await eventually(async () => assert.equal(await description(wb, 'ava', 'USER.md'), '24 B · <0.1 %'));

    fs.unlinkSync(wb.path('ava/USER.md'));
    await eventually(async () => assert.equal(await description(wb, 'ava', 'USER.md'), 'missing'));

    // A new persona folder appears, written at once with its file; a deleted one goes.
    wb.writeFiles({ 'bo/TOOLS.md': 'grep\n' });
    await eventually(async () => assert.equal(await description(wb, 'bo', 'TOOLS.md'), '5 B · <0.1 %'));
    fs.rmSync(wb.path('bo'), { recursive: true });
    await eventually(async () =>
      assert.deepEqual(
        (await wb.treeRows()).filter((row) => row.level === 1).map((row) => row.label),
        ['ava'],
      ),
    );
  });

  it('counts what is typed in an unsaved editor, before it is saved', async function () {
    // Opening, typing key by key and saving take long on a busy machine.
    this.timeout(240_000);
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL, 'ava/AGENTS.md': AGENTS } });
    await wb.showContainer();
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), '47 B · <0.1 %'));
    await wb.clickTreeRow('SOUL.md');
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'SOUL.md'));

    await wb.typeInEditor('Kind.', { at: 'end' });
    await eventually(async () => assert.equal((await wb.activeEditor())?.dirty, true, 'the typed text reached the editor'));
    // The ● says the count includes unsaved changes; é is two bytes.
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), '52 B · <0.1 % ●'));
    await wb.typeInEditor(' Café', { at: 'end' });
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), '58 B · <0.1 % ●'));
    assert.equal(wb.readFile('ava/SOUL.md'), SOUL, 'nothing was written to disk');

    await wb.saveEditor();
    await eventually(async () => assert.equal(await description(wb, 'ava', 'SOUL.md'), '58 B · <0.1 %'));
    assert.equal(wb.readFile('ava/SOUL.md'), `${SOUL}Kind. Café`);
  });

  it('offers to create a missing file when it is clicked, and creates it only when asked', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL } });
    await wb.showContainer();
    await eventually(async () => assert.equal(await description(wb, 'ava', 'IDENTITY.md'), 'missing'));
    await untilCounted(wb, 'ava');
    await wb.clickTreeRow('IDENTITY.md');
    const question = 'IDENTITY.md is missing from ava. Create it from the template?';
    await eventually(async () =>
      assert.deepEqual(
        (await wb.notifications()).filter((n) => n.message === question).map((n) => n.buttons),
        [['Create']],
      ),
    );
    assert.equal(fs.existsSync(wb.path('ava/IDENTITY.md')), false, 'not created before the user says so');

    await wb.clickNotificationButton(question, 'Create');
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'IDENTITY.md'));
    assert.match(wb.readFile('ava/IDENTITY.md'), /^# Identity\n/);
    await eventually(async () => assert.match(await description(wb, 'ava', 'IDENTITY.md'), /^\d+ B · <0\.1 %$/));
  });

  it('shows a welcome view with ways to start when the workspace has no persona folder', async () => {
    const wb = await openWorkspace({ files: { 'docs/README.md': '# Docs\n' } });
    await wb.showContainer();
    await eventually(async () => {
      const welcome = await wb.viewWelcomeText();
      assert.match(welcome, /No persona folder found in this workspace/);
      assert.match(welcome, /Create Persona Folder/);
      assert.match(welcome, /Choose Persona Folders…/);
    });
    assert.deepEqual(await wb.treeRows(), []);
  });
});
