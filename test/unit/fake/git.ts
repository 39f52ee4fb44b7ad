// A real git repository a test builds, and the Git extension's API over it as `vscode.git`
// answers, installed in the in-memory VS Code.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extensions } from './vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import type { GitExtension, GitRepository } from '../../../src/extension/compare/gitApi';

export function git(dir: string, args: readonly string[], date?: number): string {
  const stamp = date === undefined ? {} : { GIT_AUTHOR_DATE: new Date(date).toISOString(), GIT_COMMITTER_DATE: new Date(date).toISOString() };
  const env = { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com', ...stamp };
  return execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function repo(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'persona-compare-')));
  git(dir, ['init', '-q']);
  if (Object.keys(files).length > 0) commit(dir, files, 'first');
  return dir;
}

export function commit(dir: string, files: Record<string, string>, message: string, date?: number): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], date);
}

/** The Git extension's API over a real repository, as `vscode.git` answers (its errors included). */
export function gitRepository(dir: string): GitRepository {
  const head = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim();
  return {
    rootUri: vscode.Uri.file(dir),
    state: { HEAD: { type: 0, name: 'main', commit: head || undefined } },
    async getObjectDetails(treeish, file) {
      const line = git(dir, ['ls-tree', '-l', treeish, '--', file]).split('\n')[0];
      const match = /^(\d+) \w+ ([0-9a-f]+) +(\d+|-)\t/.exec(line);
      if (!match) throw Object.assign(new Error('Path not known by git'), { gitErrorCode: 'UnknownPath' });
      return { mode: match[1], object: match[2], size: Number(match[3]) || 0 };
    },
    async buffer(ref, file) {
      return execFileSync('git', ['show', `${ref}:${file}`], { cwd: dir });
    },
    async getCommit(ref) {
      const hash = git(dir, ['rev-parse', '--verify', `${ref}^{commit}`]).trim();
      return { hash, message: '', parents: [] };
    },
    async getBranches() {
      return git(dir, ['for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads'])
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => ({ type: 0, name: line.split(' ')[0], commit: line.split(' ')[1] }));
    },
    async log(options) {
      const lines = git(dir, ['log', `-n${options?.maxEntries ?? 32}`, '--format=%H %ct %s', ...(options?.path ? ['--', options.path] : [])])
        .trim()
        .split('\n')
        .filter(Boolean);
      return lines.map((line) => {
        const [hash, seconds, ...message] = line.split(' ');
        return { hash, commitDate: new Date(Number(seconds) * 1000), message: message.join(' '), parents: [] };
      });
    },
  };
}

export function installGit(repository: GitRepository | undefined, enabled = true): void {
  const exports: GitExtension = {
    enabled,
    getAPI: () => ({
      state: 'initialized',
      onDidChangeState: () => ({ dispose() {} }),
      getRepository: () => repository ?? null,
    }),
  };
  extensions.installed.set('vscode.git', { isActive: true, exports, activate: async () => exports });
}
