import assert from 'node:assert';
import { agentsAfterToolsMigration } from '../../src/core';

interface DoctorCase {
  name: string;
  agents?: string;
  tools: string;
  after: string;
}

const golden = require('../fixtures/openclaw-doctor/tools-md.expected.json') as { release: string; outputs: DoctorCase[] };

describe('the TOOLS.md migration of openclaw doctor --fix, against openclaw@2026.9.6 doctor\'s own output', () => {
  it('has the cases', () => assert.ok(golden.outputs.length >= 15));
  for (const c of golden.outputs) {
    it(c.name, () => assert.strictEqual(agentsAfterToolsMigration(c.agents, c.tools), c.after));
  }
});
