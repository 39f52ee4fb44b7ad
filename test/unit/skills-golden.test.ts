// The skill catalog against the golden outputs of openclaw@2026.9.6's own functions
// (scripts/golden/openclaw-skills.mjs): the `## Skills` section byte for byte, the stretch
// to the Project Context, and which skills OpenClaw loaded, listed, hid, gated and skipped.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, runCliAsync } from './helpers';

interface Case {
  name: string;
  plugins?: boolean;
  tools?: 'read';
  all?: boolean;
}
interface Expected {
  inPrompt: string[];
  loaded: { name: string; path: string; eligible?: boolean; hidden?: boolean }[];
  collisions: { name: string; winner: string; loser: string }[];
  diagnostics: { kind: string; path: string; message: string }[];
}

const fixtures = require('../fixtures/openclaw-skills/cases.cjs') as {
  BINS: string[];
  ENV: string[];
  CASES: Case[];
  materialize(name: string, workspace: string): Case;
  expectedFile(name: string, part: string): string;
};

/** The fixed fake home and workspace path the golden outputs were made for. */
const HOME = '/home/user';
const SHOWN = '/home/user/.openclaw/workspace';

/** Runs `fn` with HOME, PATH (only the fixtures' executables) and the fixtures' variables set, until it settles. */
async function withFixtureHostAsync<T>(fn: () => Promise<T>): Promise<T> {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  let result!: Promise<T>;
  withFixtureHost(() => {
    result = fn();
    // The host stays set until the answer is in: `check` reads skills and scans secrets after an await.
    void result.finally(settle);
  });
  await done;
  return result;
}

/** Runs `fn` with HOME, PATH (only the fixtures' executables) and the fixtures' variables set. */
function withFixtureHost<T>(fn: () => T): T {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bin-'));
  for (const name of fixtures.BINS) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
  const saved = { HOME: process.env.HOME, PATH: process.env.PATH, ...Object.fromEntries(fixtures.ENV.map((name) => [name, process.env[name]])) };
  Object.assign(process.env, { HOME, PATH: bin }, Object.fromEntries(fixtures.ENV.map((name) => [name, '1'])));
  try {
    return fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${at}: got ${JSON.stringify(a.slice(Math.max(0, at - 30), at + 40))}, want ${JSON.stringify(b.slice(Math.max(0, at - 30), at + 40))}`;
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
