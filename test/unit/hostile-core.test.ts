// Hostile input against the core: files that are not files, files too large to
// hold, bytes that are not text, and the editor's notion of a line.
import assert from 'node:assert';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  composeSoul,
  confinedFolderPattern,
  effectiveHeartwoodCap,
  escapeControls,
  escapeMarkdown,
  fileTheRuntimeReads,
  HEARTWOOD_CEILING,
  HEARTWOOD_MAX_CHARS,
  heartwoodCapProblem,
  lineAndColumn,
  linkLeadingOutside,
  MAX_FILE_BYTES,
  oneLine,
  readBootstrapFiles,
  readFileBounded,
  reportFile,
  reportHeartwood,
  scaffoldFiles,
  TRUNCATION_NOTICE,
  validHeartwoodCap,
} from '../../src/core';
import { personaFolder } from './helpers';
import { BoundedBytes } from '../../src/core/nodeFs';

const root = path.resolve(__dirname, '../..');

/** Runs `script` against dist/core.js in a child, so a read that blocks fails the test instead of hanging it. */
function inChild(script: string): { status: number | null; stdout: string; signal: NodeJS.Signals | null } {
  const result = spawnSync(process.execPath, ['-e', `const core = require(${JSON.stringify(path.join(root, 'dist/core.js'))});\n${script}`], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, signal: result.signal };
}

describe('hostile input: files that are not regular files', () => {
  it('a FIFO named SOUL.md or HEARTWOOD.md: composeSoul and readFileBounded finish, and the FIFO is unreadable', () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules' });
    spawnSync('mkfifo', [path.join(dir, 'SOUL.md'), path.join(dir, 'HEARTWOOD.md')]);
    assert.ok(fs.statSync(path.join(dir, 'SOUL.md')).isFIFO());
    const result = inChild(`
      const dir = ${JSON.stringify(dir)};
      process.stdout.write(JSON.stringify({
        soul: core.composeSoul(dir).soul,
        fifo: core.readFileBounded(dir + '/SOUL.md', 100),
        heartwood: core.readFileBounded(dir + '/HEARTWOOD.md', 100),
      }));`);
    assert.strictEqual(result.signal, null, 'the child was killed: a read blocked');
    const out = JSON.parse(result.stdout);
    assert.strictEqual(out.soul, '## AGENTS.md\n\nrules');
    assert.deepStrictEqual(out.fifo, { kind: 'unreadable', reason: 'not a regular file' });
    assert.deepStrictEqual(out.heartwood, { kind: 'unreadable', reason: 'not a regular file' });
  });

  it('MEMORY.md linked to /dev/zero is unreadable, read in no time and no memory', () => {
    const dir = personaFolder({ 'SOUL.md': 'x' });
    fs.symlinkSync('/dev/zero', path.join(dir, 'MEMORY.md'));
    assert.deepStrictEqual(readFileBounded(path.join(dir, 'MEMORY.md'), MAX_FILE_BYTES + 1), { kind: 'unreadable', reason: 'not a regular file', symlink: true });
    assert.deepStrictEqual([...readBootstrapFiles(dir).keys()], ['SOUL.md']);
  });

  it('a socket named SOUL.md is unreadable', async () => {
    const dir = personaFolder();
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'SOUL.md'), resolve));
    try {
      const content = readFileBounded(path.join(dir, 'SOUL.md'), 100);
      assert.strictEqual(content?.kind, 'unreadable');
      assert.strictEqual(composeSoul(dir).soul, '');
    } finally {
      server.close();
    }
  });

  it('a directory named SOUL.md is unreadable and left out of the soul', () => {
    const dir = personaFolder({ 'MEMORY.md': 'm' });
    fs.mkdirSync(path.join(dir, 'SOUL.md'));
    assert.deepStrictEqual(readFileBounded(path.join(dir, 'SOUL.md'), 100), { kind: 'unreadable', reason: 'a directory' });
    assert.strictEqual(composeSoul(dir).soul, '## MEMORY.md\n\nm');
  });

  it('a broken link and a link loop are unreadable links (OpenClaw sends a marker for them); composeSoul skips both', () => {
    const dir = personaFolder();
    fs.symlinkSync(path.join(dir, 'nowhere.md'), path.join(dir, 'SOUL.md'));
    fs.symlinkSync(path.join(dir, 'USER.md'), path.join(dir, 'TOOLS.md'));
    fs.symlinkSync(path.join(dir, 'TOOLS.md'), path.join(dir, 'USER.md'));
    assert.deepStrictEqual(readFileBounded(path.join(dir, 'SOUL.md'), 100), { kind: 'unreadable', reason: 'ENOENT', symlink: true });
    assert.deepStrictEqual(readFileBounded(path.join(dir, 'TOOLS.md'), 100), { kind: 'unreadable', reason: 'ELOOP', symlink: true });
    assert.strictEqual(composeSoul(dir).soul, '');
  });
});

describe('hostile input: files too large to hold', () => {
  it('a sparse 3 GiB MEMORY.md is read up to the limit, with its whole size from the stat', () => {
    const dir = personaFolder();
    const file = path.join(dir, 'MEMORY.md');
    fs.writeFileSync(file, 'head\n');
    fs.truncateSync(file, 3 * 1024 ** 3);
    const content = readFileBounded(file, MAX_FILE_BYTES + 1);
    assert.strictEqual(content?.kind, 'bytes');
    assert.strictEqual(content.bytes.length, MAX_FILE_BYTES + 1);
    assert.strictEqual(content.size, 3 * 1024 ** 3);
    const soul = composeSoul(dir).soul;
    fs.rmSync(dir, { recursive: true });
    assert.ok(soul.startsWith('## MEMORY.md\n\nhead'));
    assert.ok(soul.endsWith(TRUNCATION_NOTICE));
  });

  it('a 100 MB file is read up to the limit only', () => {
    const dir = personaFolder({ 'MEMORY.md': Buffer.alloc(100 * 1024 * 1024, 'm') });
    const content = readFileBounded(path.join(dir, 'MEMORY.md'), MAX_FILE_BYTES + 1);
    fs.rmSync(dir, { recursive: true });
    assert.strictEqual(content?.kind === 'bytes' && content.bytes.length, MAX_FILE_BYTES + 1);
    assert.strictEqual(content?.kind === 'bytes' && content.size, 100 * 1024 * 1024);
  });
});

describe('hostile input: bytes that are not plain text', () => {
  it('binary content and invalid UTF-8 decode as U+FFFD, each bad sequence once, as the runtime does', () => {
    const binary = Buffer.from([0x00, 0xff, 0xfe, 0x41, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x42]);
    const dir = personaFolder({ 'SOUL.md': binary });
    assert.strictEqual(composeSoul(dir).soul, '## SOUL.md\n\n' + binary.toString('utf8').trim());
    assert.ok(composeSoul(dir).soul.includes('\uFFFD\uFFFDA\uFFFD(\uFFFD\uFFFD\uFFFDB'));
  });

  it('a character split at the cap becomes one U+FFFD before the notice, and the cut is reported at it', () => {
    const bytes = Buffer.concat([Buffer.alloc(MAX_FILE_BYTES - 1, 'a'), Buffer.from('é', 'utf8')]);
    const dir = personaFolder({ 'MEMORY.md': bytes });
    const soul = composeSoul(dir).soul;
    assert.ok(soul.endsWith('a\uFFFD' + TRUNCATION_NOTICE));
    const report = reportFile('MEMORY.md', new Uint8Array(bytes));
    assert.strictEqual(report.cut?.droppedBytes, 1);
    assert.strictEqual(report.cut?.column, MAX_FILE_BYTES - 1);
  });

  it('an empty and a white-space-only file send an empty section', () => {
    const dir = personaFolder({ 'SOUL.md': '', 'USER.md': ' \t\r\n\u00a0\n' });
    assert.strictEqual(composeSoul(dir).soul, '## SOUL.md\n\n\n\n## USER.md\n\n');
  });

  it('CRLF is sent as it is, and a BOM is trimmed away with the white space', () => {
    const dir = personaFolder({ 'SOUL.md': 'one\r\ntwo\r\n', 'USER.md': Buffer.from('\uFEFFhello', 'utf8') });
    assert.strictEqual(composeSoul(dir).soul, '## SOUL.md\n\none\r\ntwo\n\n## USER.md\n\nhello');
  });
});

describe("hostile input: the editor's lines", () => {
  it('a lone CR ends a line, as in the editor; CRLF is one break; LF one', () => {
    assert.deepStrictEqual(lineAndColumn('a\rb\rc', 4), { line: 2, column: 0 });
    assert.deepStrictEqual(lineAndColumn('a\r\nb', 3), { line: 1, column: 0 });
    assert.deepStrictEqual(lineAndColumn('ab\r\ncd\ref\ngh', 10), { line: 3, column: 0 });
    assert.deepStrictEqual(lineAndColumn('ab\r\ncd\ref\ngh', 8), { line: 2, column: 1 });
  });

  it('an index between the CR and LF of a CRLF is the end of its line', () => {
    assert.deepStrictEqual(lineAndColumn('ab\r\ncd', 3), { line: 0, column: 2 });
  });

  it("places every index as a character-by-character walk of the editor's lines does (property)", () => {
    const walk = (text: string, index: number) => {
      let line = 0;
      let start = 0;
      for (let i = 0; i < index; i++) {
        if (text[i] === '\r' && text[i + 1] === '\n') {
          if (i + 1 >= index) return { line, column: i - start };
          i++;
        } else if (text[i] !== '\r' && text[i] !== '\n') continue;
        line++;
        start = i + 1;
      }
      return { line, column: index - start };
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '\r', '\n', '\r\n'), { maxLength: 20 }), fc.nat(), (parts, at) => {
        const text = parts.join('');
        const index = at % (text.length + 1);
        assert.deepStrictEqual(lineAndColumn(text, index), walk(text, index), JSON.stringify([text, index]));
      }),
    );
  });

  it('a lone-CR MEMORY.md over its cap is cut on the line the editor shows', () => {
    const line = 'x'.repeat(999) + '\r';
    const text = line.repeat(Math.ceil((MAX_FILE_BYTES + 5000) / line.length));
    const report = reportFile('MEMORY.md', new TextEncoder().encode(text));
    assert.strictEqual(report.cut?.line, Math.floor(MAX_FILE_BYTES / 1000));
    assert.strictEqual(report.cut?.column, MAX_FILE_BYTES % 1000);
  });

  it('a 10 MB single line is cut at line 1, just past the cap', () => {
    const report = reportFile('MEMORY.md', new Uint8Array(10 * 1024 * 1024).fill(0x61));
    assert.deepStrictEqual([report.cut?.line, report.cut?.column], [0, MAX_FILE_BYTES]);
  });
});

describe('hostile input: Heartwood caps and cuts', () => {
  it('a cap of 0, a negative, a fraction or a string falls back to the default, never to Infinity', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100', null]) {
      assert.strictEqual(validHeartwoodCap(bad), undefined, String(bad));
      const report = reportHeartwood('x'.repeat(10), { maxChars: bad as number, ceiling: bad as number });
      assert.strictEqual(report.cap, Math.min(HEARTWOOD_MAX_CHARS, HEARTWOOD_CEILING), String(bad));
      assert.ok(Number.isFinite(report.fraction), String(bad));
    }
    assert.strictEqual(effectiveHeartwoodCap({ maxChars: 0 }), HEARTWOOD_MAX_CHARS);
    assert.strictEqual(validHeartwoodCap(300), 300);
  });

  it('says when the cut splits a surrogate pair, and when it does not', () => {
    const split = reportHeartwood('ab😀cd', { maxChars: 3 });
    assert.strictEqual(split.cut?.splitsPair, true);
    assert.match(heartwoodCapProblem(split)?.message ?? '', /splits a surrogate pair/);
    const whole = reportHeartwood('ab😀cd', { maxChars: 4 });
    assert.strictEqual(whole.cut?.splitsPair, false);
    assert.doesNotMatch(heartwoodCapProblem(whole)?.message ?? '', /surrogate/);
  });
});

describe('hostile input: links, names and patterns', () => {
  it('tells a persona file that links outside its workspace folder, and where it leads', async () => {
    const outside = personaFolder({ id_rsa: 'PRIVATE KEY' });
    const workspace = personaFolder({ 'AGENTS.md': 'rules' });
    fs.mkdirSync(path.join(workspace, 'ava'));
    fs.symlinkSync(path.join(outside, 'id_rsa'), path.join(workspace, 'ava', 'SOUL.md'));
    fs.symlinkSync('../AGENTS.md', path.join(workspace, 'ava', 'AGENTS.md'));
    fs.symlinkSync(path.join(outside, 'gone.md'), path.join(workspace, 'ava', 'USER.md'));
    fs.writeFileSync(path.join(workspace, 'ava', 'TOOLS.md'), 'plain');
    assert.strictEqual(await linkLeadingOutside(path.join(workspace, 'ava', 'SOUL.md'), workspace), fs.realpathSync(path.join(outside, 'id_rsa')));
    assert.strictEqual(await linkLeadingOutside(path.join(workspace, 'ava', 'AGENTS.md'), workspace), undefined);
    assert.strictEqual(await linkLeadingOutside(path.join(workspace, 'ava', 'USER.md'), workspace), path.join(outside, 'gone.md'));
    assert.strictEqual(await linkLeadingOutside(path.join(workspace, 'ava', 'TOOLS.md'), workspace), undefined);
  });

  it('confines personaStudio.folders patterns to the workspace folder', () => {
    for (const escaping of ['../../..', '..', '/etc', '~/x', 'C:/x', 'a/../../b', '**/../x', '{a,..}/x', '..\\x', 'ok/(..)']) {
      assert.strictEqual(confinedFolderPattern(escaping), undefined, escaping);
    }
    assert.strictEqual(confinedFolderPattern('./agents/*/'), 'agents/*');
    assert.strictEqual(confinedFolderPattern('.'), '.');
    assert.strictEqual(confinedFolderPattern('a..b/c'), 'a..b/c');
  });

  it('says which file a case-sensitive runtime reads, and which case variants it skips', () => {
    assert.deepStrictEqual(fileTheRuntimeReads(['soul.md', 'AGENTS.md'], 'SOUL.md'), { reads: undefined, variants: ['soul.md'] });
    assert.deepStrictEqual(fileTheRuntimeReads(['Soul.md', 'SOUL.md', 'soul.md'], 'SOUL.md'), { reads: 'SOUL.md', variants: ['Soul.md', 'soul.md'] });
    assert.deepStrictEqual(fileTheRuntimeReads([], 'SOUL.md'), { reads: undefined, variants: [] });
  });

  it('scaffold does not create SOUL.md beside soul.md, and says why', () => {
    const dir = personaFolder({ 'soul.md': 'mine' });
    assert.deepStrictEqual(scaffoldFiles(dir, ['SOUL.md', 'USER.md']), [
      { name: 'SOUL.md', outcome: 'caseVariant', variants: ['soul.md'] },
      { name: 'USER.md', outcome: 'created' },
    ]);
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['USER.md', 'soul.md']);
  });

  it('escapes names for one terminal line and for Markdown', () => {
    assert.strictEqual(escapeControls('a\nb\x1b[31m\u2028'), 'a\\nb\\x1b[31m\\u2028');
    assert.strictEqual(oneLine('first\n  second\r\nthird'), 'first second third');
    assert.strictEqual(
      escapeMarkdown('[x](javascript:alert(1)) <img src=x> $(alert) *b* `c`'),
      '\\[x\\]\\(javascript\\:alert\\(1\\)\\) \\<img src\\=x\\> \\$\\(alert\\) \\*b\\* \\`c\\`',
    );
  });
});

describe('BoundedBytes, the one bounded read loop', () => {
  it('reads a file longer than its stat said up to the limit, and nothing past it, in reads of any size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 70_000 }),
        (size, limit, expected, most) => {
          const file = Uint8Array.from({ length: size }, (_, i) => i & 0xff);
          const read = new BoundedBytes(limit, expected);
          let n: number;
          do {
            const space = read.space();
            n = Math.min(space.length, most, size - read.length);
            space.set(file.subarray(read.length, read.length + n));
          } while (read.advance(n));
          assert.deepStrictEqual(read.bytes, file.subarray(0, Math.min(size, limit)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
