// Screenshots of the extension in a real VS Code (code-server in Chromium) for the README:
// the example personas with the Persona Studio container, an open bootstrap file and the
// soul preview beside it. Run again whenever the UI changes:
//
//   flock /tmp/persona-e2e.lock node scripts/screenshot.mjs [--out docs/images] [--only tokens,openclaw-cut]
//
// Writes persona-studio.png (Ava, seven files), heartwood.png (Atlas, HEARTWOOD.md),
// cap-warning.png (a copy of Ava, in a temporary folder, whose MEMORY.md grew past its cap)
// tokens.png (a copy of Ava under OpenClaw with a price set: tokens and cost per turn) and
// openclaw-cut.png (a copy of Ava under OpenClaw whose SOUL.md of 30,000 chars it cuts) and
// compare.png (a copy of Ava in a git repository, SOUL.md grown past OpenClaw's cap since
// HEAD, compared with HEAD in the diff editor) and hermes-scanner.png (a copy of Ava under Hermes
// whose SOUL.md says "You are now a…": the Errors in Problems, the quick fix offered, the
// [BLOCKED: …] line in the preview).
// `--only NAME[,NAME…]` writes those pictures alone.
// What does not show up is left out of the picture, and said so.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { growPastCap } from './growPastCap.mjs';
import { bigSoul } from './openclawSoul.mjs';
import { settleAndShoot } from './settleAndShoot.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = path.resolve(outIndex >= 0 ? process.argv[outIndex + 1] : path.join(repo, 'docs/images'));
const examples = path.join(repo, 'examples');
const say = (line) => console.log(`[screenshot] ${line}`);
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1].split(',') : undefined;
/** Where OpenClaw's headings say the files are: an agent's workspace as OpenClaw lays it out. */
const AGENT_WORKSPACE = '/home/ava/.openclaw/workspace';
const wanted = (name) => only === undefined || only.includes(name);

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
const { waitForValue } = tsxRequire('../test/e2e/harness/eventually.ts', import.meta.url);

const server = await startCodeServer({
  settings: {
    'workbench.colorTheme': 'Default Dark Modern',
    'editor.wordWrap': 'on',
    'editor.occurrencesHighlight': 'off',
    'editor.selectionHighlight': false,
    'breadcrumbs.enabled': false,
  },
});
const browser = await launchBrowser();
try {
  fs.mkdirSync(out, { recursive: true });
  // The examples folder itself, opened as it is: nothing is written to it.
  const workspace = { root: examples, folders: [examples] };
  if (wanted('persona-studio') || wanted('heartwood')) {
    const wb = await Workbench.open(server, browser, workspace, { viewport: { width: 1440, height: 900 } });
    if (wanted('persona-studio')) await shoot(wb, 'ava/SOUL.md', { expand: ['ava'], collapse: ['atlas'] }, path.join(out, 'persona-studio.png'));
    await wb.runCommand('View: Close All Editors');
    if (wanted('heartwood')) await shoot(wb, 'atlas/HEARTWOOD.md', { expand: ['atlas', 'HEARTWOOD.md'], collapse: ['ava'] }, path.join(out, 'heartwood.png'));
    await wb.close();
  }
  if (wanted('cap-warning')) await shootCapWarning(path.join(out, 'cap-warning.png'));
  if (wanted('tokens')) await shootTokens(path.join(out, 'tokens.png'));
  if (wanted('openclaw-cut')) await shootOpenclawCut(path.join(out, 'openclaw-cut.png'));
  if (wanted('compare')) await shootCompare(path.join(out, 'compare.png'));
  if (wanted('hermes-scanner')) await shootHermesScanner(path.join(out, 'hermes-scanner.png'));
} finally {
  await browser.close();
  await server.stop();
}

async function shoot(wb, file, rows, target) {
  const patience = { timeout: 90_000 }; // a busy machine takes its time
  await wb.showContainer();
  try {
    await waitForValue(
      () => wb.treeRows(),
      (shown) => shown.some((row) => row.label === rows.expand[0]),
      'the personas in the tree',
      patience,
    );
    for (const [label, expanded] of [...rows.collapse.map((l) => [l, false]), ...rows.expand.map((l) => [l, true])]) {
      const row = wb.treeRow(label);
      if ((await row.getAttribute('aria-expanded')) === String(!expanded)) await row.locator('.monaco-tl-twistie').click();
    }
  } catch (error) {
    say(`the Personas view is not in the picture as planned (${firstLine(error)})`);
  }
  await wb.openFile(file);
  try {
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    await waitForValue(
      () => wb.webviewText('personaStudio.preview', patience),
      (text) => text.trim().length > 0,
      'the soul preview',
      patience,
    );
  } catch (error) {
    say(`no soul preview in the picture (${firstLine(error)})`);
  }
  await settleAndShoot(wb, target, { cursor: ['start'] });
}

/** Opens `file` and the soul preview beside it, and waits until the preview shows `shown` (said as `what`). */
async function previewShowing(wb, file, shown, what, patience) {
  await wb.showContainer();
  await wb.openFile(file);
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  await waitForValue(() => wb.webviewText('personaStudio.preview', patience), shown, what, patience);
}

/** Ava with a MEMORY.md a few lines past the 2 MB cap: the Problems entry, the squiggle from the cut, the red status item and the preview at the cut. */
async function shootCapWarning(target) {
  const { reportFile } = tsxRequire('../src/core/index.ts', import.meta.url);
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-')), 'examples');
  fs.cpSync(path.join(examples, 'ava'), path.join(root, 'ava'), { recursive: true });
  const memory = path.join(root, 'ava/MEMORY.md');
  const text = growPastCap(memory);
  const { cut } = reportFile('MEMORY.md', text);
  try {
    const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1440, height: 900 } });
    const patience = { timeout: 90_000 };
    await wb.showContainer();
    await wb.openFile('ava/MEMORY.md');
    await waitForValue(
      () => wb.problems(),
      (shown) => shown.some((problem) => problem.source === 'Persona Studio'),
      'the cap error in Problems',
      patience,
    );
    // The quick fix, as a user would pick it: the preview opens beside, at the cut.
    await wb.moveCursor({ line: cut.line + 1, column: cut.column + 1 });
    await wb.applyQuickFix('Open the soul preview at the cut');
    await waitForValue(
      () => wb.webviewText('personaStudio.preview', patience),
      (shown) => shown.includes('[truncated: exceeds 2 MB bootstrap cap]'),
      'the preview at the cut',
      patience,
    );
    // A few lines above the cut, so the squiggle and the kept lines both show.
    await settleAndShoot(wb, target, {
      cursor: [
        { line: Math.max(1, cut.line - 8), column: 1 },
        { line: cut.line + 1, column: cut.column + 1 },
      ],
    });
    await wb.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

/** Ava under OpenClaw with a price per million tokens: each section's tokens, the soul's share of the window, the cost of a turn. */
async function shootTokens(target) {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-')), 'examples');
  fs.cpSync(path.join(examples, 'ava'), path.join(root, 'ava'), { recursive: true });
  fs.mkdirSync(path.join(root, '.vscode'));
  fs.writeFileSync(
    path.join(root, '.vscode/settings.json'),
    JSON.stringify({ 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.workspacePath': AGENT_WORKSPACE, 'personaStudio.tokens.pricePerMillion': 2.5 }),
  );
  try {
    const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1440, height: 900 } });
    const patience = { timeout: 90_000 };
    await previewShowing(wb, 'ava/SOUL.md', (shown) => shown.includes('sent on every turn'), 'the tokens in the preview', patience);
    await settleAndShoot(wb, target, { cursor: ['start'] });
    await wb.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

/**
 * Ava under OpenClaw with a SOUL.md of about 30,000 chars: in the editor the note of what
 * OpenClaw keeps and the dropped middle dimmed (the sections before the cut folded, so both
 * show), the Problems entry, the tree (SOUL.md over its cap, TOOLS.md not loaded) and the
 * preview beside at OpenClaw's marker.
 */
async function shootOpenclawCut(target) {
  const { runtimeProfile } = tsxRequire('../src/core/index.ts', import.meta.url);
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-')), 'examples');
  fs.cpSync(path.join(examples, 'ava'), path.join(root, 'ava'), { recursive: true });
  const dir = path.join(root, 'ava');
  const openclaw = (soul) => {
    const files = new Map(fs.readdirSync(dir).map((name) => [name, { kind: 'text', text: fs.readFileSync(path.join(dir, name), 'utf8') }]));
    files.set('SOUL.md', { kind: 'text', text: soul });
    return runtimeProfile('openclaw')
      .compose({ dir, files }, { workspacePath: AGENT_WORKSPACE })
      .files.find((file) => file.name === 'SOUL.md');
  };
  const { text, measure, section } = bigSoul(openclaw);
  fs.writeFileSync(path.join(dir, 'SOUL.md'), text);
  fs.mkdirSync(path.join(root, '.vscode'));
  // Headings as in the agent's own workspace, not the temporary copy's path.
  fs.writeFileSync(path.join(root, '.vscode/settings.json'), JSON.stringify({ 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.workspacePath': AGENT_WORKSPACE }));
  try {
    const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1600, height: 1050 } });
    const patience = { timeout: 90_000 };
    await wb.showContainer();
    await waitForValue(
      () => wb.treeRows(),
      (rows) => rows.some((row) => row.label === 'TOOLS.md' && row.description === 'not loaded by OpenClaw'),
      'TOOLS.md not loaded, in the tree',
      patience,
    );
    await wb.openFile('ava/SOUL.md');
    await waitForValue(
      () => wb.problems(),
      (shown) => shown.some((problem) => problem.source === 'Persona Studio' && problem.file === 'SOUL.md'),
      'the cut in Problems',
      patience,
    );
    await wb.focusEditor();
    await wb.moveCursor('start');
    const lens = wb.page.locator('.part.editor .codelens-decoration').filter({ hasText: measure.note }).first();
    try {
      await lens.waitFor(patience);
    } catch (error) {
      const seen = await wb.page.locator('.part.editor .codelens-decoration').allTextContents();
      await wb.screenshot(path.join(os.tmpdir(), 'openclaw-cut-failed.png'));
      throw new Error(`no note "${measure.note}" above SOUL.md (lenses: ${JSON.stringify(seen)}; picture in ${os.tmpdir()}/openclaw-cut-failed.png): ${firstLine(error)}`);
    }
    // The note itself opens the preview beside, at OpenClaw's marker.
    await lens.locator('a').first().click();
    await waitForValue(
      () => wb.webviewText('personaStudio.preview', patience),
      (shown) => shown.includes('truncated'),
      'the preview at the marker',
      patience,
    );
    // The head's sections folded, the cut's section open: the note and the cut in one view.
    await wb.focusEditor();
    await wb.runCommand('Fold Level 2');
    await wb.moveCursor({ line: section });
    await wb.runCommand('Unfold');
    await settleAndShoot(wb, target, { cursor: ['start'] });
    await wb.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

/**
 * compare.png: a copy of Ava committed to a fresh repository, then its SOUL.md grown past
 * OpenClaw's cap (on disk, not committed); "Compare Soul with HEAD" shows both composed
 * prompts side by side, with the totals in the diff's title and its CodeLens.
 */
async function shootCompare(target) {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-')), 'examples');
  fs.cpSync(path.join(examples, 'ava'), path.join(root, 'ava'), { recursive: true });
  const dir = path.join(root, 'ava');
  fs.mkdirSync(path.join(root, '.vscode'));
  fs.writeFileSync(
    path.join(root, '.vscode/settings.json'),
    JSON.stringify({ 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.workspacePath': AGENT_WORKSPACE, 'git.enabled': true, 'diffEditor.codeLens': true }),
  );
  const git = (...args) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=Ava', '-c', 'user.email=ava@example.com', ...args], { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'Ava');
  const { text } = bigSoul((soul) => {
    const { runtimeProfile } = tsxRequire('../src/core/index.ts', import.meta.url);
    const files = new Map([['SOUL.md', { kind: 'text', text: soul }]]);
    return runtimeProfile('openclaw')
      .compose({ dir, files }, { workspacePath: AGENT_WORKSPACE })
      .files.find((file) => file.name === 'SOUL.md');
  });
  fs.writeFileSync(path.join(dir, 'SOUL.md'), text);
  try {
    const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1600, height: 1050 } });
    const patience = { timeout: 90_000 };
    await wb.showContainer();
    await waitForValue(
      () => wb.treeRows(),
      (rows) => rows.some((row) => row.label === 'SOUL.md'),
      'SOUL.md in the tree',
      patience,
    );
    await wb.runCommand('Persona: Compare Soul with HEAD…');
    await waitForValue(
      () => wb.activeEditor(),
      (tab) => /SOUL\.md became cut/.test(tab?.title ?? ''),
      'the diff editor',
      patience,
    );
    const lenses = wb.page.locator('.part.editor .codelens-decoration');
    const shown = () => lenses.evaluateAll((all) => all.filter((lens) => lens.checkVisibility() && lens.textContent.includes('became cut')).length);
    try {
      await waitForValue(shown, (count) => count > 0, 'the totals in a CodeLens', patience);
    } catch (error) {
      await wb.screenshot(path.join(os.tmpdir(), 'compare-failed.png'));
      throw new Error(`no lens (picture in ${os.tmpdir()}/compare-failed.png): ${firstLine(error)}`);
    }
    // At the top, where the lens says the totals.
    await settleAndShoot(wb, target, { cursor: ['start'] });
    await wb.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

/**
 * hermes-scanner.png: a copy of Ava under Hermes whose SOUL.md says "You are now a calm and
 * precise ops assistant" and whose memories/MEMORY.md has an entry that says "check in with":
 * both Errors in Problems, the quick fix menu on the phrase, the [BLOCKED: …] line in the preview.
 */
async function shootHermesScanner(target) {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-shot-')), 'examples');
  fs.cpSync(path.join(examples, 'ava'), path.join(root, 'ava'), { recursive: true });
  const soulPath = path.join(root, 'ava/SOUL.md');
  const soul = fs.readFileSync(soulPath, 'utf8').replace('You are Ava, a calm and precise ops assistant.', 'You are now a calm and precise ops assistant named Ava.');
  fs.writeFileSync(soulPath, soul);
  fs.mkdirSync(path.join(root, 'ava/memories'));
  fs.writeFileSync(path.join(root, 'ava/memories/MEMORY.md'), 'Dana leads the night shift.\n§\nAlways check in with Dana before paging anyone.\n');
  fs.mkdirSync(path.join(root, '.vscode'));
  fs.writeFileSync(path.join(root, '.vscode/settings.json'), JSON.stringify({ 'personaStudio.runtime': 'hermes' }));
  const line = soul.split('\n').findIndex((text) => text.startsWith('You are now')) + 1;
  try {
    const wb = await Workbench.open(server, browser, { root, folders: [root] }, { viewport: { width: 1600, height: 1000 } });
    const patience = { timeout: 90_000 };
    await previewShowing(wb, 'ava/SOUL.md', (shown) => shown.includes('[BLOCKED: SOUL.md'), 'the BLOCKED line in the preview', patience);
    await waitForValue(
      () => wb.problems(),
      (shown) => shown.filter((problem) => problem.code === 'scanner-blocks').length === 2,
      "the scanner's Errors in Problems",
      patience,
    );
    await wb.runCommand('Notifications: Clear All Notifications');
    await wb.moveCursor({ line, column: 9 });
    // The quick fixes on the phrase, open as a user would see them.
    await wb.page.keyboard.press('Control+.');
    await wb.page.locator('.action-widget .monaco-list-row').filter({ hasText: 'Reword to' }).first().waitFor(patience);
    await wb.page.mouse.move(0, 0);
    await wb.page.waitForTimeout(500);
    await wb.screenshot(target);
    say(`wrote ${path.relative(repo, target)}`);
    await wb.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

function firstLine(error) {
  return String(error?.message ?? error).split('\n')[0];
}
