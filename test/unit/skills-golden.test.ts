// The skill catalog against the golden outputs of openclaw@2026.9.6's own functions
// (scripts/golden/openclaw-skills.mjs): the `## Skills` section byte for byte, the stretch
// to the Project Context, and which skills OpenClaw loaded, listed, hid, gated and skipped.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, runCliAsync } from './helpers';
import { firstDifference, fixtures, SHOWN, withFixtureHost, withFixtureHostAsync } from './skillsFixtureHost';

interface Expected {
  inPrompt: string[];
  loaded: { name: string; path: string; eligible?: boolean; hidden?: boolean }[];
  collisions: { name: string; winner: string; loser: string }[];
  diagnostics: { kind: string; path: string; message: string }[];
}

const tilde = (file: string, workspace: string) => file.replace(workspace, '~/.openclaw/workspace').replace(/^\/home\/user\//, '~/');

describe('Skill catalog against the golden outputs of openclaw@2026.9.6', () => {
  it('has at least 40 cases, each with its golden outputs', () => {
    assert.ok(fixtures.CASES.length >= 40, `${fixtures.CASES.length} cases`);
    for (const c of fixtures.CASES) {
      assert.ok(fs.existsSync(fixtures.expectedFile(c.name, 'skills.txt')), c.name);
      assert.ok(fs.existsSync(fixtures.expectedFile(c.name, 'json')), c.name);
      if (c.all) assert.ok(fs.existsSync(fixtures.expectedFile(c.name, 'all.txt')), c.name);
    }
  });

  for (const c of fixtures.CASES) {
    it(`compose --part skills: ${c.name}`, async () => {
      const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skills-case-')), 'workspace');
      fixtures.materialize(c.name, workspace);
      try {
        const flags = ['--runtime', 'openclaw', '--workspace-path', SHOWN, ...(c.tools ? ['--tools', c.tools] : []), ...(c.plugins === false ? ['--no-plugin-skills'] : [])];
        const parts = c.all ? ['skills', 'all'] : ['skills'];
        for (const part of parts) {
          const { code, out, err } = withFixtureHost(() => runCli('compose', ...flags, '--part', part, workspace));
          assert.strictEqual(err, '');
          assert.strictEqual(code, 0);
          const expected = fs.readFileSync(fixtures.expectedFile(c.name, `${part}.txt`), 'utf8');
          assert.ok(out === expected, `--part ${part} differs at ${firstDifference(out, expected)}`);
        }

        const { out } = await withFixtureHostAsync(() => runCliAsync('check', '--json', '--encoding', 'off', ...flags, workspace));
        const skills = (JSON.parse(out) as { personas: { skills: { name: string; path: string; state: string; reason?: string }[] }[] }).personas[0].skills;
        const expected = JSON.parse(fs.readFileSync(fixtures.expectedFile(c.name, 'json'), 'utf8')) as Expected;
        const listed = skills.filter((s) => ['inPrompt', 'shortened', 'descriptionOmitted'].includes(s.state));
        assert.deepStrictEqual(
          listed.map((s) => s.name),
          expected.inPrompt,
          'the skills listed',
        );
        const loaded = skills.filter((s) => s.state !== 'skipped');
        assert.deepStrictEqual(
          loaded.map((s) => [s.name, tilde(s.path, workspace)]),
          expected.loaded.map((s) => [s.name, s.path]),
          'the skills loaded, and from where',
        );
        assert.deepStrictEqual(
          loaded.filter((s) => s.state === 'hidden').map((s) => s.name),
          expected.loaded.filter((s) => s.hidden).map((s) => s.name),
          'hidden',
        );
        assert.deepStrictEqual(
          loaded.filter((s) => s.state === 'gated').map((s) => s.name),
          expected.loaded.filter((s) => s.eligible === false && !s.hidden).map((s) => s.name),
          'gated',
        );
        const shadowed = skills.filter((s) => s.state === 'skipped' && s.reason?.includes('shadowed'));
        assert.deepStrictEqual(shadowed.map((s) => tilde(s.path, workspace)).sort(), expected.collisions.map((x) => x.loser).sort(), 'shadowed');
        // Every SKILL.md OpenClaw refused (its "invalid" diagnostics) is a skipped skill here.
        // A linked skill folder leading outside is named by its folder there, by its SKILL.md here.
        const refused = expected.diagnostics
          .filter((d) => d.kind === 'invalid' && (d.path.endsWith('/SKILL.md') || d.message === 'Skill path resolves outside its configured root.'))
          .map((d) => (d.path.endsWith('/SKILL.md') ? d.path : `${d.path}/SKILL.md`));
        const skipped = skills
          .filter((s) => s.state === 'skipped' && !s.reason?.includes('shadowed') && !s.reason?.includes('past the first'))
          .map((s) => tilde(s.path, workspace));
        assert.deepStrictEqual([...new Set(skipped)].sort(), [...new Set(refused)].sort(), 'skipped');
      } finally {
        fs.rmSync(path.dirname(workspace), { recursive: true, force: true });
      }
    });
  }
});
