// The workspaces OpenClaw 2026.9.6 runs for the last-run golden (openclaw-lastrun.mjs). Every
// bootstrap file is there, so the run writes no template of its own (2026.9.6 keeps the setup
// state in its own store: a workspace-state.json is refused as legacy).
const line = (i) => `- Rule ${i}: keep answers short, cite the file you read, and never guess a path (${'x'.repeat(i % 17)}).`;
const lines = (from, count) => Array.from({ length: count }, (_, i) => line(from + i)).join('\n');

export const CASES = [
  {
    name: 'plain',
    files: {
      'AGENTS.md': '# Rules\n\nBe brief.\nRead MEMORY.md first.\n\n\n\nThree blank lines above collapse.\n',
      'SOUL.md': 'Warm and direct. No filler.\n',
      'IDENTITY.md': '# Identity\n\n- Name: Ava\n- Emoji: 🦊\n',
      'USER.md': '# User\n\nPrefers metric units.  \n\n',
      'MEMORY.md': '# Memory\n\n- The build runs on CI.\n',
    },
  },
  {
    // SOUL.md over the 20,000-char cap, USER.md over its own 4,000: both cut, the marker inside the cap.
    name: 'cut',
    files: {
      'AGENTS.md': '# Rules\n\nStay on task.\n',
      'SOUL.md': `# Soul\n\n${lines(0, 260)}\n`,
      'IDENTITY.md': '# Identity\n\n- Name: Cutter\n',
      'USER.md': `# User\n\n${lines(1000, 50)}\n`,
      'MEMORY.md': '# Memory\n\n- Nothing yet.\n',
    },
  },
];
