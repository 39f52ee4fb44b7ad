// Shared by the OpenClaw profile tests: the fixture cases and a CLI run that captures output.
import { runCli, runCliAsync } from './helpers';

export interface Materialized {
  dir: string;
  spec: { session?: 'main' | 'subagent' | 'cron'; agent?: string; config?: string };
  workspacePath: string;
  expectedFile: string;
}

export const fixtures = require('../fixtures/openclaw/materialize.cjs') as {
  WORKSPACE: string;
  listCases(): string[];
  materialize(name: string): Materialized;
};

export const run = runCli;
export const runAsync = runCliAsync;
