// The files' sparklines in a preview's section headers: asked for after a render, off its
// path (the text never waits for git), and sent only when some file's history is known.
import type * as vscode from 'vscode';
import type { HistoryMessage } from '../../webview/protocol';
import { logUnexpected } from '../util/log';
import type { CompositionSource } from './compositionSource';

/** Sends the histories of `names` for the page of `generation`, unless `current` says the page moved on. */
export async function postSectionHistory(
  source: CompositionSource,
  folder: vscode.Uri,
  names: readonly string[],
  generation: number,
  current: () => boolean,
  post: (message: HistoryMessage) => void,
): Promise<void> {
  if (!source.history || names.length === 0) return;
  try {
    const sections = await source.history(folder, names);
    if (sections.length > 0 && current()) post({ type: 'history', generation, sections });
  } catch (error) {
    // The headers show without sparklines; the log says why.
    logUnexpected('reading the history of the files for the preview', error);
  }
}
