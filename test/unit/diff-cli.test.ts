// `persona-studio diff` on repositories the tests build: against `diff -u` of `compose`,
// token deltas, exit codes, the history forecast, and each bad repository state.
import assert from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countTokens } from '../../src/core/tokensCount';

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const DAY = 24 * 60 * 60 * 1000;

function run(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024, cwd: options.cwd, env: options.env ?? process.env });
  assert.strictEqual(result.signal, null, `${args.join(' ')} hung`);
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** git in `dir` with fixed names, and commit dates `date` when given. */
function git(dir: string, args: readonly string[], date?: number): string {
  const stamp = date === undefined ? {} : { GIT_AUTHOR_DATE: new Date(date).toISOString(), GIT_COMMITTER_DATE: new Date(date).toISOString() };
  const env = { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com', ...stamp };
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'protocol.file.allow=always', ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function repo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-repo-'));
  git(dir, ['init', '-q']);
  return dir;
}

function write(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

function commit(dir: string, files: Record<string, string | Buffer>, date = Date.UTC(2026, 0, 1)): void {
  write(dir, files);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'edit'], date);
}

/** Every file under .git with its contents' hash: to prove a run wrote nothing there. */
function snapshot(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(file).update(fs.readFileSync(file));
    }
  };
  walk(path.join(dir, '.git'));
  return hash.digest('hex');
}

/** The hunks of `diff -u` of two texts, without its two header lines. */
function gnuDiff(before: string, after: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-gnu-'));
  fs.writeFileSync(path.join(folder, 'a'), before);
  fs.writeFileSync(path.join(folder, 'b'), after);
  const result = spawnSync('diff', ['-u', 'a', 'b'], { cwd: folder, encoding: 'utf8' });
  return result.stdout.split('\n').slice(2).join('\n');
}

describe('persona-studio diff', () => {
  before(() => {
    if (!fs.existsSync(cli)) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root });
  });

  for (const runtime of ['toolnexus', 'openclaw']) {
    it(`prints diff -u of compose at HEAD against compose now, under ${runtime}`, () => {
      const dir = repo();
      commit(dir, { 'SOUL.md': 'Be kind.\nBe brief.\n', 'MEMORY.md': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' });
      const then = run(['compose', '--runtime', runtime, dir]).out;
      write(dir, { 'SOUL.md': 'Be kind.\nBe very brief.\n', 'MEMORY.md': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight' });
      const now = run(['compose', '--runtime', runtime, dir]).out;
      const { code, out } = run(['diff', '--runtime', runtime, dir]);
      assert.strictEqual(code, 0);
      const label = dir.replace(/^\//, '');
      const patch = out.slice(out.indexOf(`--- a/`));
      assert.ok(patch.startsWith(`--- a/${label}@HEAD\n+++ b/${label}\n`), patch.slice(0, 200));
      assert.strictEqual(patch.split('\n').slice(2).join('\n'), gnuDiff(then, now));
    });
  }

  it('gives token deltas equal to the counts of the two texts, and JSON for machines', () => {
    const dir = repo();
    commit(dir, { 'SOUL.md': 'Be kind.' });
    write(dir, { 'SOUL.md': 'Be kind, and answer in French.' });
    const then = git(dir, ['show', 'HEAD:SOUL.md']);
    const { code, out } = run(['diff', '--json', dir]);
    assert.strictEqual(code, 0);
    const report = JSON.parse(out);
    const [persona] = report.personas;
    const soul = persona.delta.files.find((file: { name: string }) => file.name === 'SOUL.md');
    assert.strictEqual(soul.before.tokens, countTokens(`## SOUL.md\n\n${then}`, 'o200k_base'));
    assert.strictEqual(soul.after.tokens, countTokens('## SOUL.md\n\nBe kind, and answer in French.', 'o200k_base'));
    const composed = run(['compose', dir]).out;
    assert.strictEqual(persona.delta.totals.tokens.after, countTokens(composed, 'o200k_base'));
    assert.strictEqual(report.ok, true);
  });

  it('exits 1 when a file became cut, with an error annotation and a step summary', () => {
    const dir = repo();
    commit(dir, { 'MEMORY.md': 'short' });
    write(dir, { 'MEMORY.md': 'x'.repeat(25_000) });
    const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-summary-')), 'summary.md');
    const { code, out } = run(['diff', '--runtime', 'openclaw', '--format', 'github', dir], { env: { ...process.env, GITHUB_STEP_SUMMARY: summary } });
    assert.strictEqual(code, 1);
    assert.match(out, /^::error file=.*MEMORY\.md,line=\d+,col=\d+,title=MEMORY\.md became cut since HEAD::OpenClaw cuts MEMORY\.md/m);
    const markdown = fs.readFileSync(summary, 'utf8');
    assert.match(markdown, /\| MEMORY\.md \| 5 \| 25,000 \| \+24,995 \|.*\*\*became cut\*\*/);
    assert.match(markdown, /```diff\n/);
    // Back under the cap: no longer cut, exit 0.
    write(dir, { 'MEMORY.md': 'short again' });
    assert.strictEqual(run(['diff', '--runtime', 'openclaw', dir]).code, 0);
  });

  it('compares with an older revision, in a detached HEAD, and names a rename', () => {
    const dir = repo();
    commit(dir, { 'notes.md': 'remember' });
    commit(dir, { 'SOUL.md': 'Be kind.' });
    git(dir, ['checkout', '-q', '--detach', 'HEAD']);
    git(dir, ['mv', 'notes.md', 'MEMORY.md']);
    const { code, out, err } = run(['diff', '--rev', 'HEAD~1', dir]);
    assert.strictEqual(code, 0, err);
    assert.match(out, /SOUL\.md\s+0\s+8\s+\+8\s.*added/);
    assert.match(out, /MEMORY\.md\s+0\s+8\s+\+8\s.*added, renamed from notes\.md/);
    // Its history follows the name: from the rename on.
    git(dir, ['commit', '-q', '-m', 'rename'], Date.now());
    const history = run(['diff', '--history', dir]);
    assert.match(history.out, /MEMORY\.md ▁▁\s+\(1 commit\)/);
  });

  it('follows a symbolic link at the revision as in the work tree', () => {
    const dir = repo();
    fs.mkdirSync(path.join(dir, 'shared'));
    fs.mkdirSync(path.join(dir, 'ava'));
    fs.symlinkSync('../shared/AGENTS.md', path.join(dir, 'ava', 'AGENTS.md'));
    fs.symlinkSync('../nowhere.md', path.join(dir, 'ava', 'SOUL.md'));
    commit(dir, { 'shared/AGENTS.md': 'Shared rules.\n' });
    const same = run(['diff', path.join(dir, 'ava')]);
    assert.strictEqual(same.code, 0, same.err);
    assert.match(same.out, /AGENTS\.md\s+14\s+14\s+0/);
    assert.match(same.out, /the composed prompt is the same/);
    const openclaw = run(['diff', '--runtime', 'openclaw', path.join(dir, 'ava')]);
    assert.match(openclaw.out, /the composed prompt is the same/);
  });

  it('fails with one line for a folder outside git, a repository without commits, and no such revision', () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-plain-'));
    const empty = repo();
    const one = repo();
    commit(one, { 'SOUL.md': 'x' });
    for (const [args, pattern] of [
      [['diff', plain], /: not in a git repository\n$/],
      [['diff', empty], /: no commits yet, so there is no HEAD to compare with\n$/],
      [['diff', '--rev', 'nope', one], /^persona-studio: nope: no such revision\n$/],
      [['diff', '--rev=--exec=x', one], /--rev takes a revision/],
      [['diff', '--days', '3', one], /give --history too/],
    ] as const) {
      const { code, out, err } = run(args);
      assert.strictEqual(code, 2, args.join(' '));
      assert.strictEqual(out, '');
      assert.match(err, pattern);
    }
  });

  it('says when git is not installed', () => {
    const dir = repo();
    commit(dir, { 'SOUL.md': 'x' });
    const { code, err } = run(['diff', dir], { env: { ...process.env, PATH: fs.mkdtempSync(path.join(os.tmpdir(), 'persona-nogit-')) } });
    assert.strictEqual(code, 2);
    assert.match(err, /^persona-studio: git is not installed \(or not on PATH\)/);
  });

  it('asks a shallow clone for its history when the revision is not in it', () => {
    const origin = repo();
    commit(origin, { 'SOUL.md': 'one' });
    commit(origin, { 'SOUL.md': 'two' });
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-shallow-'));
    git(clone, ['clone', '-q', '--depth', '1', `file://${origin}`, 'c']);
    const { code, err } = run(['diff', '--rev', 'HEAD~1', path.join(clone, 'c')]);
    assert.strictEqual(code, 2);
    assert.match(err, /HEAD~1: not in this shallow clone \(fetch the history: actions\/checkout with fetch-depth: 0\)/);
  });

  it('reads a 100 MB blob bounded, a binary file, a submodule and a folder as what they are, writing nothing to .git', () => {
    const dir = repo();
    const sub = repo();
    commit(sub, { README: 'sub' });
    fs.mkdirSync(path.join(dir, 'AGENTS.md'));
    fs.writeFileSync(path.join(dir, 'AGENTS.md', 'x'), 'x');
    commit(dir, { 'MEMORY.md': Buffer.alloc(100 * 1024 * 1024, 'm'), 'SOUL.md': Buffer.from([0, 1, 2, 255, 254]) });
    git(dir, ['submodule', 'add', '-q', `file://${sub}`, 'USER.md']);
    git(dir, ['commit', '-q', '-m', 'sub']);
    fs.rmSync(path.join(dir, 'AGENTS.md'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'MEMORY.md'), 'small now');
    const before = snapshot(dir);
    const { code, out, err } = run(['diff', '--encoding', 'off', dir]);
    assert.strictEqual(code, 0, err);
    assert.match(out, /MEMORY\.md\s+104,857,600\s+9\s+-104,857,591\s+no longer cut/);
    assert.match(out, /note: USER\.md at [0-9a-f]{7}: a submodule, not read/);
    assert.match(out, /note: AGENTS\.md at [0-9a-f]{7}: a directory, not read/);
    assert.strictEqual(snapshot(dir), before, '.git is as it was');
    // A persona folder inside the submodule compares with the submodule's own history.
    const inside = run(['diff', path.join(dir, 'USER.md')]);
    assert.strictEqual(inside.code, 0, inside.err);
    assert.match(inside.out, new RegExp(`: HEAD \\(${git(sub, ['rev-parse', '--short=7', 'HEAD']).trim()}\\) → work tree`));
  });

  it("compares OpenClaw's skill catalog at each revision as `compose --part all` prints it, with its own row", () => {
    const dir = repo();
    const ava = path.join(dir, 'ava');
    // A persona in a folder of the repository; a skill folder linked outside its root (refused at both sides).
    write(dir, { 'shared/linked/SKILL.md': skill('linked', 'Linked from elsewhere.') });
    fs.mkdirSync(path.join(ava, 'skills'), { recursive: true });
    fs.symlinkSync('../../shared/linked', path.join(ava, 'skills', 'linked'));
    commit(dir, { 'ava/SOUL.md': 'You are Ava.\n', 'ava/skills/weather/SKILL.md': skill('weather', 'Tells the weather.') });
    commit(dir, { 'ava/.agents/skills/notes/SKILL.md': skill('notes', 'Takes notes.'), 'ava/skills/weather/SKILL.md': skill('weather', 'Tells the weather, hourly.') });
    const revisions = ['HEAD~1', 'HEAD'];
    const then = new Map<string, { all: string; section: string }>();
    for (const rev of revisions) {
      git(dir, ['checkout', '-q', '--detach', rev]);
      then.set(rev, { all: run(['compose', '--runtime', 'openclaw', '--part', 'all', ava]).out, section: run(['compose', '--runtime', 'openclaw', '--part', 'skills', ava]).out });
      git(dir, ['checkout', '-q', 'main']);
    }
    // Now: a grouped skill added, one removed, SOUL.md edited, nothing saved to git.
    write(dir, { 'ava/skills/tools/fetch/SKILL.md': skill('fetch', 'Fetches pages.'), 'ava/SOUL.md': 'You are Ava, calm.\n' });
    fs.rmSync(path.join(ava, '.agents'), { recursive: true });
    const now = run(['compose', '--runtime', 'openclaw', '--part', 'all', ava]).out;
    const section = run(['compose', '--runtime', 'openclaw', '--part', 'skills', ava]).out;
    assert.match(now, /<name>fetch<\/name>/);
    for (const rev of revisions) {
      const { code, out, err } = run(['diff', '--runtime', 'openclaw', '--rev', rev, ava]);
      assert.strictEqual(code, 0, err);
      const patch = out.slice(out.indexOf('--- a/'));
      assert.strictEqual(patch.split('\n').slice(2).join('\n'), gnuDiff(then.get(rev)!.all, now), rev);
      // weather, fetch and the stock plugins' two now; notes only at HEAD; the linked one refused throughout.
      const listed = rev === 'HEAD' ? '4 of 4 skills listed' : '3 of 3 → 4 of 4 skills listed';
      assert.match(out, new RegExp(`\\n  ## Skills +[\\d,]+ +[\\d,]+ +[-+]?[\\d,]+ +\\d+ +\\d+ +[-+]?\\d+ +${listed}\\n`));
      const report = JSON.parse(run(['diff', '--runtime', 'openclaw', '--rev', rev, '--json', ava]).out);
      const catalog = report.personas[0].delta.skills;
      assert.deepStrictEqual([catalog.before.chars, catalog.after.chars], [then.get(rev)!.section.length, section.length]);
      assert.deepStrictEqual([catalog.before.tokens, catalog.after.tokens], [countTokens(then.get(rev)!.section, 'o200k_base'), countTokens(section, 'o200k_base')]);
      assert.strictEqual(report.personas[0].delta.totals.tokens.after, countTokens(now, 'o200k_base'));
      // The catalog is not a file of the table.
      assert.ok(!report.personas[0].delta.files.some((file: { name: string }) => file.name === 'skills/'));
    }
    // Without skills of its own at either side, the Project Context alone, as before.
    const plain = repo();
    commit(plain, { 'SOUL.md': 'Be kind.\n' });
    const context = run(['compose', '--runtime', 'openclaw', plain]).out;
    write(plain, { 'SOUL.md': 'Be kinder.\n' });
    const alone = run(['diff', '--runtime', 'openclaw', plain]).out;
    assert.doesNotMatch(alone, /## Skills/);
    assert.strictEqual(alone.slice(alone.indexOf('--- a/')).split('\n').slice(2).join('\n'), gnuDiff(context, run(['compose', '--runtime', 'openclaw', plain]).out));
  });

  it('compares the skill catalog of the release asked for, as `compose --part skills --openclaw-version` prints it', () => {
    const dir = repo();
    commit(dir, { 'SOUL.md': 'You are Ava.\n', 'skills/weather/SKILL.md': skill('weather', 'Tells the weather.') });
    write(dir, { 'skills/notes/SKILL.md': skill('notes', 'Takes notes.') });
    for (const release of ['2026.2.26', '2026.9.6']) {
      const section = run(['compose', '--runtime', 'openclaw', '--openclaw-version', release, '--part', 'skills', dir]).out;
      const report = JSON.parse(run(['diff', '--runtime', 'openclaw', '--openclaw-version', release, '--json', dir]).out);
      assert.strictEqual(report.personas[0].delta.skills.after.chars, section.length, release);
    }
    // The two releases word the section differently: the diff follows the one asked for.
    assert.notStrictEqual(
      run(['compose', '--runtime', 'openclaw', '--openclaw-version', '2026.2.26', '--part', 'skills', dir]).out,
      run(['compose', '--runtime', 'openclaw', '--part', 'skills', dir]).out,
    );
  });

  it('reads hostile skill folders at the revision as the work tree reads them: a 300 KB SKILL.md, a link loop, links out, a file where a folder was', () => {
    const dir = repo();
    const skills = path.join(dir, 'skills');
    write(dir, {
      'SOUL.md': 'You are Ava.\n',
      'skills/big/SKILL.md': skill('big', 'x'.repeat(300_000)),
      'skills/ok/SKILL.md': skill('ok', 'Fine.'),
      'skills/flat': 'not a folder',
      '.agents/skills/SKILL.md': skill('root-skill', 'The root is a skill.'),
    });
    fs.symlinkSync('loop', path.join(skills, 'loop'));
    fs.symlinkSync('/etc', path.join(skills, 'absolute'));
    fs.mkdirSync(path.join(skills, 'linked'));
    fs.symlinkSync('../ok/SKILL.md', path.join(skills, 'linked', 'SKILL.md'));
    commit(dir, {});
    const before = snapshot(dir);
    const { code, out, err } = run(['diff', '--runtime', 'openclaw', '--json', dir]);
    assert.strictEqual(code, 0, err);
    const [persona] = JSON.parse(out).personas;
    assert.strictEqual(persona.delta.changed, false);
    assert.deepStrictEqual(persona.delta.skills.before, persona.delta.skills.after);
    // ok, the root skill of .agents/skills and the stock plugins' two: big is too large, linked leads out of its folder.
    assert.strictEqual(persona.delta.skills.after.listed, 4, JSON.stringify(persona.delta.skills));
    assert.strictEqual(snapshot(dir), before, '.git is as it was');
  });

  it('exits 1 when a skill became left out of the catalog, with an error annotation on its SKILL.md', () => {
    const dir = repo();
    // 148 skills of its own and the stock plugins' two: 150, all listed.
    const files: Record<string, string> = { 'SOUL.md': 'You are Ava.\n' };
    for (let i = 0; i < 148; i++) files[`skills/s${String(i).padStart(3, '0')}/SKILL.md`] = skill(`s${String(i).padStart(3, '0')}`, 'A skill.');
    commit(dir, files);
    assert.strictEqual(run(['diff', '--runtime', 'openclaw', dir]).code, 0);
    // One more, first by name: the budget leaves out one that was listed.
    write(dir, { 'skills/a-new/SKILL.md': skill('a-new', 'One more.') });
    const report = JSON.parse(run(['diff', '--runtime', 'openclaw', '--json', dir]).out);
    assert.strictEqual(report.ok, false);
    const catalog = report.personas[0].delta.skills;
    assert.strictEqual(catalog.becameLeftOut.length, 1, JSON.stringify(catalog));
    const [{ name }] = catalog.becameLeftOut;
    assert.strictEqual(catalog.after.offered, 151);
    assert.deepStrictEqual(catalog.after.leftOut.length, catalog.before.leftOut.length + 1);
    const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-summary-')), 'summary.md');
    const { code, out } = run(['diff', '--runtime', 'openclaw', '--format', 'github', dir], { env: { ...process.env, GITHUB_STEP_SUMMARY: summary } });
    assert.strictEqual(code, 1);
    assert.ok(
      out.includes(`::error file=${path.join(dir, 'skills', name, 'SKILL.md')},line=1,col=1,title=Skill ${name} left out since HEAD::OpenClaw leaves skill ${name} out`),
      out.slice(0, 500),
    );
    const listed = `${catalog.before.listed} of 150 → ${catalog.after.listed} of 151 skills listed; left out now: ${name}`;
    assert.match(out, new RegExp(`## Skills .*${listed}`));
    assert.ok(fs.readFileSync(summary, 'utf8').includes(`**${listed}** |`));
  });

  it('reads the history of a growing file and forecasts when the runtime starts cutting it', () => {
    const dir = repo();
    const start = Date.now() - 30 * DAY;
    for (let day = 0; day <= 30; day += 3) commit(dir, { 'MEMORY.md': 'm'.repeat(5000 + 410 * day) }, start + day * DAY);
    const { code, out, err } = run(['diff', '--runtime', 'openclaw', '--history', dir]);
    assert.strictEqual(code, 0, err);
    assert.match(out, /MEMORY\.md ▁[▁-█]{10}█\s+\(11 commits\)/);
    // 17,300 now, 410 a day: the 20,000 cap in about 7 days.
    assert.match(out, /MEMORY\.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 7 days/);
    const github = run(['diff', '--runtime', 'openclaw', '--history', '--format', 'github', dir], { env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });
    assert.match(github.out, /^::warning file=.*MEMORY\.md,line=1,col=1,title=MEMORY\.md is heading for its cap::MEMORY\.md grew 410 chars a day/m);
    const history = JSON.parse(run(['diff', '--runtime', 'openclaw', '--history', '--json', dir]).out).personas[0].history;
    const memory = history.find((file: { name: string }) => file.name === 'MEMORY.md');
    assert.deepStrictEqual(
      memory.points.map((point: { size: number }) => point.size),
      Array.from({ length: 11 }, (_, i) => 5000 + 410 * 3 * i),
    );
    assert.strictEqual(memory.points[0].date, Math.floor(start / 1000) * 1000);
    const limited = run(['diff', '--runtime', 'openclaw', '--history', '--max-commits', '2', dir]);
    assert.match(limited.out, /note: only the last 2 commits that changed MEMORY\.md are read/);
    assert.doesNotMatch(limited.out, /grew/);
  });
});
