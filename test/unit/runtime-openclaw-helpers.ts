// Shared by the OpenClaw profile tests: the fixture cases and a CLI run that captures output.
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main';

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

export function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const sink = (write: (s: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        write(String(chunk));
        done();
      },
    });
  const code = main(argv, sink((s) => (out += s)), sink((s) => (err += s)));
  return { code, out, err };
}
