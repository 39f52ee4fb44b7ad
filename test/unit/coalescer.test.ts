import assert from 'node:assert';
import { ALL, Coalescer } from '../../src/extension/tree/coalescer';

type Delivery = ReadonlySet<string> | typeof ALL;

function waitFor(deliveries: Delivery[], count: number): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (deliveries.length >= count ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

describe('tree refresh coalescing', () => {
  it('delivers a burst of changes once, with every key', async () => {
    const deliveries: Delivery[] = [];
    const coalescer = new Coalescer<string>(20, (keys) => deliveries.push(keys));
    coalescer.add('a');
    coalescer.add('b');
    coalescer.add('a');
    await waitFor(deliveries, 1);
    assert.deepStrictEqual(deliveries, [new Set(['a', 'b'])]);
    coalescer.dispose();
  });

  it('lets "everything" swallow single keys', () => {
    const deliveries: Delivery[] = [];
    const coalescer = new Coalescer<string>(1000, (keys) => deliveries.push(keys));
    coalescer.add('a');
    coalescer.add(ALL);
    coalescer.add('b');
    coalescer.flush();
    assert.deepStrictEqual(deliveries, [ALL]);
    coalescer.dispose();
  });

  it('starts afresh after a delivery and delivers nothing when idle', () => {
    const deliveries: Delivery[] = [];
    const coalescer = new Coalescer<string>(1000, (keys) => deliveries.push(keys));
    coalescer.flush();
    assert.deepStrictEqual(deliveries, []);
    coalescer.add('a');
    coalescer.flush();
    coalescer.add('b');
    coalescer.flush();
    assert.deepStrictEqual(deliveries, [new Set(['a']), new Set(['b'])]);
    coalescer.dispose();
  });

  it('keeps delivering during a burst longer than its interval', async () => {
    const deliveries: Delivery[] = [];
    const coalescer = new Coalescer<string>(10, (keys) => deliveries.push(keys));
    let i = 0;
    // Keeps adding until a first delivery arrives while adds are still coming:
    // a debounce would never deliver here.
    await new Promise<void>((resolve) => {
      const tick = () => {
        coalescer.add(String(i++));
        if (deliveries.length > 0) resolve();
        else setTimeout(tick, 2);
      };
      tick();
    });
    assert.ok(deliveries.length >= 1);
    coalescer.dispose();
  });

  it('delivers nothing after dispose', async () => {
    const deliveries: Delivery[] = [];
    const coalescer = new Coalescer<string>(5, (keys) => deliveries.push(keys));
    coalescer.add('a');
    coalescer.dispose();
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepStrictEqual(deliveries, []);
  });
});
