// The one throttle of the extension: gathers requests (optionally keyed items) and runs
// them in one pass, at most once per interval and never two passes at once, so a burst of
// keystrokes costs one pass. No VS Code here: unit tests drive it with their own timers.
import { logUnexpected } from './log';

/** The clock a throttle waits on; tests pass one they advance by hand. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface ThrottleOptions {
  /** Milliseconds between the first request of a burst and its pass (or between passes). */
  readonly delayMs: number;
  /**
   * When true, the first request after a quiet spell runs at once and `delayMs` only spaces
   * passes apart; otherwise the first request of a burst starts the clock (later ones ride
   * along: a throttle, not a debounce, so a long burst still shows progress).
   */
  readonly leading?: boolean;
  readonly timers?: Timers;
}

export class Throttle<T = never> {
  /** Items asked for since the last pass, by key: a later item of a key replaces the earlier. */
  private batch = new Map<unknown, T>();
  private wanted = false;
  private timer: unknown;
  private running = false;
  private lastStart = -Infinity;
  private disposed = false;
  private readonly delayMs: number;
  private readonly leading: boolean;
  private readonly timers: Timers;

  /** `run` gets the items of the pass, in the order first asked for (none for a bare `request`). */
  constructor(
    private readonly run: (items: T[]) => void | Promise<void>,
    options: ThrottleOptions,
  ) {
    this.delayMs = options.delayMs;
    this.leading = options.leading ?? false;
    this.timers = options.timers ?? realTimers;
  }

  /** Asks for a pass carrying `item`; items with the same key (by default the item) merge. */
  add(item: T, key: unknown = item): void {
    if (this.disposed) return;
    this.batch.set(key, item);
    this.request();
  }

  /** Asks for a pass. */
  request(): void {
    if (this.disposed) return;
    this.wanted = true;
    this.schedule();
  }

  /** Runs what is asked for now, unless a pass is under way (then it follows that pass). */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.start();
  }

  /** Drops what is asked for and asks nothing more: no pass starts after this. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.batch.clear();
    this.wanted = false;
  }

  private schedule(): void {
    if (this.running || this.timer !== undefined) return;
    const wait = this.leading ? Math.max(0, this.lastStart + this.delayMs - this.timers.now()) : this.delayMs;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, wait);
  }

  private start(): void {
    if (!this.wanted || this.running || this.disposed) return;
    const items = [...this.batch.values()];
    this.batch = new Map();
    this.wanted = false;
    this.running = true;
    this.lastStart = this.timers.now();
    let result: void | Promise<void> = undefined;
    try {
      result = this.run(items);
    } catch (error) {
      // A failed pass must not stop later ones; the next request retries. The failure is a bug, and is seen.
      logUnexpected('a throttled pass', error);
    }
    // A pass that returns at once is over at once: `flush` delivers synchronously.
    if (result instanceof Promise)
      void result.then(
        () => this.done(),
        (error: unknown) => {
          logUnexpected('a throttled pass', error);
          this.done();
        },
      );
    else this.done();
  }

  /** Requests that came during the pass lead to exactly one more. */
  private done(): void {
    this.running = false;
    if (this.wanted && !this.disposed) this.schedule();
  }
}
