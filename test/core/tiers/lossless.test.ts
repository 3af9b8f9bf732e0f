// The whitespace and unicode tiers (src/core/tiers/{whitespace,unicode}.ts) and the similarity tier's words
// (src/core/tiers/similarity.ts): each match names what had to be normalised, so a reader knows what to look at.
import assert from 'node:assert/strict';
import { findMatch, type FindResult } from '../../../src/core';
import { APPLY_DISCOUNT } from './fixtures';

const found = (r: FindResult) => (r.kind === 'match' ? { tier: r.match.tier, lines: [r.match.startLine, r.match.endLine], normalized: r.match.normalized } : r.kind);

describe('whitespace, unicode and similarity: what the match says', () => {
  it('whitespace inside lines and a blank line the old text leaves out', () => {
    assert.deepEqual(found(findMatch('function f() {\n  foo( a,b );\n\n  bar();\n}\n', 'foo(a, b);\nbar();')), {
      tier: 'whitespace',
      lines: [1, 3],
      normalized: ['whitespace inside lines', 'blank lines'],
    });
  });

  it('typographic quotes, and an en dash in prose read as one `-`', () => {
    const words = ['typographic quotes, dashes and spaces', 'whitespace'];
    assert.deepEqual(found(findMatch('say("hi");\nnext();\n', 'say(“hi”);\nnext();')), { tier: 'unicode', lines: [0, 1], normalized: words });
    assert.deepEqual(found(findMatch('// a - b\nx();\n', '// a – b\nx();')), { tier: 'unicode', lines: [0, 1], normalized: words });
  });

  it('a dash that stands for `--` over lines: named first', () => {
    assert.deepEqual(found(findMatch('run --force now;\nother();\n', 'run —force now;\nother();')), {
      tier: 'unicode',
      lines: [0, 1],
      normalized: ['dashes read as --', 'typographic quotes, dashes and spaces', 'whitespace'],
    });
  });

  it('typos in several lines: similarity, named as approximate', () => {
    const block = APPLY_DISCOUNT.join('\n');
    const old = block.replace('rate;', 'rate / 100;').replace('log(', 'lg(').replace('applyDiscount', 'applyDiscont');
    assert.deepEqual(found(findMatch(`${block}\n`, old)), { tier: 'similarity', lines: [0, 5], normalized: ['approximate text (Levenshtein similarity)'] });
  });
});

describe('line-trimmed tier: its own rules', () => {
  const file = 'if (x) {\n    a();\n  b();\n}\n';

  it('lines indented unevenly, each trimmed, are found by it and named as such', () => {
    const r = findMatch(file, 'if (x) {\na();\nb();\n}');
    assert.equal(r.kind, 'match', JSON.stringify(r));
    if (r.kind === 'match') assert.deepEqual([r.match.tier, r.match.normalized], ['line-trimmed', ['leading and trailing whitespace of lines']]);
  });

  it('in a file of look-alike lines (searched in one pass over the file): found by it too', () => {
    // Every line holds the old text's one word, so the search is one pass keying each line: the key must trim.
    const lines = Array.from({ length: 1000 }, (_, i) => (i === 500 ? '    value--;  ' : '    value++;  '));
    const r = findMatch(`${lines.join('\n')}\n`, 'value++;\nvalue++;\nvalue--;\nvalue++;');
    assert.equal(r.kind, 'match', JSON.stringify(r));
    if (r.kind === 'match') assert.deepEqual([r.match.tier, r.match.startLine, r.match.endLine], ['line-trimmed', 498, 501]);
  });

  it('a blank line the file lacks is no trimmed line: a later tier (whitespace) answers, and says so', () => {
    const r = findMatch(file, 'if (x) {\na();\n\nb();\n}');
    assert.equal(r.kind, 'match', JSON.stringify(r));
    if (r.kind === 'match') assert.equal(r.match.tier, 'whitespace');
  });
});
