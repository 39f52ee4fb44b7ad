// One bootstrap file's section, and the Heartwood section, as the preview draws them.
// Everything inside `.soul-text` elements, in document order, is the soul exactly;
// headers, bars and cut markers are outside them.
import { bar, ChunkedText, element, setBar, setText } from './dom';
import type { HeartwoodView, Labels, Patch, SectionInit, SectionMeta } from './protocol';

export type OpenFile = (name: string, atCut: boolean) => void;

function header(name: string, labels: Labels, open: OpenFile): { header: HTMLElement; size: HTMLElement; bar: HTMLElement } {
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

export class SectionView {
  readonly element: HTMLElement;
  readonly name: string;
  private readonly separator = element('div', 'soul-text separator');
  private readonly parts: { header: HTMLElement; size: HTMLElement; bar: HTMLElement };
  private readonly text: ChunkedText;
  private readonly cut: HTMLButtonElement;
  private readonly notice = element('div', 'soul-text notice');
  private meta: SectionMeta | undefined;

  constructor(init: SectionInit, private readonly labels: Labels, open: OpenFile) {
    this.name = init.meta.name;
    this.element = element('section', 'section');
    this.element.dataset.name = this.name;
    this.separator.setAttribute('aria-hidden', 'true');
    this.parts = header(this.name, labels, open);
    this.text = new ChunkedText('soul-text section-text', init.head);
    this.cut = cutMarker(this.name, open);
    this.element.append(this.separator, this.parts.header, this.text.element, this.cut, this.notice);
    this.setMeta(init.meta);
  }

  /** The first section has no separator before it; the others have "\n\n". */
  set first(first: boolean) {
    setText(this.separator, first ? '' : '\n\n');
    if (this.separator.hidden !== first) this.separator.hidden = first;
  }

  get length(): number {
    return this.text.length;
  }

  /** The width changed: guess the height of text not yet drawn again. */
  reguess(): void {
    this.text.reguess();
  }

  /** Typing changes the size on every keystroke; the rest only when a cap is crossed. */
  setMeta(meta: SectionMeta): void {
    const before = this.meta;
    this.meta = meta;
    if (before?.state !== meta.state) this.element.dataset.state = meta.state;
    setText(this.parts.size, meta.sizeText);
    setBar(this.parts.bar, meta.fraction, meta.state);
    if (before?.notice === meta.notice && before.cutText === meta.cutText) return;
    this.cut.hidden = meta.notice === '';
    this.cut.textContent = meta.cutText;
    this.cut.title = this.labels.cut;
    setNotice(this.notice, meta.notice);
  }

  setHead(head: string): void {
    this.text.set(head);
  }

  apply(patch: Patch): void {
    this.text.apply(patch);
  }

  /** Where to scroll for the section, or for its cut when it has one. */
  target(cut: boolean): HTMLElement {
    return cut && !this.cut.hidden ? this.cut : this.element;
  }
}

/** The runtime's notice; its leading newline stays in the text but draws no blank line. */
function setNotice(node: HTMLElement, notice: string): void {
  node.replaceChildren();
  node.hidden = notice === '';
  if (notice.startsWith('\n')) {
    node.append(element('span', 'notice-newline', '\n'), document.createTextNode(notice.slice(1)));
  } else if (notice) {
    node.append(document.createTextNode(notice));
  }
}

export class HeartwoodSectionView {
  readonly element = element('section', 'section heartwood');
  private readonly title = element('h2', 'group-title');
  private readonly parts: { header: HTMLElement; size: HTMLElement; bar: HTMLElement };
  private readonly details = element('div', 'details');
  private readonly body = element('div', 'heartwood-text');
  private readonly cut: HTMLButtonElement;

  constructor(private readonly labels: Labels, open: OpenFile) {
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
