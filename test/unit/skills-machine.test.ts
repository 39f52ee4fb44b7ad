// The skills OpenClaw reads outside the workspace (bundled, ~/.openclaw/skills, ~/.agents/skills,
// skills.load.extraDirs): `compose --part skills --machine-skills` against the golden outputs of
// openclaw@2026.9.6's own source plan and loader (scripts/golden/openclaw-skills.mjs, MACHINE_CASES),
// where each root is placed, and what cannot be known here said, not guessed.
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeSkills, describeSkill, machineSkillRoots, memorySkillReader, NEWEST_SKILLS_RELEASE } from '../../src/core/skills';
import { skillBlocks } from '../../src/core';
import { readSkills, skillOptions } from '../../src/cli/skills';
import { runCli, runCliAsync } from './helpers';
import { firstDifference, fixtures } from './skillsFixtureHost';

const machine = fixtures as typeof fixtures & {
  MACHINE_CASES: { name: string; plugins?: boolean }[];
  BUNDLED_DIR: string;
  materializeMachine(name: string, home: string): unknown;
};

interface Expected {
  inPrompt: string[];
  loaded: { name: string; path: string; source: string; eligible?: boolean }[];
  collisions: { name: string; winner: string; loser: string }[];
}

/** OpenClaw's source names for ours. */
const SOURCES: Record<string, string> = {
  extra: 'openclaw-extra',
  plugin: 'openclaw-extra',
  bundled: 'openclaw-bundled',
  managed: 'openclaw-managed',
  personal: 'agents-skills-personal',
  agents: 'agents-skills-project',
  workspace: 'openclaw-workspace',
};

/** Runs `fn` on a machine whose HOME is `home`: the fixtures' executables on PATH, their variables set, OpenClaw's own unset. */
async function onMachine<T>(home: string, env: Record<string, string>, fn: () => Promise<T> | T): Promise<T> {
  const bin = path.join(home, '.bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const name of fixtures.BINS) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
  const names = ['HOME', 'PATH', 'OPENCLAW_HOME', 'OPENCLAW_STATE_DIR', 'OPENCLAW_CONFIG_PATH', 'OPENCLAW_BUNDLED_SKILLS_DIR', ...fixtures.ENV];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  Object.assign(process.env, { HOME: home, PATH: bin }, Object.fromEntries(fixtures.ENV.map((name) => [name, '1'])), env);
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const tempHome = () => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skills-machine-')));

/** A fresh home holding the fixture machine `name`; `run(home, env)` runs on it (env places its bundled skills), and the home goes after. */
async function onFixtureMachine(name: string, run: (home: string, env: Record<string, string>) => Promise<void>): Promise<void> {
  const home = tempHome();
  try {
    machine.materializeMachine(name, home);
    await run(home, { OPENCLAW_BUNDLED_SKILLS_DIR: path.join(home, machine.BUNDLED_DIR) });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

describe('Skills outside the workspace against the golden outputs of openclaw@2026.9.6', () => {
  for (const c of machine.MACHINE_CASES) {
    it(`compose --part skills --machine-skills: ${c.name}`, async () => {
      await onFixtureMachine(c.name, async (home, env) => {
        const workspace = path.join(home, '.openclaw/workspace');
        const flags = ['--runtime', 'openclaw', ...(c.plugins === false ? ['--no-plugin-skills'] : [])];
        const { code, out, err } = await onMachine(home, env, () => runCli('compose', ...flags, '--part', 'skills', '--machine-skills', workspace));
        assert.strictEqual(err, '');
        assert.strictEqual(code, 0);
        const expected = fs.readFileSync(fixtures.expectedFile(c.name, 'skills.txt'), 'utf8');
        assert.ok(out === expected, `differs at ${firstDifference(out, expected)}`);

        const checked = await onMachine(home, env, () => runCliAsync('check', '--json', '--encoding', 'off', '--machine-skills', ...flags, workspace));
        const skills = (JSON.parse(checked.out) as { personas: { skills: { name: string; path: string; source: string; state: string; reason?: string }[] }[] }).personas[0].skills;
        const record = JSON.parse(fs.readFileSync(fixtures.expectedFile(c.name, 'json'), 'utf8')) as Expected;
        const tilde = (file: string) => (file.startsWith(home + '/') ? `~${file.slice(home.length)}` : file);
        const loaded = skills.filter((s) => s.state !== 'skipped');
        assert.deepStrictEqual(
          loaded.map((s) => [s.name, s.source === 'plugin' ? `~/.openclaw/plugin-skills/${s.name}/SKILL.md` : tilde(s.path), SOURCES[s.source]]),
          record.loaded.map((s) => [s.name, s.path, s.source]),
          'the skills loaded, from where, and their source',
        );
        assert.deepStrictEqual(
          skills.filter((s) => ['inPrompt', 'shortened', 'descriptionOmitted'].includes(s.state)).map((s) => s.name),
          record.inPrompt,
          'listed',
        );
        assert.deepStrictEqual(
          loaded.filter((s) => s.state === 'gated').map((s) => s.name),
          record.loaded.filter((s) => s.eligible === false).map((s) => s.name),
          'gated',
        );
        const shadowed = skills.filter((s) => s.reason?.includes('shadowed')).map((s) => tilde(s.path));
        assert.deepStrictEqual(shadowed.sort(), record.collisions.map((x) => x.loser).sort(), 'shadowed');
      });
    });
  }

  it('a name in the workspace shadows the bundled one; the machine skills take the budget from the workspace’s', async () => {
    await onFixtureMachine('machine-budget', async (home, env) => {
      const { out } = await onMachine(home, env, () =>
        runCliAsync('check', '--json', '--encoding', 'off', '--runtime', 'openclaw', '--no-plugin-skills', '--machine-skills', path.join(home, '.openclaw/workspace')),
      );
      const skills = (JSON.parse(out) as { personas: { skills: { name: string; source: string; state: string }[] }[] }).personas[0].skills;
      const leftOut = skills.filter((s) => s.state === 'leftOut');
      assert.deepStrictEqual(
        leftOut.map((s) => s.name),
        ['w0131', 'w0132', 'w0133', 'w0134', 'w0135', 'w0136', 'w0137', 'w0138', 'w0139', 'w0140'],
      );
      assert.ok(
        skills.filter((s) => s.source === 'bundled' || s.source === 'managed').every((s) => s.state === 'descriptionOmitted'),
        '20 skills from outside listed',
      );
    });
  });

  it('diff --machine-skills reads the skills outside the repository as they are now, at both sides', async () => {
    await onFixtureMachine('machine-roots', async (home, env) => {
      const workspace = path.join(home, '.openclaw/workspace');
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=A', '-c', 'user.email=a@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd: workspace, stdio: 'ignore' });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'skills');
      const flags = ['--runtime', 'openclaw', '--machine-skills'];
      const section = (await onMachine(home, env, () => runCli('compose', ...flags, '--part', 'skills', workspace))).out;
      assert.match(section, /<location>~\/\.openclaw\/skills\//, 'a skill from ~/.openclaw/skills is in the catalog');
      // The fixtures' git is a stub that gates skills: diff runs the real one, as present as the stub.
      const realGit = path.join(home, '.git-bin');
      fs.mkdirSync(realGit);
      fs.symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), path.join(realGit, 'git'));
      const { code, out, err } = await onMachine(home, { ...env, PATH: `${realGit}:${path.join(home, '.bin')}` }, () => runCli('diff', ...flags, '--json', workspace));
      assert.strictEqual(code, 0, err);
      const catalog = JSON.parse(out).personas[0].delta.skills;
      assert.deepStrictEqual([catalog.before.chars, catalog.after.chars], [section.length, section.length]);
    });
  });

  it('check --last-run --machine-skills compares the run’s catalog with the machine’s skills in it', async () => {
    await onFixtureMachine('machine-roots', async (home, env) => {
      const workspace = path.join(home, '.openclaw/workspace');
      // A run whose skills prompt held the machine's skills: the plain run's record, with this catalog.
      const catalog = await onMachine(home, env, () =>
        readSkills(
          workspace,
          skillOptions({ 'machine-skills': true }, workspace, (message) => new Error(message)),
        ).catalog.trim(),
      );
      assert.match(catalog, /\.openclaw\/skills\//);
      const record = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/openclaw-lastrun/plain/report.json'), 'utf8'));
      const report = path.join(home, 'report.json');
      fs.writeFileSync(
        report,
        JSON.stringify({
          ...record,
          workspaceDir: workspace,
          skills: { promptChars: catalog.length, hash: createHash('sha256').update(catalog).digest('hex'), entries: skillBlocks(catalog) },
        }),
      );
      const differences = async (...flags: string[]) => {
        const { out } = await onMachine(home, env, () => runCliAsync('check', '--json', '--encoding', 'off', '--runtime', 'openclaw', '--last-run', report, ...flags, workspace));
        return (JSON.parse(out).personas[0].lastRun.differences as { what: string }[]).map((difference) => difference.what);
      };
      assert.ok(!(await differences('--machine-skills')).includes('skills'), 'the same catalog');
      assert.ok((await differences()).includes('skills'), 'without them, the catalog differs');
    });
  });

  it('without --machine-skills the output is the workspace’s skills only, as the other golden cases pin', async () => {
    await onFixtureMachine('machine-roots', async (home, env) => {
      const { out } = await onMachine(home, env, () => runCli('compose', '--runtime', 'openclaw', '--part', 'skills', path.join(home, '.openclaw/workspace')));
      const names = [...out.matchAll(/<name>(.*?)<\/name>/g)].map((match) => match[1]);
      assert.deepStrictEqual(names, ['agents-shadowed', 'browser-automation', 'canvas', 'weather']);
      assert.match(out, /<description>The workspace&apos;s own weather\.<\/description>/);
    });
  });

  it('check lists each skill from outside with where it comes from', async () => {
    await onFixtureMachine('machine-roots', async (home, env) => {
      const { out } = await onMachine(home, env, () =>
        runCliAsync('check', '--encoding', 'off', '--runtime', 'openclaw', '--machine-skills', path.join(home, '.openclaw/workspace')),
      );
      assert.match(out, /bundled-only +\d+ +in the prompt \[bundled\]/);
      assert.match(out, /managed-only +\d+ +in the prompt \[~\/\.openclaw\/skills\]/);
      assert.match(out, /personal-only +\d+ +in the prompt \[~\/\.agents\/skills\]/);
      assert.match(out, /extra-only +\d+ +in the prompt \[extra dir\]/);
      assert.match(out, /weather +\d+ +SKIPPED: shadowed by the skill of the same name at ~\/\.openclaw\/workspace\/skills\/weather\/SKILL\.md \[bundled\]/);
    });
  });

  it('a SKILL.md outside the workspace that OpenClaw skips is listed, and does not fail check: it is not the persona’s to fix', async () => {
    await onFixtureMachine('machine-gating', async (home, env) => {
      fs.mkdirSync(path.join(home, '.openclaw/skills/broken'), { recursive: true });
      fs.writeFileSync(path.join(home, '.openclaw/skills/broken/SKILL.md'), '---\nname: broken\n---\nNo description.\n');
      const workspace = path.join(home, '.openclaw/workspace');
      const clean = await onMachine(home, env, () => runCliAsync('check', '--encoding', 'off', '--runtime', 'openclaw', '--no-plugin-skills', '--machine-skills', workspace));
      assert.match(clean.out, /broken +- +SKIPPED: no description: OpenClaw requires one in the frontmatter \[~\/\.openclaw\/skills\]/);
      assert.strictEqual(clean.code, 0, clean.out);
      fs.mkdirSync(path.join(workspace, 'skills/mine'), { recursive: true });
      fs.writeFileSync(path.join(workspace, 'skills/mine/SKILL.md'), '---\nname: mine\n---\nNo description.\n');
      const own = await onMachine(home, env, () => runCliAsync('check', '--encoding', 'off', '--runtime', 'openclaw', '--no-plugin-skills', '--machine-skills', workspace));
      assert.strictEqual(own.code, 1, 'the workspace’s own skipped skill fails it');
    });
  });

  it('--help documents --machine-skills', () => {
    assert.match(runCli('--help').out, /--machine-skills +also read the skills OpenClaw reads outside the workspace/);
  });
});

describe('machineSkillRoots: where OpenClaw 2026.9.6 looks outside the workspace', () => {
  const home = '/home/u';
  const dirs = (roots: ReturnType<typeof machineSkillRoots>) => roots.roots.map((root) => `${root.source} ${root.dir}`);

  it('in precedence order: extra dirs, bundled (beside the installed package), ~/.openclaw/skills, ~/.agents/skills', () => {
    const roots = machineSkillRoots({ home, config: { skills: { load: { extraDirs: ['~/a', ' /opt/b ', '', 7] } } }, openclawPackage: '/usr/lib/node_modules/openclaw' });
    assert.deepStrictEqual(dirs(roots), [
      'extra /home/u/a',
      'extra /opt/b',
      'bundled /usr/lib/node_modules/openclaw/skills',
      'managed /home/u/.openclaw/skills',
      'personal /home/u/.agents/skills',
    ]);
    assert.deepStrictEqual(roots.notices, []);
  });

  it('OPENCLAW_BUNDLED_SKILLS_DIR wins over the package; no package found is said', () => {
    assert.deepStrictEqual(dirs(machineSkillRoots({ home, env: { OPENCLAW_BUNDLED_SKILLS_DIR: '/srv/skills' }, openclawPackage: '/pkg' }))[0], 'bundled /srv/skills');
    const none = machineSkillRoots({ home });
    assert.ok(!dirs(none).some((root) => root.startsWith('bundled')));
    assert.match(none.notices[0].message, /no installed openclaw package found here: OpenClaw's bundled skills are not counted/);
  });

  it('OPENCLAW_STATE_DIR moves ~/.openclaw/skills and stops ~/.agents/skills being read; OPENCLAW_CONFIG_PATH moves only the first', () => {
    const moved = machineSkillRoots({ home, env: { OPENCLAW_STATE_DIR: '~/state' }, openclawPackage: '/pkg' });
    assert.deepStrictEqual(dirs(moved).slice(1), ['managed /home/u/state/skills']);
    assert.match(moved.notices[0].message, /not read by OpenClaw while OPENCLAW_STATE_DIR moves its state folder/);
    const same = machineSkillRoots({ home, env: { OPENCLAW_STATE_DIR: '/home/u/.openclaw/' }, openclawPackage: '/pkg' });
    assert.deepStrictEqual(dirs(same).slice(1), ['managed /home/u/.openclaw/skills', 'personal /home/u/.agents/skills']);
    const config = machineSkillRoots({ home, env: { OPENCLAW_CONFIG_PATH: '/etc/openclaw/openclaw.json' }, openclawPackage: '/pkg' });
    assert.deepStrictEqual(dirs(config).slice(1), ['managed /etc/openclaw/skills', 'personal /home/u/.agents/skills']);
  });

  it('OPENCLAW_HOME moves OpenClaw’s folders, not ~/.agents/skills (the OS home’s)', () => {
    const roots = machineSkillRoots({ home, env: { OPENCLAW_HOME: '/data' }, config: { skills: { load: { extraDirs: ['~/x'] } } }, openclawPackage: '/pkg' });
    assert.deepStrictEqual(dirs(roots), ['extra /data/x', 'bundled /pkg/skills', 'managed /data/.openclaw/skills', 'personal /home/u/.agents/skills']);
  });

  it('a relative extra dir depends on the gateway’s working folder: not read, and said', () => {
    const roots = machineSkillRoots({ home, config: { skills: { load: { extraDirs: ['skills-elsewhere'] } } }, openclawPackage: '/pkg' });
    assert.ok(!dirs(roots).some((root) => root.startsWith('extra')));
    assert.deepStrictEqual(roots.notices, [
      { path: 'skills-elsewhere', message: "skills.load.extraDirs is relative to the gateway's working folder, unknown here: its skills are not read" },
    ]);
  });
});

describe('composeSkills with the machine’s roots', () => {
  const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\nBody\n`;
  const files = new Map([
    ['/ws/skills/mine/SKILL.md', skill('mine')],
    ['/home/u/.openclaw/skills/api/SKILL.md', skill('api', 'metadata: {"openclaw": {"requires": {"env": ["API_TOKEN"]}}}\n')],
    ['/home/u/.openclaw/skills/api-tool/SKILL.md', skill('api-tool', 'metadata: {"openclaw": {"requires": {"env": ["API_TOKEN"], "bins": ["nope"]}}}\n')],
    ['/home/u/.openclaw/skills/keyed/SKILL.md', skill('keyed', 'metadata: {"openclaw": {"requires": {"env": ["KEYED_TOKEN"]}}}\n')],
  ]);
  const roots = machineSkillRoots({ home: '/home/u', openclawPackage: '/pkg' });
  const config = { skills: { entries: { keyed: { env: { KEYED_TOKEN: 'x' } } } } };

  it('a skill waiting for a variable of the gateway’s unknown environment says "included if VAR is set", and is not counted', () => {
    const report = composeSkills(memorySkillReader(files), '/ws', { home: '/home/u', pluginSkills: false, machine: roots, host: { envUnknown: true, config } });
    const api = report.skills.find((s) => s.name === 'api')!;
    assert.strictEqual(api.state, 'gated');
    assert.deepStrictEqual(api.reason, { kind: 'gated', missing: "included if API_TOKEN is set in the gateway's environment", ifEnv: 'API_TOKEN' });
    assert.strictEqual(describeSkill(api), "included if API_TOKEN is set in the gateway's environment; not counted in the catalog here");
    assert.doesNotMatch(report.catalog, /<name>api<\/name>/);
    assert.deepStrictEqual(report.skills.find((s) => s.name === 'api-tool')?.reason, { kind: 'gated', missing: 'needs nope on the PATH' }, 'a missing executable settles it');
    assert.strictEqual(report.skills.find((s) => s.name === 'keyed')?.state, 'inPrompt', 'the config supplies the variable');
    assert.strictEqual(report.skills.find((s) => s.name === 'api')?.source, 'managed');
  });

  it('a known environment decides: set, in the prompt; unset, gated', () => {
    const set = composeSkills(memorySkillReader(files), '/ws', {
      home: '/home/u',
      pluginSkills: false,
      machine: roots,
      host: { env: (name) => (name === 'API_TOKEN' ? 't' : undefined) },
    });
    assert.strictEqual(set.skills.find((s) => s.name === 'api')?.state, 'inPrompt');
    const unset = composeSkills(memorySkillReader(files), '/ws', { home: '/home/u', pluginSkills: false, machine: roots, host: {} });
    assert.deepStrictEqual(unset.skills.find((s) => s.name === 'api')?.reason, { kind: 'gated', missing: 'needs the environment variable API_TOKEN' });
  });

  it('under an older release the machine’s roots are not read, and that is said', () => {
    const report = composeSkills(memorySkillReader(files), '/ws', { home: '/home/u', pluginSkills: false, machine: roots, openclawRelease: '2026.7.35' });
    assert.deepStrictEqual(
      report.skills.map((s) => s.name),
      ['mine'],
    );
    assert.ok(report.notices.some((notice) => notice.message.includes(`read as OpenClaw ${NEWEST_SKILLS_RELEASE.proven} reads them: not under 2026.7.35`)));
  });
});
