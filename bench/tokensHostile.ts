// Token timings on 2 MB of content that is not prose, on one line: base64, one letter, CJK
// prose (with and without punctuation), random bytes. The first count and a keystroke with
// the incremental counter (the worker's way), gpt-tokenizer's own count of the same text,
// and `check` with tokens against `check --encoding off` on a persona holding it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { countTokens, estimateTokens, IncrementalTokenCounter } from '../src/core/tokensCount';

const SIZE = 2 * 1024 * 1024;

/** A pseudo-random byte source, so every run counts the same text. */
function randomBytes(size: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  return bytes;
}

/** The contents, as the file's bytes: each about 2 MB, none with a line break. */
export function hostileContents(size = SIZE): Record<string, Buffer> {
  const random = randomBytes(size);
  // Han characters and the comma are three bytes each in UTF-8.
  const cjk: string[] = [];
  for (let i = 0, bytes = 0; bytes < size; i++, bytes += 3) cjk.push(i % 17 === 16 ? '，' : String.fromCharCode(0x4e00 + ((i * 7919) % 20000)));
  return {
    base64: Buffer.from(random.subarray(0, (size * 3) / 4).toString('base64')),
    'one letter': Buffer.alloc(size, 'x'),
    'CJK prose': Buffer.from(cjk.join('')),
    // One piece of 2 MB: merged in chunks, an edit merges again around itself.
    'CJK, no punctuation': Buffer.from(cjk.filter((char) => char !== '，').join('')),
    'random bytes': random,
  };
}

/** The contents that are one piece of 2 MB. */
const ONE_PIECE = new Set(['one letter', 'CJK, no punctuation']);

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** First count, then a key typed in the middle, with the incremental counter; gpt-tokenizer's whole count beside. */
export function benchHostileCounting(library = true): Array<Record<string, string | number>> {
  countTokens('warm up', 'o200k_base');
  const rows: Array<Record<string, string | number>> = [];
  for (const [content, bytes] of Object.entries(hostileContents())) {
    const text = new TextDecoder().decode(bytes);
    const counter = new IncrementalTokenCounter('o200k_base');
    // What the surfaces show (≈) until the first count is done.
    let start = process.hrtime.bigint();
    const estimate = estimateTokens(text, 'o200k_base');
    const estimated = ms(start);
    start = process.hrtime.bigint();
    const tokens = counter.count(text);
    const first = ms(start);
    const at = text.length >> 1;
    const typed = `${text.slice(0, at)}y${text.slice(at)}`;
    start = process.hrtime.bigint();
    counter.count(typed);
    const keystroke = ms(start);
    // The library's scan takes minutes to hours on one 2 MB piece: it is not run there.
    let whole: number | undefined;
    if (library && !ONE_PIECE.has(content)) {
      start = process.hrtime.bigint();
      if (o200k.countTokens(text, { disallowedSpecial: new Set() }) !== tokens) throw new Error(`${content}: the count differs from gpt-tokenizer's`);
      whole = ms(start);
    }
    rows.push({
      content,
      tokens,
      '≈ estimate ms': estimated,
      '≈ off by %': Math.round((1000 * (estimate - tokens)) / tokens) / 10,
      'first count ms': first,
      'keystroke ms': keystroke,
      'first / 1 s': first / 1000,
      'keystroke / 100 ms': keystroke / 100,
      'gpt-tokenizer whole ms': whole ?? '(hours)',
    });
  }
  return rows;
}

/** `check` of a persona whose SOUL.md is each content, with tokens against `--encoding off` (dist/cli.js, in a fresh process each). */
export function benchCheckTokens(runs = 3): Array<Record<string, string | number>> {
  const cli = path.resolve(__dirname, '..', 'dist', 'cli.js');
  const rows: Array<Record<string, string | number>> = [];
  for (const [content, bytes] of Object.entries(hostileContents())) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-bench-tokens-'));
    try {
      fs.writeFileSync(path.join(dir, 'SOUL.md'), bytes);
      fs.writeFileSync(path.join(dir, 'AGENTS.md'), '# Agents\n\nBe brief.\n');
      const time = (...args: string[]) => {
        const samples: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = process.hrtime.bigint();
          // Exit code 1 is a file over its cap (2 MB is the toolnexus cap): the check still ran.
          const { status } = spawnSync(process.execPath, [cli, 'check', ...args, dir], { stdio: 'ignore' });
          if (status !== 0 && status !== 1) throw new Error(`check ${args.join(' ')} exited with ${status}`);
          samples.push(ms(start));
        }
        return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
      };
      const off = time('--encoding', 'off');
      const on = time('--encoding', 'o200k_base');
      rows.push({ content, 'check --encoding off ms': off, 'check with tokens ms': on, 'tokens / off': on / off });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
