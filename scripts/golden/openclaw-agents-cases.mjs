// Configs in every shape OpenClaw accepts, for openclaw-agents.mjs: the roster as
// `agents.entries` or `agents.list`, defaults, workspaces set, unset, relative and under
// `~`, profiles and OPENCLAW_* variables, heartbeats, identities, `$include`.
export const CASES = [
  {
    name: 'entries',
    config: `{
      // 2026.8+: keyed by id
      agents: {
        ownership: 'explicit',
        defaults: { bootstrapMaxChars: 9000, model: { primary: 'anthropic/claude-sonnet-4', fallbacks: [] }, skills: ['a'], },
        entries: {
          Main: { workspace: '~/work/main', identity: { name: 'Ava', emoji: '🦊' }, },
          coder: { workspace: '/abs/coder', bootstrapTotalMaxChars: 30000, skills: ['git', 'test'], model: 'openai/gpt-5', heartbeat: { every: '15m', prompt: 'Check the build.' } },
          writer: { bootstrapMaxChars: 0, name: 'Writer' },
        },
      },
    }`,
  },
  {
    name: 'list',
    config: `{ agents: { list: [ { id: 'main', default: true, workspace: '/w/main' }, { id: 'ops', identity: { name: 'Ops' } }, { id: 'main', workspace: '/ignored' } ] } }`,
  },
  { name: 'entries-over-list', config: `{ agents: { entries: { x: {} }, list: [ { id: 'y' } ] } }` },
  { name: 'sole', config: `{ agents: { list: [ { id: 'solo' } ] } }` },
  { name: 'no-roster', config: `{ agents: { defaults: { heartbeat: { every: '45' } } } }` },
  { name: 'empty', config: '{}' },
  {
    name: 'defaults-workspace',
    config: `{ agents: { defaults: { workspace: '~/ws', heartbeat: { every: '1h', lightContext: true } }, list: [ { id: 'a', default: true }, { id: 'b', heartbeat: { every: '0m' } } ] } }`,
  },
  { name: 'defaults-workspace-no-owner', config: `{ agents: { ownership: 'explicit', defaults: { workspace: 'rel/ws' }, entries: { a: {}, b: {} } } }` },
  { name: 'relative', config: `{ agents: { entries: { main: { workspace: 'team/ws' } } } }` },
  { name: 'odd-ids', config: `{ agents: { entries: { 'My Agent!': { workspace: '/w/odd' }, 'UPPER': {} } } }` },
  // The variable alone moves only the default workspace; `openclaw --profile` also sets the state folder.
  { name: 'profile-variable', config: `{ agents: { list: [ { id: 'a', default: true }, { id: 'b' } ] } }`, env: { OPENCLAW_PROFILE: 'work' } },
  { name: 'profile-cli', config: `{ agents: { list: [ { id: 'a', default: true }, { id: 'b' } ] } }`, env: { OPENCLAW_PROFILE: 'work', OPENCLAW_STATE_DIR: '~/.openclaw-work' } },
  { name: 'state-dir', config: `{ agents: { list: [ { id: 'a' }, { id: 'b' } ] } }`, env: { OPENCLAW_STATE_DIR: '/state' } },
  { name: 'workspace-dir', config: '{}', env: { OPENCLAW_WORKSPACE_DIR: '/ws' } },
  { name: 'heartbeat-agent', config: `{ agents: { defaults: { heartbeat: { every: '2h', agentId: 'B' } }, list: [ { id: 'a', default: true }, { id: 'b' } ] } }` },
  {
    name: 'include',
    config: `{ agents: { $include: ['./agents.json5', 'more/ops.json5'], defaults: { bootstrapTotalMaxChars: 7000 } } }`,
    files: {
      'agents.json5': `{ entries: { main: { workspace: '/w/main' } }, defaults: { bootstrapMaxChars: 5000 } }`,
      'more/ops.json5': `{ entries: { ops: { workspace: '/w/ops', skills: ['x'] } } }`,
    },
  },
];
