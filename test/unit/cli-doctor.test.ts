import assert from 'node:assert';
import { agentsAfterToolsMigration } from '../../src/core';
import { personaFolder, runCliAsync } from './helpers';

const agents = `# Agents\n\n## Tools\n\n${'Use the skills you have. '.repeat(760)}\n\n## Safety\n\nAsk first.\n`;
const tools = `# Tools\n\n${'- camera: living-room\n'.repeat(150)}`;

describe('persona-studio check: the prompt after openclaw doctor --fix', () => {
  it("says in the table and in --json what doctor does, AGENTS.md's new size against its cap and what is then cut", async () => {
    const dir = personaFolder({ 'AGENTS.md': agents, 'SOUL.md': 'warm', 'TOOLS.md': tools, 'HEARTBEAT.md': '# HB\n' });
    const text = await runCliAsync('check', '--runtime', 'openclaw', '--encoding', 'off', dir);
    assert.match(text.out, /TOOLS\.md\s+-\s+-\s+not loaded by OpenClaw 2026\.9\.6; openclaw doctor --fix: merged into AGENTS\.md/);
    assert.match(text.out, /HEARTBEAT\.md\s+-\s+-\s+not loaded by OpenClaw 2026\.9\.6; openclaw doctor --fix: moved into cron scratch/);
    const merged = agentsAfterToolsMigration(agents, tools).trimEnd().length;
    const line = new RegExp(
      `after openclaw doctor --fix: AGENTS\\.md ${merged.toLocaleString('en-US')} of 20,000 chars \\(\\d+\\.\\d %\\), [\\d,]+ chars then cut; prompt [-+][\\d,]+ chars`,
    );
    assert.match(text.out, line);
    const json = JSON.parse((await runCliAsync('check', '--runtime', 'openclaw', '--json', dir)).out);
    const doctor = json.personas[0].doctor;
    assert.deepStrictEqual(doctor.files, [
      { file: 'HEARTBEAT.md', outcome: 'moved into cron scratch' },
      { file: 'TOOLS.md', outcome: 'merged into AGENTS.md' },
    ]);
    assert.strictEqual(doctor.agentsChars, merged);
    assert.strictEqual(doctor.agentsCap, 20_000);
    assert.ok(doctor.cutChars > 0);
    assert.strictEqual(typeof doctor.tokensDelta, 'number');
    // A forecast: the exit code is the workspace's as it is now.
    assert.strictEqual(text.code, 0);
  });

  it('says nothing of doctor for a release that loads TOOLS.md', async () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules', 'TOOLS.md': tools });
    const json = JSON.parse((await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--json', '--encoding', 'off', dir)).out);
    assert.strictEqual(json.personas[0].doctor, undefined);
    const text = await runCliAsync('check', '--runtime', 'openclaw', '--openclaw-version', '2026.7.35', '--encoding', 'off', dir);
    assert.doesNotMatch(text.out, /doctor/);
  });
});

describe("persona-studio check: doctor's near-limit state beside ours", () => {
  it('says "near configured limits" in the table from 85 %, and gives doctor\'s line in --json', async () => {
    const dir = personaFolder({ 'AGENTS.md': 'rules', 'SOUL.md': 'a'.repeat(17_500) });
    const text = await runCliAsync('check', '--runtime', 'openclaw', '--encoding', 'off', dir);
    assert.match(text.out, /SOUL\.md\s+17,500\s+87\.5 %\s+ok; openclaw doctor: near configured limits/);
    const json = JSON.parse((await runCliAsync('check', '--runtime', 'openclaw', '--json', '--encoding', 'off', dir)).out);
    const soul = json.personas[0].files.find((file: { name: string }) => file.name === 'SOUL.md');
    assert.strictEqual(soul.doctorNote, 'Workspace bootstrap files are near configured limits: SOUL.md: 17,500 chars (88% of max/file 20,000)');
  });
});
