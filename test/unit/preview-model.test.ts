import assert from 'node:assert';
import { composeHeartwood, composeSection, MAX_FILE_BYTES, TRUNCATION_NOTICE } from '../../src/core';
import { headOf, heartwoodModel, sectionModel, splitNotice, totalsText, Translate } from '../../src/extension/preview/soulModel';

const t: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

describe('preview model', () => {
  it('describes a section: exact bytes, share of the cap, state', () => {
    const model = sectionModel(composeSection('SOUL.md', 'You are Ava.'), 0.9, t);
    assert.strictEqual(headOf(model), '## SOUL.md\n\nYou are Ava.');
    assert.deepStrictEqual(
      { bytes: model.meta.bytes, state: model.meta.state, notice: model.meta.notice, cutText: model.meta.cutText },
      { bytes: 12, state: 'ok', notice: '', cutText: '' },
    );
    assert.strictEqual(model.meta.sizeText, '12 bytes · <0.1 % of 2 MB');
    assert.strictEqual(model.soulBytes, '## SOUL.md\n\nYou are Ava.'.length);
  });

  it('counts the bytes a section adds in the soul from heading and trimmed body, multi-byte included', () => {
    for (const source of ['  é 😀 \u3000', '\u00a0x\u00a0', '', 'x'.repeat(MAX_FILE_BYTES + 3)]) {
      const section = composeSection('USER.md', source);
      assert.strictEqual(sectionModel(section, 0.9, t).soulBytes, Buffer.byteLength(section.text));
    }
  });

  it('marks a section near the cap at the warnAt threshold', () => {
    const near = sectionModel(composeSection('MEMORY.md', 'x'.repeat(Math.ceil(MAX_FILE_BYTES * 0.5))), 0.5, t);
    assert.strictEqual(near.meta.state, 'near');
  });

  it('splits the notice off a cut section, even when the kept text is only whitespace', () => {
    const cut = composeSection('MEMORY.md', 'x'.repeat(MAX_FILE_BYTES + 1));
    assert.deepStrictEqual(splitNotice(cut), { kept: cut.body.slice(0, -TRUNCATION_NOTICE.length), notice: TRUNCATION_NOTICE });
    const blank = composeSection('MEMORY.md', ' '.repeat(MAX_FILE_BYTES + 1));
    assert.deepStrictEqual(splitNotice(blank), { kept: '', notice: TRUNCATION_NOTICE.trimStart() });
  });

  it('does not take a file that merely ends with the notice text for a cut one', () => {
    const section = composeSection('SOUL.md', `text${TRUNCATION_NOTICE}`);
    assert.deepStrictEqual(splitNotice(section), { kept: section.body, notice: '' });
  });

  it('says how big the soul is', () => {
    assert.strictEqual(totalsText(0, 0, t), 'Soul: empty (no bootstrap file)');
    assert.strictEqual(totalsText(2048, 1, t), 'Soul: 2,048 bytes (2.0 KB) · 1 file');
    assert.strictEqual(totalsText(5, 2, t), 'Soul: 5 bytes (5 B) · 2 files');
  });

  it('shows Heartwood as sent, with its parts and the voice heading found', () => {
    const text = '  You are Atlas.\n\n## Voice & Tone\nTerse.\n';
    const view = heartwoodModel(text, {}, 0.9, t)!;
    assert.strictEqual(view.text, composeHeartwood(text));
    assert.strictEqual(view.text.slice(view.voiceAt), '## Voice & Tone\nTerse.');
    assert.strictEqual(view.partsText, 'Identity 14 · Voice 6 · maxChars 2,000 · ceiling 8,000');
    assert.strictEqual(view.state, 'ok');
    assert.strictEqual(view.truncated, false);
  });

  it('shows where Heartwood is cut at its character cap', () => {
    const view = heartwoodModel('abcdefghijklmnop\n## Voice & Tone\nx', { maxChars: 10 }, 0.9, t)!;
    assert.strictEqual(view.text, 'abcdefghij');
    assert.strictEqual(view.voiceAt, -1, 'the voice is past the cut');
    assert.strictEqual(view.truncated, true);
    assert.match(view.cutText, /^Cut at 10 characters \(line 1, column 11\): the runtime drops the last 24 characters\.$/);
  });

  it('has no Heartwood view without HEARTWOOD.md, and an empty one for a blank file', () => {
    assert.strictEqual(heartwoodModel(undefined, {}, 0.9, t), undefined);
    const blank = heartwoodModel('  \n', {}, 0.9, t)!;
    assert.strictEqual(blank.text, '');
    assert.strictEqual(blank.state, 'missing');
  });
});
