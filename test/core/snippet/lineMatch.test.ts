// Snippet stage: how one snippet line relates to one file line (lineMatch.ts) — the same line, a slip of the
// keyboard kept as the file spells it, a changed version, or unrelated. Written `equal`, `drift`,
// `change 0.xx` (its similarity) or `none`.
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { LineMatcher, MIN_CHANGE_SIMILARITY, MIN_SAME_START_SIMILARITY } from '../../../src/core/snippet/lineMatch';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { applySnippet } from '../../../src/core';

const relation = (fileLine: string, snippetLine: string, otherFile: string[] = [], otherSnippet: string[] = []) => {
  const doc = new SourceText([fileLine, ...otherFile].join('\n'));
  const snip = new SnippetLines([snippetLine, ...otherSnippet].join('\n'));
  const r = new LineMatcher(doc, snip).relation(0, 0);
  return !r ? 'none' : r.kind === 'change' ? `change ${r.similarity.toFixed(2)}` : r.kind;
};

describe('snippet lineMatch: the same line', () => {
  it('equal up to spacing and typography', () => {
    assert.equal(relation('  total += x;', 'total  +=  x;'), 'equal');
    assert.equal(relation('say(‘hi’);', "say('hi');"), 'equal');
  });

  it('two blank lines are the same; a blank and a code line are unrelated', () => {
    const doc = new SourceText(['x();', '', 'y();'].join('\n'));
    const snip = new SnippetLines(['x();', '', 'y();'].join('\n'));
    const m = new LineMatcher(doc, snip);
    assert.equal(m.relation(1, 1)?.kind, 'equal');
    assert.equal(m.relation(1, 0), null);
    assert.equal(m.relation(0, 1), null);
  });

  it('a marker is no line of the file', () => {
    const doc = new SourceText('// ...');
    const snip = new SnippetLines('run();\n// ...\nrun();');
    assert.equal(new LineMatcher(doc, snip).relation(1, 0), null);
  });

  it('braces and brackets are the same or different, never versions of one another', () => {
    assert.equal(relation('});', '})'), 'none');
    assert.equal(relation('});', '});'), 'equal');
    assert.equal(relation('call();', '});'), 'none');
    assert.equal(relation('});', 'call();'), 'none');
    // A line of numbers and punctuation only is no version of a line with a word, either way round.
    assert.equal(relation('[1, 2];', '[1, 22];'), 'none');
    assert.equal(relation('[1, 22];', '[1, 2];'), 'none');
    assert.equal(relation('[10, 2];', '[10, 22];'), 'change 0.88');
  });

  it('answers are cached per pair and stay the same', () => {
    const doc = new SourceText('total = 1;\nother = 2;');
    const snip = new SnippetLines('total = 2;\nother = 2;');
    const m = new LineMatcher(doc, snip);
    assert.equal(m.relation(0, 0), m.relation(0, 0));
    assert.equal(m.relation(0, 1), null);
    assert.equal(m.relation(1, 1)?.kind, 'equal');
    assert.equal(m.relation(1, 0), null);
  });
});

describe('snippet lineMatch: a slip of the keyboard', () => {
  it('a misspelled word of the file’s line (one or two edits, same first letter) is the file’s line', () => {
    assert.equal(relation('const maxDepth = 3;', 'const maxDeppth = 3;'), 'drift');
    assert.equal(relation('this.items.push(item);', 'this.itmes.push(item);'), 'drift');
    assert.equal(relation('call(alpha);', 'call(alpah);'), 'drift');
  });

  it('not when the word differs more: three edits, another first letter, two letters longer, or a file word under four letters', () => {
    assert.notEqual(relation('const maxDepth = 3;', 'const maxDxxxth = 3;'), 'drift');
    assert.notEqual(relation('call(alpha);', 'call(blpha);'), 'drift');
    assert.notEqual(relation('call(alpha);', 'call(alphaaa);'), 'drift');
    assert.equal(relation('call(alpha);', 'call(alphaa);'), 'drift');
    assert.notEqual(relation('call(abc);', 'call(abd);'), 'drift');
    assert.equal(relation('call(abcd);', 'call(abce);'), 'drift');
  });

  it('not when the shape differs (other punctuation, another number of words)', () => {
    assert.notEqual(relation('call(alpha);', 'call(alpah, 1);'), 'drift');
    assert.notEqual(relation('call(alpha);', 'call[alpah];'), 'drift');
  });

  it('not when the snippet’s word stands in the file as a word, or on another snippet line: a name the edit uses on purpose', () => {
    assert.notEqual(relation('call(alpha);', 'call(alpah);', ['alpah = 1;']), 'drift');
    assert.equal(relation('call(alpha);', 'call(alpah);', ['xalpah = 1;', 'alpahx = 1;']), 'drift');
    assert.notEqual(relation('call(alpha);', 'call(alpah);', [], ['use(alpah);']), 'drift');
    assert.notEqual(relation('call($alpha);', 'call($alpah);', ['$alpah = 1;']), 'drift');
  });

  it('the line must differ in some word: the same words in another case are not a slip', () => {
    assert.notEqual(relation('call(alpha);', 'Call(alpha);'), 'drift');
  });

  it('a slip keeps about the length: four characters shorter over four words is still one', () => {
    assert.equal(relation('call(alpha, betaa, gamma, delta);', 'call(alph, beta, gamm, delt);'), 'drift');
  });

  it('a misspelled word repeated on its one line is still a slip (a line counts once)', () => {
    assert.equal(relation('call(alpha, alpha);', 'call(alpah, alpah);'), 'drift');
  });
});

describe('snippet lineMatch: a changed version of the line', () => {
  it(`similar lines (${MIN_CHANGE_SIMILARITY} or more) are versions of one another, with their similarity`, () => {
    assert.equal(relation('let total = items.length;', 'let total = items.length + 1;'), 'change 0.92');
    assert.equal(relation('"abcdefghij",', '"abcdefghijklmno",'), 'change 0.72');
  });

  it('below the threshold they are unrelated; at it, related', () => {
    // 20 characters (list items: about nothing in particular), 7 of them changed: 1 − 7/20 = 0.65; 8: 0.6.
    assert.equal(relation('"abcdefghijklmnopq",', '"abcdefghijSTUVWXY",'), 'change 0.65');
    assert.equal(relation('"abcdefghijklmnopq",', '"abcdefghiRSTUVWXY",'), 'none');
  });

  it('a line 0.65 of the other’s length is still compared; shorter, unrelated', () => {
    assert.equal(relation('"abcdefghij",', '"abcdefghijklmnopq",'), 'change 0.65');
    assert.equal(relation('"abcdefghij",', '"abcdefghijklmnopqr",'), 'none');
  });

  it(`lines about the same thing (a return, one declaration, one target) are versions at ${MIN_SAME_START_SIMILARITY}`, () => {
    assert.equal(relation('return sum;', 'return Math.round(sum);'), 'change 0.48');
    // At 0.3 exactly (9 and 30 characters): related; a third of the length is the floor too.
    assert.equal(relation('return a;', 'return abcdefghijklmnopqrstuv;'), 'change 0.30');
    assert.equal(relation('return a;', 'return abcdefghijklmnopqrstuvw;'), 'none');
    assert.equal(relation('const total = a;', 'const total = computeTotal(a, b);'), 'change 0.47');
    assert.equal(relation('this.items = [];', 'this.items = loadTheItems(fromDisk);'), 'change 0.35');
    assert.equal(relation('<Footer />', '<Footer year={2026} />'), 'change 0.43');
    assert.equal(relation('return x;', 'return computeTheValueOfTheThing(x);'), 'none');
  });

  it('lines about different things are held to the usual threshold', () => {
    assert.equal(relation('return sum;', 'throw Math.round(sum);'), 'none');
    assert.equal(relation('const total = a;', 'const other = computeTotal(a);'), 'none');
    assert.equal(relation('sum = a + b;', 'total = sum + a + b;'), 'none');
  });

  it('two declarations of different names, however alike, are different code', () => {
    assert.equal(relation('def h(self):', 'def f(self):'), 'none');
    assert.equal(relation('const alpha = 1;', 'const gamma = 1;'), 'none');
    assert.equal(relation('export function load(path) {', 'export function read(path) {'), 'none');
  });

  it('two blocks opened for different targets are different code; the same target, one changed', () => {
    assert.equal(relation('count() {', 'clear() {'), 'none');
    assert.equal(relation('items.forEach((x) => {', 'items.forEach((y) => {'), 'change 0.95');
    assert.equal(relation('count(a) {', 'count(a, b) {'), 'change 0.82');
    // Different targets, only one opening a block: compared by similarity.
    assert.equal(relation('countAll(items);', 'countAny(items) {'), 'change 0.81');
  });

  it('very long lines are the same line or unrelated, never compared character by character', () => {
    // 400 characters are compared; 401 are not.
    const at400 = 'xs = [' + '1,'.repeat(197) + '];';
    assert.equal(relation(at400, at400.replace('[1,', '[2,')), 'change 1.00');
    const at401 = 'xs = [' + '1,'.repeat(197) + '1];';
    assert.equal(relation(at401, at401.replace('[1,', '[2,')), 'none');
  });
});

describe('snippet lineMatch: the limits of a slip and of different units', () => {
  it('a slip keeps about the length: five characters shorter over five words is no slip, however alike each word', () => {
    assert.equal(relation('call(alpha, betaa, gamma, delta, epsil);', 'call(alph, beta, gamm, delt, epsi);'), 'change 0.86');
  });

  it('blocks opened for different targets are different code even when their characters are alike; a brace inside a call opens nothing', () => {
    // 4 of 12 characters differ (0.67): alike enough to be one line changed, were they not two blocks.
    assert.equal(relation('loadItems() {', 'readItems() {'), 'none');
    assert.equal(relation('count({ a: 1 });', 'clear({ a: 1 });'), 'change 0.69');
  });
});

describe('snippet lineMatch: the edit distances of one alignment are bounded', () => {
  it('a snippet of long lines alike to thousands of the file’s (same letters, same lengths) is refused as too large', () => {
    // Words from one small set: every pair of lines passes the cheap tests and is edit-distanced (390 characters each).
    let seed = 11;
    const word = () => ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma'][(seed = (seed * 48271) % 2147483647) % 6];
    const line = (lead: string) => `    ${lead}${Array.from({ length: 70 }, word).join(' ')}`.slice(0, 390);
    const file = ['function uniqueHeadAlpha(alpha, beta) {', ...Array.from({ length: 2900 }, () => line('q')), '    return uniqueTailOmega(alpha, beta);', '}'].join('\n');
    const snippet = ['function uniqueHeadAlpha(alpha, beta) {', '    // ... existing code ...', ...Array.from({ length: 60 }, () => line('z')), '    return uniqueTailOmega(alpha, beta);', '}'].join('\n');
    assert.throws(() => applySnippet(file, snippet), (e: Error & { code?: string }) => e.code === 'too_large' && /too much like the code around it/.test(e.message));
  });
});
