// The line-numbers tier (src/core/tiers/lineNumbers.ts): a gutter copied from a file viewer is stripped only when
// its numbers count up line by line from the start of each line, so numbers that are code are never taken for one.
import assert from 'node:assert/strict';
import { applyEdit, findMatch } from '../../../src/core';
import { gutterStart, stripGutter } from '../../../src/core/tiers/lineNumbers';

describe('line numbers: what is a gutter', () => {
  it('every viewer\'s form: an arrow, a tab, a colon with or without a space, a bar with or without spaces', () => {
    assert.equal(gutterStart('  12→a();\n  13→b();'), 12);
    assert.equal(gutterStart('12\ta();\n13\tb();'), 12);
    assert.equal(gutterStart('12: a();\n13: b();'), 12);
    assert.equal(gutterStart('12:a();\n13:b();'), 12);
    assert.equal(gutterStart('12 | a();\n13 | b();'), 12);
    assert.equal(gutterStart('12|a();\n13|b();'), 12);
  });

  it('one numbered line is no gutter; numbers that do not count up, or stand mid-line, are code', () => {
    assert.equal(gutterStart('12: a();'), undefined);
    assert.equal(gutterStart('12: a();\n14: b();'), undefined);
    assert.equal(gutterStart('x 1: a();\ny 2: b();'), undefined);
  });

  it('a blank line is a numbered line left blank; a line without a number is not', () => {
    assert.equal(gutterStart('1: a();\n\n3: c();'), 1);
    assert.equal(gutterStart('1: a();\nplain();\n3: c();'), undefined);
  });

  it('stripping takes the gutter and nothing of the code after it', () => {
    assert.equal(stripGutter('12 |x();\n13 |y();'), 'x();\ny();');
    assert.equal(stripGutter('12 | x();\n13 | y();'), 'x();\ny();');
  });

  it('a numbered old text is a lossless match: applied at once, no review, the new text stripped too', () => {
    const r = applyEdit('a();\nb();\nc();\n', '2: b();\n3: c();', '2: b(1);\n3: c();');
    assert.equal(r.content, 'a();\nb(1);\nc();\n');
    assert.equal(r.matches[0].tier, 'line-numbers');
    assert.ok(!r.matches[0].needsReview, 'no review');
  });
});

describe('line numbers: the match', () => {
  it('a blank line of the file the numbered text does not show is no difference; the match names the gutter', () => {
    const file = 'function f() {\n  first();\n\n  second();\n}\n';
    const r = findMatch(file, '  2→  first();\n  3→  second();');
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.startLine, r.match.endLine, r.match.normalized], [
      'line-numbers',
      1,
      3,
      ['line numbers copied with the text', 'whitespace'],
    ]);
  });
});
