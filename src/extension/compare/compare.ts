// The comparison with a revision, a bundle of its own in the Node build (dist/compare.js):
// extension.js registers the commands and loads this on their first use.
import type * as vscode from 'vscode';
import type { Measurements } from '../model/measurements';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import type { PersonaTokens } from '../tokens/personaTokens';
import { compareCommands } from './compareCommands';
import { Comparisons } from './comparisons';

export interface CompareFeature extends vscode.Disposable {
  compareWithHead(target: unknown): Promise<void>;
  compareWithRevision(target: unknown): Promise<void>;
  /** A file's sparkline and forecast, for its tooltip; undefined without history. */
  history(folder: vscode.Uri, name: string): Promise<readonly string[] | undefined>;
}

export function createCompareFeature(personas: PersonaWorkspace, measurements: Measurements, tokens: PersonaTokens): CompareFeature {
  const comparisons = new Comparisons(measurements, tokens);
  return { ...compareCommands(personas, comparisons), history: (folder, name) => comparisons.history(folder, name), dispose: () => comparisons.dispose() };
}
