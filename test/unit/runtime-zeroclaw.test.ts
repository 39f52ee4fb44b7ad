import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Composition, FileContent, FileMeasure, readPersonaInput, runtimeProfile, zeroclaw, ZEROCLAW_HEADING } from '../../src/core';
import { cases } from '../fixtures/zeroclaw/make';
import { ReferenceEntry, ReferenceFile, zeroclawReference, zeroclawReferenceOnDisk } from '../fixtures/zeroclaw/reference';
import { personaFolder, runCliBytes, runCliBytesAsync } from './helpers';

const FIXTURES = path.resolve(__dirname, '../fixtures/zeroclaw');
const fixture = (name: string) => path.join(FIXTURES, name);
const expected = (name: string) => fs.readFileSync(path.join(fixture(name), 'expected.txt'));

/** The CLI's exit code and its stdout as bytes. */
const run = runCliBytes;
const runAsync = runCliBytesAsync;

const composeDir = (dir: string, maxChars?: number) => zeroclaw.compose(readPersonaInput(dir, zeroclaw), { maxChars });
const measure = (composition: Composition, name: string) => composition.files.find((file) => file.name === name)!;
const codePoints = (text: string) => Array.from(text).length;

/** Every number a surface shows for a file, against what the reference saw. */
function assertMeasureMatches(composition: Composition, ref: ReferenceFile): void {
  const file = measure(composition, ref.name);
  const status: Record<ReferenceFile['outcome'], FileMeasure['status'][]> = { notFound: ['missing', 'unreadable'], empty: ['empty'], whole: ['sent'], truncated: ['cut'] };
  assert.ok(status[ref.outcome].includes(file.status), `${ref.name}: ${file.status} for ${ref.outcome}`);
  assert.strictEqual(composition.text.slice(file.offset, file.offset + file.section.length), file.section, `${ref.name} section at its offset`);
  if (ref.outcome === 'notFound') {
    assert.strictEqual(file.section, `### ${ref.name}\n\n[File not found: ${ref.name}]\n\n`);
    assert.strictEqual(file.state, 'missing');
    return;
  }
  assert.strictEqual(file.keptSize, ref.sentCount, `${ref.name} kept`);
  assert.strictEqual(file.droppedSize, ref.trimmedCount - ref.sentCount, `${ref.name} dropped`);
  assert.strictEqual(file.size, codePoints(file.text), `${ref.name} size`);
  if (ref.outcome === 'empty') {
    assert.strictEqual(file.section, '');
    assert.strictEqual(file.offset, -1);
    return;
  }
  const kept = file.text.slice(file.kept[0].start, file.kept[0].end);
  assert.strictEqual(codePoints(kept), ref.sentCount);
  assert.strictEqual(file.section, `### ${ref.name}\n\n${kept}${file.marker ?? '\n\n'}`);
  if (ref.outcome === 'truncated') {
    const dropped = file.text.slice(file.dropped[0].start, file.dropped[0].end);
    assert.strictEqual(codePoints(dropped), ref.trimmedCount - ref.sentCount);
    assert.strictEqual(file.state, 'over');
  }
}

describe('zeroclaw runtime profile', () => {
  it('is registered as ZeroClaw, counting code points', () => {
    assert.strictEqual(runtimeProfile('zeroclaw'), zeroclaw);
    assert.strictEqual(zeroclaw.label, 'ZeroClaw');
    assert.strictEqual(zeroclaw.unit, 'codepoints');
    assert.deepStrictEqual(zeroclaw.fileNames, ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'BOOTSTRAP.md', 'MEMORY.md']);
  });

  it('has a committed folder for every fixture case and no other', () => {
    const folders = fs
      .readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    assert.deepStrictEqual(folders.sort(), cases.map((item) => item.name).sort());
    assert.ok(cases.length >= 15);
  });

  describe('golden fixtures', () => {
    for (const item of cases) {
      it(`${item.name}: compose --runtime zeroclaw prints expected.txt byte for byte`, () => {
        const { code, out, err } = run('compose', '--runtime', 'zeroclaw', fixture(item.name));
        assert.strictEqual(err, '');
        assert.strictEqual(code, 0);
        assert.ok(out.equals(expected(item.name)), `output differs from ${item.name}/expected.txt`);
      });

      it(`${item.name}: the reference still writes expected.txt, and every file's measure agrees with it`, () => {
        const ref = zeroclawReferenceOnDisk(fixture(item.name));
        assert.ok(Buffer.from(ref.text).equals(expected(item.name)), 'reference and expected.txt differ: run make.ts');
        const composition = composeDir(fixture(item.name));
        for (const file of ref.files) assertMeasureMatches(composition, file);
        if (!ref.files.some((file) => file.name === 'BOOTSTRAP.md')) assert.strictEqual(measure(composition, 'BOOTSTRAP.md').status, 'absent');
        assert.strictEqual(measure(composition, 'HEARTBEAT.md').status, 'notLoaded');
      });
    }
  });

  describe('by hand, from the Rust source', () => {
    it("ends the block with the last file's blank line and leaves HEARTBEAT.md out", () => {
      const text = expected('basic').toString('utf8');
      assert.ok(text.startsWith(ZEROCLAW_HEADING));
      assert.ok(text.endsWith('### MEMORY.md\n\nMet on Monday.\n\n'));
      assert.doesNotMatch(text, /HEARTBEAT|BOOTSTRAP/);
      const heartbeat = measure(composeDir(fixture('basic')), 'HEARTBEAT.md');
      assert.strictEqual(heartbeat.size, '- check mail\n'.length);
      assert.match(heartbeat.note!, /not loaded by ZeroClaw/);
    });

    it('keeps a BOM and stops the trim at it', () => {
      const composition = composeDir(fixture('bom'));
      assert.strictEqual(measure(composition, 'SOUL.md').section, '### SOUL.md\n\n\uFEFF\n  Ava\n\n');
      assert.strictEqual(measure(composition, 'USER.md').section, '### USER.md\n\n\uFEFF\n\n');
      assert.strictEqual(measure(composition, 'AGENTS.md').section, '### AGENTS.md\n\n\uFEFFx\n\n');
      assert.strictEqual(measure(composition, 'MEMORY.md').section, '### MEMORY.md\n\ntext\uFEFF\n\n');
    });

    it('reads a file that is not UTF-8 as not found, and says where it breaks', () => {
      const composition = composeDir(fixture('invalid-utf8'));
      const soul = measure(composition, 'SOUL.md');
      assert.strictEqual(soul.status, 'unreadable');
      assert.strictEqual(soul.section, '### SOUL.md\n\n[File not found: SOUL.md]\n\n');
      assert.strictEqual(soul.note, 'not valid UTF-8 (byte 3): ZeroClaw reads it as not found');
      assert.strictEqual(soul.text, 'caf\uFFFD');
      assert.match(measure(composition, 'USER.md').note!, /byte 6/);
      assert.strictEqual(measure(composition, 'MEMORY.md').status, 'sent');
    });

    it('cuts after 20,000 code points, never inside an astral character, with the exact marker', () => {
      const soul = measure(composeDir(fixture('cap-astral-edges')), 'SOUL.md');
      assert.strictEqual(soul.status, 'cut');
      assert.strictEqual(soul.marker, '\n\n[... truncated at 20000 chars \u2014 use `read` for full file]\n\n');
      assert.ok(soul.text.slice(0, soul.kept[0].end).endsWith('a😀'));
      assert.strictEqual(soul.text.slice(soul.dropped[0].start, soul.dropped[0].end), '🎉bbbbb');
      assert.strictEqual(soul.note, 'ZeroClaw keeps the first 20,000 of 20,006 code points');
      assert.strictEqual(soul.droppedSize, 6);
    });

    it('counts code points, not UTF-16 units: 20,000 astral characters are within the cap', () => {
      const composition = composeDir(fixture('cap-astral-only'));
      const soul = measure(composition, 'SOUL.md');
      assert.strictEqual(soul.status, 'sent');
      assert.strictEqual(soul.size, 20_000);
      assert.strictEqual(soul.text.length, 40_000);
      assert.strictEqual(soul.state, 'near');
      const user = measure(composition, 'USER.md');
      assert.strictEqual(user.status, 'cut');
      assert.strictEqual(user.kept[0].end, 40_000);
    });

    it('counts after the trim and cuts between CR and LF where the count falls', () => {
      const trimmed = composeDir(fixture('cap-trim-before-count'));
      assert.strictEqual(measure(trimmed, 'SOUL.md').status, 'sent');
      assert.strictEqual(measure(trimmed, 'SOUL.md').size, 20_005);
      assert.deepStrictEqual(measure(trimmed, 'AGENTS.md').kept, [{ start: 3, end: 20_003 }]);
      assert.deepStrictEqual(measure(trimmed, 'AGENTS.md').dropped, [{ start: 20_003, end: 20_004 }]);
      const crlf = measure(composeDir(fixture('cap-cut-inside-crlf')), 'SOUL.md');
      assert.ok(crlf.section.startsWith('### SOUL.md\n\n' + 'x'.repeat(19_999) + '\r\n\n[... truncated'));
    });

    it('takes `maxChars` as bootstrap_max_chars (6,000 in compact context)', () => {
      const composition = composeDir(fixture('memory-over'), 6000);
      assert.strictEqual(composition.text, zeroclawReferenceOnDisk(fixture('memory-over'), 6000).text);
      assert.strictEqual(measure(composition, 'MEMORY.md').keptSize, 6000);
      assert.match(composition.text, /\[\.\.\. truncated at 6000 chars/);
    });
  });

  describe('check --runtime zeroclaw', () => {
    it('exits 0 when nothing is cut, with code points in the table', async () => {
      const { code, out } = await runAsync('check', '--runtime', 'zeroclaw', fixture('basic'));
      assert.strictEqual(code, 0);
      const table = out.toString('utf8');
      assert.match(table, /FILE\s+CODE POINTS\s+TOKENS\s+% OF CAP\s+STATE/);
      assert.match(table, /SOUL\.md\s+29\s+15\s+0\.1 %\s+ok/);
      assert.match(table, /HEARTBEAT\.md\s+-\s+-\s+-\s+not loaded by ZeroClaw/);
    });

    it('exits 1 when a file is cut, and its JSON gives the unit, cap, kept and dropped counts', async () => {
      const { code, out } = await runAsync('check', '--json', '--runtime', 'zeroclaw', fixture('cap-over'));
      assert.strictEqual(code, 1);
      const report = JSON.parse(out.toString('utf8'));
      assert.strictEqual(report.ok, false);
      assert.strictEqual(report.runtime, 'zeroclaw');
      const soul = report.personas[0].files.find((file: { name: string }) => file.name === 'SOUL.md');
      assert.deepStrictEqual(
        { unit: soul.unit, status: soul.status, size: soul.size, cap: soul.cap, kept: soul.kept, dropped: soul.dropped, state: soul.state, cut: soul.cut },
        { unit: 'codepoints', status: 'cut', size: 20_001, cap: 20_000, kept: 20_000, dropped: 1, state: 'over', cut: { line: 1, column: 20_001 } },
      );
      assert.strictEqual(report.personas[0].files.find((file: { name: string }) => file.name === 'AGENTS.md').status, 'missing');
    });

    it('exits 0 for files ZeroClaw reads as not found: they are not cut', async () => {
      const { code, out } = await runAsync('check', '--json', '--runtime', 'zeroclaw', fixture('invalid-utf8'));
      assert.strictEqual(code, 0);
      const statuses = JSON.parse(out.toString('utf8')).personas[0].files.map((file: { status: string }) => file.status);
      assert.deepStrictEqual(statuses, ['unreadable', 'unreadable', 'missing', 'unreadable', 'unreadable', 'absent', 'sent', 'notLoaded']);
    });
  });

  describe('what was read', () => {
    it('composes an editor buffer exactly as the saved file, a lone surrogate as U+FFFD', () => {
      const text = '\uFEFF  Ava \uD800 speaks\u2003\n';
      const dir = personaFolder({ 'SOUL.md': Buffer.from(text) });
      const saved = composeDir(dir);
      const buffer = zeroclaw.compose({ dir, files: new Map([['SOUL.md', { kind: 'text', text } as FileContent]]) });
      assert.strictEqual(
        buffer.text.replace(/### (TOOLS|AGENTS|IDENTITY|USER|MEMORY)\.md\n\n\[File not found: \1\.md\]\n\n/g, ''),
        ZEROCLAW_HEADING + '### SOUL.md\n\n\uFEFF  Ava \uFFFD speaks\n\n',
      );
      assert.strictEqual(buffer.text, saved.text);
    });

    it('judges a file past the read limit by what was read, and sizes it from its stat', () => {
      const bytes = new Uint8Array([...Buffer.from('x'.repeat(25_000)), 0xe2, 0x82]);
      const content: FileContent = { kind: 'bytes', bytes, size: 100 * 1024 * 1024 };
      const soul = measure(zeroclaw.compose({ dir: '/p', files: new Map([['SOUL.md', content]]) }), 'SOUL.md');
      assert.strictEqual(soul.status, 'cut');
      assert.strictEqual(soul.size, 100 * 1024 * 1024);
      assert.strictEqual(soul.droppedSize, 100 * 1024 * 1024 - 20_000);
      assert.strictEqual(soul.dropped[0].end, Number.MAX_SAFE_INTEGER);
    });

    it('sends a not-found marker for a file it cannot open', () => {
      const content: FileContent = { kind: 'unreadable', reason: 'EACCES' };
      const user = measure(zeroclaw.compose({ dir: '/p', files: new Map([['USER.md', content]]) }), 'USER.md');
      assert.strictEqual(user.status, 'unreadable');
      assert.strictEqual(user.section, '### USER.md\n\n[File not found: USER.md]\n\n');
    });
  });

  it('agrees with the reference for any bytes, text and cap', () => {
    const names = ['AGENTS.md', 'SOUL.md', 'BOOTSTRAP.md', 'MEMORY.md', 'HEARTBEAT.md'];
    const tricky = fc.constantFrom('a', 'é', '中', '😀', ' ', '\n', '\r', '\t', '\u00A0', '\u0085', '\u3000', '\u2028', '\uFEFF', '\u200B', '\uD800');
    const textArb = fc.array(tricky, { maxLength: 14 }).map((chars) => chars.join(''));
    const entry = fc.oneof(
      textArb.map((text) => ({ kind: 'text', text }) as FileContent),
      textArb.map((text) => ({ kind: 'bytes', bytes: Buffer.from(text), size: Buffer.byteLength(text) }) as FileContent),
      fc.uint8Array({ maxLength: 8 }).map((bytes) => ({ kind: 'bytes', bytes, size: bytes.length }) as FileContent),
      fc.constant({ kind: 'unreadable', reason: 'a directory' } as FileContent),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), entry), fc.integer({ min: 0, max: 12 }), (record, maxChars) => {
        const files = new Map(Object.entries(record));
        const entries = new Map<string, ReferenceEntry>(
          [...files].map(([name, content]) => [
            name,
            content.kind === 'unreadable' ? 'directory' : content.kind === 'text' ? Buffer.from(content.text) : Buffer.from(content.bytes),
          ]),
        );
        const composition = zeroclaw.compose({ dir: '/p', files }, { maxChars });
        const ref = zeroclawReference(entries, maxChars);
        assert.strictEqual(composition.text, ref.text);
        for (const file of ref.files) assertMeasureMatches(composition, file);
      }),
      { numRuns: 500 },
    );
  });
});
