// The merge's small parts, each against its own rule (merge.test.ts tests the merge end to end): which old and new
// lines are versions of one line, how lines are keyed for the diff, which blank lines at the edges belong to the
// old text, which old line an inserted line is indented against. Each rule here decides what is written.
import assert from 'node:assert/strict';
import { applyEdit, isEditError } from '../../src/core';
import { SourceText } from '../../src/core/document';
import { anchors, diffLines, kept, lineKeys, mergeLines, pairVersions, sameIndentations, withoutEdgeBlanks } from '../../src/core/merge';

const L = (...lines: string[]) => lines.join('\n');
const apply = (file: string, old: string, nw: string) => {
  try {
    const r = applyEdit(file, old, nw);
    return { content: r.content, review: r.matches[0].review };
  } catch (err) {
    if (!isEditError(err)) throw err;
    return { refused: err.code, message: err.message };
  }
};
/** The merge of `nw` over the window `[from, to]` of `doc` where the old text `old` was found (the lines pair by the alignment). */
const merge = (doc: string[], old: string[], [from, to]: [number, number], nw: string[]) => {
  const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: old, window: { startLine: from, endLine: to, pairs: new Map<number, number>() } };
  const m = mergeLines(new SourceText(doc.join('\n')), c, nw.join('\n'), true, old.join('\n'));
  return { lines: m.lines, review: m.review.join('; ') };
};

describe('merge parts: kept(), how much of an old line a new line keeps at its start and end', () => {
  it('all of it when the new line only adds at the end or at the start', () => {
    assert.equal(kept('x;', 'x; // note'), 1);
    assert.equal(kept('x;', '// note x;'), 1);
    assert.equal(kept('abc', 'abcd'), 1);
    assert.equal(kept('123', '1234'), 1);
  });

  it('an equal line keeps all of it, once (not more than the whole line)', () => {
    assert.equal(kept('ab', 'ab'), 1);
    assert.equal(kept('ab', 'abab'), 1);
  });

  it('start and end together, each counted once; what the line is shorter by is not kept', () => {
    assert.equal(kept('ab', 'aXb'), 1);
    assert.equal(kept('abab', 'ab'), 0.5);
    assert.equal(kept('abcde', 'abcXY'), 0.6);
  });

  it('a line of mere punctuation, or ends of punctuation only, keep nothing', () => {
    assert.equal(kept('}', '} // x'), 0);
    assert.equal(kept('x();', 'setup();'), 0);
    // The word is in the kept end: it counts.
    assert.equal(kept(';x', 'y;x'), 1);
  });
});

describe('merge parts: pairVersions(), which old and new lines of a changed region are versions of one line', () => {
  const pair = (olds: string[], news: string[], marks: (n: number) => boolean = () => false) =>
    pairVersions(olds.map((_, k) => k), news.map((_, k) => k), olds, news, marks);

  it('one old line against two new ones: the one like it is its version, not the first', () => {
    assert.deepEqual(pair(['callFoo(x);'], ['report(y, z);', 'callFoo(x, y);']), [[0, 1]]);
  });

  it('a new line that keeps the old line whole is its version, however much it adds', () => {
    assert.deepEqual(pair(['x;', 'zz'], ['x; // a much longer note than the line itself', 'q']), [[0, 0]]);
  });

  it('lines exactly 0.6 alike are versions of one line (the bound is inclusive)', () => {
    assert.deepEqual(pair(['abcde', 'zzzzzzzz'], ['abcXY', 'qqq']), [[0, 0]]);
  });

  it('blank lines pair with blank lines, never a placeholder', () => {
    assert.deepEqual(pair(['', 'a = 1'], ['', 'a = 2']), [[0, 0], [1, 1]]);
    assert.deepEqual(pair(['a = 1', 'b'], ['a = 1', 'c'], (n) => n === 0), []);
  });

  describe('regions over 64 × 64 lines pair by position (the similarity pairing is quadratic)', () => {
    const olds = Array.from({ length: 65 }, (_, k) => `value${k} = compute(${k});`);
    // The new text starts with a blank line and repeats the old lines one further down: by similarity each old
    // line pairs with its copy, by position with the copy of the line before it.
    const news = ['', ...olds.slice(0, 64)];

    it('65 × 65: by position, only lines at the same index, skipping the blank one', () => {
      const pairs = pair(olds, news);
      assert.equal(pairs.length, 64);
      assert.deepEqual(pairs[0], [1, 1]);
      assert.deepEqual(pairs[63], [64, 64]);
    });

    it('64 × 64: still by similarity', () => {
      const pairs = pair(olds.slice(0, 64), news.slice(0, 64));
      assert.deepEqual(pairs[0], [0, 1]);
      assert.equal(pairs.length, 63);
    });

    it('65 × 66: by position, as far as the shorter side goes', () => {
      assert.equal(pair(olds, [...news, 'extra();']).length, 64);
    });

    it('65 old lines against 2 new ones is a small region: by similarity', () => {
      assert.deepEqual(pair(olds, [olds[40], olds[50]]), [[40, 0], [50, 1]]);
    });
  });
});

describe('merge parts: lineKeys(), lines as the old → new diff compares them', () => {
  const none = () => false;
  it('without columns: the text without its indentation; blank lines are all one key', () => {
    assert.deepEqual(lineKeys(['  a  b', '\tc', '   '], undefined, false, none), ['a  b', 'c', '']);
  });

  it('with columns: the indentation counts too, but not a blank line’s spaces', () => {
    assert.deepEqual(lineKeys(['  a ', 'b', '   '], undefined, true, none), ['  a', 'b', '']);
  });

  it('markers numbered in order when there is a marker key; a marker-shaped line is text otherwise', () => {
    const m = (i: number) => i !== 1;
    assert.deepEqual(lineKeys(['...', 'x', '...'], 'M', false, m), ['M0', 'x', 'M1']);
    assert.deepEqual(lineKeys(['...', 'x'], undefined, false, m), ['...', 'x']);
  });
});

describe('merge parts: sameIndentations(), whether the new text uses only the old text’s indentations', () => {
  it('every non-blank new line at an indentation an old text line uses', () => {
    assert.equal(sameIndentations(['a', '  b'], ['  c', 'd', '    ']), true);
  });

  it('one new line at another indentation is enough to say no', () => {
    assert.equal(sameIndentations(['a'], ['a', '  b']), false);
  });

  it('an old blank line’s spaces are no indentation the old text uses', () => {
    assert.equal(sameIndentations(['  a', ''], ['b']), false);
    assert.equal(sameIndentations(['a', '  '], ['  b']), false);
  });
});

describe('merge parts: withoutEdgeBlanks(), the blank lines at the new text’s edges that stand for the old text’s', () => {
  it('a new text of blank lines only is one empty line, with the old text known or not', () => {
    assert.deepEqual(withoutEdgeBlanks('\n\n', undefined), ['']);
    assert.deepEqual(withoutEdgeBlanks('\n\n\n', 'x\n\n\n\n\n\n'), ['']);
    assert.deepEqual(withoutEdgeBlanks('', 'x'), ['']);
  });

  it('an old text of blank lines only: all of them lead, none trail', () => {
    assert.deepEqual(withoutEdgeBlanks('\n\nx\n\n', '\n\n'), ['x', '']);
  });

  it('as many as the old text has at each edge, no more', () => {
    assert.deepEqual(withoutEdgeBlanks('\n\nx\n\n\n', '\nx\n\n'), ['', 'x', '']);
  });
});

describe('merge parts: anchors(), the old line an inserted line is indented against', () => {
  // Old lines 0 and 2 are paired (given out of order), 1 is blank, 3 has no file line.
  const at = anchors(['a', '', 'c', 'd'], new Map([[2, 12], [1, 11], [0, 10]]));
  it('the nearest paired line at or before it', () => {
    assert.deepEqual([at(0), at(1), at(2), at(3)], [[0, 10], [0, 10], [2, 12], [2, 12]]);
  });
  it('before the first: the first after it', () => {
    assert.deepEqual(at(-1), [0, 10]);
  });
  it('none paired: none', () => {
    assert.equal(anchors(['a'], new Map())(0), undefined);
  });
});

describe('merge parts: diffLines() takes equal first and last lines before the plain diff', () => {
  const show = (a: string[], b: string[]) => diffLines(a, b).map((c) => `${c.added ? '+' : c.removed ? '-' : '='}${c.count}:${c.value.join(',')}`).join(' ');
  it('several equal last lines are all taken', () => {
    assert.equal(show(['a', 'x', 'y'], ['b', 'x', 'y']), '-1:a +1:b =2:x,y');
    assert.equal(show(['x', 'a', 'y', 'z'], ['x', 'b', 'c', 'y', 'z']), '=1:x -1:a +2:b,c =2:y,z');
  });
});

describe('merge parts: which old line an inserted line is indented against', () => {
  // The old text quotes `def` and `c = 1` at the file's columns but the body dedented by 4: the offset to the
  // file differs by line, so the anchor decides the column.
  const doc = ['def f():', '    if x:', '        a()', '        b()', 'c = 1'];
  const old = ['def f():', 'if x:', '    a()', '    b()', 'c = 1'];

  it('a line added after the last kept line: against that line (`a()`), not the first nor the next', () => {
    assert.deepEqual(merge(doc, old, [0, 4], ['def f():', 'if x:', '    a()', '    c()', '    b()', 'c = 1']).lines, [...doc.slice(0, 3), '        c()', ...doc.slice(3)]);
  });

  it('a line replacing deleted lines: against the last of them', () => {
    assert.deepEqual(merge(doc, old, [0, 4], ['def f():', 'if x:', '    zzz_call(1)', 'c = 1']).lines, ['def f():', '    if x:', '        zzz_call(1)', 'c = 1']);
    assert.deepEqual(merge(doc, old, [0, 4], ['def f():', 'if x:', '    a()', '    zzz_call(1)']).lines, ['def f():', '    if x:', '        a()', '    zzz_call(1)']);
  });

  it('a line added before the first changed line of a region: against the line above the region', () => {
    assert.deepEqual(merge(doc, old, [0, 4], ['def f():', 'if x:', '    zzz_call(1)', '    a(2)', '    b()', 'c = 1']).lines, ['def f():', '    if x:', '        zzz_call(1)', '        a(2)', '        b()', 'c = 1']);
  });
});

describe('merge parts: which frame the new text is written in, and kept lines re-indented', () => {
  const file = L('function f() {', '  let a  =  1;', '  go();', '}', '');

  it('in the file’s frame, a kept line the new text moves is moved', () => {
    assert.equal(apply(file, L('let a = 1;', 'go();'), L('  let a = 1;', '  if (a) {', '    go();', '  }')).content, L('function f() {', '  let a  =  1;', '  if (a) {', '    go();', '  }', '}', ''));
  });

  it('a kept line that does not move keeps the file’s own indentation characters (a tab in a file of spaces), in either frame', () => {
    const tabbed = L('function f() {', '  let a  =  1;', '\tgo();', '  stop();', '}', '');
    const written = L('function f() {', '  let a  =  1;', '\tgo();', '  stop();', '  more();', '}', '');
    assert.equal(apply(tabbed, L('let a = 1;', 'go();', 'stop();'), L('  let a = 1;', '\tgo();', '  stop();', '  more();')).content, written);
    assert.equal(apply(tabbed, L('  let a = 1;', '  go();', '  stop();'), L('  let a = 1;', '  go();', '  stop();', '  more();')).content, written);
  });

  it('kept lines where the old text and the file agree tell nothing: moving them all is no unclear frame', () => {
    assert.deepEqual(apply(file, L('  let a = 1;', '  go();'), L('    let a = 1;', '    go();')), { content: L('function f() {', '    let a  =  1;', '    go();', '}', ''), review: undefined });
  });

  it('with no kept line that tells, the first changed line tells, not a later one', () => {
    const two = L('if (x) {', '  let a  =  1;', '}', 'if (y) {', '  stop();', '}', '');
    // `let a = 2;` at the file's column: the file's frame, so the later `stop(1);` is written as the new text has it.
    assert.equal(apply(two, L('let a = 1;', '}', 'if (y) {', 'stop();'), L('  let a = 2;', '}', 'if (y) {', 'stop(1);')).content, L('if (x) {', '  let a = 2;', '}', 'if (y) {', 'stop(1);', '}', ''));
  });

  it('a kept line that tells neither frame is named, whatever the first changed line says', () => {
    const r = apply(file, L('let a = 1;', 'go();'), L('  let a = 2;', '    go();'));
    assert.deepEqual(r, { content: L('function f() {', '    let a = 2;', '      go();', '}', ''), review: ["the new text's indentation fits neither the old text nor the file"] });
  });
});

describe('merge parts: placeholders and markers', () => {
  it('a placeholder is never taken for an old line that reads `0`', () => {
    const r = apply(L('a();', '0', 'b();', ''), L('a();', '0', 'b();'), L('a();', '// ... existing code ...', 'b(2);'));
    assert.deepEqual(r, { content: L('a();', '0', 'b(2);', ''), review: ['a "… existing code …" line in the new text kept the old lines it stands for'] });
  });

  it('a new text that moves lines across the marker is refused: the lines the marker stands for are never dropped', () => {
    const file = L('function f() {', '  first();', '  middle1();', '  middle2();', '  last();', '}', '');
    const r = apply(file, L('  first();', '  // ... existing code ...', '  last();'), L('  last();', '  // ... existing code ...', '  first();'));
    assert.equal(r.refused, 'merge_conflict');
    assert.equal(r.message, 'The place was found, but the new text moves lines across a "… existing code …" marker, so the lines it leaves out cannot stay where they are: keep each line on its side of the marker, or give the full text. Nothing was changed.');
    // Lines added on either side of it are no move.
    const added = apply(file, L('  first();', '  // ... existing code ...', '  last();'), L('  first();', '  zero();', '  // ... existing code ...', '  last();', '  after();'));
    assert.equal(added.content, L('function f() {', '  first();', '  zero();', '  middle1();', '  middle2();', '  last();', '  after();', '}', ''));
    // Nor are lines changed on both sides of it.
    const both = apply(L('function f() {', '  first();', '  middle();', '  last();', '  end();', '}', ''), L('  first();', '  // ... existing code ...', '  last();', '  end();'), L('  first(1);', '  // ... existing code ...', '  last();', '  end(1);'));
    assert.equal(both.content, L('function f() {', '  first(1);', '  middle();', '  last();', '  end(1);', '}', ''));
  });

  it('an old text that leaves out lines and a new text that does not: refused, saying how many places each has and what to do', () => {
    const cart = L('class Cart {', '  add(item) {', '    this.items.push(item);', '    this.save();', '  }', '}', '');
    const r = apply(cart, L('  add(item) {', '    // ... existing code ...', '    this.save();'), L('  add(item) {', '    this.save();', '    this.emit();'));
    assert.equal(r.refused, 'invalid_input');
    assert.match(String(r.message), /The old text leaves out lines at 1 place\(s\) \("… existing code …"\) but the new text has 0: keep the same markers in the new text where the file's lines must stay, or give the full text\./);
  });
});

describe('merge parts: curled quotes in an added line, in a file of straight ones', () => {
  it('a quote at the line’s start or end is a delimiter, straightened (only one between two letters is an apostrophe)', () => {
    const file = L("let s = 'x';", 'go();', '');
    assert.equal(apply(file, L("let s = 'x';", 'go();'), L("let s = 'x';", '‘use strict’;', 'x = ‘a’', 'go();')).content, L("let s = 'x';", "'use strict';", "x = 'a'", 'go();', ''));
  });
});

describe('merge parts: a made-up old line the edit deletes', () => {
  it('lines past the file’s ends are no file line it could stand for', () => {
    // `abc(); def(); ghi();` reads like the whole file joined, which is what reading past its ends gives.
    assert.equal(merge(['abc();', 'def();', 'ghi();'], ['abc();', 'abc(); def(); ghi();', 'def();', 'ghi();'], [0, 2], ['abc();', 'def();', 'ghi();']).review, '');
  });

  it('a nearby file line exactly 0.8 alike may be the line meant: named', () => {
    const r = merge(['x();', 'a();', 'f(2);', 'b();', 'c();'], ['a();', 'b();', 'f(1);', 'c();'], [1, 4], ['a();', 'b();', 'c();']);
    assert.equal(r.review, "the old text's line `f(1);` is not in the file where the match is, so the edit's deletion of it is a guess");
  });

  it('inserted elsewhere, it is written as the new text has it, not as a file line moved', () => {
    assert.deepEqual(merge(['a();', 'b();', 'c();', 'd();'], ['a();', 'zzz();', 'b();', 'c();', 'd();'], [0, 3], ['a();', 'b();', 'c();', 'zzz();', 'd();']).lines, ['a();', 'b();', 'c();', 'zzz();', 'd();']);
  });

  it('a made-up twin of a kept line, both kept, next to deleted lines: no twin to name', () => {
    assert.equal(merge(['b();', 'c();'], ['b();', 'zzz();', 'b();', 'c();'], [0, 1], ['b();', 'b();', 'c();']).review, '');
    assert.equal(merge(['b();', 'c();'], ['b();', 'zzz();', 'yyy();', 'b();', 'c();'], [0, 1], ['b();', 'b();', 'c();']).review, '');
  });
});

describe('merge parts: an inserted line and a line the old text left out, in one stretch', () => {
  it('the inserted line first, then the forgotten line reached by the next changed line: named', () => {
    const file = L('function sync(store) {', '  store.open();', '  store.lock();', '  store.audit();', '  store.flush();', '  store.close();', '}', '');
    const old = L('function sync(store) {', '  store.open();', '  store.lock();', '  store.flush();', '  store.close();', '}');
    const r = apply(file, old, L('function sync(store) {', '  store.open();', '  return done(store);', '  store.flush(true);', '  store.close();', '}'));
    assert.deepEqual(r.review, ['the old text leaves out line 4 (`store.audit();`), so whether `return done(store);` goes before or after it is a guess']);
  });
});

describe('merge parts: which of two equal lines a deletion takes, around a line the old text left out', () => {
  const guess = (line: number, text: string) => `the old text leaves out line ${line} (\`${text}\`), and which of two equal lines around it the edit deletes is a guess`;

  it('two equal lines, one deleted, the forgotten line between their file lines: named', () => {
    assert.deepEqual(merge(['a', 'forgot', 'a'], ['a', 'a'], [0, 2], ['a']), { lines: ['a', 'forgot'], review: guess(2, 'forgot') });
  });

  it('the first text line between them is named, past blank ones', () => {
    assert.equal(merge(['a', '', 'forgot', 'a'], ['a', 'a'], [0, 3], ['a']).review, guess(3, 'forgot'));
  });

  it('a line before the first of them, or the old lines between them, are not between', () => {
    assert.equal(merge(['zz', 'a', 'a'], ['a', 'a'], [1, 2], ['a']).review, '');
    assert.equal(merge(['a', 'b', 'a'], ['a', 'b', 'a'], [0, 2], ['a']).review, '');
  });

  it('a made-up line among the deleted ones does not hide the forgotten line', () => {
    assert.equal(merge(['a', 'forgot', 'zz', 'a'], ['a', 'zz', 'inv', 'a'], [0, 3], ['a']).review, guess(2, 'forgot'));
  });

  it('lines after the kept end are not between; neither is the kept line after the deleted run', () => {
    assert.equal(merge(['b', 'a', 'a', 'forgot', 'q'], ['b', 'a', 'a', 'q'], [0, 4], ['b', 'a', 'q']).review, '');
    assert.equal(merge(['a', 'x', 'forgot', 'a'], ['a', 'x', 'a'], [0, 3], ['a', 'a']).review, '');
  });

  it('a changed line between the two pins which one stays: no guess', () => {
    assert.deepEqual(merge(['a();', 'call(1);', 'forgot();', 'a();'], ['a();', 'call(1);', 'a();'], [0, 3], ['a();', 'call(2);']), { lines: ['a();', 'call(2);', 'forgot();'], review: '' });
  });

  it('a line the edit only re-indents is kept like an equal line: which of two the edit moves is the guess', () => {
    // With the old text's columns in the diff's keys, `a();` at column 0 is a changed region of the diff; its old
    // version (either `  a();`) stays all the same.
    assert.equal(merge(['  a();', '  forgot();', '  a();', 'b();'], ['  a();', '  a();', 'b();'], [0, 3], ['a();  ', 'b();']).review, guess(2, 'forgot();'));
  });

  it('one of two equal lines changed and the other deleted, the forgotten line between them: which is changed is the guess', () => {
    assert.equal(merge(['x();', 'forgot();', 'x();'], ['x();', 'x();'], [0, 2], ['x2();']).review, guess(2, 'forgot();'));
  });

  it('an end with nothing to guess does not stop the search at the other end', () => {
    assert.equal(merge(['a', 'a', 'b', 'forgot', 'b'], ['a', 'a', 'b', 'b'], [0, 4], ['a', 'b']).review, guess(4, 'forgot'));
  });
});
