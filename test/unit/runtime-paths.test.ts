// The folder a runtime's headings name: written as the runtime writes it, whatever VS Code
// hands over (a lower-case drive letter), and only ever an absolute path.
import assert from 'node:assert';
import { FileContent, runtimeProfile } from '../../src/core';

const text = (value: string): FileContent => ({ kind: 'text', text: value });

function headings(runtime: 'openclaw' | 'codex', dir: string, workspacePath?: string): string[] {
  const input = { dir, files: new Map([['SOUL.md', text('Calm.')], ['AGENTS.md', text('Rules.')]]) };
  const composed = runtimeProfile(runtime).compose(input, { workspacePath });
  return composed.text.split('\n').filter((line) => /^## .*SOUL\.md$|^# AGENTS\.md instructions for /.test(line));
}

describe('the folder in a runtime’s headings', () => {
  it('has an upper-case drive letter, as runtimes on Windows write it, where VS Code gives c:\\', () => {
    assert.deepStrictEqual(headings('openclaw', '/unused', 'c:\\Users\\ava\\agent'), ['## C:\\Users\\ava\\agent\\SOUL.md']);
    assert.deepStrictEqual(headings('openclaw', 'c:\\Users\\ava\\agent'), ['## C:\\Users\\ava\\agent\\SOUL.md']);
    assert.deepStrictEqual(headings('codex', 'd:\\work\\ava'), ['# AGENTS.md instructions for D:\\work\\ava']);
    assert.deepStrictEqual(headings('openclaw', '/home/c:/ava'), ['## /home/c:/ava/SOUL.md'], 'a POSIX path is left as it is');
  });
});
