// How a place the similarity tiers found for the old text stands to where the new text stands: oldStillStands.ts.
import assert from 'node:assert/strict';
import { SourceText } from '../../src/core/document';
import { LinePairs } from '../../src/core/linePairs';
import { oldStillStands } from '../../src/core/oldStillStands';
import type { Candidate } from '../../src/core/tier';

const doc = new SourceText(['keep();', 'sum += price;', 'debug("item total");', '}', 'other();', ''].join('\n'));
const span = (from: number, to: number) => ({ start: doc.lineStart(from), end: doc.lineEnd(to) });
const found = (pairs: Array<[number, number]>): Candidate => {
  const lines = pairs.map(([, f]) => f);
  return { ...span(Math.min(...lines), Math.max(...lines)), score: 0.9, normalized: [], window: { startLine: Math.min(...lines), endLine: Math.max(...lines), pairs: LinePairs.from(pairs) } };
};
const old = ['sum += price;', 'debug("item totla");'];

describe('oldStillStands', () => {
  it('past: beyond the new text over a version of an old line the new text lacks (a deletion with a slip)', () => {
    assert.equal(oldStillStands(doc, span(1, 1), found([[0, 1], [1, 2]]), old, 'sum += price;'), 'past');
  });

  it('within: the lines beyond are no versions of the old lines (the applied deletion found again)', () => {
    assert.equal(oldStillStands(doc, span(1, 1), found([[0, 1], [1, 3]]), old, 'sum += price;'), 'within');
    // …or the old line beyond is one the new text has (kept, not removed).
    assert.equal(oldStillStands(doc, span(1, 1), found([[0, 1], [1, 2]]), old, 'sum += price;\ndebug("item totla");'), 'within');
    assert.equal(oldStillStands(doc, span(1, 2), found([[0, 1], [1, 2]]), old, 'x'), 'within');
  });

  it('apart: no line shared with the new text’s place', () => {
    assert.equal(oldStillStands(doc, span(4, 4), found([[0, 1], [1, 2]]), old, 'other();'), 'apart');
    assert.equal(oldStillStands(doc, span(0, 0), found([[0, 1], [1, 2]]), old, 'keep();'), 'apart');
  });
});
