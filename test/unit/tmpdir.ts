// Mocha root hooks for the unit run: every temporary folder a test makes (its own, a CLI's,
// a fixture's) goes under one folder of this run, removed at the end, pass or fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RootHookObject } from 'mocha';

// os.tmpdir() reads TMPDIR on each call, and child processes inherit it.
const runRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-unit-'));
// Traversable, as the system's own temporary folder is: one test runs the CLI as another user.
fs.chmodSync(runRoot, 0o755);
process.env.TMPDIR = runRoot;

export const mochaHooks: RootHookObject = {
  afterAll() {
    fs.rmSync(runRoot, { recursive: true, force: true, maxRetries: 3 });
  },
};
