// A workspace of persona files in the in-memory VS Code, discovered, with the hub
// (PersonaWorkspace and Measurements) on it; and the clean-up of what a test typed.
import { FakeDocument, memory } from './vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { Measurements } from '../../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../../src/extension/model/personaWorkspace';

export interface OpenHub {
  readonly root: vscode.Uri;
  readonly personas: PersonaWorkspace;
  readonly measurements: Measurements;
  dispose(): void;
}

let workspaces = 0;

/** The path of the workspace folder the next `openHub(name, …)` makes. */
export function nextHubRoot(name: string): string {
  return `/${name}${workspaces + 1}`;
}

/**
 * A new workspace folder (its name starts with `name`) holding `files`, discovered, and a hub
 * on it; `at`: the folder's path, in the `file` scheme (a folder the test made on disk, such as a repository).
 */
export async function openHub(name: string, files: Record<string, string>, at?: string): Promise<OpenHub> {
  const root = (at === undefined ? memory.openWorkspace(`/${name}${++workspaces}`) : memory.openWorkspace(at, 'file')) as unknown as vscode.Uri;
  for (const [file, text] of Object.entries(files)) memory.write(`${root.path}/${file}`, text);
  const personas = new PersonaWorkspace();
  const measurements = new Measurements(personas);
  await personas.refresh('test');
  return { root, personas, measurements, dispose: () => (measurements.dispose(), personas.dispose()) };
}

/** Closes the documents a test opened, so the next test reads the disk. */
export function closeDocuments(documents: FakeDocument[]): void {
  for (const document of documents) document.isClosed = true;
  memory.documents.length = 0;
  documents.length = 0;
}
