// The stale-result check every surface uses: a pass that finishes after a newer one began is dropped.
import assert from 'node:assert';
import { Latest } from '../../src/extension/util/latest';

describe('Latest: the newest pass wins', () => {
  it('a pass is current until another begins for its key; other keys are unaffected', () => {
    const passes = new Latest();
    const first = passes.begin('a');
    const other = passes.begin('b');
    assert.strictEqual(first(), true);
    const second = passes.begin('a');
    assert.strictEqual(first(), false);
    assert.strictEqual(second(), true);
    assert.strictEqual(other(), true);
  });

  it('stale() ends every pass of a key; current() does not begin one', () => {
    const passes = new Latest<'all'>();
    const partial = passes.current('all');
    assert.strictEqual(partial(), true, 'a partial pass with no whole pass since is current');
    const whole = passes.begin('all');
    assert.strictEqual(partial(), false, 'a whole pass makes an earlier partial one stale');
    const later = passes.current('all');
    assert.strictEqual(whole(), true, 'a partial pass does not make the whole one stale');
    passes.stale('all');
    assert.strictEqual(whole(), false);
    assert.strictEqual(later(), false);
  });
});
