// The skill catalog in an in-memory VS Code: Measurements.skills() of an OpenClaw persona,
// exactly the core's over the same files, live from editors, one SKILL.md re-read at a time,
// and bounded on bad input; and the Problems found in it.
import assert from 'node:assert';
import { FakeDocument, memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { composeSkills, memorySkillReader } from '../../src/core/skills';
import { Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { SKILLS_CHANGE } from '../../src/extension/model/skills';
import { COLLISION, NO_DESCRIPTION, skillFindings } from '../../src/extension/problems/skillFindings';
import { setLogSink } from '../../src/extension/util/log';
import { skillsItem } from '../../src/extension/tree/skillItems';
import { closeDocuments, openHub } from './fake/hub';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

interface Hub {
  readonly root: vscode.Uri;
  readonly folder: vscode.Uri;
  readonly personas: PersonaWorkspace;
  readonly measurements: Measurements;
  readonly changes: string[];
  dispose(): void;
}

async function hub(files: Record<string, string>): Promise<Hub> {
  memory.settings.set('personaStudio.runtime', 'openclaw');
  const opened = await openHub('skills-ws', { 'ava/SOUL.md': 'calm', ...files });
  const changes: string[] = [];
  const listening = opened.measurements.onDidChange(({ names }) => names !== 'all' && changes.push(...names));
  return { ...opened, folder: vscode.Uri.joinPath(opened.root, 'ava'), changes, dispose: () => (listening.dispose(), opened.dispose()) };
}

/** The core's own report over the same files, read whole. */
function coreReport(root: vscode.Uri, files: Record<string, string>, workspacePath: string) {
  const map = new Map(Object.entries(files).map(([name, text]) => [`${root.path}/${name}`, text]));
  return composeSkills(memorySkillReader(map), `${root.path}/ava`, { workspacePath, home: require('node:os').homedir(), tools: 'exec', pluginSkills: true });
}

const manySkills = (count: number, description = (i: number) => `Use when task ${i} needs the ${'careful '.repeat(8)}procedure.`) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`ava/skills/s${String(i).padStart(3, '0')}/SKILL.md`, skill(`s${String(i).padStart(3, '0')}`, description(i))]));

describe('skills in the editor (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }));
  after(() => {
    setLogSink(undefined);
    memory.settings.delete('personaStudio.runtime');
  });
  let current: Hub | undefined;
  const documents: FakeDocument[] = [];
  afterEach(() => {
    current?.dispose();
    current = undefined;
    closeDocuments(documents);
  });

  it("lists 151 workspace skills and the plugins' two exactly as the core does: 134 of 153 in the compact format", async () => {
    const files = manySkills(151);
    const { root, folder, measurements } = (current = await hub(files));
    const measure = await measurements.skills(folder);
    assert.ok(measure);
    const expected = coreReport(root, files, folder.path);
    assert.strictEqual(measure.report.section, expected.section);
    assert.deepStrictEqual(
      measure.report.skills.map((s) => [s.name, s.state]),
      expected.skills.map((s) => [s.name, s.state]),
    );
    assert.strictEqual(measure.report.format, 'compact');
    assert.match(measure.report.limitNote ?? '', /included \d+ of 153/);
    assert.ok(measure.report.skills.some((s) => s.state === 'leftOut'));
    assert.strictEqual(measure.tools, 'exec');
    assert.strictEqual(measure.toolsByDefault, true);
    // Asked again without a change: the same measure, nothing recomputed.
    assert.strictEqual(await measurements.skills(folder), measure);
  });

  it('no catalog under another runtime', async () => {
    const { folder, measurements } = (current = await hub({ 'ava/skills/a/SKILL.md': skill('a', 'A.') }));
    memory.settings.set('personaStudio.runtime', 'toolnexus');
    try {
      assert.strictEqual(await measurements.skills(folder), undefined);
    } finally {
      memory.settings.set('personaStudio.runtime', 'openclaw');
    }
  });

  it('typing in a SKILL.md changes the catalog before a save, re-reading that file alone', async () => {
    const files = { 'ava/skills/a/SKILL.md': skill('a', 'Short.'), 'ava/skills/b/SKILL.md': skill('b', 'Other.') };
    const { root, folder, measurements, changes } = (current = await hub(files));
    const before = await measurements.skills(folder);
    assert.ok(before);
    const readsBefore = memory.reads.length;
    const document = memory.open(`${root.path}/ava/skills/a/SKILL.md`);
    documents.push(document);
    memory.type(document, skill('a', 'A much longer description, typed and not saved.'));
    assert.deepStrictEqual(changes, [SKILLS_CHANGE]);
    const after = await measurements.skills(folder);
    assert.ok(after);
    assert.match(after.report.section, /A much longer description, typed and not saved\./);
    assert.ok(after.report.section.length > before.report.section.length);
    // No file was read from disk for the keystroke: the editor's text, and the other skill's cached bytes.
    assert.strictEqual(memory.reads.length, readsBefore);
  });

  it("a SKILL.md without a description has an error at its frontmatter with the quick fix's code; a collision is on both files", async () => {
    const files = {
      'ava/skills/plain/SKILL.md': '---\nname: plain\n---\nNo description here.\n',
      'ava/skills/dup/SKILL.md': skill('twin', 'From skills.'),
      'ava/.agents/skills/dup/SKILL.md': skill('twin', 'From .agents.'),
      'ava/skills/bad/SKILL.md': '---\nname: bad\ndescription: ok\n  oops: indented\n---\nBody\n',
    };
    const { root, folder, measurements } = (current = await hub(files));
    const measure = await measurements.skills(folder);
    assert.ok(measure);
    const findings = skillFindings(measure);
    const at = (path: string) => findings.filter((f) => f.path === `${root.path}/ava/${path}`);
    const plain = at('skills/plain/SKILL.md');
    assert.strictEqual(plain.length, 1);
    assert.strictEqual(plain[0].line, 0);
    assert.strictEqual(plain[0].code, NO_DESCRIPTION);
    assert.strictEqual(plain[0].severity, 'error');
    const bad = at('skills/bad/SKILL.md');
    assert.strictEqual(bad.length, 1);
    assert.match(bad[0].message, /not valid YAML/);
    // The workspace's skills/ wins over .agents/skills: both files say so, each pointing at the other.
    const loser = at('.agents/skills/dup/SKILL.md');
    const winner = at('skills/dup/SKILL.md');
    assert.strictEqual(loser[0].code, COLLISION);
    assert.strictEqual(loser[0].other, `${root.path}/ava/skills/dup/SKILL.md`);
    assert.strictEqual(winner[0].code, COLLISION);
    assert.strictEqual(winner[0].other, `${root.path}/ava/.agents/skills/dup/SKILL.md`);
  });

  it("the budget's warnings name the shortened length and the catalog's size", async () => {
    const { folder, measurements } = (current = await hub(manySkills(60, (i) => `Use when ${i}: ${'a long and winding description '.repeat(10)}`)));
    const measure = await measurements.skills(folder);
    assert.ok(measure);
    const shortened = measure.report.skills.find((s) => s.state === 'shortened' && s.source === 'workspace');
    assert.ok(shortened, 'a description is shortened');
    const finding = skillFindings(measure).find((f) => f.path === shortened.path);
    assert.ok(finding);
    assert.strictEqual(finding.message, `OpenClaw shortens this description to ${shortened.shortenedTo} chars: the catalog of 62 skills is over 18,000 chars`);
    assert.strictEqual(finding.severity, 'warning');
  });

  it('bad input: 5,000 skill folders, a 50 MB SKILL.md and binary content stay bounded, each with its state', async () => {
    // Listed first (OpenClaw reads the first 3,000 entries of a folder, in the order the file system lists them).
    const files: Record<string, string> = {
      'ava/skills/a-huge/SKILL.md': `---\nname: huge\ndescription: big\n---\n${'x'.repeat(50 * 1024 * 1024)}`,
      'ava/skills/a-binary/SKILL.md': '\u0000\u0001\u0002\uFFFD\u0000PK\u0003\u0004',
    };
    for (let i = 0; i < 5000; i++) files[`ava/skills/k${String(i).padStart(4, '0')}/SKILL.md`] = skill(`k${i}`, 'x');
    const { root, folder, measurements } = (current = await hub(files));
    const measure = await measurements.skills(folder);
    assert.ok(measure);
    const state = (name: string) => measure.report.skills.find((s) => s.path === `${root.path}/ava/skills/${name}/SKILL.md`);
    assert.strictEqual(state('a-huge')?.state, 'skipped');
    assert.strictEqual(state('a-huge')?.reason?.kind, 'tooLarge');
    assert.strictEqual(state('a-binary')?.state, 'skipped');
    const huge = skillFindings(measure).find((f) => f.path === `${root.path}/ava/skills/a-huge/SKILL.md`);
    assert.strictEqual(huge?.line, 0);
    assert.match(huge?.message ?? '', /^OpenClaw skips this skill: [\d,]+ bytes, over OpenClaw's 256,000-byte limit for a SKILL\.md$/);
    // OpenClaw scans at most 300 candidates a root and loads 200: so many files are read, no more.
    assert.ok(current.measurements.skillsBundle().model.contentsRead(folder) <= 300, "reads bounded by the core's candidate limit");
    assert.ok(measure.report.notices.some((n) => /discovery limit/.test(n.message)));
  });

  it("bad input: a SKILL.md 20 folders down is past OpenClaw's depth, and the walk stops where the core stops looking", async () => {
    const deep = `ava/skills/${Array.from({ length: 20 }, (_, i) => `g${i}`).join('/')}/SKILL.md`;
    const { root, folder, measurements } = (current = await hub({ [deep]: skill('deep', 'Too deep.'), 'ava/skills/near/SKILL.md': skill('near', 'Near.') }));
    const measure = await measurements.skills(folder);
    assert.ok(measure);
    assert.deepStrictEqual(
      measure.report.skills.filter((s) => s.source !== 'plugin').map((s) => s.name),
      ['near'],
    );
    const read = memory.reads.filter((path) => path.startsWith(`${root.path}/`)).length;
    assert.ok(read <= 3, `${read} files read: the deep SKILL.md is never read`);
  });
});

describe('the Skills section in the composition (in-memory VS Code)', () => {
  before(() => memory.settings.set('personaStudio.runtime', 'openclaw'));
  after(() => memory.settings.delete('personaStudio.runtime'));

  it('stands before the Project Context with what lies between, as `compose --part all` prints it, and follows an edit', async () => {
    const { root, measurements, dispose } = await openHub('skills-composed', { 'ava/SOUL.md': 'calm', 'ava/skills/a/SKILL.md': skill('a', 'Alpha.') });
    try {
      const folder = vscode.Uri.joinPath(root, 'ava');
      const composition = await measurements.composition(folder);
      const skills = await measurements.skills(folder);
      assert.ok(skills);
      const entry = composition.files[0];
      assert.strictEqual(entry.name, SKILLS_CHANGE);
      assert.strictEqual(entry.section, skills.report.section);
      assert.ok(composition.text.startsWith(`${skills.report.section}\n## Workspace\nWorking directory: ${folder.path}\n`));
      const soul = composition.files.find((file) => file.name === 'SOUL.md');
      assert.ok(soul);
      assert.strictEqual(composition.text.slice(soul.offset, soul.offset + soul.section.length), soul.section);
      assert.strictEqual((composition.pieces ?? []).join(''), composition.text);
      const document = memory.open(`${root.path}/ava/skills/a/SKILL.md`);
      memory.type(document, skill('a', 'Alpha, now much longer than before.'));
      const after = await measurements.composition(folder);
      assert.match(after.files[0].section, /now much longer/);
      assert.ok(after.text.length > composition.text.length);
      document.isClosed = true;
      memory.documents.length = 0;
    } finally {
      dispose();
    }
  });
});

describe('an OpenClaw persona without skills of its own (in-memory VS Code)', () => {
  before(() => memory.settings.set('personaStudio.runtime', 'openclaw'));
  after(() => memory.settings.delete('personaStudio.runtime'));

  it('still gets the stock plugins’ skills section, unless personaStudio.openclaw.pluginSkills is off', async () => {
    const { root, measurements, dispose } = await openHub('skills-none', { 'ava/SOUL.md': 'calm' });
    try {
      const folder = vscode.Uri.joinPath(root, 'ava');
      const composition = await measurements.composition(folder);
      assert.ok(composition.files.some((file) => file.name === SKILLS_CHANGE));
      assert.ok(composition.text.startsWith('## Skills\n'));
      assert.ok(composition.text.includes('\n# Project Context\n'));
      const measure = await measurements.skills(folder);
      assert.deepStrictEqual(
        measure?.report.skills.map((s) => s.name),
        ['browser-automation', 'canvas'],
      );
      // The Skills node says plainly which of OpenClaw's skill roots it counts.
      const tooltip = (skillsItem(measure).tooltip as vscode.MarkdownString).value;
      assert.match(tooltip, /Counted: this workspace's skills, the stock plugins', and this machine's: OpenClaw's bundled skills, ~\/\.openclaw\/skills, ~\/\.agents\/skills/);

      memory.configure('personaStudio.openclaw.pluginSkills', false);
      const alone = await measurements.composition(folder);
      assert.ok(!alone.files.some((file) => file.name === SKILLS_CHANGE));
      assert.ok(!alone.text.includes('## Skills'));
    } finally {
      memory.configure('personaStudio.openclaw.pluginSkills', undefined);
      dispose();
    }
  });

  it('follows the chosen release: 2026.4.10 lists no plugin skill, 2026.7.35 lists two under its own wording', async () => {
    const { root, measurements, dispose } = await openHub('skills-none', { 'ava/SOUL.md': 'calm' });
    try {
      const folder = vscode.Uri.joinPath(root, 'ava');
      memory.configure('personaStudio.openclaw.version', '2026.4.10');
      const old = await measurements.composition(folder);
      assert.ok(!old.text.includes('## Skills'));
      memory.configure('personaStudio.openclaw.version', '2026.7.35');
      const newer = await measurements.composition(folder);
      assert.ok(newer.text.startsWith('## Skills\nScan <available_skills>. If one clearly applies, read its SKILL.md at exact <location> with `read`, then follow it.\n'));
      assert.match(newer.text, /<version>sha256:608bed60aca52631<\/version>/);
    } finally {
      memory.configure('personaStudio.openclaw.version', undefined);
      dispose();
    }
  });
});
