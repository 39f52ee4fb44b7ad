import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { BOOTSTRAP_ORDER, composeFromSources, composeSections, composeSoul, MAX_FILE_BYTES, readBootstrapFiles, TRUNCATION_NOTICE } from '../../src/core';
import { personaFolder } from './helpers';

const CAP = 2_097_152;

describe('composeSoul edges', () => {
  it('exposes the runtime constants', () => {
    assert.strictEqual(MAX_FILE_BYTES, CAP);
    assert.strictEqual(TRUNCATION_NOTICE, '\n[truncated: exceeds 2 MB bootstrap cap]');
    assert.deepStrictEqual([...BOOTSTRAP_ORDER], ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md']);
  });

  it('returns an empty soul for an empty folder', () => {
    assert.deepStrictEqual(composeSoul(personaFolder()), { soul: '', found: [] });
  });

  it('keeps a file of exactly 2,097,152 bytes whole', () => {
    const body = 'a'.repeat(CAP);
    const { soul } = composeSoul(personaFolder({ 'SOUL.md': body }));
    assert.strictEqual(soul, `## SOUL.md\n\n${body}`);
    assert.ok(!soul.includes('[truncated'));
  });

  it('cuts a file one byte over to its first 2,097,152 bytes plus the notice', () => {
    const { soul } = composeSoul(personaFolder({ 'SOUL.md': 'a'.repeat(CAP) + 'b' }));
    assert.strictEqual(soul, `## SOUL.md\n\n${'a'.repeat(CAP)}${TRUNCATION_NOTICE}`);
  });

  it('splits a 4-byte emoji straddling the cap into U+FFFD, as Node decodes it', () => {
    const bytes = Buffer.concat([Buffer.from('a'.repeat(CAP - 2)), Buffer.from('😀'), Buffer.from('tail')]);
    const { soul } = composeSoul(personaFolder({ 'MEMORY.md': bytes }));
    const expectedBody = bytes.subarray(0, CAP).toString('utf8') + TRUNCATION_NOTICE;
    assert.strictEqual(soul, `## MEMORY.md\n\n${expectedBody}`);
    assert.ok(soul.endsWith('a\uFFFD' + TRUNCATION_NOTICE));
  });

  it('keeps a whitespace-only file as a section with an empty body', () => {
    const { soul, found } = composeSoul(personaFolder({ 'USER.md': ' \n\t\r\n ' }));
    assert.deepStrictEqual(found, ['USER.md']);
    assert.strictEqual(soul, '## USER.md\n\n');
  });

  it('keeps an empty file as a section with an empty body', () => {
    const { soul } = composeSoul(personaFolder({ 'TOOLS.md': '', 'AGENTS.md': 'x' }));
    assert.strictEqual(soul, '## AGENTS.md\n\nx\n\n## TOOLS.md\n\n');
  });

  it('keeps CRLF line ends inside a body, trimming only the ends', () => {
    const { soul } = composeSoul(personaFolder({ 'SOUL.md': '\r\nline one\r\nline two\r\n' }));
    assert.strictEqual(soul, '## SOUL.md\n\nline one\r\nline two');
  });

  it('drops a leading BOM (trim treats U+FEFF as white space)', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Hello')]);
    assert.strictEqual(composeSoul(personaFolder({ 'SOUL.md': bytes })).soul, '## SOUL.md\n\nHello');
  });

  it('decodes invalid UTF-8 to U+FFFD', () => {
    const bytes = Buffer.from([0x41, 0xff, 0xfe, 0x42, 0xc3]);
    assert.strictEqual(composeSoul(personaFolder({ 'SOUL.md': bytes })).soul, `## SOUL.md\n\nA\uFFFD\uFFFDB\uFFFD`);
  });

  it('skips a directory named SOUL.md', () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules' });
    fs.mkdirSync(path.join(dir, 'SOUL.md'));
    assert.deepStrictEqual(composeSoul(dir), { soul: '## AGENTS.md\n\nrules', found: ['AGENTS.md'] });
  });

  it('skips a broken link', () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules' });
    fs.symlinkSync(path.join(dir, 'nowhere.md'), path.join(dir, 'MEMORY.md'));
    assert.deepStrictEqual(composeSoul(dir).found, ['AGENTS.md']);
  });

  it('follows a link to a real file, as a plain read does', () => {
    const dir = personaFolder({ 'elsewhere.md': 'linked' });
    fs.symlinkSync(path.join(dir, 'elsewhere.md'), path.join(dir, 'SOUL.md'));
    assert.strictEqual(composeSoul(dir).soul, '## SOUL.md\n\nlinked');
  });

  it('does not take lower-case soul.md for SOUL.md', () => {
    const dir = personaFolder({ 'soul.md': 'lower', 'Memory.MD': 'mixed' });
    assert.deepStrictEqual(composeSoul(dir), { soul: '', found: [] });
  });

  it('returns nothing for a folder that does not exist', () => {
    assert.deepStrictEqual(composeSoul('/nonexistent/persona-folder'), { soul: '', found: [] });
  });

  it('never writes to the folder', () => {
    const dir = personaFolder({ 'MEMORY.md': 'x'.repeat(CAP + 5) });
    const before = fs.statSync(path.join(dir, 'MEMORY.md'));
    composeSoul(dir);
    const after = fs.statSync(path.join(dir, 'MEMORY.md'));
    assert.strictEqual(after.size, before.size);
    assert.strictEqual(after.mtimeMs, before.mtimeMs);
    assert.deepStrictEqual(fs.readdirSync(dir), ['MEMORY.md']);
  });
});

describe('compose from sources', () => {
  const cases: Record<string, Record<string, string | Buffer>> = {
    plain: { 'SOUL.md': 'Ava', 'MEMORY.md': 'metric', 'AGENTS.md': '  rules  ' },
    emojiAtCap: { 'MEMORY.md': Buffer.concat([Buffer.from('a'.repeat(CAP - 1)), Buffer.from('😀')]) },
    over: { 'TOOLS.md': 'é'.repeat(CAP / 2 + 3) },
    invalid: { 'USER.md': Buffer.from([0xe2, 0x82, 0x41]) },
    bom: { 'SOUL.md': Buffer.from('\uFEFFhi\r\n') },
  };
  for (const [label, files] of Object.entries(cases)) {
    it(`equals compose-from-disk for the same bytes (${label})`, () => {
      const fromDisk = composeSoul(personaFolder(files));
      const bytes = Object.fromEntries(Object.entries(files).map(([name, c]) => [name, Buffer.from(c)]));
      assert.deepStrictEqual(composeFromSources(bytes), fromDisk);
      assert.deepStrictEqual(composeFromSources(readBootstrapFiles(personaFolder(files))), fromDisk);
    });
  }

  it('text and bytes of the same content compose identically (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...BOOTSTRAP_ORDER), text), (files) => {
        const asBytes = Object.fromEntries(Object.entries(files).map(([n, t]) => [n, Buffer.from(t, 'utf8')]));
        assert.deepStrictEqual(composeFromSources(files), composeFromSources(asBytes));
      }),
    );
  });

  it('a text source over the cap is cut by bytes like the disk', () => {
    const text = 'ab'.repeat(10) + '€'.repeat(CAP / 3) + 'end';
    const fromDisk = composeSoul(personaFolder({ 'SOUL.md': text }));
    assert.deepStrictEqual(composeFromSources({ 'SOUL.md': text }), fromDisk);
    assert.ok(fromDisk.soul.endsWith(TRUNCATION_NOTICE));
  });

  it('turns lone surrogates in a buffer into U+FFFD, as saving and reading back would', () => {
    assert.strictEqual(composeFromSources({ 'SOUL.md': 'a\uD800b' }).soul, '## SOUL.md\n\na\uFFFDb');
  });

  it('accepts a Map and ignores names that are not bootstrap files', () => {
    const sources = new Map([
      ['SOUL.md', 'x'],
      ['soul.md', 'y'],
      ['NOTES.md', 'z'],
    ]);
    assert.deepStrictEqual(composeFromSources(sources), { soul: '## SOUL.md\n\nx', found: ['SOUL.md'] });
  });

  it('gives each section its byte size and truncation', () => {
    const [section] = composeSections({ 'SOUL.md': 'é'.repeat(CAP) });
    assert.strictEqual(section.bytes, CAP * 2);
    assert.strictEqual(section.truncated, true);
    assert.strictEqual(section.text, '## SOUL.md\n\n' + section.body);
  });
});

describe('cutting text at the cap', () => {
  const tails = ['a', 'é', '€', '😀', '\uD800', '\uDC00', ' ', '\n', '\r\n'];
  it('cuts a text source exactly as the bytes it saves to (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.array(fc.constantFrom(...tails), { minLength: 1, maxLength: 12 }), fc.constantFrom('x', ' ', '\n'), (pad, tail, filler) => {
        const text = filler.repeat(CAP - pad) + tail.join('');
        const fromText = composeSections({ 'SOUL.md': text })[0];
        const fromBytes = composeSections({ 'SOUL.md': Buffer.from(text, 'utf8') })[0];
        assert.deepStrictEqual(fromText, fromBytes);
        assert.strictEqual(fromText.textBytes, Buffer.byteLength(fromText.text));
      }),
      { numRuns: 30 },
    );
  });

  it("knows each section's size in bytes without encoding it again, for text and bytes (property)", () => {
    const pieces = ['a', 'é', '😀', '\uD800', '\uDC00', ' ', '\t', '\n', '\r\n', '\u3000', '\uFEFF', '\u00A0'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 30 }), (parts, raw) => {
        const text = parts.join('');
        for (const source of [text, Buffer.from(text, 'utf8'), Uint8Array.from(raw)]) {
          const [section] = composeSections({ 'SOUL.md': source });
          assert.strictEqual(section.textBytes, Buffer.byteLength(section.text), JSON.stringify(section.text));
        }
      }),
    );
  });

  it('trims a cut body that is white space up to the cut down to the notice', () => {
    const [section] = composeSections({ 'SOUL.md': ' '.repeat(CAP + 3) });
    assert.strictEqual(section.body, TRUNCATION_NOTICE.trim());
    assert.strictEqual(section.body, (' '.repeat(CAP) + TRUNCATION_NOTICE).trim());
  });
});
