import { strict as assert } from 'node:assert';
import { indices, pairInOrder, runsOf } from '../../src/core/lineRuns';

// The line stages read jsdiff's change list as runs and pair a region's lines in order (src/core/lineRuns.ts).
describe('lineRuns: runsOf', () => {
  it('a removed part and the added part right after it are one region; equal lines are a run of their own', () => {
    const runs = runsOf([{ value: ['a', 'b'] }, { value: ['c'], removed: true }, { value: ['C', 'D'], added: true }, { value: ['e'] }]);
    assert.deepEqual(runs, [
      { kind: 'same', count: 2 },
      { kind: 'region', removed: 1, added: 2 },
      { kind: 'same', count: 1 },
    ]);
  });

  it('a removal with no addition after it, and an addition alone, are regions with one side empty', () => {
    assert.deepEqual(runsOf([{ value: ['x', 'y'], removed: true }, { value: ['z'] }]), [
      { kind: 'region', removed: 2, added: 0 },
      { kind: 'same', count: 1 },
    ]);
    assert.deepEqual(runsOf([{ value: ['z'] }, { value: ['n'], added: true }]), [
      { kind: 'same', count: 1 },
      { kind: 'region', removed: 0, added: 1 },
    ]);
    assert.deepEqual(runsOf([{ value: ['x'], removed: true }]), [{ kind: 'region', removed: 1, added: 0 }]);
  });

  it("an addition before a removal is its own region (only removed-then-added pairs up, as jsdiff orders them)", () => {
    assert.deepEqual(runsOf([{ value: ['n'], added: true }, { value: ['o'], removed: true }]), [
      { kind: 'region', removed: 0, added: 1 },
      { kind: 'region', removed: 1, added: 0 },
    ]);
  });

  it("jsdiff's count wins over the length of the value it carries (each side's own count)", () => {
    const runs = runsOf([{ value: ['a'], count: 3 }, { value: ['b'], count: 2, removed: true }, { value: ['c'], count: 4, added: true }]);
    assert.deepEqual(runs, [
      { kind: 'same', count: 3 },
      { kind: 'region', removed: 2, added: 4 },
    ]);
  });
});

describe('lineRuns: pairInOrder', () => {
  it('pairs both sides in increasing order, the pairing with the highest total score', () => {
    // 0↔1 alone scores 5; 0↔0 and 1↔1 together score 6: the pair of pairs wins.
    const worth: Record<string, number> = { '0,0': 3, '1,1': 3, '0,1': 5 };
    const score = (a: number, b: number) => worth[`${a},${b}`] ?? -1;
    assert.deepEqual(pairInOrder(2, 2, score), [
      [0, 0],
      [1, 1],
    ]);
    // With 0↔1 worth more than both, it is taken alone.
    const more: Record<string, number> = { '0,0': 3, '1,1': 3, '0,1': 7 };
    const greedy = (a: number, b: number) => more[`${a},${b}`] ?? -1;
    assert.deepEqual(pairInOrder(2, 2, greedy), [[0, 1]]);
  });

  it('a negative score never pairs; a score of zero may', () => {
    assert.deepEqual(pairInOrder(1, 1, () => -0.5), []);
    assert.deepEqual(pairInOrder(1, 1, () => 0), [[0, 0]]);
    assert.deepEqual(pairInOrder(2, 3, () => -1), []);
  });

  it('pairs never cross: of two crossing pairs of equal worth, the one with the later old line is kept', () => {
    const score = (a: number, b: number) => (a !== b ? 5 : -1);
    assert.deepEqual(pairInOrder(2, 2, score), [[1, 0]]);
  });

  it('skips old or new lines that pair with nothing, on either side', () => {
    // Old 0 and new 0 are unmatched extras; old 1 ↔ new 1, old 2 ↔ new 2.
    const score = (a: number, b: number) => (a === b && a > 0 ? 1 : -1);
    assert.deepEqual(pairInOrder(3, 3, score), [
      [1, 1],
      [2, 2],
    ]);
    // More new lines than old: the old line pairs with the one new line it scores with.
    assert.deepEqual(pairInOrder(1, 4, (_a, b) => (b === 2 ? 1 : -1)), [[0, 2]]);
    assert.deepEqual(pairInOrder(4, 1, (a) => (a === 3 ? 1 : -1)), [[3, 0]]);
  });

  it('walking back the table, a line that pairs with nothing is stepped past by comparing the right cells', () => {
    // Old 0 pairs with nothing; old 1 is worth most with new 3. Stepping past old 0 at new 1 or 2 must read the
    // cells below and to the right of it: another cell of the table sends the walk past old 1's best pair.
    const table = [
      [-1, -1, -1, -1],
      [0.9, 0.5, 0.5, 1],
    ];
    assert.deepEqual(pairInOrder(2, 4, (a, b) => table[a][b]), [[1, 3]]);
  });

  it('empty sides pair nothing', () => {
    assert.deepEqual(pairInOrder(0, 3, () => 1), []);
    assert.deepEqual(pairInOrder(3, 0, () => 1), []);
  });
});

describe('lineRuns: indices', () => {
  it('the count consecutive indices from `from`, none for a count of zero or less', () => {
    assert.deepEqual(indices(3, 2), [3, 4]);
    assert.deepEqual(indices(3, 0), []);
    assert.deepEqual(indices(3, -2), []);
  });
});
