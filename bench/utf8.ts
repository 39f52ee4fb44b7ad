// UTF-8 counting and decoding without Buffer (what a browser can run), against Node's
// Buffer on the same 2 MB texts in this one run: ratios near 1 mean nothing was lost.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core: typeof import('../src/core') = require('../dist/core.js');

const SIZE = 2 * 1024 * 1024;
const TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['ASCII', 'You are Ava, a calm and precise ops assistant. Never guess a balance.\n'],
  ['mostly ASCII', 'You are Ava, a calm and precise ops assistant. Never guess a balance. ✓\n'],
  ['CJK and emoji', '你好，世界。我是助手，从不猜测余额。😀\n'],
];

function median(fn: () => unknown, runs: number): number {
  for (let i = 0; i < 3; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export function benchUtf8(runs = 25): Array<Record<string, string | number>> {
  return TEXTS.map(([label, line]) => {
    const text = line.repeat(Math.ceil(SIZE / Buffer.byteLength(line)));
    const buffer = Buffer.from(text);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (core.utf8Length(text) !== buffer.length || core.decodeUtf8(bytes) !== text) throw new Error(`${label}: not what Buffer gives`);
    const length = median(() => core.utf8Length(text), runs);
    const lengthBuffer = median(() => Buffer.byteLength(text, 'utf8'), runs);
    const decode = median(() => core.decodeUtf8(bytes), runs);
    const decodeBuffer = median(() => buffer.toString('utf8'), runs);
    return {
      text: `2 MB ${label}`,
      'utf8Length ms': length,
      'Buffer.byteLength ms': lengthBuffer,
      'length ratio': length / lengthBuffer,
      'decodeUtf8 ms': decode,
      'Buffer.toString ms': decodeBuffer,
      'decode ratio': decode / decodeBuffer,
    };
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

if (require.main === module) console.table(benchUtf8().map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]))));
