// The sparklines of the Soul preview's section headers: the same history as the tree's
// tooltips (read once per file per commit, cached), for the files whose history is known.
import type * as vscode from 'vscode';
import type { SectionHistory } from '../../webview/protocol';
import { logUnexpected } from '../util/log';
import type { Comparisons } from './comparisons';
import { trendLines } from './fileHistory';

/** The histories of a persona's files, by their section names; a file without one is left out. */
export type SectionHistories = (folder: vscode.Uri, names: readonly string[]) => Promise<readonly SectionHistory[]>;

export function sectionHistories(comparisons: Pick<Comparisons, 'trend'>): SectionHistories {
  return async (folder, names) => {
    const sections: SectionHistory[] = [];
    // One file after the other: the first read spawns git for each, on a machine the editor shares.
    for (const name of names) {
      // The Skills section is no file of the folder.
      if (name.endsWith('/')) continue;
      try {
        const trend = await comparisons.trend(folder, name);
        if (trend) sections.push({ name, sparkline: trend.sparkline, title: trendLines(trend).join('\n') });
      } catch (error) {
        // The header shows without its sparkline; the log says why.
        logUnexpected(`reading the history of ${name}`, error);
      }
    }
    return sections;
  };
}
