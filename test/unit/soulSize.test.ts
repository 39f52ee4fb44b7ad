import assert from 'node:assert';
import fc from 'fast-check';
import { BOOTSTRAP_ORDER, BootstrapSource, composeFromSources, MAX_FILE_BYTES, sectionByteLength, soulByteLength, utf8Length } from '../../src/core';

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

  it('trims Unicode white space and keeps lone surrogates as U+FFFD', () => {
    const sources = { 'SOUL.md': '\u00a0\u3000 \ud800 body \udc00\u2028\ufeff', 'TOOLS.md': '\u2003\n\t' };
    assert.strictEqual(measured(sources), utf8Length(composeFromSources(sources).soul));
  });

  it('uses the source size it is given instead of measuring again', () => {
    assert.strictEqual(sectionByteLength('SOUL.md', ' ab ', { bytes: 4 }), sectionByteLength('SOUL.md', ' ab '));
  });

  it('equals the byte length of the composed soul for any sources', () => {
    const space = fc.constantFrom(' ', '\n', '\t', '\u00a0', '\u2028', '\ufeff', '\u3000', '\r\n');
    const text = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), space), { maxLength: 8 }).map((parts) => parts.join(''));
    const source = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), text, fc.uint8Array({ maxLength: 40 }));
    const present = fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), source);
    fc.assert(
      fc.property(present, (sources) => {
        assert.strictEqual(measured(sources), utf8Length(composeFromSources(sources).soul));
      }),
    );
  });
});
