// Indentation (src/core/indent.ts) and the prepared old text (src/core/needle.ts), rule by rule: the file's style
// where an edit lands, one indentation step, the model's unit against the file's, nesting levels; the old text's
// lines without their blank edges, its anchor line and line endings. From the survivors of a mutation run.
import { strict as assert } from 'node:assert';
import { SourceText } from '../../src/core/document';
import { indentStyle, nestingLevels, renderIndent, unitOf, unitRatio } from '../../src/core/indent';
import { Needle, toLF } from '../../src/core/needle';

describe('indentation', () => {
  it('the style is read from the matched lines: spaces and their step', () => {
    const doc = new SourceText('class A {\n  f() {\n    x();\n  }\n}\n');
    assert.deepEqual(indentStyle(doc, { startLine: 0, endLine: 4 }), { tabs: false, unit: 2 });
  });

  it('matched lines all alike: the step comes from up to 200 lines around, else 4', () => {
    const doc = new SourceText('def f():\n    if x:\n        y()\n        z()\n');
    assert.deepEqual(indentStyle(doc, { startLine: 2, endLine: 3 }), { tabs: false, unit: 4 });
    const flat = new SourceText('a\nb\nc\n');
    assert.deepEqual(indentStyle(flat, { startLine: 0, endLine: 2 }), { tabs: false, unit: 4 });
    const far = new SourceText(['  a', ...Array.from({ length: 250 }, () => 'b'), 'c', 'c', ...Array.from({ length: 250 }, () => 'b'), '   d'].join('\n'));
    assert.deepEqual(indentStyle(far, { startLine: 251, endLine: 252 }), { tabs: false, unit: 4 }, 'lines further than 200 away do not count');
  });

  it('a window with no usual step (half of it a doc comment one column in) reads the step from the lines around', () => {
    const doc = new SourceText(['function f() {', '  if (x) {', '    y();', '  }', '};', '', '/**', ' * Removes a worker.', ' * @private', ' */', 'g();', ''].join('\n'));
    assert.deepEqual(indentStyle(doc, { startLine: 3, endLine: 9 }), { tabs: false, unit: 2 });
  });

  it('the last line of the file counts', () => {
    const doc = new SourceText('a\n   b');
    assert.equal(indentStyle(doc, { startLine: 0, endLine: 5 }).unit, 3);
  });

  it('a window reaching past the last line reads only the lines that exist', () => {
    // Lines 1–2 step by 2; the first line's odd 5 columns are outside the window and must not be read again.
    const doc = new SourceText('     a\n  b\n    c');
    assert.deepEqual(indentStyle(doc, { startLine: 1, endLine: 9 }), { tabs: false, unit: 2 });
  });

  it('tabs when more lines start with a tab than with a space; a tab is 4 columns', () => {
    const doc = new SourceText('f() {\n\tx();\n\tif (y) {\n\t\tz();\n\t}\n}\n');
    assert.deepEqual(indentStyle(doc, { startLine: 0, endLine: 5 }), { tabs: true, unit: 4 });
    const mixed = new SourceText('f() {\n\tx();\n  y();\n}\n');
    assert.equal(indentStyle(mixed, { startLine: 0, endLine: 3 }).tabs, false, 'one each: not tabs');
  });

  it('the style is remembered per window: two windows of one file can have different steps', () => {
    // `  a` / `    b` step by 2, `    b` / `        c` by 4; the second answer must not be the first one's, remembered.
    const doc = new SourceText('  a\n    b\n        c\n');
    assert.equal(indentStyle(doc, { startLine: 0, endLine: 1 }).unit, 2);
    assert.equal(indentStyle(doc, { startLine: 1, endLine: 2 }).unit, 4);
  });

  it('a window with its own usual step keeps it, whatever the lines around use', () => {
    const doc = new SourceText('  a\n    b\n        c\n');
    assert.equal(indentStyle(doc, { startLine: 1, endLine: 2 }).unit, 4, 'the 2-column line above is not in the window');
  });

  it('blank lines in the window have no indentation to count (they are not a level 0)', () => {
    // 2 and 6 columns: a step of 4. Counted as a 0-column line, the blank line would make it 2.
    const doc = new SourceText('  a\n\n      b\n');
    assert.equal(indentStyle(doc, { startLine: 0, endLine: 2 }).unit, 4);
  });

  it('a tab followed by alignment spaces is a tab-indented line', () => {
    const doc = new SourceText('f() {\n\t  x();\n\t  y();\n}\n');
    assert.equal(indentStyle(doc, { startLine: 0, endLine: 3 }).tabs, true);
  });

  it('one step of these widths: their common step above the smallest', () => {
    assert.equal(unitOf([4, 8, 12]), 4);
    assert.equal(unitOf([2, 4, 6]), 2);
    assert.equal(unitOf([3, 3]), 0);
    assert.equal(unitOf([0, 3, 6]), 3);
  });

  it('a few lines off the grid do not hide the step most lines keep', () => {
    assert.equal(unitOf([0, 4, 5, 8, 8, 4]), 4, 'a block comment line one column in');
    assert.equal(unitOf([0, 5, 7]), 1, 'no usual step most lines keep: the common divisor');
  });

  it('a usual step counts only when some line is indented by it, and lines are measured from the smallest', () => {
    assert.equal(unitOf([0, 0, 0, 1]), 1, 'no line 8, 4, 3 or 2 columns in: not one of those steps');
    assert.equal(unitOf([0, 0, 0, 5]), 5, 'a line 5 columns in is not a step of 4, 3 or 2');
    assert.equal(unitOf([2, 2, 2, 3]), 1, 'measured from 2 columns, not from 0');
    assert.equal(unitOf([1, 1, 1, 5]), 4, 'measured from 1 column: the line at 5 is one step of 4 in');
    assert.equal(unitOf([1, 5, 6, 9]), 4, 'three of four lines on a grid of 4 from column 1');
  });

  it('a usual step kept by exactly half the lines is not the step', () => {
    assert.equal(unitOf([0, 4, 5, 7]), 1);
  });

  it('the model\'s unit against the file\'s: 2-space text into a 4-space file doubles; odd alignments stay', () => {
    assert.equal(unitRatio(['a', '  b', '    c'], ['  d'], 4), 2);
    assert.equal(unitRatio(['a', '    b'], [], 2), 0.5);
    assert.equal(unitRatio(['a', '     b'], [], 4), 1, '5 is no usual step');
    assert.equal(unitRatio(['a', '  b'], ['', '  '], 4), 2, 'blank lines have no indentation to count');
  });

  it('a tab-quoted doc comment\'s ` * ` lines, most of the text, do not hide the tab step of its code lines', () => {
    // `\t});` stands for the file's `  });`: one tab is one 2-space level, whatever the comment lines around it.
    const old = ['\t});', '};', '', '/**', ' * Handle uncaught exceptions.', ' *', ' * It is bound to the instance.', ' * In order not to leak.', ' * The only way to do'];
    assert.equal(unitRatio(old, ['\t});', '\tinserted();', '}; // edited', ...old.slice(2)], 2), 0.5);
  });

  it('an indentation is rendered in the file\'s style', () => {
    assert.equal(renderIndent(6, { tabs: false, unit: 2 }), '      ');
    assert.equal(renderIndent(9, { tabs: true, unit: 4 }), '\t\t ');
  });

  it('nesting levels rank the indentations a text uses; blank lines are -1', () => {
    assert.deepEqual(nestingLevels(['a', '\tb', '', '\t\tc', '\tb']), [0, 1, -1, 2, 1]);
    assert.deepEqual(nestingLevels(['    a', '      b', '  c']), [1, 2, 0]);
  });
});

describe('the prepared old text (Needle)', () => {
  it('blank lines around the block are set aside; blank lines inside are kept but not significant', () => {
    const n = new Needle('\n  \na();\n\nb();\n\n');
    assert.deepEqual(n.lines, ['a();', '', 'b();']);
    assert.deepEqual(n.significant, [0, 2]);
    assert.equal(n.raw, '\n  \na();\n\nb();\n\n');
  });

  it('an old text of only blank lines has no lines', () => {
    const n = new Needle('\n \n');
    assert.deepEqual(n.lines, []);
    assert.deepEqual(n.significant, []);
  });

  it('the anchor is the line with the longest identifier; the first of equals wins; braces alone have no token', () => {
    assert.deepEqual(new Needle('if (a) {\n  computeTotal(x);\n  other(y);\n}').anchor(), { index: 1, token: 'computeTotal' });
    assert.deepEqual(new Needle('abcd(1);\nwxyz(2);').anchor(), { index: 0, token: 'abcd' });
    assert.deepEqual(new Needle('\n}\n});').anchor(), { index: 0, token: undefined });
  });

  it('CRLF and a lone CR become LF', () => {
    assert.equal(toLF('a\r\nb\rc\n'), 'a\nb\nc\n');
    assert.equal(new Needle('a\r\nb').text, 'a\nb');
  });
});
