import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Composition, FileContent, FileMeasure, openclaw, parseOpenClawConfig, readPersonaInput, runtimeProfile, Span } from '../../src/core';
import { cutToCap } from '../../src/core/runtimes/openclawCut';
import { personaFolder } from './helpers';
import { fixtures, run, runAsync } from './runtime-openclaw-helpers';

const WORKSPACE = '/home/user/.openclaw/workspace';
const text = (value: string): FileContent => ({ kind: 'text', text: value });
const composeTexts = (files: Record<string, string>, options = {}) =>
  openclaw.compose({ dir: '/p', files: new Map(Object.entries(files).map(([name, value]) => [name, text(value)])) }, { workspacePath: WORKSPACE, ...options });
const file = (composition: Composition, name: string): FileMeasure => composition.files.find((f) => f.name === name)!;
const slices = (source: string, spans: readonly Span[]) => spans.map((span) => source.slice(span.start, span.end));
const hasLoneSurrogate = (value: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);

/** Every measure's promises about its own numbers and the composed text. */
function assertConsistent(composition: Composition): void {
  for (const measure of composition.files) {
    if (measure.section) assert.strictEqual(composition.text.slice(measure.offset, measure.offset + measure.section.length), measure.section, measure.name);
    else assert.strictEqual(measure.offset, -1, measure.name);
    if ((measure.status === 'missing' || measure.status === 'unreadable') && measure.section) {
      assert.ok(measure.marker && measure.section.endsWith(`\n${measure.marker}`), measure.name);
      assert.deepStrictEqual(measure.kept, []);
    }
    if (measure.status !== 'sent' && measure.status !== 'cut') continue;
    const trimmedLength = measure.text.trimEnd().length;
    // Kept then dropped, in order, cover the trimmed text exactly; trailing white space is in neither.
    const spans = [...measure.kept, ...measure.dropped].sort((a, b) => a.start - b.start);
    let at = 0;
    for (const span of spans) {
      assert.strictEqual(span.start, at, `${measure.name}: spans leave a gap or overlap at ${at}`);
      assert.ok(span.end > span.start);
      at = span.end;
    }
    assert.strictEqual(at, trimmedLength, measure.name);
    assert.strictEqual(measure.keptSize, slices(measure.text, measure.kept).join('').length);
    assert.strictEqual(measure.keptSize + measure.droppedSize, trimmedLength);
    assert.ok(measure.effectiveCap !== undefined && measure.effectiveCap <= measure.cap!);
  }
  assert.ok(composition.total.size <= composition.total.cap!);
}

describe('OpenClaw profile: what each file keeps and drops', () => {
  it('is registered under its id with its label and unit', () => {
    assert.strictEqual(runtimeProfile('openclaw'), openclaw);
    assert.strictEqual(openclaw.label, 'OpenClaw 2026.9.6');
    assert.strictEqual(openclaw.unit, 'chars');
    assert.strictEqual(openclaw.readLimit, 2 * 1024 * 1024 + 1);
  });

  it('keeps measures consistent with the composed text in every fixture case', () => {
    for (const name of fixtures.listCases()) {
      const c = fixtures.materialize(name);
      try {
        const args = c.spec.config ? parseOpenClawConfig(fs.readFileSync(path.join(c.dir, c.spec.config), 'utf8'), c.spec.agent) : {};
        const composition = openclaw.compose(readPersonaInput(c.dir, openclaw), { workspacePath: c.workspacePath, session: c.spec.session, ...args });
        assert.strictEqual(composition.text, fs.readFileSync(c.expectedFile, 'utf8'), name);
        assertConsistent(composition);
      } finally {
        fs.rmSync(c.dir, { recursive: true, force: true });
      }
    }
  });

  it('measures a cut SOUL.md: head and tail kept around the marker, the middle dropped, numbers as the marker states', () => {
    const soul = 'a'.repeat(33_000) + 'TAIL' + 'b'.repeat(67);
    const composition = composeTexts({ 'AGENTS.md': 'rules', 'SOUL.md': soul + '\n\n' });
    const measure = file(composition, 'SOUL.md');
    assert.strictEqual(measure.status, 'cut');
    assert.strictEqual(measure.state, 'over');
    // The size OpenClaw reports (trailing white space left out), the one its marker states.
    assert.strictEqual(measure.size, 33_071);
    assert.strictEqual(measure.cap, 20_000);
    assert.strictEqual(measure.note, 'OpenClaw keeps 14,920 + 4,973 of 33,071 chars');
    assert.strictEqual(measure.marker, '\n\n[...truncated, read SOUL.md for full content...]\n…(truncated SOUL.md: kept 14920+4973 chars of 33071)…\n\n');
    assert.deepStrictEqual(measure.kept, [
      { start: 0, end: 14_920 },
      { start: 33_071 - 4_973, end: 33_071 },
    ]);
    assert.deepStrictEqual(measure.dropped, [{ start: 14_920, end: 33_071 - 4_973 }]);
    assert.strictEqual(measure.keptSize, 14_920 + 4_973);
    assert.strictEqual(measure.droppedSize, 33_071 - 14_920 - 4_973);
    const [head, tail] = slices(measure.text, measure.kept);
    assert.strictEqual(measure.section, `## ${WORKSPACE}/SOUL.md\n${head}${measure.marker}${tail}`);
    // The marker's numbers settle one short of the cap, as OpenClaw's own do.
    assert.strictEqual(measure.section.length - `## ${WORKSPACE}/SOUL.md\n`.length, 19_999);
    assertConsistent(composition);
  });

  it('states the numbers of the marker in the note of every cut, compact marker and policy digest alike', () => {
    for (const [name, cap] of [
      ['SOUL.md', 100],
      ['SOUL.md', 500],
      ['AGENTS.md', 900],
      ['MEMORY.md', 40],
    ] as const) {
      const body = Array.from({ length: 400 }, (_, i) => (i % 5 === 0 ? `- rule ${i}: never guess` : `line ${i} 😀 of prose`)).join('\n');
      const measure = file(composeTexts({ [name]: body }, { maxChars: cap }), name);
      assert.strictEqual(measure.status, 'cut', `${name} at ${cap}`);
      const marker = /kept (\d+)(?:\+policy (\d+))?\+(\d+) chars of (\d+)/.exec(measure.marker!) ?? /\[…truncated (\d+)()\+(\d+)\/(\d+)\]/.exec(measure.marker!);
      assert.ok(marker, measure.marker);
      const [, head, policy, tail, total] = marker;
      const shown = [head, ...(policy ? [`policy ${policy}`] : []), tail].map((n) =>
        /^\d+$/.test(n) ? Number(n).toLocaleString('en-US') : n.replace(/\d+/, (d) => Number(d).toLocaleString('en-US')),
      );
      assert.strictEqual(measure.note, `OpenClaw keeps ${shown.join(' + ')} of ${Number(total).toLocaleString('en-US')} chars`);
      assert.ok(measure.section.length - measure.section.indexOf('\n') - 1 <= cap);
    }
  });

  it('caps USER.md at 4,000 even when the per-file cap is larger, and at the per-file cap when smaller', () => {
    assert.strictEqual(file(composeTexts({ 'USER.md': 'u'.repeat(5000) }), 'USER.md').cap, 4000);
    assert.strictEqual(file(composeTexts({ 'USER.md': 'u'.repeat(5000) }, { maxChars: 3000 }), 'USER.md').cap, 3000);
    assert.strictEqual(file(composeTexts({ 'USER.md': 'u'.repeat(4000) }), 'USER.md').status, 'sent');
  });

  it('drops later files when the total is spent, clamps a missing marker with …, and says so', () => {
    const composition = composeTexts({ 'AGENTS.md': 'x'.repeat(960), 'USER.md': 'late' }, { totalMaxChars: 1000 });
    const soul = file(composition, 'SOUL.md');
    assert.strictEqual(soul.status, 'missing');
    assert.strictEqual(soul.marker, `[MISSING] Expected at: ${WORKSPACE}/SOUL.md`.slice(0, 39) + '…');
    assert.strictEqual(file(composition, 'IDENTITY.md').status, 'dropped');
    const user = file(composition, 'USER.md');
    assert.strictEqual(user.status, 'dropped');
    assert.strictEqual(user.effectiveCap, 0);
    assert.deepStrictEqual(user.dropped, [{ start: 0, end: 4 }]);
    assert.match(user.note!, /total is spent/);
    assert.deepStrictEqual(composition.total, { size: 1000, cap: 1000, state: 'over' });
    assert.deepStrictEqual(composition.found, ['AGENTS.md', 'SOUL.md']);
  });

  it('sends nothing for empty or white-space-only files, not even a heading', () => {
    const composition = composeTexts({ 'AGENTS.md': ' \n\t\n', 'SOUL.md': '', 'IDENTITY.md': 'me' });
    for (const name of ['AGENTS.md', 'SOUL.md']) {
      assert.strictEqual(file(composition, name).status, 'empty');
      assert.strictEqual(file(composition, name).section, '');
    }
    assert.ok(!composition.text.includes('AGENTS.md'));
  });

  it('says which files it does not load, for every session kind', () => {
    const all = { 'AGENTS.md': 'a', 'SOUL.md': 's', 'IDENTITY.md': 'i', 'USER.md': 'u', 'TOOLS.md': 't', 'HEARTBEAT.md': 'h', 'MEMORY.md': 'm' };
    const loaded = (session: 'main' | 'subagent' | 'cron') =>
      composeTexts(all, { session })
        .files.filter((f) => f.status !== 'notLoaded')
        .map((f) => f.name);
    assert.deepStrictEqual(loaded('main'), ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md']);
    assert.deepStrictEqual(loaded('subagent'), ['AGENTS.md']);
    assert.deepStrictEqual(loaded('cron'), ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md']);
    const tools = file(composeTexts(all), 'TOOLS.md');
    assert.strictEqual(tools.note, 'not loaded by OpenClaw');
    assert.strictEqual(tools.size, 1);
    assert.strictEqual(file(composeTexts(all, { session: 'cron' }), 'MEMORY.md').note, 'not loaded by OpenClaw in a cron session');
  });

  it('sends [UNREADABLE] for a file over 2 MiB, measured from its stat size, and for a folder', () => {
    const bytes = new Uint8Array(2 * 1024 * 1024 + 1).fill(0x61);
    const files = new Map<string, FileContent>([
      ['SOUL.md', { kind: 'bytes', bytes, size: 50 * 1024 * 1024 }],
      ['USER.md', { kind: 'unreadable', reason: 'a directory' }],
    ]);
    const composition = openclaw.compose({ dir: '/p', files }, { workspacePath: WORKSPACE });
    const soul = file(composition, 'SOUL.md');
    assert.strictEqual(soul.status, 'unreadable');
    assert.strictEqual(soul.state, 'over');
    assert.strictEqual(soul.section, `## ${WORKSPACE}/SOUL.md\n[UNREADABLE: File exceeds 2097152 bytes]`);
    assert.strictEqual(soul.dropped[0].start, 0);
    assert.strictEqual(file(composition, 'USER.md').section, `## ${WORKSPACE}/USER.md\n[UNREADABLE: path does not have the required file type]`);
    const exactly = openclaw.compose({ dir: '/p', files: new Map([['SOUL.md', { kind: 'bytes', bytes: bytes.subarray(1), size: bytes.length - 1 } as FileContent]]) });
    assert.strictEqual(file(exactly, 'SOUL.md').status, 'cut');
  });

  it("sends Node's message for an open error, with the path OpenClaw opens, and refuses symbolic links", () => {
    const files = new Map<string, FileContent>([
      ['SOUL.md', { kind: 'unreadable', reason: 'EACCES' }],
      ['IDENTITY.md', { kind: 'unreadable', reason: 'ESOMETHING' }],
      ['AGENTS.md', { kind: 'bytes', bytes: new TextEncoder().encode('linked rules'), size: 12, symlink: true }],
    ]);
    const composition = openclaw.compose({ dir: '/p', files }, { workspacePath: WORKSPACE });
    assert.strictEqual(file(composition, 'SOUL.md').section, `## ${WORKSPACE}/SOUL.md\n[UNREADABLE: EACCES: permission denied, open '${WORKSPACE}/SOUL.md']`);
    assert.strictEqual(file(composition, 'IDENTITY.md').marker, '[UNREADABLE: ESOMETHING]');
    const agents = file(composition, 'AGENTS.md');
    assert.strictEqual(agents.status, 'unreadable');
    assert.strictEqual(agents.marker, '[UNREADABLE: symlink path component not allowed]');
    assert.deepStrictEqual(agents.dropped, [{ start: 0, end: 12 }]);
    // The same contents under another workspace path: the reason follows the path.
    assert.match(openclaw.compose({ dir: '/p', files }, { workspacePath: '/elsewhere' }).text, /open '\/elsewhere\/SOUL\.md'/);
  });

  it('composes an unsaved buffer exactly as the same text saved', () => {
    const value = '\ufeffWarm.\r\n\r\n\r\n\r\nDirect 😀\n';
    const dir = personaFolder({ 'SOUL.md': value });
    const saved = openclaw.compose(readPersonaInput(dir, openclaw));
    assert.strictEqual(composeTexts({ 'SOUL.md': value }, { workspacePath: dir }).text, saved.text);
  });

  it('counts removed heartbeat quotes and collapsed blank lines as dropped text', () => {
    const composition = composeTexts({ 'SOUL.md': 'one\n\n\n\ntwo' });
    const soul = file(composition, 'SOUL.md');
    assert.strictEqual(soul.section, `## ${WORKSPACE}/SOUL.md\none\n\ntwo`);
    assert.deepStrictEqual(soul.dropped, [{ start: 5, end: 7 }]);
    assert.strictEqual(soul.status, 'sent');
  });
});

describe('OpenClaw cut: properties', () => {
  const unit = fc.oneof(fc.constantFrom('a', ' ', '\n', 'é', '😀', '中', '\r\n'), fc.string({ unit: 'grapheme', maxLength: 3 }));
  const body = fc.array(unit, { maxLength: 400 }).map((parts) => parts.join('').trimEnd());

  it('never exceeds the cap, never splits a surrogate pair, and keeps head and tail of the file', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 450 }), fc.boolean(), (trimmed, cap, digest) => {
        const cut = cutToCap(trimmed, digest ? 'AGENTS.md' : 'SOUL.md', cap, digest);
        assert.ok(cut.text.length <= cap);
        if (!hasLoneSurrogate(trimmed)) assert.ok(!hasLoneSurrogate(cut.text), JSON.stringify(cut.text));
        // Each unit traced to the file is that unit of the file.
        cut.origin.forEach((from, at) => {
          if (from >= 0) assert.strictEqual(cut.text[at], trimmed[from]);
        });
        if (!cut.truncated) assert.strictEqual(cut.text, trimmed);
      }),
    );
  });

  it('keeps every composition self-consistent for any files and caps', () => {
    const names = fc.constantFrom('AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md', 'TOOLS.md');
    fc.assert(
      fc.property(
        fc.dictionary(names, body),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 1500 }),
        fc.constantFrom('main', 'subagent', 'cron'),
        (files, maxChars, totalMaxChars, session) => {
          const composition = composeTexts(files, { maxChars, totalMaxChars, session });
          assertConsistent(composition);
          for (const measure of composition.files) {
            if (measure.status === 'cut') assert.ok(measure.section.length - measure.section.indexOf('\n') - 1 <= measure.effectiveCap!);
          }
        },
      ),
    );
  });
});

describe('OpenClaw config and CLI', () => {
  it('reads caps from agents.defaults and per-agent overrides, as OpenClaw resolves them', () => {
    const config = JSON.stringify({
      agents: {
        defaults: { bootstrapMaxChars: 5000.7, bootstrapTotalMaxChars: 9000 },
        list: [
          { id: 'Work', bootstrapMaxChars: 700 },
          { id: 'odd', bootstrapMaxChars: 0 },
        ],
      },
    });
    assert.deepStrictEqual(parseOpenClawConfig(config), { maxChars: 5000, totalMaxChars: 9000 });
    assert.deepStrictEqual(parseOpenClawConfig(config, 'work'), { maxChars: 700, totalMaxChars: 9000 });
    // A value the agent sets but that is not valid hides the default: OpenClaw falls back to 20,000.
    assert.deepStrictEqual(parseOpenClawConfig(config, 'odd'), { totalMaxChars: 9000 });
    assert.deepStrictEqual(parseOpenClawConfig('{agents: {entries: {helper: {bootstrapTotalMaxChars: 1e4}}}}', 'helper'), { totalMaxChars: 10000 });
    assert.deepStrictEqual(parseOpenClawConfig('// nothing set\n{}'), {});
  });

  it('rejects a malformed config with one line naming the file', () => {
    assert.throws(
      () => parseOpenClawConfig('{agents: ', 'main', 'a.json'),
      (error: Error) => /^a\.json: not valid JSON5 \(.+\)$/.test(error.message) && !error.message.includes('\n'),
    );
    assert.throws(() => parseOpenClawConfig('[1]', 'main', 'b.json'), /^Error: b\.json: expected an object at the top, not an array$/);
  });

  it('compose --config applies the caps; bad use fails with one clear line', () => {
    const dir = personaFolder({ 'SOUL.md': 's'.repeat(3000), 'openclaw.json': '{agents: {defaults: {bootstrapMaxChars: 1000}}}', 'bad.json': '{' });
    const { code, out } = run('compose', '--runtime', 'openclaw', '--config', path.join(dir, 'openclaw.json'), dir);
    assert.strictEqual(code, 0);
    assert.match(out, /kept \d+\+\d+ chars of 3000/);
    for (const [args, pattern] of [
      [['--runtime', 'openclaw', '--config', path.join(dir, 'bad.json')], /bad\.json: not valid JSON5/],
      [['--runtime', 'openclaw', '--config', path.join(dir, 'none.json')], /none\.json: no such file/],
      [['--config', path.join(dir, 'openclaw.json')], /--config reads an openclaw\.json, for --runtime openclaw, not toolnexus/],
      [['--runtime', 'openclaw', '--agent', 'work'], /--agent picks the agent/],
    ] as const) {
      const result = run('compose', ...args, dir);
      assert.strictEqual(result.code, 2, args.join(' '));
      assert.match(result.err, pattern);
      assert.strictEqual(result.err.split('\n').length, 2);
    }
  });

  it("compose without --workspace-path heads each file with DIR's absolute path", () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules' });
    const relative = path.relative(process.cwd(), dir);
    const { code, out } = run('compose', '--runtime', 'openclaw', relative);
    assert.strictEqual(code, 0);
    // A missing SOUL.md still gets its hint line: its marker is in the block.
    const hint = 'SOUL.md: persona/tone. Follow it unless higher-priority instructions override.';
    assert.strictEqual(
      out,
      `# Project Context\nLoaded project context:\n${hint}\n## ${dir}/AGENTS.md\nrules\n## ${dir}/SOUL.md\n[MISSING] Expected at: ${dir}/SOUL.md\n## ${dir}/IDENTITY.md\n[MISSING] Expected at: ${dir}/IDENTITY.md`,
    );
  });

  it('check --runtime openclaw exits 1 when a file is cut and reports chars, cap, kept and dropped', async () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules', 'SOUL.md': 'a'.repeat(33_071), 'TOOLS.md': 'tools' });
    const table = await runAsync('check', '--runtime', 'openclaw', dir);
    assert.strictEqual(table.code, 1);
    assert.match(table.out, /FILE\s+CHARS/);
    // The TOKENS column counts the heading too, whose temporary path varies: tokens.test.ts holds it exact.\n    assert.match(table.out, /SOUL\.md\s+33,071\s+\d\.\dK\s+165\.4 %\s+OVER CAP: 13,178 chars dropped from line 1, column 14921 \(OpenClaw keeps 14,920 \+ 4,973 of 33,071 chars\)/);
    assert.match(table.out, /TOOLS\.md\s+-\s+-\s+-\s+not loaded by OpenClaw 2026\.9\.6/);
    const { code, out } = await runAsync('check', '--runtime', 'openclaw', '--json', dir);
    assert.strictEqual(code, 1);
    const report = JSON.parse(out);
    const soul = report.personas[0].files.find((f: { name: string }) => f.name === 'SOUL.md');
    assert.deepStrictEqual(
      { unit: soul.unit, size: soul.size, cap: soul.cap, kept: soul.kept, dropped: soul.dropped, status: soul.status },
      { unit: 'chars', size: 33_071, cap: 20_000, kept: 19_893, dropped: 13_178, status: 'cut' },
    );
    assert.strictEqual(report.personas[0].total.cap, 60_000);
    const fine = personaFolder({ 'AGENTS.md': 'rules', 'SOUL.md': 'soul', 'IDENTITY.md': 'me' });
    assert.strictEqual((await runAsync('check', '--runtime', 'openclaw', fine)).code, 0);
  });
});
