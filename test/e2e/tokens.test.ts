// Tokens in a real VS Code: each preview section's tokens and the soul's, the Personas
// tree's count and the status bar tooltip's line follow typing before saving, equal to
// the core's count of the text the chosen runtime sends, change with the encoding and the
// runtime, and vanish when off.
import assert from 'node:assert/strict';
import { FrameLocator } from 'playwright-core';
import { runtimeProfile } from '../../src/core/runtimes';
import type { FileContent, RuntimeId } from '../../src/core/runtimes/profile';
import { countTokens } from '../../src/core/tokensCount';
import { cacheNote, formatContextShare, formatTokensShort, TokenEncoding } from '../../src/core/tokens';
import { eventually, openWorkspace, Workbench } from './harness';
import { statusTooltip } from './statusTooltip';
import { personaRow } from './personaTree';

const count = (n: number) => n.toLocaleString('en-US');
const STATUS_ID = 'persona-studio.persona-studio.personaStudio.status';

/** SOUL.md's section as `runtime` sends it, and the whole composed text, as the extension composes them. */
function composed(runtime: RuntimeId, files: Record<string, string>, folder: string): { section: string; text: string } {
  const contents = new Map<string, FileContent>(Object.entries(files).map(([name, text]) => [name, { kind: 'text', text }]));
  const options = runtime === 'toolnexus' ? {} : { workspacePath: folder, ...(runtime === 'openclaw' ? { session: 'main' as const } : {}) };
  const composition = runtimeProfile(runtime).compose({ dir: folder, files: contents }, options);
  const soul = composition.files.find((file) => file.name === 'SOUL.md');
  assert.ok(soul, 'SOUL.md is composed');
  return { section: soul.section, text: composition.text };
}

/** What the preview should show for these files: SOUL.md's tokens and the soul's. */
function expected(runtime: RuntimeId, encoding: TokenEncoding, files: Record<string, string>, folder: string) {
  const { section, text } = composed(runtime, files, folder);
  return { soul: countTokens(section, encoding), total: countTokens(text, encoding) };
}

async function shownTokens(frame: FrameLocator): Promise<{ soul: string; total: string; cost: string }> {
  return frame.locator('body').evaluate(() => {
    const visible = (selector: string) => {
      const node = document.querySelector(selector) as HTMLElement | null;
      return node && !node.hidden ? (node.textContent ?? '') : '';
    };
    return { soul: visible('.section[data-name="SOUL.md"] .tokens'), total: visible('#tokens-total'), cost: visible('#tokens-cost') };
  });
}

/** The persona row's description in the Personas tree ("2 files · 120 B · 31 tokens"). */
async function avaDescription(wb: Workbench): Promise<string> {
  return (await personaRow(wb, 'ava'))?.description ?? '';
}

/** The status bar item's hover text, hovered afresh, for SOUL.md's persona (its editor focused). */
async function soulTooltip(wb: Workbench): Promise<string> {
  await wb.focusEditor();
  const text = await statusTooltip(wb, STATUS_ID, 'Total');
  await wb.page.mouse.move(0, 0);
  return text;
}

async function openPreviewOf(wb: Workbench, file: string): Promise<FrameLocator> {
  await wb.openFile(file);
  await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  return wb.webview('personaStudio.preview', { timeout: 90_000 });
}

describe('Tokens', function () {
  this.timeout(300_000);

  it('shows each section’s tokens and the soul’s as the runtime sends them, live while typing, per encoding and runtime, and none when off', async () => {
    // Latin, CJK and emoji: the encodings differ on each.
    const files = { 'AGENTS.md': 'Be concise. Never guess a balance.\n', 'SOUL.md': 'You are Ava, 冷静で正確な助手。 🦉\n' };
    // The stock plugins' skills off: the counts here are the Project Context's (skills.test.ts counts the section).
    const settings = { 'personaStudio.tokens.pricePerMillion': 2.5, 'personaStudio.openclaw.pluginSkills': false };
    const wb = await openWorkspace({ files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])), settings });
    const folder = wb.path('ava');
    await wb.showContainer();
    const frame = await openPreviewOf(wb, 'ava/SOUL.md');
    const check = async (runtime: RuntimeId, encoding: TokenEncoding, texts: Record<string, string>) => {
      const want = expected(runtime, encoding, texts, folder);
      await eventually(
        async () => {
          const shown = await shownTokens(frame);
          assert.equal(shown.soul, `${count(want.soul)} tokens`);
          assert.match(shown.total, new RegExp(`^${count(want.total)} tokens of 200,000 \\(`));
          assert.match(shown.cost, new RegExp(`^sent on every turn: ${count(want.total)} tokens ≈ \\$`));
        },
        { timeout: 60_000 },
      );
      // The tree's persona row and the status bar tooltip count the same whole text.
      await eventually(async () => assert.match(await avaDescription(wb), new RegExp(` · ${formatTokensShort(want.total, encoding)} tokens$`)), { timeout: 60_000 });
      await eventually(
        async () => {
          const tooltip = await soulTooltip(wb);
          assert.ok(tooltip.includes(`Tokens: ${formatContextShare(want.total, 200_000, encoding)}`), tooltip);
          assert.ok(tooltip.includes(`sent on every turn: ${count(want.total)} tokens ≈ $`), tooltip);
          const note = cacheNote(runtime);
          if (note) assert.ok(tooltip.includes(note.replace(/\s+/g, ' ')), tooltip);
        },
        { timeout: 60_000 },
      );
      return want;
    };

    const before = await check('toolnexus', 'o200k_base', files);

    // Typing, unsaved: the section's tokens and the total follow.
    await wb.typeInEditor(' Calm and precise, always; 一歩ずつ。', { at: 'end' });
    const typed = { ...files, 'SOUL.md': files['SOUL.md'] + ' Calm and precise, always; 一歩ずつ。' };
    const after = await check('toolnexus', 'o200k_base', typed);
    assert.ok(after.soul > before.soul && after.total > before.total);
    assert.equal(wb.readFile('ava/SOUL.md'), files['SOUL.md'], 'nothing was saved');

    // Another encoding counts the same text again.
    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ ...settings, 'personaStudio.tokens.encoding': 'cl100k_base' }) });
    const cl100k = await check('toolnexus', 'cl100k_base', typed);
    assert.notEqual(cl100k.total, after.total, 'cl100k_base counts this text differently');

    // Another runtime sends other text (its headings carry the folder's path).
    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ ...settings, 'personaStudio.tokens.encoding': 'cl100k_base', 'personaStudio.runtime': 'openclaw' }) });
    const openclaw = await check('openclaw', 'cl100k_base', typed);
    assert.notEqual(openclaw.soul, cl100k.soul, 'OpenClaw’s section is counted, not toolnexus’s');

    // Off: no token anywhere in the preview.
    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ 'personaStudio.tokens.encoding': 'off', 'personaStudio.runtime': 'openclaw' }) });
    await eventually(
      async () => {
        assert.deepEqual(await shownTokens(frame), { soul: '', total: '', cost: '' });
        assert.doesNotMatch(await frame.locator('body').innerText(), /tokens?\b/);
        assert.doesNotMatch(await avaDescription(wb), /tokens/);
        const tooltip = await soulTooltip(wb);
        assert.doesNotMatch(tooltip, /Tokens:|sent on every turn/, tooltip);
      },
      { timeout: 60_000 },
    );
  });
});
