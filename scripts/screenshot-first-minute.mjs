// Screenshots of the first minute for the README, taken in the packaged VSIX installed
// into code-server: the walkthrough, and the `persona-studio` check task filling Problems.
//
//   flock /tmp/persona-e2e.lock node scripts/screenshot-first-minute.mjs [--out docs/images]
//
// Writes walkthrough.png and check-task.png. Works on a temporary copy of the examples
// whose MEMORY.md grew past its cap; the checkout is not written to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { growPastCap } from './growPastCap.mjs';
import { settleAndShoot } from './settleAndShoot.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = path.resolve(outIndex >= 0 ? process.argv[outIndex + 1] : path.join(repo, 'docs/images'));
const say = (line) => console.log(`[screenshot] ${line}`);

const { packageVsix } = tsxRequire('../test/e2e/harness/vsix.ts', import.meta.url);
const { startCodeServer } = tsxRequire('../test/e2e/harness/codeServer.ts', import.meta.url);
const { launchBrowser } = tsxRequire('../test/e2e/harness/browser.ts', import.meta.url);
const { Workbench } = tsxRequire('../test/e2e/harness/workbench.ts', import.meta.url);
const { waitForValue } = tsxRequire('../test/e2e/harness/eventually.ts', import.meta.url);

const vsix = packageVsix();
say(`installing ${path.relative(repo, vsix)}`);
const server = await startCodeServer({ vsix, settings: { 'workbench.colorTheme': 'Default Dark Modern', 'breadcrumbs.enabled': false } });
const browser = await launchBrowser();
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-'));
const root = path.join(home, 'examples');
const patience = { timeout: 90_000 };
try {
  fs.mkdirSync(out, { recursive: true });
  fs.cpSync(path.join(repo, 'examples'), root, { recursive: true });
  growPastCap(path.join(root, 'ava/MEMORY.md'));
  const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1440, height: 900 } });
  await wb.waitForActivation('Persona Studio', patience);

  await wb.runCommand('Welcome: Open Walkthrough...');
  await wb.fillQuickInput('Persona Studio', { submit: false });
  await waitForValue(
    () => wb.quickInputItems(),
    (items) => items.some((item) => item.label === 'Get Started with Persona Studio'),
    'the walkthrough listed',
    patience,
  );
  await wb.pickQuickInputItem('Get Started with Persona Studio');
  await wb.page.locator('.gettingStartedSlideDetails .getting-started-step').first().waitFor(patience);
  await wb.page.waitForTimeout(1500); // the step's media fades in
  await settleAndShoot(wb, path.join(out, 'walkthrough.png'));
  await wb.close();

  // A fresh window for the task, so no picker of the walkthrough lingers.
  const tasks = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1440, height: 900 } });
  await shootCheckTask(tasks);
  await tasks.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(home, { recursive: true, force: true });
}

/** Tasks: Run Task → persona-studio → check, then the Problems panel it fills. */
async function shootCheckTask(wb) {
  await wb.waitForActivation('Persona Studio', patience);
  await wb.runCommand('Tasks: Run Task');
  await waitForValue(
    () => wb.quickInputItems(),
    (items) => items.some((item) => item.label === 'persona-studio'),
    'the task type',
    patience,
  );
  await wb.pickQuickInputItem('persona-studio');
  const items = await waitForValue(
    () => wb.quickInputItems(),
    (shown) => shown.some((item) => /: check\b/.test(item.label)),
    'the check task',
    patience,
  );
  await wb.pickQuickInputItem(items.find((item) => /: check\b/.test(item.label)).label);
  await waitForValue(
    () => wb.problems(),
    (shown) => shown.some((problem) => problem.source === 'persona-studio'),
    'the task problems',
    patience,
  );
  await settleAndShoot(wb, path.join(out, 'check-task.png'));
}
