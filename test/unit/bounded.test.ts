// mapBounded: every item's work done, in the items' order, never more than the limit at once.
import assert from 'node:assert';
import { mapBounded } from '../../src/core';

describe('mapBounded', () => {
  it('keeps the order of the items, with at most the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 40 }, (_, i) => i);
    const results = await mapBounded(items, 6, async (item, index) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later items finish first, often.
      await new Promise((resolve) => setTimeout(resolve, (item * 37) % 7));
      inFlight--;
      return `${item}:${index}`;
    });
    assert.deepStrictEqual(
      results,
      items.map((i) => `${i}:${i}`),
    );
    assert.strictEqual(most, 6);
  });

  it('runs nothing for no items, and one at a time for a limit below one', async () => {
    assert.deepStrictEqual(await mapBounded([], 4, async () => assert.fail('no work')), []);
    let inFlight = 0;
    const results = await mapBounded([1, 2, 3], 0, async (item) => {
      assert.strictEqual(++inFlight, 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return item * 2;
    });
    assert.deepStrictEqual(results, [2, 4, 6]);
  });

  it('fails as the first failing item fails', async () => {
    await assert.rejects(
      mapBounded([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('item 2');
        return item;
      }),
      /item 2/,
    );
  });
});
