// The reflow search (src/core/tiers/reflow.ts, reached through the whitespace tier): the same code with its line
// breaks moved. A line break counts as whitespace, kept only between two words, like any other.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, isEditError, type FindResult } from '../../../src/core';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { findReflowed } from '../../../src/core/tiers/reflow';

const FILE = 'function load(url, options) {\n  const result = await\n    fetchData(url, options);\n  return result;\n}\n';
const found = (r: FindResult) => (r.kind === 'match' ? { tier: r.match.tier, start: r.match.start, end: r.match.end, lines: [r.match.startLine, r.match.endLine] } : r.kind);

describe('reflow: line breaks moved', () => {
  it('a statement the file wraps between two words, written on one line: found from its first to its last character', () => {
    const start = FILE.indexOf('const');
    const end = FILE.indexOf(';', FILE.indexOf('fetchData')) + 1;
    assert.deepEqual(found(findMatch(FILE, 'const result = await fetchData(url, options);')), { tier: 'whitespace', start, end, lines: [1, 2] });
  });

  it('the break between two words is a space: the words written together are another text', () => {
    assert.equal(found(findMatch(FILE, 'const result = awaitfetchData(url, options);')), 'not_found');
    // …and so is a text with any other character there (`awaitxfetchData`; a longer name anchors the search).
    const named = FILE.replace(/result/g, 'resultOfTheLongLoad');
    assert.notEqual(found(findMatch(named, 'const resultOfTheLongLoad = await fetchData(url, options);')), 'not_found');
    assert.equal(found(findMatch(named, 'const resultOfTheLongLoad = awaitxfetchData(url, options);')), 'not_found');
  });

  it('an old text copied with its indentation and line break: the edit keeps the file’s wrapping', () => {
    const r = applyEdit(FILE, '  const result = await fetchData(url, options);\n', '  const result = await fetchData(url, opts);\n');
    assert.equal(r.content, FILE.replace('fetchData(url, options)', 'fetchData(url, opts)'));
  });

  it('two places wrapped alike: ambiguous, the places in file order', () => {
    const twice = FILE + FILE.replace('function load', 'function again');
    const r = findMatch(twice, 'const result = await fetchData(url, options);');
    assert.equal(r.kind, 'ambiguous');
    if (r.kind === 'ambiguous') assert.deepEqual(r.candidates.map((c) => c.startLine), [1, 6]);
  });
});

describe('reflow: where the search starts and how far it reaches', () => {
  const spans = (content: string, old: string) =>
    findReflowed({ doc: new SourceText(content), needle: new Needle(old), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) }).map((c) => [c.reflow!.startLine, c.reflow!.endLine]);
  /** `call(` … `longestToken);` over `n` lines, and the same written on one line. */
  const wrapped = (n: number) => ['call(', ...Array.from({ length: n - 2 }, (_, i) => `  a${i},`), '  longestToken);'].join('\n');
  const oneLine = (n: number) => wrapped(n).replace(/\n\s*/g, ' ');

  it('16 characters of text (whitespace between words aside) are enough; 15 are too few to be sure of', () => {
    assert.deepEqual(spans('go(alpha,\n  bcdef);\n', 'go(alpha, bcdef);'), [[0, 1]]);
    assert.deepEqual(spans('go(alph,\n  bcdef);\n', 'go(alph, bcdef);'), []);
  });

  it('a one-line old text is looked for over at most 9 file lines (4 per old line, and 4)', () => {
    assert.deepEqual(spans(`x;\n${wrapped(9)}\n`, oneLine(9)), [[1, 9]]);
    assert.deepEqual(spans(`x;\n${wrapped(10)}\n`, oneLine(10)), []);
    // …counted from the window's first line, wherever the anchor word stands in it.
    const headFirst = (n: number) => wrapped(n).replace('call(', 'longestTokenOfAll(');
    assert.deepEqual(spans(`x;\n${headFirst(9)}\n`, headFirst(9).replace(/\n\s*/g, ' ')), [[1, 9]]);
    assert.deepEqual(spans(`x;\n${headFirst(10)}\n`, headFirst(10).replace(/\n\s*/g, ' ')), []);
  });

  it('a statement on the file’s first lines, and one after a blank line: found from its own first line', () => {
    assert.deepEqual(spans(`${wrapped(4)}\n`, oneLine(4)), [[0, 3]]);
    // The blank line holds spaces: a window never starts on it.
    assert.deepEqual(spans(`x;\n   \n${wrapped(4)}\n`, oneLine(4)), [[2, 5]]);
  });

  it('short lines before the anchor line: their own characters count, not their indentation or their line breaks', () => {
    // `x(a,b,c,` is all that stands before `longtoken` in the old text: the walk back from its line may take in
    // exactly that much.
    assert.deepEqual(spans('x(\n    a,\n    b,\n    c,\n    longtoken);\n', 'x(a, b, c, longtoken);'), [[0, 4]]);
  });

  it('the walk back from the anchor word is charged for no more lines than the old text can have there', () => {
    // What the search charges to the work budget (whose end is a `too_large` refusal): the lines it compares.
    class Counting extends Budget {
      charged = 0;
      override charge(n: number) {
        this.charged += n;
        super.charge(n);
      }
    }
    const statement = ['longestTokenOfAll(', '  a0,', '  a1,', '  a2,', '  a3,', '  z);'];
    const old = 'longestTokenOfAll(a0,\n  a1, a2,\n  a3, z);'; // three lines: a reach of 16 lines
    const charged = (before: string[]) => {
      const budget = new Counting(DEFAULT_BUDGET);
      const doc = new SourceText([...before, ...statement, ''].join('\n'));
      const spans = findReflowed({ doc, needle: new Needle(old), threshold: 0.85, budget }).map((c) => [c.reflow!.startLine, c.reflow!.endLine]);
      return { spans, charged: budget.charged };
    };
    // Nothing stands before the word in the old text: of 200 short lines before it, only the nearest is tried
    // (the statement's 6 lines and that one), not every line within reach.
    const short = charged(Array(200).fill('l;'));
    assert.deepEqual(short.spans, [[200, 205]]);
    assert.ok(short.charged <= 7, `charged ${short.charged}`);
    // Blank lines hold no text: they are walked over, but only as far as the reach (17 starts of at most 17 lines).
    const blank = charged(Array(200).fill(''));
    assert.deepEqual(blank.spans, [[200, 205]]);
    assert.ok(blank.charged <= 17 * 17, `charged ${blank.charged}`);
    // Only a line that can start the old text is compared from: not `longtoken);`, `c,`, `b,` or `a,`, only `x(`
    // and the 5 lines from it.
    const budget = new Counting(DEFAULT_BUDGET);
    const found = findReflowed({ doc: new SourceText('x(\n  a,\n  b,\n  c,\n  longtoken);\n'), needle: new Needle('x(a, b, c, longtoken);'), threshold: 0.85, budget });
    assert.deepEqual([found.length, budget.charged], [1, 5]);
  });

  it('an old text that is the file’s only line twice is not found: the search reads no line before the first or after the last', () => {
    // Read past either end, the file's whole text would stand for one more line and complete the old text.
    const line = 'const total = computeTotal(items);';
    assert.deepEqual(spans(`${line}\n`, `${line}\n${line}`), []);
    assert.throws(() => applyEdit(`${line}\n`, `${line}\n${line}`, `${line}\n${line.replace('items', 'rows')}`), (err) => isEditError(err) && err.code === 'not_found');
  });

  it('past 200,000 file lines compared, no reflow: repetitive code cannot make the search quadratic', () => {
    // Each decoy (44 blank lines, then the anchor word in another call) costs about 1,000 lines compared; the
    // statement itself stands after them, wrapped over 14 lines, the old text over 10 (a reach of 44 lines).
    const args = Array.from({ length: 12 }, (_, i) => `a${i},`);
    const statement = ['longestTokenOfAll(', ...args.map((a) => `  ${a}`), '  z);'];
    const old = ['longestTokenOfAll(a0, a1,', ...args.slice(2, 10).map((a) => `  ${a}`), '  a10, a11, z);'].join('\n');
    const decoy = [...Array<string>(44).fill(''), 'longestTokenOfAll(b);'];
    const file = (decoys: number) => [...Array.from({ length: decoys }, () => decoy).flat(), ...statement, ''].join('\n');
    assert.deepEqual(spans(file(100), old), [[4500, 4513]]);
    assert.deepEqual(spans(file(200), old), []);
  });

  it('an anchor word on 400 lines is still searched from; on 401 it is too common', () => {
    const file = (n: number) => `${Array.from({ length: n - 1 }, (_, i) => `item${i} = longestToken;`).join('\n')}\n${wrapped(4)}\n`;
    assert.deepEqual(spans(file(400), oneLine(4)), [[399, 402]]);
    assert.deepEqual(spans(file(401), oneLine(4)), []);
  });

  it('the match names what was normalised', () => {
    const r = findMatch(FILE, 'const result = await fetchData(url, options);\n');
    assert.deepEqual(r.kind === 'match' && r.match.normalized, ['line breaks and whitespace']);
  });
});

describe('reflow: a break moved without changing the line count', () => {
  it('`foo(alpha,` / `beta, gamma);` is found for `foo(alpha, beta,` / `gamma);`, and the edit writes the new text', () => {
    const r = findMatch('foo(alpha,\n  beta, gamma);\n', 'foo(alpha, beta,\n  gamma);');
    assert.equal(r.kind, 'match', JSON.stringify(r));
    if (r.kind === 'match') assert.deepEqual([r.match.tier, r.match.normalized], ['whitespace', ['line breaks and whitespace']]);
    const a = applyEdit('x();\nfoo(alpha,\n  beta, gamma);\ny();\n', 'foo(alpha, beta,\n  gamma);', 'foo(alpha, beta,\n  delta);');
    assert.equal(a.content, 'x();\nfoo(alpha, beta,\n  delta);\ny();\n');
  });
});
