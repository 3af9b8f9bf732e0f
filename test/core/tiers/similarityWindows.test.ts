// The similarity tiers' windows (src/core/tiers/similarityWindows.ts), directly: a window whose edge old line was
// paired with a forgotten line beside it takes in the file line just outside when that is the old edge line with a
// slip — at least 0.8 alike, and more alike than the line inside.
import assert from 'node:assert/strict';
import { findMatch } from '../../../src/core';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { scoreWindow } from '../../../src/core/similarity';
import { widenedToSlippedEdges } from '../../../src/core/tiers/similarityWindows';
import { APPLY_DISCOUNT } from './fixtures';

const MIDDLE = ['first(items);', 'second(items);', 'third(items);'];

/** The window `from`–`to` of `file` scored for `old`, then widened: its first and last lines. */
function widened(file: readonly string[], old: readonly string[], from: number, to: number): [number, number] {
  const ctx = { doc: new SourceText(`${file.join('\n')}\n`), needle: new Needle(old.join('\n')), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) };
  const s = scoreWindow(ctx, ctx.needle, from, to)!;
  const w = widenedToSlippedEdges(ctx, s);
  return [w.startLine, w.endLine];
}

describe('similarity windows: an edge line that slipped is taken in', () => {
  // `watch(abc)` quoted as `watch(xyc)`: two characters of ten differ, 0.8 alike — the least that is a slip.
  it('the first old line 0.8 alike to the line above the window (the file’s first line): the window starts there', () => {
    const file = ['watch(abc)', 'forgotten(1, 2, 3);', ...MIDDLE];
    assert.deepEqual(widened(file, ['watch(xyc)', ...MIDDLE], 1, 4), [0, 4]);
  });

  it('less than 0.8 alike (three characters of ten): not the old line, the window stays', () => {
    const file = ['watch(abc)', 'forgotten(1, 2, 3);', ...MIDDLE];
    assert.deepEqual(widened(file, ['watch(xyz)', ...MIDDLE], 1, 4), [1, 4]);
  });

  it('the line outside no more alike than the line inside (one character each): the window stays', () => {
    const file = ['count(10);', 'count(12);', ...MIDDLE];
    assert.deepEqual(widened(file, ['count(11);', ...MIDDLE], 1, 4), [1, 4]);
  });

  it('the last old line slipped, below a blank line under the window: the window ends there', () => {
    const file = [...MIDDLE, 'forgotten(1, 2, 3);', '', 'watch(abc)', 'after();'];
    assert.deepEqual(widened(file, [...MIDDLE, 'watch(abd)'], 0, 3), [0, 5]);
  });
});

describe('similarity windows: the most similar first', () => {
  // Two places, neither similar enough at a threshold of 0.95: the refusal names the closer one (0.895 against
  // 0.789), wherever it stands in the file.
  const edited = (changes: Record<number, string>) => APPLY_DISCOUNT.map((l, i) => changes[i] ?? l);
  const nearer = edited({
    0: 'function applyDiscounts(order, rate) {',
    1: '  const subtotal = order.subtotals();',
    2: '  const discount = subtotal * rate * factor;',
    3: '  log("discount applied", discount);',
    4: '  return subtotal - discounts;',
  });
  const further = edited({
    0: 'function applyDiscounts(orders, rates) {',
    1: '  const subtotals = orders.subtotals();',
    2: '  const discount = subtotal * rate * factor * other;',
    3: '  log("discount applied now", discount, order);',
    4: '  return subtotal - discount - fee;',
  });
  const closestLine = (file: readonly string[]) => {
    const r = findMatch(`${file.join('\n')}\n`, APPLY_DISCOUNT.join('\n'), { threshold: 0.95 });
    return r.kind === 'not_found' ? r.closest?.startLine : r.kind;
  };

  it('a refusal names the more similar of two places, the further one first in the file or not', () => {
    assert.equal(closestLine([...further, '', ...nearer]), 7);
    assert.equal(closestLine([...nearer, '', ...further]), 0);
  });
});

