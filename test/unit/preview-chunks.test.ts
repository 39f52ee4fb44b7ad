import assert from 'node:assert';
import fc from 'fast-check';
import { applyChunkEdit, estimateRows, planChunkEdit, splitChunks } from '../../src/webview/chunks';
import { applyPatch, Patch } from '../../src/webview/protocol';

/** Every chunk but the last ends at a line break; only an empty text has an empty chunk. */
function assertShape(chunks: string[]): void {
  assert.ok(chunks.length >= 1);
  chunks.forEach((chunk, i) => {
    if (i < chunks.length - 1) assert.ok(chunk.endsWith('\n'), `chunk ${i} of ${chunks.length} does not end at a line break`);
    if (chunks.length > 1) assert.notStrictEqual(chunk, '', `chunk ${i} is empty`);
  });
}

const lineText = fc.array(fc.oneof(fc.constantFrom('\n', '\n\n', 'é', '😀'), fc.string({ maxLength: 12 })), { maxLength: 40 }).map((parts) => parts.join(''));

const textAndPatch = lineText.chain((text) =>
  fc
    .tuple(fc.nat({ max: text.length }), fc.nat({ max: 30 }), lineText)
    .map(([start, deleteCount, insert]): [string, Patch] => [text, { start, deleteCount: Math.min(deleteCount, text.length - start), insert }]),
);

describe('preview chunks', () => {
  it('keeps a short text whole', () => {
    assert.deepStrictEqual(splitChunks('## SOUL.md\n\nhello', 64), ['## SOUL.md\n\nhello']);
    assert.deepStrictEqual(splitChunks('', 64), ['']);
  });

  it('splits a long text just after line breaks', () => {
    const text = 'line of text\n'.repeat(100);
    const chunks = splitChunks(text, 64);
    assert.strictEqual(chunks.join(''), text);
    assert.ok(chunks.length > 10);
    assertShape(chunks);
    for (const chunk of chunks) assert.ok(chunk.length <= 64);
  });

  it('keeps one long line in one chunk', () => {
    const text = 'x'.repeat(1000);
    assert.deepStrictEqual(splitChunks(text, 64), [text]);
    assert.deepStrictEqual(splitChunks(`a\n${text}`, 64), ['a\n', text]);
  });

  it('splits any text into chunks that join back to it', () => {
    fc.assert(
      fc.property(lineText, fc.integer({ min: 1, max: 16 }), (text, target) => {
        const chunks = splitChunks(text, target);
        assert.strictEqual(chunks.join(''), text);
        assertShape(chunks);
      }),
    );
  });

  it('edits one chunk in place when a keystroke stays inside it', () => {
    const chunks = splitChunks('aaaa\nbbbb\ncccc\n', 5);
    assert.deepStrictEqual(chunks, ['aaaa\n', 'bbbb\n', 'cccc\n']);
    const edit = planChunkEdit(chunks, { start: 7, deleteCount: 1, insert: 'XY' }, 5, 20);
    assert.deepStrictEqual(edit, { kind: 'inPlace', index: 1, offset: 2, deleteCount: 1, insert: 'XY' });
  });

  it('types at a chunk boundary into the next chunk, keeping the line break before it', () => {
    const edit = planChunkEdit(['aaaa\n', 'bbbb\n'], { start: 5, deleteCount: 0, insert: 'Z' }, 5, 20);
    assert.deepStrictEqual(edit, { kind: 'inPlace', index: 1, offset: 0, deleteCount: 0, insert: 'Z' });
  });

  it('merges two chunks when the line break between them is deleted', () => {
    const chunks = ['aaaa\n', 'bbbb\n', 'cc'];
    const edit = planChunkEdit(chunks, { start: 4, deleteCount: 1, insert: '' }, 5, 20);
    assert.strictEqual(edit.kind, 'replace');
    applyChunkEdit(chunks, edit);
    assert.strictEqual(chunks.join(''), 'aaaabbbb\ncc');
    assertShape(chunks);
  });

  it('splits a chunk again when a paste makes it too big', () => {
    const chunks = ['aaaa\n', 'bb'];
    const edit = planChunkEdit(chunks, { start: 2, deleteCount: 0, insert: 'line\n'.repeat(20) }, 5, 20);
    assert.strictEqual(edit.kind, 'replace');
    applyChunkEdit(chunks, edit);
    assert.ok(chunks.every((chunk) => chunk.length <= 20));
  });

  it('edits a single long line in place rather than rebuilding it', () => {
    const line = 'x'.repeat(100);
    const edit = planChunkEdit(['a\n', line], { start: 50, deleteCount: 0, insert: 'y' }, 5, 20);
    assert.strictEqual(edit.kind, 'inPlace');
  });

  it('applies any patch to the chunks exactly as to the joined text, keeping their shape', () => {
    fc.assert(
      fc.property(textAndPatch, fc.integer({ min: 1, max: 12 }), ([text, patch], target) => {
        const chunks = splitChunks(text, target);
        applyChunkEdit(chunks, planChunkEdit(chunks, patch, target, target * 4));
        assert.strictEqual(chunks.join(''), applyPatch(text, patch));
        assertShape(chunks);
      }),
      { numRuns: 500 },
    );
  });

  it('stays exact over a long run of edits', () => {
    fc.assert(
      fc.property(lineText, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 8 }), lineText), { maxLength: 30 }), (initial, edits) => {
        let text = initial;
        const chunks = splitChunks(text, 8);
        for (const [where, deleteCount, insert] of edits) {
          const start = Math.floor(where * text.length);
          const patch = { start, deleteCount: Math.min(deleteCount, text.length - start), insert };
          applyChunkEdit(chunks, planChunkEdit(chunks, patch, 8, 32));
          text = applyPatch(text, patch);
          assert.strictEqual(chunks.join(''), text);
          assertShape(chunks);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('preview chunk height guess', () => {
  it('counts a row per line when lines do not wrap', () => {
    assert.strictEqual(estimateRows('', Infinity), 1);
    assert.strictEqual(estimateRows('one\n', Infinity), 1);
    assert.strictEqual(estimateRows('one\ntwo', Infinity), 2);
    assert.strictEqual(estimateRows('one\n\nthree\n', Infinity), 3);
  });

  it('counts the rows a long line wraps into', () => {
    assert.strictEqual(estimateRows('x'.repeat(80) + '\n', 80), 1);
    assert.strictEqual(estimateRows('x'.repeat(81) + '\n', 80), 2);
    assert.strictEqual(estimateRows('x'.repeat(141) + '\n\n' + 'y'.repeat(10), 70), 3 + 1 + 1);
  });

  it('never guesses fewer rows than lines, nor more than characters', () => {
    fc.assert(
      fc.property(lineText, fc.integer({ min: 1, max: 200 }), (text, columns) => {
        const lines = text === '' ? 1 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
        const rows = estimateRows(text, columns);
        assert.ok(rows >= lines && rows <= Math.max(1, text.length), `${rows} rows for ${lines} lines`);
        assert.strictEqual(estimateRows(text, Infinity), lines);
      }),
    );
  });
});
