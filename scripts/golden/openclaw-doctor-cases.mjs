// (AGENTS.md, TOOLS.md) pairs for the TOOLS.md migration of `openclaw doctor --fix`; see
// openclaw-doctor.mjs. `agents` undefined: no AGENTS.md.
const tools = '# Tools\n\n- camera: living-room\n- ssh: home-server\n';
const legacyLine = 'Skills provide your tools. When you need one, check its `SKILL.md`. Keep local notes (camera names, SSH details, voice preferences) in `TOOLS.md`.';
export const CASES = [
  { name: 'no-agents', agents: undefined, tools },
  { name: 'empty-agents', agents: '', tools },
  { name: 'no-tools-section', agents: '# Agents\n\nBe concise.\n', tools },
  { name: 'no-trailing-newline', agents: '# Agents\n\nBe concise.', tools },
  { name: 'two-trailing-newlines', agents: '# Agents\n\nBe concise.\n\n', tools },
  { name: 'tools-section-last', agents: '# Agents\n\n## Tools\n\nUse skills.\n', tools },
  { name: 'tools-section-middle', agents: '# Agents\n\n## Tools\n\nUse skills.\n\n## Memory\n\nWrite it down.\n', tools },
  { name: 'tools-section-subheading', agents: '# Agents\n\n## Tools\n\n### Shell\n\nbash\n\n## Safety\n\nAsk first.\n', tools },
  { name: 'tools-heading-in-fence', agents: '# Agents\n\n```md\n## Tools\n```\n\nText.\n', tools },
  { name: 'tools-heading-case', agents: '# Agents\n\n## TOOLS ##\n\nUse skills.\n', tools },
  { name: 'already-migrated', agents: '# Agents\n\n## Tools\n\n### Local notes (migrated from TOOLS.md)\n\nold notes\n', tools },
  { name: 'already-migrated-same', agents: `# Agents\n\n## Tools\n\n### Local notes (migrated from TOOLS.md)\n\n${tools}`, tools },
  { name: 'legacy-guidance', agents: `# Agents\n\n## Tools\n\n${legacyLine}\n\n## Other\n\nx\n`, tools },
  { name: 'legacy-guidance-lesson', agents: '# Agents\n\n- You learn a lesson -> update `AGENTS.md`, `TOOLS.md`, or the relevant skill.\n', tools },
  { name: 'legacy-guidance-empty-tools', agents: `# Agents\n\n## Tools\n\n${legacyLine}\n`, tools: '   \n' },
  { name: 'empty-tools', agents: '# Agents\n', tools: '' },
  { name: 'crlf', agents: '# Agents\r\n\r\n## Tools\r\n\r\nUse skills.\r\n', tools: 'notes\r\n' },
  { name: 'tools-no-newline', agents: '# Agents\n', tools: 'one line' },
];

// Workspaces for the three moves of `openclaw doctor --fix` together: TOOLS.md merged into
// AGENTS.md, HEARTBEAT.md moved into the heartbeat's cron scratch, a lowercase memory.md merged
// into MEMORY.md. `template` stands for the untouched TOOLS.md template doctor removes unmerged.
const memory = '# Memory\n\n- prefers short answers\n';
const heartbeat = '# Heartbeat\n\n- check the inbox\n';
export const WORKSPACE_CASES = [
  { name: 'heartbeat-only', files: { 'AGENTS.md': '# Agents\n', 'HEARTBEAT.md': heartbeat } },
  { name: 'heartbeat-empty', files: { 'HEARTBEAT.md': '' } },
  { name: 'memory-lowercase-only', files: { 'memory.md': memory } },
  { name: 'both-memory-files', files: { 'MEMORY.md': '# MEMORY\n\n- lives in Lisbon\n', 'memory.md': memory } },
  { name: 'both-memory-files-same', files: { 'MEMORY.md': memory, 'memory.md': memory } },
  { name: 'both-memory-files-trailing-space', files: { 'MEMORY.md': '# MEMORY\n\nfact\n\n\n  ', 'memory.md': '\n\n  old fact  \n\n' } },
  { name: 'both-memory-files-empty-canonical', files: { 'MEMORY.md': '', 'memory.md': memory } },
  { name: 'both-memory-files-crlf', files: { 'MEMORY.md': '# MEMORY\r\n\r\nfact\r\n', 'memory.md': 'old\r\nfact\r\n' } },
  {
    name: 'all-three-with-tools',
    files: {
      'AGENTS.md': '# Agents\n\n## Tools\n\nUse skills.\n\n## Safety\n\nAsk first.\n',
      'TOOLS.md': tools,
      'HEARTBEAT.md': heartbeat,
      'MEMORY.md': '# MEMORY\n',
      'memory.md': memory,
    },
  },
  { name: 'all-three-no-agents', files: { 'TOOLS.md': tools, 'HEARTBEAT.md': heartbeat, 'MEMORY.md': '# MEMORY\n', 'memory.md': memory } },
  { name: 'tools-template', files: { 'AGENTS.md': '# Agents\n', 'TOOLS.md': 'template' } },
  { name: 'tools-dev-template', files: { 'AGENTS.md': '# Agents\n', 'TOOLS.md': 'devTemplate' } },
  { name: 'tools-dev-fallback', files: { 'AGENTS.md': `# Agents\n\n## Tools\n\n${legacyLine}\n`, 'TOOLS.md': 'devFallback' } },
  { name: 'tools-template-with-newline', files: { 'AGENTS.md': '# Agents\n', 'TOOLS.md': 'template+\n' } },
];
