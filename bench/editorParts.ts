// What the editor benchmarks share: timing keystrokes to a webview, personas of a size,
// and a workspace opened and closed as a test would.
import { openWorkspace, WebviewKind, Workbench } from '../test/e2e/harness';
import { beginTest, finishTest } from '../test/e2e/harness/session';

export const BOOTSTRAP = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'];

export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A persona file of about `bytes` bytes of ordinary prose. */
export function prose(bytes: number): string {
  const paragraph = 'You are Ava, a calm and precise ops assistant. You never guess a balance; you look it up.\n\n';
  return paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)));
}

interface Seen {
  __seen: Record<string, number>;
  __words: string[];
  __messages: unknown[];
}

/**
 * Types `samples` unique words at the start of the file and times, for each, the last
 * keystroke to the moment the webview's document first contains the word. A mutation
 * observer inside the webview stamps the moment; both clocks are this machine's. The
 * messages the webview receives meanwhile are kept, and sized once typing ends.
 * `keyDelayMs` is the pause between keys: 0 types as fast as the browser takes keys (a
 * burst, about 30 ms a key here), 120 is a fast typist's pace.
 */
export async function measure(wb: Workbench, kind: WebviewKind, samples: number, keyDelayMs = 0): Promise<{ latencies: number[]; bytes: number; messages: number; keys: number }> {
  const body = (await wb.webview(kind)).locator('body');
  await body.evaluate(() => {
    const w = window as unknown as Seen;
    const installed = w.__seen !== undefined;
    w.__seen = {};
    w.__words = [];
    w.__messages = [];
    // Measured again in the same page: the observers are there, only the records start afresh.
    if (installed) return;
    // Only the text that changed is searched: reading the whole page's text on every
    // change would cost the watcher tens of ms on a page of megabytes, and be timed.
    const check = (records: MutationRecord[]) => {
      const waiting = w.__words.filter((word) => !(word in w.__seen));
      if (waiting.length === 0) return;
      const changed = records.map((record) =>
        record.type === 'characterData' ? (record.target.textContent ?? '') : Array.from(record.addedNodes, (node) => node.textContent ?? '').join(''),
      );
      for (const word of waiting) if (changed.some((text) => text.includes(word))) w.__seen[word] = Date.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    window.addEventListener('message', (event) => w.__messages.push(event.data));
  });
  const latencies: number[] = [];
  let keys = 0;
  for (let i = 0; i < samples; i++) {
    const word = `zq${i}x${Math.random().toString(36).slice(2, 6)}`;
    await body.evaluate((_, w: string) => (window as unknown as Seen).__words.push(w), word);
    await wb.focusEditor();
    await wb.page.keyboard.type(word.slice(0, -1), { delay: keyDelayMs });
    await new Promise((resolve) => setTimeout(resolve, keyDelayMs));
    const sent = Date.now();
    await wb.page.keyboard.press(word.slice(-1));
    const seen = await waitFor(() => body.evaluate((_, w: string) => (window as unknown as Seen).__seen[w], word));
    latencies.push(seen - sent);
    await wb.page.keyboard.press('Enter');
    keys += word.length + 1;
  }
  const posted = await body.evaluate(() => {
    const messages = (window as unknown as Seen).__messages;
    const encoder = new TextEncoder();
    return { messages: messages.length, bytes: messages.reduce<number>((sum, m) => sum + encoder.encode(JSON.stringify(m) ?? '').length, 0) };
  });
  return { latencies, keys, ...posted };
}

export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting in the benchmark');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A persona whose SOUL.md has `bytes` bytes, and whose six other files have `others` bytes each. */
export function persona(bytes: number, others: number): Record<string, string> {
  const files: Record<string, string> = { 'ava/SOUL.md': prose(bytes) };
  for (const name of BOOTSTRAP.filter((n) => n !== 'SOUL.md')) files[`ava/${name}`] = others ? prose(others) : 'Be concise.\n';
  return files;
}

/** One workspace, opened and closed as a test's would be. */
export async function inWorkspace<T>(files: Record<string, string>, run: (wb: Workbench) => Promise<T>, settings?: Record<string, unknown>): Promise<T> {
  beginTest();
  try {
    return await run(await openWorkspace({ files, settings }));
  } finally {
    await finishTest(undefined);
  }
}
