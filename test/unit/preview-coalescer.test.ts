import './vscodeL10n';
import assert from 'node:assert';
import { Coalescer, Timers } from '../../src/extension/preview/sync';

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers the test advances by hand. */
class ManualTimers implements Timers {
  time = 0;
  private queue: Array<{ at: number; callback: () => void; id: number }> = [];
  private ids = 0;
  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.ids;
    this.queue.push({ at: this.time + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((timer) => timer.id !== handle);
  }
  now(): number {
    return this.time;
  }
  get scheduled(): number {
    return this.queue.length;
  }
  /** Runs every timer due by `ms` from now, letting each run's promise settle. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await settle();
      this.queue.sort((a, b) => a.at - b.at);
      const next = this.queue[0];
      if (!next || next.at > until) break;
      this.queue.shift();
      this.time = next.at;
      next.callback();
    }
    this.time = until;
  }
}

describe('preview sync: coalescing', () => {
  it('runs the first change of a burst at once and the rest of the burst in one more run', async () => {
    const timers = new ManualTimers();
    let runs = 0;
    const coalescer = new Coalescer(async () => void runs++, 16, timers);
    coalescer.request();
    await timers.advance(0);
    assert.strictEqual(runs, 1, 'no waiting for typing to stop');
    for (let i = 0; i < 10; i++) coalescer.request();
    await timers.advance(0);
    assert.strictEqual(runs, 1, 'at most one run per interval');
    await timers.advance(16);
    assert.strictEqual(runs, 2, 'the burst shares one run');
    await timers.advance(100);
    assert.strictEqual(runs, 2);
  });

  it('never runs twice at once, and runs again after a run when changes came meanwhile', async () => {
    const timers = new ManualTimers();
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const coalescer = new Coalescer(
      () =>
        new Promise<void>((resolve) => {
          runs++;
          most = Math.max(most, ++running);
          release = () => {
            running--;
            resolve();
          };
        }),
      16,
      timers,
    );
    coalescer.request();
    await timers.advance(0);
    coalescer.request();
    coalescer.request();
    await timers.advance(100);
    assert.strictEqual(runs, 1, 'waits for the run in progress');
    release();
    await timers.advance(100);
    assert.strictEqual(runs, 2);
    release();
    await timers.advance(100);
    assert.strictEqual(runs, 2);
    assert.strictEqual(most, 1);
  });

  it('keeps running after a failed run, and stops when disposed', async () => {
    const timers = new ManualTimers();
    let runs = 0;
    const coalescer = new Coalescer(
      async () => {
        runs++;
        throw new Error('read failed');
      },
      16,
      timers,
    );
    coalescer.request();
    await timers.advance(20);
    coalescer.request();
    await timers.advance(20);
    assert.strictEqual(runs, 2);
    coalescer.request();
    coalescer.dispose();
    await timers.advance(100);
    assert.strictEqual(runs, 2);
    assert.strictEqual(timers.scheduled, 0);
  });
});
