// Codex's chain up to the project root, clamped at the workspace folder: nothing above it is asked about or read.
import assert from 'node:assert';
import { filesWithinWorkspace, runtimeProfile } from '../../src/core';

describe('files within the workspace folder', () => {
  const codex = runtimeProfile('codex');

  it('a .git above the workspace folder: the chain stops at the workspace folder and says it was clamped', () => {
    const asked: string[] = [];
    const result = filesWithinWorkspace(codex, '/repo/ws/team/ava', 2, (relative) => {
      asked.push(relative);
      return false;
    });
    assert.deepStrictEqual(result.names, ['../../AGENTS.override.md', '../../AGENTS.md', '../AGENTS.override.md', '../AGENTS.md', 'AGENTS.override.md', 'AGENTS.md']);
    assert.strictEqual(result.clamped, true);
    assert.ok(
      asked.every((relative) => !relative.startsWith('../../../')),
      `nothing above the workspace folder asked: ${asked}`,
    );
  });

  it("no .git anywhere, as a stat above the workspace says: only the persona folder's own files, as Codex and the CLI read them", () => {
    const above: string[] = [];
    const result = filesWithinWorkspace(
      codex,
      '/repo/ws/team/ava',
      2,
      () => false,
      (relative) => {
        above.push(relative);
        return false;
      },
    );
    assert.deepStrictEqual(result.names, ['AGENTS.override.md', 'AGENTS.md']);
    assert.strictEqual(result.clamped, false);
    assert.ok(above.length > 0 && above.every((relative) => relative.endsWith('/.git')), `only .git is looked for above: ${above}`);
  });

  it('a .git above the workspace, as a stat says: clamped at the workspace folder', () => {
    const result = filesWithinWorkspace(
      codex,
      '/repo/ws/team/ava',
      2,
      () => false,
      (relative) => relative === '../../../.git',
    );
    assert.deepStrictEqual(result.names, ['../../AGENTS.override.md', '../../AGENTS.md', '../AGENTS.override.md', '../AGENTS.md', 'AGENTS.override.md', 'AGENTS.md']);
    assert.strictEqual(result.clamped, true);
  });

  it('a .git inside the workspace: the chain Codex reads, unclamped', () => {
    const result = filesWithinWorkspace(codex, '/repo/ws/team/ava', 2, (relative) => relative === '../.git');
    assert.deepStrictEqual(result.names, ['../AGENTS.override.md', '../AGENTS.md', 'AGENTS.override.md', 'AGENTS.md']);
    assert.strictEqual(result.clamped, false);
  });

  it('the persona folder is the workspace folder: its own files only', () => {
    const result = filesWithinWorkspace(codex, '/ws', 0, () => false);
    assert.deepStrictEqual(result.names, ['AGENTS.override.md', 'AGENTS.md']);
    assert.strictEqual(result.clamped, true);
  });

  it('runtimes that read only the folder are never clamped', () => {
    const result = filesWithinWorkspace(runtimeProfile('toolnexus'), '/ws/ava', 1, () => false);
    assert.strictEqual(result.clamped, false);
    assert.ok(result.names.every((name) => !name.includes('/')));
  });
});
