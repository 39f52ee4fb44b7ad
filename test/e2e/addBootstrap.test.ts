// A Heartwood-only persona in the Personas tree: its absent bootstrap files are one
// "Add bootstrap files…" row, not seven "missing" ones; the row scaffolds what is picked.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually, openWorkspace, Workbench } from './harness';
import { filesOf, missingUnder } from './personaTree';

const SEVEN = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'];
const ADD = 'Add bootstrap files…';
const HEARTWOOD = 'You are Atlas, a meticulous research companion.\n';

const labels = async (wb: Workbench, persona: string) => (await filesOf(wb, persona)).map((row) => row.split(' | ')[0]);

/** The colour a row's label is drawn in (a decoration dims it). */
function labelColor(wb: Workbench, label: string): Promise<string> {
  return wb
    .treeRow(label)
    .locator('.label-name')
    .evaluate((element) => getComputedStyle(element).color);
}

/** A tree row's hover text. */
async function tooltipOf(wb: Workbench, label: string, expected: string): Promise<string> {
  await wb.page.mouse.move(0, 0);
  await wb.treeRow(label).hover();
  const hover = wb.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: expected }).first();
  await hover.waitFor({ timeout: 10_000 });
  return (await hover.innerText()).replace(/\s+/g, ' ');
}

describe('Heartwood-only persona in the tree', () => {
  it('shows one dimmed "Add bootstrap files…" row that scaffolds the picked files, then the seven rows', async function () {
    this.timeout(180_000);
    const wb = await openWorkspace({ files: { 'atlas/HEARTWOOD.md': HEARTWOOD, 'ava/SOUL.md': 'You are Ava.\n' } });
    await wb.showContainer();
    await eventually(async () => assert.deepEqual(await labels(wb, 'atlas'), ['HEARTWOOD.md', 'Identity', ADD]));
    assert.deepEqual(await missingUnder(wb, 'atlas'), [], 'no "missing" row under a Heartwood-only persona');
    assert.ok(
      (await filesOf(wb, 'atlas')).every((row) => !row.includes('missing')),
      JSON.stringify(await filesOf(wb, 'atlas')),
    );
    // A persona with a bootstrap file keeps its seven rows.
    assert.deepEqual(await labels(wb, 'ava'), SEVEN);

    // Dimmed as a missing file is, unlike a present one.
    await eventually(async () => assert.equal(await labelColor(wb, ADD), await labelColor(wb, 'IDENTITY.md')));
    assert.notEqual(await labelColor(wb, ADD), await labelColor(wb, 'SOUL.md'));
    const tooltip = await eventually(() => tooltipOf(wb, ADD, 'would also read'));
    assert.match(tooltip, /This persona is one HEARTWOOD\.md\./);
    assert.match(tooltip, /would also read the seven bootstrap files if they were present: AGENTS\.md, SOUL\.md, IDENTITY\.md, USER\.md, TOOLS\.md, HEARTBEAT\.md, MEMORY\.md\./);

    // Its click offers the scaffold pick: the seven, all checked; only what stays picked is created.
    await wb.page.mouse.move(0, 0);
    await wb.clickTreeRow(ADD);
    const items = await eventually(async () => {
      const shown = await wb.quickInputItems();
      assert.deepEqual(
        shown.map((item) => item.label),
        SEVEN,
      );
      return shown;
    });
    assert.ok(
      items.every((item) => item.checked),
      'all checked by default',
    );
    for (const name of SEVEN.filter((name) => name !== 'SOUL.md')) await wb.pickQuickInputItem(name); // uncheck
    await eventually(async () =>
      assert.deepEqual(
        (await wb.quickInputItems()).filter((item) => item.checked).map((item) => item.label),
        ['SOUL.md'],
      ),
    );
    await wb.fillQuickInput('');

    await eventually(() => assert.deepEqual(fs.readdirSync(wb.path('atlas')).sort(), ['HEARTWOOD.md', 'SOUL.md']));
    assert.equal(wb.readFile('atlas/HEARTWOOD.md'), HEARTWOOD, 'HEARTWOOD.md untouched');
    assert.match(wb.readFile('atlas/SOUL.md'), /^# Soul\n/);
    // With one bootstrap file beside HEARTWOOD.md, the seven rows return and the one row goes.
    await eventually(async () => assert.deepEqual(await labels(wb, 'atlas'), ['HEARTWOOD.md', 'Identity', ...SEVEN]));
    await eventually(async () =>
      assert.deepEqual(
        await missingUnder(wb, 'atlas'),
        SEVEN.filter((name) => name !== 'SOUL.md'),
      ),
    );
  });
});
