import { strict as assert } from 'node:assert';
import fc from 'fast-check';
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

  it('a run set outwards from an anchor line (kept without an array) reads like any other pairs, and breaks cleanly', () => {
    const run = new LinePairs(8).set(4, 104).set(5, 105).set(6, 106).set(3, 103).set(2, 102);
    assert.deepEqual([...run], [[2, 102], [3, 103], [4, 104], [5, 105], [6, 106]]);
    assert.equal(run.size, 5);
    assert.equal(run.get(1), undefined);
    assert.equal(run.get(7), undefined);
    assert.equal(run.set(4, 104).size, 5, 'a pair set again as it is');
    run.set(4, 90);
    assert.deepEqual([...run], [[2, 102], [3, 103], [4, 90], [5, 105], [6, 106]], 'a line given another partner');
    assert.equal(run.size, 5);
    const gap = new LinePairs().set(0, 10).set(1, 11).set(3, 13);
    assert.deepEqual([...gap], [[0, 10], [1, 11], [3, 13]], 'a skipped line ends the run');
    const skew = new LinePairs().set(0, 10).set(1, 12);
    assert.deepEqual([...skew], [[0, 10], [1, 12]], 'a skipped file line ends the run');
    const before = new LinePairs().set(5, 50).set(4, 48);
    assert.deepEqual([...before], [[4, 48], [5, 50]]);
  });

  it('property: any pairs set in any order read as the Map of them would, sorted by old line', () => {
    fc.assert(
      // Mostly pairs of one diagonal (file line = old line + 100), so runs form, grow at either end and break.
      fc.property(fc.array(fc.oneof(fc.nat(12).map((j) => [j, j + 100] as [number, number]), fc.tuple(fc.nat(12), fc.nat(120))), { maxLength: 30 }), fc.nat(14), (entries, lines) => {
        const pairs = new LinePairs(lines);
        const map = new Map<number, number>();
        for (const [j, f] of entries) {
          pairs.set(j, f);
          map.set(j, f);
        }
        const expected = [...map].sort((a, b) => a[0] - b[0]);
        assert.deepEqual([...pairs], expected);
        // forEach reads the pairs in place (no iterator): the same pairs, in the same order, the pairs passed along.
        const visited: Array<[number, number]> = [];
        pairs.forEach((f, j, self) => {
          assert.equal(self, pairs);
          visited.push([j, f]);
        });
        assert.deepEqual(visited, expected);
        assert.equal(pairs.size, map.size);
        for (let j = 0; j <= 13; j++) assert.equal(pairs.get(j), map.get(j));
      }),
    );
  });

  it('names itself like a Map does', () => {
    assert.equal(Object.prototype.toString.call(new LinePairs()), '[object LinePairs]');
  });
});

