// The block-anchor tier (src/core/tiers/blockAnchor.ts), directly: the old text's first and last lines anchor a
// block of about its size; the middle may differ (the cascade then weighs the whole block's similarity).
import assert from 'node:assert/strict';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { blockAnchorTier } from '../../../src/core/tiers/blockAnchor';

const HEAD = 'function computeTotals(items) {';
const TAIL = 'return totalOfAllItems;';
/** A block from HEAD to TAIL with `middle` lines between them. */
const block = (middle: number, indent = '') =>
  [HEAD, ...Array.from({ length: middle }, (_, i) => `  const step${i} = items[${i}].price;`), `  ${TAIL}`].map((l) => indent + l).join('\n');
const places = (content: string, old: string) =>
  blockAnchorTier.find({ doc: new SourceText(content), needle: new Needle(old), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) }).map((c) => [
    c.window!.startLine,
    c.window!.endLine,
  ]);

describe('block-anchor: first and last lines anchor a block of about the old text’s size', () => {
  // Seven lines: the last line may stand two lines (a quarter of seven, rounded) nearer or further.
  const OLD = block(5).replace('items[2].price', 'items[2].cost');

  it('the block whose first and last lines match, its middle changed: found, and the match says so', () => {
    const c = blockAnchorTier.find({ doc: new SourceText(`x();\n${block(5)}\n}\n`), needle: new Needle(OLD), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) });
    assert.deepEqual(
      c.map((m) => [m.window!.startLine, m.window!.endLine, m.normalized]),
      [[1, 7, ['first and last lines match; lines between them differ']]],
    );
  });

  it('two lines more or fewer are still about its size; three are not', () => {
    assert.deepEqual(places(`${block(7)}\n`, OLD), [[0, 8]]);
    assert.deepEqual(places(`${block(8)}\n`, OLD), []);
    assert.deepEqual(places(`${block(3)}\n`, OLD), [[0, 4]]);
    assert.deepEqual(places(`${block(2)}\n`, OLD), []);
  });

  it('an old text of two lines is too little to anchor a block on', () => {
    assert.deepEqual(places(`${block(0)}\n`, `${HEAD}\n  ${TAIL}`), []);
  });

  it('the first line must be the file’s line (whitespace and typography aside), not merely as long', () => {
    assert.deepEqual(places(`${block(5)}\n`, OLD.replace('(items)', '(itens)')), []);
    // Eight spaces more inside the line, or the whole old text indented further: the same line.
    assert.deepEqual(places(`${block(5)}\n`, OLD.replace('computeTotals(items)', 'computeTotals    (    items)')), [[0, 6]]);
    assert.deepEqual(places(`${block(5)}\n`, block(5, '            ').replace('items[2].price', 'items[2].cost')), [[0, 6]]);
  });

  it('a first line found in 32 places still anchors; in 33 it anchors nothing', () => {
    // Each other place is a head too far from any tail to anchor a block of its own.
    const file = (n: number) => `${Array.from({ length: n - 1 }, () => `${HEAD}\n  a();\n  b();\n}`).join('\n')}\n${block(5)}\n`;
    assert.deepEqual(places(file(32), OLD), [[124, 130]]);
    assert.deepEqual(places(file(33), OLD), []);
  });

  it('a block never reaches past the end of the file', () => {
    // A file of the one line that is both the old text's first and last line: the last line would be looked
    // for beyond the end.
    assert.deepEqual(places(HEAD, `${HEAD}\n  a();\n${HEAD}`), []);
    assert.deepEqual(places(`${HEAD}\n`, `${HEAD}\n  a();\n${HEAD}`), []);
  });
});
