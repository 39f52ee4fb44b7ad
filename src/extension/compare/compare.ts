// The comparison with a revision, a bundle of its own in the Node build (dist/compare.js):
// extension.js registers the commands and loads this on their first use.
import type * as vscode from 'vscode';
import { escapeMarkdown } from '../../core';
import type { TooltipHistory } from '../tree/personaTree';
import { logUnexpected } from '../util/log';
import type { Measurements } from '../model/measurements';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import type { PersonaTokens } from '../tokens/personaTokens';
import { compareCommands } from './compareCommands';
import { Comparisons } from './comparisons';
import { sectionHistories, SectionHistories } from './sectionHistory';

export interface CompareFeature extends vscode.Disposable {
  compareWithHead(target: unknown): Promise<void>;
  compareWithRevision(target: unknown): Promise<void>;
  /** Adds a file's sparkline and forecast to its tooltip. */
  readonly tooltipHistory: TooltipHistory;
  /** The sparklines of a preview's section headers. */
  readonly sectionHistory: SectionHistories;
}

/** How long a hover waits for a file's history before its tooltip shows without it. */
const HISTORY_WAIT_MS = 1500;

export function createCompareFeature(personas: PersonaWorkspace, measurements: Measurements, tokens: PersonaTokens): CompareFeature {
  const comparisons = new Comparisons(measurements, tokens);
  const tooltipHistory: TooltipHistory = async (tooltip, node, token, refresh) => {
    const where = `reading the history of ${node.name}`;
    try {
      const reading = comparisons.history(node.parent.uri, node.name);
      const late = Symbol('late');
      const lines = await Promise.race([reading, new Promise<typeof late>((resolve) => setTimeout(() => resolve(late), HISTORY_WAIT_MS))]);
      // VS Code resolves an item once: a refresh of the persona lets the next hover show what came late.
      if (lines === late)
        void reading.then(
          (arrived) => arrived && refresh(),
          (error) => logUnexpected(where, error),
        );
      else if (lines && lines.length > 0 && !token.isCancellationRequested) tooltip.appendMarkdown(`  \n\n${lines.map(escapeMarkdown).join('  \n')}`);
    } catch (error) {
      // The tooltip shows without its history; the log says why.
      logUnexpected(where, error);
    }
  };
  return { ...compareCommands(personas, comparisons), tooltipHistory, sectionHistory: sectionHistories(comparisons), dispose: () => comparisons.dispose() };
}
