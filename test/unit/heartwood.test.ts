import assert from 'node:assert';
import { composeHeartwood, effectiveHeartwoodCap, HEARTWOOD_CEILING, HEARTWOOD_MAX_CHARS, reportHeartwood, splitHeartwood } from '../../src/core';

const atlas = `You are Atlas, a meticulous research companion. You cite every
claim and never guess at a number you have not seen.

## Voice & Tone
Terse, precise, no hedging.
`;

describe('Heartwood', () => {
  it('splits the seed example into identity and voice', () => {
    const parts = splitHeartwood(atlas);
    assert.strictEqual(parts.identity, 'You are Atlas, a meticulous research companion. You cite every\nclaim and never guess at a number you have not seen.');
    assert.strictEqual(parts.voice, 'Terse, precise, no hedging.');
    assert.strictEqual(parts.voiceHeadingIndex, atlas.indexOf('## Voice & Tone'));
  });

  it('treats a file without the heading as all identity', () => {
    assert.deepStrictEqual(splitHeartwood('  You are Atlas.  '), { identity: 'You are Atlas.' });
  });

  it('finds the heading only as a whole line, also with CRLF', () => {
    assert.strictEqual(splitHeartwood('a\n### Voice & Tone\nb').voice, undefined);
    assert.strictEqual(splitHeartwood('a ## Voice & Tone b').voice, undefined);
    assert.strictEqual(splitHeartwood('a\r\n## Voice & Tone\r\nb').voice, 'b');
  });

  it('uses the loader cap below the ceiling verbatim, and the ceiling above it', () => {
    assert.strictEqual(effectiveHeartwoodCap(), HEARTWOOD_MAX_CHARS);
    assert.strictEqual(effectiveHeartwoodCap({ maxChars: 500 }), 500);
    assert.strictEqual(effectiveHeartwoodCap({ maxChars: 20_000 }), HEARTWOOD_CEILING);
    assert.strictEqual(effectiveHeartwoodCap({ maxChars: 20_000, ceiling: 9000 }), 9000);
  });

  it('means "no identity section" for an absent or blank source', () => {
    assert.strictEqual(composeHeartwood(undefined), null);
    assert.strictEqual(composeHeartwood(' \n\t'), null);
    const report = reportHeartwood('  \n');
    assert.strictEqual(report.present, false);
    assert.strictEqual(report.state, 'missing');
  });

  it('composes the trimmed text, identity first, voice after', () => {
    assert.strictEqual(composeHeartwood(atlas), atlas.trim());
  });

  it('counts characters, not bytes, against the caps', () => {
    const report = reportHeartwood('é'.repeat(1000));
    assert.strictEqual(report.chars, 1000);
    assert.strictEqual(report.fraction, 0.5);
    assert.strictEqual(report.state, 'ok');
    assert.strictEqual(reportHeartwood('é'.repeat(1800)).state, 'near');
  });

  it('reports where an over-long file is cut, past leading white space', () => {
    const text = '\n\n' + 'x'.repeat(1990) + '\n## Voice & Tone\n' + 'y'.repeat(100);
    const report = reportHeartwood(text);
    assert.strictEqual(report.state, 'over');
    assert.strictEqual(report.identityChars, 1990);
    assert.strictEqual(report.voiceChars, 100);
    assert.strictEqual(report.hasVoice, true);
    assert.ok(report.cut);
    assert.strictEqual(report.cut.index, 2 + 2000);
    assert.strictEqual(report.cut.droppedChars, report.chars - 2000);
    assert.strictEqual(composeHeartwood(text), text.trim().slice(0, 2000));
    assert.strictEqual(text.slice(2, report.cut.index), composeHeartwood(text));
    assert.deepStrictEqual([report.cut.line, report.cut.column], [3, 2002 - text.indexOf('## Voice')]);
  });

  it('honours custom caps', () => {
    const report = reportHeartwood('x'.repeat(100), { maxChars: 50 });
    assert.strictEqual(report.cap, 50);
    assert.strictEqual(report.state, 'over');
    assert.strictEqual(reportHeartwood('x'.repeat(100), { maxChars: 9000, ceiling: 100 }).state, 'near');
  });
});
