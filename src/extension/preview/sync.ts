// Keeping a webview's copy of a soul in step with the editors, cheaply: it remembers
// what the webview holds and turns each change into the smallest message (only the
// changed sections; patches of their text, not the text). Pure (no vscode).
import type {
  DroppedChange,
  DroppedView,
  HeartwoodUpdate,
  HeartwoodView,
  Labels,
  PartPatch,
  Patch,
  RenderMessage,
  SectionUpdate,
  Totals,
  UpdateMessage,
} from '../../webview/protocol';
import { BlockModel, SoulModel } from './blocks';
import { totalsText } from './soulModel';
import { isHighSurrogate, isLowSurrogate } from '../../core/surrogates';

const BLOCK = 2048;

/**
 * The edit turning `before` into `after`: their common prefix and suffix stay, the
 * middle is replaced. Never splits a surrogate pair. Undefined when they are equal.
 */
export function diffText(before: string, after: string): Patch | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  // Whole blocks first: comparing slices runs in native code, a char loop does not.
  while (start + BLOCK <= shorter && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore - BLOCK >= start && endAfter - BLOCK >= start && before.slice(endBefore - BLOCK, endBefore) === after.slice(endAfter - BLOCK, endAfter)) {
    endBefore -= BLOCK;
    endAfter -= BLOCK;
  }
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  if (endBefore < before.length && isLowSurrogate(before.charCodeAt(endBefore))) {
    endBefore++;
    endAfter++;
  }
  return { start, deleteCount: endBefore - start, insert: after.slice(start, endAfter) };
}

interface Held {
  readonly head: string;
  readonly tail: string;
  readonly metaKey: string;
  readonly dropped?: DroppedView;
}

export interface RenderInput {
  readonly persona?: { readonly uri: string; readonly label: string };
  readonly empty?: string;
  readonly wrap: boolean;
  readonly labels: Labels;
  /** The soul's blocks; none without a persona. */
  readonly soul?: SoulModel;
  readonly heartwood?: HeartwoodView;
}

/** The changes of the soul's blocks since the last message. */
export interface SoulChanges {
  readonly parts: readonly SectionUpdate[];
  readonly preamble?: string;
}

function patchOf(before: string, after: string): PartPatch | undefined {
  const patch = diffText(before, after);
  return patch && { patch, length: after.length };
}

function droppedChange(before: DroppedView | undefined, after: DroppedView | undefined): DroppedChange | undefined {
  if (!before || !after) return before === after ? undefined : { kind: 'set', view: after };
  const text = patchOf(before.text, after.text);
  if (!text && before.label === after.label && before.moreText === after.moreText) return undefined;
  if (!text) return { kind: 'set', view: after };
  return { kind: 'patch', text, label: after.label, moreText: after.moreText };
}

/** What one webview holds, and the messages that bring it up to date. */
export class SoulSync {
  private generation = 0;
  private seq = 0;
  private readonly held = new Map<string, Held>();
  private preamble = '';
  private order: readonly string[] = [];
  private totals: Totals;
  private heartwoodKey: string | undefined;

  constructor() {
    this.totals = this.noTotals();
  }

  /** The generation of the last render: a message for the page it drew carries it. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** Everything, from scratch: the webview drops whatever it held before. */
  render(input: RenderInput): RenderMessage {
    this.generation++;
    this.held.clear();
    const sections = input.soul?.sections ?? [];
    for (const section of sections) this.hold(section);
    this.preamble = input.soul?.preamble ?? '';
    this.order = sections.map((section) => section.meta.name);
    // With no persona there is no soul to size: the page says only what its empty text says.
    this.totals = input.soul?.totals ?? (input.persona ? this.noTotals() : { ...this.noTotals(), text: '' });
    this.heartwoodKey = input.heartwood && JSON.stringify(input.heartwood);
    return {
      type: 'render',
      generation: this.generation,
      seq: ++this.seq,
      persona: input.persona,
      empty: input.empty,
      wrap: input.wrap,
      labels: input.labels,
      preamble: this.preamble,
      sections: sections.map((section) => ({ meta: section.meta, head: section.head, tail: section.tail, dropped: section.dropped })),
      totals: this.totals,
      heartwood: input.heartwood,
    };
  }

  /** Each changed block of the soul, as a patch where it can be; sections gone are removed. */
  soul(model: SoulModel): SoulChanges {
    const parts: SectionUpdate[] = [];
    const names = new Set(model.sections.map((section) => section.meta.name));
    for (const name of [...this.held.keys()]) {
      if (names.has(name)) continue;
      this.held.delete(name);
      parts.push({ kind: 'section', name, change: { kind: 'remove' } });
    }
    for (const section of model.sections) {
      const part = this.section(section);
      if (part) parts.push(part);
    }
    this.order = model.sections.map((section) => section.meta.name);
    this.totals = model.totals;
    if (model.preamble === this.preamble) return { parts };
    this.preamble = model.preamble;
    return { parts, preamble: model.preamble };
  }

  /** One section's change, or undefined when nothing of it changed. */
  private section(model: BlockModel): SectionUpdate | undefined {
    const before = this.held.get(model.meta.name);
    const after = this.hold(model);
    const dropped = droppedChange(before?.dropped, after.dropped);
    const base = { kind: 'section', name: model.meta.name, meta: model.meta, dropped } as const;
    if (!before) return { ...base, change: { kind: 'set', head: after.head, tail: after.tail } };
    const head = patchOf(before.head, after.head);
    const tail = patchOf(before.tail, after.tail);
    if (head || tail) return { ...base, change: { kind: 'patch', head, tail } };
    if (before.metaKey !== after.metaKey || dropped) return { ...base, change: { kind: 'meta' } };
    return undefined;
  }

  /** Heartwood's change, or undefined when nothing changed. */
  heartwood(view: HeartwoodView | undefined): HeartwoodUpdate | undefined {
    const key = view && JSON.stringify(view);
    if (key === this.heartwoodKey) return undefined;
    this.heartwoodKey = key;
    return { kind: 'heartwood', heartwood: view };
  }

  /** One message for the changes of a pass, or undefined when there are none. */
  update(soul: SoulChanges | undefined, heartwood?: HeartwoodUpdate): UpdateMessage | undefined {
    const parts: Array<SectionUpdate | HeartwoodUpdate> = [...(soul?.parts ?? [])];
    if (heartwood) parts.push(heartwood);
    if (parts.length === 0 && soul?.preamble === undefined) return undefined;
    return {
      type: 'update',
      generation: this.generation,
      seq: ++this.seq,
      parts,
      preamble: soul?.preamble,
      order: this.order,
      totals: this.totals,
    };
  }

  private hold(model: BlockModel): Held {
    const held = { head: model.head, tail: model.tail, metaKey: JSON.stringify(model.meta), dropped: model.dropped };
    this.held.set(model.meta.name, held);
    return held;
  }

  private noTotals(): Totals {
    return { bytes: 0, text: totalsText(0, 0), runtimeText: '', state: 'missing', unsent: [] };
  }
}
