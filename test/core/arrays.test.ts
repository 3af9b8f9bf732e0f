import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { firstIndex } from '../../src/core/arrays';
import { PROPERTY_SEED } from '../support/properties';

// The binary search the elision chains and the snippet's wrap rule place lines with.
describe('firstIndex', () => {
  it('is the first index of a sorted list at or past a value, the length when none is', () => {
    const xs = [2, 4, 4, 9];
    assert.deepEqual([0, 2, 3, 4, 5, 9, 10].map((x) => firstIndex(xs.length, (i) => xs[i] >= x)), [0, 0, 1, 1, 3, 3, 4]);
    assert.equal(firstIndex(0, () => true), 0);
  });

  it('property: the same as the first index a walk from the start finds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (raw, x) => {
        const xs = [...raw].sort((a, b) => a - b);
        const walked = xs.findIndex((v) => v >= x);
        assert.equal(firstIndex(xs.length, (i) => xs[i] >= x), walked === -1 ? xs.length : walked);
      }),
      { seed: PROPERTY_SEED },
    );
  });
});
