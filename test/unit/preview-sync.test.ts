import './vscodeL10n';
import assert from 'node:assert';
import fc from 'fast-check';
import { BOOTSTRAP_ORDER, Composition, MAX_FILE_BYTES, TRUNCATION_NOTICE, utf8Length } from '../../src/core';
import { SoulBlocks } from '../../src/extension/preview/blocks';
import { labels } from '../../src/extension/preview/soulModel';
import { diffText, SoulSync } from '../../src/extension/preview/sync';
import { applyPatch, parseFromWebview } from '../../src/webview/protocol';
import { FakeWebview, Files, handMade } from './preview-fixtures';

/** One webview's sync and blocks, as a preview session drives them. */
class Session {
  readonly sync = new SoulSync();
  readonly page = new FakeWebview();
  private blocks = new SoulBlocks();
  readonly revealed = new Set<string>();

  constructor(private readonly smallText?: number) {}

  render(composition: Composition) {
    this.blocks = new SoulBlocks(this.smallText);
    const message = this.sync.render({ wrap: true, labels: labels(), soul: this.model(composition) });
    this.page.receive(message);
    return message;
  }

  pass(composition: Composition) {
    const message = this.sync.update(this.sync.soul(this.model(composition)));
    this.page.receive(message);
    return message;
  }

  private model(composition: Composition) {
    return this.blocks.build(composition, composition.runtime === 'openclaw' ? 'OpenClaw 2026.9.6' : 'toolnexus composeSoul', (name) => this.revealed.has(name));
  }
}

describe('preview sync: diffText', () => {
  it('finds the one changed character', () => {
    assert.deepStrictEqual(diffText('hello world', 'hello, world'), { start: 5, deleteCount: 0, insert: ',' });
    assert.deepStrictEqual(diffText('hello world', 'hello orld'), { start: 6, deleteCount: 1, insert: '' });
    assert.strictEqual(diffText('same', 'same'), undefined);
  });

  it('finds an edit deep in a large text, past whole blocks', () => {
    const before = 'abcdefgh'.repeat(10_000);
    const after = before.slice(0, 41_234) + 'XYZ' + before.slice(41_240);
    assert.deepStrictEqual(diffText(before, after), { start: 41_234, deleteCount: 6, insert: 'XYZ' });
  });

  it('never splits a surrogate pair', () => {
    // 😀 and 😃 share their high surrogate: the patch must still replace both halves.
    assert.deepStrictEqual(diffText('a😀b', 'a😃b'), { start: 1, deleteCount: 2, insert: '😃' });
    assert.deepStrictEqual(diffText('😀', '😀😀'), { start: 2, deleteCount: 0, insert: '😀' });
  });

  it('turns any text into any other (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const patch = diffText(a, b);
        assert.strictEqual(patch ? applyPatch(a, patch) : a, b);
      }),
    );
  });

  it('turns a text into an edited copy of itself, with a patch no larger than the edit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5000 }), fc.nat(), fc.string({ maxLength: 5 }), (text, at, insert) => {
        const start = at % text.length;
        const edited = text.slice(0, start) + insert + text.slice(start);
        const patch = diffText(text, edited);
        assert.strictEqual(patch ? applyPatch(text, patch) : text, edited);
        if (patch) assert.ok(patch.insert.length <= insert.length + 1 && patch.deleteCount <= 1);
      }),
    );
  });
});

describe('preview sync: messages', () => {
  it('renders every section, and the page holds the runtime text exactly', () => {
    const files = new Files({ 'SOUL.md': '  You are Ava.\n', 'AGENTS.md': 'Be concise.', 'MEMORY.md': 'Metric units.' });
    const session = new Session();
    session.render(files.compose());
    const { text } = files.compose();
    assert.strictEqual(session.page.soul(), text);
    assert.strictEqual(session.page.totals!.bytes, utf8Length(text));
    assert.deepStrictEqual(
      session.page.totals!.unsent.map((group) => group.names),
      [['IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md']],
    );
    assert.strictEqual(session.page.totals!.text, `Soul: ${utf8Length(text)} bytes (${utf8Length(text)} B) · 3 files`);
  });

  it('sends a keystroke in a large section as a small patch of that section only', () => {
    const files = new Files({ 'AGENTS.md': 'rules\n'.repeat(20_000), 'SOUL.md': 'soul\n'.repeat(20_000) });
    const session = new Session();
    session.render(files.compose());
    files.texts['SOUL.md'] = files.texts['SOUL.md']!.slice(0, 5000) + 'k' + files.texts['SOUL.md']!.slice(5000);
    const sent = session.pass(files.compose());
    assert.strictEqual(sent?.parts.length, 1, 'only the changed section');
    const part = sent.parts[0];
    assert.ok(part.kind === 'section' && part.change.kind === 'patch');
    assert.deepStrictEqual(part.change.head?.patch, { start: 5000 + '## SOUL.md\n\n'.length, deleteCount: 0, insert: 'k' });
    assert.strictEqual(part.change.tail, undefined);
    assert.ok(JSON.stringify(sent).length < 1500, 'the message carries the edit, not the text');
    assert.strictEqual(session.page.soul(), files.compose().text);
  });

  it('keeps patching a large soul while reusing its separators, and reads them again when the layout changes', () => {
    const files = new Files({ 'AGENTS.md': 'a\n'.repeat(200_000), 'SOUL.md': 's' });
    const session = new Session();
    session.render(files.compose());
    files.texts['SOUL.md'] = 'so';
    session.pass(files.compose());
    assert.strictEqual(session.page.soul(), files.compose().text);
    files.texts['USER.md'] = 'u';
    session.pass(files.compose());
    assert.strictEqual(session.page.soul(), files.compose().text);
    delete files.texts['SOUL.md'];
    session.pass(files.compose());
    assert.strictEqual(session.page.soul(), files.compose().text);
  });

  it('sends nothing when nothing changed (a save, or a disk event for an open file)', () => {
    const files = new Files({ 'SOUL.md': 'same' });
    const session = new Session();
    session.render(files.compose());
    assert.strictEqual(session.pass(files.compose()), undefined, 'no message at all');
  });

  it('sends only the header when only white space the runtime trims changed', () => {
    const files = new Files({ 'SOUL.md': 'body' });
    const session = new Session();
    session.render(files.compose());
    files.texts['SOUL.md'] = 'body\n\n\n';
    const part = session.pass(files.compose())?.parts[0];
    assert.ok(part?.kind === 'section');
    assert.strictEqual(part.change.kind, 'meta');
    assert.strictEqual(part.meta?.size, 7);
  });

  it('adds and removes sections as files appear and go, in the soul’s order', () => {
    const files = new Files({ 'MEMORY.md': 'm' });
    const session = new Session();
    session.render(files.compose());
    files.texts['AGENTS.md'] = 'a';
    session.pass(files.compose());
    assert.strictEqual(session.page.soul(), '## AGENTS.md\n\na\n\n## MEMORY.md\n\nm');
    assert.deepStrictEqual(session.page.order, ['AGENTS.md', 'MEMORY.md']);
    delete files.texts['MEMORY.md'];
    const removal = session.pass(files.compose());
    assert.ok(removal?.parts.some((part) => part.kind === 'section' && part.change.kind === 'remove'));
    assert.strictEqual(session.page.soul(), '## AGENTS.md\n\na');
    assert.strictEqual(session.page.totals!.bytes, utf8Length('## AGENTS.md\n\na'));
  });

  it('shows a file cut at 2 MB as head plus the runtime notice, and follows it back under', () => {
    const files = new Files({ 'MEMORY.md': 'x'.repeat(MAX_FILE_BYTES - 1), 'USER.md': 'u' });
    const session = new Session();
    session.render(files.compose());
    files.texts['MEMORY.md'] += 'yyy'; // Two bytes over: cut.
    const sent = session.pass(files.compose());
    const over = sent?.parts[0];
    assert.ok(over?.kind === 'section');
    assert.strictEqual(over.meta?.state, 'over');
    assert.strictEqual(over.meta?.marker, TRUNCATION_NOTICE);
    assert.match(over.meta!.cutText, /line 1, column 2097153\): the runtime drops the last 2 bytes/);
    assert.ok(JSON.stringify(sent).length < 3000);
    assert.strictEqual(session.page.soul(), files.compose().text);
    assert.strictEqual(session.page.totals!.bytes, utf8Length(files.compose().text));
    files.texts['MEMORY.md'] = files.texts['MEMORY.md']!.slice(3);
    session.pass(files.compose());
    assert.strictEqual(session.page.soul(), files.compose().text);
    assert.strictEqual(session.page.sections.get('MEMORY.md')!.meta.marker, '');
  });

  it('patches the head of a middle cut and restates the marker, the page equal to the runtime text', () => {
    let soul = Array.from({ length: 40 }, (_, i) => `line ${i} of the soul`).join('\n');
    const session = new Session();
    session.render(handMade('Be concise.', soul));
    assert.strictEqual(session.page.soul(), handMade('Be concise.', soul).text);
    soul = 'k' + soul;
    const sent = session.pass(handMade('Be concise.', soul));
    assert.strictEqual(sent?.parts.length, 1);
    const part = sent.parts[0];
    assert.ok(part.kind === 'section' && part.change.kind === 'patch');
    // Every kept character of the head moves one place: at most the head's 75 change.
    assert.ok(part.change.head && part.change.head.patch.insert.length <= 76, 'a patch of the head only');
    assert.strictEqual(part.change.tail, undefined, 'the tail did not change');
    assert.match(part.meta!.marker, new RegExp(`kept 75\\+25 chars of ${soul.length}`));
    assert.strictEqual(session.page.soul(), handMade('Be concise.', soul).text);
    // Typing in the tail patches the tail.
    soul = soul.slice(0, -1) + 'Z';
    const tail = session.pass(handMade('Be concise.', soul))?.parts[0];
    assert.ok(tail?.kind === 'section' && tail.change.kind === 'patch' && tail.change.tail && !tail.change.head);
    assert.strictEqual(session.page.soul(), handMade('Be concise.', soul).text);
  });

  it('sends the preamble when it changes', () => {
    const session = new Session();
    session.render(handMade('a', 'b'));
    const changed = handMade('a', 'b');
    const offset = '# Context\n'.length - '# Project Context\n'.length;
    const moved: Composition = {
      ...changed,
      text: changed.text.replace('# Project Context\n', '# Context\n'),
      files: changed.files.map((file) => (file.offset >= 0 ? { ...file, offset: file.offset + offset } : file)),
    };
    const sent = session.pass(moved);
    assert.ok(sent?.preamble?.startsWith('# Context\n'));
    assert.strictEqual(session.page.soul(), moved.text);
  });

  it('keeps the page equal to the composition over any run of edits, small or large texts (property)', () => {
    const edit = fc.record({
      name: fc.constantFrom(...BOOTSTRAP_ORDER),
      remove: fc.boolean(),
      where: fc.double({ min: 0, max: 1, noNaN: true }),
      deleteCount: fc.nat({ max: 6 }),
      insert: fc.string({ maxLength: 6, unit: fc.constantFrom('a', ' ', '\n', 'é', '😀', '\t') }),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), fc.string({ maxLength: 30 })), fc.array(edit, { maxLength: 25 }), fc.boolean(), (initial, edits, large) => {
        const files = new Files({ ...initial });
        const session = new Session(large ? 0 : undefined);
        session.render(files.compose());
        for (const step of edits) {
          const before = files.texts[step.name];
          if (step.remove && before !== undefined) delete files.texts[step.name];
          else {
            const text = before ?? '';
            const start = Math.floor(step.where * text.length);
            files.texts[step.name] = text.slice(0, start) + step.insert + text.slice(start + step.deleteCount);
          }
          session.pass(files.compose());
          const { text } = files.compose();
          assert.strictEqual(session.page.soul(), text);
          assert.strictEqual(session.page.totals!.bytes, utf8Length(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a middle cut’s page equal to the runtime text over any run of edits (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 150, maxLength: 400 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 4 }), fc.string({ maxLength: 4 })), { maxLength: 15 }),
        (initial, edits) => {
          let soul = initial;
          const session = new Session();
          session.revealed.add('SOUL.md');
          session.render(handMade('a', soul));
          for (const [where, deleteCount, insert] of edits) {
            const start = Math.floor(where * soul.length);
            soul = soul.slice(0, start) + insert + soul.slice(start + deleteCount);
            const composition = handMade('a', soul);
            session.pass(composition);
            assert.strictEqual(session.page.soul(), composition.text);
            const cut = composition.files[1];
            const shown = session.page.sections.get('SOUL.md')!.dropped;
            assert.strictEqual(shown?.text, cut.dropped.length ? cut.text.slice(cut.dropped[0].start, cut.dropped[0].end) : undefined);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts a new generation on each render, so stale patches are dropped', () => {
    const session = new Session();
    const first = session.render(new Files({ 'SOUL.md': 'a' }).compose());
    const second = session.render(new Files({ 'SOUL.md': 'a' }).compose());
    assert.ok(second.generation > first.generation);
    const message = session.pass(new Files({ 'SOUL.md': 'ab' }).compose());
    assert.strictEqual(message?.generation, second.generation);
    assert.ok(message.seq > second.seq);
  });
});

describe('preview sync: revealing dropped text', () => {
  const soul = 'head '.repeat(20) + 'DROPPED MIDDLE '.repeat(40) + 'tail '.repeat(10);

  it('sends the dropped text when revealed, patches it while typing, and takes it away when hidden', () => {
    const session = new Session();
    session.render(handMade('a', soul));
    assert.strictEqual(session.page.sections.get('SOUL.md')!.meta.cut, true);
    assert.strictEqual(session.page.sections.get('SOUL.md')!.dropped, undefined);

    session.revealed.add('SOUL.md');
    const shown = session.pass(handMade('a', soul))?.parts[0];
    assert.ok(shown?.kind === 'section' && shown.change.kind === 'meta' && shown.dropped?.kind === 'set');
    assert.strictEqual(session.page.sections.get('SOUL.md')!.dropped?.text, soul.slice(75, soul.length - 25));
    assert.strictEqual(session.page.sections.get('SOUL.md')!.meta.revealed, true);
    assert.strictEqual(session.page.soul(), handMade('a', soul).text, 'the revealed text is no part of the soul');

    const typed = 'X' + soul;
    const sent = session.pass(handMade('a', typed));
    const part = sent?.parts[0];
    assert.ok(part?.kind === 'section' && part.dropped?.kind === 'patch', 'typing patches the dropped text');
    assert.ok(JSON.stringify(sent).length < 2000);
    assert.strictEqual(session.page.sections.get('SOUL.md')!.dropped?.text, typed.slice(75, typed.length - 25));

    session.revealed.delete('SOUL.md');
    session.pass(handMade('a', typed));
    assert.strictEqual(session.page.sections.get('SOUL.md')!.dropped, undefined);
    assert.strictEqual(session.page.sections.get('SOUL.md')!.meta.revealed, false);
  });

  it('renders a revealed section with its dropped text', () => {
    const session = new Session();
    session.revealed.add('SOUL.md');
    const message = session.render(handMade('a', soul));
    assert.strictEqual(message.sections[1].dropped?.text, soul.slice(75, soul.length - 25));
    assert.strictEqual(message.sections[0].dropped, undefined);
  });
});

describe('preview protocol', () => {
  it('accepts the webview messages it knows and refuses the rest', () => {
    assert.deepStrictEqual(parseFromWebview({ type: 'openFile', name: 'SOUL.md', atCut: true }), { type: 'openFile', name: 'SOUL.md', atCut: true });
    assert.deepStrictEqual(parseFromWebview({ type: 'ready', state: { persona: 'file:///p', scrollTop: 'x' } }), {
      type: 'ready',
      state: { persona: 'file:///p', scrollTop: undefined },
    });
    assert.deepStrictEqual(parseFromWebview({ type: 'toggleDropped', name: 'SOUL.md', extra: 1 }), { type: 'toggleDropped', name: 'SOUL.md' });
    assert.strictEqual(parseFromWebview({ type: 'toggleDropped', name: ['SOUL.md'] }), undefined);
    assert.strictEqual(parseFromWebview({ type: 'openFile', name: 42 }), undefined);
    assert.strictEqual(parseFromWebview({ type: 'eval', code: '1' }), undefined);
    assert.strictEqual(parseFromWebview(null), undefined);
  });
});
