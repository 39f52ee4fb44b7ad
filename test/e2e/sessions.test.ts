// An OpenClaw persona's sessions in the real VS Code: a workspace holding the user's
// openclaw.json (agent `plain`, heartbeat every 30m) and a cron job in the cron store beside
// it. The preview's session switch changes the files it shows; with prices set, the cost per
// day is in the preview and the status bar's hover; OpenClaw's own report of a run
// (test/fixtures/openclaw-lastrun/plain, recorded by its CLI) matches the persona, and one
// unsaved edit later the preview names the file that differs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FrameLocator } from 'playwright-core';
import { eventually, openWorkspace } from './harness';
import { openPreviewOf } from './soulPreview';
import { statusTooltip } from './statusTooltip';

const SLOW = { timeout: 90_000 };
const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';
const FIXTURE = path.join(__dirname, '../fixtures/openclaw-lastrun/plain');

/** The persona's files as OpenClaw ran them, under `plain/`. */
function personaFiles(): Record<string, string> {
  const dir = path.join(FIXTURE, 'workspace');
  return Object.fromEntries(fs.readdirSync(dir).map((name) => [`plain/${name}`, fs.readFileSync(path.join(dir, name), 'utf8')]));
}

/** The names of the sections the preview shows, in order. */
function shownFiles(frame: FrameLocator): Promise<string[]> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .section'), (node) => (node as HTMLElement).dataset.name ?? ''));
}

function sessionsText(frame: FrameLocator, part: string): Promise<string> {
  return frame.locator('body').evaluate((_, selector) => {
    const node = document.querySelector(selector) as HTMLElement | null;
    return node && !node.hidden ? (node.textContent ?? '') : '';
  }, `#sessions .${part}`);
}

describe('Sessions, cost per day and the last run', function () {
  this.timeout(300_000);

  it("switches the preview's session, shows the cost per day, and checks the persona against OpenClaw's recorded run", async () => {
    const wb = await openWorkspace({
      files: {
        ...personaFiles(),
        'cron/jobs.json': JSON.stringify({ jobs: [{ id: 'digest', agentId: 'plain', schedule: { kind: 'cron', expr: '0 * * * *' }, payload: { message: 'Write the digest.' } }] }),
        'runs/report.json': fs.readFileSync(path.join(FIXTURE, 'report.json'), 'utf8'),
      },
      settings: {
        'personaStudio.runtime': 'openclaw',
        'personaStudio.openclaw.version': '2026.9.6',
        'personaStudio.tokens.prices': { input: 3, cacheWrite: 3.75, cacheRead: 0.3 },
        'personaStudio.openclaw.turnsPerDay': 20,
      },
    });
    // The user's ~/.openclaw opened as the workspace: its openclaw.json names the agent's workspace.
    wb.writeFiles({ 'openclaw.json': JSON.stringify({ agents: { list: [{ id: 'plain', workspace: wb.path('plain'), heartbeat: { every: '30m' } }] } }, null, 2) });
    const frame = await openPreviewOf(wb, 'plain/SOUL.md');

    // Main by default: MEMORY.md is sent; a cron run sends no root MEMORY.md. The stock plugins' skills lead each.
    await eventually(async () => assert.deepEqual(await shownFiles(frame), ['skills/', 'AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md']), SLOW);
    await eventually(async () => assert.match(await sessionsText(frame, 'sessions-head'), /Session \(this preview; the setting says Main\)/), SLOW);
    await frame.locator('#sessions-switch').selectOption('cron');
    await eventually(async () => assert.deepEqual(await shownFiles(frame), ['skills/', 'AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md']), SLOW);
    await frame.locator('#sessions-switch').selectOption('subagent');
    await eventually(async () => assert.deepEqual(await shownFiles(frame), ['skills/', 'AGENTS.md']), SLOW);

    // Heartbeats every 30m and the hourly job: runs a day, and dollars with the prices set.
    const row = await eventually(async () => {
      const text = await sessionsText(frame, 'sessions-row');
      assert.match(text, /Heartbeat ≈ [\d,]+ tokens a run48 runs a day \(heartbeat every 30m\)/);
      assert.match(text, /Cron ≈ [\d,]+ tokens a run24 runs a day \(1 cron job\)/);
      return text;
    }, SLOW);
    assert.match(row, /Main[\s\S]*20 runs a day/);
    assert.match(await sessionsText(frame, 'sessions-per-day'), /^Per day: ≈ [\d,]+ tokens, ≈ \$\d/);
    assert.match(await sessionsText(frame, 'sessions-leaves-out'), /tool schemas, conversation history and output tokens/);
    assert.match(await sessionsText(frame, 'sessions-edit'), /^An edit, once saved: the next runs write ≈ [\d,]+ tokens to the cache ≈ \$/);
    await wb.openFile('plain/SOUL.md');
    await eventually(async () => assert.match(await statusTooltip(wb, STATUS_ID, 'Per day'), /Per day: ≈ [\d,]+ tokens, ≈ \$\d.*Heartbeat: .*48 runs a day/), SLOW);

    // OpenClaw's record of its run of these files: a match.
    await wb.runCommand("Persona: Check Against OpenClaw's Last Run…");
    await wb.pickQuickInputItem('Pick a report file…');
    // VS Code's own file dialog (a quick input here) sets its starting folder as it opens: the
    // path goes in once that is done, and its button takes it.
    const report = wb.path('runs/report.json');
    const accept = wb.page.locator('.quick-input-widget .monaco-button', { hasText: 'Check Against This Run' });
    await accept.waitFor({ timeout: 15_000 });
    await eventually(async () => {
      const dialog = await wb.quickInputState();
      if (!dialog) return;
      if (dialog.value !== report) await wb.fillQuickInput(report, { submit: false });
      else await accept.click({ timeout: 2_000 }).catch(() => undefined);
      throw new Error(`the file dialog is still open, at ${dialog.value}`);
    }, SLOW);
    await eventually(async () => assert.equal(await sessionsText(frame, 'sessions-last-run'), "Last run (report.json): matches OpenClaw's run of 2026-12-01 12:00 UTC"), SLOW);
    await eventually(async () => assert.ok((await wb.notifications()).some((toast) => /plain: matches OpenClaw's run of 2026-12-01 12:00 UTC/.test(toast.message))));

    // One edit, typed and not saved: the difference names the file.
    await wb.openFile('plain/SOUL.md');
    await wb.typeInEditor(' Warm.', { at: 'end' });
    await eventually(
      async () => assert.match(await sessionsText(frame, 'sessions-last-run'), /differs from OpenClaw's run of 2026-12-01 12:00 UTC: SOUL\.md \(rawChars: run 27, now \d+\)/),
      SLOW,
    );
  });
});
