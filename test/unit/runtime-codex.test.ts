import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { codex, Composition, FileContent, readPersonaInput, runtimeProfile } from '../../src/core';
import { cases, CodexCase, materialize, noMarkerAbove } from '../fixtures/codex/make';
import { codexReference, ReferenceDoc } from '../fixtures/codex/reference';
import { runCliBytes, runCliBytesAsync } from './helpers';

const FIXTURES = path.resolve(__dirname, '../fixtures/codex');
const expected = (item: CodexCase) => fs.readFileSync(path.join(FIXTURES, item.name, 'expected.txt'));

/** The CLI's exit code and its stdout as bytes. */
const run = runCliBytes;
const runAsync = runCliBytesAsync;

const measure = (composition: Composition, name: string) => composition.files.find((file) => file.name === name)!;

/** Every number a surface shows for a doc in the chain, against what the reference saw. */
function assertDocMatches(composition: Composition, doc: ReferenceDoc): void {
  const file = measure(composition, doc.name);
  assert.ok(file, `${doc.name} is measured`);
  assert.strictEqual(file.size, doc.size, `${doc.name} size`);
  assert.strictEqual(file.keptSize, doc.spent, `${doc.name} kept`);
  if (doc.skipped) {
    assert.ok(file.status === 'empty' || file.status === 'dropped', `${doc.name}: ${file.status} for a skipped doc`);
    assert.strictEqual(file.section, '');
    return;
  }
  assert.strictEqual(file.status, doc.spent < doc.size ? 'cut' : 'sent', `${doc.name} status`);
  assert.strictEqual(file.droppedSize, doc.size - doc.spent);
  assert.strictEqual(composition.text.slice(file.offset, file.offset + file.section.length), file.section, `${doc.name} section at its offset`);
  // The kept span is the sent text, but for the one character a cut may split.
  const kept = file.text.slice(file.kept[0].start, file.kept[0].end);
  assert.ok(file.section === kept || file.section === kept + '\uFFFD', `${doc.name} kept span`);
}

describe('codex runtime profile', () => {
  const copies = new Map<string, string>();
  const cwdOf = (item: CodexCase) => path.join(copies.get(item.name)!, item.cwd);

  before(() => {
    for (const item of cases) copies.set(item.name, materialize(path.join(FIXTURES, item.name, 'tree')));
  });
  after(() => {
    for (const copy of copies.values()) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('is registered as Codex CLI, counting bytes', () => {
    assert.strictEqual(runtimeProfile('codex'), codex);
    assert.strictEqual(codex.label, 'Codex CLI');
    assert.strictEqual(codex.unit, 'bytes');
  });

  it('has a committed tree for every fixture case, and copies them where no .git lies above', () => {
    const folders = fs
      .readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    assert.deepStrictEqual(folders.sort(), cases.map((item) => item.name).sort());
    assert.ok(cases.length >= 15);
    for (const copy of copies.values()) assert.ok(noMarkerAbove(copy), `${copy} has a .git above it`);
    assert.ok(fs.statSync(path.join(copies.get('chain-3')!, '.git')).isDirectory());
    assert.ok(fs.statSync(path.join(copies.get('marker-file')!, '.git')).isFile());
  });

  describe('golden fixtures', () => {
    for (const item of cases) {
      it(`${item.name}: compose --runtime codex prints expected.txt byte for byte`, () => {
        const options = { workspacePath: path.posix.join('/home/ava/project', item.cwd), totalMaxChars: item.maxBytes };
        let out: Buffer;
        if (item.maxBytes === undefined) {
          const result = run('compose', '--runtime', 'codex', '--workspace-path', options.workspacePath, cwdOf(item));
          assert.strictEqual(result.err, '');
          assert.strictEqual(result.code, 0);
          out = result.out;
        } else {
          // The CLI has no flag for the budget: the profile takes it as an option.
          out = Buffer.from(codex.compose(readPersonaInput(cwdOf(item), codex), options).text);
        }
        assert.ok(out.equals(expected(item)), `output differs from ${item.name}/expected.txt`);
      });

      it(`${item.name}: the reference still writes expected.txt, and every doc's measure agrees with it`, () => {
        const label = path.posix.join('/home/ava/project', item.cwd);
        const ref = codexReference(cwdOf(item), label, item.maxBytes);
        assert.ok(Buffer.from(ref.text).equals(expected(item)), 'reference and expected.txt differ: run make.ts');
        const composition = codex.compose(readPersonaInput(cwdOf(item), codex), { workspacePath: label, totalMaxChars: item.maxBytes });
        for (const doc of ref.docs) assertDocMatches(composition, doc);
        assert.strictEqual(
          composition.total.size,
          ref.docs.reduce((sum, doc) => sum + doc.spent, 0),
        );
        assert.strictEqual(composition.total.cap, item.maxBytes ?? 32_768);
        assert.deepStrictEqual(
          composition.found,
          ref.docs.filter((doc) => !doc.skipped).map((doc) => doc.name),
        );
      });
    }
  });

  describe('by hand, from the Rust source', () => {
    const compose = (name: string) => {
      const item = cases.find((candidate) => candidate.name === name)!;
      return codex.compose(readPersonaInput(cwdOf(item), codex), { workspacePath: '/w', totalMaxChars: item.maxBytes });
    };

    it('wraps the docs as the user message, root first, joined by a blank line', () => {
      assert.strictEqual(
        compose('chain-3').text,
        '# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\n# Root\nroot rules\n\n\n# A\nmiddle rules\n\n\n# B\npersona rules\n\n</INSTRUCTIONS>',
      );
      assert.strictEqual(compose('small-budget').text, '# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nroot\n\nabc\n</INSTRUCTIONS>');
    });

    it('shows the persona folder itself in the heading unless told otherwise', () => {
      const cwd = cwdOf(cases.find((item) => item.name === 'single')!);
      const { out } = run('compose', '--runtime', 'codex', cwd);
      assert.ok(out.toString('utf8').startsWith(`# AGENTS.md instructions for ${path.resolve(cwd)}\n\n<INSTRUCTIONS>\nUse pnpm.\n`));
    });

    it('cuts hard at the byte: a split character becomes one U+FFFD and the dropped span starts at it', () => {
      const file = measure(compose('budget-split-astral'), 'AGENTS.md');
      assert.strictEqual(file.status, 'cut');
      assert.ok(file.section.endsWith('aaa\uFFFD'));
      assert.deepStrictEqual(file.kept, [{ start: 0, end: 32_765 }]);
      assert.strictEqual(file.text.slice(file.dropped[0].start, file.dropped[0].end), '😀 tail');
      assert.strictEqual(file.marker, undefined);
      assert.strictEqual(file.note, 'Codex keeps the first 32,768 of 32,774 bytes, all the 32,768-byte budget leaves');
    });

    it('spends one budget across the chain and drops what comes after it is spent', () => {
      const across = compose('budget-across-chain');
      assert.deepStrictEqual(
        across.files.slice(0, 3).map((file) => [file.name, file.status, file.effectiveCap, file.keptSize]),
        [
          ['../../AGENTS.md', 'sent', 32_768, 20_000],
          ['../AGENTS.md', 'sent', 12_768, 12_000],
          ['AGENTS.md', 'cut', 768, 768],
        ],
      );
      assert.deepStrictEqual(across.total, { size: 32_768, cap: 32_768, state: 'over' });
      const spent = compose('budget-spent');
      assert.deepStrictEqual(
        spent.files.slice(1, 3).map((file) => [file.name, file.status, file.note]),
        [
          ['../AGENTS.md', 'dropped', 'the 32,768-byte budget is spent before it'],
          ['AGENTS.md', 'dropped', 'the 32,768-byte budget is spent before it'],
        ],
      );
    });

    it('names what it passes over: a shadowed AGENTS.md, a folder, the persona files', () => {
      const middle = compose('override-middle');
      assert.strictEqual(measure(middle, '../AGENTS.md').status, 'notLoaded');
      assert.strictEqual(measure(middle, '../AGENTS.md').note, 'not read by Codex: ../AGENTS.override.md takes its place');
      assert.strictEqual(measure(compose('override-directory'), 'AGENTS.override.md').note, 'not a file: Codex passes over it');
      const ignored = compose('persona-files-ignored');
      for (const name of ['SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md']) {
        assert.strictEqual(measure(ignored, name).status, 'notLoaded', name);
      }
      assert.strictEqual(measure(compose('nothing-found'), 'AGENTS.md').status, 'absent');
    });

    it('keeps a BOM, CRLF and trailing newlines: nothing is trimmed', () => {
      assert.strictEqual(measure(compose('bom'), 'AGENTS.md').section, '\uFEFF');
      assert.strictEqual(measure(compose('crlf'), 'AGENTS.md').section, '\r\nrules\r\n\r\n');
    });

    it('sends nothing at all when a read fails, as Codex gives up on the whole chain', () => {
      const files = new Map<string, FileContent>([
        ['../AGENTS.md', { kind: 'text', text: 'root' }],
        ['AGENTS.md', { kind: 'unreadable', reason: 'EACCES' }],
      ]);
      const composition = codex.compose({ dir: '/r/p', files });
      assert.strictEqual(composition.text, '');
      assert.strictEqual(measure(composition, '../AGENTS.md').status, 'dropped');
      assert.match(measure(composition, '../AGENTS.md').note!, /read error in AGENTS\.md/);
      assert.strictEqual(measure(composition, 'AGENTS.md').status, 'unreadable');
    });
  });

  describe('filesToRead', () => {
    it("walks up to the first folder holding .git and lists each folder's two names, root first", () => {
      assert.deepStrictEqual(
        codex.filesToRead('/x/y/z', (relative) => relative === '../.git' || relative === '../../.git'),
        ['../AGENTS.override.md', '../AGENTS.md', 'AGENTS.override.md', 'AGENTS.md'],
      );
      assert.deepStrictEqual(
        codex.filesToRead('/x/y', () => false),
        ['AGENTS.override.md', 'AGENTS.md'],
      );
      const asked: string[] = [];
      codex.filesToRead('C:\\x\\y', (relative) => (asked.push(relative), false));
      assert.deepStrictEqual(asked, ['.git', '../.git', '../../.git']);
    });
  });

  describe('check --runtime codex', () => {
    const cwd = (name: string) => cwdOf(cases.find((item) => item.name === name)!);

    it('exits 0 within the budget, with the budget line in the table', async () => {
      const { code, out } = await runAsync('check', '--runtime', 'codex', cwd('chain-3'));
      assert.strictEqual(code, 0);
      const table = out.toString('utf8');
      assert.match(table, /FILE\s+BYTES\s+TOKENS\s+% OF CAP\s+STATE/);
      assert.match(table, /\.\.\/\.\.\/AGENTS\.md\s+18\s+/);
      assert.match(table, /SOUL\.md\s+-\s+-\s+-\s+not loaded by Codex CLI/);
      assert.match(table, /budget: 53 of 32,768 bytes/);
    });

    it('exits 1 when the budget cuts a doc, and its JSON gives the unit, kept and dropped bytes', async () => {
      const { code, out } = await runAsync('check', '--json', '--runtime', 'codex', cwd('budget-over'));
      assert.strictEqual(code, 1);
      const report = JSON.parse(out.toString('utf8'));
      assert.strictEqual(report.runtime, 'codex');
      const agents = report.personas[0].files.find((file: { name: string }) => file.name === 'AGENTS.md');
      assert.deepStrictEqual(
        { unit: agents.unit, status: agents.status, size: agents.size, effectiveCap: agents.effectiveCap, kept: agents.kept, dropped: agents.dropped, cut: agents.cut },
        { unit: 'bytes', status: 'cut', size: 32_769, effectiveCap: 32_768, kept: 32_768, dropped: 1, cut: { line: 1, column: 32_769 } },
      );
      assert.deepStrictEqual(report.personas[0].total, { size: 32_768, cap: 32_768, state: 'over' });
    });

    it('exits 1 when a doc is dropped whole because the budget is spent', async () => {
      const { code, out } = await runAsync('check', '--json', '--runtime', 'codex', cwd('budget-spent'));
      assert.strictEqual(code, 1);
      const statuses = JSON.parse(out.toString('utf8'))
        .personas[0].files.slice(0, 3)
        .map((file: { status: string }) => file.status);
      assert.deepStrictEqual(statuses, ['cut', 'dropped', 'dropped']);
    });
  });

  it('agrees with the reference for any chain of docs and budget', () => {
    const tricky = fc.constantFrom('a', 'é', '中', '😀', ' ', '\n', '\r\n', '\t', '\u3000', '\uFEFF', '\u0085');
    const doc = fc.oneof(
      fc.array(tricky, { maxLength: 8 }).map((chars) => Buffer.from(chars.join(''))),
      fc.uint8Array({ maxLength: 6 }).map((bytes) => Buffer.from(bytes)),
    );
    const folder = fc.record({ override: fc.option(doc), agents: fc.option(doc) });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'codex-property-'));
    try {
      fc.assert(
        fc.property(fc.array(folder, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.integer({ min: 0, max: 30 }), (folders, marked, budget) => {
          const base = fs.mkdtempSync(path.join(root, 'case-'));
          if (marked) fs.mkdirSync(path.join(base, '.git'));
          let dir = base;
          folders.forEach((docs, index) => {
            if (index > 0) fs.mkdirSync((dir = path.join(dir, `f${index}`)));
            if (docs.override) fs.writeFileSync(path.join(dir, 'AGENTS.override.md'), docs.override);
            if (docs.agents) fs.writeFileSync(path.join(dir, 'AGENTS.md'), docs.agents);
          });
          const composition = codex.compose(readPersonaInput(dir, codex), { workspacePath: '/w', totalMaxChars: budget });
          const ref = codexReference(dir, '/w', budget);
          assert.strictEqual(composition.text, ref.text);
          for (const refDoc of ref.docs) assertDocMatches(composition, refDoc);
        }),
        { numRuns: 200 },
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
