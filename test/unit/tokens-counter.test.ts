// The surfaces' counter of compositions, with the real worker: an edit sends the worker
// only the changed section and the whole text, and the counts stay gpt-tokenizer's.
import assert from 'node:assert';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import { Composition, FileContent, PersonaInput, readPersonaInput, runtimeProfile } from '../../src/core';
import { TokenEngine, tokenWorkerPath } from '../../src/extension/tokens/engine';
import { CompositionCounter, CompositionTokens, tokenKey } from '../../src/extension/tokens/compositionCounter';

const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'examples', 'ava');

describe('the composition counter', () => {
  let engine: TokenEngine | undefined;
  afterEach(() => {
    engine?.dispose();
    engine = undefined;
  });
  /** A counter whose engine (and worker) starts on its first count. */
  const newCounter = () => new CompositionCounter(() => (engine ??= new TokenEngine(tokenWorkerPath(root))));

  it('sends only what an edit changed, starts no worker before the first count, and counts as gpt-tokenizer does', async () => {
    const profile = runtimeProfile('openclaw');
    const input = readPersonaInput(dir, profile);
    const counter = newCounter();
    assert.strictEqual(engine, undefined, 'no worker before a count');
    const first = profile.compose(input, { workspacePath: dir });
    const counted = await counter.count(dir, first, 'o200k_base');
    const sending = first.files.filter((file) => file.section !== '').length + 1;
    assert.strictEqual(counter.lastSent, sending);
    assert.strictEqual(counted?.total, o200k.encode(first.text).length);

    // A keystroke in SOUL.md: SOUL.md's section and the whole text are sent, nothing else.
    const typed = profile.compose(withSoul(input, ' Calm, 一歩ずつ 🦉.'), { workspacePath: dir });
    const again = await counter.count(dir, typed, 'o200k_base');
    assert.strictEqual(counter.lastSent, 2);
    assertCounts(again, typed, o200k.encode);

    // Another encoding recounts everything in the worker, which holds the sections already.
    const other = await counter.count(dir, typed, 'cl100k_base');
    assert.strictEqual(counter.lastSent, 1);
    assertCounts(other, typed, cl100k.encode);
  });

  it("sends toolnexus's changed section alone: the worker joins the whole text from its pieces", async () => {
    const profile = runtimeProfile('toolnexus');
    const input = readPersonaInput(dir, profile);
    const counter = newCounter();
    const first = profile.compose(input);
    assert.strictEqual(first.pieces?.join(''), first.text);
    await counter.count(dir, first, 'o200k_base');
    assert.strictEqual(counter.lastSent, first.files.filter((file) => file.section !== '').length);
    const typed = profile.compose(withSoul(input, ' Calm, 一歩ずつ 🦉.'));
    const again = await counter.count(dir, typed, 'o200k_base');
    assert.strictEqual(counter.lastSent, 1);
    assertCounts(again, typed, o200k.encode);
  });

  it('counts the newest text right when an edit is undone while an older count is on its way', async () => {
    const profile = runtimeProfile('toolnexus');
    const input = readPersonaInput(dir, profile);
    const counter = newCounter();
    const original = profile.compose(input);
    await counter.count(dir, original, 'o200k_base');
    // Typed, then undone: the typed section reaches the worker, the undone one must follow it.
    const typed = counter.count(dir, profile.compose(withSoul(input, ' typed')), 'o200k_base');
    const undone = await counter.count(dir, profile.compose(input), 'o200k_base');
    assert.strictEqual(await typed, undefined);
    assert.strictEqual(undone?.total, o200k.encode(original.text).length);
    assert.strictEqual(undone?.files.get('SOUL.md'), o200k.encode(original.files.find((file) => file.name === 'SOUL.md')!.section).length);
  });

  it('forgets a persona that is gone: the worker counts its text again from nothing, and keeps the others', async () => {
    const profile = runtimeProfile('toolnexus');
    const composition = profile.compose(readPersonaInput(dir, profile));
    const sections = composition.files.filter((file) => file.section !== '').length;
    const counter = newCounter();
    await counter.count('gone', composition, 'o200k_base');
    await counter.count('kept', composition, 'o200k_base');
    assert.strictEqual(
      counter.forget((key) => key === 'gone'),
      1,
    );
    assert.strictEqual(
      counter.forget((key) => key === 'gone'),
      0,
      'forgotten once',
    );

    // The kept persona's sections are still held and cached: nothing sent, nothing tokenized.
    await counter.count('kept', composition, 'o200k_base');
    assert.strictEqual(counter.lastSent, 0);
    assert.strictEqual(engine!.chunksTokenized(tokenKey('kept')), 0);
    // The gone one's are not: all its sections are sent and tokenized again.
    const again = await counter.count('gone', composition, 'o200k_base');
    assert.strictEqual(counter.lastSent, sections);
    assert.ok(engine!.chunksTokenized(tokenKey('gone'))! > 0);
    assertCounts(again, composition, o200k.encode);
  });

  it('never sends a count of a forgotten persona that was waiting behind one on its way', async () => {
    const profile = runtimeProfile('toolnexus');
    const input = readPersonaInput(dir, profile);
    const counter = newCounter();
    const first = counter.count('gone', profile.compose(input), 'o200k_base');
    const typed = profile.compose(withSoul(input, ' typed'));
    const waiting = counter.count('gone', typed, 'o200k_base');
    counter.forget((key) => key === 'gone');
    assert.strictEqual(await waiting, undefined);
    await first;
    // Had the waiting count gone out after the forget, the worker would hold its sections.
    const again = await counter.count('gone', typed, 'o200k_base');
    assert.strictEqual(counter.lastSent, typed.files.filter((file) => file.section !== '').length);
    assertCounts(again, typed, o200k.encode);
  });
});

/** The counts are gpt-tokenizer's, of the whole text and of each section as sent. */
function assertCounts(counted: CompositionTokens | undefined, composition: Composition, encode: (text: string) => number[]): void {
  assert.strictEqual(counted?.total, encode(composition.text).length);
  for (const file of composition.files) assert.strictEqual(counted?.files.get(file.name), encode(file.section).length, file.name);
}

/** The persona with text added at the end of its SOUL.md, as an unsaved editor holds it. */
function withSoul(input: PersonaInput, added: string): PersonaInput {
  const files = new Map<string, FileContent>(input.files);
  const soul = files.get('SOUL.md');
  assert.ok(soul && soul.kind === 'bytes');
  files.set('SOUL.md', { kind: 'text', text: new TextDecoder().decode(soul.bytes) + added });
  return { ...input, files };
}
