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
});
