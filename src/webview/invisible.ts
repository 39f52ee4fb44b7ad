// Invisible characters the model reads (tag characters, zero-width characters, bidi
// controls, variation selectors), drawn visibly in the preview as VS Code's unicode
// highlighting does: each run stays in the text as it is, inside a mark whose label (the
// ASCII its tag characters spell, else the code points) is drawn by CSS, never part of
// the text. Ordinary uses (a joiner in an emoji, a flag's tags) are left alone.
import { findHiddenCharacters } from '../core/secrets/hidden';

/** Any character that may be hidden: a text without one needs no look further. */
const MAYBE_HIDDEN = /[\u{E0000}-\u{E007F}]|[\u200B-\u200D\u2060-\u2064\u180E\uFEFF]|[\u202A-\u202E\u2066-\u2069]|[\u{E0100}-\u{E01EF}]/u;
/** Characters of a label. */
const LABEL_MAX = 48;

export function mayHoldHidden(text: string): boolean {
  return MAYBE_HIDDEN.test(text);
}

/** A run's label: what its tag characters spell, or its code points. */
function labelOf(text: string, decoded: string | undefined): string {
  const label = decoded ?? [...text].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  return label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label;
}

/** The nodes of a text with each hidden run in a mark; a single text node when there is none. */
export function textNodes(text: string): Node[] {
  const runs = mayHoldHidden(text) ? findHiddenCharacters(text) : [];
  if (runs.length === 0) return [document.createTextNode(text)];
  const nodes: Node[] = [];
  let at = 0;
  for (const run of runs) {
    if (run.start > at) nodes.push(document.createTextNode(text.slice(at, run.start)));
    const hidden = text.slice(run.start, run.end);
    const mark = document.createElement('span');
    mark.className = 'invisible';
    mark.dataset.kinds = run.kinds.join(' ');
    mark.dataset.show = labelOf(hidden, run.decoded);
    mark.title = run.message;
    mark.textContent = hidden;
    nodes.push(mark);
    at = run.end;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}
