// "Compare Soul with HEAD/Revision" in the in-memory VS Code, with a Git extension whose API
// answers from a real repository the test builds: the left side is what `persona-studio
// compose` printed at the revision, the right what the editors hold, and the title and
// CodeLens say which files became cut.
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commands, extensions, languages, window as fakeWindow, workspace as fakeWorkspace } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { Composition, compareCompositions, FileContent, runtimeProfile, RuntimeOptions } from '../../src/core';
import { diffPersona } from '../../src/cli/diff';
import { Comparisons } from '../../src/extension/compare/comparisons';
import { compareCommands } from '../../src/extension/compare/compareCommands';
import { COMPARE_SCHEME } from '../../src/extension/compare/compareDocuments';
import { lensLines } from '../../src/extension/compare/compareText';
import { sectionHistories } from '../../src/extension/compare/sectionHistory';
import { commit, git, gitRepository, installGit, repo } from './fake/git';
import type { CompositionInputs } from '../../src/extension/model/measurements';
import type { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { composeSkills } from '../../src/core/skills';
import { nodeSkillReader } from '../../src/core/skills/nodeReader';
import type { SkillTree } from '../../src/extension/model/skillFiles';
import { composeTree } from '../../src/extension/model/skillsModel';
import type { SkillsMeasure, SkillsSettings } from '../../src/extension/model/skillTypes';

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'dist/cli.js');

const DAY = 24 * 60 * 60 * 1000;

const openclaw = runtimeProfile('openclaw');
const options: RuntimeOptions = {};

/** Measurements as the comparison reads them: the folder's files now (editor text where given), composed under OpenClaw. */
function measurementsOf(dir: string, now: Record<string, string>) {
  const names = openclaw.filesToRead(dir, () => false);
  const files = new Map<string, FileContent>();
  for (const name of names) {
    if (now[name] !== undefined) files.set(name, { kind: 'text', text: now[name] });
    else if (fs.existsSync(path.join(dir, name))) {
      const bytes = fs.readFileSync(path.join(dir, name));
      files.set(name, { kind: 'bytes', bytes, size: bytes.byteLength });
    }
  }
  const composition: Composition = openclaw.compose({ dir, files }, options);
  const inputs: CompositionInputs = { profile: openclaw, options, names, composition, composed: composition };
  return { inputs: async () => inputs, onDidChange: () => ({ dispose() {} }) };
}

const LONG_SOUL = `You are Ava.\n${'Keep every rule. '.repeat(1500)}\n`;

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

/** The skill settings `compose --part all` reads with here: this HOME, Code Mode, the stock plugins' skills. */
const skillSettings = (dir: string): SkillsSettings => ({ workspacePath: dir, home: os.homedir(), tools: 'exec', toolsByDefault: true, pluginSkills: true });

/** measurementsOf, with OpenClaw's skill catalog: now from disk, at a revision through skillsAt. */
function withSkills(dir: string, now: Record<string, string>) {
  const settings = skillSettings(dir);
  return {
    ...measurementsOf(dir, now),
    skills: async (): Promise<SkillsMeasure> => ({ report: composeSkills(nodeSkillReader, dir, settings), tools: 'exec', pluginSkills: true, toolsByDefault: true }),
    skillsAt: (folder: vscode.Uri, tree: SkillTree, read: (path: string) => Promise<FileContent | undefined>) => composeTree(folder, tree, new Map(), settings, read),
  };
}

describe('Compare Soul with a revision (in-memory VS Code, a real repository)', () => {
  let comparisons: Comparisons | undefined;
  afterEach(() => {
    comparisons?.dispose();
    comparisons = undefined;
    extensions.installed.clear();
    commands.executed.length = 0;
    fakeWindow.messages.length = 0;
    fakeWindow.pick = undefined;
  });

  it('opens the diff: left the CLI compose at HEAD, right the unsaved text, cut, and says SOUL.md became cut', async () => {
    const dir = repo({ 'SOUL.md': 'You are Ava.\n', 'AGENTS.md': 'Be brief.\n' });
    installGit(gitRepository(dir));
    comparisons = new Comparisons(measurementsOf(dir, { 'SOUL.md': LONG_SOUL }));
    const shown = await comparisons.compare(vscode.Uri.file(dir), 'ava', 'HEAD');
    assert.ok(shown, fakeWindow.messages.join('\n'));
    const composed = execFileSync(process.execPath, [cli, 'compose', '--runtime', 'openclaw', dir], { encoding: 'utf8' });
    assert.strictEqual(shown.before.text, composed);
    // The virtual documents hold exactly the two texts.
    const provider = fakeWorkspace.contentProviders.get(COMPARE_SCHEME)!;
    assert.strictEqual(provider.provideTextDocumentContent(shown.uris.before as never), composed);
    assert.strictEqual(provider.provideTextDocumentContent(shown.uris.after as never), shown.after.text);
    assert.match(shown.after.text, /truncated/i);
    const diff = commands.executed.find((call) => call.command === 'vscode.diff');
    assert.ok(diff);
    assert.deepStrictEqual(diff.args.slice(0, 2), [shown.uris.before, shown.uris.after]);
    assert.match(String(diff.args[2]), /SOUL\.md became cut/);
    // The totals at the top; SOUL.md's line above its section, on each side.
    for (const [uri, composition] of [
      [shown.uris.after, shown.after],
      [shown.uris.before, shown.before],
    ] as const) {
      const lenses = languages.codeLensProviders[0].provider.provideCodeLenses({ uri: uri as never }).map((lens) => [lens.range.start.line, lens.command?.title]);
      assert.strictEqual(lenses[0][0], 0);
      assert.match(String(lenses[0][1]), /since HEAD \([0-9a-f]{7}\); SOUL\.md became cut$/);
      // OpenClaw's own size of a file: its text without trailing white space ("You are Ava." is 12).
      const soul = lenses.find(([, title]) => /^SOUL\.md: 12 → 25,\d{3} chars \(\+25,\d{3}\); became cut$/.test(String(title)));
      assert.ok(soul, JSON.stringify(lenses));
      assert.match(composition.text.split('\n')[Number(soul[0])], /^## .*SOUL\.md$/);
    }
  });

  it('composes the revision as the CLI diff does: a link, a missing file, a file added since', async () => {
    const dir = repo();
    commit(dir, { 'SOUL.md': 'Old soul.\n', 'rules/agents.md': 'Old rules.\n' }, 'first');
    fs.symlinkSync('rules/agents.md', path.join(dir, 'AGENTS.md'));
    commit(dir, {}, 'link');
    commit(dir, { 'SOUL.md': 'New soul.\n', 'USER.md': 'A user.\n' }, 'second');
    installGit(gitRepository(dir));
    const first = git(dir, ['rev-parse', 'HEAD~1']).trim();
    comparisons = new Comparisons(measurementsOf(dir, {}));
    const shown = await comparisons.compare(vscode.Uri.file(dir), 'ava', first);
    assert.ok(shown, fakeWindow.messages.join('\n'));
    const cliSide = diffPersona(dir, openclaw, options, first);
    assert.strictEqual(shown.before.text, cliSide.before.text);
    assert.deepStrictEqual(
      compareCompositions(shown.before, shown.after).files.map((file) => [file.name, file.changes]),
      cliSide.diff.delta.files.map((file) => [file.name, file.changes]),
    );
  });

  it("composes OpenClaw's skill catalog at each revision as `compose --part all` prints it, and says what changed in it", async () => {
    const dir = repo();
    commit(dir, { 'SOUL.md': 'You are Ava.\n', 'skills/weather/SKILL.md': skill('weather', 'Tells the weather.'), 'skills/weather/scripts/run.sh': 'echo\n' }, 'first');
    commit(dir, { '.agents/skills/notes/SKILL.md': skill('notes', 'Takes notes.'), 'skills/tools/fetch/SKILL.md': skill('fetch', 'Fetches pages.') }, 'second');
    const then = new Map<string, string>();
    for (const rev of ['HEAD~1', 'HEAD']) {
      git(dir, ['checkout', '-q', '--detach', rev]);
      then.set(rev, execFileSync(process.execPath, [cli, 'compose', '--runtime', 'openclaw', '--part', 'all', dir], { encoding: 'utf8' }));
      git(dir, ['checkout', '-q', 'main']);
    }
    // Now: weather's description grows, notes is gone.
    fs.writeFileSync(path.join(dir, 'skills/weather/SKILL.md'), skill('weather', 'Tells the weather, hourly.'));
    fs.rmSync(path.join(dir, '.agents'), { recursive: true });
    const now = execFileSync(process.execPath, [cli, 'compose', '--runtime', 'openclaw', '--part', 'all', dir], { encoding: 'utf8' });
    const repository = gitRepository(dir);
    const read: string[] = [];
    installGit({ ...repository, buffer: (ref, file) => (read.push(file), repository.buffer(ref, file)) });
    comparisons = new Comparisons(withSkills(dir, {}));
    for (const rev of ['HEAD~1', 'HEAD']) {
      const shown = await comparisons.compare(vscode.Uri.file(dir), 'ava', rev);
      assert.ok(shown, fakeWindow.messages.join('\n'));
      assert.strictEqual(shown.before.text, then.get(rev), rev);
      assert.strictEqual(shown.after.text, now);
      const cliSide = diffPersona(dir, openclaw, options, rev, undefined, undefined, { ...skillSettings(dir), host: {} });
      assert.strictEqual(cliSide.before.text, shown.before.text);
      // weather and the stock plugins' two at HEAD~1, notes and fetch too at HEAD; weather and fetch now.
      const listed = rev === 'HEAD' ? '5 of 5 → 4 of 4' : '3 of 3 → 4 of 4';
      assert.match(shown.lines[1], new RegExp(`^Skills catalog: [\\d,]+ → [\\d,]+ chars \\([-+][\\d,]+\\); ${listed} skills listed$`), shown.lines.join('\n'));
      assert.match(shown.lines[0], /chars of skills since/);
      assert.ok(!shown.lines.some((line) => line.startsWith('skills/')), shown.lines.join('\n'));
    }
    // Below a skill's own folder nothing is listed: the core never looks there.
    assert.ok(read.includes('skills/weather') && !read.some((file) => file.includes('scripts')), read.join('\n'));
  });

  it('says why it cannot compare: no such revision, no commits, no Git extension, Git disabled', async () => {
    const dir = repo({ 'SOUL.md': 'You are Ava.\n' });
    const measurements = measurementsOf(dir, {});
    installGit(gitRepository(dir));
    comparisons = new Comparisons(measurements);
    assert.strictEqual(await comparisons.compare(vscode.Uri.file(dir), 'ava', 'nope'), undefined);
    const empty = repo();
    installGit(gitRepository(empty));
    assert.strictEqual(await comparisons.compare(vscode.Uri.file(empty), 'ava', 'HEAD'), undefined);
    extensions.installed.clear();
    assert.strictEqual(await comparisons.compare(vscode.Uri.file(dir), 'ava', 'HEAD'), undefined);
    installGit(gitRepository(dir), false);
    assert.strictEqual(await comparisons.compare(vscode.Uri.file(dir), 'ava', 'HEAD'), undefined);
    installGit(undefined);
    assert.strictEqual(await comparisons.compare(vscode.Uri.file(dir), 'ava', 'HEAD'), undefined);
    assert.deepStrictEqual(fakeWindow.messages, [
      'nope: no such revision in this repository (in a shallow clone, fetch more of its history).',
      'The repository has no commits yet: there is no HEAD to compare with.',
      "Comparing with a revision needs VS Code's built-in Git extension, which is not available here.",
      'Comparing with a revision needs the Git extension, which is disabled (setting git.enabled).',
      `${dir} is not in a git repository.`,
    ]);
    assert.ok(!commands.executed.some((call) => call.command === 'vscode.diff'));
  });

  it('"Compare Soul with Revision…" offers HEAD, the branches and the recent commits, and compares the one picked', async () => {
    const dir = repo({ 'SOUL.md': 'One.\n' });
    commit(dir, { 'SOUL.md': 'Two.\n' }, 'second');
    git(dir, ['branch', 'draft', 'HEAD~1']);
    installGit(gitRepository(dir));
    comparisons = new Comparisons(measurementsOf(dir, {}));
    const persona = { uri: vscode.Uri.file(dir), label: 'ava' };
    const run = compareCommands({} as PersonaWorkspace, comparisons);
    let shown: readonly string[] = [];
    fakeWindow.pick = (items) => {
      shown = (items as { label: string }[]).map((item) => item.label);
      return (items as { label: string }[]).find((item) => item.label.endsWith('draft'));
    };
    await run.compareWithRevision({ persona });
    assert.deepStrictEqual(shown.slice(0, 2), ['HEAD', 'Branches']);
    assert.ok(shown.includes('$(git-branch) draft') && shown.includes('$(git-branch) main'), shown.join('\n'));
    assert.strictEqual(shown.filter((label) => label.startsWith('$(git-commit)')).length, 2);
    const diff = commands.executed.find((call) => call.command === 'vscode.diff');
    assert.match(String(diff?.args[2]), /: OpenClaw [\d.]+ at draft \([0-9a-f]{7}\) ↔ now \(0 chars since draft/);
  });

  it("a file's tooltip lines: its sizes over its commits and when OpenClaw starts cutting it, as `diff --history` says", async () => {
    const dir = repo();
    const start = Date.now() - 30 * DAY;
    for (let day = 0; day <= 30; day += 3) commit(dir, { 'MEMORY.md': 'm'.repeat(5000 + 410 * day) }, `day ${day}`, start + day * DAY);
    commit(dir, { 'SOUL.md': 'You are Ava.\n' }, 'soul');
    installGit(gitRepository(dir));
    comparisons = new Comparisons(measurementsOf(dir, {}));
    const lines = await comparisons.history(vscode.Uri.file(dir), 'MEMORY.md');
    const printed = execFileSync(process.execPath, [cli, 'diff', '--runtime', 'openclaw', '--history', '--json', dir], { encoding: 'utf8' });
    const memory = JSON.parse(printed).personas[0].history.find((file: { name: string }) => file.name === 'MEMORY.md');
    assert.deepStrictEqual(lines, [`Last 11 commits: ${memory.sparkline}`, memory.message]);
    assert.match(lines![1], /^MEMORY\.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 7 days$/);
    // One commit of SOUL.md says nothing; a file the history does not hold neither.
    assert.strictEqual(await comparisons.history(vscode.Uri.file(dir), 'SOUL.md'), undefined);
    assert.strictEqual(await comparisons.history(vscode.Uri.file(dir), 'USER.md'), undefined);
    // The preview's section headers: the same sparkline, the lines as its tooltip; files without a history (and the Skills section) left out.
    const sections = await sectionHistories(comparisons)(vscode.Uri.file(dir), ['skills/', 'SOUL.md', 'MEMORY.md', 'USER.md']);
    assert.deepStrictEqual(sections, [{ name: 'MEMORY.md', sparkline: memory.sparkline, title: lines!.join('\n') }]);
  });

  it('the lens lines: totals with tokens, each changed file, the notes', () => {
    const before = openclaw.compose({ dir: '/p', files: new Map([['SOUL.md', { kind: 'text', text: 'Short.\n' }]]) }, options);
    const after = openclaw.compose({ dir: '/p', files: new Map([['SOUL.md', { kind: 'text', text: LONG_SOUL }]]) }, options);
    const delta = compareCompositions(before, after, (text) => text.length);
    const lines = lensLines(delta, 'HEAD', ['MEMORY.md at abc1234: a submodule, not read']);
    assert.strictEqual(lines.length, 3);
    assert.match(lines[0], /^\+\d[\d,]* chars, \+\d[\d,]* tokens since HEAD; SOUL\.md became cut$/);
    assert.match(lines[1], /^SOUL\.md: 6 → 25,\d{3} chars \(\+25,\d{3}\), \d+ → [\d,]+ tokens \(\+[\d,]+\); became cut$/);
    assert.strictEqual(lines[2], 'note: MEMORY.md at abc1234: a submodule, not read');
  });
});
