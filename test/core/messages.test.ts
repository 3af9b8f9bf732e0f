import { strict as assert } from 'node:assert';
import { refusal } from '../../src/core/messages';
import type { Match } from '../../src/core/types';

const match = (startLine: number, endLine: number): Match => ({
  tier: 'exact',
  start: 0,
  end: 0,
  startLine,
  endLine,
  score: 1,
  needsReview: false,
  normalized: [],
  text: '',
});

// A refusal is read by a person or a model that tries again: where, how close, what to do.
describe('messages: refusal', () => {
  it('not found: the tiers tried, the closest place in 1-based lines with its similarity rounded down, and the first difference', () => {
    const err = refusal({
      kind: 'not_found',
      tried: ['exact', 'similarity'],
      closest: { start: 0, end: 9, startLine: 3, endLine: 5, score: 0.849, text: '', firstDifference: { line: 4, expected: 'a();', actual: 'b();' } },
    });
    assert.equal(err.code, 'not_found');
    assert.equal(
      err.message,
      'The old text was not found in the file (tried: exact, similarity). The closest place is lines 4–6, 84% similar — not close enough to edit safely. ' +
        'First difference at line 5: the old text has `a();`, the file has `b();`. Re-read the file and copy the old text from it exactly.',
    );
    assert.equal(err.result?.kind, 'not_found');
  });

  it('not found with nowhere close, and a closest place of one line without a first difference', () => {
    assert.equal(refusal({ kind: 'not_found', tried: ['exact'] }).message, 'The old text was not found in the file (tried: exact). Re-read the file and copy the old text from it exactly.');
    const one = refusal({ kind: 'not_found', tried: ['exact'], closest: { start: 0, end: 1, startLine: 0, endLine: 0, score: 0.5, text: '' } });
    assert.match(one.message, /The closest place is line 1, 50% similar — not close enough to edit safely\. Re-read/);
  });

  it('a long line of the first difference is clipped to 80 characters', () => {
    const long = 'x'.repeat(81);
    const err = refusal({ kind: 'not_found', tried: ['exact'], closest: { start: 0, end: 1, startLine: 0, endLine: 0, score: 0.5, text: '', firstDifference: { line: 0, expected: long, actual: 'y'.repeat(80) } } });
    assert.ok(err.message.includes('`' + 'x'.repeat(77) + '...`'), 'clipped with an ellipsis');
    assert.ok(err.message.includes('`' + 'y'.repeat(80) + '`'), 'exactly 80 is kept whole');
  });

  it('ambiguous: how many places and which (at most ten named), and how to make the old text unique', () => {
    const two = refusal({ kind: 'ambiguous', tier: 'indentation', candidates: [match(1, 1), match(7, 9)] });
    assert.equal(two.code, 'ambiguous');
    assert.equal(
      two.message,
      'The old text matches 2 places (indentation tier): line 2, lines 8–10. Nothing was changed. ' +
        'Include more surrounding lines in the old text so that it matches one place only, or ask to replace all occurrences.',
    );
    const many = refusal({ kind: 'ambiguous', tier: 'exact', candidates: Array.from({ length: 12 }, (_, i) => match(i, i)) });
    assert.match(many.message, /^The old text matches 12 places \(exact tier\): line 1, line 2, .*line 10 and 2 more\. Nothing/);
    assert.doesNotMatch(many.message, /line 11/);
    const ten = refusal({ kind: 'ambiguous', tier: 'exact', candidates: Array.from({ length: 10 }, (_, i) => match(i, i)) });
    assert.match(ten.message, /line 10\. Nothing/, 'ten are all named, with no "more"');
  });

  it('already applied: where the new text stands', () => {
    const err = refusal({ kind: 'already_applied', match: match(2, 3) });
    assert.equal(err.code, 'already_applied');
    assert.equal(err.message, 'The edit looks applied already: the old text is not in the file, and the new text stands at lines 3–4. Nothing was changed.');
  });
});
