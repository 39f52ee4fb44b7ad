import assert from 'node:assert';
import fc from 'fast-check';
import {
  BOOTSTRAP_ORDER,
  BootstrapSource,
  composeFromSources,
  MAX_FILE_BYTES,
  sectionByteLength,
  soulByteLength,
  utf8Length,
} from '../../src/core';

function measured(sources: Record<string, BootstrapSource>): number {
  const sizes = BOOTSTRAP_ORDER.filter((name) => sources[name] !== undefined).map((name) => sectionByteLength(name, sources[name]));
  return soulByteLength(sizes);
}

describe('soul size from per-file parts', () => {
  it('is zero with no file', () => {
    assert.strictEqual(soulByteLength([]), 0);
    assert.strictEqual(measured({}), 0);
  });

  it('counts heading, trimmed body and separators', () => {
    const sources = { 'SOUL.md': '  kind  \n', 'AGENTS.md': 'rules' };
    // "## AGENTS.md\n\nrules" + "\n\n" + "## SOUL.md\n\nkind"
    assert.strictEqual(measured(sources), 19 + 2 + 16);
    assert.strictEqual(measured(sources), utf8Length(composeFromSources(sources).soul));
  });

  it('counts the cut and the notice of a file over the cap', () => {
    const over = 'é'.repeat(MAX_FILE_BYTES / 2) + 'tail';
    const bytes = new Uint8Array(Buffer.from('x'.repeat(MAX_FILE_BYTES - 1) + '€'));
    const sources = { 'MEMORY.md': over, 'USER.md': bytes };
    assert.strictEqual(measured(sources), utf8Length(composeFromSources(sources).soul));
  });

  it('equals the byte length of the composed soul for any sources', () => {
    const source = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.uint8Array({ maxLength: 40 }),
    );
    const present = fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), source);
    fc.assert(
      fc.property(present, (sources) => {
        assert.strictEqual(measured(sources), utf8Length(composeFromSources(sources).soul));
      }),
    );
  });
});
