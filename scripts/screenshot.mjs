// Screenshots of the extension in a real VS Code (code-server in Chromium) for the README:
// the example personas with the Persona Studio container, an open bootstrap file and the
// soul preview beside it. Run again whenever the UI changes:
//
//   node scripts/screenshot.mjs [--out docs/images]
//
// Writes persona-studio.png (Ava, seven files) and heartwood.png (Atlas, HEARTWOOD.md).
// What is not built yet is left out of the picture, and said so.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = path.resolve(outIndex >= 0 ? process.argv[outIndex + 1] : path.join(repo, 'docs/images'));
const examples = path.join(repo, 'examples');
const say = (line) => console.log(`[screenshot] ${line}`);

const paths = tsxRequire('../test/e2e/harness/paths.ts', import.meta.url);
try {
  paths.codeServerEntry();
  paths.chromiumPath();
} catch {
  const result = spawnSync('bash', [path.join(repo, 'scripts/provision.sh')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
execFileSync(process.execPath, [path.join(repo, 'scripts/build.mjs')], { cwd: repo, stdio: 'inherit' });

const { startCodeServer } = tsxRequire('../test/e2e/harness/codeServer.ts', import.meta.url);
const { launchBrowser } = tsxRequire('../test/e2e/harness/browser.ts', import.meta.url);
const { Workbench } = tsxRequire('../test/e2e/harness/workbench.ts', import.meta.url);

const server = await startCodeServer({
  settings: { 'workbench.colorTheme': 'Default Dark Modern', 'editor.wordWrap': 'on', 'breadcrumbs.enabled': false },
});
const browser = await launchBrowser();
try {
  fs.mkdirSync(out, { recursive: true });
  // The examples folder itself, opened as it is: nothing is written to it.
  const workspace = { root: examples, folders: [examples] };
  const wb = await Workbench.open(server, browser, workspace, { viewport: { width: 1440, height: 900 } });
  await shoot(wb, 'ava/SOUL.md', ['ava'], path.join(out, 'persona-studio.png'));
  await wb.runCommand('View: Close All Editors');
  await shoot(wb, 'atlas/HEARTWOOD.md', ['atlas'], path.join(out, 'heartwood.png'));
  await wb.close();
} finally {
  await browser.close();
  await server.stop();
}

async function shoot(wb, file, expand, target) {
  await wb.showContainer();
  for (const label of expand) {
    const row = wb.treeRow(label);
    if ((await row.count()) > 0 && (await row.getAttribute('aria-expanded')) === 'false') await row.click();
  }
  await wb.openFile(file);
  try {
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await wb.webview('personaStudio.preview', { timeout: 20_000 });
  } catch (error) {
    say(`no soul preview in the picture (${String(error.message ?? error).split('\n')[0]})`);
  }
  if ((await wb.treeRows()).length === 0) say('the Personas view shows no rows yet');
  await wb.runCommand('Notifications: Clear All Notifications');
  await wb.page.mouse.move(0, 0);
  await wb.screenshot(target);
  say(`wrote ${path.relative(repo, target)}`);
}
