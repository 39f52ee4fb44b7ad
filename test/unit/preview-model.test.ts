import './vscodeL10n';
import assert from 'node:assert';
import fc from 'fast-check';
import fs from 'node:fs';
import {
  BOOTSTRAP_ORDER,
  composeHeartwood,
  HeartwoodCaps,
  MAX_FILE_BYTES,
  reportHeartwood,
  readPersonaInput,
  runtimeProfile,
  SessionKind,
  toolnexus,
  utf8Length,
} from '../../src/core';
import { markerIndex, readInPart, SoulBlocks, SoulModel } from '../../src/extension/preview/blocks';
import { droppedView, heartwoodModel, REVEAL_LIMIT, sizeIn, totalsText } from '../../src/extension/preview/soulModel';
import { Files, handMade } from './preview-fixtures';

/** The blocks' text, in order: what the page shows and Copy sends. */
function joined(model: SoulModel): string {
  return model.preamble + model.sections.map((section) => section.head + section.meta.marker + section.tail + section.meta.separator).join('');
}

const none = () => false;

const openclawCases = require('../fixtures/openclaw/materialize.cjs') as {
  listCases(): string[];
  materialize(name: string): { dir: string; spec: { session?: SessionKind }; workspacePath: string };
};

/** HEARTWOOD.md as the extension measures it, under these caps. */
const measured = (text: string, caps: HeartwoodCaps) => ({ text, caps, report: reportHeartwood(text, caps, 0.9) });

describe('preview blocks', () => {
  it('concatenate to the toolnexus text exactly, section by section', () => {
    const files = new Files({ 'SOUL.md': '  You are Ava.\n', 'AGENTS.md': 'Be concise.', 'HEARTBEAT.md': '   \n', 'MEMORY.md': 'Metric units.' });
    const composition = files.compose();
    const model = new SoulBlocks().build(composition, 'toolnexus composeSoul', none);
    assert.strictEqual(joined(model), composition.text);
    assert.strictEqual(model.preamble, '');
    assert.deepStrictEqual(
      model.sections.map((section) => section.meta.name),
      ['AGENTS.md', 'SOUL.md', 'HEARTBEAT.md', 'MEMORY.md'],
    );
    assert.deepStrictEqual(
      model.sections.map((section) => section.meta.separator),
      ['\n\n', '\n\n', '\n\n', ''],
    );
    assert.strictEqual(model.totals.bytes, utf8Length(composition.text));
    assert.strictEqual(model.totals.text, totalsText(utf8Length(composition.text), 4));
    assert.strictEqual(model.totals.runtimeText, `toolnexus composeSoul: ${utf8Length(composition.text)} bytes`);
    assert.deepStrictEqual(model.totals.unsent, [{ status: 'absent', label: 'Not in the soul (missing):', names: ['IDENTITY.md', 'USER.md', 'TOOLS.md'] }]);
    const soul = model.sections[1].meta;
    assert.strictEqual(soul.sizeText, `${'  You are Ava.\n'.length} bytes · <0.1 % of 2 MB`);
    assert.deepStrictEqual(
      { status: soul.status, state: soul.state, cut: soul.cut, marker: soul.marker, cutText: soul.cutText },
      { status: 'sent', state: 'ok', cut: false, marker: '', cutText: '' },
    );
  });

  it('put the toolnexus notice of a file over 2 MB between its head and an empty tail, and say where the cut is', () => {
    const files = new Files({ 'MEMORY.md': 'x'.repeat(MAX_FILE_BYTES + 2), 'USER.md': 'u' });
    const composition = files.compose();
    const model = new SoulBlocks().build(composition, 'toolnexus composeSoul', none);
    assert.strictEqual(joined(model), composition.text);
    const memory = model.sections.find((section) => section.meta.name === 'MEMORY.md')!;
    assert.strictEqual(memory.meta.marker, '\n[truncated: exceeds 2 MB bootstrap cap]');
    assert.strictEqual(memory.tail, '');
    assert.strictEqual(memory.meta.state, 'over');
    assert.strictEqual(memory.meta.cutText, 'Cut at the 2 MB cap (line 1, column 2097153): the runtime drops the last 2 bytes.');
    assert.strictEqual(memory.meta.countsText, `kept ${MAX_FILE_BYTES.toLocaleString('en-US')} · dropped 2 bytes`);
    assert.strictEqual(memory.meta.note, 'composeSoul keeps the first 2,097,152 of 2,097,154 bytes');
  });

  it('find a notice sent right after the heading when only white space is kept', () => {
    const composition = new Files({ 'MEMORY.md': ' '.repeat(MAX_FILE_BYTES + 1) }).compose();
    const model = new SoulBlocks().build(composition, 'toolnexus composeSoul', none);
    assert.strictEqual(model.sections[0].meta.marker.trimStart(), '[truncated: exceeds 2 MB bootstrap cap]');
    assert.strictEqual(model.sections[0].head.trimEnd(), '## MEMORY.md');
    assert.strictEqual(joined(model), composition.text);
  });

  it('concatenate to a runtime text with a preamble and a middle cut, the marker between head and tail', () => {
    const soul = Array.from({ length: 40 }, (_, i) => `line ${i} of the soul`).join('\n');
    const composition = handMade('Be concise.', soul);
    const model = new SoulBlocks().build(composition, 'OpenClaw 2026.9.6', none);
    assert.strictEqual(joined(model), composition.text);
    assert.strictEqual(model.preamble, composition.text.slice(0, composition.files[0].offset));
    assert.ok(model.preamble.startsWith('# Project Context\nLoaded project context:\n'));
    const [agents, cut] = model.sections;
    assert.strictEqual(agents.meta.separator, '\n');
    assert.strictEqual(cut.meta.separator, '');
    assert.strictEqual(cut.meta.marker, composition.files[1].marker);
    assert.strictEqual(cut.head, `## /p/SOUL.md\n${soul.slice(0, 75)}`);
    assert.strictEqual(cut.tail, soul.slice(soul.length - 25));
    assert.strictEqual(cut.meta.sizeText, `${soul.length} chars · ${((soul.length / 200) * 100).toFixed(1)} % of 200`);
    assert.strictEqual(cut.meta.countsText, `kept 75 + 25 · dropped ${soul.length - 100} chars`);
    assert.strictEqual(cut.meta.note, `OpenClaw keeps 75 + 25 of ${soul.length} chars`);
    assert.match(cut.meta.cutText, /^Cut at the 200-char cap: the runtime drops \d+ chars, from line 4, column 19 to line 39, column 15\.$/);
    assert.deepStrictEqual(
      model.totals.unsent.map((group) => [group.label, group.names]),
      [
        ['Not in the soul (missing):', ['IDENTITY.md', 'USER.md']],
        ['Not loaded by OpenClaw 2026.9.6:', ['TOOLS.md', 'HEARTBEAT.md']],
        ['Dropped (the total budget is spent):', ['MEMORY.md']],
      ],
    );
    assert.strictEqual(model.totals.runtimeText, `OpenClaw 2026.9.6: ${composition.total.size} of 600 chars (${((composition.total.size / 600) * 100).toFixed(1)} %)`);
    assert.strictEqual(model.totals.state, 'over');
  });

  it('concatenate to the OpenClaw profile’s text for every golden fixture, markers found where it cuts', () => {
    const profile = runtimeProfile('openclaw');
    let cuts = 0;
    for (const name of openclawCases.listCases()) {
      const c = openclawCases.materialize(name);
      try {
        const composition = profile.compose(readPersonaInput(c.dir, profile), { workspacePath: c.workspacePath, session: c.spec.session });
        const model = new SoulBlocks().build(composition, profile.label, () => true);
        assert.ok(joined(model) === composition.text, name);
        for (const section of model.sections) {
          const file = composition.files.find((candidate) => candidate.name === section.meta.name)!;
          if (file.status !== 'cut' || !file.marker) continue;
          cuts++;
          assert.ok(section.meta.marker !== '', `${name}: the marker of ${file.name} is found in its section`);
          assert.ok(section.dropped && section.dropped.text.length > 0, `${name}: ${file.name} has dropped text to reveal`);
        }
      } finally {
        fs.rmSync(c.dir, { recursive: true, force: true });
      }
    }
    assert.ok(cuts >= 10, `${cuts} cut files among the fixtures`);
  });

  it('take the marker nearest to the kept tail when the file’s own text repeats it', () => {
    const marker = '[cut]';
    assert.strictEqual(markerIndex(`a${marker}b${marker}tail`, marker, 4), 7);
    assert.strictEqual(markerIndex(`head${marker}b${marker}`, marker, 0), 10);
    assert.strictEqual(markerIndex(`head${marker}tail${marker}x`, marker, 10), 4);
    assert.strictEqual(markerIndex('no marker here', marker, 0), -1);
  });

  it('still concatenate exactly when a large text reuses the separators it read before (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), fc.string({ maxLength: 40 })),
        fc.array(fc.tuple(fc.constantFrom(...BOOTSTRAP_ORDER), fc.option(fc.string({ maxLength: 40 }))), { maxLength: 12 }),
        (initial, edits) => {
          const files = new Files({ ...initial });
          // A threshold of 0: every text counts as large, so the cached layout is used.
          const blocks = new SoulBlocks(0);
          for (const [name, text] of [[BOOTSTRAP_ORDER[0], initial[BOOTSTRAP_ORDER[0]] ?? null] as const, ...edits]) {
            files.texts[name] = text ?? undefined;
            const composition = files.compose();
            assert.strictEqual(joined(blocks.build(composition, 'toolnexus', none)), composition.text);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('preview: dropped text', () => {
  it('reveals the dropped middle of a cut exactly, labelled with its size', () => {
    const soul = 'head '.repeat(20) + 'DROPPED MIDDLE '.repeat(10) + 'tail '.repeat(10);
    const composition = handMade('a', soul);
    const file = composition.files[1];
    const view = droppedView(file, 'chars', 'OpenClaw 2026.9.6')!;
    assert.strictEqual(view.text, soul.slice(75, soul.length - 25));
    assert.strictEqual(view.label, `Dropped by OpenClaw 2026.9.6: ${soul.length - 100} chars`);
    assert.strictEqual(view.moreText, '');
    const model = new SoulBlocks().build(composition, 'OpenClaw 2026.9.6', (name) => name === 'SOUL.md');
    assert.deepStrictEqual(model.sections[1].dropped, view);
    assert.strictEqual(model.sections[1].meta.revealed, true);
    assert.strictEqual(model.sections[0].dropped, undefined, 'nothing of AGENTS.md is dropped');
    assert.strictEqual(joined(model), composition.text, 'revealed text is not part of the soul');
  });

  it('shows at most a bounded part of a large toolnexus drop, and counts the rest in bytes', () => {
    const memory = 'é'.repeat(MAX_FILE_BYTES / 2) + 'ü'.repeat(100_000);
    const composition = new Files({ 'MEMORY.md': memory }).compose();
    const file = composition.files.find((candidate) => candidate.name === 'MEMORY.md')!;
    const view = droppedView(file, 'bytes', 'toolnexus composeSoul')!;
    assert.strictEqual(view.text, 'ü'.repeat(REVEAL_LIMIT));
    assert.strictEqual(view.moreText, `… ${(200_000 - 2 * REVEAL_LIMIT).toLocaleString('en-US')} more bytes`);
    assert.strictEqual(view.label, 'Dropped by toolnexus composeSoul: 200,000 bytes');
  });

  it('shows a large cut read only up to the cap from a fuller text of the same start', () => {
    const memory = 'memory line of text\n'.repeat(110_000);
    const bytes = new TextEncoder().encode(memory);
    const content = { kind: 'bytes', bytes: bytes.subarray(0, toolnexus.readLimit), size: bytes.byteLength } as const;
    const composition = toolnexus.compose({ dir: '/p', files: new Map([['MEMORY.md', content]]) });
    const file = composition.files.find((candidate) => candidate.name === 'MEMORY.md')!;
    assert.ok(readInPart(file, composition), 'the runtime read the start only');
    const bare = new SoulBlocks().build(composition, 'toolnexus', () => true).sections[0].dropped!;
    assert.strictEqual(bare.text, memory.slice(MAX_FILE_BYTES, toolnexus.readLimit), 'without more, only what was read');
    const fuller = new SoulBlocks().build(composition, 'toolnexus', () => true, new Map([['MEMORY.md', memory.slice(0, MAX_FILE_BYTES + 100_000)]])).sections[0].dropped!;
    assert.strictEqual(fuller.text, memory.slice(MAX_FILE_BYTES, MAX_FILE_BYTES + REVEAL_LIMIT));
    assert.strictEqual(fuller.moreText, `… ${(bytes.byteLength - MAX_FILE_BYTES - REVEAL_LIMIT).toLocaleString('en-US')} more bytes`);
    assert.ok(
      !readInPart(
        new Files({ 'MEMORY.md': memory }).compose().files.find((candidate) => candidate.name === 'MEMORY.md')!,
        composition,
      ),
      'an editor’s whole text is not read in part',
    );
  });

  it('never splits a surrogate pair at the bound', () => {
    const soul = 'x'.repeat(75) + '😀'.repeat(10) + 'y'.repeat(125);
    const view = droppedView(handMade('a', soul).files[1], 'chars', 'OpenClaw', 3)!;
    assert.strictEqual(view.text, '😀😀');
  });

  it('measures in each runtime unit', () => {
    assert.deepStrictEqual(
      (['bytes', 'chars', 'codepoints'] as const).map((unit) => sizeIn(unit, 'aé😀')),
      [7, 4, 3],
    );
  });
});

describe('preview: Heartwood and totals', () => {
  it('says how big the soul is', () => {
    assert.strictEqual(totalsText(0, 0), 'Soul: empty (no bootstrap file)');
    assert.strictEqual(totalsText(2048, 1), 'Soul: 2,048 bytes (2.0 KB) · 1 file');
    assert.strictEqual(totalsText(5, 2), 'Soul: 5 bytes (5 B) · 2 files');
  });

  it('shows Heartwood as sent, with its parts and the voice heading found', () => {
    const text = '  You are Atlas.\n\n## Voice & Tone\nTerse.\n';
    const view = heartwoodModel(measured(text, {}))!;
    assert.strictEqual(view.text, composeHeartwood(text));
    assert.strictEqual(view.text.slice(view.voiceAt), '## Voice & Tone\nTerse.');
    assert.strictEqual(view.partsText, 'Identity 14 · Voice 6 · maxChars 2,000 · ceiling 8,000');
    assert.strictEqual(view.state, 'ok');
    assert.strictEqual(view.truncated, false);
  });

  it('shows where Heartwood is cut at its character cap', () => {
    const view = heartwoodModel(measured('abcdefghijklmnop\n## Voice & Tone\nx', { maxChars: 10 }))!;
    assert.strictEqual(view.text, 'abcdefghij');
    assert.strictEqual(view.voiceAt, -1, 'the voice is past the cut');
    assert.strictEqual(view.truncated, true);
    assert.match(view.cutText, /^Cut at 10 characters \(line 1, column 11\): the runtime drops the last 24 characters\.$/);
  });

  it('has no Heartwood view without HEARTWOOD.md, and an empty one for a blank file', () => {
    assert.strictEqual(heartwoodModel(undefined), undefined);
    const blank = heartwoodModel(measured('  \n', {}))!;
    assert.strictEqual(blank.text, '');
    assert.strictEqual(blank.state, 'missing');
  });
});
