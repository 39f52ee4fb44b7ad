// OpenClaw 2026.9.6's own record of a run (test/fixtures/openclaw-lastrun, made by
// scripts/golden/openclaw-lastrun.mjs running `openclaw agent --local --json`) against
// what Persona Studio composes for the same workspace.
import assert from 'node:assert';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareLastRun, composedRun, findSystemPromptReport, openclaw, readNewestReport, readPersonaInput, RuntimeOptions, SystemPromptReport } from '../../src/core';
import { readSkills } from '../../src/cli/skills';
import { runCliAsync } from './helpers';

const fixtures = path.join(__dirname, '../fixtures/openclaw-lastrun');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const load = (name: string, file = 'report.json'): SystemPromptReport => findSystemPromptReport(JSON.parse(fs.readFileSync(path.join(fixtures, name, file), 'utf8')))!;

function compare(dir: string, report: SystemPromptReport, options: RuntimeOptions = {}, pluginSkills = true) {
  const measured: RuntimeOptions = { workspacePath: report.workspaceDir, ...options };
  const composition = openclaw.compose(readPersonaInput(dir, openclaw, measured), measured);
  const skills = readSkills(dir, { workspacePath: report.workspaceDir, home: os.homedir(), pluginSkills });
  return compareLastRun(report, composedRun(composition, { maxChars: measured.maxChars ?? 20_000, totalMaxChars: composition.total.cap }, skills.catalog, sha256));
}

function copyOf(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lastrun-${name}-`));
  fs.cpSync(path.join(fixtures, name, 'workspace'), dir, { recursive: true });
  return dir;
}

describe("the last-run check against OpenClaw 2026.9.6's own record", () => {
  it("the report from the JSON output and from the session store's row are the same", () => {
    for (const name of ['plain', 'cut']) assert.deepStrictEqual(load(name), load(name, 'sqlite-report.json'));
  });

  it("matches the run as it was, every file's raw and injected chars and the skills hash", () => {
    for (const name of ['plain', 'cut']) {
      for (const file of ['report.json', 'sqlite-report.json']) {
        const result = compare(path.join(fixtures, name, 'workspace'), load(name, file));
        assert.deepStrictEqual(result.differences, [], `${name}/${file}`);
        assert.strictEqual(result.matches, true);
        assert.strictEqual(result.summary, "matches OpenClaw's run of 2026-12-01 12:00 UTC");
        assert.strictEqual(result.session, `agent:${name}:main`);
      }
    }
  });

  it('matches a cut file, whose injected chars hold the marker (SOUL.md and USER.md over their caps)', () => {
    const report = load('cut');
    const soul = report.injectedWorkspaceFiles.find((file) => file.name === 'SOUL.md')!;
    const user = report.injectedWorkspaceFiles.find((file) => file.name === 'USER.md')!;
    assert.deepStrictEqual([soul.truncated, soul.injectedChars, user.truncated, user.injectedChars], [true, 19_999, true, 3_999]);
    const dir = path.join(fixtures, 'cut', 'workspace');
    const composition = openclaw.compose(readPersonaInput(dir, openclaw, { workspacePath: report.workspaceDir }), { workspacePath: report.workspaceDir });
    const ours = composition.files.find((file) => file.name === 'SOUL.md')!;
    assert.strictEqual(ours.status, 'cut');
    assert.ok(ours.marker && ours.section.includes(ours.marker));
    assert.deepStrictEqual(ours.runReport, { rawChars: soul.rawChars, injectedChars: soul.injectedChars, missing: false });
  });

  it('differs after one edit, naming the file and the number', () => {
    const dir = copyOf('plain');
    fs.appendFileSync(path.join(dir, 'IDENTITY.md'), '- Vibe: calm\n');
    const result = compare(dir, load('plain'));
    assert.strictEqual(result.matches, false);
    assert.deepStrictEqual(
      result.differences.map((d) => [d.what, d.detail]),
      [['IDENTITY.md', 'rawChars: run 35, now 48']],
    );
    assert.match(result.differences[0].reason, /changed since the run of 2026-12-01 12:00 UTC/);
    assert.match(result.summary, /^differs from OpenClaw's run of 2026-12-01 12:00 UTC: IDENTITY\.md/);
  });

  it('says so when the caps, the files or the skills differ, with the likely reason', () => {
    const dir = path.join(fixtures, 'cut', 'workspace');
    const caps = compare(dir, load('cut'), { maxChars: 10_000 });
    assert.deepStrictEqual(
      caps.differences.map((d) => d.what),
      ['SOUL.md', 'caps'],
    );
    assert.match(caps.differences[0].detail, /^injectedChars: run 19999, now 9999$/);
    assert.match(caps.differences[1].reason, /another config/);
    const skills = compare(dir, load('cut'), {}, false);
    assert.deepStrictEqual(
      skills.differences.map((d) => d.what),
      ['skills'],
    );
    assert.match(skills.differences[0].reason, /skills from outside the workspace .*: browser-automation, canvas/);
    const removed = copyOf('plain');
    fs.rmSync(path.join(removed, 'MEMORY.md'));
    assert.match(compare(removed, load('plain')).differences[0].detail, /^injected by the run of .* \(33 chars\), not by this composition$/);
    // No skills prompt in the record: never a match.
    const { skills: _skills, ...noSkills } = load('plain');
    assert.strictEqual(compare(path.join(fixtures, 'plain', 'workspace'), noSkills).matches, false);
  });

  it('check --json --last-run reports lastRun: {date, session, matches, differences}', async () => {
    const dir = copyOf('cut');
    const run = async () =>
      JSON.parse((await runCliAsync('check', '--runtime', 'openclaw', '--encoding', 'off', '--json', '--last-run', path.join(fixtures, 'cut', 'report.json'), dir)).out).personas[0]
        .lastRun;
    const equal = await run();
    assert.deepStrictEqual([equal.date, equal.session, equal.matches, equal.differences], [new Date(load('cut').generatedAt!).toISOString(), 'agent:cut:main', true, []]);
    fs.appendFileSync(path.join(dir, 'AGENTS.md'), 'One more rule.\n');
    const edited = await run();
    assert.strictEqual(edited.matches, false);
    assert.deepStrictEqual(
      edited.differences.map((d: { what: string }) => d.what),
      ['AGENTS.md'],
    );
    const bad = await runCliAsync('check', '--runtime', 'openclaw', '--last-run', path.join(fixtures, 'run.json'), dir);
    assert.strictEqual(bad.code, 2);
    assert.match(bad.err, /holds no systemPromptReport/);
  });

  it('reads the newest report of an agent from its session store, read-only (node:sqlite, Node 22.5+)', async function () {
    const state = path.join(fixtures, 'state');
    let hasSqlite = true;
    try {
      require('node:sqlite');
    } catch {
      hasSqlite = false;
    }
    if (!hasSqlite) {
      const result = await runCliAsync('check', '--runtime', 'openclaw', '--agent', 'plain', '--state-dir', state, path.join(fixtures, 'plain', 'workspace'));
      assert.match(result.err, /needs Node 22\.5 or later \(node:sqlite\)/);
      return;
    }
    const stored = readNewestReport(state, 'plain')!;
    assert.deepStrictEqual(stored.report, load('plain'));
    assert.strictEqual(stored.sessionKey, 'agent:plain:main');
  });
});
