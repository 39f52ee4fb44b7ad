// The "Persona Studio" output channel: what the extension did and why (activation,
// discovery, errors), for bug reports. It never raises a notification.
import * as vscode from 'vscode';
import type { PersonaWorkspace } from '../model/personaWorkspace';

const CHANNEL_NAME = 'Persona Studio';
let channel: vscode.LogOutputChannel | undefined;

/** Creates the channel once per activation; later calls of `log` write to it. */
export function createLog(): vscode.LogOutputChannel {
  channel = vscode.window.createOutputChannel(CHANNEL_NAME, { log: true });
  return channel;
}

/** Writes to the channel, or nowhere before activation (unit tests, a disposed channel). */
export const log = {
  info: (message: string, ...args: unknown[]): void => channel?.info(message, ...args),
  warn: (message: string, ...args: unknown[]): void => channel?.warn(message, ...args),
  error: (message: string | Error, ...args: unknown[]): void => channel?.error(message, ...args),
};

/** One line per discovery whose result differs from the last: which personas, and whether the search stopped early. */
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
