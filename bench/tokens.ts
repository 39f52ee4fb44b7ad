// Token timings, as ratios measured in this one run: counting a section whole against
// counting it again after one keystroke with the incremental counter, and how long the
// token worker takes to settle a count while the main loop keeps turning.
import path from 'node:path';
import { countTokens, IncrementalTokenCounter } from '../src/core/tokensCount';
import { TokenEncoding } from '../src/core/tokens';
import { TokenEngine, tokenWorkerPath } from '../src/extension/tokens/engine';

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** A persona section of `bytes` bytes: paragraphs of English, CJK, code and emoji. */
export function tokenSection(bytes: number): string {
  const paragraph = [
    'You are Ava, a calm and precise ops assistant. Never guess a balance; say what you will check next.',
    '你是 Ava，一位冷静而精确的运营助理。绝不猜测余额。',
    '```ts\nexport const gate = (id: string): boolean => id.startsWith("B");\n```',
    'Status: 🟢 ok, 🟡 watch, 🔴 act. Reefer 7 at −16.5 °C.',
  ];
  // Parts and a running byte count: measuring the whole text each time is quadratic (minutes at 2 MB).
  const parts = ['# Soul\n\n'];
  let size = Buffer.byteLength(parts[0]);
  for (let i = 0; size < bytes; i++) {
    const part = `${paragraph[i % paragraph.length]} (${i})\n\n`;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return parts.join('');
}

export function benchTokenCounting(runs = { '10 KB': 200, '2 MB': 5 }): Array<Record<string, string | number>> {
  const rows: Array<Record<string, string | number>> = [];
  for (const encoding of ['o200k_base', 'claude-estimate'] as TokenEncoding[]) {
    countTokens('warm up', encoding);
    for (const [label, bytes] of [
      ['10 KB', 10 * 1024],
      ['2 MB', 2 * 1024 * 1024],
    ] as const) {
      const text = tokenSection(bytes);
      const full: number[] = [];
      const incremental: number[] = [];
      const counter = new IncrementalTokenCounter(encoding);
      counter.count(text);
      for (let i = 0; i < runs[label]; i++) {
        // A different keystroke each run, so neither path is served by a cache of the last one.
        const at = Math.floor(((i + 1) / (runs[label] + 1)) * text.length);
        const typed = `${text.slice(0, at)}${String.fromCharCode(97 + (i % 26))}${text.slice(at)}`;
        let start = process.hrtime.bigint();
        const whole = countTokens(typed, encoding);
        full.push(ms(start));
        start = process.hrtime.bigint();
        const again = counter.count(typed);
        incremental.push(ms(start));
        if (again !== whole) throw new Error(`incremental ${again} ≠ full ${whole}`);
        counter.count(text);
      }
      rows.push({
        encoding,
        section: label,
        'full count ms': median(full),
        'after one keystroke ms': median(incremental),
        'keystroke / full': median(incremental) / median(full),
      });
    }
  }
  return rows;
}

/** Time from a keystroke's count request to its answer, through the real worker, and the longest main-loop stall meanwhile. */
export async function benchTokenWorker(runs = 5): Promise<Array<Record<string, string | number>>> {
  const engine = new TokenEngine(tokenWorkerPath(path.resolve(__dirname, '..')));
  const rows: Array<Record<string, string | number>> = [];
  try {
    let start = process.hrtime.bigint();
    await engine.count('warm', 'warm up', 'o200k_base');
    const firstLoad = ms(start);
    for (const [label, bytes] of [
      ['10 KB', 10 * 1024],
      ['2 MB', 2 * 1024 * 1024],
    ] as const) {
      const text = tokenSection(bytes);
      start = process.hrtime.bigint();
      await engine.count(label, text, 'o200k_base');
      const first = ms(start);
      const settle: number[] = [];
      let stall = 0;
      for (let i = 0; i < runs; i++) {
        const at = Math.floor(((i + 1) / (runs + 1)) * text.length);
        const typed = `${text.slice(0, at)}x${text.slice(at)}`;
        let last = process.hrtime.bigint();
        const timer = setInterval(() => {
          stall = Math.max(stall, ms(last));
          last = process.hrtime.bigint();
        }, 1);
        start = process.hrtime.bigint();
        await engine.count(label, typed, 'o200k_base');
        settle.push(ms(start));
        clearInterval(timer);
      }
      rows.push({
        section: label,
        'worker start + ranks ms': firstLoad,
        'first count ms': first,
        'settles after a keystroke ms': median(settle),
        'longest main-loop gap ms': stall,
      });
    }
  } finally {
    engine.dispose();
  }
  return rows;
}
