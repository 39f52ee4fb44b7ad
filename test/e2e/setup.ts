// Mocha root hooks for the end-to-end run: one code-server and browser for all files,
// artifacts for each failed test, and the server stopped by its process id at the end,
// whatever happened.
import type { RootHookObject } from 'mocha';
import { NotProvisionedError } from './harness/paths';
import { beginTest, finishTest, startSession, stopSession, timingSummary } from './harness/session';

// The reporter's closing line reads "e2e: N passed, N failed".
process.env.PERSONA_STUDIO_SUITE ??= 'e2e';

export const mochaHooks: RootHookObject = {
  async beforeAll(this: Mocha.Context) {
    if (process.env.PERSONA_STUDIO_SKIP_E2E) {
      if (process.env.CI) throw new Error('PERSONA_STUDIO_SKIP_E2E is set, but CI never skips the end-to-end tests.');
      console.log('  PERSONA_STUDIO_SKIP_E2E is set: skipping the end-to-end tests.');
      this.skip();
    }
    this.timeout(300_000);
    try {
      await startSession();
    } catch (error) {
      if (error instanceof NotProvisionedError) error.message = `Cannot run the end-to-end tests: ${error.message}`;
      throw error;
    }
  },
  beforeEach() {
    beginTest();
  },
  async afterEach(this: Mocha.Context) {
    this.timeout(60_000);
    await finishTest(this.currentTest);
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    if (process.env.PERSONA_STUDIO_SKIP_E2E) return;
    await stopSession();
    console.log(`\n  ${timingSummary()}`);
  },
};
