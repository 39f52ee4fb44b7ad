// The extension's own log (the "Persona Studio" output channel) of one window, as the
// server writes it to disk: what discovery did, and when.
import fs from 'node:fs';
import path from 'node:path';
import { Workbench } from './harness';

/** Whole walks of the workspace, as the log names them. */
export const WALK_LINE = /Walk \d+ \(/;

/** This window's Persona Studio log: the one that names the window's workspace; '' until written. */
export function extensionLog(wb: Workbench): string {
  const root = path.join(wb.server.userDataDir, 'logs');
  const files = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) : [];
  for (const file of files.filter((name) => name.endsWith('Persona Studio.log'))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (text.includes(wb.path())) return text;
  }
  return '';
}

/** The log's lines matching `pattern`. */
export function logLines(wb: Workbench, pattern: RegExp): string[] {
  return extensionLog(wb)
    .split('\n')
    .filter((line) => pattern.test(line));
}
