// OpenClaw releases in the real VS Code: the release (the installed one the `openclaw` on PATH
// belongs to, or personaStudio.openclaw.version) decides which files are loaded, under which
// caps and header (2026.7.35 loads TOOLS.md, 2026.9.6 does not, and shows the prompt after
// `openclaw doctor --fix`), and from 2026.8 a bootstrap file that is a link is refused, in the
// preview and Problems.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentsAfterToolsMigration, openclawAfterDoctor } from '../../src/core';
import { eventually, openWorkspace } from './harness';
import { openPreviewOf, previewSoul } from './soulPreview';
import { descriptionOf as description } from './personaTree';
import { statusTooltip } from './statusTooltip';

const CLI = path.resolve('dist/cli.js');
const SLOW = { timeout: 60_000 };

/** What `persona-studio compose --runtime openclaw --openclaw-version V --part all` prints for these files (the stock plugins' skills, then the Project Context). */
function openclawCompose(release: string, files: Record<string, string>, workspacePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-expected-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const args = [CLI, 'compose', '--runtime', 'openclaw', '--openclaw-version', release, '--part', 'all', '--workspace-path', workspacePath, dir];
    return execFileSync(process.execPath, args).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const RUNTIME_ID = 'persona-studio.persona-studio.personaStudio.runtime';

/** A global npm prefix holding a stub `openclaw` package at `version`, with npm's link in bin/: its bin/ goes on PATH. */
function installedStub(version: string): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-openclaw-'));
  const pkg = path.join(prefix, 'lib', 'node_modules', 'openclaw');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version, bin: { openclaw: 'openclaw.mjs' } }));
  fs.writeFileSync(path.join(pkg, 'openclaw.mjs'), '#!/usr/bin/env node\n', { mode: 0o755 });
  fs.mkdirSync(path.join(prefix, 'bin'));
  fs.symlinkSync('../lib/node_modules/openclaw/openclaw.mjs', path.join(prefix, 'bin', 'openclaw'));
  return prefix;
}

const settings = (release: string) => JSON.stringify({ 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.version': release });

describe('OpenClaw releases', function () {
  this.timeout(300_000);
  const stubs: string[] = [];
  after(() => stubs.forEach((stub) => fs.rmSync(stub, { recursive: true, force: true })));

  it('the openclaw on PATH is 2026.7.35: it loads TOOLS.md under its header; set to 2026.9.6, TOOLS.md is not loaded, and the preview after doctor --fix has it in a cut AGENTS.md; each exactly as composed', async () => {
    // AGENTS.md near its 20,000-char cap: with TOOLS.md merged in, doctor's AGENTS.md is cut.
    const files = {
      'AGENTS.md': `# Agents\n\n## Tools\n\n${'Be concise. '.repeat(1600)}\n`,
      'SOUL.md': 'Calm and precise.\n',
      'TOOLS.md': `# Tools\n\n${'- Use the calculator.\n'.repeat(100)}`,
    };
    // No release set: the one installed, found from the `openclaw` command on PATH without running it.
    const stub = installedStub('2026.7.35');
    stubs.push(stub);
    const wb = await openWorkspace({
      files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])),
      settings: { 'personaStudio.runtime': 'openclaw' },
      pathFirst: path.join(stub, 'bin'),
    });
    const folder = wb.path('ava');
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const old = openclawCompose('2026.7.35', files, folder);
    assert.ok(old.includes(`## ${folder}/TOOLS.md\n# Tools\n\n- Use the calculator.`), 'TOOLS.md is in 2026.7.35’s block');
    await eventually(async () => assert.equal(await previewSoul(frame), old), SLOW);
    await wb.showContainer();
    // Loaded, and measured in chars against 2026.7's 20,000 cap.
    await eventually(async () => assert.match(await description(wb, 'ava', 'TOOLS.md'), /^[\d,]+ chars · [<\d.]+ %$/), SLOW);
    await wb.openFile('ava/SOUL.md');
    assert.match(await eventually(() => statusTooltip(wb, RUNTIME_ID, 'Runtime:'), SLOW), /Runtime: OpenClaw 2026\.7\.35, installed/);

    wb.writeFiles({ '.vscode/settings.json': settings('2026.9.6') });
    const now = openclawCompose('2026.9.6', files, folder);
    assert.ok(!now.includes('TOOLS.md'), 'TOOLS.md is not in 2026.9.6’s block');
    await eventually(async () => assert.equal(await previewSoul(frame), now), SLOW);
    await eventually(async () => assert.equal(await description(wb, 'ava', 'TOOLS.md'), 'not loaded by OpenClaw · doctor --fix: into AGENTS.md'), SLOW);
    assert.match(await frame.locator('#missing').innerText(), /Not loaded by OpenClaw[^\n]*: TOOLS\.md/);
    const agents = frame.locator('[data-name="AGENTS.md"]').first();
    assert.equal(await agents.getAttribute('data-status'), 'sent');

    // The prompt after doctor --fix: nothing is written, the preview shows AGENTS.md with TOOLS.md merged, cut.
    const input = { dir: folder, files: new Map(Object.entries(files).map(([name, text]) => [name, { kind: 'text' as const, text }])) };
    const after = openclawAfterDoctor(input, { openclawRelease: '2026.9.6' })!;
    const merged = agentsAfterToolsMigration(files['AGENTS.md'], files['TOOLS.md']);
    assert.equal(after.composition.files.find((file) => file.name === 'AGENTS.md')?.text, merged);
    // The command acts on the active preview tab: focus it first.
    await frame.locator('#soul').click();
    await wb.runCommand('Persona: Show the Prompt After openclaw doctor --fix (or As It Is)');
    await eventually(async () => assert.equal(await previewSoul(frame), after.composition.text), SLOW);
    await eventually(async () => assert.equal(await agents.getAttribute('data-status'), 'cut'), SLOW);
    assert.match(await frame.locator('#runtime-total').innerText(), /after openclaw doctor --fix/);
    assert.equal(fs.readFileSync(wb.path('ava/TOOLS.md'), 'utf8'), files['TOOLS.md'], 'TOOLS.md is still on disk');
    assert.equal(fs.readFileSync(wb.path('ava/AGENTS.md'), 'utf8'), files['AGENTS.md'], 'AGENTS.md is as it was');
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
      assert.ok(
        problems.some((problem) => /does not read a bootstrap file through a symbolic link/.test(problem.message)),
        JSON.stringify(problems),
      );
    }, SLOW);
  });
});
