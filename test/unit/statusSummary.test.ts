import assert from 'node:assert';
import fc from 'fast-check';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  Composition,
  composeFromSources,
  composeSection,
  FileMeasure,
  reportFile,
  reportHeartwood,
  sectionByteLength,
  soulByteLength,
  statusSummary,
  toolnexus,
  utf8Length,
} from '../../src/core';

const CAP = 2_097_152;

describe('soul size from section sizes', () => {
  it('equals the byte length of the composed soul', () => {
    const name = fc.constantFrom(...BOOTSTRAP_ORDER);
    fc.assert(
      fc.property(fc.dictionary(name, fc.string({ unit: 'binary' })), (sources) => {
        const present = BOOTSTRAP_ORDER.filter((n) => sources[n] !== undefined);
        const total = soulByteLength(present.map((n) => sectionByteLength(n, sources[n]!)));
        assert.strictEqual(total, utf8Length(composeFromSources(sources).soul));
      }),
    );
  });

  it('counts the cut and the notice of a file over the cap', () => {
    const text = 'a'.repeat(CAP + 10);
    assert.strictEqual(sectionByteLength('SOUL.md', text), utf8Length(composeFromSources({ 'SOUL.md': text }).soul));
    assert.strictEqual(soulByteLength([]), 0);
  });
});

/** The toolnexus composition of some files given as editor text. */
function composition(sources: Partial<Record<BootstrapName, string>>, warnAt = 0.9) {
  const files = new Map(Object.entries(sources).map(([name, text]) => [name, { kind: 'text' as const, text: text! }]));
  return toolnexus.compose({ dir: '/p', files }, { warnAt });
}

describe('status bar summary', () => {
  it('shows the soul size and the active file share of its cap', () => {
    const soul = composition({ 'SOUL.md': 'x'.repeat(20_000), 'AGENTS.md': 'y'.repeat(4_000) });
    const summary = statusSummary({ composition: soul, active: 'SOUL.md' });
    assert.strictEqual(utf8Length(soul.text), 24_028);
    assert.strictEqual(summary.text, '$(person) Soul 23.5 KB · SOUL.md 1.0 %');
    assert.strictEqual(summary.state, 'ok');
    assert.deepStrictEqual(summary.rows[0], { name: 'AGENTS.md', state: 'ok', size: '3.9 KB', share: '0.2 %' });
    assert.deepStrictEqual(summary.rows[2], { name: 'IDENTITY.md', state: 'missing', size: '—', share: '' });
    assert.strictEqual(summary.rows.length, 7);
  });

  it('takes the worst state of any file, not just the active one', () => {
    const near = composition({ 'SOUL.md': 'x', 'MEMORY.md': 'm'.repeat(CAP - 10) });
    assert.strictEqual(statusSummary({ composition: near, active: 'SOUL.md' }).state, 'near');
    const over = composition({ 'SOUL.md': 'x', 'MEMORY.md': 'm'.repeat(CAP + 1) });
    assert.strictEqual(statusSummary({ composition: over, active: 'SOUL.md' }).state, 'over');
  });

  it('counts HEARTWOOD.md in characters and in the state', () => {
    const heartwood = reportHeartwood('h'.repeat(2001));
    const summary = statusSummary({ composition: composition({}), heartwood, active: 'HEARTWOOD.md' });
    assert.strictEqual(summary.text, '$(person) Heartwood 2,001 chars · >100 %');
    assert.strictEqual(summary.state, 'over');
    // A Heartwood-only persona does not list seven missing bootstrap files.
    assert.deepStrictEqual(summary.rows, [{ name: 'HEARTWOOD.md', state: 'over', size: '2,001 chars', share: '>100 % of 2,000' }]);
  });

  it('says a mis-cased active file is not read', () => {
    const summary = statusSummary({ composition: composition({ 'AGENTS.md': 'a' }), active: 'soul.md' });
    assert.strictEqual(summary.text, '$(person) Soul 15 B · soul.md is not read');
  });

  it('under another runtime, counts in its unit against its total budget and says what it does not load', () => {
    const measures = [
      measure({ name: 'SOUL.md', status: 'sent', size: 15_000, cap: 20_000, effectiveCap: 20_000, state: 'ok' }),
      measure({ name: 'TOOLS.md', status: 'notLoaded', size: 5, state: 'missing' }),
      measure({ name: 'AGENTS.md', status: 'missing', size: 0, state: 'missing' }),
    ];
    const fake: Composition = { runtime: 'openclaw', unit: 'chars', text: '', files: measures, found: ['SOUL.md'], total: { size: 15_100, cap: 60_000, state: 'ok' } };
    const summary = statusSummary({ composition: fake, active: 'SOUL.md' });
    assert.strictEqual(summary.text, '$(person) OpenClaw 15,100 of 60,000 chars · SOUL.md 75 %');
    assert.deepStrictEqual(summary.rows, [
      { name: 'SOUL.md', state: 'ok', size: '15,000 chars', share: '75 %' },
      { name: 'TOOLS.md', state: 'missing', size: '5 chars', share: 'not loaded by OpenClaw' },
      { name: 'AGENTS.md', state: 'missing', size: '—', share: 'marker sent' },
    ]);
    assert.strictEqual(statusSummary({ composition: fake, active: 'TOOLS.md' }).text, '$(person) OpenClaw 15,100 of 60,000 chars · TOOLS.md is not loaded');
    const spent: Composition = { ...fake, total: { size: 61_000, cap: 60_000, state: 'over' } };
    assert.strictEqual(statusSummary({ composition: spent, active: 'SOUL.md' }).state, 'over');
  });
});

function measure(fields: Pick<FileMeasure, 'name' | 'status' | 'size' | 'state'> & Partial<FileMeasure>): FileMeasure {
  return { text: '', kept: [], dropped: [], keptSize: fields.size, droppedSize: 0, section: '', offset: -1, ...fields };
}

describe('section size of editor text past the cap', () => {
  const composed = (text: string) => utf8Length(composeSection('MEMORY.md', text).text);
  const tails = fc.string({ unit: 'binary', maxLength: 12 });

  it('matches the composed section wherever the cap falls, split characters and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), tails, tails, (back, middle, tail) => {
        const text = 'a'.repeat(CAP - back) + middle + tail + 'z';
        assert.strictEqual(sectionByteLength('MEMORY.md', text), composed(text));
        const cut = reportFile('MEMORY.md', text).cut;
        assert.strictEqual(sectionByteLength('MEMORY.md', text, { cutIndex: cut?.index }), composed(text));
      }),
      { numRuns: 25 },
    );
  });

  it('matches when the kept part is all whitespace, with or without a split character', () => {
    for (const text of [' '.repeat(CAP) + 'x', ' '.repeat(CAP - 1) + 'é', '\n'.repeat(CAP - 2) + '😀', '\uD800'.repeat(CAP)]) {
      assert.strictEqual(sectionByteLength('MEMORY.md', text), composed(text));
    }
  });
});
