// The files of the user's OpenClaw config (the file read and each file its `$include`s read),
// watched while they are the config's, wherever they are: a change to any of them reads the
// config again. An opened folder's own openclaw.json is the hub's to watch. Part of the agents bundle.
import * as vscode from 'vscode';

export function watchConfigFiles(files: readonly vscode.Uri[], changed: () => void): vscode.Disposable {
  const watched = new Set((vscode.workspace.workspaceFolders ?? []).map((root) => vscode.Uri.joinPath(root.uri, 'openclaw.json').toString()));
  const disposables: vscode.Disposable[] = [];
  for (const uri of files) {
    if (watched.has(uri.toString())) continue;
    watched.add(uri.toString());
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
    disposables.push(watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed), watcher.onDidDelete(changed));
  }
  return vscode.Disposable.from(...disposables);
}
