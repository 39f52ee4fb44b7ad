// OpenClaw releases in the real VS Code: the release in personaStudio.openclaw.version decides
// which files are loaded, under which caps and header (2026.7.35 loads TOOLS.md, 2026.9.6 does
// not), and from 2026.8 a bootstrap file that is a link is refused, in the preview and Problems.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FrameLocator } from 'playwright-core';
import { eventually, openWorkspace, Workbench } from './harness';
import { descriptionOf as description } from './personaTree';

const CLI = path.resolve('dist/cli.js');
const SLOW = { timeout: 60_000 };

/** What `persona-studio compose --runtime openclaw --openclaw-version V` prints for these files. */
function openclawCompose(release: string, files: Record<string, string>, workspacePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-expected-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const args = [CLI, 'compose', '--runtime', 'openclaw', '--openclaw-version', release, '--workspace-path', workspacePath, dir];
    return execFileSync(process.execPath, args).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function previewSoul(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
}

async function openPreviewOf(wb: Workbench, file: string): Promise<FrameLocator> {
  await wb.openFile(file);
  await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  return wb.webview('personaStudio.preview', { timeout: 90_000 });
}

const settings = (release: string) => JSON.stringify({ 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.version': release });

describe('OpenClaw releases', function () {
  this.timeout(300_000);

  it('2026.7.35 loads TOOLS.md under its header; set to 2026.9.6, TOOLS.md is not loaded; each exactly as the CLI composes it', async () => {
    const files = { 'AGENTS.md': 'Be concise.\n', 'SOUL.md': 'Calm and precise.\n', 'TOOLS.md': 'Use the calculator.\n' };
    const wb = await openWorkspace({
      files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])),
      settings: { 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.version': '2026.7.35' },
    });
    const folder = wb.path('ava');
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const old = openclawCompose('2026.7.35', files, folder);
    assert.ok(old.includes(`## ${folder}/TOOLS.md\nUse the calculator.`), 'TOOLS.md is in 2026.7.35’s block');
    await eventually(async () => assert.equal(await previewSoul(frame), old), SLOW);
    await wb.showContainer();
    // Loaded, and measured in chars against 2026.7's 20,000 cap.
    await eventually(async () => assert.match(await description(wb, 'ava', 'TOOLS.md'), /^\d+ chars · <0\.1 %$/), SLOW);

    wb.writeFiles({ '.vscode/settings.json': settings('2026.9.6') });
    const now = openclawCompose('2026.9.6', files, folder);
    assert.ok(!now.includes('TOOLS.md'), 'TOOLS.md is not in 2026.9.6’s block');
    await eventually(async () => assert.equal(await previewSoul(frame), now), SLOW);
    await eventually(async () => assert.equal(await description(wb, 'ava', 'TOOLS.md'), 'not loaded by OpenClaw'), SLOW);
    assert.match(await frame.locator('#missing').innerText(), /Not loaded by OpenClaw[^\n]*: TOOLS\.md/);
  });

  it('a SOUL.md that is a link leading nowhere: refused from 2026.8, in the preview and in Problems', async () => {
    const wb = await openWorkspace({
      files: { 'ava/AGENTS.md': 'Be concise.\n' },
      settings: { 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.version': '2026.9.6' },
    });
    fs.symlinkSync('../nowhere/SOUL.md', wb.path('ava/SOUL.md'));
    const frame = await openPreviewOf(wb, 'ava/AGENTS.md');
    await eventually(async () => assert.ok((await previewSoul(frame)).includes(`## ${wb.path('ava')}/SOUL.md\n[UNREADABLE: symlink path component not allowed]`)), SLOW);
    await eventually(async () => {
      const problems = (await wb.problems()).filter((problem) => problem.source === 'Persona Studio' && problem.file === 'SOUL.md');
      assert.ok(problems.some((problem) => /does not read a bootstrap file through a symbolic link/.test(problem.message)), JSON.stringify(problems));
    }, SLOW);
  });
});
