// The cases run on every representative OpenClaw release: what each folder under
// test/fixtures/openclaw-releases/ holds. `node scripts/golden/openclaw-releases.mjs
// --write-cases` lays them out. Fields as in openclaw-cases.mjs, and:
//   outside:  files written beside the case folder (its parent), for links that lead out
//   setup:    'pending' | 'completed': the .openclaw/workspace-state.json laid out with
//             the case (none: the profile's default, completed)
//   session:  main | subagent | cron | group
const small = {
  'AGENTS.md': '# Agents\n\nBe concise. Run the tests before you commit.\n',
  'SOUL.md': 'You are Ava: warm, direct, curious.\n',
  'IDENTITY.md': 'Name: Ava\nEmoji: 🦊\n',
  'USER.md': '- Prefers metric units.\n- Lives in Lisbon.\n',
  'TOOLS.md': 'Use the calendar tool for dates.\n',
  'HEARTBEAT.md': 'Check the inbox every hour.\n',
  'MEMORY.md': '- The team ships on Fridays.\n',
};
const core = { 'AGENTS.md': small['AGENTS.md'], 'SOUL.md': small['SOUL.md'], 'IDENTITY.md': small['IDENTITY.md'] };
const gen = (chars, extra = {}) => ({ chars, ...extra });
const quote = (body, eol = '\n') => `Default heartbeat prompt:${eol}\`${body}\``;
const QUOTE_OLD = 'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. If nothing needs attention, reply HEARTBEAT_OK.';
const QUOTE_LITERAL =
  'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.';

export const CASES = [
  { name: 'basic-all-small', files: small },
  { name: 'only-soul', files: { 'SOUL.md': small['SOUL.md'] } },
  { name: 'empty-folder', files: {} },
  { name: 'missing-agents', files: { ...small, 'AGENTS.md': undefined } },
  { name: 'missing-agents-soul-identity', files: { 'USER.md': small['USER.md'], 'MEMORY.md': small['MEMORY.md'] } },
  { name: 'core-three', files: core },
  { name: 'only-tools-heartbeat', files: { 'TOOLS.md': small['TOOLS.md'], 'HEARTBEAT.md': small['HEARTBEAT.md'] } },
  { name: 'tools-no-heartbeat', files: { ...core, 'TOOLS.md': small['TOOLS.md'] } },
  { name: 'heartbeat-no-tools', files: { ...core, 'HEARTBEAT.md': small['HEARTBEAT.md'] } },
  { name: 'memory-lowercase', files: { ...core, 'memory.md': '- lower-case memory file.\n' } },
  { name: 'memory-both', files: { ...core, 'MEMORY.md': small['MEMORY.md'], 'memory.md': '- lower-case memory file.\n' } },
  { name: 'memory-lowercase-link', files: { ...core, 'MEMORY.md': small['MEMORY.md'] }, links: { 'memory.md': 'MEMORY.md' } },
  { name: 'bootstrap-present', files: { ...small, 'BOOTSTRAP.md': 'First-run setup steps.\n' } },
  { name: 'bootstrap-present-pending', files: { ...small, 'BOOTSTRAP.md': 'First-run setup steps.\n' }, setup: 'pending' },
  { name: 'bootstrap-present-completed', files: { ...small, 'BOOTSTRAP.md': 'First-run setup steps.\n' }, setup: 'completed' },
  { name: 'bootstrap-absent-pending', files: small, setup: 'pending' },
  { name: 'bootstrap-absent-completed', files: small, setup: 'completed' },
  { name: 'link-inside', files: { ...core, 'SOUL.md': undefined, 'soul-source.txt': small['SOUL.md'] }, links: { 'SOUL.md': 'soul-source.txt' } },
  { name: 'link-inside-user-memory', files: core, links: { 'USER.md': 'AGENTS.md', 'MEMORY.md': 'SOUL.md' } },
  { name: 'link-outside', files: { ...core, 'SOUL.md': undefined }, outside: { 'outside-soul.md': 'A soul kept outside.\n' }, links: { 'SOUL.md': '../outside-soul.md' } },
  { name: 'link-outside-memory', files: core, outside: { 'outside-memory.md': '- kept outside.\n' }, links: { 'MEMORY.md': '../outside-memory.md' } },
  { name: 'link-dangling', files: { ...core, 'SOUL.md': undefined }, links: { 'SOUL.md': 'nowhere.md' } },
  { name: 'link-dangling-user', files: core, links: { 'USER.md': 'nobody.md' } },
  { name: 'link-dangling-memory', files: core, links: { 'MEMORY.md': 'gone.md' } },
  { name: 'user-is-folder', files: core, dirs: ['USER.md'] },
  { name: 'soul-is-folder', files: { 'AGENTS.md': small['AGENTS.md'], 'IDENTITY.md': small['IDENTITY.md'] }, dirs: ['SOUL.md'] },
  { name: 'empty-files', files: { 'AGENTS.md': '', 'SOUL.md': '', 'IDENTITY.md': '', 'USER.md': '', 'TOOLS.md': '', 'HEARTBEAT.md': '', 'MEMORY.md': '' } },
  { name: 'whitespace-only', files: { 'AGENTS.md': '   \n\t\n', 'SOUL.md': '\n\n\n', 'IDENTITY.md': ' ', 'USER.md': '\r\n\r\n', 'MEMORY.md': '\u00a0\u2003\n' } },
  { name: 'crlf', files: { 'AGENTS.md': '# Agents\r\n\r\nBe concise.\r\n\r\n\r\n\r\nNever guess.\r\n', 'SOUL.md': 'Warm.\r\nDirect.\r\n', 'IDENTITY.md': 'Name: Ava\r\n' } },
  { name: 'bom', files: { 'AGENTS.md': '\ufeff# Agents\nBe concise.\n', 'SOUL.md': '\ufeffWarm.\n', 'IDENTITY.md': '\ufeff' } },
  {
    name: 'newline-runs',
    files: { 'AGENTS.md': 'one\n\n\ntwo\n\n\n\n\nthree\n', 'SOUL.md': '\n\n\n\nleading blank lines', 'IDENTITY.md': 'a\n\n\r\n\n\nb', 'HEARTBEAT.md': 'x\n\n\n\ny\n' },
  },
  { name: 'leading-and-trailing-space', files: { 'AGENTS.md': '\n\n  indented first line\n', 'SOUL.md': '   spaced   \n\n\n   \t\n', 'IDENTITY.md': '\tTabbed' } },
  {
    name: 'invalid-utf8',
    files: {
      'AGENTS.md': [0x52, 0x75, 0x6c, 0x65, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x20, 0xe2, 0x82, 0x20, 0xf0, 0x9f, 0x98, 0x0a],
      'SOUL.md': small['SOUL.md'],
      'IDENTITY.md': small['IDENTITY.md'],
    },
  },
  { name: 'heartbeat-quote', files: { ...core, 'AGENTS.md': `# Agents\n\n${quote(QUOTE_OLD)}\n\nKeep it short.\n` } },
  { name: 'heartbeat-quote-literal', files: { ...core, 'AGENTS.md': `# Agents\n\n${quote(QUOTE_LITERAL)}\n\nKeep it short.\n` } },
  { name: 'heartbeat-quote-crlf', files: { ...core, 'AGENTS.md': `# Agents\r\n\r\n${quote(QUOTE_LITERAL, '\r\n')}\r\n\r\nKeep it short.\r\n` } },
  { name: 'soul-12001', files: core, generate: { 'SOUL.md': gen(12001, { seed: 3 }) } },
  { name: 'soul-20001', files: core, generate: { 'SOUL.md': gen(20001, { seed: 3 }) } },
  { name: 'soul-30000', files: small, generate: { 'SOUL.md': gen(30000, { seed: 5 }) } },
  { name: 'soul-emoji-cut', files: core, generate: { 'SOUL.md': gen(25000, { style: 'emoji', seed: 6 }) } },
  { name: 'soul-over-2mib', files: { 'AGENTS.md': small['AGENTS.md'], 'IDENTITY.md': small['IDENTITY.md'] }, generate: { 'SOUL.md': { bytes: 2097153 } } },
  { name: 'memory-over-2mib', files: small, generate: { 'MEMORY.md': { bytes: 2100000, fill: 'm ' } } },
  { name: 'user-5000', files: small, generate: { 'USER.md': gen(5000, { seed: 14 }) } },
  { name: 'agents-30000-policy', files: small, generate: { 'AGENTS.md': gen(30000, { style: 'policy' }) } },
  { name: 'agents-digest-prose', files: small, generate: { 'AGENTS.md': gen(40000, { seed: 15 }) } },
  {
    name: 'total-over-60k',
    files: small,
    generate: {
      'AGENTS.md': gen(20000, { seed: 60 }),
      'SOUL.md': gen(20000, { seed: 61 }),
      'IDENTITY.md': gen(19900, { seed: 62 }),
      'USER.md': gen(3000, { seed: 63 }),
      'MEMORY.md': gen(5000, { seed: 64 }),
    },
  },
  {
    name: 'total-over-150k',
    files: {},
    generate: Object.fromEntries(
      ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md', 'MEMORY.md', 'memory.md'].map((name, at) => [
        name,
        gen(19900, { seed: 70 + at }),
      ]),
    ),
  },
  { name: 'session-subagent', files: small, session: 'subagent' },
  { name: 'session-subagent-missing-agents', files: { ...small, 'AGENTS.md': undefined }, session: 'subagent' },
  { name: 'session-cron', files: small, session: 'cron' },
  { name: 'session-cron-missing', files: { 'USER.md': small['USER.md'], 'MEMORY.md': small['MEMORY.md'] }, session: 'cron' },
  { name: 'session-group', files: small, session: 'group' },
  { name: 'session-group-memory-both', files: { ...small, 'memory.md': '- lower-case memory file.\n' }, session: 'group' },
];
