// The helpers every format parser shares: line splitting, the shape of a parse's answer, quoting a line in a
// message, and markdown fences (which lines open and close a code block around an edit).
import { strict as assert } from 'node:assert';
import { FENCE, FormatSyntaxError, fenceCloser, fencedBlocks, lineSides, parseWith, quoteLine, splitLines } from '../../../src/core/formats/text';

describe('formats: shared text helpers', () => {
  it('splitLines reads CRLF, a lone CR and LF as line breaks, and nothing else', () => {
    assert.deepEqual(splitLines('a\r\nb\rc\nd\u2028e\r\n'), ['a', 'b', 'c', 'd\u2028e', '']);
    assert.deepEqual(splitLines('\r\r\n'), ['', '', '']);
  });

  it('parseWith: edits found, none found (an error at line 1), or the syntax error thrown; other errors are not hidden', () => {
    const edit = { kind: 'delete' as const, path: 'a', sourceLine: 2 };
    assert.deepEqual(parseWith('apply-patch', () => [edit], 'none'), { ok: true, format: 'apply-patch', edits: [edit] });
    assert.deepEqual(parseWith('unified-diff', () => [], 'nothing here'), { ok: false, format: 'unified-diff', line: 1, message: 'nothing here' });
    assert.deepEqual(
      parseWith('tool-call', () => {
        throw new FormatSyntaxError(7, 'bad line');
      }, 'none'),
      { ok: false, format: 'tool-call', line: 7, message: 'bad line' },
    );
    assert.throws(() =>
      parseWith('tool-call', () => {
        throw new RangeError('a bug');
      }, 'none'),
    RangeError);
  });

  it('quoteLine quotes a line as JSON, cut after 120 characters with an ellipsis', () => {
    assert.equal(quoteLine('say "hi"\t'), '"say \\"hi\\"\\t"');
    assert.equal(quoteLine('x'.repeat(120)), JSON.stringify('x'.repeat(120)));
    assert.equal(quoteLine('x'.repeat(121)), JSON.stringify('x'.repeat(120) + '…'));
    assert.equal(quoteLine('abcdef', 3), '"abc…"');
  });
});

describe('formats: an edit’s sides from whole lines (lineSides)', () => {
  const sides = (o: string[], n: string[], oldNoNewline = false, newNoNewline = false) => {
    const { oldString, newString, dropped } = lineSides([...o], [...n], oldNoNewline, newNoNewline);
    return [oldString, newString, dropped];
  };
  it('joins the lines with a line break when the new side holds text (the final break both end in is left out)', () => {
    assert.deepEqual(sides(['a', 'b'], ['a', 'c']), ['a\nb', 'a\nc', 0]);
    assert.deepEqual(sides(['a', ''], ['c', '']), ['a\n', 'c\n', 0]);
    assert.deepEqual(sides(['a'], []), ['a', '', 0]);
  });
  it('a side ending in a blank line the other does not end in carries its break, both do (joined, it read as layout)', () => {
    assert.deepEqual(sides(['a', ''], ['c']), ['a\n\n', 'c\n', 0]);
    assert.deepEqual(sides(['a', '  '], ['  ', '']), ['a\n  \n', '  \n\n', 0]);
  });
  it('blank lines only, whitespace-only ones too: carried with their breaks, as written', () => {
    assert.deepEqual(sides(['}', '  '], ['', '  ']), ['}\n  \n', '\n  \n', 0]);
    assert.deepEqual(sides(['y'], ['', '']), ['y\n', '\n\n', 0]);
  });
  it('a new side of one blank line carries its line break: lines replaced by a blank line, not deleted', () => {
    assert.deepEqual(sides(['y'], ['']), ['y\n', '\n', 0]);
    assert.deepEqual(sides(['y', 'w'], ['']), ['y\nw\n', '\n', 0]);
  });
  it('a deletion whose old side starts or ends with a blank line carries the break, so that blank line is covered', () => {
    assert.deepEqual(sides(['y', ''], []), ['y\n\n', '', 0]);
    assert.deepEqual(sides(['', 'y'], []), ['\ny\n', '', 0]);
  });
  it('the blank line a one-blank-line new side shares with the old side’s edge is context: dropped from both', () => {
    assert.deepEqual(sides(['', 'y', ''], ['']), ['y\n\n', '', 1]);
    assert.deepEqual(sides(['y', ''], ['']), ['y', '', 0]);
    assert.deepEqual(sides(['', 'y'], ['']), ['y', '', 1]);
    // A whitespace-only line at the edge is that line too (the file's stays as it is).
    assert.deepEqual(sides(['  ', 'a'], ['']), ['a', '', 1]);
  });
  it('"\\ No newline at end of file": only a change of it shows, and an empty new side adds no break', () => {
    assert.deepEqual(sides(['a'], ['b'], true, false), ['a', 'b\n', 0]);
    assert.deepEqual(sides(['a'], ['b'], false, true), ['a\n', 'b', 0]);
    assert.deepEqual(sides(['f'], [], true, false), ['f', '', 0]);
    assert.deepEqual(sides(['', 'l'], [], true, false), ['\nl', '', 0]);
  });
});

describe('formats: markdown fences', () => {
  it('a fence is three or more backticks or tildes, indented up to three spaces, with an info string without backticks', () => {
    for (const line of ['```', '~~~', '````ts', '   ```python title="x"', '~~~ ts', '```  ']) assert.ok(FENCE.test(line), line);
    for (const line of ['``', '~~', '    ```', '```ts `x`', '~~~ ts `x`', 'x ```', '`~~']) assert.ok(!FENCE.test(line), line);
    assert.equal(FENCE.exec('  ````ts')?.[1], '````');
    assert.equal(FENCE.exec('~~~~~ x')?.[1], '~~~~~');
  });

  it('a fence closes with the same character, at least as many, indented up to three spaces, nothing after but spaces', () => {
    const backticks = fenceCloser('````');
    for (const line of ['````', '`````', '   ````  ']) assert.ok(backticks.test(line), line);
    for (const line of ['```', '~~~~', '    ````', '```` ts', 'x````']) assert.ok(!backticks.test(line), line);
    const tildes = fenceCloser('~~~');
    for (const line of ['~~~', '~~~~ ']) assert.ok(tildes.test(line), line);
    for (const line of ['```', '~~', '~~~ x']) assert.ok(!tildes.test(line), line);
  });

  it('fencedBlocks: each block from its opening to its closing line; a closing line never opens the next; an unclosed one runs to the end', () => {
    const lines = ['prose', '```ts', 'a', '~~~', '```', '```', 'b', '````', 'text', '~~~', '```', 'c'];
    assert.deepEqual(fencedBlocks(lines), [
      { start: 1, end: 4 },
      { start: 5, end: 7 },
      { start: 9, end: 12 },
    ]);
    assert.deepEqual(fencedBlocks(['no fence']), []);
    assert.deepEqual(fencedBlocks(['```']), [{ start: 0, end: 1 }]);
  });
});
