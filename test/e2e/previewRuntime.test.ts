// The soul preview under a chosen runtime, in a real VS Code: with OpenClaw it shows
// exactly the Project Context block the CLI composes (markers included), the kept and
// dropped counts its marker states, the files OpenClaw does not load, and the dropped
// middle on request, marked as dropped and never part of the soul's text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace } from './harness';
import { openPreviewOf, previewSoul } from './soulPreview';

const CLI = path.resolve('dist/cli.js');

/**
 * What `persona-studio compose --runtime R` prints for these files, with the headings of
 * `workspacePath`; under OpenClaw with the `## Skills` section before it (the stock plugins' skills), as the preview shows it.
 */
function cliCompose(runtime: string, files: Record<string, string>, workspacePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-expected-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const args = [CLI, 'compose', '--runtime', runtime, ...(runtime === 'openclaw' ? ['--part', 'all'] : []), '--workspace-path', workspacePath, dir];
    return execFileSync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 30,000 characters in 1,000 numbered lines, so the cut falls inside known lines. */
const SOUL = Array.from({ length: 1000 }, (_, i) => `Soul line ${String(i).padStart(4, '0')}: calm, precise ·`.padEnd(29, '.')).join('\n') + '\n';
const count = (n: number) => n.toLocaleString('en-US');

describe('Soul preview under a runtime', function () {
  this.timeout(300_000);

  it('shows OpenClaw’s text exactly, its counts, what it does not load, and the dropped middle on request; typing updates it before saving', async () => {
    assert.ok(SOUL.length >= 30_000);
    const files = { 'AGENTS.md': 'Be concise. Never guess a balance.\n', 'SOUL.md': SOUL, 'TOOLS.md': 'Use the calculator.\n' };
    const wb = await openWorkspace({
      files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])),
      settings: { 'personaStudio.runtime': 'openclaw' },
    });
    const folder = wb.path('ava');
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const expected = cliCompose('openclaw', files, folder);
    const kept = /kept (\d+)\+(\d+) chars of (\d+)/.exec(expected);
    assert.ok(kept, 'the CLI’s text has the OpenClaw marker');
    const [head, tail, total] = kept.slice(1).map(Number);
    assert.equal(total, SOUL.trimEnd().length);

    await eventually(async () => assert.equal(await previewSoul(frame), expected), { timeout: 60_000 });
    assert.match(await previewSoul(frame), /^## Skills\n[\s\S]*\n# Project Context\n/, 'the stock plugins’ skills, then the preamble');
    const section = frame.locator('.section[data-name="SOUL.md"]');
    assert.equal(await section.getAttribute('data-status'), 'cut');
    // OpenClaw's own size of a file: its text without trailing white space.
    const percent = (SOUL.trimEnd().length / 20_000) * 100;
    assert.equal(await section.locator('.size').innerText(), `${count(SOUL.trimEnd().length)} chars · ${Number.isInteger(percent) ? percent : percent.toFixed(1)} % of 20,000`);
    assert.equal(await section.locator('.counts').innerText(), `kept ${count(head)} + ${count(tail)} · dropped ${count(total - head - tail)} chars`);
    assert.match(
      await section.locator('.marker').innerText(),
      new RegExp(`\\[\\.\\.\\.truncated, read SOUL\\.md for full content\\.\\.\\.\\]\\n…\\(truncated SOUL\\.md: kept ${head}\\+${tail} chars of ${total}\\)…`),
    );
    assert.match(await frame.locator('#missing').innerText(), /Not loaded by OpenClaw[^\n]*: TOOLS\.md HEARTBEAT\.md/);
    assert.equal(await frame.locator('.section[data-name="TOOLS.md"]').count(), 0, 'TOOLS.md is not a section');
    assert.match(await frame.locator('#runtime-total').innerText(), /^OpenClaw [\d.]+: [\d,]+ of 60,000 chars/);

    // Reveal: the dropped middle, in place, marked as dropped, outside the soul's text.
    await section.locator('.reveal').click();
    const dropped = section.locator('.dropped');
    await eventually(async () => assert.equal(await dropped.locator('.dropped-text').evaluate((node) => node.textContent), SOUL.slice(head, total - tail)));
    assert.equal(await dropped.locator('.dropped-label').innerText(), `Dropped by OpenClaw 2026.9.6: ${count(total - head - tail)} chars`);
    const look = await dropped.evaluate((node) => {
      const text = node.querySelector('.dropped-text') as HTMLElement;
      const marker = node.parentElement!.querySelector('.marker') as HTMLElement;
      return {
        struck: getComputedStyle(text).textDecorationLine,
        select: getComputedStyle(node).userSelect,
        beforeMarker: (node.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      };
    });
    assert.deepEqual(look, { struck: 'line-through', select: 'none', beforeMarker: true });
    assert.equal(await section.locator('.reveal').getAttribute('aria-pressed'), 'true');
    assert.equal(await previewSoul(frame), expected, 'the revealed text is no part of the soul');

    // Typing at the top of SOUL.md: the head, the marker's count and the dropped text follow, unsaved.
    await wb.page.locator('.tab', { hasText: 'SOUL.md' }).click();
    await wb.typeInEditor('Hi. ', { at: { line: 1, column: 1 } });
    const typed = { ...files, 'SOUL.md': 'Hi. ' + SOUL };
    const typedExpected = cliCompose('openclaw', typed, folder);
    await eventually(async () => assert.equal(await previewSoul(frame), typedExpected), { timeout: 60_000 });
    const typedTotal = typed['SOUL.md'].trimEnd().length;
    await eventually(async () => assert.equal(await dropped.locator('.dropped-text').evaluate((node) => node.textContent), typed['SOUL.md'].slice(head, typedTotal - tail)));
    assert.equal(wb.readFile('ava/SOUL.md'), SOUL, 'nothing was saved');

    // Hidden again from the header's button.
    await section.locator('.reveal').click();
    await eventually(async () => assert.equal(await dropped.isHidden(), true));

    // Back to toolnexus: today's view.
    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ 'personaStudio.runtime': 'toolnexus' }) });
    await eventually(async () => assert.ok((await previewSoul(frame)).startsWith('## AGENTS.md\n\nBe concise.')), { timeout: 60_000 });
    await eventually(async () => assert.match(await frame.locator('.section[data-name="SOUL.md"] .size').innerText(), / bytes · .* of 2 MB$/));
    assert.equal(await frame.locator('.section[data-name="TOOLS.md"]').count(), 1);
  });

  it('reveals a toolnexus cut at the end of the file, bounded, from the title bar', async () => {
    const memory = 'memory line of text\n'.repeat(110_000); // 2,200,000 bytes: 102,848 dropped
    const wb = await openWorkspace({ files: { 'ava/SOUL.md': 'You are Ava.\n', 'ava/MEMORY.md': memory } });
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const section = frame.locator('.section[data-name="MEMORY.md"]');
    await eventually(async () => assert.equal(await section.getAttribute('data-state'), 'over'), { timeout: 60_000 });
    assert.equal(await section.locator('.counts').innerText(), 'kept 2,097,152 · dropped 102,848 bytes');
    await wb.page.locator('.tab', { hasText: 'Soul: ava' }).click();
    await wb.runCommand('Persona: Show or Hide Dropped Text');
    const dropped = section.locator('.dropped');
    await eventually(async () => assert.equal(await dropped.isVisible(), true), { timeout: 60_000 });
    const shown = await dropped.locator('.dropped-text').evaluate((node) => node.textContent ?? '');
    assert.equal(shown, memory.slice(2_097_152, 2_097_152 + 64 * 1024));
    assert.equal(await dropped.locator('.dropped-more').innerText(), `… ${count(102_848 - 64 * 1024)} more bytes`);
    assert.equal(await section.locator('.notice').innerText(), '[truncated: exceeds 2 MB bootstrap cap]');
  });
});
