// The pure side of the persona over time: two compositions compared, the sparkline and the forecast.
import assert from 'node:assert';
import {
  compareCompositions,
  FileContent,
  forecastGrowth,
  formatForecast,
  growthPerDay,
  measureFileSize,
  openclaw,
  PersonaInput,
  sparkline,
  summarizeDelta,
  toolnexus,
  zeroclaw,
} from '../../src/core';
import { countTokens } from '../../src/core/tokensCount';

const DAY = 24 * 60 * 60 * 1000;

function input(files: Record<string, string>): PersonaInput {
  const encoder = new TextEncoder();
  const map = new Map<string, FileContent>(Object.entries(files).map(([name, text]) => [name, { kind: 'bytes', bytes: encoder.encode(text), size: encoder.encode(text).length }]));
  return { dir: '/persona', files: map };
}

describe('compareCompositions', () => {
  it('gives each file its size and tokens before and after, and the totals of the two texts', () => {
    const before = toolnexus.compose(input({ 'SOUL.md': 'Be kind.', 'MEMORY.md': 'one' }));
    const after = toolnexus.compose(input({ 'SOUL.md': 'Be kind and brief.', 'USER.md': 'Ana' }));
    const count = (text: string) => countTokens(text, 'o200k_base');
    const delta = compareCompositions(before, after, count);
    const soul = delta.files.find((file) => file.name === 'SOUL.md')!;
    assert.deepStrictEqual([soul.before.size, soul.after.size], [8, 18]);
    assert.strictEqual(soul.before.tokens, count(before.files.find((f) => f.name === 'SOUL.md')!.section));
    assert.strictEqual(soul.after.tokens, count(after.files.find((f) => f.name === 'SOUL.md')!.section));
    assert.deepStrictEqual(soul.changes, []);
    assert.strictEqual(soul.changed, true);
    assert.deepStrictEqual(delta.files.find((file) => file.name === 'USER.md')!.changes, ['added']);
    assert.deepStrictEqual(delta.files.find((file) => file.name === 'MEMORY.md')!.changes, ['removed']);
    assert.deepStrictEqual(delta.totals.tokens, { before: count(before.text), after: count(after.text) });
    assert.deepStrictEqual(delta.totals.size, { before: 11, after: 21 });
    assert.strictEqual(delta.changed, true);
    assert.strictEqual(delta.worse, false);
  });

  it('says when a file became cut, and when it is no longer cut', () => {
    const small = openclaw.compose(input({ 'MEMORY.md': 'short' }));
    const big = openclaw.compose(input({ 'MEMORY.md': 'x'.repeat(25_000) }));
    const grew = compareCompositions(small, big);
    const memory = grew.files.find((file) => file.name === 'MEMORY.md')!;
    assert.deepStrictEqual(memory.changes, ['becameCut']);
    assert.strictEqual(memory.after.droppedSize, big.files.find((f) => f.name === 'MEMORY.md')!.droppedSize);
    assert.ok(memory.after.droppedSize > 0);
    assert.strictEqual(grew.worse, true);
    assert.strictEqual(memory.after.tokens, undefined, 'no counter, no tokens');
    assert.strictEqual(summarizeDelta(grew, 'HEAD'), `+${(25_000 - 5).toLocaleString('en-US')} chars since HEAD; MEMORY.md became cut`);
    const shrank = compareCompositions(big, small);
    assert.deepStrictEqual(shrank.files.find((file) => file.name === 'MEMORY.md')!.changes, ['noLongerCut']);
    assert.strictEqual(shrank.worse, false);
  });

  it('says when a file became dropped by the total budget', () => {
    const files = { 'SOUL.md': 's', 'IDENTITY.md': 'i', 'MEMORY.md': 'm' };
    const options = { totalMaxChars: 300 };
    const before = openclaw.compose(input({ ...files, 'AGENTS.md': 'a' }), options);
    const after = openclaw.compose(input({ ...files, 'AGENTS.md': 'a'.repeat(5000) }), options);
    const dropped = after.files.filter((file) => file.status === 'dropped').map((file) => file.name);
    assert.ok(dropped.length > 0, 'the fixture drops a file');
    const delta = compareCompositions(before, after);
    for (const name of dropped) assert.ok(delta.files.find((file) => file.name === name)!.changes.includes('becameDropped'), name);
    assert.strictEqual(delta.worse, true);
  });

  it('finds nothing changed in the same composition', () => {
    const one = toolnexus.compose(input({ 'SOUL.md': 'Same.' }));
    const delta = compareCompositions(one, toolnexus.compose(input({ 'SOUL.md': 'Same.' })));
    assert.strictEqual(delta.changed, false);
    assert.ok(delta.files.every((file) => file.changes.length === 0 && !file.changed));
    assert.strictEqual(summarizeDelta(delta, 'main'), 'no change since main');
  });
});

describe('sparkline', () => {
  it('draws the lowest value lowest and the highest highest', () => {
    assert.strictEqual(sparkline([0, 1, 2, 3, 4, 5, 6, 7]), '▁▂▃▄▅▆▇█');
    assert.strictEqual(sparkline([5, 5, 5]), '▁▁▁');
    assert.strictEqual(sparkline([]), '');
  });

  it('keeps to its width, ending on the last value', () => {
    const line = sparkline(
      Array.from({ length: 100 }, (_, i) => i),
      10,
    );
    assert.strictEqual(line.length, 10);
    assert.strictEqual(line.at(-1), '█');
  });
});

describe('forecastGrowth', () => {
  const start = Date.UTC(2026, 0, 1);
  // 410 chars a day over 30 days, with noise that cancels out.
  const history = Array.from({ length: 31 }, (_, day) => ({ date: start + day * DAY, size: 5000 + 410 * day + (day % 2 === 0 ? 30 : -30) }));

  it('fits the least-squares slope', () => {
    assert.ok(Math.abs(growthPerDay(history)! - 410) < 2);
  });

  it('says how soon the runtime starts cutting a growing file', () => {
    const now = start + 30 * DAY;
    const forecast = forecastGrowth(history, { now, cap: 20_000, current: 15_080 })!;
    assert.ok(Math.abs(forecast.daysUntilCap! - 12) < 0.2, String(forecast.daysUntilCap));
    assert.strictEqual(
      formatForecast('MEMORY.md', forecast, 'chars', 'OpenClaw'),
      'MEMORY.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 12 days',
    );
  });

  it('counts from the last commit when the current size is not given', () => {
    const forecast = forecastGrowth(history, { now: start + 35 * DAY, cap: 20_000 })!;
    const fromLast = (20_000 - history[30].size) / forecast.perDay - 5;
    assert.ok(Math.abs(forecast.daysUntilCap! - fromLast) < 1e-9);
  });

  it('says a file past its cap is cut already, and gives no days without a cap', () => {
    const over = forecastGrowth(history, { now: start + 30 * DAY, cap: 10_000, current: 17_000 })!;
    assert.strictEqual(over.daysUntilCap, 0);
    assert.match(formatForecast('MEMORY.md', over, 'chars', 'OpenClaw'), /; OpenClaw already cuts it$/);
    const uncapped = forecastGrowth(history, { now: start + 30 * DAY })!;
    assert.strictEqual(formatForecast('MEMORY.md', uncapped, 'bytes', 'Codex CLI'), 'MEMORY.md grew 410 bytes a day over 30 days');
  });

  it('says nothing for a short history or a file that is not growing', () => {
    assert.strictEqual(forecastGrowth(history.slice(0, 2), { now: start, cap: 20_000 }), undefined);
    assert.strictEqual(
      forecastGrowth(
        history.slice(0, 3).map((point, i) => ({ ...point, date: start + i * 1000 })),
        { now: start, cap: 20_000 },
      ),
      undefined,
    );
    const shrinking = history.map((point, i) => ({ ...point, size: 20_000 - i * 100 }));
    assert.strictEqual(forecastGrowth(shrinking, { now: start + 30 * DAY, cap: 20_000 }), undefined);
    const flat = history.map((point) => ({ ...point, size: 900 }));
    assert.strictEqual(forecastGrowth(flat, { now: start + 30 * DAY, cap: 20_000 }), undefined);
  });
});

describe('measureFileSize', () => {
  it('measures a file as the runtime does when composing it, in its unit', () => {
    const text = 'é'.repeat(10) + '😀';
    const content = input({ 'MEMORY.md': text }).files.get('MEMORY.md')!;
    assert.strictEqual(measureFileSize(toolnexus, {}, '/persona', 'MEMORY.md', content), 24);
    assert.strictEqual(measureFileSize(openclaw, {}, '/persona', 'MEMORY.md', content), 12);
    assert.strictEqual(measureFileSize(zeroclaw, {}, '/persona', 'MEMORY.md', content), 11);
  });
});
