// What the preview shows of a file that is a link leading outside the workspace and is
// not shown yet: where it leads and a button to show it, never its content. A runtime
// that does not follow such a link (OpenClaw 2.22 and later) sends its own marker, which
// the section shows as it is: there is nothing to hold back.
import * as vscode from 'vscode';
import { Composition, FileMeasure, OPENCLAW_LINK_NOT_FOLLOWED, OPENCLAW_LINK_REFUSED } from '../../core';
import type { LinkedView } from '../../webview/protocol';
import type { LinkedFile } from '../model/measurements';

/** The runtime sends a marker for the link rather than what is behind it. */
export function runtimeSkipsLink(file: FileMeasure | undefined): boolean {
  const note = file?.note ?? '';
  return file?.status === 'unreadable' && (note === OPENCLAW_LINK_REFUSED || note.startsWith(OPENCLAW_LINK_NOT_FOLLOWED));
}

/** The linked files of a composition that the runtime would read and the user has not let be shown. */
export function heldBack(composition: Composition, linked: readonly LinkedFile[]): LinkedFile[] {
  return linked.filter((file) => !file.shown && !runtimeSkipsLink(composition.files.find((measure) => measure.name === file.name)));
}

/** Each held-back file's placeholder, by name; `trusted` is false in Restricted Mode, where there is no button. */
export function linkedViews(composition: Composition, linked: readonly LinkedFile[], trusted: boolean): Map<string, LinkedView> {
  const views = new Map<string, LinkedView>();
  for (const file of heldBack(composition, linked)) {
    const text = vscode.l10n.t('links to {0}: content not shown', file.target);
    views.set(
      file.name,
      trusted
        ? {
            text,
            detail: vscode.l10n.t(
              'It is outside the workspace: it is not read, counted, copied or exported until you show it. The runtime would send it; the sizes and tokens here leave it out.',
            ),
            show: vscode.l10n.t('Show the linked file'),
          }
        : { text, detail: vscode.l10n.t('Restricted Mode: a linked file outside the workspace is never shown. Trust the workspace to be able to show it.') },
    );
  }
  return views;
}
