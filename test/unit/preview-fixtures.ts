// Compositions for the preview's tests: the toolnexus profile over in-memory files, a
// hand-made OpenClaw-like one (preamble, a middle cut with its marker, files that send
// nothing), and a page that does with the messages what the webview does, minus the DOM.
import assert from 'node:assert';
import { Composition, FileContent, FileMeasure, toolnexus } from '../../src/core';
import { applyPatch, DroppedView, SectionMeta, ToWebview, Totals } from '../../src/webview/protocol';

/** toolnexus over text files; the same content objects for the same texts, as an editor would keep them. */
export class Files {
  private readonly contents = new Map<string, FileContent>();

  constructor(readonly texts: Record<string, string | undefined> = {}) {}

  compose(): Composition {
    const files = new Map<string, FileContent>();
    for (const [name, text] of Object.entries(this.texts)) {
      if (text === undefined) continue;
      let content = this.contents.get(name);
      if (!content || content.kind !== 'text' || content.text !== text) this.contents.set(name, (content = { kind: 'text', text }));
      files.set(name, content);
    }
    return toolnexus.compose({ dir: '/p', files });
  }
}

const PREAMBLE = '# Project Context\nLoaded project context:\nSOUL.md: persona/tone. Follow it unless higher-priority instructions override.\n';

function nothing(name: string, status: FileMeasure['status']): FileMeasure {
  return { name, status, text: '', size: 0, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', offset: -1 };
}

/**
 * An OpenClaw-like composition: AGENTS.md sent whole, SOUL.md cut to `cap` chars around
 * a marker (head 75 %, tail 25 %), TOOLS.md not loaded, MEMORY.md dropped, USER.md absent.
 */
export function handMade(agents: string, soul: string, cap = 200): Composition {
  const agentsSection = `## /p/AGENTS.md\n${agents}`;
  const files: FileMeasure[] = [];
  let text = PREAMBLE + agentsSection;
  files.push({
    name: 'AGENTS.md',
    status: 'sent',
    text: agents,
    size: agents.length,
    cap,
    effectiveCap: cap,
    state: 'ok',
    kept: [{ start: 0, end: agents.length }],
    dropped: [],
    keptSize: agents.length,
    droppedSize: 0,
    section: agentsSection,
    offset: PREAMBLE.length,
  });
  text += '\n';
  const soulOffset = text.length;
  let soulMeasure: FileMeasure;
  if (soul.length <= cap) {
    const section = `## /p/SOUL.md\n${soul}`;
    soulMeasure = {
      name: 'SOUL.md',
      status: 'sent',
      text: soul,
      size: soul.length,
      cap,
      effectiveCap: cap,
      state: 'ok',
      kept: [{ start: 0, end: soul.length }],
      dropped: [],
      keptSize: soul.length,
      droppedSize: 0,
      section,
      offset: soulOffset,
    };
  } else {
    const budget = cap - 100;
    const head = Math.floor(budget * 0.75);
    const tail = Math.floor(budget * 0.25);
    const marker = `\n[...truncated, read SOUL.md for full content...]\n…(truncated SOUL.md: kept ${head}+${tail} chars of ${soul.length})…\n`;
    const section = `## /p/SOUL.md\n${soul.slice(0, head)}${marker}${soul.slice(soul.length - tail)}`;
    soulMeasure = {
      name: 'SOUL.md',
      status: 'cut',
      text: soul,
      size: soul.length,
      cap,
      effectiveCap: cap,
      state: 'over',
      kept: [
        { start: 0, end: head },
        { start: soul.length - tail, end: soul.length },
      ],
      dropped: [{ start: head, end: soul.length - tail }],
      keptSize: head + tail,
      droppedSize: soul.length - head - tail,
      section,
      offset: soulOffset,
      note: `OpenClaw keeps ${head} + ${tail} of ${soul.length} chars`,
      marker,
    };
  }
  files.push(
    soulMeasure,
    nothing('IDENTITY.md', 'absent'),
    nothing('USER.md', 'absent'),
    nothing('TOOLS.md', 'notLoaded'),
    nothing('HEARTBEAT.md', 'notLoaded'),
    nothing('MEMORY.md', 'dropped'),
  );
  text += soulMeasure.section;
  return {
    runtime: 'openclaw',
    unit: 'chars',
    text,
    files,
    found: ['AGENTS.md', 'SOUL.md'],
    total: { size: agents.length + soulMeasure.keptSize, cap: 3 * cap, state: soulMeasure.state === 'over' ? 'over' : 'ok' },
  };
}

interface PageSection {
  meta: SectionMeta;
  head: string;
  tail: string;
  dropped?: DroppedView;
}

/** What the webview does with the messages, minus the DOM. */
export class FakeWebview {
  generation = -1;
  preamble = '';
  order: string[] = [];
  readonly sections = new Map<string, PageSection>();
  totals: Totals | undefined;

  receive(message: ToWebview | undefined): void {
    if (!message) return;
    if (message.type === 'render') {
      this.generation = message.generation;
      this.preamble = message.preamble;
      this.sections.clear();
      for (const section of message.sections) this.sections.set(section.meta.name, { ...section });
      this.order = message.sections.map((section) => section.meta.name);
      this.totals = message.totals;
    } else if (message.type === 'update') {
      assert.strictEqual(message.generation, this.generation);
      for (const part of message.parts) {
        if (part.kind !== 'section') continue;
        const { change, name } = part;
        if (change.kind === 'remove') {
          this.sections.delete(name);
          continue;
        }
        let section = this.sections.get(name);
        if (change.kind === 'set') this.sections.set(name, (section = { meta: part.meta!, head: change.head, tail: change.tail, dropped: section?.dropped }));
        assert.ok(section, `an update of ${name}, which the page does not hold`);
        section.meta = part.meta!;
        if (change.kind === 'patch') {
          if (change.head) section.head = applyPatch(section.head, change.head.patch);
          if (change.tail) section.tail = applyPatch(section.tail, change.tail.patch);
          assert.strictEqual(section.head.length, change.head?.length ?? section.head.length);
          assert.strictEqual(section.tail.length, change.tail?.length ?? section.tail.length);
        }
        const dropped = part.dropped;
        if (dropped?.kind === 'set') section.dropped = dropped.view;
        if (dropped?.kind === 'patch') {
          assert.ok(section.dropped, 'a patch of dropped text the page does not show');
          const text = applyPatch(section.dropped.text, dropped.text.patch);
          assert.strictEqual(text.length, dropped.text.length);
          section.dropped = { text, label: dropped.label, moreText: dropped.moreText };
        }
      }
      if (message.preamble !== undefined) this.preamble = message.preamble;
      assert.deepStrictEqual([...message.order].sort(), [...this.sections.keys()].sort());
      this.order = [...message.order];
      this.totals = message.totals;
    }
  }

  /** The soul as the page holds it: preamble, then each section and its separator. */
  soul(): string {
    return (
      this.preamble +
      this.order
        .map((name) => {
          const { meta, head, tail } = this.sections.get(name)!;
          return head + meta.marker + tail + meta.separator;
        })
        .join('')
    );
  }
}
