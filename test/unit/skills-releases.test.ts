// The skill catalog of each OpenClaw release against the golden outputs of that release's
// own functions (scripts/golden/openclaw-skills-releases.mjs; 2026.9.6's are checked by
// skills-golden.test.ts): `compose --part skills --openclaw-version V`, byte for byte.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SKILLS_RELEASES, skillsRelease } from '../../src/core/skills/releases';
import { runCli } from './helpers';
import { firstDifference, fixtures, SHOWN, withFixtureHost } from './skillsFixtureHost';

const RELEASES_DIR = path.join(fixtures.FIXTURES, 'releases');
const RUN = ['2026.1.30', '2026.2.26', '2026.3.31', '2026.4.10', '2026.4.29', '2026.5.28', '2026.6.35', '2026.7.35', '2026.8.2'];

/** What each release's own run gave for a case, by release. */
function outputs(name: string): Map<string, string> {
  const file = path.join(RELEASES_DIR, `${name}.json`);
  if (!fs.existsSync(file)) return new Map();
  const { outputs } = JSON.parse(fs.readFileSync(file, 'utf8')) as { outputs: { releases: string[]; text: string }[] };
  return new Map(outputs.flatMap((output) => output.releases.map((release) => [release, output.text] as const)));
}

/**
 * Where a release's own run reads a case otherwise than the model does: the model's loader
 * (discovery, frontmatter, order, limits) is 2026.9.6's in every release, and before 8.x each
 * release's loader differs from it on some cases (pi-coding-agent's before 4.10; line-based
 * frontmatter fallbacks; the order of the folder listing; 2.x/3.x measure the budget with
 * the absolute locations). Recorded by case with the first difference, and checked to
 * still differ, so a case made equal is noticed.
 */
const LOADER_DIFFERS = (JSON.parse(fs.readFileSync(path.join(RELEASES_DIR, 'differences.json'), 'utf8')) as { differences: Record<string, Record<string, string>> }).differences;

describe('Skill catalog per OpenClaw release, against each release’s own code', () => {
  it('every release row was run, and every release has golden cases', () => {
    assert.deepStrictEqual(
      RUN,
      SKILLS_RELEASES.map((row) => row.proven).filter((release) => release !== '2026.9.6'),
    );
    for (const release of RUN) {
      const cases = fixtures.CASES.filter((c) => outputs(c.name).has(release) && !LOADER_DIFFERS[release]?.[c.name]);
      assert.ok(cases.length >= 10, `${release}: ${cases.length} cases equal`);
    }
  });

  it('a release between the rows takes the row before it', () => {
    assert.strictEqual(skillsRelease('2026.5.1').proven, '2026.4.29');
    assert.strictEqual(skillsRelease('2026.9.3').proven, '2026.8.2');
    assert.strictEqual(skillsRelease('2026.12.1').proven, '2026.9.6');
    assert.strictEqual(skillsRelease('2025.12.1').proven, '2026.1.30');
  });

  for (const c of fixtures.CASES) {
    const byRelease = outputs(c.name);
    if (byRelease.size === 0) continue;
    it(`compose --part skills --openclaw-version V: ${c.name}`, () => {
      const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skills-case-')), 'workspace');
      fixtures.materialize(c.name, workspace);
      try {
        const failures: string[] = [];
        for (const [release, expected] of byRelease) {
          const flags = [
            '--runtime',
            'openclaw',
            '--openclaw-version',
            release,
            '--workspace-path',
            SHOWN,
            ...(c.tools ? ['--tools', c.tools] : []),
            ...(c.plugins === false ? ['--no-plugin-skills'] : []),
          ];
          const { code, out, err } = withFixtureHost(() => runCli('compose', ...flags, '--part', 'skills', workspace));
          assert.strictEqual(err, '');
          assert.strictEqual(code, 0);
          const known = LOADER_DIFFERS[release]?.[c.name];
          if (known) assert.notStrictEqual(out, expected, `${release}: listed as differing (${known}), but equal now`);
          else if (out !== expected) failures.push(`${release} differs at ${firstDifference(out, expected)}`);
        }
        assert.deepStrictEqual(failures, []);
      } finally {
        fs.rmSync(path.dirname(workspace), { recursive: true, force: true });
      }
    });
  }
});
