// indexesOfText against its definition, a loop of String.prototype.indexOf: the same places, overlapping ones
// included, from any start, up to any limit. Its three ways of searching a long pattern must each agree: by its
// first piece, by the piece where checks failed (an old text of repeated lines changed in its middle), and by
// Knuth–Morris–Pratt once checks have cost a few passes over the text (checked by breaking each: a switch to a
// piece that drops places before it, or a Knuth–Morris–Pratt that misses overlapping places, fails these tests).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { includesText, indexesOfText, indexOfText } from '../../src/core/textSearch';
import { propertyRuns } from '../support/properties';

function reference(text: string, pattern: string, from = 0, limit = Infinity): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(pattern, from); at !== -1 && found.length < limit; at = text.indexOf(pattern, at + 1)) found.push(at);
  return found;
}

/** `count` copies of `unit`, with `changes` (offset → character) written over them. */
function repeated(unit: string, count: number, changes: Array<[number, string]> = []): string {
  const chars = unit.repeat(count).split('');
  for (const [at, c] of changes) if (at < chars.length) chars[at] = c;
  return chars.join('');
}

describe('textSearch: indexesOfText', () => {
  it('a short pattern is indexOf itself, from any start', () => {
    const text = 'abcabcab';
    assert.deepEqual(indexesOfText(text, 'abcab'), [0, 3]);
    assert.deepEqual(indexesOfText(text, 'abcab', 1), [3]);
    assert.equal(indexOfText(text, 'x'), -1);
    assert.equal(includesText(text, 'cab', 5), true);
  });

  it('a long pattern of repeated lines changed in its middle, on a text of those lines: not there', () => {
    const text = 'ab\n'.repeat(20_000);
    const pattern = `${'ab\n'.repeat(500)}xb\n${'ab\n'.repeat(500)}`;
    assert.deepEqual(indexesOfText(text, pattern), []);
    // And where it stands once, at the end, after thousands of places where its first lines stand.
    assert.deepEqual(indexesOfText(text + pattern, pattern), [text.length]);
  });

  it('a place near the start, after the checks that made the search take another piece', () => {
    // The first piece stands every three characters from 0: nine checks fail before the place at 30.
    const pattern = `${'ab\n'.repeat(120)}xb\n${'ab\n'.repeat(120)}`;
    const text = `${'ab\n'.repeat(10)}${pattern}${'ab\n'.repeat(300)}${pattern}`;
    assert.deepEqual(indexesOfText(text, pattern), [30, 30 + pattern.length + 900]);
    assert.deepEqual(indexesOfText(text, pattern, 31), [30 + pattern.length + 900]);
  });

  it('a long pattern standing at every repetition: every place, overlapping, up to the limit', () => {
    const text = 'abc\n'.repeat(1_000);
    const pattern = 'abc\n'.repeat(100);
    assert.deepEqual(indexesOfText(text, pattern, 0, 5), [0, 4, 8, 12, 16]);
    assert.deepEqual(indexesOfText(text, pattern, 1), reference(text, pattern, 1));
    assert.equal(indexesOfText(text, pattern).length, 901);
  });

  it('a text whose every place fails a check somewhere else: Knuth–Morris–Pratt finds the same places', () => {
    // Each copy of the unit differs from the pattern at another offset, so no piece stands rarely.
    const unit = 'ab'.repeat(200);
    const changes: Array<[number, string]> = Array.from({ length: 400 }, (_, k) => [k * 400 + ((k * 97) % 400), 'x']);
    const text = repeated(unit, 400) + '\n' + repeated(unit, 400, changes) + unit.repeat(3);
    const pattern = unit.repeat(2);
    assert.deepEqual(indexesOfText(text, pattern), reference(text, pattern));
    assert.deepEqual(indexesOfText(text, pattern, 70_000, 3), reference(text, pattern, 70_000, 3));
  });

  it('matches indexOf on repetitive texts and patterns with changes (property)', () => {
    const unit = fc.string({ unit: fc.constantFrom('a', 'b', '\n'), minLength: 1, maxLength: 7 });
    const change = fc.tuple(fc.nat({ max: 4000 }), fc.constantFrom('a', 'b', 'x'));
    fc.assert(
      fc.property(
        unit,
        fc.integer({ min: 300, max: 1200 }),
        fc.array(change, { maxLength: 12 }),
        fc.array(change, { maxLength: 3 }),
        fc.nat({ max: 3000 }),
        fc.nat({ max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        (u, patternLength, textChanges, patternChanges, from, skew, limit) => {
          const text = repeated(u, Math.ceil(4000 / u.length), textChanges);
          const start = skew % u.length;
          const pattern = repeated(text.slice(start, start + patternLength), 1, patternChanges);
          assert.deepEqual(indexesOfText(text, pattern, from, limit), reference(text, pattern, from, limit));
          assert.equal(indexOfText(text, pattern, from), text.indexOf(pattern, from));
        },
      ),
      propertyRuns(300),
    );
  });
});
