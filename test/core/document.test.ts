import { strict as assert } from 'node:assert';
import { hashOf, isTrimmedSpace, LineNumbers, SourceText } from '../../src/core/document';
import { indentOf, indentWidth } from '../../src/core/normalize';

// The document as every tier sees it: original offsets (BOM and CR counted), lines without their line ends.
describe('document: LineNumbers', () => {
  it('line starts after each LF; line 0 starts after a byte-order mark', () => {
    const n = new LineNumbers('\uFEFFa\r\nbb\n\nc', 1);
    assert.equal(n.built, false, 'built on first use only');
    assert.deepEqual([...n.starts], [1, 4, 7, 8]);
    assert.equal(n.built, true);
    assert.equal(n.lineCount, 4);
    assert.equal(n.lineStart(2), 7);
  });

  it('lineAt: the line holding an offset, a line break belonging to the line it ends', () => {
    const n = new LineNumbers('ab\ncd\n\nef', 0);
    const lineOf = [...'ab\ncd\n\nef'].map((_, i) => n.lineAt(i));
    assert.deepEqual(lineOf, [0, 0, 0, 1, 1, 1, 2, 3, 3]);
    assert.equal(n.lineAt(9), 3, 'the end of the text is on the last line');
    assert.equal(new LineNumbers('\uFEFFx', 1).lineAt(0), 0, 'the mark itself is on line 0');
  });

  it('indexes files of more lines than its first allocation (a line per 32 characters, and 1,024), every line', () => {
    // Lines of 4 to 6 characters: about 4,500 line starts in 1,500 slots at first, so the index grows twice.
    const lines = Array.from({ length: 4500 }, (_, i) => `l${i % 1000}`);
    const text = lines.join('\n');
    const n = new LineNumbers(text, 0);
    assert.equal(n.lineCount, 4500);
    assert.deepEqual([...n.starts], lines.map((_, i) => lines.slice(0, i).reduce((sum, l) => sum + l.length + 1, 0)));
    assert.equal(n.lineAt(text.length), 4499);
  });
});

describe('document: SourceText', () => {
  it('lines are read without LF or CRLF; the mark is no part of line 0; a lone CR at the end is a line end', () => {
    const doc = new SourceText('\uFEFFone\r\ntwo\nthree\r');
    assert.equal(doc.bomLength, 1);
    assert.deepEqual([0, 1, 2].map((i) => doc.line(i)), ['one', 'two', 'three']);
    assert.equal(doc.lineEnd(0), 4);
    assert.equal(doc.lineEnd(2), doc.content.length - 1);
    assert.equal(new SourceText('\r\n').line(0), '', 'an empty CRLF line');
    assert.equal(new SourceText('abc').bomLength, 0);
  });

  it('eolAt: the line break ending the line at an offset, else the file’s first one', () => {
    const mixed = new SourceText('a\r\nb\nc');
    assert.equal(mixed.eolAt(0), '\r\n');
    assert.equal(mixed.eolAt(3), '\n');
    assert.equal(mixed.eolAt(5), '\r\n', 'the last line has none: the first one of the file');
    assert.equal(new SourceText('\nx').eolAt(1), '\n', 'a break at offset 0 has no CR before it');
    assert.equal(new SourceText('none').eolAt(0), '\n');
  });

  it('trimmed lengths and comparisons are read in place, with every space trim() removes', () => {
    const doc = new SourceText('  \u00a0x y\u3000\r\n\t\t\n');
    assert.equal(doc.trimmedLength(0), 3);
    assert.equal(doc.trimmedIs(0, 'x y'), true);
    assert.equal(doc.trimmedIs(0, 'x'), false);
    assert.equal(doc.trimmedIs(0, 'x yz'), false);
    assert.equal(doc.trimmedLength(1), 0, 'a line of whitespace');
    assert.equal(doc.trimmedIs(1, ''), true);
    assert.equal(doc.indentOf(0), '  \u00a0');
    assert.equal(doc.indentOf(1), '\t\t');
  });

  it('isTrimmedSpace is exactly what String.prototype.trim removes, for every UTF-16 code unit', () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isTrimmedSpace(c) !== (String.fromCharCode(c).trim() === '')) wrong.push(c);
    assert.deepEqual(wrong, []);
  });

  it('linesHashed: for a text searched many times only, the lines (CR included, LF not) whose text hashes alike', () => {
    const text = 'a\nb\na\r\na\nc\na';
    assert.equal(new SourceText(text).linesHashed('a'), undefined, 'one search: a scan is cheaper than an index');
    const many = SourceText.forManySearches(text);
    assert.deepEqual(many.linesHashed('a'), [0, 3, 5]);
    assert.deepEqual(many.linesHashed('a\r'), [2]);
    assert.deepEqual(many.linesHashed('b'), [1]);
    assert.deepEqual(many.linesHashed('zz'), []);
  });

  it('linesHashed: every line of a file of 3,000, in document order, however the lines share buckets', () => {
    // 3,000 lines of 1,000 texts in a table of 4,096 buckets: many texts share a bucket, every text stands thrice.
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${(i * 7) % 1000}`);
    const many = SourceText.forManySearches(lines.join('\n'));
    for (const text of ['line 0', 'line 1', 'line 999', 'line 500']) {
      assert.deepEqual(many.linesHashed(text), lines.flatMap((l, f) => (l === text ? [f] : [])), text);
    }
    assert.deepEqual(many.linesHashed('line 1000'), []);
  });

  it('indentWidthOf: the width of a line\'s indentation read in place, as indentWidth(indentOf(line)) reads it', () => {
    const lines = ['', 'x', '  x', '\tx', ' \t x', '\t\t', '\u00a0\u2003x', '  \r', '   '];
    const doc = new SourceText(lines.join('\r\n'));
    lines.forEach((l, i) => assert.equal(doc.indentWidthOf(i), indentWidth(indentOf(l)), JSON.stringify(l)));
    assert.equal(doc.indentWidthOf(4, 8), 9, 'a tab to the next multiple of the tab size');
  });

  it('a document of the same text shares the line index of another; of another text, it does not', () => {
    const a = new SourceText('x\ny\n');
    const b = new SourceText('x\ny\n', a);
    assert.equal(b.lineNumbers, a.lineNumbers);
    const c = new SourceText('x\nz\n', a);
    assert.notEqual(c.lineNumbers, a.lineNumbers);
    assert.equal(c.line(1), 'z');
  });

  it('memo computes once per document; lineKey once per line and key function', () => {
    const doc = new SourceText('A\nB\n');
    let calls = 0;
    assert.equal(doc.memoized('k'), undefined);
    assert.equal(doc.memo('k', () => ++calls), 1);
    assert.equal(doc.memo('k', () => ++calls), 1);
    assert.equal(doc.memoized('k'), 1);
    assert.equal(doc.memo('u', () => undefined), undefined, 'an undefined result is kept too');
    const keyed: string[] = [];
    const lower = (l: string) => (keyed.push(l), l.toLowerCase());
    assert.equal(doc.lineKey(lower, 1), 'b');
    assert.equal(doc.lineKey(lower, 1), 'b');
    assert.equal(doc.lineKey(lower, 0), 'a');
    assert.deepEqual(keyed, ['B', 'A']);
    assert.equal(doc.lineKey((l) => l + '!', 1), 'B!', 'another key function has its own cache');
  });
});

describe('document: hashOf', () => {
  it('is FNV-1a over UTF-16 code units of the range', () => {
    assert.equal(hashOf(''), 0x811c9dc5);
    assert.equal(hashOf('a'), 0xe40c292c);
    assert.equal(hashOf('foobar'), 0xbf9cf968);
    assert.equal(hashOf('xxfoobaryy', 2, 8), hashOf('foobar'));
  });
});
