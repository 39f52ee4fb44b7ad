// Tokens in a real VS Code (code-server): keystroke to preview with tokens on against
// tokens off (same run, same file), and the time from the last keystroke until the
// preview shows the new token counts of the section and of the soul.
import { runtimeProfile } from '../src/core/runtimes';
import type { FileContent } from '../src/core/runtimes/profile';
import { countTokens } from '../src/core/tokensCount';
import type { Workbench } from '../test/e2e/harness';
import { inWorkspace, measure, persona, quantile, waitFor } from './editorParts';

const KIND = 'personaStudio.preview';
const count = (n: number) => n.toLocaleString('en-US');

export interface TokenLatencyRow {
  readonly file: string;
  readonly samples: number;
  /** Keystroke to preview text, median, with tokens off and on. */
  readonly offMs: number;
  readonly onMs: number;
  readonly 'on / off': number;
  /** Last keystroke to the new counts shown (section and soul), median and 95th percentile. */
  readonly settleMs: number;
  readonly settleP95Ms: number;
}

interface Watch {
  __want?: { section: string; total: string };
  __settled?: number;
}

/** What the preview must show for these files: SOUL.md's tokens and the soul's (toolnexus, o200k_base). */
function shownFor(files: Record<string, string>, dir: string): { section: string; total: string } {
  const contents = new Map<string, FileContent>(Object.entries(files).map(([name, text]) => [name.replace(/^ava\//, ''), { kind: 'text', text }]));
  const composition = runtimeProfile('toolnexus').compose({ dir, files: contents }, {});
  const soul = composition.files.find((file) => file.name === 'SOUL.md')!;
  return { section: `${count(countTokens(soul.section, 'o200k_base'))} tokens`, total: `${count(countTokens(composition.text, 'o200k_base'))} tokens of ` };
}

async function openPreview(wb: Workbench): Promise<void> {
  await wb.openFile('ava/SOUL.md');
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  await wb.webview(KIND, { timeout: 120_000 });
  await wb.moveCursor('start');
}

/**
 * Types a unique word at the start of SOUL.md, `samples` times, and times the last key
 * to the moment a mutation observer in the webview sees both new counts.
 */
async function settle(wb: Workbench, files: Record<string, string>, samples: number): Promise<number[]> {
  const body = (await wb.webview(KIND)).locator('body');
  await body.evaluate(() => {
    const w = window as unknown as Watch;
    const check = () => {
      const want = w.__want;
      if (!want || w.__settled !== undefined) return;
      const section = document.querySelector('.section[data-name="SOUL.md"] .tokens')?.textContent ?? '';
      const total = document.getElementById('tokens-total')?.textContent ?? '';
      if (section === want.section && total.startsWith(want.total)) w.__settled = Date.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const soul = files['ava/SOUL.md'];
  let typed = '';
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const word = `zq${i}x${Math.random().toString(36).slice(2, 6)}`;
    const want = shownFor({ ...files, 'ava/SOUL.md': typed + word + soul }, wb.path('ava'));
    await body.evaluate((_, next) => {
      const w = window as unknown as Watch;
      w.__want = next;
      w.__settled = undefined;
    }, want);
    await wb.focusEditor();
    await wb.page.keyboard.type(word.slice(0, -1));
    const sent = Date.now();
    await wb.page.keyboard.press(word.slice(-1));
    const settled = await waitFor(() => body.evaluate(() => (window as unknown as Watch).__settled));
    times.push(settled - sent);
    await wb.page.keyboard.press('Enter');
    typed += `${word}\n`;
  }
  return times;
}

/** Workspace settings under which SOUL.md opens as Plain Text, out of the Markdown features' reach. */
export const PLAIN_TEXT = { 'files.associations': { 'SOUL.md': 'plaintext' } };

export async function benchEditorTokens(options: { samples: number; smoke: boolean }): Promise<TokenLatencyRow[]> {
  const big = 2 * 1024 * 1024 - 4096;
  const cases: Array<[string, () => Record<string, string>, Record<string, unknown>?]> = [
    ['SOUL.md 10 KB', () => persona(10 * 1024, 0)],
    ['SOUL.md 2 MB', () => persona(big, 0)],
    // VS Code's Markdown language features stall the shared extension host on a 2 MB
    // Markdown file (bench:host); as Plain Text the file is theirs no more.
    ['SOUL.md 2 MB, as Plain Text', () => persona(big, 0), PLAIN_TEXT],
  ];
  const rows: TokenLatencyRow[] = [];
  for (const [label, make, settings] of options.smoke ? cases.slice(0, 1) : cases) {
    const files = make();
    const warmUp = options.smoke ? 1 : 2;
    const off = await inWorkspace(
      files,
      async (wb) => {
        await openPreview(wb);
        await measure(wb, KIND, warmUp);
        return (await measure(wb, KIND, options.samples)).latencies;
      },
      { ...settings, 'personaStudio.tokens.encoding': 'off' },
    );
    const [on, settled] = await inWorkspace(
      files,
      async (wb) => {
        await openPreview(wb);
        // The worker's first load is not a keystroke's: wait for the first counts.
        const frame = await wb.webview(KIND);
        await waitFor(async () => ((await frame.locator('#tokens-total').textContent()) ? true : undefined), 120_000);
        // Settling first, while SOUL.md's text is known: the words it types go at the start.
        const settled = await settle(wb, files, Math.min(options.samples, label.includes('2 MB') ? 10 : options.samples));
        await measure(wb, KIND, warmUp);
        return [(await measure(wb, KIND, options.samples)).latencies, settled] as const;
      },
      settings,
    );
    const offMs = quantile(off, 0.5);
    const onMs = quantile(on, 0.5);
    if (process.env.BENCH_VERBOSE) console.log(`${label}: off ${off.join(' ')} · on ${on.join(' ')} · settle ${settled.join(' ')} ms`);
    rows.push({ file: label, samples: options.samples, offMs, onMs, 'on / off': onMs / offMs, settleMs: quantile(settled, 0.5), settleP95Ms: quantile(settled, 0.95) });
  }
  return rows;
}
