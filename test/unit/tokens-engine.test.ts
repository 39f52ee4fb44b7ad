// The token engine with its real worker (dist/tokenWorker.js, built by test:unit): counts
// equal gpt-tokenizer's, a 2 MB section is counted off the main loop, stale requests drop.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import { TokenEngine, tokenWorkerPath } from '../../src/extension/tokens/engine';
import { countTokens } from '../../src/core/tokensCount';
import { composeSoul, RUNTIME_IDS, readPersonaInput, runtimeProfile } from '../../src/core';
import { countComposition } from '../../src/extension/tokens/compositionCounter';

const root = path.resolve(__dirname, '../..');
const SAMPLE = path.resolve(__dirname, '../fixtures/tokens/sample');
const sample = fs
  .readdirSync(SAMPLE)
  .map((name) => fs.readFileSync(path.join(SAMPLE, name), 'utf8'))
  .join('\n\n');
const soul2MB = sample.repeat(Math.ceil((2 * 1024 * 1024) / Buffer.byteLength(sample)));

describe('the token engine', function () {
  let engine: TokenEngine;
  beforeEach(() => (engine = new TokenEngine(tokenWorkerPath(root))));
  afterEach(() => engine.dispose());

  it('starts its worker on the first count, not before', async () => {
    assert.strictEqual(engine.started, false);
    assert.strictEqual(await engine.count('SOUL.md', 'You are Ava.', 'o200k_base'), o200k.encode('You are Ava.').length);
    assert.strictEqual(engine.started, true);
  });

  it('counts as gpt-tokenizer does, in each encoding, and estimates for Claude', async () => {
    assert.strictEqual(await engine.count('a', sample, 'o200k_base'), o200k.encode(sample).length);
    assert.strictEqual(await engine.count('a', sample, 'cl100k_base'), cl100k.encode(sample).length);
    assert.strictEqual(await engine.count('a', sample, 'claude-estimate'), countTokens(sample, 'claude-estimate'));
  });

  it('counts a 2 MB section while the main loop keeps turning, then recounts one chunk after a keystroke', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const counted = await engine.count('MEMORY.md', soul2MB, 'o200k_base');
    clearInterval(timer);
    assert.strictEqual(counted, o200k.encode(soul2MB).length);
    assert.ok(ticks > 3, `the main loop turned ${ticks} times while the worker counted`);
    const at = soul2MB.length >> 1;
    const typed = soul2MB.slice(0, at) + 'x' + soul2MB.slice(at);
    assert.strictEqual(await engine.count('MEMORY.md', typed, 'o200k_base'), o200k.encode(typed).length);
    assert.ok(engine.chunksTokenized('MEMORY.md')! <= 3, `${engine.chunksTokenized('MEMORY.md')} chunks recounted`);
  });

  it('answers only the newest of the requests for one key; other keys are not affected', async () => {
    const texts = ['one', 'one two', 'one two three', 'one two three four'];
    const answers = await Promise.all([...texts.map((text) => engine.count('SOUL.md', text, 'o200k_base')), engine.count('USER.md', 'hi', 'o200k_base')]);
    // The first was sent at once and superseded while counted; the middle ones never left.
    assert.deepStrictEqual(answers, [undefined, undefined, undefined, o200k.encode(texts[3]).length, o200k.encode('hi').length]);
  });

  it('settles what is pending as undefined when disposed, and counts nothing after', async () => {
    const pending = engine.count('SOUL.md', soul2MB, 'o200k_base');
    engine.dispose();
    assert.strictEqual(await pending, undefined);
    assert.strictEqual(await engine.count('SOUL.md', 'x', 'o200k_base'), undefined);
  });

  it("fails a count with the worker's error when the worker cannot start, and tries again on the next", async () => {
    const broken = new TokenEngine(path.join(root, 'dist', 'no-such-worker.js'));
    await assert.rejects(broken.count('SOUL.md', 'x', 'o200k_base'), /Cannot find module|no-such-worker/);
    await assert.rejects(broken.count('SOUL.md', 'x', 'o200k_base'), /Cannot find module|no-such-worker/);
    broken.dispose();
  });
});

describe('the tokens of a composition', () => {
  it('count each section as sent and the whole text, for every runtime', async () => {
    const engine = new TokenEngine(tokenWorkerPath(root));
    try {
      const dir = path.join(root, 'examples', 'ava');
      for (const runtime of RUNTIME_IDS) {
        const profile = runtimeProfile(runtime);
        const composition = profile.compose(readPersonaInput(dir, profile));
        if (runtime === 'toolnexus') assert.strictEqual(composition.text, composeSoul(dir).soul);
        const counted = await countComposition(engine, dir, composition, 'o200k_base');
        assert.ok(counted);
        assert.strictEqual(counted.total, o200k.encode(composition.text).length);
        for (const file of composition.files) assert.strictEqual(counted.files.get(file.name), o200k.encode(file.section).length, file.name);
      }
    } finally {
      engine.dispose();
    }
  });

  it('sends a sampled estimate before the exact count of a large first text, and none for a keystroke after it', async () => {
    const engine = new TokenEngine(tokenWorkerPath(root));
    after(() => engine.dispose());
    const estimates: { total: number; sections: readonly number[] }[] = [];
    const sections = [{ key: 'p\u0000SOUL.md', text: soul2MB }];
    const exact = await engine.countComposition('p\u0000', 'o200k_base', sections, [0], (estimate) => estimates.push(estimate));
    const tokens = o200k.encode(soul2MB).length;
    assert.strictEqual(exact?.total, tokens);
    assert.strictEqual(estimates.length, 1);
    // Prose repeated: the samples land within a few percent of the count.
    assert.ok(Math.abs(estimates[0].total - tokens) / tokens < 0.05, `${estimates[0].total} against ${tokens}`);
    assert.deepStrictEqual(estimates[0].sections, [estimates[0].total]);
    const typed = `${soul2MB.slice(0, 1000)}x${soul2MB.slice(1000)}`;
    assert.strictEqual(
      (await engine.countComposition('p\u0000', 'o200k_base', [{ key: sections[0].key, text: typed }], [0], (estimate) => estimates.push(estimate)))?.total,
      o200k.encode(typed).length,
    );
    assert.strictEqual(estimates.length, 1);
  });

  it('settles as undefined when a newer count of the persona supersedes it', async () => {
    const engine = new TokenEngine(tokenWorkerPath(root));
    try {
      const dir = path.join(root, 'examples', 'ava');
      const composition = runtimeProfile().compose(readPersonaInput(dir, runtimeProfile()));
      const [older, newer] = await Promise.all([countComposition(engine, dir, composition, 'o200k_base'), countComposition(engine, dir, composition, 'cl100k_base')]);
      assert.strictEqual(older, undefined);
      assert.strictEqual(newer?.total, cl100k.encode(composition.text).length);
    } finally {
      engine.dispose();
    }
  });
});

describe('dist/extension.js', () => {
  it('holds no tokenizer ranks: the worker reads them from their own files', () => {
    const extension = fs.readFileSync(path.join(root, 'dist', 'extension.js'), 'utf8');
    assert.doesNotMatch(extension, /gpt-tokenizer|bpeRanks|\.ranks/);
    const worker = fs.readFileSync(path.join(root, 'dist', 'tokenWorker.js'), 'utf8');
    assert.doesNotMatch(worker, /require\("gpt-tokenizer|BytePairEncodingCore|bpeRanks/, 'the worker carries no copy of the library');
    assert.ok(fs.statSync(path.join(root, 'dist', 'o200k_base.ranks')).size > 1_000_000, 'the o200k_base ranks are a file of their own');
  });
});
