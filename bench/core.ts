// Core timings, reported as ratios measured in this one run: the cost of composing
// a persona while typing, against reading and composing it from disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The built core, as the CLI and extension ship it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core: typeof import('../src/core') = require('../dist/core.js');

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn: () => void, runs: number): number {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

function persona(bytesPerFile: number): { dir: string; sources: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-bench-'));
  const line = 'You are Ava, a calm and precise ops assistant. Never guess a balance. ✓\n';
  const body = line.repeat(Math.ceil(bytesPerFile / Buffer.byteLength(line)));
  const sources: Record<string, string> = {};
  for (const name of core.BOOTSTRAP_ORDER) {
    sources[name] = body;
    fs.writeFileSync(path.join(dir, name), body);
  }
  return { dir, sources };
}

export function benchCore(): Array<Record<string, string | number>> {
  const rows: Array<Record<string, string | number>> = [];
  for (const [label, size, runs] of [['10 KB', 10 * 1024, 200], ['2 MB', 2 * 1024 * 1024 + 100, 15]] as const) {
    const { dir, sources } = persona(size);
    const disk = time(() => core.composeSoul(dir), runs);
    const all = time(() => core.composeFromSources(sources), runs);
    // What a keystroke costs: one section recomposed and its report, the rest reused.
    const one = time(() => {
      core.composeSection('SOUL.md', sources['SOUL.md']);
      core.reportFile('SOUL.md', sources['SOUL.md']);
    }, runs);
    rows.push({ persona: `7 × ${label}`, 'compose from disk ms': disk, 'compose 7 buffers ms': all, 'one keystroke ms': one, 'keystroke / disk': one / disk });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
