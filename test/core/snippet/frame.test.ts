// Snippet stage: the indentation frame (frame.ts) — how the snippet's columns map to the file's: the ratio of
// the two indentation units, each line's expected width from the nearest anchor, and tabs or spaces.
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { makeFrame } from '../../../src/core/snippet/frame';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';

const frameOf = (file: string[], snippet: string[], anchors: Array<[number, number]>) =>
  makeFrame(new SourceText(file.join('\n')), new SnippetLines(snippet.join('\n')), anchors);

/** A file indented by `unit` spaces per level: `levels[i]` is line i's level. */
const indented = (unit: number, levels: number[]) => levels.map((l, i) => ' '.repeat(unit * l) + `line${i}();`);

describe('snippet frame: the ratio of indentation units', () => {
  it('two anchors at different snippet depths fix it: file columns between them over snippet columns', () => {
    const file = indented(4, [0, 1, 2, 1, 0]);
    assert.equal(frameOf(file, ['line1();', '  line2();'], [[0, 1], [1, 2]]).ratio, 2);
    assert.equal(frameOf(file, ['line0();', '        line2();'], [[0, 0], [1, 2]]).ratio, 1);
    assert.equal(frameOf(file, ['line0();', '  line1();', '    line2();'], [[0, 0], [2, 2]]).ratio, 2);
  });

  it('the outermost depths decide, each at the first anchor with that depth', () => {
    // Depths 0, 2 and 4 in the snippet at file widths 0, 3 and 8 (the middle one aligned oddly): 8 for 4 is 2,
    // where 3 for 2 would say 1.5. A second anchor at depth 0 (file width 4) is ignored.
    const file = ['line0();', '   line1();', '        line2();', '    line3();'];
    assert.equal(frameOf(file, ['line0();', '  line1();', '    line2();', 'line3();'], [[0, 0], [1, 1], [2, 2], [3, 3]]).ratio, 2);
  });

  it('most anchors decide: a line the snippet moves a level deeper (wrapped in a new block) is outvoted', () => {
    // Depth 0 → 0, depth 4 → 4 twice, depth 8 → 4 (the wrapped line): 1, where the outermost depths say 0.5.
    const file = ['save() {', '    a();', '    b();', '    c();'];
    assert.equal(frameOf(file, ['save() {', '        a();', '    b();', '    c();'], [[0, 0], [1, 1], [2, 2], [3, 3]]).ratio, 1);
  });

  it('an anchor the snippet may have moved (under a new opening line) does not vote: the units decide', () => {
    const file = indented(2, [0, 1, 2, 1, 0]);
    const snip = new SnippetLines(['line1();', '  if (x) {', '    line2();', '  }'].join('\n'));
    const doc = new SourceText(file.join('\n'));
    assert.equal(makeFrame(doc, snip, [[0, 1], [2, 2]]).ratio, 0.5);
    assert.equal(makeFrame(doc, snip, [[0, 1], [2, 2]], (j) => j === 2).ratio, 1);
  });

  it('an implausible ratio from the anchors (a continuation line) falls back to the units', () => {
    // 5 file columns for 2 snippet columns: not a ratio of two usual units; the units say 4 for 2.
    const file = ['line0();', '     line1();', '    line2();', '        line3();', '    line4();', 'line5();'];
    assert.equal(frameOf(file, ['line0();', '  line1();'], [[0, 0], [1, 1]]).ratio, 2);
  });

  it('one anchor: the units of the file around it and of the snippet decide', () => {
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['line1();', '  more();', '    more();'], [[0, 1]]).ratio, 2);
    assert.equal(frameOf(indented(2, [0, 1, 2, 1, 0]), ['line1();', '    more();', '        more();'], [[0, 1]]).ratio, 0.5);
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['line1();', '    more();', '        more();'], [[0, 1]]).ratio, 1);
  });

  it('a snippet with one depth only, or an odd unit on either side, is not converted', () => {
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['line1();', 'more();'], [[0, 1]]).ratio, 1);
    assert.equal(frameOf(indented(5, [0, 1, 2, 1, 0]), ['line1();', '  more();', '    more();'], [[0, 1]]).ratio, 1);
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['line1();', '     more();', '          more();'], [[0, 1]]).ratio, 1);
  });

  it('a blank snippet line’s stray spaces make no step of the snippet’s unit', () => {
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['line1();', '  x();', '     ', '  y();', '     ', '  z();'], [[0, 1]]).ratio, 2);
  });

  it('a blank anchor says nothing about the ratio', () => {
    const file = ['    line1();', '', '        line2();'];
    assert.equal(frameOf(file, ['line1();', '', '  line2();'], [[1, 1], [0, 0], [2, 2]]).ratio, 2);
  });

  it('the unit is the most frequent step, not a common divisor: one odd continuation line does not change it', () => {
    const file = ['a0();', '    a1();', '        a2();', '           cont);', '        a4();', '    a5();'];
    assert.equal(frameOf(file, ['a1();', '  x();', '    y();', '  z();'], [[0, 1]]).ratio, 2);
  });

  it('of two steps equally frequent, the smaller is the unit', () => {
    // Steps 4, 2, 4, 2: the unit is 2, so a snippet in steps of 2 is not converted.
    const file = ['a0();', '    a1();', '      a2();', '  a3();', 'a4();'];
    assert.equal(frameOf(file, ['a1();', '  x();', '    y();'], [[0, 1]]).ratio, 1);
  });

  it('only the file’s lines within 40 of the anchors count, and not its blank ones', () => {
    const far = [...indented(4, [0, 1, 2, 1, 0]), ...Array(40).fill('z();'), ...indented(3, [0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2])];
    assert.equal(frameOf(far, ['line1();', '  x();', '    y();'], [[0, 1]]).ratio, 2);
    // Blank lines with stray spaces between the levels would otherwise make a step of their own.
    const blanks = ['a0();', '    a1();', ' ', '        a2();', ' ', '    a3();', ' ', 'a4();'];
    assert.equal(frameOf(blanks, ['a1();', '  x();', '    y();'], [[0, 1]]).ratio, 2);
  });

  it('the file line 40 from the anchor counts, the one 41 away does not', () => {
    // Around the anchor four steps of 4 and three of 3: the unit is 4. One more step of 3, from the line 41 away
    // to the line 40 away, would make a tie, which the smaller step wins.
    const block = ['line1();', '    a();', 'b();', '    c();', 'd();', '   e();', '      f();', '         g();'];
    const before = ['   w();', ...Array(40).fill('z();'), ...block];
    assert.equal(frameOf(before, ['line1();', '  x();', '    y();'], [[0, 41]]).ratio, 2);
    const after = [...block].reverse().concat(Array(40).fill('z();'), ['   w();']);
    assert.equal(frameOf(after, ['line1();', '  x();', '    y();'], [[0, 7]]).ratio, 2);
  });

  it('without anchors the file’s start is its place', () => {
    assert.equal(frameOf(indented(4, [0, 1, 2, 1, 0]), ['x();', '  y();', '    z();'], []).ratio, 2);
  });
});

describe('snippet frame: each line’s expected width', () => {
  const file = indented(4, [0, 1, 2, 2, 1, 0]);

  it('from the nearest anchor at or before the line, converted by the ratio', () => {
    const frame = frameOf(file, ['line1();', '  line2();', '  new();', 'new();'], [[0, 1], [1, 2]]);
    assert.deepEqual([0, 1, 2, 3].map((j) => frame.expected(j)), [4, 8, 8, 4]);
  });

  it('before the first anchor, from the first anchor', () => {
    const frame = frameOf(file, ['new();', '  line2();', '  line3();'], [[1, 2], [2, 3]]);
    assert.equal(frame.expected(0), 4);
  });

  it('never below column 0', () => {
    // The snippet's step of 6 is no usual unit: no conversion, and 4 − 6 would be −2.
    const frame = frameOf(file, ['      line1();', 'new();'], [[0, 1]]);
    assert.equal(frame.expected(1), 0);
  });

  it('without anchors the snippet’s own width', () => {
    const frame = frameOf(file, ['  new();'], []);
    assert.equal(frame.expected(0), 2);
  });

  it('blank anchors place nothing; given pairs replace the anchors', () => {
    const snip = ['line1();', '', '  new();'];
    const frame = frameOf(['    line1();', '', '        x();'], snip, [[0, 0], [1, 1]]);
    assert.equal(frame.expected(2), 8);
    assert.equal(frame.expected(2, [[0, 2]]), 12);
    assert.equal(frame.expected(2, [[1, 1]]), 2);
  });

  it('an anchor’s own file width is its line’s expected width, whatever the ratio says', () => {
    const frame = frameOf(['line0();', '    line1();', '              cont);'], ['line0();', '  line1();', '    cont);'], [[0, 0], [1, 1], [2, 2]]);
    assert.equal(frame.expected(2), 14);
  });

  it('pairs are read in order: the last at or before the line wins', () => {
    const frame = frameOf(file, ['line1();', 'line2();', 'new();'], [[0, 1], [1, 2]]);
    assert.equal(frame.expected(2), 8);
  });
});

describe('snippet frame: writing indentation as the file does', () => {
  it('spaces in a space-indented file', () => {
    assert.equal(frameOf(indented(4, [0, 1, 2]), ['line1();'], [[0, 1]]).render(10), ' '.repeat(10));
  });

  it('tabs (four columns each) then spaces in a tab-indented file', () => {
    const tabs = ['a0();', '\ta1();', '\t\ta2();', '\ta3();'];
    assert.equal(frameOf(tabs, ['a1();'], [[0, 1]]).render(10), '\t\t  ');
    assert.equal(frameOf(tabs, ['a1();'], [[0, 1]]).render(8), '\t\t');
  });

  it('tabs when most indented lines around the place use them; blank lines do not count', () => {
    const mixed = ['a0();', '\ta1();', '    a2();', '\ta3();', '  ', '  ', '  '];
    assert.equal(frameOf(mixed, ['a1();'], [[0, 1]]).render(4), '\t');
    const more = ['a0();', '\ta1();', '    a2();', '    a3();'];
    assert.equal(frameOf(more, ['a1();'], [[0, 1]]).render(4), '    ');
    const even = ['a0();', '\ta1();', '    a2();'];
    assert.equal(frameOf(even, ['a1();'], [[0, 1]]).render(4), '    ');
  });

  it('only the lines within 40 of the anchors are looked at', () => {
    // One tab-indented line 40 away and one space-indented next to the anchor: a tie, spaces. A second
    // tab-indented line 41 away would tip it.
    const before = ['\ta();', '\ta();', ...Array(39).fill('b();'), 'c();', '    d();'];
    assert.equal(frameOf(before, ['c();'], [[0, 41]]).render(4), '    ');
    const after = ['    d();', 'c();', ...Array(39).fill('b();'), '\ta();', '\ta();'];
    assert.equal(frameOf(after, ['c();'], [[0, 1]]).render(4), '    ');
    const near = ['\ta();', '\ta();', ...Array(38).fill('b();'), 'c();', '    d();'];
    assert.equal(frameOf(near, ['c();'], [[0, 40]]).render(4), '\t');
  });
});

describe('snippet frame: what the mutation run asked for', () => {
  // The anchors' widths disagree with the ratio (a continuation line at 14): each line reads its nearest anchor.
  const file = ['line0();', '    line1();', '              cont);'];
  const snippet = ['line0();', '  line1();', '    cont);'];

  it('each line’s width comes from its own nearest anchor, not from the last one', () => {
    assert.deepEqual([0, 1, 2].map((j) => frameOf(file, snippet, [[0, 0], [1, 1], [2, 2]]).expected(j)), [0, 4, 14]);
  });

  it('anchors given out of order are read in snippet order', () => {
    assert.deepEqual([0, 1, 2].map((j) => frameOf(file, snippet, [[2, 2], [1, 1], [0, 0]]).expected(j)), [0, 4, 14]);
  });

  it('the ratio spans the shallowest and the deepest anchor, whatever order they come in', () => {
    // Depths 2, 0, 4 at file widths 6, 0, 8: 8 for 4 is 2, where 6 → 8 for 2 → 4 would say 1.
    assert.equal(frameOf(['line0();', '      line1();', '        line2();'], ['  line1();', 'line0();', '    line2();'], [[0, 1], [1, 0], [2, 2]]).ratio, 2);
  });

  it('the ratio is the difference of the file widths, not their sum', () => {
    // Anchors at file widths 4 and 8 for snippet depths 0 and 2: 2. The file's own unit around them is 2 (ratio 1).
    assert.equal(frameOf(['    a();', '        b();', '      c();', '    d();', '      e();', '    f();'], ['a();', '  b();'], [[0, 0], [1, 1]]).ratio, 2);
  });

  it('of two steps equally frequent, the smaller is the unit whichever comes first', () => {
    // Steps 2, 4, 2, 4: the unit is 2, so a snippet in steps of 2 is not converted.
    assert.equal(frameOf(['a0();', '  a1();', '      a2();', '    a3();', 'a4();'], ['a1();', '  x();', '    y();'], [[0, 1]]).ratio, 1);
  });

  it('a line’s indentation counts as tabs or spaces by its first character', () => {
    assert.equal(frameOf(['a0();', '\t  a1();', '\t  a2();', '    a3();'], ['a0();'], [[0, 0]]).render(4), '\t');
    assert.equal(frameOf(['a0();', ' \tb();', ' \tc();', '\td();'], ['a0();'], [[0, 0]]).render(4), '    ');
  });

  it('a block comment’s continuation lines (` * text`, one column in) count for neither', () => {
    // A tab-indented file whose doc comments stand at column 0: their ` * ` lines outnumber the code's tabs here.
    const file = ['/**', ' * one', ' * two', ' * three', ' */', 'f() {', '\tg();', '\th();', '}'];
    assert.equal(frameOf(file, ['f() {'], [[0, 5]]).render(4), '\t');
  });

  it('the lines looked at run from 40 before the first anchor to 40 after the last', () => {
    // Anchors at lines 0 and 100; the only indented lines stand at 45–47, more than 40 from either.
    const tabs = ['top();', ...Array(44).fill('z();'), '\tm();', '\tn();', ...Array(54).fill('z();'), 'end();'];
    assert.equal(frameOf(tabs, ['top();', 'end();'], [[0, 0], [1, 100]]).render(4), '\t');
    const units = ['top();', ...Array(44).fill('z();'), '    m();', '        n();', '    o();', ...Array(53).fill('z();'), 'end();'];
    assert.equal(frameOf(units, ['top();', '  x();', 'end();'], [[0, 0], [2, 100]]).ratio, 2);
  });
});
