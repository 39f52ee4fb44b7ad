// The runtime chooses itself in the real VS Code: a persona folder holding OpenClaw's
// .openclaw/workspace-state.json, with no runtime set, is shown under OpenClaw, and the
// status bar's runtime item says why.
import assert from 'node:assert/strict';
import { eventually, openWorkspace } from './harness';
import { statusTooltip } from './statusTooltip';

const SLOW = { timeout: 60_000 };
const RUNTIME_ID = 'persona-studio.persona-studio.personaStudio.runtime';

describe('The runtime chooses itself', function () {
  this.timeout(200_000);

  it('a folder holding .openclaw/workspace-state.json is shown under OpenClaw, and the status bar says why', async () => {
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'Calm and precise.\n', 'ava/.openclaw/workspace-state.json': '{"version":1}\n' } });
    await wb.showContainer();
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.equal((await wb.statusBarItems()).find((item) => item.id === RUNTIME_ID)?.text, 'OpenClaw'), SLOW);
    const tooltip = await eventually(async () => {
      const text = await statusTooltip(wb, RUNTIME_ID, 'Runtime:');
      assert.match(text, /OpenClaw workspace: \.openclaw\/workspace-state\.json/);
      return text;
    }, SLOW);
    assert.match(tooltip, /^Runtime: OpenClaw/);
  });
});
