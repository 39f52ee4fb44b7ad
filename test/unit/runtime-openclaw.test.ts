import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main';
import { readPersonaInput, openclaw } from '../../src/core';

interface Materialized {
  dir: string;
  spec: { session?: string; agent?: string; config?: string };
  workspacePath: string;
  expectedFile: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fixtures = require('../fixtures/openclaw/materialize.cjs') as {
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

/** The compose arguments that reproduce a case's settings. */
function composeArgs(c: Materialized): string[] {
  const args = ['compose', '--runtime', 'openclaw', '--workspace-path', c.workspacePath];
  if (c.spec.session) args.push('--session', c.spec.session);
  if (c.spec.config) args.push('--config', path.join(c.dir, c.spec.config));
  if (c.spec.agent) args.push('--agent', c.spec.agent);
  return [...args, c.dir];
}

describe('OpenClaw profile against the golden outputs of openclaw@2026.9.6', () => {
  const cases = fixtures.listCases();

  it('has at least 60 cases, each with its golden output', () => {
    assert.ok(cases.length >= 60, `${cases.length} cases`);
    for (const name of cases) assert.ok(fs.existsSync(fixtures.materialize(name).expectedFile), name);
  });

  for (const name of cases) {
    it(`compose --runtime openclaw: ${name}`, () => {
      const c = fixtures.materialize(name);
      try {
        const { code, out, err } = run(...composeArgs(c));
        assert.strictEqual(err, '');
        assert.strictEqual(code, 0);
        const expected = fs.readFileSync(c.expectedFile, 'utf8');
        assert.ok(out === expected, `differs from ${path.basename(c.expectedFile)} at ${firstDifference(out, expected)}`);
      } finally {
        fs.rmSync(c.dir, { recursive: true, force: true });
      }
    });
  }
});

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${at}: got ${JSON.stringify(a.slice(at - 20, at + 40))}, want ${JSON.stringify(b.slice(at - 20, at + 40))}`;
}

export { fixtures, openclaw, readPersonaInput };
