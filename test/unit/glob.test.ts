// The folder patterns of personaStudio.folders: the shipped matcher agrees with picomatch
// (the library it replaced, dot names included) on every pattern of the shapes users write;
// files.exclude is read with the same matcher.
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { compileGlobs, globMatcher, isGlob } from '../../src/core';

const NAMES = ['a', 'b', 'ab', 'ba', '.x', 'a.b', 'team-1'];
const relativePath = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
const segmentPattern = fc.oneof(
  fc.constantFrom(...NAMES, '*', '?', 'a*', '*b', 'a?', '[ab]', '[^a]', '[a-b]*', '{a,b}', '{a,team-*}', '.*', '*.b', 'team-?'),
  fc.constantFrom('{a,{b,.*}}', '{,a}b', 'a{b,}', '[a-]', '[-b]', '*a*', '?*', '[.]*', '**a', 'a**'),
);
const pattern = fc
  .array(fc.oneof({ weight: 4, arbitrary: segmentPattern }, { weight: 1, arbitrary: fc.constant('**') }), { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'));

describe('folder patterns', () => {
  it('match as picomatch does, with dot names', () => {
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 2 }), relativePath, (patterns, candidate) => {
        assert.strictEqual(globMatcher(patterns)(candidate), picomatch(patterns, { dot: true })(candidate), `${patterns} against ${candidate}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('read the examples of the setting as a user means them', () => {
    const personas = globMatcher(['personas/*']);
    assert.deepStrictEqual(['personas/ava', 'personas', 'personas/ava/notes', 'other/ava', 'personas/.hidden'].map(personas), [true, false, false, false, true]);
    const anywhere = globMatcher(['**/agents/*']);
    assert.deepStrictEqual(['agents/ava', 'team/agents/ava', 'team/agents'].map(anywhere), [true, true, false]);
    assert.strictEqual(globMatcher(['.'])('.'), true, 'the workspace folder itself');
    assert.strictEqual(globMatcher(['./personas/ava/'])('personas/ava'), true, 'a leading ./ and a trailing slash');
  });

  it('read files.exclude as the folders it hides', () => {
    // Discovery skips these folders with the same matcher (config.ts's excludedFolders).
    const exclude = globMatcher(['**/.git', '**/node_modules', 'build', 'vendor/**']);
    const folders = ['.git', 'team/.git', 'node_modules', 'a/b/node_modules', 'build', 'team/build', 'vendor/lib', 'vendors'];
    assert.deepStrictEqual(folders.map(exclude), [true, true, true, true, true, false, true, false]);
    const library = picomatch(['**/.git', '**/node_modules', 'build', 'vendor/**'], { dot: true });
    assert.deepStrictEqual(
      folders.map(exclude),
      folders.map((folder) => library(folder)),
    );
  });

  it('leave out a pattern with a range out of order, say which and why, and keep the others', () => {
    // A cloned repository's files.exclude or personaStudio.folders may hold one.
    const rules = compileGlobs(['[z-a]', 'personas/*', 'team/[a-Z]*', 'vendor/[a-c]']);
    assert.deepStrictEqual(
      rules.refused.map(({ pattern, reason }) => [pattern, reason]),
      [
        ['[z-a]', 'the range z-a is out of order'],
        ['team/[a-Z]*', 'the range a-Z is out of order'],
      ],
    );
    assert.deepStrictEqual(['personas/ava', 'vendor/b', 'z', 'team/ab', 'other'].map(rules.matches), [true, true, false, false, false]);
    assert.strictEqual(globMatcher(['[z-a]', 'a'])('a'), true, 'the matcher alone goes on without the bad pattern');
    assert.deepStrictEqual(compileGlobs(['[a-a]', '[!a-b]']).refused, [], 'a one-character range and a negated one are fine');
  });

  it('match patterns built to backtrack, in work that grows with the name, not exponentially', () => {
    // In a child process, so a matcher that backtracks for hours fails this test instead of hanging the run.
    const script = `
      const { compileGlobs } = require(${JSON.stringify(path.resolve(__dirname, '../../src/core/glob.ts'))});
      const name = 'a'.repeat(255);
      const cases = [
        ['*a*a*a*a*b', name],
        ['*a*a*a*a*a*a*a*a*a*a*b', name],
        ['{*,*}'.repeat(40) + 'b', name],
        ['{a,{a,{a,*}}}'.repeat(30) + 'b', name],
        ['**/a/**/a/**/a/**/a/**/a/**/b', Array(60).fill('a').join('/')],
        ['*a*a*b', name.slice(1) + 'b'],
        ['{*,*}'.repeat(40) + 'b', name.slice(1) + 'b'],
      ];
      process.stdout.write(JSON.stringify(cases.map(([pattern, candidate]) => compileGlobs([pattern]).matches(candidate))));
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.strictEqual(run.error, undefined, 'the matcher returned');
    assert.deepStrictEqual(JSON.parse(run.stdout), [false, false, false, false, false, true, true], run.stderr);
  });

  it('compile once: a rule set answers many paths without compiling again', () => {
    const rules = compileGlobs(['**/agents/*', '[z-a]']);
    const paths = Array.from({ length: 1000 }, (_, i) => (i % 2 ? `team${i}/agents/ava` : `team${i}/other/ava`));
    assert.strictEqual(paths.filter(rules.matches).length, 500);
    assert.strictEqual(rules.refused.length, 1);
  });

  it('leave out a pattern too long to be a folder pattern', () => {
    const long = 'a'.repeat(2000) + '*';
    assert.deepStrictEqual(
      compileGlobs([long, 'b']).refused.map(({ pattern, reason }) => [pattern.length, reason]),
      [[2001, 'longer than 1,024 characters']],
    );
  });

  it('tell a folder named outright from a pattern', () => {
    assert.deepStrictEqual(['personas/ava', 'personas/*', 'a?', '{a,b}', '[ab]', 'team-1'].map(isGlob), [false, true, true, true, true, false]);
  });
});
