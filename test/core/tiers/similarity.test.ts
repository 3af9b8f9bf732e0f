// The similarity tier (src/core/tiers/similarity.ts), directly: aligned windows about the old text's size, never
// a block much larger than it.
import assert from 'node:assert/strict';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { similarityTier } from '../../../src/core/tiers/similarity';
import { APPLY_DISCOUNT } from './fixtures';

const BLOCK = APPLY_DISCOUNT;
const OLD = BLOCK.join('\n').replace('rate;', 'rate / 100;');
const windows = (lines: readonly string[]) =>
  similarityTier.find({ doc: new SourceText(`${lines.join('\n')}\n`), needle: new Needle(OLD), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) }).map((c) => [
    c.window!.startLine,
    c.window!.endLine,
  ]);

describe('similarity: windows about the old text’s size', () => {
  it('the block with one line changed: one window over it', () => {
    assert.deepEqual(windows(BLOCK), [[0, 5]]);
  });

  it('the same lines spread over eleven (a blank line after each): no window over all of them', () => {
    const spread = BLOCK.flatMap((l, i) => (i < BLOCK.length - 1 ? [l, ''] : [l]));
    const found = windows(spread);
    assert.ok(found.length > 0);
    assert.deepEqual(
      found.filter(([s, e]) => s === 0 && e === 10),
      [],
    );
  });

  // The bound is the old text's significant lines m plus a little: max(m + 2, ⌈1.25 m⌉) + 2 lines, blank lines
  // inside the window included. Each block below spreads m lines over exactly that many.
  const spreadTo = (lines: readonly string[], total: number) => {
    const out = [...lines];
    // One more blank line after each line in turn, from the first, until the block spans `total` lines.
    for (let extra = 0, at = 1; extra < total - lines.length; extra++, at += 2) out.splice(Math.min(at, out.length - 1), 0, '');
    return out;
  };
  const statements = (m: number) => Array.from({ length: m }, (_, i) => `  const part${i} = order.partAt(${i}) * rate;`);
  const windowsOf = (old: readonly string[], file: readonly string[]) =>
    similarityTier.find({ doc: new SourceText(`${file.join('\n')}\n`), needle: new Needle(old.join('\n')), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) }).map((c) => [
      c.window!.startLine,
      c.window!.endLine,
    ]);

  for (const [m, bound] of [
    [4, 8], // m + 2 is the larger: max(6, 5) + 2
    [6, 10],
    [9, 14], // ⌈1.25 m⌉ is the larger: max(11, 12) + 2
  ]) {
    it(`${m} old lines spread over ${bound} (the bound): a window over all of them; over ${bound + 1}: none`, () => {
      const old = statements(m);
      const atBound = spreadTo(old, bound);
      assert.equal(atBound.length, bound);
      const whole = (file: readonly string[]) => windowsOf(old, file).some(([s, e]) => s === 0 && e === file.length - 1);
      assert.equal(whole(atBound), true);
      assert.equal(whole(spreadTo(old, bound + 1)), false);
    });
  }

  it('fewer than half of the old lines line up (two of six): no window, however small', () => {
    assert.deepEqual(windows([BLOCK[0], BLOCK[1], 'x = 1;', 'y = 2;', 'zz();', 'ww();', 'qq();']), []);
  });
});
