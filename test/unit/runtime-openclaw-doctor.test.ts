import assert from 'node:assert';
import { agentsAfterToolsMigration, legacyMemoryArchivePath, workspaceAfterDoctor } from '../../src/core';

interface DoctorCase {
  name: string;
  agents?: string;
  tools: string;
  after: string;
}

const golden = require('../fixtures/openclaw-doctor/tools-md.expected.json') as { release: string; outputs: DoctorCase[] };

describe("the TOOLS.md migration of openclaw doctor --fix, against openclaw@2026.9.6 doctor's own output", () => {
  it('has the cases', () => assert.ok(golden.outputs.length >= 15));
  for (const c of golden.outputs) {
    it(c.name, () => assert.strictEqual(agentsAfterToolsMigration(c.agents, c.tools), c.after));
  }
});

interface WorkspaceCase {
  name: string;
  before: Record<string, string>;
  after: Record<string, string>;
  memoryArchive?: string;
  heartbeatScratch?: string;
}

const workspaces = require('../fixtures/openclaw-doctor/workspace.expected.json') as { release: string; workspaces: WorkspaceCase[] };

describe("the three workspace moves of openclaw doctor --fix, against openclaw@2026.9.6 doctor's own run", () => {
  it('has the cases: heartbeat only, memory.md only, both memory files, all three with TOOLS.md', () => {
    const names = workspaces.workspaces.map((c) => c.name);
    for (const name of ['heartbeat-only', 'memory-lowercase-only', 'both-memory-files', 'all-three-with-tools']) assert.ok(names.includes(name), name);
  });
  for (const c of workspaces.workspaces) {
    it(c.name, () => {
      const { files, moves } = workspaceAfterDoctor(new Map(Object.entries(c.before)), c.memoryArchive ?? '~/unused');
      const kept = Object.fromEntries([...files].filter(([name]) => name.endsWith('.md')).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      assert.deepStrictEqual(kept, c.after);
      // Doctor moves HEARTBEAT.md's text unchanged; the move is named for every file it touches.
      if (c.heartbeatScratch !== undefined) assert.strictEqual(c.heartbeatScratch, c.before['HEARTBEAT.md']);
      assert.deepStrictEqual(
        moves.map((move) => move.file).sort(),
        Object.keys(c.before)
          .filter((name) => ['TOOLS.md', 'HEARTBEAT.md', 'memory.md'].includes(name))
          .sort(),
      );
    });
  }
  it('names the archive as doctor does, under ~ in the home folder', () => {
    const at = new Date('2026-12-02T05:52:47.049Z');
    assert.strictEqual(legacyMemoryArchivePath('/home/ana/persona', at, '/home/ana'), '~/persona/.openclaw-repair/root-memory/2026-12-02T05-52-47-049Z/memory.md');
    assert.strictEqual(legacyMemoryArchivePath('/srv/persona/', at, '/home/ana'), '/srv/persona/.openclaw-repair/root-memory/2026-12-02T05-52-47-049Z/memory.md');
    assert.strictEqual(legacyMemoryArchivePath('/home/anabel/p', at, '/home/ana'), '/home/anabel/p/.openclaw-repair/root-memory/2026-12-02T05-52-47-049Z/memory.md');
  });
});
