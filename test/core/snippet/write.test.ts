// Snippet stage: writing the aligned snippet (write.ts). Ops are given by hand: each test shows what the merge
// writes for them, what the match says about it (its span, its counts, its score), and the refusals (already
// applied, and the post-condition when the merge would write a line the snippet does not show).
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { errorCodeOf } from '../../support/editErrors';
import type { Op } from '../../../src/core/snippet/align';
import { makeFrame } from '../../../src/core/snippet/frame';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { write } from '../../../src/core/snippet/write';
import { applySnippet } from '../../../src/core/snippet/apply';

const keep = (j: number, f: number): Op => ({ kind: 'keep', j, f });
const change = (j: number, f: number): Op => ({ kind: 'change', j, f });
const insert = (j: number): Op => ({ kind: 'insert', j });
const del = (f: number): Op => ({ kind: 'delete', f });
const elide = (j: number, from: number, to: number): Op => ({ kind: 'elide', j, from, to });

const SHOP = ['class Shop {', '    total() {', '        first();', '        second();', '    }', '}', ''].join('\n');

const run = (content: string, snippet: string, ops: Op[], reindent = true) => {
  const doc = new SourceText(content);
  const snip = new SnippetLines(snippet);
  const anchors = ops.flatMap((op) => (op.kind === 'keep' ? [[op.j, op.f] as [number, number]] : []));
  return write(doc, snip, makeFrame(doc, snip, anchors), ops, reindent);
};
const codeOf = (fn: () => unknown) => errorCodeOf(fn);

describe('snippet write: what the merge writes for the ops', () => {
  it('a changed line is written in the file’s indentation; kept lines as the file has them', () => {
    const r = run(SHOP, '  total() {\n    first();\n    third();\n  }', [keep(0, 1), keep(1, 2), change(2, 3), keep(3, 4)]);
    assert.equal(r.content, SHOP.replace('second();', 'third();'));
    assert.deepEqual([r.matches[0].startLine, r.matches[0].endLine], [1, 4]);
    assert.deepEqual(r.matches[0].normalized, ['snippet: 3 line(s) as in the file, 1 changed, 0 added, 0 removed', 'indentation']);
    assert.equal(r.matches[0].score, 1);
    assert.equal(r.matches[0].needsReview, true);
    assert.equal(r.replacement, '    total() {\n        first();\n        third();\n    }');
    assert.equal(r.diff, '@@ -2,5 +2,5 @@\n     total() {\n         first();\n-        second();\n+        third();\n     }\n }');
    const [e] = r.edits;
    assert.equal(SHOP.slice(0, e.start) + e.text + SHOP.slice(e.end), r.content);
  });

  it('without re-indenting, new lines are written as the snippet has them, and nothing says "indentation" when widths agree', () => {
    const r = run(SHOP, '    total() {\n  added();\n        first();', [keep(0, 1), insert(1), keep(2, 2)], false);
    assert.equal(r.content, SHOP.replace('    total() {\n', '    total() {\n  added();\n'));
    assert.deepEqual(r.matches[0].normalized, ['snippet: 2 line(s) as in the file, 0 changed, 1 added, 0 removed']);
  });

  it('the score is the share of shown lines the file has (kept or changed) among all shown', () => {
    const r = run(SHOP, '    total() {\n        added();\n        first();', [keep(0, 1), insert(1), keep(2, 2)]);
    assert.equal(r.content, SHOP.replace('    total() {\n', '    total() {\n        added();\n'));
    assert.equal(r.matches[0].score, 0.667);
  });

  it('a blank new line is written empty, and counted as nothing', () => {
    const r = run(SHOP, '    total() {\n\n        added();\n        first();', [keep(0, 1), insert(1), insert(2), keep(3, 2)]);
    assert.equal(r.content, SHOP.replace('    total() {\n', '    total() {\n\n        added();\n'));
    assert.match(r.matches[0].normalized[0], /^snippet: 2 line\(s\) as in the file, 0 changed, 1 added, 0 removed$/);
  });

  it('removed lines are counted (blank ones not), and the span reaches them', () => {
    const file = SHOP.replace('        second();\n', '        second();\n\n        third();\n');
    const r = run(file, '    total() {\n        first();\n    }', [keep(0, 1), keep(1, 2), del(3), del(4), del(5), keep(2, 6)]);
    assert.equal(r.content, SHOP.replace('        second();\n', ''));
    assert.match(r.matches[0].normalized[0], /0 changed, 0 added, 2 removed$/);
    assert.deepEqual([r.matches[0].startLine, r.matches[0].endLine], [1, 6]);
  });

  it('lines under a marker are kept, counted, and inside the span; an empty elision adds nothing to it', () => {
    const r = run(SHOP, '    total() {\n        // ...\n        fourth();\n    }', [keep(0, 1), elide(1, 2, 3), insert(2), keep(3, 4)]);
    assert.equal(r.content, SHOP.replace('second();\n', 'second();\n        fourth();\n'));
    assert.equal(r.matches[0].normalized[0], 'snippet: 2 line(s) as in the file, 0 changed, 1 added, 0 removed, 2 kept under elision markers');
    const empty = run(SHOP, '        second();\n        // ...\n        fourth();\n    }', [keep(0, 3), elide(1, 4, 3), insert(2), keep(3, 4)]);
    assert.equal(empty.content, SHOP.replace('second();\n', 'second();\n        fourth();\n'));
    assert.deepEqual([empty.matches[0].startLine, empty.matches[0].endLine], [3, 4]);
    assert.doesNotMatch(empty.matches[0].normalized[0], /elision/);
  });

  it('an empty elision at the end of the ops adds no line to the span', () => {
    const r = run(SHOP, '        first();\n        // ...\n        added();', [keep(0, 2), elide(1, 3, 2), insert(2)]);
    assert.equal(r.content, SHOP.replace('first();\n', 'first();\n        added();\n'));
    assert.deepEqual([r.matches[0].startLine, r.matches[0].endLine], [2, 2]);
  });

  it('a kept blank line is layout: not counted as a line the file has, and its width says nothing about indentation', () => {
    const file = SHOP.replace('        first();\n', '        first();\n    \n');
    const r = run(file, '        first();\n\n        added();\n        second();', [keep(0, 2), keep(1, 3), insert(2), keep(3, 4)]);
    assert.equal(r.content, file.replace('    \n', '    \n        added();\n'));
    assert.deepEqual(r.matches[0].normalized, ['snippet: 2 line(s) as in the file, 0 changed, 1 added, 0 removed']);
  });

  it('a new line takes the indentation of the nearest kept line, not only of the lines that placed the snippet', () => {
    const file = SHOP.replace('        first();\n', '        first(a,\n              b);\n');
    const doc = new SourceText(file);
    const snip = new SnippetLines('  total() {\n    first(a,\n      b);\n      c);');
    const ops = [keep(0, 1), keep(1, 2), keep(2, 3), insert(3)];
    const r = write(doc, snip, makeFrame(doc, snip, [[0, 1]]), ops, true);
    assert.equal(r.content, file.replace('              b);\n', '              b);\n              c);\n'));
  });

  it('an elision at the start of the ops reaches back to its first line', () => {
    const r = run(SHOP, '        // ...\n        second();\n        fourth();', [elide(0, 2, 2), keep(1, 3), insert(2)]);
    assert.equal(r.content, SHOP.replace('second();\n', 'second();\n        fourth();\n'));
    assert.deepEqual([r.matches[0].startLine, r.matches[0].endLine], [2, 3]);
  });

  it('"indentation" is said when any kept line stands at another width in the file than in the snippet, not only when all do', () => {
    const r = run(SHOP, '    total() {\n      first();\n      third();', [keep(0, 1), keep(1, 2), change(2, 3)], false);
    assert.equal(r.content, SHOP.replace('        second();', '      third();'));
    assert.deepEqual(r.matches[0].normalized.slice(1), ['indentation']);
  });

  it('reasons for review found before writing are handed on with the match, after the merge’s own; with none, no review list', () => {
    const doc = new SourceText(SHOP);
    const snip = new SnippetLines('    total() {\n        first();\n        third();');
    const ops = [keep(0, 1), keep(1, 2), change(2, 3)];
    const noted = write(doc, snip, makeFrame(doc, snip, [[0, 1], [1, 2]]), ops, true, ['a note']);
    assert.equal(noted.matches[0].needsReview, true);
    assert.deepEqual(noted.matches[0].review, ['a note']);
    const plain = write(doc, snip, makeFrame(doc, snip, [[0, 1], [1, 2]]), ops, true);
    assert.equal(plain.matches[0].review, undefined);
  });

  it('CRLF line endings are kept', () => {
    const crlf = SHOP.replace(/\n/g, '\r\n');
    const r = run(crlf, '  total() {\n    first();\n    third();\n  }', [keep(0, 1), keep(1, 2), change(2, 3), keep(3, 4)]);
    assert.equal(r.content, crlf.replace('second();', 'third();'));
  });
});

describe('snippet write: refusals', () => {
  it('every shown line already there as shown: already_applied, never "applied" with nothing changed', () => {
    assert.equal(codeOf(() => run(SHOP, '    total() {\n        first();', [keep(0, 1), keep(1, 2)])), 'already_applied');
    assert.throws(() => run(SHOP, '    total() {\n        first();', [keep(0, 1), keep(1, 2)]), /^EditError: The snippet looks applied already: every line it shows stands at lines 2–3\. Nothing was changed\.$/);
    assert.equal(codeOf(() => run(SHOP.replace(/\n/g, '\r\n'), '    total() {\n        first();', [keep(0, 1), keep(1, 2)])), 'already_applied');
    // A file of mixed line ends: a snippet it already holds differs from the file only by carriage returns, and
    // writing it would change nothing but line ends.
    assert.equal(codeOf(() => applySnippet('function f() {\r\n  a();\n  b();\r\n}\r\n', 'function f() {\n  a();\n  b();\n}')), 'already_applied');
    // A changed line that is the file's line at another width is no change either.
    assert.equal(codeOf(() => run(SHOP, '  total() {\n    first();\n    second();', [keep(0, 1), keep(1, 2), change(2, 3)])), 'already_applied');
  });

  it('kept file lines the merge would not write in order (ops the aligner never gives): refused by the post-condition', () => {
    assert.equal(codeOf(() => run(SHOP, '    total() {\n        first();\n        zz();', [keep(0, 3), keep(1, 2), insert(2)])), 'invalid_input');
  });
});
