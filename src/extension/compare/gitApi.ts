// The part of VS Code's built-in git extension (`vscode.git`, API version 1) that the
// comparison reads through: typed here, as small as it is used. The extension never runs
// git itself; where that extension is missing, disabled or untrusted, it says why.
import * as vscode from 'vscode';

/** A commit as the git extension's API returns it. */
export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
  readonly authorDate?: Date;
  readonly commitDate?: Date;
}

/** A branch or tag (`type` 0: a local branch, 1: a remote one, 2: a tag). */
export interface GitRef {
  readonly type: number;
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: { readonly HEAD?: GitRef };
  /** The blob or tree at `path` (absolute, or relative to the root) in `treeish`; rejects when the path is not there. */
  getObjectDetails(treeish: string, path: string): Promise<{ readonly mode: string; readonly object: string; readonly size: number }>;
  /** The content of `path` at `ref` (`git show ref:path`). */
  buffer(ref: string, path: string): Promise<Uint8Array>;
  getCommit(ref: string): Promise<GitCommit>;
  getBranches?(query: { readonly remote?: boolean; readonly count?: number; readonly sort?: 'alphabetically' | 'committerdate' }): Promise<GitRef[]>;
  log(options?: { readonly maxEntries?: number; readonly path?: string }): Promise<GitCommit[]>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

export interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** Where a repository comes from: the real extension, or a test's. */
export type GitExtensionSource = () => vscode.Extension<GitExtension> | undefined;

export const realGitExtension: GitExtensionSource = () => vscode.extensions.getExtension<GitExtension>('vscode.git');

/**
 * The repository holding `folder`, or one line saying why there is none. With `open`, a
 * repository the Git extension has not opened yet is opened (a command asked for it).
 */
export async function repositoryOf(folder: vscode.Uri, source: GitExtensionSource = realGitExtension, open = true): Promise<GitRepository | string> {
  if (folder.scheme !== 'file') return vscode.l10n.t('Comparing with a revision needs a folder on disk under git; {0} is not one.', folder.toString());
  const extension = source();
  if (!extension) return vscode.l10n.t("Comparing with a revision needs VS Code's built-in Git extension, which is not available here.");
  if (!vscode.workspace.isTrusted) return vscode.l10n.t('Comparing with a revision needs the Git extension, which does not run in Restricted Mode: trust the workspace first.');
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports?.enabled) return vscode.l10n.t('Comparing with a revision needs the Git extension, which is disabled (setting git.enabled).');
  const api = exports.getAPI(1);
  if (api.state !== 'initialized') await initialized(api);
  const repository = api.getRepository(folder) ?? (open ? await api.openRepository?.(folder) : null) ?? null;
  return repository ?? vscode.l10n.t('{0} is not in a git repository.', folder.fsPath);
}

/** Waits until the Git extension has looked for its repositories (at most a few seconds). */
function initialized(api: GitApi): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, 10_000);
    const listening = api.onDidChangeState((state) => state === 'initialized' && done());
    function done() {
      clearTimeout(timer);
      listening.dispose();
      resolve();
    }
  });
}
