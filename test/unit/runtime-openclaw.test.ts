import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { fixtures, Materialized, run } from './runtime-openclaw-helpers';

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
