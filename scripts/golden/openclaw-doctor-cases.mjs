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
