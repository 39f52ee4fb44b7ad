// The one throttle, driven by timers the test advances: bursts, passes under way, flush, failures, dispose.
import assert from 'node:assert';
import { Throttle, Timers } from '../../src/extension/util/throttle';

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers the test advances by hand: no test waits on the clock. */
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

/** A pass that stays under way until the test releases it. */
function heldPasses<T>() {
  const passes: T[][] = [];
  const releases: Array<() => void> = [];
  let running = 0;
  let most = 0;
  const run = (items: T[]) =>
    new Promise<void>((resolve) => {
      passes.push(items);
      most = Math.max(most, ++running);
      releases.push(() => (running--, resolve()));
    });
  return { passes, run, release: () => releases.shift()!(), most: () => most };
}

describe('throttle', () => {
  it('runs a burst once, with every key, the first request starting the clock', async () => {
    const timers = new ManualTimers();
    const passes: string[][] = [];
    const throttle = new Throttle<string>((items) => void passes.push(items), { delayMs: 50, timers });
    throttle.add('a');
    await timers.advance(30);
    throttle.add('b');
    throttle.add('a');
    await timers.advance(19);
    assert.deepStrictEqual(passes, [], 'not before the delay');
    await timers.advance(1);
    assert.deepStrictEqual(passes, [['a', 'b']], '50 ms after the first request, not after the last');
    await timers.advance(500);
    assert.deepStrictEqual(passes, [['a', 'b']]);
    throttle.dispose();
  });

  it('keeps the latest item of a key, in the order the keys were first asked for', async () => {
    const timers = new ManualTimers();
    const passes: Array<Array<{ name: string; version: number }>> = [];
    const throttle = new Throttle<{ name: string; version: number }>((items) => void passes.push(items), { delayMs: 10, timers });
    throttle.add({ name: 'SOUL.md', version: 1 }, 'SOUL.md');
    throttle.add({ name: 'AGENTS.md', version: 1 }, 'AGENTS.md');
    throttle.add({ name: 'SOUL.md', version: 2 }, 'SOUL.md');
    await timers.advance(10);
    assert.deepStrictEqual(passes, [
      [
        { name: 'SOUL.md', version: 2 },
        { name: 'AGENTS.md', version: 1 },
      ],
    ]);
    throttle.dispose();
  });

  it('keeps running during a burst longer than its delay (a throttle, not a debounce)', async () => {
    const timers = new ManualTimers();
    const passes: number[][] = [];
    const throttle = new Throttle<number>((items) => void passes.push(items), { delayMs: 20, timers });
    for (let i = 0; i < 10; i++) {
      throttle.add(i);
      await timers.advance(5);
    }
    assert.deepStrictEqual(passes, [
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
    await timers.advance(20);
    assert.deepStrictEqual(passes.at(-1), [8, 9]);
    throttle.dispose();
  });

  it('does not lose a change made while a pass is under way, and never runs two at once', async () => {
    const timers = new ManualTimers();
    const held = heldPasses<string>();
    const throttle = new Throttle<string>(held.run, { delayMs: 10, timers });
    throttle.add('a');
    await timers.advance(10);
    assert.deepStrictEqual(held.passes, [['a']]);
    throttle.add('b');
    throttle.add('c');
    throttle.flush();
    await timers.advance(100);
    assert.strictEqual(held.passes.length, 1, 'waits for the pass under way, flushed or not');
    held.release();
    await timers.advance(9);
    assert.strictEqual(held.passes.length, 1, 'the next pass is a delay after the last ended');
    await timers.advance(1);
    assert.deepStrictEqual(held.passes, [['a'], ['b', 'c']]);
    held.release();
    await timers.advance(100);
    assert.strictEqual(held.passes.length, 2);
    assert.strictEqual(held.most(), 1);
    throttle.dispose();
  });

  it('does not lose a change asked for by the pass itself', async () => {
    const timers = new ManualTimers();
    const passes: string[][] = [];
    const throttle: Throttle<string> = new Throttle<string>(
      (items) => {
        passes.push(items);
        if (items.includes('first')) throttle.add('again');
      },
      { delayMs: 10, timers },
    );
    throttle.add('first');
    await timers.advance(20);
    assert.deepStrictEqual(passes, [['first'], ['again']]);
    throttle.dispose();
  });

  it('runs the first request at once when leading, and spaces later passes apart', async () => {
    const timers = new ManualTimers();
    let runs = 0;
    const throttle = new Throttle(async () => void runs++, { delayMs: 16, leading: true, timers });
    throttle.request();
    await timers.advance(0);
    assert.strictEqual(runs, 1, 'no waiting for typing to stop');
    for (let i = 0; i < 10; i++) throttle.request();
    await timers.advance(15);
    assert.strictEqual(runs, 1, 'at most one pass per interval');
    await timers.advance(1);
    assert.strictEqual(runs, 2, 'the burst shares one pass');
    await timers.advance(100);
    assert.strictEqual(runs, 2);
    throttle.request();
    await timers.advance(0);
    assert.strictEqual(runs, 3, 'after a quiet spell, at once again');
    throttle.dispose();
  });

  it('flushes what is asked for at once, and nothing when nothing is', async () => {
    const timers = new ManualTimers();
    const passes: string[][] = [];
    const throttle = new Throttle<string>((items) => void passes.push(items), { delayMs: 1000, timers });
    throttle.flush();
    assert.deepStrictEqual(passes, []);
    throttle.add('a');
    throttle.flush();
    assert.deepStrictEqual(passes, [['a']], 'synchronously');
    assert.strictEqual(timers.scheduled, 0, 'the waiting timer is gone');
    throttle.add('b');
    throttle.flush();
    await timers.advance(2000);
    assert.deepStrictEqual(passes, [['a'], ['b']]);
    throttle.dispose();
  });

  it('keeps running after a failed pass, thrown or rejected', async () => {
    const timers = new ManualTimers();
    let runs = 0;
    const failing = new Throttle(
      () => {
        runs++;
        throw new Error('read failed');
      },
      { delayMs: 10, timers },
    );
    const rejecting = new Throttle(
      async () => {
        runs++;
        throw new Error('read failed');
      },
      { delayMs: 10, timers },
    );
    failing.request();
    rejecting.request();
    await timers.advance(10);
    failing.request();
    rejecting.request();
    await timers.advance(10);
    assert.strictEqual(runs, 4);
    failing.dispose();
    rejecting.dispose();
  });

  it('cancels on dispose: no pending pass runs, nothing later is taken', async () => {
    const timers = new ManualTimers();
    const passes: string[][] = [];
    const throttle = new Throttle<string>((items) => void passes.push(items), { delayMs: 10, timers });
    throttle.add('a');
    throttle.dispose();
    assert.strictEqual(timers.scheduled, 0);
    throttle.add('b');
    throttle.request();
    throttle.flush();
    await timers.advance(100);
    assert.deepStrictEqual(passes, []);
    assert.strictEqual(timers.scheduled, 0);
  });

  it('runs no further pass when disposed while one is under way', async () => {
    const timers = new ManualTimers();
    const held = heldPasses<string>();
    const throttle = new Throttle<string>(held.run, { delayMs: 10, timers });
    throttle.add('a');
    await timers.advance(10);
    throttle.add('b');
    throttle.dispose();
    held.release();
    await timers.advance(100);
    assert.deepStrictEqual(held.passes, [['a']]);
    assert.strictEqual(timers.scheduled, 0);
  });
});
