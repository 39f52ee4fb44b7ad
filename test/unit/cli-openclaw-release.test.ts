import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { releaseFromConfig, releaseFromPackageJson, setupCompletedFromState } from '../../src/core';
import { personaFolder, runCli, runCliAsync } from './helpers';

const persona = { 'AGENTS.md': 'rules', 'SOUL.md': 'warm', 'IDENTITY.md': 'Ava' };

describe('persona-studio CLI: the OpenClaw release', () => {
  it('--openclaw-version composes as that release, and check names it in its table', async () => {
    const dir = personaFolder({ ...persona, 'TOOLS.md': 'tools' });
    const old = runCli('compose', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--workspace-path', '/w', dir);
    assert.strictEqual(old.code, 0);
    assert.match(old.out, /^## \/w\/TOOLS\.md\ntools$/m);
    const newest = runCli('compose', '--runtime', 'openclaw', '--workspace-path', '/w', dir);
    assert.doesNotMatch(newest.out, /TOOLS\.md/);
    const check = await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--encoding', 'off', dir);
    assert.match(check.out, /HEARTBEAT\.md\s+0\s+0 %\s+missing \(a marker is sent\)/);
    assert.match(check.out, /TOOLS\.md\s+5\s+<0\.1 %\s+ok/);
    const checkNewest = await runCliAsync('check', '--runtime', 'openclaw', '--encoding', 'off', dir);
    assert.match(checkNewest.out, /TOOLS\.md\s+-\s+-\s+not loaded by OpenClaw 2026\.9\.6/);
    const json = JSON.parse((await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.4.29', '--json', '--encoding', 'off', dir)).out);
    assert.strictEqual(json.release, '2026.4.29');
  });

  it('names the release in the not-loaded state of the table', async () => {
    const dir = personaFolder({ ...persona, 'memory.md': 'lower' });
    const check = await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.4.29', '--encoding', 'off', dir);
    assert.match(check.out, /memory\.md\s+-\s+-\s+not loaded by OpenClaw 2026\.4\.29/);
  });

  it('a release newer than all is composed as the newest, said on stderr; a bad one is one line, exit 2', async () => {
    const dir = personaFolder(persona);
    const newer = runCli('compose', '--runtime', 'openclaw', '--openclaw-version', '2026.12.1', dir);
    assert.strictEqual(newer.code, 0);
    assert.strictEqual(newer.err, 'persona-studio: OpenClaw 2026.12.1 is newer than the newest release known here (2026.9.6): composed as 2026.9.6\n');
    assert.strictEqual(newer.out, runCli('compose', '--runtime', 'openclaw', dir).out);
    const bad = runCli('compose', '--runtime', 'openclaw', '--openclaw-version', 'latest', dir);
    assert.deepStrictEqual([bad.code, bad.out, bad.err], [2, '', "persona-studio: not an OpenClaw release: 'latest' (expected one like 2026.9.6)\n"]);
    const other = runCli('compose', '--openclaw-version', '2026.7.35', dir);
    assert.deepStrictEqual([other.code, other.err], [2, 'persona-studio: --openclaw-version is for --runtime openclaw, not toolnexus\n']);
  });

  it('BOOTSTRAP.md follows .openclaw/workspace-state.json, and --setup overrides it', async () => {
    const dir = personaFolder({ ...persona, 'BOOTSTRAP.md': 'first run' });
    const compose = (...extra: string[]) => runCli('compose', '--runtime', 'openclaw', ...extra, dir).out;
    assert.doesNotMatch(compose(), /BOOTSTRAP/, 'no state: setup taken as completed');
    fs.mkdirSync(path.join(dir, '.openclaw'));
    fs.writeFileSync(path.join(dir, '.openclaw/workspace-state.json'), '{"version":1,"bootstrapSeededAt":"2026-01-01T00:00:00Z"}');
    assert.match(compose(), /BOOTSTRAP\.md\nfirst run/, 'pending');
    assert.doesNotMatch(compose('--setup', 'completed'), /BOOTSTRAP/);
    fs.writeFileSync(path.join(dir, '.openclaw/workspace-state.json'), '{"version":1,"setupCompletedAt":"2026-01-02T00:00:00Z"}');
    assert.doesNotMatch(compose(), /BOOTSTRAP/, 'completed');
    assert.match(compose('--setup', 'pending'), /BOOTSTRAP\.md\nfirst run/);
    assert.match(compose('--openclaw-version', '2026.4.29'), /BOOTSTRAP\.md\nfirst run/, 'before 5.20 it is loaded whatever the state');
    assert.strictEqual(runCli('compose', '--runtime', 'openclaw', '--setup', 'done', dir).err, "persona-studio: --setup takes completed or pending, not 'done'\n");
  });

  it('check exits 1 when OpenClaw refuses a linked file, dangling or not', async () => {
    for (const target of ['AGENTS.md', 'nowhere.md']) {
      const dir = personaFolder(persona);
      fs.symlinkSync(target, path.join(dir, 'USER.md'));
      const check = await runCliAsync('check', '--runtime', 'openclaw', '--encoding', 'off', dir);
      assert.strictEqual(check.code, 1, target);
      assert.match(check.out, /USER\.md\s+-\s+-\s+unreadable/);
      assert.match(runCli('compose', '--runtime', 'openclaw', dir).out, /USER\.md\n\[UNREADABLE: symlink path component not allowed\]/);
    }
  });

  it('a link inside the workspace is followed before 8.x; one leading out is missing', async () => {
    const parent = personaFolder({ 'outside.md': 'far away' });
    const dir = path.join(parent, 'ws');
    fs.mkdirSync(dir);
    for (const [name, text] of Object.entries(persona)) fs.writeFileSync(path.join(dir, name), text);
    fs.symlinkSync('AGENTS.md', path.join(dir, 'USER.md'));
    fs.symlinkSync('../outside.md', path.join(dir, 'TOOLS.md'));
    const out = runCli('compose', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--workspace-path', '/w', dir).out;
    assert.match(out, /## \/w\/USER\.md\nrules/);
    assert.match(out, /## \/w\/TOOLS\.md\n\[MISSING\] Expected at: \/w\/TOOLS\.md/);
    assert.strictEqual((await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--encoding', 'off', dir)).code, 1);
    assert.match(runCli('compose', '--runtime', 'openclaw', '--openclaw-version', '2026.1.30', dir).out, /## TOOLS\.md\nfar away/, '1.x follows any link');
  });
});

describe('what an OpenClaw installation records', () => {
  it('the setup state of workspace-state.json', async () => {
    assert.strictEqual(setupCompletedFromState('{"setupCompletedAt":"2026-01-02T00:00:00Z"}'), true);
    assert.strictEqual(setupCompletedFromState('{"setupCompletedAt":"  "}'), false);
    assert.strictEqual(setupCompletedFromState('{"bootstrapSeededAt":"2026-01-01"}'), false);
    assert.strictEqual(setupCompletedFromState('not json'), false);
  });

  it('the release of a package.json and of an openclaw.json', async () => {
    assert.strictEqual(releaseFromPackageJson('{"name":"openclaw","version":"2026.7.35"}'), '2026.7.35');
    assert.strictEqual(releaseFromPackageJson('{"name":"other","version":"2026.7.35"}'), undefined);
    assert.strictEqual(releaseFromPackageJson('{"name":"openclaw","version":"1.0.0"}'), undefined);
    assert.strictEqual(releaseFromPackageJson('{'), undefined);
    assert.strictEqual(releaseFromConfig({ meta: { lastTouchedVersion: '2026.8.2' }, wizard: { lastRunVersion: '2026.5.28' } }), '2026.8.2');
    assert.strictEqual(releaseFromConfig({ wizard: { lastRunVersion: '2026.5.28' } }), '2026.5.28');
    assert.strictEqual(releaseFromConfig([]), undefined);
  });
});
