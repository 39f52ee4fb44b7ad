// Workspaces made for one test: a fresh temporary folder holding the given files, or
// several folders joined in a .code-workspace (multi-root).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Relative path (may contain '/') → content; text is written as UTF-8, bytes as they are. */
export type Files = Record<string, string | Uint8Array>;

export interface WorkspaceSpec {
  /** A single-folder workspace holding these files. */
  files?: Files;
  /**
   * A multi-root workspace: folder name → its files, in this order. Opened through a
   * `.code-workspace` file beside the folders.
   */
  folders?: Record<string, Files>;
  /** Workspace settings: `.vscode/settings.json` of the folder, or the `.code-workspace`'s settings. */
  settings?: Record<string, unknown>;
  /**
   * `false`: open with workspace trust on (in a server of its own) and answer VS Code's
   * trust prompt "No, I don't trust the authors", so the window is in Restricted Mode.
   * Default: trust is off, as for every other test.
   */
  trusted?: boolean;
  /**
   * A folder put first on PATH for the extension host (a stub command there, say): the
   * workspace opens in a server of its own, started for it and stopped after the test.
   */
  pathFirst?: string;
  /** An empty window: no folder open (give no `files`, `folders` or `settings`). */
  empty?: boolean;
}

export interface TestWorkspace {
  /** The temporary folder holding everything (the workspace folder itself when single-folder). */
  readonly root: string;
  /** The workspace folders, absolute, in order. */
  readonly folders: readonly string[];
  /** The `.code-workspace` file of a multi-root workspace. */
  readonly workspaceFile?: string;
  /** Opened in Restricted Mode (see WorkspaceSpec.trusted). */
  readonly untrusted?: boolean;
}

export function createWorkspace(spec: WorkspaceSpec): TestWorkspace {
  if (spec.files && spec.folders) throw new Error('Give either `files` or `folders`, not both.');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-ws-'));
  const untrusted = spec.trusted === false ? { untrusted: true } : {};
  if (spec.empty) {
    if (spec.files || spec.folders || spec.settings) throw new Error('An empty window has no `files`, `folders` or `settings`.');
    return { root, folders: [], ...untrusted };
  }
  if (!spec.folders) {
    writeFiles(root, spec.files ?? {});
    if (spec.settings) writeFiles(root, { '.vscode/settings.json': JSON.stringify(spec.settings, null, 2) });
    return { root, folders: [root], ...untrusted };
  }
  const names = Object.keys(spec.folders);
  if (names.length === 0) throw new Error('`folders` needs at least one folder.');
  for (const name of names) {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    writeFiles(path.join(root, name), spec.folders[name]);
  }
  const workspaceFile = path.join(root, 'test.code-workspace');
  const content = { folders: names.map((name) => ({ path: name })), settings: spec.settings ?? {} };
  fs.writeFileSync(workspaceFile, JSON.stringify(content, null, 2));
  return { root, folders: names.map((name) => path.join(root, name)), workspaceFile, ...untrusted };
}

export function writeFiles(dir: string, files: Files): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    if (!file.startsWith(dir + path.sep)) throw new Error(`${relative} is outside the workspace`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export function removeWorkspace(workspace: TestWorkspace): void {
  fs.rmSync(workspace.root, { recursive: true, force: true, maxRetries: 3 });
}
