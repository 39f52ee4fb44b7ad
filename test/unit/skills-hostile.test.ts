// The skill catalog on hostile workspaces: thousands of skills, deep and looping trees,
// a huge or binary SKILL.md, frontmatter that is not YAML. Each ends, reads a bounded
// amount, and gives every SKILL.md a clear state.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeSkills, MAX_SKILL_FILE_BYTES, memorySkillReader, SkillReader, SkillsReport } from '../../src/core/skills';
import { nodeSkillReader } from '../../src/core/skills/nodeReader';

/** The Node reader, counting what it is asked and how many bytes it hands back. */
function countingReader() {
  const counts = { lists: 0, reads: 0, bytes: 0, largestRead: 0 };
  const reader: SkillReader = {
    ...nodeSkillReader,
    list(dir, limit) {
      counts.lists++;
      return nodeSkillReader.list(dir, limit);
    },
    readFile(file, limit) {
      counts.reads++;
      const read = nodeSkillReader.readFile(file, limit);
      if (read.kind === 'bytes') {
        counts.bytes += read.bytes.length;
        counts.largestRead = Math.max(counts.largestRead, read.bytes.length);
      }
      return read;
    },
  };
  return { reader, counts };
}

function workspace(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skills-hostile-')));
}

function write(file: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const skill = (name: string, description = 'Does one thing.') => `---\nname: ${name}\ndescription: ${description}\n---\nBody\n`;
const compose = (reader: SkillReader, dir: string): SkillsReport => composeSkills(reader, dir, { pluginSkills: false, home: '/home/nobody' });
const stateOf = (report: SkillsReport, name: string) => report.skills.find((s) => s.name === name);

describe('Skill catalog on hostile workspaces', () => {
  it('5,000 SKILL.md files in one folder: 300 candidates, 200 read, what fits listed, the rest stated', () => {
    const dir = workspace();
    for (let i = 0; i < 5000; i++) write(path.join(dir, 'skills', `s${String(i).padStart(4, '0')}`, 'SKILL.md'), skill(`s${String(i).padStart(4, '0')}`, 'd'));
    const { reader, counts } = countingReader();
    const report = compose(reader, dir);
    assert.strictEqual(counts.reads, 200);
    // Long temporary paths: fewer than 150 fit in 18,000 chars, even without descriptions.
    assert.ok(report.budget.skills > 0 && report.budget.skills <= 150, `${report.budget.skills} listed`);
    assert.strictEqual(report.skills.filter((s) => s.state === 'leftOut').length, 200 - report.budget.skills);
    assert.strictEqual(report.descriptionMaxChars, 0);
    assert.strictEqual(report.skills.filter((s) => s.reason?.kind === 'rootLimit').length, 100);
    assert.ok(
      report.notices.some((n) => n.message.includes('discovery limit')),
      'says the inventory was cut',
    );
    assert.ok(report.catalog.length <= 18_000);
  });

  it('a chain 20 folders deep: only what lies within 6 is found, and few folders are listed', () => {
    const dir = workspace();
    const deep = Array.from({ length: 19 }, (_, i) => `g${i}`).join('/');
    write(path.join(dir, 'skills', deep, 'SKILL.md'), skill('deep'));
    write(path.join(dir, 'skills', 'g0/g1/g2/g3/g4', 'SKILL.md'), skill('six'));
    const { reader, counts } = countingReader();
    const report = compose(reader, dir);
    assert.deepStrictEqual(
      report.skills.map((s) => [s.name, s.state]),
      [['six', 'inPrompt']],
    );
    assert.ok(counts.lists < 40, `${counts.lists} listings`);
  });

  it('links that loop: the scan ends within its budgets, and the skill is listed once', () => {
    const dir = workspace();
    write(path.join(dir, 'skills', 'a', 'SKILL.md'), skill('a'));
    fs.mkdirSync(path.join(dir, 'skills', 'group'));
    fs.symlinkSync('..', path.join(dir, 'skills', 'group', 'up'));
    fs.symlinkSync('.', path.join(dir, 'skills', 'here'));
    fs.symlinkSync('self', path.join(dir, 'skills', 'self'));
    const { reader, counts } = countingReader();
    const report = compose(reader, dir);
    assert.deepStrictEqual(
      report.skills.map((s) => [s.name, s.state]),
      [['a', 'inPrompt']],
    );
    assert.ok(counts.lists <= 300 * 6, `${counts.lists} listings`);
    assert.ok(
      report.notices.some((n) => n.path.endsWith('/skills/self')),
      'the link to itself is noted',
    );
  });

  it('a 50 MB SKILL.md: skipped as too large, with at most the limit and a byte read', () => {
    const dir = workspace();
    const file = path.join(dir, 'skills', 'huge', 'SKILL.md');
    write(file, skill('huge'));
    fs.truncateSync(file, 50 * 1024 * 1024);
    const { reader, counts } = countingReader();
    const report = compose(reader, dir);
    const huge = report.skills.find((s) => s.path.endsWith('/huge/SKILL.md'));
    assert.strictEqual(huge?.state, 'skipped');
    assert.deepStrictEqual(huge?.reason, { kind: 'tooLarge', size: 50 * 1024 * 1024, limit: MAX_SKILL_FILE_BYTES });
    assert.ok(counts.largestRead <= MAX_SKILL_FILE_BYTES + 1, `${counts.largestRead} bytes read`);
  });

  it('binary content and frontmatter that is not YAML: skipped, each with its reason and line', () => {
    const dir = workspace();
    write(path.join(dir, 'skills', 'bin', 'SKILL.md'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0x2d, 0x2d, 0x2d, 10, 0, 0x80]));
    write(path.join(dir, 'skills', 'toml', 'SKILL.md'), '+++\ntitle = "x"\n+++\n');
    write(path.join(dir, 'skills', 'braces', 'SKILL.md'), '---\nname: braces\n{{{ not yaml\n---\n');
    write(path.join(dir, 'skills', 'ok', 'SKILL.md'), skill('ok'));
    const report = compose(nodeSkillReader, dir);
    assert.deepStrictEqual(stateOf(report, 'ok')?.state, 'inPrompt');
    const reasons = Object.fromEntries(report.skills.filter((s) => s.state === 'skipped').map((s) => [s.name, s.reason]));
    assert.deepStrictEqual(reasons.bin, { kind: 'noDescription' });
    assert.deepStrictEqual(reasons.toml, { kind: 'noDescription' });
    assert.strictEqual(reasons.braces?.kind, 'frontmatter');
    assert.strictEqual(reasons.braces?.kind === 'frontmatter' && reasons.braces.line, 3);
  });

  it('a FIFO named SKILL.md is not waited on', () => {
    const dir = workspace();
    fs.mkdirSync(path.join(dir, 'skills', 'pipe'), { recursive: true });
    require('node:child_process').execFileSync('mkfifo', [path.join(dir, 'skills', 'pipe', 'SKILL.md')]);
    const report = compose(nodeSkillReader, dir);
    assert.deepStrictEqual(
      report.skills.map((s) => [s.name, s.state, s.reason?.kind]),
      [['pipe', 'skipped', 'notFile']],
    );
  });

  it('reads nothing outside the workspace: a link to a skill elsewhere is refused unread', () => {
    const dir = workspace();
    const elsewhere = workspace();
    write(path.join(elsewhere, 'SKILL.md'), skill('elsewhere'));
    fs.mkdirSync(path.join(dir, 'skills'));
    fs.symlinkSync(elsewhere, path.join(dir, 'skills', 'linked'));
    const { reader, counts } = countingReader();
    const report = compose(reader, dir);
    assert.strictEqual(counts.reads, 0);
    assert.deepStrictEqual(
      report.skills.map((s) => [s.state, s.reason?.kind]),
      [['skipped', 'outsideRoot']],
    );
  });
});

describe('Skill catalog without Node', () => {
  it('composes from files in memory exactly as from the same files on disk', () => {
    const dir = workspace();
    const files = new Map<string, string>([
      [`${dir}/skills/a/SKILL.md`, skill('a', 'First <one> & "quoted".')],
      [`${dir}/skills/group/b/SKILL.md`, skill('b', '>\n  Folded\n  text.')],
      [`${dir}/skills/bad/SKILL.md`, '---\nname: bad\n'],
      [`${dir}/skills/.dot/SKILL.md`, skill('dot')],
      [`${dir}/.agents/skills/a/SKILL.md`, skill('a', 'Shadowed by skills/a.')],
      [`${dir}/skills/off/SKILL.md`, '---\nname: off\ndescription: x\ndisable-model-invocation: yes\n---\n'],
    ]);
    for (const [file, text] of files) write(file, text);
    const options = { home: dir, workspacePath: dir };
    const fromDisk = composeSkills(nodeSkillReader, dir, options);
    const fromMemory = composeSkills(memorySkillReader(files), dir, options);
    assert.deepStrictEqual(fromMemory, fromDisk);
    assert.deepStrictEqual(
      fromMemory.skills.map((s) => [s.name, s.state]),
      [
        ['a', 'inPrompt'],
        ['b', 'inPrompt'],
        ['browser-automation', 'inPrompt'],
        ['canvas', 'inPrompt'],
        ['off', 'hidden'],
        ['a', 'skipped'],
        ['bad', 'skipped'],
      ],
    );
    assert.ok(fromMemory.section.includes('<location>~/skills/a/SKILL.md</location>'));
  });
});

describe('Skill catalog in a browser bundle', () => {
  it('bundles for the browser with no Node module and no Node global in its own code', async function () {
    this.timeout(60_000);
    const esbuild = await import('esbuild');
    const { nodeFree } = await import('../../scripts/nodeFree.mjs');
    for (const globals of [false, true]) {
      const result = await esbuild.build({
        entryPoints: ['src/core/skills/index.ts'],
        bundle: true,
        platform: 'browser',
        format: 'cjs',
        write: false,
        logLevel: 'silent',
        // With `globals`, only our own code is looked at: the YAML parser may feature-check `process`.
        ...(globals && { packages: 'external' as const }),
        plugins: [nodeFree({ globals })],
      });
      assert.deepStrictEqual(result.errors, []);
    }
  });
});
