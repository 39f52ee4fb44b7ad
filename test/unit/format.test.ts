import assert from 'node:assert';
import { formatPercent } from '../../src/core';

describe('formatPercent near the cap', () => {
  it('reads exactly 100 % only at the cap', () => {
    assert.strictEqual(formatPercent(1), '100 %');
    assert.strictEqual(formatPercent(2_097_064 / 2_097_152), '<100 %');
    assert.strictEqual(formatPercent(2_097_153 / 2_097_152), '>100 %');
    assert.strictEqual(formatPercent(0.9994), '99.9 %');
    assert.strictEqual(formatPercent(1.0006), '100.1 %');
  });
});
