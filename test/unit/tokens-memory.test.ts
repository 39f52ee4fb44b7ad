// The token worker's memory while a 1 MB MEMORY.md of CJK prose is edited a thousand times,
// and how the engine lives through a worker that runs out of its capped heap.
import assert from 'node:assert';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { TokenEngine, tokenWorkerPath } from '../../src/extension/tokens/engine';

const root = path.resolve(__dirname, '../..');
const MB = 1024 * 1024;

/** A pseudo-random source, so every run types the same prose. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

/** CJK prose never seen before: Han characters in clauses, with the punctuation that ends them. */
function cjkProse(next: () => number, chars: number): string {
  let prose = '';
  while (prose.length < chars) {
    for (let i = 3 + Math.floor(next() * 20); i > 0; i--) prose += String.fromCharCode(0x4e00 + Math.floor(next() * 20000));
    prose += next() < 0.7 ? '，' : '。';
    if (next() < 0.05) prose += '\n\n';
  }
  return prose;
}

describe("the token worker's memory", function () {
  it('stays flat (at most 256 MB) over 1,000 edits of new CJK prose in a 1 MB MEMORY.md', async () => {
    const next = random(42);
    let text = cjkProse(next, 360_000);
    assert.ok(Buffer.byteLength(text) >= MB);
    const engine = new TokenEngine(tokenWorkerPath(root));
    try {
      await engine.count('MEMORY.md', text, 'o200k_base');
      const before = await engine.heapUsed();
      for (let edit = 0; edit < 1000; edit++) {
        const at = Math.floor(next() * text.length);
        text = text.slice(0, at) + cjkProse(next, 12) + text.slice(at);
        assert.notStrictEqual(await engine.count('MEMORY.md', text, 'o200k_base'), undefined);
      }
      const after = await engine.heapUsed();
      assert.ok(after <= 256 * MB, `the worker's heap holds ${Math.round(after / MB)} MB after 1,000 edits`);
      assert.ok(after - before < 64 * MB, `the worker's heap grew from ${Math.round(before / MB)} to ${Math.round(after / MB)} MB`);
      assert.strictEqual(await engine.count('MEMORY.md', text, 'o200k_base'), o200k.encode(text).length);
    } finally {
      engine.dispose();
    }
  });

  it('lives through a worker that runs out of its heap: the count fails with that reason, the next one starts a new worker', async () => {
    // 64 MB holds the ranks; 64 MB of one letter (the text itself, then its merge) does not fit beside them.
    const engine = new TokenEngine(tokenWorkerPath(root), 64);
    try {
      assert.strictEqual(await engine.count('SOUL.md', 'You are Ava.', 'o200k_base'), o200k.encode('You are Ava.').length);
      await assert.rejects(engine.count('MEMORY.md', 'x'.repeat(64 * MB), 'o200k_base'), /ran out of memory \(64 MB\)/);
      assert.strictEqual(engine.started, false);
      assert.strictEqual(await engine.count('SOUL.md', 'You are Ava, calm.', 'o200k_base'), o200k.encode('You are Ava, calm.').length);
    } finally {
      engine.dispose();
    }
  });
});
