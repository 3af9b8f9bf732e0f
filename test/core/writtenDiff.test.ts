// The written diff (src/core/writtenDiff.ts): what an agent reads back and a person reviews must carry the
// file's own line numbers, the right counts, and nothing of the diff library's own markers.
import { strict as assert } from 'node:assert';
import { SourceText } from '../../src/core/document';
import type { Match, SpanEdit } from '../../src/core/types';
import { writtenDiff } from '../../src/core/writtenDiff';

const FILE = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10'].join('\n') + '\n';

/** Replaces the text `from` (first occurrence) with `to`. */
function edit(content: string, from: string, to: string): SpanEdit {
  const start = content.indexOf(from);
  assert.ok(start >= 0, from);
  return { start, end: start + from.length, text: to, match: {} as Match };
}

describe('written diff', () => {
  it('a changed line in the middle, with two lines of context and the file\'s line numbers', () => {
    const d = writtenDiff(new SourceText(FILE), [edit(FILE, 'l5', 'L5')]);
    assert.equal(d, ['@@ -3,5 +3,5 @@', ' l3', ' l4', '-l5', '+L5', ' l6', ' l7'].join('\n'));
  });

  it('context stops at the file\'s first and last lines', () => {
    assert.equal(writtenDiff(new SourceText(FILE), [edit(FILE, 'l1\n', 'L1\n')]), ['@@ -1,3 +1,3 @@', '-l1', '+L1', ' l2', ' l3'].join('\n'));
    assert.equal(writtenDiff(new SourceText(FILE), [edit(FILE, 'l10', 'L10')]), ['@@ -8,3 +8,3 @@', ' l8', ' l9', '-l10', '+L10'].join('\n'));
  });

  it('a file without a final line break: no "\\ No newline" marker in the diff', () => {
    const text = 'a\nb\nc';
    const d = writtenDiff(new SourceText(text), [edit(text, 'c', 'C')]);
    assert.equal(d, ['@@ -1,3 +1,3 @@', ' a', ' b', '-c', '+C'].join('\n'));
  });

  it('edits whose context touches are one hunk, never two that repeat lines', () => {
    const d = writtenDiff(new SourceText(FILE), [edit(FILE, 'l2', 'L2'), edit(FILE, 'l4', 'L4')]);
    assert.equal(d, ['@@ -1,6 +1,6 @@', ' l1', '-l2', '+L2', ' l3', '-l4', '+L4', ' l5', ' l6'].join('\n'));
    // Six lines apart, their context (two lines each) still meets: one hunk. Seven apart: two, neither repeating a line.
    const near = writtenDiff(new SourceText(FILE), [edit(FILE, 'l2', 'L2'), edit(FILE, 'l7', 'L7')]);
    assert.deepEqual(near.split('\n').filter((l) => l.startsWith('@@')), ['@@ -1,9 +1,9 @@']);
    const apart = writtenDiff(new SourceText(FILE), [edit(FILE, 'l1\n', 'L1\n'), edit(FILE, 'l8', 'L8')]);
    assert.deepEqual(apart.split('\n').filter((l) => l.startsWith('@@')), ['@@ -1,3 +1,3 @@', '@@ -6,5 +6,5 @@']);
  });

  it('an edit that fills a blank first line adds no line: a second edit\'s numbers stay the same on both sides', () => {
    const text = '\n' + FILE;
    const first: SpanEdit = { start: 0, end: 0, text: 'x', match: {} as Match };
    const d = writtenDiff(new SourceText(text), [first, edit(text, 'l9', 'L9')]);
    assert.deepEqual(d.split('\n').filter((l) => l.startsWith('@@')), ['@@ -1,3 +1,3 @@', '@@ -8,4 +8,4 @@']);
  });

  it('a second edit\'s new line numbers count the lines the first one added', () => {
    const first = edit(FILE, 'l2\n', 'l2\nnew-a\nnew-b\n');
    const second = edit(FILE, 'l9', 'L9');
    const d = writtenDiff(new SourceText(FILE), [first, second]);
    const headers = d.split('\n').filter((l) => l.startsWith('@@'));
    assert.deepEqual(headers, ['@@ -1,4 +1,6 @@', '@@ -7,4 +9,4 @@']);
  });

  it('a new text that starts with a line break counts that line too', () => {
    const first = edit(FILE, 'l2', 'l2\n');
    const second = edit(FILE, 'l9', 'L9');
    const headers = writtenDiff(new SourceText(FILE), [first, second]).split('\n').filter((l) => l.startsWith('@@'));
    assert.deepEqual(headers, ['@@ -1,4 +1,5 @@', '@@ -7,4 +8,4 @@']);
  });

  it('CRLF files diff by line, without carriage returns in the lines', () => {
    const text = 'a\r\nb\r\nc\r\n';
    const d = writtenDiff(new SourceText(text), [edit(text, 'b', 'B')]);
    assert.equal(d, ['@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c'].join('\n'));
  });

  it('a side with no lines names the line before (unified diff\'s convention), for a deletion and an insertion', () => {
    assert.equal(writtenDiff(new SourceText(FILE), [edit(FILE, 'l5\n', '')], 0), ['@@ -5,1 +4,0 @@', '-l5'].join('\n'));
    assert.equal(writtenDiff(new SourceText(FILE), [edit(FILE, 'l5\n', 'l5\nnew\n')], 0), ['@@ -5,0 +6,1 @@', '+new'].join('\n'));
  });

  it('lines are counted from a slice that starts with a blank line too', () => {
    const text = 'a\n\n\nb\nc\nd\ne\nf\ng\nh\ni\n';
    const first = edit(text, 'b', 'b\nb2');
    const second = edit(text, 'i', 'I');
    const headers = writtenDiff(new SourceText(text), [first, second]).split('\n').filter((l) => l.startsWith('@@'));
    assert.deepEqual(headers, ['@@ -3,4 +3,5 @@', '@@ -9,3 +10,3 @@']);
  });
});
