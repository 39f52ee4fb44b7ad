import assert from 'node:assert';
import { readPersonaInput, runtimeProfile, SessionKind } from '../../src/core';
import { OPENCLAW_PROVEN_RELEASES, resolveOpenClawRelease } from '../../src/core/runtimes/openclawReleases';
import { runCliBytes } from './helpers';

interface Materialized {
  dir: string;
  spec: { session?: string; setup?: 'pending' | 'completed' };
  workspacePath: string;
  cleanup(): void;
}

const fixtures = require('../fixtures/openclaw-releases/materialize.cjs') as {
  listCases(): string[];
  materialize(name: string): Materialized;
  expectedByRelease(name: string): Map<string, string>;
};

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${at}: got ${JSON.stringify(a.slice(at - 20, at + 40))}, want ${JSON.stringify(b.slice(at - 20, at + 40))}`;
}

describe('OpenClaw profile against the golden outputs of each release', () => {
  const cases = fixtures.listCases();

  it('has at least 40 cases, each with the output of every proven release', () => {
    assert.ok(cases.length >= 40, `${cases.length} cases`);
    for (const name of cases) assert.deepStrictEqual([...fixtures.expectedByRelease(name).keys()].sort(), [...OPENCLAW_PROVEN_RELEASES].sort(), name);
  });

  for (const name of cases) {
    it(`compose --runtime openclaw --openclaw-version V: ${name}`, () => {
      const c = fixtures.materialize(name);
      try {
        const differing: string[] = [];
        for (const [release, expected] of fixtures.expectedByRelease(name)) {
          const args = ['compose', '--runtime', 'openclaw', '--openclaw-version', release, '--workspace-path', c.workspacePath];
          if (c.spec.session) args.push('--session', c.spec.session);
          const { code, out, err } = runCliBytes(...args, c.dir);
          assert.strictEqual(err, '', release);
          assert.strictEqual(code, 0, release);
          // Byte for byte: a lone surrogate in the text is written as U+FFFD, on both sides.
          if (!out.equals(Buffer.from(expected, 'utf8')))
            differing.push(`${release} differs at ${firstDifference(out.toString('utf8'), Buffer.from(expected, 'utf8').toString('utf8'))}`);
        }
        assert.deepStrictEqual(differing, []);
      } finally {
        c.cleanup();
      }
    });
  }
});

describe('OpenClaw releases: where each section stands', () => {
  it('every section sent stands at its offset in the text, in every release and case (the preview cuts the text there)', () => {
    const openclaw = runtimeProfile('openclaw');
    const misplaced: string[] = [];
    for (const name of fixtures.listCases()) {
      const c = fixtures.materialize(name);
      try {
        for (const release of OPENCLAW_PROVEN_RELEASES) {
          const options = { openclawRelease: release, workspacePath: c.workspacePath, ...(c.spec.session && { session: c.spec.session as SessionKind }) };
          const composition = openclaw.compose(readPersonaInput(c.dir, openclaw, options), options);
          for (const file of composition.files) {
            if (file.offset >= 0 && composition.text.slice(file.offset, file.offset + file.section.length) !== file.section) misplaced.push(`${name} ${release} ${file.name}`);
          }
        }
      } finally {
        c.cleanup();
      }
    }
    assert.deepStrictEqual(misplaced, []);
  });
});

describe('OpenClaw releases', () => {
  it('maps each release to the epoch whose range holds it', () => {
    const epoch = (release: string) => resolveOpenClawRelease(release).epoch.id;
    assert.strictEqual(epoch('2026.1.30'), 'E1');
    assert.strictEqual(epoch('2026.2.12'), 'E1');
    assert.strictEqual(epoch('2026.2.22'), 'E2a');
    assert.strictEqual(epoch('v2026.3.31'), 'E2b');
    assert.strictEqual(epoch('2026.4.10'), 'E3a');
    assert.strictEqual(epoch('2026.4.29'), 'E3b');
    assert.strictEqual(epoch('2026.5.16-beta.1'), 'E3b');
    assert.strictEqual(epoch('2026.5.28'), 'E4');
    assert.strictEqual(epoch('2026.6.35'), 'E5a');
    assert.strictEqual(epoch('2026.7.35'), 'E5b');
    assert.strictEqual(epoch('2026.8.2'), 'E6');
    assert.strictEqual(epoch('2026.9.1'), 'E6');
    assert.strictEqual(epoch('2026.9.6'), 'E7');
    assert.strictEqual(resolveOpenClawRelease().release, '2026.9.6');
  });

  it('takes a release newer than all as the newest known, and says so', () => {
    const newer = resolveOpenClawRelease('2026.10.1');
    assert.strictEqual(newer.epoch.id, 'E7');
    assert.match(newer.note!, /newer than the newest release known here \(2026\.9\.6\)/);
    assert.strictEqual(resolveOpenClawRelease('2026.9.6').note, undefined);
  });

  it('refuses a text that is no release number, in one line', () => {
    for (const bad of ['latest', '2026.7', '7.35', '2026.7.35.1', '']) {
      assert.throws(
        () => resolveOpenClawRelease(bad),
        (error: Error) => /^not an OpenClaw release: '.*' \(expected one like 2026\.9\.6\)$/.test(error.message),
      );
    }
  });
});
