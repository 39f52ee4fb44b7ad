// DOM helpers for the preview. Persona text only ever enters the page as text nodes
// (textContent, Text.data): never as HTML.
import { estimateRows, planChunkEdit, splitChunks } from './chunks';
import type { Patch } from './protocol';
import { mayHoldHidden, textNodes } from './invisible';

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Sets a node's text only when it differs: an unchanged header costs no layout. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** The bar against a cap: full width is the cap; past it the bar is full. */
export function setBar(bar: HTMLElement, fraction: number, state: string): void {
  const fill = bar.firstElementChild as HTMLElement;
  const width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  // CSSOM, not a style attribute: the CSP allows no inline styles.
  if (fill.style.width !== width) fill.style.width = width;
  const now = String(Math.round(fraction * 100));
  if (bar.getAttribute('aria-valuenow') !== now) bar.setAttribute('aria-valuenow', now);
  if (bar.dataset.state !== state) bar.dataset.state = state;
}

export function bar(label: string): HTMLElement {
  const node = element('div', 'bar');
  node.setAttribute('role', 'meter');
  node.setAttribute('aria-label', label);
  node.setAttribute('aria-valuemin', '0');
  node.setAttribute('aria-valuemax', '100');
  node.append(element('div', 'bar-fill'));
  return node;
}

/** How many characters fit on a row of the soul's text in `container` (Infinity without wrapping). */
export function measureColumns(container: HTMLElement): number {
  if (!document.body.classList.contains('wrap')) return Infinity;
  const probe = element('div', 'soul-text section-text');
  const sample = element('span', undefined, 'x'.repeat(10));
  probe.append(sample);
  container.append(probe);
  const style = getComputedStyle(probe);
  const width = probe.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const columns = Math.floor(width / (sample.getBoundingClientRect().width / 10));
  probe.remove();
  return Number.isFinite(columns) && columns > 0 ? columns : Infinity;
}

/** One chunk: its block, its text, and its one text node while it holds no hidden character. */
interface Chunk {
  readonly block: HTMLElement;
  data: string;
  plain?: Text;
}

/**
 * A text held as a column of chunk blocks, one text node each: an edit touches one
 * node with `replaceData`, so the browser re-lays out a few KB, not the whole file.
 * A chunk holding invisible characters shows them marked (see invisible.ts), and is drawn
 * again on an edit. Off-screen chunks are skipped by layout (content-visibility in the stylesheet).
 */
export class ChunkedText {
  /** Characters on a row of the preview's text (Infinity when it does not wrap). */
  static columns = Infinity;
  readonly element: HTMLElement;
  private chunks: Chunk[] = [];

  constructor(className: string, text: string) {
    this.element = element('div', className);
    this.set(text);
  }

  get length(): number {
    let length = 0;
    for (const chunk of this.chunks) length += chunk.data.length;
    return length;
  }

  /** Guesses the heights of the chunks again, for a new width. */
  reguess(): void {
    for (const chunk of this.chunks) guessHeight(chunk.block, chunk.data);
  }

  /** The text's last UTF-16 unit ('' when empty). */
  get lastChar(): string {
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      const data = this.chunks[i].data;
      if (data.length > 0) return data[data.length - 1];
    }
    return '';
  }

  get text(): string {
    return this.chunks.map((chunk) => chunk.data).join('');
  }

  set(text: string): void {
    this.chunks = splitChunks(text).map((data) => this.chunk(data));
    this.element.replaceChildren(...this.chunks.map((chunk) => chunk.block));
  }

  apply(patch: Patch): void {
    const plan = planChunkEdit(
      this.chunks.map((chunk) => chunk.data),
      patch,
    );
    if (plan.kind === 'inPlace') {
      const chunk = this.chunks[plan.index];
      chunk.data = chunk.data.slice(0, plan.offset) + plan.insert + chunk.data.slice(plan.offset + plan.deleteCount);
      if (chunk.plain && !mayHoldHidden(plan.insert)) chunk.plain.replaceData(plan.offset, plan.deleteCount, plan.insert);
      else draw(chunk);
      return;
    }
    const before = this.chunks[plan.to]?.block ?? null;
    for (const chunk of this.chunks.slice(plan.from, plan.to)) chunk.block.remove();
    const added = plan.chunks.map((data) => this.chunk(data));
    for (const chunk of added) this.element.insertBefore(chunk.block, before);
    this.chunks.splice(plan.from, plan.to - plan.from, ...added);
  }

  private chunk(data: string): Chunk {
    const chunk: Chunk = { block: element('span', 'chunk'), data };
    draw(chunk);
    guessHeight(chunk.block, data);
    return chunk;
  }
}

/** A chunk's nodes from its text: one text node, or text and marks of hidden characters. */
function draw(chunk: Chunk): void {
  const nodes = textNodes(chunk.data);
  chunk.plain = nodes.length === 1 && nodes[0] instanceof Text ? nodes[0] : undefined;
  chunk.block.replaceChildren(...nodes);
}

/** Off-screen chunks are not laid out: this guesses a chunk's height until it is drawn. */
function guessHeight(block: HTMLElement, text: string): void {
  const rows = estimateRows(text, ChunkedText.columns);
  // "auto": once drawn, the chunk keeps its real height.
  block.style.setProperty('contain-intrinsic-block-size', `auto ${rows * 1.5}em`);
}
