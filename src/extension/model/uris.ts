// A file's folder and a path's last name: small enough for every bundle to import
// without pulling in the workspace model.
import * as vscode from 'vscode';

export function folderOf(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri, '..');
}

export function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
