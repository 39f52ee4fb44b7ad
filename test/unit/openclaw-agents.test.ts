import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AgentsContext,
  agentLabel,
  agentOfWorkspace,
  agentsFromConfig,
  isInsideFolder,
  loadOpenClawConfig,
  openclawConfigCandidates,
  parseDurationMs,
  parseOpenClawConfigObject,
  resolveConfigIncludes,
  resolveConfigIncludesAsync,
} from '../../src/core';
import { runCli } from './helpers';

const home = '/home/ada';
const context: AgentsContext = { home, cwd: '/srv/gateway' };
const agents = (text: string, ctx = context) => agentsFromConfig(parseOpenClawConfigObject(text), ctx);

interface GoldenAgent {
  id: string;
  workspace: string;
  maxChars: number;
  totalMaxChars: number;
  skills: string[] | null;
  model: string | null;
  identity: { name?: string; emoji?: string } | null;
  name: string | null;
  heartbeat: { enabled: boolean; intervalMs: number | null; prompt: string | null; lightContext: boolean };
}
interface GoldenCase {
  name: string;
  config: string;
  env: Record<string, string>;
  files: Record<string, string>;
  configPath: string;
  agents: GoldenAgent[];
}

describe("OpenClaw agents as OpenClaw 2026.9.6's own functions resolve them (scripts/golden/openclaw-agents.mjs)", () => {
  const golden = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/openclaw-agents/agents.expected.json'), 'utf8')) as {
    home: string;
    cwd: string;
    cases: GoldenCase[];
  };
  for (const expected of golden.cases) {
    it(expected.name, () => {
      const read = (file: string) => {
        const relative = path.relative(path.dirname(expected.configPath), file);
        if (!(relative in expected.files)) throw new Error('ENOENT');
        return expected.files[relative];
      };
      const config = resolveConfigIncludes(parseOpenClawConfigObject(expected.config), expected.configPath, read);
      const list = agentsFromConfig(config, { home: golden.home, cwd: golden.cwd, env: expected.env });
      const DEFAULTS = { maxChars: 20_000, totalMaxChars: 60_000 };
      assert.deepStrictEqual(
        list.map((agent) => ({
          id: agent.id,
          workspace: agent.workspace,
          maxChars: agent.caps.maxChars ?? DEFAULTS.maxChars,
          totalMaxChars: agent.caps.totalMaxChars ?? DEFAULTS.totalMaxChars,
          skills: agent.skills ?? null,
          model: agent.model ?? null,
          identity: agent.identity ?? null,
          name: agent.name ?? null,
          heartbeat: {
            enabled: agent.heartbeat.enabled,
            intervalMs: agent.heartbeat.intervalMs ?? null,
            prompt: agent.heartbeat.prompt ?? null,
            lightContext: agent.heartbeat.lightContext,
          },
        })),
        expected.agents,
      );
    });
  }
});

describe('OpenClaw agents from openclaw.json', () => {
  it('reads agents.entries (8.x+): ids, workspaces, caps, skills, model, heartbeat and identity, over the defaults', () => {
    const list = agents(`{
      // JSON5: comments and trailing commas
      agents: {
        defaults: { bootstrapMaxChars: 9000, model: { primary: 'anthropic/claude-sonnet-4', fallbacks: [] }, heartbeat: { every: '1h' }, skills: ['a'], },
        entries: {
          Main: { default: true, workspace: '~/work/main', identity: { name: 'Ava', emoji: '🦊' }, },
          coder: { workspace: '/abs/coder', bootstrapTotalMaxChars: 30000, skills: ['git', 'test'], model: 'openai/gpt-5', heartbeat: { every: '15m', prompt: 'Check the build.' } },
          writer: { bootstrapMaxChars: 0 },
        },
      },
    }`);
    assert.deepStrictEqual(
      list.map((a) => a.id),
      ['main', 'coder', 'writer'],
    );
    const [main, coder, writer] = list;
    assert.strictEqual(main.configId, 'Main');
    assert.strictEqual(main.workspace, '/home/ada/work/main');
    assert.strictEqual(main.default, true);
    assert.deepStrictEqual(main.caps, { maxChars: 9000 });
    assert.deepStrictEqual(main.skills, ['a']);
    assert.strictEqual(main.model, 'anthropic/claude-sonnet-4');
    assert.strictEqual(agentLabel(main), '🦊 Ava (main)');
    assert.strictEqual(coder.workspace, '/abs/coder');
    assert.deepStrictEqual(coder.caps, { maxChars: 9000, totalMaxChars: 30000 });
    assert.deepStrictEqual(coder.skills, ['git', 'test']);
    assert.strictEqual(coder.model, 'openai/gpt-5');
    assert.deepStrictEqual(coder.heartbeat, { every: '15m', intervalMs: 900_000, prompt: 'Check the build.', lightContext: false, enabled: true });
    // A cap set but not valid hides the default one, as in OpenClaw.
    assert.deepStrictEqual(writer.caps, {});
    // No workspace of its own and none in the defaults: the state folder's workspace-<id>.
    assert.strictEqual(writer.workspace, '/home/ada/.openclaw/workspace-writer');
    assert.strictEqual(writer.workspaceSource, 'state/workspace-<id>');
    // Only coder has a heartbeat of its own, so only coder's heartbeats run.
    assert.deepStrictEqual(
      list.map((a) => a.heartbeat.enabled),
      [false, true, false],
    );
    assert.strictEqual(main.heartbeat.every, '1h');
  });

  it('reads agents.list[] (older) the same way; entries wins when both are there', () => {
    const list = agents(`{ agents: { list: [ { id: 'main', workspace: '/w/main' }, { id: 'ops', identity: { name: 'Ops' } }, { id: 'main', workspace: '/ignored' } ] } }`);
    assert.deepStrictEqual(
      list.map((a) => [a.id, a.workspace]),
      [
        ['main', '/w/main'],
        ['ops', '/home/ada/.openclaw/workspace-ops'],
      ],
    );
    const both = agents(`{ agents: { entries: { x: {} }, list: [ { id: 'y' } ] } }`);
    assert.deepStrictEqual(
      both.map((a) => a.id),
      ['x'],
    );
  });

  it("applies OpenClaw's default workspaces: the sole or default agent gets defaults.workspace (or ~/.openclaw/workspace), the others defaults.workspace/<id>", () => {
    const sole = agents(`{ agents: { list: [ { id: 'solo' } ] } }`);
    assert.strictEqual(sole[0].workspace, '/home/ada/.openclaw/workspace');
    assert.strictEqual(sole[0].workspaceSource, 'default');
    const withDefaults = agents(`{ agents: { defaults: { workspace: '~/ws' }, list: [ { id: 'a', default: true }, { id: 'b' } ] } }`);
    assert.deepStrictEqual(
      withDefaults.map((a) => a.workspace),
      ['/home/ada/ws', '/home/ada/ws/b'],
    );
    // No roster at all: the implicit main agent, with every heartbeat default.
    const implicit = agents('{}');
    assert.deepStrictEqual(
      implicit.map((a) => [a.id, a.listed, a.workspace, a.heartbeat.every, a.heartbeat.enabled]),
      [['main', false, '/home/ada/.openclaw/workspace', '30m', true]],
    );
  });

  it("resolves a relative workspace against the gateway's working folder and says so; profiles and OPENCLAW_* move the defaults", () => {
    const [rel] = agents(`{ agents: { entries: { main: { workspace: 'team/ws' } } } }`);
    assert.strictEqual(rel.workspace, '/srv/gateway/team/ws');
    assert.strictEqual(rel.workspaceRelative, true);
    const profiled = agents('{}', { ...context, env: { OPENCLAW_PROFILE: 'work' } });
    assert.strictEqual(profiled[0].workspace, '/home/ada/.openclaw-work/workspace');
    const stateDir = agents(`{ agents: { list: [ { id: 'a' }, { id: 'b' } ] } }`, { ...context, env: { OPENCLAW_STATE_DIR: '/state' } });
    assert.deepStrictEqual(
      stateDir.map((a) => a.workspace),
      ['/state/workspace-a', '/state/workspace-b'],
    );
    const wsEnv = agents('{}', { ...context, env: { OPENCLAW_WORKSPACE_DIR: '/ws' } });
    assert.strictEqual(wsEnv[0].workspace, '/ws');
  });

  it('looks for the config where OpenClaw does: the file given, $OPENCLAW_CONFIG_PATH, then ~/.openclaw/openclaw.json', () => {
    assert.deepStrictEqual(openclawConfigCandidates({ home, env: { OPENCLAW_CONFIG_PATH: '~/cfg/oc.json' } }, '/etc/oc.json'), [
      '/etc/oc.json',
      '/home/ada/cfg/oc.json',
      '/home/ada/.openclaw/openclaw.json',
    ]);
    // `openclaw --profile dev` sets OPENCLAW_STATE_DIR itself; the variable OPENCLAW_PROFILE alone does not move the config.
    assert.deepStrictEqual(openclawConfigCandidates({ home, env: { OPENCLAW_PROFILE: 'dev' } }), ['/home/ada/.openclaw/openclaw.json']);
    assert.deepStrictEqual(openclawConfigCandidates({ home, env: { OPENCLAW_STATE_DIR: '~/.openclaw-dev' } }), ['/home/ada/.openclaw-dev/openclaw.json']);
  });

  it('follows $include inside the config folder, merging sibling keys over it, and refuses escapes and cycles', () => {
    const files: Record<string, string> = {
      '/cfg/agents.json5': `{ entries: { main: { workspace: '/w/main' } }, defaults: { bootstrapMaxChars: 5000 } }`,
      '/cfg/more/ops.json5': `{ entries: { ops: { workspace: '/w/ops' } } }`,
      '/cfg/loop.json5': `{ $include: './loop.json5' }`,
    };
    const read = (file: string) => {
      if (!(file in files)) throw new Error('ENOENT');
      return files[file];
    };
    const config = resolveConfigIncludes(
      parseOpenClawConfigObject(`{ agents: { $include: ['./agents.json5', 'more/ops.json5'], defaults: { bootstrapTotalMaxChars: 7000 } } }`),
      '/cfg/openclaw.json',
      read,
    );
    const list = agentsFromConfig(config, context);
    assert.deepStrictEqual(
      list.map((a) => [a.id, a.workspace]),
      [
        ['main', '/w/main'],
        ['ops', '/w/ops'],
      ],
    );
    assert.deepStrictEqual(list[0].caps, { maxChars: 5000, totalMaxChars: 7000 });
    assert.throws(() => resolveConfigIncludes({ $include: '../etc/x.json' }, '/cfg/openclaw.json', read), /outside the config's folder/);
    assert.throws(() => resolveConfigIncludes({ a: { $include: './loop.json5' } }, '/cfg/openclaw.json', read), /includes itself/);
    assert.throws(() => resolveConfigIncludes({ $include: './none.json' }, '/cfg/openclaw.json', read), /cannot read \.\/none\.json/);
  });

  it('follows $include with a reader that answers later exactly as with one that answers at once: the same config, the same one-line errors, each file read once', async () => {
    const files: Record<string, string> = {
      '/cfg/agents.json5': `{ entries: { main: { workspace: '/w/main' }, $include: 'more/ops.json5' }, defaults: { bootstrapMaxChars: 5000 } }`,
      '/cfg/more/ops.json5': `{ ops: { workspace: '/w/ops' } }`,
      '/cfg/loop.json5': `{ $include: './loop.json5' }`,
      '/cfg/bad.json5': `{ oops`,
    };
    const read = (file: string) => {
      if (!(file in files)) throw new Error('ENOENT');
      return files[file];
    };
    const reads: string[] = [];
    const later = async (file: string) => (reads.push(file), read(file));
    const configs = [
      { agents: { $include: ['./agents.json5', 'more/ops.json5'], defaults: { bootstrapTotalMaxChars: 7000 } } },
      { $include: '../etc/x.json' },
      { a: { $include: './loop.json5' } },
      { $include: './none.json' },
      { $include: './bad.json5' },
      { $include: 42 },
    ];
    const readOnce = () => assert.deepStrictEqual(reads, [...new Set(reads)]);
    for (const config of configs) {
      reads.length = 0;
      let expected: unknown;
      try {
        expected = resolveConfigIncludes(config, '/cfg/openclaw.json', read);
      } catch (error) {
        await assert.rejects(resolveConfigIncludesAsync(config, '/cfg/openclaw.json', later), { message: (error as Error).message });
        readOnce();
        continue;
      }
      assert.deepStrictEqual(await resolveConfigIncludesAsync(config, '/cfg/openclaw.json', later), expected);
      // ops.json5 is included twice (from agents.json5 and beside it), and read once.
      assert.deepStrictEqual(reads, ['/cfg/agents.json5', '/cfg/more/ops.json5']);
    }
  });

  it('reads a config from disk with its includes, and tells which agent a folder is the workspace of', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-'));
    fs.writeFileSync(path.join(root, 'extra.json'), JSON.stringify({ entries: { b: { workspace: path.join(root, 'b') } } }));
    fs.writeFileSync(path.join(root, 'openclaw.json'), `{ agents: { $include: 'extra.json' }, }`);
    const loaded = loadOpenClawConfig(path.join(root, 'openclaw.json'), { home: root });
    assert.ok(loaded);
    assert.strictEqual(agentOfWorkspace(loaded.agents, path.join(root, 'b'))?.id, 'b');
    assert.strictEqual(agentOfWorkspace(loaded.agents, root), undefined);
    assert.throws(() => loadOpenClawConfig(path.join(root, 'missing.json'), { home: root }), /no such file/);
    // Nothing where OpenClaw looks by default: no config, no error.
    assert.strictEqual(loadOpenClawConfig(undefined, { home: path.join(root, 'nohome') }), undefined);
  });

  it('parses heartbeat intervals as OpenClaw does (minutes by default) and compares folders by segment', () => {
    assert.strictEqual(parseDurationMs('30m'), 1_800_000);
    assert.strictEqual(parseDurationMs('45'), 2_700_000);
    assert.strictEqual(parseDurationMs('1h30m'), 5_400_000);
    assert.strictEqual(parseDurationMs('soon'), undefined);
    assert.ok(isInsideFolder('/a/b/c', '/a/b'));
    assert.ok(!isInsideFolder('/a/bc', '/a/b'));
    assert.ok(isInsideFolder('C:\\Users\\x\\ws', 'c:\\users\\x'));
  });

  it('persona-studio agents lists the agents, their workspaces, and whether each lies under the folders given', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-cli-'));
    for (const name of ['a', 'b']) fs.mkdirSync(path.join(root, name));
    const config = path.join(root, 'openclaw.json');
    fs.writeFileSync(
      config,
      `{ agents: { entries: {
      main: { workspace: ${JSON.stringify(path.join(root, 'a'))}, identity: { name: 'Ava', emoji: '🦊' } },
      ops: { workspace: ${JSON.stringify(path.join(root, 'b'))}, bootstrapMaxChars: 5000, skills: ['deploy'] },
      far: { workspace: '/elsewhere/far' },
    } } }`,
    );
    const text = runCli('agents', '--config', config, root);
    assert.strictEqual(text.code, 0, text.err);
    assert.match(text.out, /🦊 Ava \(main\)\s+\S+\/a\s+default \/ default\s+all\s+default\s+off\s+yes/);
    assert.match(text.out, /ops\s+\S+\/b\s+5,000 \/ default\s+deploy/);
    assert.match(text.out, /far\s+\/elsewhere\/far .* not in these folders/);
    const json = JSON.parse(runCli('agents', '--config', config, '--json', path.join(root, 'b')).out);
    assert.deepStrictEqual(
      json.agents.map((a: { id: string; inFolder?: string }) => [a.id, a.inFolder]),
      [
        ['main', undefined],
        ['ops', path.join(root, 'b')],
        ['far', undefined],
      ],
    );
    const broken = runCli('agents', '--config', path.join(root, 'nope.json'));
    assert.strictEqual(broken.code, 2);
    assert.match(broken.err, /nope\.json: no such file/);
  });

  it('--config follows $include for the caps too', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-caps-'));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'SOUL.md'), 'x'.repeat(600));
    fs.writeFileSync(path.join(root, 'defaults.json5'), '{ bootstrapMaxChars: 100 }');
    fs.writeFileSync(path.join(root, 'openclaw.json'), `{ agents: { defaults: { $include: './defaults.json5' } } }`);
    const result = runCli('compose', '--runtime', 'openclaw', '--config', path.join(root, 'openclaw.json'), ws);
    assert.strictEqual(result.code, 0, result.err);
    assert.match(result.out, /truncated/);
  });
});
