// Stage 2 (align): which file line each old line stands for. Each test is the smallest window that shows one rule;
// an alignment is written in file order as `j=f` (old line j pairs file line f), `+j` (old line j invented: the
// file has no such line) and `-f` (file line f forgotten: the old text left it out).
import assert from 'node:assert/strict';
import { align, type AlignInput } from '../../src/core/align';
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
