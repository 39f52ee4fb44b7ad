import assert from 'node:assert';
import fc from 'fast-check';
import { capState, composeSection, MAX_FILE_BYTES, miscasedBootstrapName, reportFile, reportPersona, TRUNCATION_NOTICE } from '../../src/core';

const CAP = MAX_FILE_BYTES;

describe('cap reports', () => {
  it('reports a missing file', () => {
    const report = reportFile('SOUL.md', undefined);
    assert.strictEqual(report.present, false);
    assert.strictEqual(report.state, 'missing');
    assert.strictEqual(report.cut, undefined);
  });

  it('measures bytes, not characters', () => {
    const report = reportFile('SOUL.md', 'é😀');
    assert.strictEqual(report.bytes, 6);
    assert.strictEqual(report.fraction, 6 / CAP);
    assert.strictEqual(report.state, 'ok');
  });

  it('turns near at the warn fraction and over one byte past the cap', () => {
    assert.strictEqual(capState(Math.ceil(CAP * 0.9) - 1, CAP, 0.9), 'ok');
    assert.strictEqual(capState(Math.ceil(CAP * 0.9), CAP, 0.9), 'near');
    assert.strictEqual(capState(CAP, CAP, 0.9), 'near');
    assert.strictEqual(capState(CAP + 1, CAP, 0.9), 'over');
    assert.strictEqual(reportFile('SOUL.md', 'x'.repeat(CAP)).truncated, false);
  });

  it('places the cut at the first character the runtime drops (text)', () => {
    const text = 'line one\nline two\n' + 'a'.repeat(CAP - 18 - 1) + 'é' + 'rest';
    // The é starts one byte before the cap: it is split, so it is the first character cut.
    const report = reportFile('MEMORY.md', text);
    assert.ok(report.cut);
    assert.strictEqual(report.cut.index, text.indexOf('é'));
    assert.strictEqual(report.cut.line, 2);
    assert.strictEqual(report.cut.column, CAP - 18 - 1);
    assert.strictEqual(report.cut.droppedBytes, report.bytes - CAP);
  });

  it('places the cut identically for bytes and for text', () => {
    const text = '😀'.repeat(CAP / 4) + '\nnext';
    const fromText = reportFile('SOUL.md', text);
    const fromBytes = reportFile('SOUL.md', Buffer.from(text));
    assert.deepStrictEqual(fromBytes, fromText);
    // The emoji fill the cap exactly: the line break after them is the first byte dropped.
    assert.strictEqual(fromText.cut?.index, text.indexOf('\n'));
    assert.deepStrictEqual([fromText.cut?.line, fromText.cut?.column], [0, CAP / 2]);
  });

  it('keeps exactly what precedes the cut in the composed body (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 12 }), (tail, pad) => {
        const text = 'a'.repeat(CAP - pad) + tail.repeat(4);
        const report = reportFile('SOUL.md', text);
        if (!report.truncated) return;
        const { body } = composeSection('SOUL.md', text);
        const kept = text.slice(0, report.cut!.index);
        assert.ok(body.startsWith(kept.trim()));
        assert.ok(body.endsWith(TRUNCATION_NOTICE.trim()));
        // What follows the kept text is at most one replacement character, then the notice.
        assert.ok(body.length - kept.length <= TRUNCATION_NOTICE.length + 1);
      }),
      { numRuns: 25 },
    );
  });

  it('reports a persona in bootstrap order with its worst state', () => {
    const persona = reportPersona({ 'MEMORY.md': 'x'.repeat(CAP + 1), 'AGENTS.md': 'rules' });
    assert.deepStrictEqual(
      persona.files.map((f) => [f.name, f.state]),
      [
        ['AGENTS.md', 'ok'],
        ['SOUL.md', 'missing'],
        ['IDENTITY.md', 'missing'],
        ['USER.md', 'missing'],
        ['TOOLS.md', 'missing'],
        ['HEARTBEAT.md', 'missing'],
        ['MEMORY.md', 'over'],
      ],
    );
    assert.strictEqual(persona.state, 'over');
    assert.strictEqual(reportPersona({}).state, 'missing');
    assert.strictEqual(reportPersona({ 'SOUL.md': 'x' }, 0.9).state, 'ok');
  });

  it('recognises mis-cased bootstrap names only', () => {
    assert.strictEqual(miscasedBootstrapName('soul.md'), 'SOUL.md');
    assert.strictEqual(miscasedBootstrapName('Memory.MD'), 'MEMORY.md');
    assert.strictEqual(miscasedBootstrapName('SOUL.md'), undefined);
    assert.strictEqual(miscasedBootstrapName('souls.md'), undefined);
  });
});
