import assert from 'node:assert';
import fc from 'fast-check';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  composeFromSources,
  composeSection,
  reportFile,
  reportHeartwood,
  sectionByteLength,
  soulByteLength,
  statusSummary,
  utf8Length,
} from '../../src/core';

const CAP = 2_097_152;

function reports(sources: Partial<Record<BootstrapName, string>>, warnAt = 0.9) {
  return BOOTSTRAP_ORDER.map((name) => reportFile(name, sources[name], warnAt));
}

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

describe('status bar summary', () => {
  it('shows the soul size and the active file share of its cap', () => {
    const files = reports({ 'SOUL.md': 'x'.repeat(20_000), 'AGENTS.md': 'y'.repeat(4_000) });
    const summary = statusSummary({ files, soulBytes: 24_700, active: 'SOUL.md' });
    assert.strictEqual(summary.text, '$(person) Soul 24.1 KB · SOUL.md 1.0 %');
    assert.strictEqual(summary.state, 'ok');
    assert.deepStrictEqual(summary.rows[0], { name: 'AGENTS.md', state: 'ok', size: '3.9 KB', share: '0.2 %' });
    assert.deepStrictEqual(summary.rows[2], { name: 'IDENTITY.md', state: 'missing', size: '—', share: '' });
    assert.strictEqual(summary.rows.length, 7);
  });

  it('takes the worst state of any file, not just the active one', () => {
    const near = reports({ 'SOUL.md': 'x', 'MEMORY.md': 'm'.repeat(CAP - 10) });
    assert.strictEqual(statusSummary({ files: near, soulBytes: 1, active: 'SOUL.md' }).state, 'near');
    const over = reports({ 'SOUL.md': 'x', 'MEMORY.md': 'm'.repeat(CAP + 1) });
    assert.strictEqual(statusSummary({ files: over, soulBytes: 1, active: 'SOUL.md' }).state, 'over');
  });

  it('counts HEARTWOOD.md in characters and in the state', () => {
    const heartwood = reportHeartwood('h'.repeat(2001));
    const summary = statusSummary({ files: reports({}), heartwood, soulBytes: 0, active: 'HEARTWOOD.md' });
    assert.strictEqual(summary.text, '$(person) Heartwood 2,001 chars · >100 %');
    assert.strictEqual(summary.state, 'over');
    // A Heartwood-only persona does not list seven missing bootstrap files.
    assert.deepStrictEqual(summary.rows, [{ name: 'HEARTWOOD.md', state: 'over', size: '2,001 chars', share: '>100 % of 2,000' }]);
  });

  it('says a mis-cased active file is not read', () => {
    const summary = statusSummary({ files: reports({ 'AGENTS.md': 'a' }), soulBytes: 15, active: 'soul.md' });
    assert.strictEqual(summary.text, '$(person) Soul 15 B · soul.md is not read');
  });
});

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
