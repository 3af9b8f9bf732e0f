// The merge that writes the new text (src/core/replacement.ts): what the file keeps, what the edit changes, and
// the line endings and BOM it is written with. Each test is the smallest input that shows its rule.
import assert from 'node:assert/strict';
import { applyEdit } from '../../src/core';

describe('merge: the file’s spelling survives only where it can be placed exactly once', () => {
  const file = ['function paint(canvas) {', '  log(colour);', '  canvas.fill(shade);', '  return canvas;', '}', ''].join('\n');
  const old = file.trimEnd().replace('colour', 'color');

  it('a drift the new line repeats three times is not applied to one of them: the new line is written as given', () => {
    const r = applyEdit(file, old, old.replace('  log(color);', '  log(color); log(color); log(color);'));
    assert.equal(r.content, file.replace('  log(colour);', '  log(color); log(color); log(color);'));
  });

  it('a drift in a part of the line the edit leaves alone is placed: the file’s `colour` stays', () => {
    const r = applyEdit(file, old, old.replace('  log(color);', '  log(color); flush();'));
    assert.equal(r.content, file.replace('  log(colour);', '  log(colour); flush();'));
  });
});

describe('line endings and BOM, one tier at a time', () => {
  const crlf = (lines: string[]) => lines.join('\r\n');
  const block = ['function f(a) {', '  const b = a + 1;', '  return b;', '}'];

  it('exact: a CRLF old text in a CRLF file; the new lines get CRLF', () => {
    const file = crlf([...block, '']);
    const r = applyEdit(file, crlf(block.slice(1, 3)), '  const b = a + 2;\n  return b;');
    assert.equal(r.matches[0].tier, 'exact');
    assert.equal(r.content, file.replace('a + 1', 'a + 2'));
  });

  it('similarity: a drifted LF old text in a CRLF file keeps every CRLF and no stray CR', () => {
    const file = crlf([...block, '']);
    const old = ['function f(a) {', '  const b = a + 1; ', '  retrun b;', '}'].join('\n');
    const r = applyEdit(file, old, old.replace('a + 1; ', 'a * 2;'));
    assert.equal(r.matches[0].needsReview, true);
    assert.equal(r.content, file.replace('a + 1', 'a * 2'));
    assert.doesNotMatch(r.content.replace(/\r\n/g, ''), /[\r\n]/);
  });

  it('a file with mixed endings: the new text takes the ending of the line it replaces', () => {
    const file = 'a\nb\r\nc\n';
    assert.equal(applyEdit(file, 'b', 'x\ny').content, 'a\nx\r\ny\r\nc\n');
    assert.equal(applyEdit(file, 'c', 'x\ny').content, 'a\nb\r\nx\ny\n');
  });

  it('the BOM stays when the first line is replaced or deleted, and is never part of a match', () => {
    const file = '\uFEFFfirst\nsecond\n';
    assert.equal(applyEdit(file, 'first', 'one').content, '\uFEFFone\nsecond\n');
    assert.equal(applyEdit(file, 'first\n', '').content, '\uFEFFsecond\n');
    const r = applyEdit(file, '  first\nsecond', 'x\ny');
    assert.equal(r.content, '\uFEFFx\ny\n');
    assert.equal(r.edits[0].start, 1);
  });

  it('deleting lines of a CRLF file removes their CRLF too, not a lone CR', () => {
    assert.equal(applyEdit(crlf(['a', '  b', '  c', 'd']), 'b\nc', '').content, crlf(['a', 'd']));
    assert.equal(applyEdit(crlf(['a', 'b']), 'b', '').content, 'a');
  });
});

describe('replacement: an old text that stands only as part of its edge lines', () => {
  // eslint's no-shadow rule: the model forgot a line of the block it meant; what it quoted stands elsewhere, but its
  // last line `}` is only the start of the file's `} else if (…) {`. Applied at once, the wrong `break;` went.
  const file = ['\t\t\t\t\t\treturn true;', '\t\t\t\t\t}', '\t\t\t\t\tbreak;', '\t\t\t\t} else if (node.type === "AssignmentPattern") {', '\t\t\t\t\tfoo();', '\t\t\t\t}', ''].join('\n');
  const old = '\t\t\t\t\t\treturn true;\n\t\t\t\t\t}\n\t\t\t\t\tbreak;\n\t\t\t\t}';
  const now = '\t\t\t\t\t\treturn true;\n\t\t\t\t\t}\n\t\t\t\t}';

  it('waits for review, saying which edge line is only part of a file line', () => {
    const r = applyEdit(file, old, now);
    assert.equal(r.matches[0].tier, 'exact');
    assert.equal(r.matches[0].needsReview, true);
    assert.deepEqual(r.matches[0].review, ["the old text's last line is only the start of the file's line `} else if (node.type === \"AssignmentPattern\") {`"]);
  });

  it('a first line that is only the end of a file line is named too; whole lines and one-line old texts are not', () => {
    const r = applyEdit('if (a) { x();\n  y();\n}\n', 'x();\n  y();', 'x();\n  z();');
    assert.deepEqual(r.matches[0].review, ["the old text's first line is only the end of the file's line `if (a) { x();`"]);
    assert.equal(applyEdit(file, '\t\t\t\t\tbreak;\n', '').matches[0].needsReview, false);
    assert.equal(applyEdit('const a = foo(1) + 2;\n', 'foo(1)', 'foo(2)').matches[0].needsReview, false);
  });
});

describe('replacement: an empty new text removes whole lines only when whole lines were matched', () => {
  it('a part of a line, at its start or its end, is removed alone: the line and its break stay', () => {
    assert.equal(applyEdit('x\nf(a, b)\ny\n', ', b', '').content, 'x\nf(a)\ny\n');
    assert.equal(applyEdit('x\nab c\ny\n', 'ab ', '').content, 'x\nc\ny\n');
    assert.equal(applyEdit('x\nab c\ny\n', ' c', '').content, 'x\nab\ny\n');
  });

  it('the whole text removed leaves nothing (a BOM stays); the last line takes the break before it', () => {
    assert.equal(applyEdit('a\nb', 'a\nb', '').content, '');
    assert.equal(applyEdit('\uFEFFonly', 'only', '').content, '\uFEFF');
    assert.equal(applyEdit('a\nb\nc', 'b\nc', '').content, 'a');
  });
});
