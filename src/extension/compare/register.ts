// "Compare Soul with HEAD…" and "…with Revision…": registered at activation, their code
// loaded on the first use, from a bundle of its own in the Node build (dist/compare.js).
import * as vscode from 'vscode';
import type { Measurements } from '../model/measurements';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import type { PersonaTokens } from '../tokens/personaTokens';
import type { PersonaTree } from '../tree/personaTree';
import { pathExistsNow } from '../platform';
import type { CompareFeature } from './compare';
import type { SectionHistories } from './sectionHistory';

type CompareModule = typeof import('./compare');

let sectionHistory: SectionHistories | undefined;

/** The preview's section sparklines: none until the comparison is registered where git can be read. */
export const previewHistory: SectionHistories = (folder, names) => sectionHistory?.(folder, names) ?? Promise.resolve([]);

export function registerCompare(personas: PersonaWorkspace, measurements: Measurements, tokens: PersonaTokens, tree: PersonaTree): vscode.Disposable {
  let feature: CompareFeature | undefined;
  const load = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    feature ??= (require('./compare') as CompareModule).createCompareFeature(personas, measurements, tokens);
    return feature;
  };
  // A file's history shows in its tooltip where git can be read: not in the browser, and
  // only where the Git extension is installed (the bundle loads on the first hover then).
  if (pathExistsNow && vscode.extensions.getExtension('vscode.git')) {
    tree.setHistory((...args) => load().tooltipHistory(...args));
    sectionHistory = (...args) => load().sectionHistory(...args);
  }
  return vscode.Disposable.from(
    vscode.commands.registerCommand('personaStudio.compareWithHead', (target?: unknown) => load().compareWithHead(target)),
    vscode.commands.registerCommand('personaStudio.compareWithRevision', (target?: unknown) => load().compareWithRevision(target)),
    { dispose: () => ((sectionHistory = undefined), feature?.dispose()) },
  );
}
