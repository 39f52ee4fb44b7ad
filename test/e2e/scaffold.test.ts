// Scaffolding as a user runs it: create the missing files of a persona, one file from
// the tree, or a whole new persona folder; never overwriting a byte of an existing file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually, openWorkspace, Workbench } from './harness';
import { missingUnder as missingRows, personaRow, untilCounted } from './personaTree';

const SEVEN = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'];
// Bytes an editor round trip could disturb: a BOM, CRLF, trailing spaces, an invalid UTF-8 byte.
const SOUL_BYTES = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('# Soul\r\n\r\nYou are Ava.  \r\n'), 0xff, 0x0a]);

function bytesOnDisk(wb: Workbench, relative: string): Buffer {
  return fs.readFileSync(wb.path(relative));
}

function filesIn(wb: Workbench, folder: string): string[] {
  return fs.readdirSync(wb.path(folder)).sort();
}

describe('Scaffolding', () => {
  it('creates exactly the missing files and leaves an existing one byte for byte unchanged', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL_BYTES, 'ava/MEMORY.md': 'Met Dana on Monday.\n' } });
    await wb.showContainer();
    await eventually(async () => assert.equal((await missingRows(wb, 'ava')).length, 5));
    const memoryBefore = bytesOnDisk(wb, 'ava/MEMORY.md');

    await wb.runCommand('Persona: Scaffold Missing Bootstrap Files');
    // The only persona is chosen without asking; the pick lists just the missing files, all checked.
    const items = await eventually(async () => {
      const shown = await wb.quickInputItems();
      assert.deepEqual(
        shown.map((item) => item.label),
        ['AGENTS.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md'],
      );
      return shown;
    });
    assert.ok(
      items.every((item) => item.checked),
      'all checked by default',
    );
    assert.ok(
      items.every((item) => item.detail.length > 20),
      'each says what belongs in it',
    );
    await wb.fillQuickInput('');

    await eventually(() => assert.deepEqual(filesIn(wb, 'ava'), [...SEVEN].sort()));
    assert.deepEqual(bytesOnDisk(wb, 'ava/SOUL.md'), Buffer.from(SOUL_BYTES), 'SOUL.md untouched');
    assert.deepEqual(bytesOnDisk(wb, 'ava/MEMORY.md'), memoryBefore, 'MEMORY.md untouched');
    assert.match(wb.readFile('ava/AGENTS.md'), /^# Operating rules\n/);
    assert.match(wb.readFile('ava/HEARTBEAT.md'), /^# Heartbeat\n/);
    // Opened, and the tree shows nothing missing any more.
    await eventually(async () => {
      const titles = (await wb.editorTabs()).map((tab) => tab.title);
      for (const name of ['AGENTS.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md']) assert.ok(titles.includes(name), `${name} open`);
    });
    await eventually(async () => assert.deepEqual(await missingRows(wb, 'ava'), []));
  });

  it('says so and touches nothing when only some picked files are missing', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL_BYTES } });
    await wb.showContainer();
    await eventually(async () => assert.equal((await missingRows(wb, 'ava')).length, 6));
    await wb.runCommand('Persona: Scaffold Missing Bootstrap Files');
    await eventually(async () => assert.equal((await wb.quickInputItems()).length, 6));
    // Someone else writes USER.md while the pick is open: it must survive as it is.
    wb.writeFiles({ 'ava/USER.md': 'Written meanwhile.\n' });
    await wb.fillQuickInput('');
    await eventually(async () =>
      assert.ok(
        (await wb.notifications()).some((n) =>
          /^USER\.md already exists in ava: left unchanged\. Created AGENTS\.md, IDENTITY\.md, TOOLS\.md, HEARTBEAT\.md, MEMORY\.md\.$/.test(n.message),
        ),
      ),
    );
    assert.equal(wb.readFile('ava/USER.md'), 'Written meanwhile.\n');
    assert.deepEqual(bytesOnDisk(wb, 'ava/SOUL.md'), Buffer.from(SOUL_BYTES));
    assert.deepEqual(filesIn(wb, 'ava'), [...SEVEN].sort());
  });

  it("creates one file from a missing file's inline Create action", async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL_BYTES } });
    await wb.showContainer();
    await eventually(async () => assert.ok((await missingRows(wb, 'ava')).includes('TOOLS.md')));
    await untilCounted(wb, 'ava');
    await wb.clickTreeRowAction('TOOLS.md', 'Create Bootstrap File…');
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'TOOLS.md'));
    assert.deepEqual(filesIn(wb, 'ava'), ['SOUL.md', 'TOOLS.md']);
    assert.match(wb.readFile('ava/TOOLS.md'), /^# Tools\n/);
    await eventually(async () => assert.deepEqual(await missingRows(wb, 'ava'), ['AGENTS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'MEMORY.md']));
  });

  it('creates a new persona folder with the picked files, shows it in the tree and opens SOUL.md', async () => {
    const wb = await openWorkspace({ files: { 'personas/ava/SOUL.md': SOUL_BYTES } });
    await wb.showContainer();
    await eventually(async () => assert.ok((await wb.treeRows()).some((row) => row.label === 'personas/ava')));

    await wb.runCommand('Persona: New Persona Folder…');
    // It suggests the folder the other personas live in.
    await eventually(async () => assert.equal((await wb.quickInputState())?.value, 'personas/'));
    await wb.fillQuickInput('personas/bad:name', { submit: false });
    await eventually(async () => assert.match((await wb.quickInputState())?.message ?? '', /cannot contain ":"/));
    await wb.fillQuickInput('personas/nova');

    // The seven are checked, HEARTWOOD.md is offered but not checked.
    const items = await eventually(async () => {
      const shown = await wb.quickInputItems();
      assert.deepEqual(
        shown.map((item) => item.label),
        [...SEVEN, 'HEARTWOOD.md'],
      );
      return shown;
    });
    assert.deepEqual(
      items.filter((item) => item.checked).map((item) => item.label),
      SEVEN,
    );
    await wb.pickQuickInputItem('MEMORY.md'); // uncheck
    await wb.pickQuickInputItem('HEARTWOOD.md'); // check
    await eventually(async () =>
      assert.deepEqual(
        (await wb.quickInputItems()).filter((item) => item.checked).map((item) => item.label),
        [...SEVEN.slice(0, 6), 'HEARTWOOD.md'],
      ),
    );
    await wb.fillQuickInput('');

    await eventually(() => assert.deepEqual(filesIn(wb, 'personas/nova'), [...SEVEN.slice(0, 6), 'HEARTWOOD.md'].sort()));
    await eventually(async () => assert.equal((await wb.activeEditor())?.title, 'SOUL.md'));
    assert.match(wb.readFile('personas/nova/SOUL.md'), /^# Soul\n/);
    await eventually(async () => {
      const row = await personaRow(wb, 'personas/nova');
      assert.ok(row, 'the new persona is in the tree');
      assert.equal(row.selected, true, 'and revealed');
    });
    assert.deepEqual(bytesOnDisk(wb, 'personas/ava/SOUL.md'), Buffer.from(SOUL_BYTES));
  });

  it('never overwrites a file when the new persona folder already exists', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': SOUL_BYTES, 'ava/notes.txt': 'keep\n' } });
    await wb.showContainer();
    await eventually(async () => assert.ok((await wb.treeRows()).some((row) => row.label === 'ava')));
    await wb.runCommand('Persona: New Persona Folder…');
    await wb.fillQuickInput('ava', { submit: false });
    await eventually(async () => assert.match((await wb.quickInputState())?.message ?? '', /exists and is not empty/));
    await wb.fillQuickInput('ava');
    // An existing file is shown as kept and not checked.
    await eventually(async () => {
      const soul = (await wb.quickInputItems()).find((item) => item.label === 'SOUL.md');
      assert.ok(soul && !soul.checked && /kept/.test(soul.description), JSON.stringify(soul));
    });
    await wb.pickQuickInputItem('SOUL.md'); // asks for it anyway
    await wb.fillQuickInput('');
    await eventually(async () => assert.ok((await wb.notifications()).some((n) => n.message.startsWith('SOUL.md already exists in ava: left unchanged.'))));
    assert.deepEqual(bytesOnDisk(wb, 'ava/SOUL.md'), Buffer.from(SOUL_BYTES));
    assert.equal(wb.readFile('ava/notes.txt'), 'keep\n');
    assert.deepEqual(filesIn(wb, 'ava'), [...SEVEN, 'notes.txt'].sort());
  });
});
