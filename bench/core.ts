// Core timings, reported as ratios measured in this one run: the cost of composing a
// persona while typing against composing it from disk and against one pass over the
// text, and what a change to a huge MEMORY.md costs with bounded reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CORE = path.resolve(__dirname, '../dist/core.js');
// The built core, as the CLI and extension ship it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core: typeof import('../src/core') = require(CORE);

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

const LINE = 'You are Ava, a calm and precise ops assistant. Never guess a balance. ✓\n';

function body(bytes: number): string {
  return LINE.repeat(Math.ceil(bytes / Buffer.byteLength(LINE)));
}

function persona(bytesPerFile: number): { dir: string; sources: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-bench-'));
  const text = body(bytesPerFile);
  const sources: Record<string, string> = {};
  for (const name of core.BOOTSTRAP_ORDER) {
    sources[name] = text;
    fs.writeFileSync(path.join(dir, name), text);
  }
  return { dir, sources };
}

export function benchKeystroke(smoke: boolean): Array<Record<string, string | number>> {
  const rows: Array<Record<string, string | number>> = [];
  const cases = smoke
    ? ([
        ['10 KB', 10 * 1024, 2],
        ['256 KB', 256 * 1024, 1],
      ] as const)
    : ([
        ['10 KB', 10 * 1024, 200],
        ['2 MB', 2 * 1024 * 1024 + 100, 15],
      ] as const);
  for (const [label, size, runs] of cases) {
    const { dir, sources } = persona(size);
    const disk = time(() => core.composeSoul(dir), runs);
    const all = time(() => core.composeFromSources(sources), runs);
    // What a keystroke costs: one section recomposed and its report, the rest reused.
    const one = time(() => {
      core.composeSection('SOUL.md', sources['SOUL.md']);
      core.reportFile('SOUL.md', sources['SOUL.md']);
    }, runs);
    // One pass over the changed file: the unit a keystroke's work is counted in.
    const pass = time(() => core.utf8Length(sources['SOUL.md']), runs);
    const measures = runtimeKeystroke(sources, runs, false);
    const withText = runtimeKeystroke(sources, runs, true);
    rows.push({
      persona: `7 × ${label}`,
      'compose from disk ms': disk,
      'compose 7 buffers ms': all,
      'one keystroke ms': one,
      'one utf8Length ms': pass,
      'keystroke / disk': one / disk,
      'keystroke / utf8Length': one / pass,
      'runtime keystroke ms': measures,
      'runtime keystroke / utf8Length': measures / pass,
      '… and the injected text / utf8Length': withText / pass,
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * A keystroke as the extension handles it: the runtime profile composes the persona with
 * one new text for SOUL.md (the six other files the same objects, so their measures are
 * reused), and the surfaces read every file's measure (and, with `text`, the injected text).
 */
function runtimeKeystroke(sources: Record<string, string>, runs: number, text: boolean): number {
  const profile = core.runtimeProfile('toolnexus');
  const files = new Map<string, import('../src/core').FileContent>(Object.entries(sources).map(([name, text]) => [name, { kind: 'text', text }]));
  const read = (input: Map<string, import('../src/core').FileContent>) => {
    const composition = profile.compose({ dir: '/persona', files: input });
    const figures = composition.files.reduce((sum, file) => sum + file.size + file.keptSize + file.droppedSize + file.kept.length + file.section.length, 0);
    return figures + composition.total.size + (text ? composition.text.length : 0);
  };
  read(files);
  // Each keystroke's text is a new, flat string, as an editor hands it out.
  const typed = Array.from({ length: runs }, (_, i) => {
    const text = `${i} ${sources['SOUL.md']}`;
    text.charCodeAt(text.length - 1);
    return text;
  });
  let next = 0;
  return time(() => read(new Map(files).set('SOUL.md', { kind: 'text', text: typed[next++] })), runs);
}

/**
 * A change to MEMORY.md, in a fresh process each: the folder read again (bounded: at most
 * the cap and one byte of each file) and composed. Peak memory over the process's own
 * baseline (the core loaded, nothing read) comes from its maximum resident set.
 */
function changeCost(dir: string, runs: number): { ms: number; overBaselineMB: number } {
  const script = `
    const core = require(${JSON.stringify(CORE)});
    // The process's peak RSS is set by Node's own start, so it says nothing of one change:
    // the resident size is sampled right after each change (its buffers still alive), over
    // a baseline taken once the code has run once (its compiled code and heap are warm).
    core.composeSoul(${JSON.stringify(dir)});
    global.gc();
    const baseline = process.memoryUsage().rss;
    let over = 0;
    const samples = [];
    for (let i = 0; i < ${runs}; i++) {
      const start = process.hrtime.bigint();
      core.composeSoul(${JSON.stringify(dir)});
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      over = Math.max(over, process.memoryUsage().rss - baseline);
    }
    samples.sort((a, b) => a - b);
    console.log(JSON.stringify({ ms: samples[Math.floor(samples.length / 2)], over }));
  `;
  const { ms, over } = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' }));
  return { ms, overBaselineMB: Math.round((over / 2 ** 20) * 10) / 10 };
}

export function benchBigMemory(smoke: boolean): Array<Record<string, string | number>> {
  const sizes: Array<[string, number]> = smoke
    ? [
        ['2.1 MB', 2.1e6],
        ['4 MB', 4e6],
      ]
    : [
        ['2.1 MB', 2.1e6],
        ['100 MB', 100e6],
      ];
  const runs = smoke ? 1 : 9;
  const rows: Array<Record<string, string | number>> = [];
  for (const [label, bytes] of sizes) {
    const { dir } = persona(10 * 1024);
    const fd = fs.openSync(path.join(dir, 'MEMORY.md'), 'w');
    const chunk = Buffer.from(body(1 << 20));
    for (let written = 0; written < bytes; written += chunk.length) fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - written));
    fs.closeSync(fd);
    const { ms, overBaselineMB } = changeCost(dir, runs);
    rows.push({ 'MEMORY.md': label, 'read + compose ms': ms, 'RSS MB over baseline': overBaselineMB });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
