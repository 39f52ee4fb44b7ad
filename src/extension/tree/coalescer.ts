// Gathers changes and delivers them at most once per interval, so typing into a
// large file re-renders a few tree items a few times a second, not on every keystroke.
// No VS Code here: unit-tested on its own.

/** `ALL` stands for "everything changed", which swallows any single key. */
export const ALL = Symbol('all');

export class Coalescer<K> {
  private pending = new Set<K>();
  private all = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly deliver: (keys: ReadonlySet<K> | typeof ALL) => void,
  ) {}

  /** Marks a key (or everything) changed; delivery follows within `delayMs`. */
  add(key: K | typeof ALL): void {
    if (key === ALL) this.all = true;
    else this.pending.add(key);
    // The first change of a burst starts the clock; later ones ride along (a throttle,
    // not a debounce, so a long burst still shows progress).
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  /** Delivers what is pending now. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.all && this.pending.size === 0) return;
    const keys = this.all ? ALL : this.pending;
    this.all = false;
    this.pending = new Set();
    this.deliver(keys);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.all = false;
  }
}
