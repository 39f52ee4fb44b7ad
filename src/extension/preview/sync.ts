// Keeping a webview's copy of a soul in step with the editors, cheaply: it remembers
// what the webview holds and turns each change into the smallest message (only the
// changed section; a patch of its text, not the text). Pure (no vscode).
import { BOOTSTRAP_ORDER, soulByteLength } from '../../core';
import type {
  HeartwoodUpdate,
  HeartwoodView,
  Labels,
  Patch,
  RenderMessage,
  SectionUpdate,
  Totals,
  UpdateMessage,
} from '../../webview/protocol';
import { headOf, SectionModel, totalsText, Translate } from './soulModel';

const BLOCK = 2048;

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

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
  while (
    endBefore - BLOCK >= start &&
    endAfter - BLOCK >= start &&
    before.slice(endBefore - BLOCK, endBefore) === after.slice(endAfter - BLOCK, endAfter)
  ) {
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
  readonly heading: string;
  readonly kept: string;
  readonly metaKey: string;
  readonly soulBytes: number;
}

export interface RenderInput {
  readonly persona?: { readonly uri: string; readonly label: string };
  readonly empty?: string;
  readonly wrap: boolean;
  readonly labels: Labels;
  readonly sections: readonly SectionModel[];
  readonly heartwood?: HeartwoodView;
}

/** What one webview holds, and the messages that bring it up to date. */
export class SoulSync {
  private generation = 0;
  private seq = 0;
  private readonly held = new Map<string, Held>();
  private heartwoodKey: string | undefined;

  constructor(private readonly t: Translate) {}

  /** Everything, from scratch: the webview drops whatever it held before. */
  render(input: RenderInput): RenderMessage {
    this.generation++;
    this.held.clear();
    for (const section of input.sections) this.hold(section);
    this.heartwoodKey = input.heartwood && JSON.stringify(input.heartwood);
    return {
      type: 'render',
      generation: this.generation,
      seq: ++this.seq,
      persona: input.persona,
      empty: input.empty,
      wrap: input.wrap,
      labels: input.labels,
      sections: input.sections.map((section) => ({ meta: section.meta, head: headOf(section) })),
      totals: this.totals(),
      heartwood: input.heartwood,
    };
  }

  /** The change of one bootstrap file (undefined: absent), or undefined when nothing changed. */
  section(name: string, model: SectionModel | undefined): SectionUpdate | undefined {
    const before = this.held.get(name);
    if (!model) {
      if (!before) return undefined;
      this.held.delete(name);
      return { kind: 'section', name, change: { kind: 'remove' } };
    }
    const after = this.hold(model);
    const base = { kind: 'section', name, meta: model.meta } as const;
    if (!before) return { ...base, change: { kind: 'set', head: headOf(model) } };
    const length = after.heading.length + after.kept.length;
    if (before.heading !== after.heading) return { ...base, change: { kind: 'set', head: headOf(model) } };
    // Diff the bodies (flat strings), then shift past the heading the webview also holds.
    const patch = diffText(before.kept, after.kept);
    if (patch) return { ...base, change: { kind: 'patch', patch: { ...patch, start: patch.start + after.heading.length }, length } };
    if (before.metaKey !== after.metaKey || before.soulBytes !== after.soulBytes) return { ...base, change: { kind: 'meta' } };
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
  update(parts: ReadonlyArray<SectionUpdate | HeartwoodUpdate | undefined>): UpdateMessage | undefined {
    const changed = parts.filter((part): part is SectionUpdate | HeartwoodUpdate => part !== undefined);
    if (changed.length === 0) return undefined;
    return { type: 'update', generation: this.generation, seq: ++this.seq, parts: changed, totals: this.totals() };
  }

  private hold(model: SectionModel): Held {
    const held = { heading: model.heading, kept: model.kept, metaKey: JSON.stringify(model.meta), soulBytes: model.soulBytes };
    this.held.set(model.meta.name, held);
    return held;
  }

  private totals(): Totals {
    const present = BOOTSTRAP_ORDER.filter((name) => this.held.has(name));
    const bytes = soulByteLength(present.map((name) => this.held.get(name)!.soulBytes));
    return {
      bytes,
      text: totalsText(bytes, present.length, this.t),
      missing: BOOTSTRAP_ORDER.filter((name) => !this.held.has(name)),
    };
  }
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * Runs `work` soon after a request, at most once per `interval`, never twice at once.
 * Requests during a run lead to exactly one more run. The first request of a burst
 * runs at once (no waiting for typing to stop); the rest of the burst shares one run.
 */
export class Coalescer {
  private timer: unknown;
  private running = false;
  private pending = false;
  private last = -Infinity;
  private disposed = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly interval = 16,
    private readonly timers: Timers = realTimers,
  ) {}

  request(): void {
    if (this.disposed) return;
    this.pending = true;
    if (this.running || this.timer !== undefined) return;
    const wait = Math.max(0, this.last + this.interval - this.timers.now());
    this.timer = this.timers.setTimeout(() => void this.fire(), wait);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    if (!this.pending || this.disposed) return;
    this.pending = false;
    this.running = true;
    this.last = this.timers.now();
    try {
      await this.work();
    } catch {
      // A failed update must not stop later ones; the next change retries.
    } finally {
      this.running = false;
    }
    if (this.pending) {
      this.pending = false;
      this.request();
    }
  }
}
