// The runtime chooses itself in the real VS Code: a persona folder holding OpenClaw's
// .openclaw/workspace-state.json, with no runtime set, is shown under OpenClaw, and the
// status bar's runtime item says why.
import assert from 'node:assert/strict';
import { eventually, openWorkspace, Workbench } from './harness';

const SLOW = { timeout: 60_000 };
const RUNTIME_ID = 'persona-studio.persona-studio.personaStudio.runtime';

/** The runtime item's hover text. */
async function runtimeTooltip(wb: Workbench): Promise<string> {
  await wb.page.mouse.move(0, 0);
  await wb.page
    .locator('.workbench-hover, .monaco-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await wb.page.locator(`[id="${RUNTIME_ID}"]`).hover();
  const hover = wb.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'Runtime:' }).first();
  await hover.waitFor({ timeout: 10_000 });
  return (await hover.innerText()).replace(/\s+/g, ' ');
}

describe('The runtime chooses itself', function () {
  this.timeout(200_000);

  it('a folder holding .openclaw/workspace-state.json is shown under OpenClaw, and the status bar says why', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'Calm and precise.\n', 'ava/.openclaw/workspace-state.json': '{"version":1}\n' } });
    await wb.showContainer();
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.equal((await wb.statusBarItems()).find((item) => item.id === RUNTIME_ID)?.text, 'OpenClaw'), SLOW);
    const tooltip = await eventually(async () => {
      const text = await runtimeTooltip(wb);
      assert.match(text, /OpenClaw workspace: \.openclaw\/workspace-state\.json/);
      return text;
    }, SLOW);
    assert.match(tooltip, /^Runtime: OpenClaw/);
  });
});
