import assert from 'node:assert';
import { Freshness } from '../../src/extension/tree/freshness';

describe('tree freshness', () => {
  it('knows nothing is stale before any change', () => {
    const freshness = new Freshness();
    freshness.shown('a');
    assert.deepStrictEqual(freshness.stale(['a', 'b']), []);
  });

  it('marks a changed file stale until its item is built again', () => {
    const freshness = new Freshness();
    freshness.shown('a');
    freshness.changed('a');
    assert.deepStrictEqual(freshness.stale(['a', 'b']), ['a']);
    freshness.shown('a');
    assert.deepStrictEqual(freshness.stale(['a', 'b']), []);
  });

  it('keeps a file stale when it changed again after its item was built', () => {
    const freshness = new Freshness();
    freshness.changed('a');
    freshness.shown('a');
    freshness.changed('a');
    assert.deepStrictEqual(freshness.stale(['a']), ['a']);
  });

  it('orders events of the same instant', () => {
    const freshness = new Freshness();
    for (let i = 0; i < 1000; i++) {
      freshness.changed('a');
      freshness.shown('a');
    }
    assert.deepStrictEqual(freshness.stale(['a']), []);
  });

  it('forgets everything on clear', () => {
    const freshness = new Freshness();
    freshness.changed('a');
    freshness.clear();
    assert.deepStrictEqual(freshness.stale(['a']), []);
  });
});
