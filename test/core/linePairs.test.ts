import { strict as assert } from 'node:assert';
import { LinePairs } from '../../src/core/linePairs';

// The pairs of a window (old line → file line) as the tiers, the alignment and the merge read them.
describe('LinePairs', () => {
  it('reads like a Map of the pairs set, iterated by old line whatever the order they were set in', () => {
    const pairs = new LinePairs(6);
    pairs.set(3, 40).set(0, 37).set(5, 42);
    assert.equal(pairs.size, 3);
    assert.equal(pairs.get(3), 40);
    assert.equal(pairs.get(1), undefined);
    assert.equal(pairs.has(0), true);
    assert.equal(pairs.has(4), false);
    assert.deepEqual([...pairs], [[0, 37], [3, 40], [5, 42]]);
    assert.deepEqual([...pairs.keys()], [0, 3, 5]);
    assert.deepEqual([...pairs.values()], [37, 40, 42]);
    const seen: number[][] = [];
    pairs.forEach((f, j) => seen.push([j, f]));
    assert.deepEqual(seen, [[0, 37], [3, 40], [5, 42]]);
  });

  it('counts a line set twice once, keeps its last partner, and grows past the size it was given', () => {
    const pairs = LinePairs.from([[1, 10], [1, 11], [7, 0]]);
    assert.equal(pairs.size, 2);
    assert.equal(pairs.get(1), 11);
    assert.equal(pairs.get(7), 0, 'file line 0 is a partner, not a hole');
    assert.deepEqual([...LinePairs.from([[1, 10]])], [[1, 10]], 'no other pair appears');
    assert.equal(LinePairs.from([[1, 10]]).has(0), false);
    const grown = new LinePairs(2).set(9, 3);
    assert.deepEqual([...grown], [[9, 3]]);
  });

  it('names itself like a Map does', () => {
    assert.equal(Object.prototype.toString.call(new LinePairs()), '[object LinePairs]');
  });
});

