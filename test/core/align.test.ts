// Stage 2 (align): which file line each old line stands for. Each test is the smallest window that shows one rule;
// an alignment is written in file order as `j=f` (old line j pairs file line f), `+j` (old line j invented: the
// file has no such line) and `-f` (file line f forgotten: the old text left it out).
import assert from 'node:assert/strict';
import { align, similarity, type AlignInput } from '../../src/core/align';
import { distance } from 'fastest-levenshtein';
import { SourceText } from '../../src/core/document';

const alignment = (file: string[], old: string[], pairs: Array<[number, number]> = [], window: Partial<AlignInput> = {}) =>
  align(new SourceText(file.join('\n')), { startLine: 0, endLine: file.length - 1, pairs: new Map(pairs), ...window }, old)
    .map((a) => (a.kind === 'pair' ? `${a.old}=${a.file}` : a.kind === 'invented' ? `+${a.old}` : a.kind === 'forgotten' ? `-${a.file}` : `${a.old}…${a.from}-${a.to}`))
    .join(' ');

// A function whose `if` block the old texts below quote without its `if` line: which of the two `}` lines is
// the old text's `}` depends only on how levels are read.
const nested = ['function f() {', '  if (a) {', '    go();', '      more();', '  }', '}'];

describe('align: how nesting levels are read (which `}` an old `}` is)', () => {
  it('without pairs, an old text using only widths the window uses kept its columns: `}` at column 0 is the last line', () => {
    assert.equal(alignment(['function f() {', '  if (a) {', '    go();', '  }', '}'], ['function f() {', '    go();', '}']), '0=0 -1 1=2 -3 2=4');
  });

  it('a re-indented old text (4 spaces for 2) with as many indentations as the window: `}` is the one at its rank', () => {
    assert.equal(alignment(['a() {', '  if (x) {', '    b();', '  }', '}'], ['a() {', '    if (x) {', '        b();', '}']), '0=0 1=1 2=2 -3 3=4');
  });

  it('a width the window does not use, and fewer indentations than it: levels say nothing, the first `}` in order is taken', () => {
    assert.equal(alignment(nested, ['function f() {', '    go();', '         extra();', '}']), '0=0 -1 1=2 2=3 3=4 -5');
  });

  it('the tier’s pairs say the columns were kept, despite a width of the old text’s own (a pair on the window’s first line)', () => {
    assert.equal(alignment(nested, ['    go();', '         extra();', '}'], [[0, 2]], { startLine: 2, endLine: 5 }), '0=2 -3 -4 +1 2=5');
  });

  it('…and a pair on the window’s last line', () => {
    const file = ['x', 'function f() {', '  if (a) {', '      more();', '  }', '}', '    go();'];
    assert.equal(alignment(file, ['function f() {', '         extra();', '}', '    go();'], [[3, 6]], { startLine: 1, endLine: 6 }), '0=1 -2 -3 -4 +1 2=5 3=6');
  });

  it('kept columns are read as columns, not ranks: a forgotten line at a width of its own shifts no `}`', () => {
    // Ranked, the window's `bar` at column 0 would put its `}` one level deeper than the old text's.
    assert.equal(alignment(['  if (x) {', '    foo();', 'bar', '  }'], ['  if (x) {', '    foo();', '  }']), '0=0 1=1 -2 2=3');
  });

  it('a pair of lines at column 0 says nothing about columns: the widths in use decide', () => {
    assert.equal(alignment(nested, ['function f() {', '    go();', '         extra();', '}'], [[0, 0]]), '0=0 -1 1=2 2=3 3=4 -5');
  });

  it('a pair of lines at column 2 does tell', () => {
    assert.equal(alignment(nested, ['function f() {', '  if (a) {', '         extra();', '}'], [[1, 1]]), '0=0 1=1 -2 -3 -4 +2 3=5');
  });

  it('a blank old line paired with a text line says nothing about columns', () => {
    assert.equal(alignment(nested, ['function f() {', '    go();', '', '         extra();', '}'], [[1, 2], [2, 3]]), '0=0 -1 1=2 -3 -4 +2 +3 4=5');
  });

  it('a column-0 old line paired with an indented file line counts against kept columns (one of two kept is not enough)', () => {
    const file = ['function f() {', '  if (a) {', '    go();', '  }', '}'];
    assert.equal(alignment(file, ['function f() {', '    go();', 'if (a) {', '    stop();', '}'], [[1, 2], [2, 1]]), '0=0 -1 1=2 +2 +3 4=3 -4');
  });

  it('four pairs of five at the same columns are enough', () => {
    const file = ['function f() {', '  if (a) {', '    go();', '    go2();', '    go3();', '    go4();', '      more();', '  }', '}'];
    const old = ['function f() {', '    go();', '    go2();', '    go3();', '    go4();', '           x();', '}'];
    assert.equal(alignment(file, old, [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]), '0=0 -1 1=2 2=3 3=4 4=5 -6 -7 +5 6=8');
  });

  it('a single pair at other columns: not kept, and the levels (fewer in the old text) say nothing', () => {
    assert.equal(alignment(['function f() {', '  if (a) {', '    go();', '  }', '}'], ['function f() {', '        go();', '}'], [[1, 2]]), '0=0 -1 1=2 2=3 -4');
  });
});

describe('align: the tier’s pairs are anchors only in order, inside the window, and plausible', () => {
  it('a pair that crosses an earlier one is dropped', () => {
    assert.equal(alignment(['a();', 'b();', 'c();'], ['a();', 'b();', 'c();'], [[0, 2], [1, 1]]), '-0 -1 0=2 +1 +2');
  });

  it('a second pair onto the same file line is dropped', () => {
    assert.equal(alignment(['a();', 'b();', 'c();'], ['a();', 'b();', 'c();'], [[0, 1], [1, 1]]), '-0 0=1 +1 2=2');
  });

  it('pairs outside the window are dropped (before it, after it)', () => {
    const file = ['  foo(a);', '  foo(b);', '  foo(c);', '  foo(d);'];
    assert.equal(alignment(file, ['  foo(b);', '  foo(c);'], [[0, 0]], { startLine: 1, endLine: 2 }), '0=1 1=2');
    assert.equal(alignment(file, ['  foo(b);', '  foo(c);'], [[1, 3]], { startLine: 1, endLine: 2 }), '0=1 1=2');
  });

  it('a plausible pair on the window’s first or last line is kept, though an equal line stands next to it', () => {
    const file = ['x', '  foo(a);', '  foo(b);'];
    assert.equal(alignment(file, ['  foo(b);'], [[0, 1]], { startLine: 1, endLine: 2 }), '0=1 -2');
    assert.equal(alignment(file, ['  foo(a);'], [[0, 2]], { startLine: 1, endLine: 2 }), '-1 0=2');
  });

  it('a pair of lines that are plainly not the same line is dropped, unless the tier’s pairs are exact (trusted)', () => {
    const file = ['x();', 'return total;', 'y();'];
    assert.equal(alignment(file, ['zzz qqq;'], [[0, 1]]), '-0 -1 -2 +0');
    assert.equal(alignment(file, ['zzz qqq;'], [[0, 1]], { trusted: true }), '-0 0=1 -2');
  });
});

describe('align: a run of differing lines between equal ones (which old line is a drifted file line)', () => {
  // `total = sum(a);` and `count = len(b);` are 0.38 alike: the same line only where both neighbours are paired.
  it('a lone line between two paired lines is the same line drifted, at a likeness of 0.3', () => {
    assert.equal(alignment(['a();', 'total = sum(a);', 'done();'], ['a();', 'count = len(b);', 'done();']), '0=0 1=1 2=2');
    assert.equal(alignment(['start();', 'total = sum(a);', 'done();'], ['start();', 'count = len(b);', 'done();'], [[0, 0]]), '0=0 1=1 2=2');
    assert.equal(alignment(['a();', 'total = sum(a);', 'done();'], ['a();', 'count = len(b);', 'done();'], [[2, 2]]), '0=0 1=1 2=2');
  });

  it('…but not at 0.25', () => {
    assert.equal(alignment(['a();', '  value = 1;', 'done();'], ['a();', '  other = 2;', 'done();']), '0=0 -1 +1 2=2');
  });

  it('at the start or the end of the window, or one old line against two file lines, it takes 0.6', () => {
    assert.equal(alignment(['total = sum(a);', 'done();'], ['count = len(b);', 'done();']), '-0 +0 1=1');
    assert.equal(alignment(['done();', 'total = sum(a);'], ['done();', 'count = len(b);']), '0=0 -1 +1');
    assert.equal(alignment(['a();', 'total = sum(a);', 'zzz();', 'done();'], ['a();', 'count = len(b);', 'done();']), '0=0 -1 -2 +1 2=3');
    assert.equal(alignment(['a();', 'total = sum(a);', 'done();'], ['a();', 'count = len(b);', 'zzz();', 'done();']), '0=0 -1 +1 +2 3=2');
    assert.equal(alignment(['let a = 1;', 'done();'], ['let b = 22;', 'done();']), '0=0 1=1'); // 0.67
    assert.equal(alignment(['f(a);', 'done();'], ['g(b);', 'done();']), '0=0 1=1'); // exactly 0.6
    assert.equal(alignment(['foo(1);', 'done();'], ['bar(1);', 'done();']), '-0 +0 1=1'); // 0.57
  });

  it('a run of more than 64 × 64 lines is aligned by equal lines only; 64 × 64 still pairs similar lines', () => {
    const file = Array.from({ length: 64 }, (_, k) => `  item${k}(alpha);`);
    const old = file.map((l) => l.replace('alpha', 'beta'));
    assert.equal(alignment(file, old), file.map((_, k) => `${k}=${k}`).join(' '));
    assert.equal(alignment(file, [...old, '  item64(beta);']), [...file.map((_, k) => `-${k}`), ...old.map((_, k) => `+${k}`), '+64'].join(' '));
  });

  it('the same text at another level is the same line; a `}` at another level is not', () => {
    assert.equal(alignment(['a {', '  b {', '    go();', '  }', '}'], ['a {', '  b {', '  go();', '  }', '}']), '0=0 1=1 2=2 3=3 4=4');
    assert.equal(alignment(['a {', '  b {', '  }', '}'], ['a {', '  b {', '}'], [[2, 2]]), '0=0 1=1 -2 2=3');
  });

  it('two lines of mere punctuation at one level are one line (`};` for `}`); `}` is not `} else {`', () => {
    assert.equal(alignment(['}', 'x();'], ['};', 'x();']), '0=0 1=1');
    assert.equal(alignment(['} else {', 'x();'], ['}', 'x();']), '-0 +0 1=1');
  });

  it('two lines of mere punctuation at different levels are two lines (`}` at column 0 is not `};` at column 2)', () => {
    assert.equal(alignment(['a {', '  b;', '  };'], ['a {', '  b;', '}']), '0=0 1=1 -2 +2');
  });

  it('a blank line is never a `}`, even where levels say nothing', () => {
    assert.equal(alignment(['a {', '    b();', '}', '      c();', 'x();'], ['a {', '  b();', '', 'x();']), '0=0 1=1 -2 -3 +2 3=4');
  });
});

describe('align: an old line that stands verbatim elsewhere in the file is that line, not a look-alike here', () => {
  // The window is lines 2–3; `export { Pan };` (0.69 alike to `export { Zoom };`) stands verbatim on line 0.
  it('a look-alike pair is dropped when the old line stands verbatim outside the window', () => {
    assert.equal(alignment(['export { Pan };', 'x();', 'export { Zoom };', 'y();'], ['export { Pan };', 'y();'], [[0, 2]], { startLine: 2, endLine: 3 }), '-2 +0 1=3');
    assert.equal(alignment(['call(a);', 'x();', 'call(b);', 'y();'], ['call(a);', 'y();'], [[0, 2]], { startLine: 2, endLine: 3 }), '-2 +0 1=3'); // 0.875
  });

  it('an indented old line is looked for by its text, whatever its indentation', () => {
    assert.equal(alignment(['  export { Pan };', 'x();', '  export { Zoom };', 'y();'], ['  export { Pan };', 'y();'], [[0, 2]], { startLine: 2, endLine: 3 }), '-2 +0 1=3');
  });

  it('each old line is looked for by its own text (two look-ups in one search)', () => {
    const file = ['export { Pan };', 'x();', 'export { Zoom };', 'import { Tone };', 'y();'];
    assert.equal(alignment(file, ['export { Pan };', 'import { Tilt };', 'y();'], [[0, 2], [1, 3]], { startLine: 2, endLine: 4 }), '-2 +0 1=3 2=4');
  });

  it('a slip of 0.9 or more is the same line wherever its twin stands', () => {
    assert.equal(alignment(['callme(a);', 'x();', 'callme(b);', 'y();'], ['callme(a);', 'y();'], [[0, 2]], { startLine: 2, endLine: 3 }), '0=2 1=3');
  });

  it('a line shorter than 8 characters says nothing by standing elsewhere', () => {
    assert.equal(alignment(['cal(a);', 'x();', 'cal(b);', 'y();'], ['cal(a);', 'y();'], [[0, 2]], { startLine: 2, endLine: 3 }), '0=2 1=3');
  });

  it('the twin counts before or after the window, not inside it (first or last line), nor inside a longer line', () => {
    assert.equal(alignment(['call(a);', 'call(b);', 'y();'], ['call(a);', 'y();'], [[0, 1]], { startLine: 1, endLine: 2 }), '-1 +0 1=2');
    assert.equal(alignment(['call(b);', 'y();', 'call(a);'], ['call(a);', 'y();'], [[0, 0]], { startLine: 0, endLine: 1 }), '-0 +0 1=1');
    assert.equal(alignment(['call(a);', 'x();', 'call(b);'], ['x();', 'call(a);'], [[1, 2]]), '-0 0=1 1=2');
    assert.equal(alignment(['call(b);', 'x();', 'call(a);'], ['call(a);', 'x();'], [[0, 0]]), '0=0 1=1 -2');
    assert.equal(alignment(['recall(a);', 'call(b);', 'y();'], ['call(a);', 'y();'], [[0, 1]], { startLine: 1, endLine: 2 }), '0=1 1=2');
  });
});

describe('align: similarity of lines thousands of characters long', () => {
  it('is the exact edit distance once their common start and end are set aside', () => {
    const a = `${'x'.repeat(5000)}abc${'y'.repeat(5000)}`;
    const b = `${'x'.repeat(5000)}abd${'y'.repeat(5000)}`;
    assert.equal(similarity(a, b), 1 - 1 / a.length);
  });

  it('past the bound the differing middle counts as all different: never more alike than they are', () => {
    const a = 'ab'.repeat(5000);
    const b = 'ba'.repeat(5000) + 'c';
    const s = similarity(a, b);
    assert.ok(s <= 1 - distance(a, b) / b.length, String(s));
    assert.ok(s >= 0);
  });
});
