// The CLI's skill catalog: `compose --part`, `--tools`, `--no-plugin-skills`, and what
// `check` says of skills in its table, its JSON, its GitHub annotations and its exit code.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSkillFrontmatter, shortenDescription, skillsSection } from '../../src/core/skills';
import { runCli, runCliAsync } from './helpers';

function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-cli-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const skill = (name: string, description?: string) => `---\nname: ${name}\n${description === undefined ? '' : `description: ${description}\n`}---\nBody\n`;
const OPENCLAW = ['--runtime', 'openclaw'];

describe('CLI: the skill catalog', () => {
  it('compose --part skills prints the section alone, no trailing newline; nothing when none is sent', () => {
    const dir = workspace({ 'skills/a/SKILL.md': skill('a', 'Does a.') });
    const { out, code } = runCli('compose', ...OPENCLAW, '--part', 'skills', '--no-plugin-skills', dir);
    assert.strictEqual(code, 0);
    assert.ok(out.startsWith('## Skills\nScan <available_skills>. Clear match: use `skills.read("<name>")` inside `exec`; obey.\n'), out.slice(0, 120));
    assert.ok(out.endsWith('</available_skills>'));
    const empty = runCli('compose', ...OPENCLAW, '--part', 'skills', '--no-plugin-skills', workspace({}));
    assert.deepStrictEqual([empty.code, empty.out], [0, '']);
  });

  it('--tools read says to read the location; the stock plugins add their two skills unless asked not to', () => {
    const dir = workspace({});
    const { out } = runCli('compose', ...OPENCLAW, '--part', 'skills', '--tools', 'read', dir);
    assert.match(out, /^## Skills\nScan <available_skills>\. Clear match: read exact <location> with `read`; obey\.\n/);
    assert.deepStrictEqual(
      [...out.matchAll(/<name>(.*)<\/name>/g)].map((m) => m[1]),
      ['browser-automation', 'canvas'],
    );
  });

  it('--part all: the section, what stands between, then the Project Context of --part context', () => {
    const dir = workspace({ 'SOUL.md': 'Kind.\n', 'skills/a/SKILL.md': skill('a', 'Does a.') });
    const context = runCli('compose', ...OPENCLAW, dir).out;
    const skills = runCli('compose', ...OPENCLAW, '--part', 'skills', dir).out;
    const all = runCli('compose', ...OPENCLAW, '--part', 'all', dir).out;
    assert.ok(all.startsWith(skills + '\n## Workspace\nWorking directory: '));
    assert.ok(all.endsWith('\nUser-editable; OpenClaw loads below as Project Context.\n' + context));
  });

  it('refuses --part for other runtimes, an unknown part and an unknown --tools, in one line with exit 2', () => {
    const dir = workspace({});
    for (const args of [
      ['--part', 'skills'],
      ['--runtime', 'openclaw', '--part', 'nope'],
      ['--runtime', 'openclaw', '--part', 'skills', '--tools', 'shell'],
    ]) {
      const { code, out, err } = runCli('compose', ...args, dir);
      assert.strictEqual(code, 2, args.join(' '));
      assert.strictEqual(out, '');
      assert.match(err, /^persona-studio: .*(--runtime openclaw|--part takes|--tools takes).*\n$/);
    }
  });

  it('check lists each skill with its state and fails on a skill skipped for an error', async () => {
    const dir = workspace({ 'AGENTS.md': 'Rules.\n', 'skills/ok/SKILL.md': skill('ok', 'Fine.'), 'skills/bad/SKILL.md': skill('bad') });
    const text = await runCliAsync('check', ...OPENCLAW, '--encoding', 'off', '--no-plugin-skills', dir);
    assert.strictEqual(text.code, 1);
    assert.match(text.out, /\n {2}ok +\d+ +in the prompt\n/);
    assert.match(text.out, /\n {2}bad +- +SKIPPED: no description/);
    assert.match(text.out, /skills catalog: 1 of 150 skills, \d+ of 18,000 chars/);
    const json = JSON.parse((await runCliAsync('check', ...OPENCLAW, '--json', '--encoding', 'off', '--no-plugin-skills', dir)).out);
    const skills = json.personas[0].skills as { name: string; state: string; descriptionChars: number; reason?: string }[];
    assert.deepStrictEqual(
      skills.map((s) => [s.name, s.state, s.descriptionChars]),
      [
        ['ok', 'inPrompt', 5],
        ['bad', 'skipped', 0],
      ],
    );
    assert.strictEqual(json.ok, false);
    assert.ok(!('skillsReport' in json.personas[0]));
  });

  it('check passes when every skill is listed, hidden or gated, and without skills says so', async () => {
    const dir = workspace({ 'skills/ok/SKILL.md': skill('ok', 'Fine.'), 'skills/off/SKILL.md': '---\nname: off\ndescription: x\ndisable-model-invocation: true\n---\n' });
    assert.strictEqual((await runCliAsync('check', ...OPENCLAW, '--encoding', 'off', dir)).code, 0);
    const none = (await runCliAsync('check', ...OPENCLAW, '--encoding', 'off', workspace({}))).out;
    assert.match(none, /\n {2}skills catalog: 2 of 150 skills \(2 from the stock plugins\), [\d,]+ of 18,000 chars\n/);
    assert.doesNotMatch(none, /SKILL +DESCRIPTION/);
  });

  it('check --format github annotates the frontmatter line of the problem', async () => {
    const dir = workspace({ 'skills/bad/SKILL.md': '---\nname: bad\ndescription: ok\n  oops: indented\n---\n' });
    const { out, code } = await runCliAsync('check', ...OPENCLAW, '--format', 'github', '--encoding', 'off', dir);
    assert.strictEqual(code, 1);
    const line = out.split('\n').find((l) => l.includes('SKILL.md'));
    assert.ok(line?.startsWith(`::error file=${path.join(dir, 'skills/bad/SKILL.md')},line=4,col=1,`), line);
    assert.match(line ?? '', /BAD_INDENT/);
  });

  it('other runtimes check no skills', async () => {
    const dir = workspace({ 'skills/bad/SKILL.md': skill('bad') });
    const json = JSON.parse((await runCliAsync('check', '--json', '--encoding', 'off', dir)).out);
    assert.strictEqual(json.personas[0].skills, undefined);
  });
});

describe('Skill catalog pieces', () => {
  it('shortens a description at white space runs and never splits a surrogate pair', () => {
    assert.strictEqual(shortenDescription('a  b\n\tc', 10), 'a b c');
    assert.strictEqual(shortenDescription('abcdefghij', 8), 'abcde...');
    assert.strictEqual(shortenDescription('ab😀cdefgh', 6), 'ab...');
    assert.strictEqual(shortenDescription('abcdef', 3), 'abc');
  });

  it('the section is nothing for a blank skills prompt', () => {
    assert.strictEqual(skillsSection('  \n '), '');
  });

  it('frontmatter: BOM and CRLF are read through; an unterminated block is line 1', () => {
    const ok = parseSkillFrontmatter('\ufeff---\r\nname: a\r\ndescription: b\r\n---\r\nBody');
    assert.deepStrictEqual(ok.ok && ok.fields, { name: 'a', description: 'b' });
    assert.deepStrictEqual(parseSkillFrontmatter('---\nname: a\n'), {
      ok: false,
      message: 'invalid frontmatter: UNTERMINATED_FRONTMATTER: missing closing --- delimiter',
      line: 1,
    });
  });

  it('frontmatter: a colon in a description is quoted and read; a metadata map keeps its one-line text', () => {
    const colon = parseSkillFrontmatter('---\ndescription: Use when: asked\n---\n');
    assert.deepStrictEqual(colon.ok && colon.fields.description, 'Use when: asked');
    const meta = parseSkillFrontmatter('---\nmetadata: {"openclaw": {"os": ["darwin"]}}\n---\n');
    assert.deepStrictEqual(meta.ok && meta.fields.metadata, '{"openclaw": {"os": ["darwin"]}}');
  });
});
