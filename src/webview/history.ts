// Where each file is heading, in its section header: the sparkline of its sizes over its
// commits beside its size, what it spans and the forecast as its tooltip. Sent by the
// extension after a render, only for files whose history is known.
import { element, setText } from './dom';
import type { HistoryMessage } from './protocol';

/** Sets (or clears, for a section not in `message`) each section's sparkline. */
export function showHistory(sections: Iterable<{ readonly name: string; readonly element: HTMLElement }>, message: HistoryMessage | undefined): void {
  const byName = new Map((message?.sections ?? []).map((section) => [section.name, section]));
  for (const view of sections) {
    const header = view.element.querySelector('.section-header');
    if (!header) continue;
    let line = header.querySelector<HTMLElement>('.history');
    const history = byName.get(view.name);
    if (!history) {
      if (line) line.hidden = true;
      continue;
    }
    if (!line) {
      line = element('span', 'history');
      header.querySelector('.size')?.after(line);
    }
    setText(line, history.sparkline);
    line.title = history.title;
    line.setAttribute('aria-label', history.title);
    line.hidden = false;
  }
}
