// The line equivalences (src/core/normalize.ts) one by one: every typographic character, escape and entity the
// tiers read, and the small helpers the line search is built from. Written from the survivors of a mutation run
// (2026-11-24): each table entry and each boundary is pinned by the smallest input that shows it.
import { strict as assert } from 'node:assert';
import {
  canonicalizeUnicode,
  canonicalLine,
  collapseWhitespace,
  decodeHtmlEntities,
  hasHtmlEntities,
  hasTypographicChars,
  indentWidth,
  isBlank,
  isMeaningfulLine,
  typographicVariants,
  unescapeOnce,
  wordTokens,
  looksLikeEscapedLines,
} from '../../src/core/normalize';

describe('normalize: line equivalences', () => {
  it('every typographic character a chat UI substitutes maps to its ASCII character', () => {
    const table: [string, string][] = [
      ['\u2018\u2019\u201A\u201B\u2032', "'''''"],
      ['\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB', '"""""""'],
      ['\u2010\u2011\u2012\u2013\u2014\u2015\u2212', '-------'],
      ['\u00A0\u2007\u202F\u2009\u200A\u3000', '      '],
      ['a\u200Bb\u200Cc\u200Dd\uFEFFe\u2060f', 'abcdef'],
      ['\u2026', '...'],
    ];
    for (const [typographic, ascii] of table) assert.equal(canonicalizeUnicode(typographic), ascii, JSON.stringify(typographic));
  });

  it('the typographic variants of an ASCII character are exactly those that map to it', () => {
    assert.deepEqual(typographicVariants('"'), ['\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u00AB', '\u00BB']);
    assert.deepEqual(typographicVariants("'"), ['\u2018', '\u2019', '\u201A', '\u201B', '\u2032']);
    assert.deepEqual(typographicVariants('x'), []);
  });

  it('hasTypographicChars answers the same on every call (the shared pattern keeps no position)', () => {
    assert.equal(hasTypographicChars('say \u201Chi\u201D'), true);
    assert.equal(hasTypographicChars('say \u201Chi\u201D'), true);
    assert.equal(hasTypographicChars('say "hi"'), false);
  });

  it('whitespace between two word characters stays one space; elsewhere it goes', () => {
    assert.equal(collapseWhitespace('  return   x ;  '), 'return x;');
    assert.equal(collapseWhitespace('f( a ,b )'), 'f(a,b)');
    // Word characters at the ends of ASCII's ranges, and those past ASCII: digits from 0, letters to z, _ and $, é.
    assert.equal(collapseWhitespace('return  0'), 'return 0');
    assert.equal(collapseWhitespace('let  z'), 'let z');
    assert.equal(collapseWhitespace('_a  $b  9'), '_a $b 9');
    assert.equal(collapseWhitespace('é  A'), 'é A');
    assert.equal(canonicalLine('  const\u00A0s = \u201Chi\u201D;'), 'const s="hi";');
  });

  it('one level of over-escaping is undone for each escape a model adds, never more', () => {
    assert.equal(unescapeOnce('a\\nb\\tc\\rd'), 'a\nb\tc\rd');
    assert.equal(unescapeOnce('\\"\\\'\\`\\$'), '"\'`$');
    assert.equal(unescapeOnce('\\\\n'), '\\n', 'an escaped backslash before n is one backslash and an n');
    assert.equal(unescapeOnce('x\\\ny'), 'x\ny', 'a backslash before a line break (a continued string) goes');
    assert.equal(unescapeOnce('\\q'), '\\q', 'not an escape: kept');
  });

  it('HTML entities: named, decimal and hex (either case), up to their lengths', () => {
    assert.equal(decodeHtmlEntities('&lt;&gt;&amp;&quot;&apos;&nbsp;'), '<>&"\'\u00A0');
    assert.equal(decodeHtmlEntities('&LT;'), '<');
    assert.equal(decodeHtmlEntities('&#39;&#x27;&#X27;'), "'''");
    assert.equal(decodeHtmlEntities('&amp;lt;'), '&lt;', 'decoded once');
    for (const yes of ['&#39;', '&#x27;', '&#12345;', '&#xffff;', '&amp;']) assert.equal(hasHtmlEntities(yes), true, yes);
    for (const no of ['&#123456;', '&#x12345;', '&#;', '&#xg1;', '& lt;', '&copy;']) assert.equal(hasHtmlEntities(no), false, no);
    assert.equal(decodeHtmlEntities('&#123456;'), '&#123456;');
  });

  it('a tab advances to the next multiple of the tab size', () => {
    assert.equal(indentWidth('\t'), 4);
    assert.equal(indentWidth(' \t'), 4);
    assert.equal(indentWidth('  \t '), 5);
    assert.equal(indentWidth('\t', 8), 8);
    assert.equal(indentWidth('      '), 6);
  });

  it('a line of only whitespace is blank', () => {
    assert.equal(isBlank(''), true);
    assert.equal(isBlank(' \t '), true);
    assert.equal(isBlank(' } '), false);
  });

  it('a meaningful line has a word of two or more characters', () => {
    assert.equal(isMeaningfulLine('a, b) {'), false);
    assert.equal(isMeaningfulLine('});'), false);
    assert.equal(isMeaningfulLine('x = ab'), true);
    assert.equal(isMeaningfulLine('été'), true);
  });

  it('word tokens: identifier runs of two or more characters, each once, longest first', () => {
    assert.deepEqual(wordTokens('a = bb + ccc + bb'), ['ccc', 'bb']);
    assert.deepEqual(wordTokens('x.y'), []);
    assert.deepEqual(wordTokens('$el _id'), ['$el', '_id']);
  });
});

describe('normalize: looksLikeEscapedLines', () => {
  it('one line holding `\\n` then an indentation (two spaces, a tab) then code: line breaks written as text', () => {
    assert.equal(looksLikeEscapedLines('x = 1\\n    y = 2'), true);
    assert.equal(looksLikeEscapedLines('x = 1\\n\ty = 2'), true);
    // A `\\n` followed by a word or one space (a string literal), or a text with real line breaks: no.
    assert.equal(looksLikeEscapedLines('s = "a\\nb"'), false);
    assert.equal(looksLikeEscapedLines('s = "a\\n b"'), false);
    assert.equal(looksLikeEscapedLines('x = 1\\n    y\nz'), false);
  });
});
