// Keystroke-to-preview latency in a real VS Code (code-server), for our soul preview and,
// in the same run on the same file, for VS Code's own Markdown preview: the ratio is the
// result, as absolute times depend on the machine.
import { openWorkspace, WebviewKind, Workbench } from '../test/e2e/harness';
import { beginTest, finishTest, stopSession } from '../test/e2e/harness/session';

/** Pause between keys (BENCH_KEY_DELAY ms): 0 types as fast as the browser takes keys. */
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY ?? 0);
const MARKDOWN: WebviewKind = { extensionId: 'vscode.markdown-language-features', view: false };

export interface LatencyRow {
  readonly file: string;
  readonly preview: string;
  readonly samples: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A persona file of about `bytes` bytes of ordinary prose. */
function prose(bytes: number): string {
  const paragraph = 'You are Ava, a calm and precise ops assistant. You never guess a balance; you look it up.\n\n';
  return paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)));
}

/**
 * Types `samples` unique words at the start of the file and times, for each, the last
 * keystroke to the moment the webview's document first contains the word. A mutation
 * observer inside the webview stamps the moment; both clocks are this machine's.
 */
async function measure(wb: Workbench, kind: WebviewKind, samples: number): Promise<number[]> {
  const body = (await wb.webview(kind)).locator('body');
  await body.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, number>; __words: string[] };
    w.__seen = {};
    w.__words = [];
    const check = () => {
      const text = document.body.textContent ?? '';
      for (const word of w.__words) if (!(word in w.__seen) && text.includes(word)) w.__seen[word] = Date.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const word = `zq${i}x${Math.random().toString(36).slice(2, 6)}`;
    await body.evaluate((_, w: string) => (window as unknown as { __words: string[] }).__words.push(w), word);
    await wb.focusEditor();
    await wb.page.keyboard.type(word.slice(0, -1), { delay: KEY_DELAY_MS });
    await new Promise((resolve) => setTimeout(resolve, KEY_DELAY_MS));
    const sent = Date.now();
    await wb.page.keyboard.press(word.slice(-1));
    const seen = await waitFor(() => body.evaluate((_, w: string) => (window as unknown as { __seen: Record<string, number> }).__seen[w], word));
    latencies.push(seen - sent);
    await wb.page.keyboard.press('Enter');
  }
  return latencies;
}

async function waitFor(read: () => Promise<number | undefined>, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the preview never showed the typed word');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A persona whose SOUL.md has `bytes` bytes, and whose six other files have `others` bytes each. */
function persona(bytes: number, others: number): Record<string, string> {
  const files: Record<string, string> = { 'ava/SOUL.md': prose(bytes) };
  for (const name of ['AGENTS.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md']) files[`ava/${name}`] = others ? prose(others) : 'Be concise.\n';
  return files;
}

async function latencyFor(label: string, files: Record<string, string>, samples: number): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = [];
  for (const [preview, command, kind] of [
    ['Persona Studio soul preview', 'Persona: Open Soul Preview to the Side', 'personaStudio.preview'],
    ['VS Code Markdown preview', 'Markdown: Open Preview to the Side', MARKDOWN],
  ] as const) {
    // Each measurement is one workspace, opened and closed as a test's would be.
    beginTest();
    try {
      const wb = await openWorkspace({ files });
      await wb.openFile('ava/SOUL.md');
      await wb.runCommand(command);
      await wb.webview(kind, { timeout: 120_000 });
      await wb.moveCursor('start');
      await measure(wb, kind, 2); // warm-up, not counted
      const latencies = await measure(wb, kind, samples);
      if (process.env.BENCH_VERBOSE) console.log(`${label}, ${preview}: ${latencies.join(' ')} ms`);
      rows.push({ file: label, preview, samples, medianMs: quantile(latencies, 0.5), p95Ms: quantile(latencies, 0.95) });
    } finally {
      await finishTest(undefined);
    }
  }
  return rows;
}

export async function benchEditor(samples = Number(process.env.BENCH_SAMPLES ?? 20)): Promise<LatencyRow[]> {
  try {
    const only = process.env.BENCH_FILES?.split(',');
    const big = 2 * 1024 * 1024 - 4096;
    const cases: Array<[string, string, Record<string, string>]> = [
      ['10KB', 'SOUL.md 10 KB', persona(10 * 1024, 0)],
      ['2MB', 'SOUL.md 2 MB', persona(big, 0)],
      // The soul preview holds all seven; the Markdown preview shows SOUL.md alone.
      ['7x2MB', 'SOUL.md 2 MB of 7 × 2 MB', persona(big, big)],
    ];
    const rows: LatencyRow[] = [];
    for (const [key, label, files] of cases) if (!only || only.includes(key)) rows.push(...(await latencyFor(label, files, samples)));
    return rows;
  } finally {
    await stopSession();
  }
}
