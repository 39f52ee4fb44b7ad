// The browser build (package.json's `browser` entry) in code-server's web worker extension
// host, as on github.dev and vscode.dev: `remote.extensionKind` set to ["web"] for this
// extension moves it there from the Node host. A user sees the same tree and the same
// soul as in the Node host, and typing updates the preview.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FrameLocator } from 'playwright-core';
import { eventually, openWorkspace, Workbench } from './harness';
import { filesOf } from './personaTree';

const EXTENSION_ID = 'persona-studio.persona-studio';
const IN_WEB_WORKER = { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } };
const EXAMPLE = path.resolve('examples/ava');
const CLI = path.resolve('dist/cli.js');
const BOOTSTRAP_FILES = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'];

/** The bundled example persona, as files of a workspace under `ava/`. */
function examplePersona(): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(EXAMPLE).map((name) => [`ava/${name}`, fs.readFileSync(path.join(EXAMPLE, name), 'utf8')]));
}

/** The soul of a folder as `persona-studio compose` prints it, byte for byte. */
function cliSoul(dir: string): string {
  return execFileSync(process.execPath, [CLI, 'compose', dir], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
}

/** The soul of the example with its SOUL.md replaced, as the CLI composes it. */
function cliSoulWith(soul: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-expected-'));
  try {
    fs.cpSync(EXAMPLE, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SOUL.md'), soul);
    return cliSoul(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The soul as the preview holds it: its `.soul-text` parts, in order. */
function previewSoul(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
}

/** The text of the "Persona Studio" output channel, as the Output panel shows it. */
async function outputChannel(wb: Workbench, name = 'Persona Studio'): Promise<string> {
  await wb.runCommand('Output: Show Output Channels...');
  await wb.pickQuickInputItem(name);
  const view = wb.page.locator('.part.panel .output-view .monaco-editor').first();
  await view.click();
  await wb.page.evaluate(() => navigator.clipboard.writeText(''));
  await wb.page.keyboard.press('Control+A');
  await wb.page.keyboard.press('Control+C');
  return wb.page.evaluate(() => navigator.clipboard.readText());
}

/** The log line the extension writes on activation names the host it runs in. */
async function hostKind(wb: Workbench): Promise<string> {
  return eventually(
    async () => {
      const match = /activated in \d+ ms in the (.+?);/.exec(await outputChannel(wb));
      assert.ok(match, 'the activation line in the Persona Studio output channel');
      return match[1];
    },
    { timeout: 60_000 },
  );
}

/** Rows under the example persona once all seven files show a size. */
async function exampleRows(wb: Workbench): Promise<string[]> {
  await wb.showContainer();
  return eventually(
    async () => {
      const rows = await filesOf(wb, 'ava');
      assert.deepEqual(
        rows.map((row) => row.split(' | ')[0]),
        BOOTSTRAP_FILES,
      );
      for (const row of rows) assert.match(row, / \| \d[\d,.]* (B|KB) · /, `a size in "${row}"`);
      return rows;
    },
    { timeout: 90_000 },
  );
}

describe('Web extension', () => {
  it('runs in the web worker extension host and lists the example persona as the Node host does', async () => {
    const node = await openWorkspace({ files: examplePersona() });
    const expected = await exampleRows(node);
    assert.equal(await hostKind(node), 'Node extension host');

    const web = await openWorkspace({ files: examplePersona(), settings: IN_WEB_WORKER });
    assert.deepEqual(await exampleRows(web), expected);
    assert.equal(await hostKind(web), 'web worker extension host');
    assert.ok(
      web.console.some((line) => line.includes('The web worker extension host is started')),
      'code-server started its web worker extension host',
    );
  });

  it('shows the composed soul in the web worker host and follows typing before a save', async () => {
    const wb = await openWorkspace({ files: examplePersona(), settings: IN_WEB_WORKER });
    await wb.openFile('ava/SOUL.md');
    await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
    await wb.runCommand('Persona: Open Soul Preview to the Side');
    const frame = await wb.webview('personaStudio.preview', { timeout: 90_000 });
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoul(wb.path('ava'))), { timeout: 60_000 });

    const typed = ' Answers in the browser too.';
    await wb.typeInEditor(typed, { at: 'end' });
    const soul = fs.readFileSync(path.join(EXAMPLE, 'SOUL.md'), 'utf8') + typed;
    await eventually(async () => assert.equal(await previewSoul(frame), cliSoulWith(soul)));
    assert.equal(await wb.readFile('ava/SOUL.md'), fs.readFileSync(path.join(EXAMPLE, 'SOUL.md'), 'utf8'), 'nothing saved');
    assert.equal(await hostKind(wb), 'web worker extension host');
  });
});
