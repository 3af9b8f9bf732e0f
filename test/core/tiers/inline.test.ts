// A one-line old text that is part of a line (src/core/tiers/inline.ts, reached through the whitespace and
// unicode tiers): whitespace flexible between punctuation, typographic quotes and dashes for their ASCII forms.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, type FindResult } from '../../../src/core';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { findInline } from '../../../src/core/tiers/inline';

const found = (r: FindResult) =>
  r.kind === 'match' ? { tier: r.match.tier, span: [r.match.start, r.match.end], normalized: r.match.normalized } : r.kind === 'ambiguous' ? r.candidates.map((c) => c.start) : r.kind;

describe('inline: part of a line', () => {
  it('`foo(a,b)` inside `x = foo(a, b);`: the span is the call', () => {
    assert.deepEqual(found(findMatch('x = foo(a, b);\n', 'foo(a,b)')), { tier: 'whitespace', span: [4, 13], normalized: ['whitespace inside the line'] });
  });

  it('no space is invented between two word characters: `fooo(` is not `foo(`', () => {
    assert.deepEqual(found(findMatch('x = fooo(a, b);\ny = foo( a , b );\n', 'foo(a,b)')), { tier: 'whitespace', span: [20, 32], normalized: ['whitespace inside the line'] });
    // Nor inside a word after punctuation: `f(ab, total)` is not `f(a b, total)`.
    assert.equal(findMatch('f(a b, total);\n', 'f(ab, total)').kind, 'not_found');
  });

  it('the whitespace around the old text is not part of the span: the space before the call stays', () => {
    assert.deepEqual(found(findMatch('x = foo(a, b);\n', '  foo(a,b)  ')), { tier: 'whitespace', span: [4, 13], normalized: ['whitespace inside the line'] });
  });

  it('a run of whitespace in the old text (two spaces, a tab) stands for the file’s one space', () => {
    assert.deepEqual(found(findMatch('x = a b;\n', 'a  b')), { tier: 'whitespace', span: [4, 7], normalized: ['whitespace inside the line'] });
    assert.deepEqual(found(findMatch('x = a b;\n', 'a\tb')), { tier: 'whitespace', span: [4, 7], normalized: ['whitespace inside the line'] });
  });

  it('punctuation after a space in the old text still finds the file’s space after it: `f(a ,b)` is `f(a , b)`', () => {
    assert.deepEqual(found(findMatch('f(a , b);\n', 'f(a ,b)')), { tier: 'whitespace', span: [0, 8], normalized: ['whitespace inside the line'] });
  });

  it('overlapping places are each a place: ambiguous', () => {
    // `a,a` stands nowhere as it is: only the flexible pattern finds it, twice, sharing the middle `a`.
    assert.deepEqual(found(findMatch('x = f(a, a, a);\n', 'a,a')), [6, 9]);
  });

  it('typographic quotes inside a line, and a dash that stands for `--`', () => {
    assert.deepEqual(found(findMatch('x = say("hi") + 1;\n', 'say(“hi”)')), { tier: 'unicode', span: [4, 13], normalized: ['typographic quotes, dashes and spaces'] });
    assert.deepEqual(found(findMatch('$ run --force now\n', 'run —force')), { tier: 'unicode', span: [2, 13], normalized: ['dashes read as --'] });
  });

  it('a typographic quote stands for a quote, never for a letter', () => {
    assert.equal(findMatch('x = say(shis) + 1;\n', 'say(“hi”)').kind, 'not_found');
  });

  it('typographic quotes with spaces around the old text: the new text takes the file’s quotes', () => {
    assert.equal(applyEdit('x = say("hi") + 1;\n', '  say(“hi”)', '  say(“bye”)').content, 'x = say("bye") + 1;\n');
  });

  it('an old text of two lines, or of none, is not a part of a line', () => {
    const doc = new SourceText('a b\na b\n');
    assert.deepEqual(findInline(doc, new Needle('a\nb'), false, []), []);
    assert.deepEqual(findInline(doc, new Needle('  '), false, []), []);
    // Zero-width characters only: read as ASCII nothing is left, and an empty pattern would be everywhere.
    assert.deepEqual(findInline(doc, new Needle('\u200B'), true, []), []);
  });

  it('a one-line old text of 23,000 characters is refused like any other, never a regular expression error', () => {
    const content = Array.from({ length: 1000 }, (_, i) => `call(${i}, arg, arg, arg)`).join('\n');
    const old = 'call(1, arg, arg, arg) '.repeat(1000);
    // Its pattern overflowed the regular expression engine's stack: a SyntaxError, not a refusal.
    assert.equal(findMatch(content, old).kind, 'not_found');
    assert.throws(() => applyEdit(content, old, 'x'), (e: Error) => e.name === 'EditError');
    // Where it stands whole, the exact tier finds it.
    assert.equal(findMatch(`${content}\n${old}`, old).kind, 'match');
  });
});

