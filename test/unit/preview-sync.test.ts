import assert from 'node:assert';
import fc from 'fast-check';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  composeFromSources,
  composeSections,
  MAX_FILE_BYTES,
  reportFile,
  TRUNCATION_NOTICE,
  utf8Length,
} from '../../src/core';
import { labels, sectionModel, Translate } from '../../src/extension/preview/soulModel';
import { diffText, SoulSync } from '../../src/extension/preview/sync';
import { applyPatch, parseFromWebview, ToWebview, Totals } from '../../src/webview/protocol';

const t: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

function models(sources: Record<string, string>) {
  return composeSections(sources).map((section) => sectionModel(section, 0.9, t, reportFile(section.name, sources[section.name]).cut));
}

function modelOf(name: BootstrapName, sources: Record<string, string>) {
  return sources[name] === undefined ? undefined : models({ [name]: sources[name] })[0];
}

/** What the webview does with the messages, minus the DOM. */
class FakeWebview {
  generation = -1;
  readonly heads = new Map<string, string>();
  readonly notices = new Map<string, string>();
  totals: Totals | undefined;

  receive(message: ToWebview | undefined): void {
    if (!message) return;
    if (message.type === 'render') {
      this.generation = message.generation;
      this.heads.clear();
      this.notices.clear();
      for (const section of message.sections) {
        this.heads.set(section.meta.name, section.head);
        this.notices.set(section.meta.name, section.meta.notice);
      }
      this.totals = message.totals;
    } else if (message.type === 'update') {
      assert.strictEqual(message.generation, this.generation);
      for (const part of message.parts) {
        if (part.kind !== 'section') continue;
        const { change, name } = part;
        if (change.kind === 'remove') {
          this.heads.delete(name);
          this.notices.delete(name);
        } else {
          if (change.kind === 'set') this.heads.set(name, change.head);
          if (change.kind === 'patch') {
            const head = applyPatch(this.heads.get(name)!, change.patch);
            assert.strictEqual(head.length, change.length);
            this.heads.set(name, head);
          }
          this.notices.set(name, part.meta!.notice);
        }
      }
      this.totals = message.totals;
    }
  }

  soul(): string {
    return BOOTSTRAP_ORDER.filter((name) => this.heads.has(name))
      .map((name) => this.heads.get(name)! + this.notices.get(name)!)
      .join('\n\n');
  }
}

function render(sync: SoulSync, sources: Record<string, string>) {
  return sync.render({ wrap: true, labels: labels(t), sections: models(sources) });
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
  it('renders every section, and the page holds the soul exactly', () => {
    const sources = { 'SOUL.md': '  You are Ava.\n', 'AGENTS.md': 'Be concise.', 'MEMORY.md': 'Metric units.' };
    const page = new FakeWebview();
    page.receive(render(new SoulSync(t), sources));
    const { soul } = composeFromSources(sources);
    assert.strictEqual(page.soul(), soul);
    assert.strictEqual(page.totals!.bytes, utf8Length(soul));
    assert.deepStrictEqual(page.totals!.missing, ['IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md']);
    assert.strictEqual(page.totals!.text, `Soul: ${utf8Length(soul)} bytes (${utf8Length(soul)} B) · 3 files`);
  });

  it('sends a keystroke in a large section as a small patch of that section only', () => {
    const sources: Record<string, string> = { 'AGENTS.md': 'rules\n'.repeat(20_000), 'SOUL.md': 'soul\n'.repeat(20_000) };
    const sync = new SoulSync(t);
    const page = new FakeWebview();
    page.receive(render(sync, sources));
    sources['SOUL.md'] = sources['SOUL.md'].slice(0, 5000) + 'k' + sources['SOUL.md'].slice(5000);
    const message = sync.section('SOUL.md', modelOf('SOUL.md', sources));
    assert.ok(message && message.change.kind === 'patch');
    assert.deepStrictEqual(message.change.patch, { start: 5000 + '## SOUL.md\n\n'.length, deleteCount: 0, insert: 'k' });
    const sent = sync.update([message]);
    assert.strictEqual(sent?.parts.length, 1, 'only the changed section');
    assert.ok(JSON.stringify(sent).length < 1000, 'the message carries the edit, not the text');
    page.receive(sent);
    assert.strictEqual(page.soul(), composeFromSources(sources).soul);
  });

  it('sends nothing when a file did not change (a save, or a disk event for an open file)', () => {
    const sources = { 'SOUL.md': 'same' };
    const sync = new SoulSync(t);
    render(sync, sources);
    assert.strictEqual(sync.section('SOUL.md', modelOf('SOUL.md', sources)), undefined);
    assert.strictEqual(sync.section('USER.md', undefined), undefined);
    assert.strictEqual(sync.update([undefined]), undefined, 'no message at all');
  });

  it('sends only the header when only whitespace the runtime trims changed', () => {
    const sources: Record<string, string> = { 'SOUL.md': 'body' };
    const sync = new SoulSync(t);
    render(sync, sources);
    sources['SOUL.md'] = 'body\n\n\n';
    const message = sync.section('SOUL.md', modelOf('SOUL.md', sources));
    assert.strictEqual(message?.change.kind, 'meta');
    assert.strictEqual(message?.meta?.bytes, 7);
  });

  it('adds and removes sections as files appear and go', () => {
    const sources: Record<string, string | undefined> = { 'MEMORY.md': 'm' };
    const sync = new SoulSync(t);
    const page = new FakeWebview();
    page.receive(render(sync, sources as Record<string, string>));
    sources['AGENTS.md'] = 'a';
    page.receive(sync.update([sync.section('AGENTS.md', modelOf('AGENTS.md', sources as Record<string, string>))]));
    assert.strictEqual(page.soul(), '## AGENTS.md\n\na\n\n## MEMORY.md\n\nm');
    delete sources['MEMORY.md'];
    const removal = sync.section('MEMORY.md', undefined);
    assert.strictEqual(removal?.change.kind, 'remove');
    page.receive(sync.update([removal]));
    assert.strictEqual(page.soul(), '## AGENTS.md\n\na');
    assert.strictEqual(page.totals!.bytes, utf8Length('## AGENTS.md\n\na'));
  });

  it('shows a file cut at the cap as head plus the runtime notice, and follows it back under', () => {
    const sources: Record<string, string> = { 'MEMORY.md': 'x'.repeat(MAX_FILE_BYTES - 1), 'USER.md': 'u' };
    const sync = new SoulSync(t);
    const page = new FakeWebview();
    page.receive(render(sync, sources));
    sources['MEMORY.md'] += 'yyy'; // Two bytes over: cut.
    const over = sync.section('MEMORY.md', modelOf('MEMORY.md', sources));
    assert.strictEqual(over?.meta?.state, 'over');
    assert.strictEqual(over?.meta?.notice, TRUNCATION_NOTICE);
    assert.match(over!.meta!.cutText, /line 1, column 2097153\): the runtime drops the last 2 bytes/);
    const sent = sync.update([over]);
    assert.ok(JSON.stringify(sent).length < 2000);
    page.receive(sent);
    assert.strictEqual(page.soul(), composeFromSources(sources).soul);
    assert.strictEqual(page.totals!.bytes, utf8Length(composeFromSources(sources).soul));
    sources['MEMORY.md'] = sources['MEMORY.md'].slice(3);
    page.receive(sync.update([sync.section('MEMORY.md', modelOf('MEMORY.md', sources))]));
    assert.strictEqual(page.soul(), composeFromSources(sources).soul);
    assert.strictEqual(page.notices.get('MEMORY.md'), '');
  });

  it('keeps the page equal to the composition over any run of edits (property)', () => {
    const edit = fc.record({
      name: fc.constantFrom(...BOOTSTRAP_ORDER),
      remove: fc.boolean(),
      where: fc.double({ min: 0, max: 1, noNaN: true }),
      deleteCount: fc.nat({ max: 6 }),
      insert: fc.string({ maxLength: 6, unit: fc.constantFrom('a', ' ', '\n', 'é', '😀', '\t') }),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), fc.string({ maxLength: 30 })), fc.array(edit, { maxLength: 25 }), (initial, edits) => {
        const sources: Record<string, string> = { ...initial };
        const sync = new SoulSync(t);
        const page = new FakeWebview();
        page.receive(render(sync, sources));
        for (const step of edits) {
          const before = sources[step.name];
          if (step.remove && before !== undefined) delete sources[step.name];
          else {
            const text = before ?? '';
            const start = Math.floor(step.where * text.length);
            sources[step.name] = text.slice(0, start) + step.insert + text.slice(start + step.deleteCount);
          }
          page.receive(sync.update([sync.section(step.name, modelOf(step.name, sources))]));
          const { soul } = composeFromSources(sources);
          assert.strictEqual(page.soul(), soul);
          assert.strictEqual(page.totals!.bytes, utf8Length(soul));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('starts a new generation on each render, so stale patches are dropped', () => {
    const sync = new SoulSync(t);
    const first = render(sync, { 'SOUL.md': 'a' });
    const second = render(sync, { 'SOUL.md': 'a' });
    assert.ok(second.generation > first.generation);
    const message = sync.update([sync.section('SOUL.md', modelOf('SOUL.md', { 'SOUL.md': 'ab' }))]);
    assert.strictEqual(message?.generation, second.generation);
    assert.ok(message.seq > second.seq);
  });
});

describe('preview protocol', () => {
  it('accepts the webview messages it knows and refuses the rest', () => {
    assert.deepStrictEqual(parseFromWebview({ type: 'openFile', name: 'SOUL.md', atCut: true }), { type: 'openFile', name: 'SOUL.md', atCut: true });
    assert.deepStrictEqual(parseFromWebview({ type: 'ready', state: { persona: 'file:///p', scrollTop: 'x' } }), {
      type: 'ready',
      state: { persona: 'file:///p', scrollTop: undefined },
    });
    assert.strictEqual(parseFromWebview({ type: 'openFile', name: 42 }), undefined);
    assert.strictEqual(parseFromWebview({ type: 'eval', code: '1' }), undefined);
    assert.strictEqual(parseFromWebview(null), undefined);
  });
});
