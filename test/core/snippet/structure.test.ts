// Snippet stage: the ends of a unit found by structure (structure.ts) — a closing line with no words to search
// for, a changed signature found nowhere, the end of the unit a line opens.
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { MAX_ELIDED, MAX_UNSHOWN } from '../../../src/core/snippet/anchors';
import { makeFrame } from '../../../src/core/snippet/frame';
import { LineMatcher } from '../../../src/core/snippet/lineMatch';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { blockCloserAnchors, findCloser, findHead, findUnitEnd, firstCodeLine } from '../../../src/core/snippet/structure';

const setup = (file: string[], snippet: string[], anchors: Array<[number, number]>) => {
  const doc = new SourceText(file.join('\n'));
  const snip = new SnippetLines(snippet.join('\n'));
  return { doc, snip, frame: makeFrame(doc, snip, anchors), match: new LineMatcher(doc, snip) };
};
const closer = (file: string[], snippet: string[], last: [number, number], anchors: Array<[number, number]> = [last]) => {
  const s = setup(file, snippet, anchors);
  return findCloser(s.doc, s.snip, s.frame, s.match, last);
};
const head = (file: string[], snippet: string[], first: [number, number], anchors: Array<[number, number]> = [first]) => {
  const s = setup(file, snippet, anchors);
  return findHead(s.doc, s.snip, s.frame, s.match, first);
};
const unitEnd = (file: string[], f: number) => {
  const s = setup(file, ['x();'], [[0, f]]);
  return findUnitEnd(s.doc, s.frame, f);
};

const FN = ['class Shop {', '  total() {', '    let sum = 0;', '    return sum;', '  }', '', '  clear() {', '  }', '}'];

describe('snippet structure: the closing line', () => {
  it('the first file line at the closing line’s expected width, when it is the same line', () => {
    assert.equal(closer(FN, ['  total() {', '    let sum = 1;', '    return sum;', '  }'], [2, 3], [[0, 1], [2, 3]]), 4);
  });

  it('a line shallower than expected first, or another line at that width: no closer', () => {
    assert.equal(closer(FN, ['    return sum;', '  }'], [0, 3], [[0, 3]]), 4);
    assert.equal(closer(FN, ['    let sum = 0;', '    return sum;', '  };'], [1, 3], [[0, 2], [1, 3]]), undefined);
    // A shallower line ends the search even when a line at the expected width follows it.
    assert.equal(closer(['f() {', '  run();', 'g();', '  }'], ['f() {', '  run();', '  }'], [1, 1], [[0, 0], [1, 1]]), undefined);
  });

  it('a last line with words is an anchor’s business, never found by structure', () => {
    assert.equal(closer(['f() {', '  go();', '  stop();'], ['  go();', '  stop();'], [0, 1]), undefined);
  });

  it('blank file lines are skipped', () => {
    assert.equal(closer(['f() {', '  run();', '', '  ', '}'], ['f() {', '  run();', '}'], [1, 1], [[0, 0], [1, 1]]), 4);
  });

  it('only when the snippet’s last line comes after the last anchor and is a bare closing line', () => {
    assert.equal(closer(FN, ['  total() {', '    return sum;'], [1, 3], [[0, 1], [1, 3]]), undefined);
    assert.equal(closer(FN, ['    return sum;', '  // ...'], [0, 3]), undefined);
    assert.equal(closer(FN, ['    return sum;', '  done();'], [0, 3]), undefined);
  });

  it(`without a marker, at most ${MAX_UNSHOWN} lines more than the snippet has between the last anchor and the closer`, () => {
    const body = (n: number) => ['f() {', '  first();', ...Array.from({ length: n }, (_, i) => `  s${i}();`), '}'];
    const snippet = ['f() {', '  first();', '  new();', '}'];
    assert.equal(closer(body(MAX_UNSHOWN + 1), snippet, [1, 1], [[0, 0], [1, 1]]), MAX_UNSHOWN + 3);
    assert.equal(closer(body(MAX_UNSHOWN + 2), snippet, [1, 1], [[0, 0], [1, 1]]), undefined);
    const elided = ['f() {', '  first();', '  // ...', '}'];
    assert.equal(closer(body(MAX_UNSHOWN + 2), elided, [1, 1], [[0, 0], [1, 1]]), MAX_UNSHOWN + 4);
  });
});

describe('snippet structure: a changed first line', () => {
  it('the file line above the first anchor at the first line’s expected width, when it is a version of it', () => {
    assert.equal(head(FN, ['  total(): number {', '    let sum = 0;', '    return sum;'], [1, 2], [[1, 2], [2, 3]]), 1);
  });

  it('another line at that width, or a shallower line first: no head', () => {
    assert.equal(head(FN, ['  reset() {', '    return sum;'], [1, 3]), undefined);
    // A shallower line ends the search even when a version of the first line stands above it.
    assert.equal(head(['  fn() {', 'g();', '    sum = 0;'], ['  fn(a) {', '    sum = 0;'], [1, 2]), undefined);
  });

  it('blank lines are skipped on the way up', () => {
    assert.equal(head(['  total() {', '', '    sum = 0;'], ['  total(a) {', '    sum = 0;'], [1, 2]), 0);
  });

  it('only when the first line is not itself an anchor, has words, and is shallower than the first anchor', () => {
    assert.equal(head(FN, ['  total() {', '    let sum = 0;'], [0, 1]), undefined);
    assert.equal(head(FN, ['  }', '    let sum = 0;'], [1, 2]), undefined);
    assert.equal(head(FN, ['    total(a) {', '    let sum = 0;'], [1, 2]), undefined);
    // At the first anchor's own depth a changed line is the aligner's to pair, not a unit's head.
    assert.equal(head(FN, ['    let sum = 1;', '    return sum;'], [1, 3]), undefined);
    // A bare closing line is no head, even where the file has it.
    assert.equal(head(['  }', '    let sum = 0;'], ['  }', '    let sum = 0;'], [1, 1]), undefined);
  });

  it(`at most ${MAX_UNSHOWN} lines more than the snippet has above the first anchor`, () => {
    const file = (n: number) => ['fn() {', ...Array.from({ length: n }, (_, i) => `  s${i}();`), '  last();'];
    assert.equal(head(file(MAX_UNSHOWN), ['fn(a) {', '  last();'], [1, MAX_UNSHOWN + 1]), 0);
    assert.equal(head(file(MAX_UNSHOWN + 1), ['fn(a) {', '  last();'], [1, MAX_UNSHOWN + 2]), undefined);
  });
});

describe('snippet structure: the end of the unit a line opens', () => {
  it('the last line deeper than the opening line, before the first line that is not', () => {
    assert.equal(unitEnd(FN, 1), 3);
    assert.equal(unitEnd(FN, 0), 7);
    assert.equal(unitEnd(['class A:', '    def f(self):', '        return 1', '', '', 'def g():'], 0), 2);
  });

  it('a line that opens nothing (no `{` or `:` at its end), or opens an empty unit: undefined', () => {
    assert.equal(unitEnd(FN, 2), undefined);
    assert.equal(unitEnd(FN, 6), undefined);
    assert.equal(unitEnd(['f() {  ', '  x();', '}'], 0), 1);
  });
});

describe('snippet structure: the unit a line opens, at its limits', () => {
  it('a brace inside a line (an object argument) opens nothing: only one at the line’s end does', () => {
    assert.equal(unitEnd(['call({ a: 1 },', '    b);', 'next();'], 0), undefined);
  });

  it('a unit that runs to the end of the file ends at its last line, even when the file’s first line is deeper', () => {
    // Past the last line there is nothing: never a line beyond it, whatever indentation the file starts with.
    assert.equal(unitEnd(['    x();', 'class A {', '  a();', '  b();'], 1), 3);
  });

  it(`the unit's end is looked for at most ${MAX_ELIDED} lines down`, () => {
    const file = ['x();', 'f() {', ...Array.from({ length: MAX_ELIDED + 2 }, () => '  s();'), '}'];
    assert.equal(unitEnd(file, 1), 1 + MAX_ELIDED);
  });
});

describe('snippet structure: a changed first line after leading markers', () => {
  it('the head is the first line of code past the markers and blank lines the snippet starts with', () => {
    assert.equal(firstCodeLine(new SnippetLines(['// ...', '', '  total(x) {', '    let sum = 0;'].join('\n'))), 2);
    assert.equal(firstCodeLine(new SnippetLines('  total() {')), 0);
    assert.equal(head(FN, ['// ...', '  total(x) {', '    let sum = 0;'], [2, 2]), 1);
    // Without the marker too, as before.
    assert.equal(head(FN, ['  total(x) {', '    let sum = 0;'], [1, 2]), 1);
  });
});

describe('snippet structure: the closing lines of anchored blocks', () => {
  const file = ['f() {', '  if (a) {', '    one();', '    two();', '  }', '  after();', '}'];
  const closers = (snippet: string[], anchors: Array<[number, number]>) => {
    const s = setup(file, snippet, anchors);
    return blockCloserAnchors(s.doc, s.snip, s.frame, s.match, anchors);
  };

  it('the `}` of a block whose opening line is an anchor pairs with the file’s, past the anchors inside the block', () => {
    assert.deepEqual(closers(['  if (a) {', '    one();', '    two();', '    three();', '  }', '  // ...'], [[0, 1], [1, 2], [2, 3]]), [[0, 1], [1, 2], [2, 3], [4, 4]]);
  });

  it('none when the closing lines differ, or would stand out of order with another anchor', () => {
    assert.deepEqual(closers(['  if (a) {', '    one();', '  });'], [[0, 1], [1, 2]]), [[0, 1], [1, 2]]);
    // `after();` paired before the file's `}`: that `}` cannot close the snippet's block, which ends after it.
    assert.deepEqual(closers(['  if (a) {', '    one();', '    after();', '  }'], [[0, 1], [1, 2], [2, 5]]), [[0, 1], [1, 2], [2, 5]]);
  });
});
