// One log line per discovery whose result differs from the last: which personas, and
// whether the search stopped at its bound.
import * as vscode from 'vscode';
import { log } from '../util/log';
import type { PersonaWorkspace } from './personaWorkspace';

export function logDiscovery(personas: PersonaWorkspace): vscode.Disposable {
  let last: string | undefined;
  const report = () => {
    const list = personas.personas.map((persona) => {
      const where = persona.workspaceFolder && vscode.workspace.workspaceFolders?.length !== 1 ? `${persona.workspaceFolder.name}/` : '';
      const files = persona.heartwood ? ['HEARTWOOD.md', ...persona.files] : persona.files;
      return `${where}${persona.label} (${files.length ? files.join(', ') : 'no files yet'})`;
    });
    const line =
      `discovery: ${list.length} persona folder${list.length === 1 ? '' : 's'}` +
      (list.length ? `: ${list.join('; ')}` : '') +
      (personas.discoveryIncomplete ? ' — stopped at its bound before the whole workspace was seen' : '');
    if (line === last) return;
    last = line;
    log.info(line);
  };
  // The first line waits for the first walk: before it, "none" would be wrong.
  void personas.ready.then(report);
  return personas.onDidChangePersonas(report);
}
