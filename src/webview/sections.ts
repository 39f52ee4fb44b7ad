// One file's section, and the Heartwood section, as the preview draws them.
// Everything inside `.soul-text` elements, in document order, is the soul exactly;
// headers, bars, cut lines and revealed dropped text are outside them.
import { bar, ChunkedText, element, setBar, setText } from './dom';
import type { DroppedChange, DroppedView, HeartwoodView, Labels, LinkedView, PartPatch, SectionInit, SectionMeta } from './protocol';

export type OpenFile = (name: string, atCut: boolean) => void;

interface Header {
  readonly header: HTMLElement;
  readonly size: HTMLElement;
  readonly bar: HTMLElement;
}

function header(name: string, labels: Labels, open: OpenFile): Header {
  const head = element('div', 'section-header');
  const link = element('button', 'file-link', name);
  link.type = 'button';
  link.title = `${labels.openFile}: ${name}`;
  link.addEventListener('click', () => open(name, false));
  const size = element('span', 'size');
  const meter = bar(name);
  head.append(link, size, meter);
  return { header: head, size, bar: meter };
}

function cutMarker(name: string, open: OpenFile): HTMLButtonElement {
  const marker = element('button', 'cut-line');
  marker.type = 'button';
  marker.hidden = true;
  marker.addEventListener('click', () => open(name, true));
  return marker;
}

/** A short text of the header, hidden when empty. */
function setLine(node: HTMLElement, text: string | undefined): void {
  setText(node, text ?? '');
  if (node.hidden !== !text) node.hidden = !text;
}

/** What the runtime drops, shown in place: dimmed, struck, labelled, and never soul text. */
class DroppedText {
  readonly element = element('div', 'dropped');
  private readonly label = element('div', 'dropped-label');
  private readonly text = new ChunkedText('dropped-text', '');
  private readonly more = element('div', 'dropped-more');

  constructor() {
    this.element.hidden = true;
    this.element.setAttribute('role', 'note');
    this.element.append(this.label, this.text.element, this.more);
  }

  set(view: DroppedView | undefined): void {
    this.element.hidden = !view;
    if (!view) return this.text.set('');
    this.text.set(view.text);
    this.describe(view.label, view.moreText);
  }

  /** False when the patch does not fit what is shown. */
  patch(change: PartPatch, label: string, moreText: string): boolean {
    if (this.element.hidden) return false;
    this.text.apply(change.patch);
    this.describe(label, moreText);
    return this.text.length === change.length;
  }

  reguess(): void {
    this.text.reguess();
  }

  private describe(label: string, moreText: string): void {
    setText(this.label, label);
    this.element.setAttribute('aria-label', label);
    setLine(this.more, moreText);
  }
}

/** A linked file held back: where it leads, why, and a button to show it (none in Restricted Mode). */
class LinkedPlaceholder {
  readonly element = element('div', 'linked');
  private readonly text = element('div', 'linked-text');
  private readonly detail = element('div', 'linked-detail');
  private readonly show = element('button', 'linked-show');
  private key = '';

  constructor(name: string, showLinked: (name: string) => void) {
    this.element.hidden = true;
    this.element.setAttribute('role', 'note');
    this.show.type = 'button';
    this.show.addEventListener('click', () => showLinked(name));
    this.element.append(this.text, this.detail, this.show);
  }

  set(view: LinkedView | undefined): void {
    const key = JSON.stringify(view ?? null);
    if (key === this.key) return;
    this.key = key;
    this.element.hidden = !view;
    setText(this.text, view?.text ?? '');
    setText(this.detail, view?.detail ?? '');
    setLine(this.show, view?.show);
  }
}

/**
 * One file's section: header, then its text as the runtime sends it (head, marker,
 * tail) and the separator after it. What the runtime drops can be shown between head
 * and marker, outside the soul's text.
 */
export class SectionView {
  readonly element: HTMLElement;
  readonly name: string;
  private readonly parts: Header;
  private readonly counts = element('span', 'counts');
  private readonly note = element('span', 'note');
  private readonly tokens = element('span', 'tokens');
  private readonly reveal = element('button', 'reveal');
  private readonly head: ChunkedText;
  private readonly cut: HTMLButtonElement;
  private readonly dropped = new DroppedText();
  private readonly linked: LinkedPlaceholder;
  private readonly marker = element('div', 'soul-text marker notice');
  private readonly tail: ChunkedText;
  private readonly separator = element('div', 'soul-text separator');
  private meta: SectionMeta | undefined;

  constructor(
    init: SectionInit,
    private readonly labels: Labels,
    open: OpenFile,
    toggle: (name: string) => void,
    showLinked: (name: string) => void,
  ) {
    this.name = init.meta.name;
    this.linked = new LinkedPlaceholder(this.name, showLinked);
    this.element = element('section', 'section');
    this.element.dataset.name = this.name;
    this.separator.setAttribute('aria-hidden', 'true');
    this.parts = header(this.name, labels, open);
    this.reveal.type = 'button';
    this.reveal.addEventListener('click', () => toggle(this.name));
    this.parts.header.insertBefore(this.counts, this.parts.bar);
    this.parts.header.insertBefore(this.tokens, this.parts.bar);
    this.parts.header.insertBefore(this.reveal, this.parts.bar);
    this.parts.header.append(this.note);
    this.head = new ChunkedText('soul-text section-text', init.head);
    this.tail = new ChunkedText('soul-text section-text tail', init.tail);
    this.cut = cutMarker(this.name, open);
    this.element.append(this.parts.header, this.linked.element, this.head.element, this.cut, this.dropped.element, this.marker, this.tail.element, this.separator);
    this.setMeta(init.meta);
    this.dropped.set(init.dropped);
    this.layout();
  }

  get headLength(): number {
    return this.head.length;
  }

  get tailLength(): number {
    return this.tail.length;
  }

  /** The width changed: guess the height of text not yet drawn again. */
  reguess(): void {
    this.head.reguess();
    this.tail.reguess();
    this.dropped.reguess();
  }

  /** The section's tokens as sent, beside its size; none hides them. */
  setTokens(text: string | undefined): void {
    setLine(this.tokens, text);
  }

  /** Typing changes the size on every keystroke; the rest only when a cap is crossed. */
  setMeta(meta: SectionMeta): void {
    const before = this.meta;
    this.meta = meta;
    if (before?.state !== meta.state) this.element.dataset.state = meta.state;
    if (before?.status !== meta.status) this.element.dataset.status = meta.status;
    setText(this.parts.size, meta.sizeText);
    setBar(this.parts.bar, meta.fraction, meta.state);
    setLine(this.counts, meta.countsText);
    setLine(this.note, meta.note);
    // Tokens come in messages of their own (setTokens); a meta only sets them when it has them.
    if (meta.tokensText !== undefined) setLine(this.tokens, meta.tokensText);
    setText(this.separator, meta.separator);
    this.linked.set(meta.linked);
    this.reveal.hidden = !meta.cut;
    setText(this.reveal, meta.revealed ? this.labels.hideDropped : this.labels.showDropped);
    this.reveal.setAttribute('aria-pressed', String(meta.revealed));
    if (before?.marker !== meta.marker) {
      this.marker.replaceChildren();
      // The marker's leading newline stays in the text; it draws a blank line only after one.
      if (meta.marker.startsWith('\n')) this.marker.append(element('span', 'marker-newline', '\n'), document.createTextNode(meta.marker.slice(1)));
      else if (meta.marker) this.marker.append(document.createTextNode(meta.marker));
      this.marker.hidden = meta.marker === '';
      this.layout();
    }
    if (before?.cutText === meta.cutText) return;
    this.cut.hidden = meta.cutText === '';
    this.cut.textContent = meta.cutText;
    this.cut.title = this.labels.cut;
  }

  setText(head: string, tail: string): void {
    this.head.set(head);
    this.tail.set(tail);
    this.layout();
  }

  /** False when a patch does not fit the text it was made from. */
  apply(head: PartPatch | undefined, tail: PartPatch | undefined): boolean {
    if (head) this.head.apply(head.patch);
    if (tail) this.tail.apply(tail.patch);
    this.layout();
    return (!head || this.head.length === head.length) && (!tail || this.tail.length === tail.length);
  }

  /** The revealed dropped text; false when a patch does not fit it. */
  applyDropped(change: DroppedChange): boolean {
    if (change.kind === 'set') {
      this.dropped.set(change.view);
      return true;
    }
    return this.dropped.patch(change.text, change.label, change.moreText);
  }

  /** Where to scroll for the section, or for its cut when it has one. */
  target(cut: boolean): HTMLElement {
    return cut && !this.cut.hidden ? this.cut : this.element;
  }

  private layout(): void {
    this.tail.element.hidden = this.tail.length === 0;
    this.marker.classList.toggle('after-newline', this.head.lastChar === '\n');
  }
}

export class HeartwoodSectionView {
  readonly element = element('section', 'section heartwood');
  private readonly title = element('h2', 'group-title');
  private readonly parts: Header;
  private readonly details = element('div', 'details');
  private readonly body = element('div', 'heartwood-text');
  private readonly cut: HTMLButtonElement;

  constructor(
    private readonly labels: Labels,
    open: OpenFile,
  ) {
    this.element.dataset.name = 'HEARTWOOD.md';
    this.title.textContent = labels.heartwood;
    this.parts = header('HEARTWOOD.md', labels, open);
    this.cut = cutMarker('HEARTWOOD.md', open);
    this.element.append(this.title, this.parts.header, this.details, this.body, this.cut);
  }

  update(view: HeartwoodView): void {
    this.element.dataset.state = view.state;
    this.parts.size.textContent = view.sizeText;
    setBar(this.parts.bar, view.fraction, view.state);
    this.details.textContent = view.partsText;
    // Identity, then the voice part from its heading on, each as a text node.
    const identity = view.voiceAt < 0 ? view.text : view.text.slice(0, view.voiceAt);
    const children: Node[] = [document.createTextNode(identity)];
    if (view.voiceAt >= 0) children.push(element('span', 'voice', view.text.slice(view.voiceAt)));
    this.body.replaceChildren(...children);
    this.body.hidden = view.text === '';
    this.cut.hidden = !view.truncated;
    this.cut.textContent = view.cutText;
    this.cut.title = this.labels.cut;
  }

  target(cut: boolean): HTMLElement {
    return cut && !this.cut.hidden ? this.cut : this.element;
  }
}
