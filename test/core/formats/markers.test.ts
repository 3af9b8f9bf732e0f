// The line rules of the SEARCH/REPLACE and apply_patch parsers: a marker is a whole line (trailing spaces allowed,
// the space before its word optional), and a line that only looks like one is content. Every rule here decides
// what text an edit replaces, so each is pinned by the smallest input that shows it.
import { strict as assert } from 'node:assert';
import { hasApplyPatch, parseApplyPatch } from '../../../src/core/formats/applyPatch';
import { asPath, hasSearchReplaceMarkers, parseSearchReplace } from '../../../src/core/formats/searchReplace';
import type { ParseResult } from '../../../src/core/formats/types';
import { edits } from './expectations';

function failure(result: ParseResult): { line: number; message: string } {
  assert.ok(!result.ok, 'expected a parse error');
  return { line: result.line, message: result.message };
}

describe('formats: SEARCH/REPLACE markers are whole lines', () => {
  it('angle markers: no space before the word, trailing spaces; near-markers are content', () => {
    const text = [
      'a.txt',
      '<<<<<<<SEARCH   ',
      'x <<<<<<< SEARCH',
      '<<<<<<< SEARCHING',
      'x =======',
      '=======x',
      'y >>>>>>> REPLACE',
      '>>>>>>> REPLACEMENT',
      '------- REPLACE',
      '------- END',
      '=======   ',
      'new',
      '>>>>>>>REPLACE  ',
    ].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      {
        kind: 'replace',
        path: 'a.txt',
        oldString: ['x <<<<<<< SEARCH', '<<<<<<< SEARCHING', 'x =======', '=======x', 'y >>>>>>> REPLACE', '>>>>>>> REPLACEMENT', '------- REPLACE', '------- END'].join('\n'),
        newString: 'new',
        sourceLine: 2,
      },
    ]);
    assert.equal(hasSearchReplaceMarkers('see <<<<<<< SEARCH\n<<<<<<< SEARCHING\n'), false);
  });

  it("Fuzzy Edit's dashes markers: the same rules", () => {
    const text = ['a.txt', '-------SEARCH  ', 'x ------- REPLACE', '------- REPLACED', 'x ------- END', '------- ENDING', '-------REPLACE  ', 'new', 'y ------- END', '-------END  '].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      { kind: 'replace', path: 'a.txt', oldString: 'x ------- REPLACE\n------- REPLACED\nx ------- END\n------- ENDING', newString: 'new\ny ------- END', sourceLine: 2 },
    ]);
  });

  it('roo metadata: whole lines only, trailing spaces allowed, ended by a dashes line', () => {
    const text = ['a.txt', '<<<<<<< SEARCH', ':start_line: 12  ', ':end_line: 13  ', '---  ', 'old', '=======', 'new', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [{ kind: 'replace', path: 'a.txt', oldString: 'old', newString: 'new', hint: 11, sourceLine: 2 }]);
    for (const line of ['x :start_line: 12', ':start_line: 12 x', 'x :end_line: 12', ':end_line:x12', ':end_line: 12 x']) {
      const parsed = edits(parseSearchReplace(['a.txt', '<<<<<<< SEARCH', line, 'old', '=======', 'new', '>>>>>>> REPLACE'].join('\n')));
      assert.deepEqual(parsed, [{ kind: 'replace', path: 'a.txt', oldString: `${line}\nold`, newString: 'new', sourceLine: 2 }], line);
    }
    for (const line of ['--- x', 'x ---']) {
      const notAnEnd = edits(parseSearchReplace(['a.txt', '<<<<<<< SEARCH', ':start_line: 3', line, 'old', '=======', 'new', '>>>>>>> REPLACE'].join('\n')));
      assert.deepEqual(notAnEnd, [{ kind: 'replace', path: 'a.txt', oldString: `${line}\nold`, newString: 'new', hint: 2, sourceLine: 2 }], line);
    }
  });

  it('only a backslash at the start of a line before a marker is an escape', () => {
    const text = ['a.txt', '<<<<<<< SEARCH', 'a \\======= b', '\\-x', '\\=======', '=======', 'new', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [{ kind: 'replace', path: 'a.txt', oldString: 'a \\======= b\n\\-x\n=======', newString: 'new', sourceLine: 2 }]);
  });

  it('a new file gets exactly one final line break; an empty one stays empty', () => {
    const create = (...lines: string[]) => edits(parseSearchReplace(['n.txt', '<<<<<<< SEARCH', '=======', ...lines, '>>>>>>> REPLACE'].join('\n')));
    assert.deepEqual(create('a', 'b'), [{ kind: 'create', path: 'n.txt', content: 'a\nb\n', sourceLine: 2 }]);
    assert.deepEqual(create('a', ''), [{ kind: 'create', path: 'n.txt', content: 'a\n', sourceLine: 2 }]);
    assert.deepEqual(create(), [{ kind: 'create', path: 'n.txt', content: '', sourceLine: 2 }]);
  });

  it("angle blocks take cline's and Fuzzy Edit's dashes lines as content; a dashes block stops at ------- END", () => {
    const cline = failure(parseSearchReplace(['a.txt', '------- SEARCH', 'old', '------- END', '=======', 'new', '+++++++ REPLACE'].join('\n')));
    assert.deepEqual(cline, { line: 4, message: 'The block at line 2 has no "=======" or "------- REPLACE" line between its SEARCH and REPLACE parts (reached "------- END" at line 4).' });
  });
});

describe('formats: SEARCH/REPLACE messages name the line and the marker expected', () => {
  it('a stray closing marker, quoted without its trailing spaces', () => {
    assert.deepEqual(failure(parseSearchReplace(['a.txt', 'prose', '>>>>>>> REPLACE   '].join('\n'))), { line: 3, message: '">>>>>>> REPLACE" at line 3 has no SEARCH marker before it.' });
  });

  it('no divider before the end, in each dialect', () => {
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '<<<<<<< SEARCH', 'old'].join('\n'))), { line: 2, message: 'The block at line 2 has no "=======" line between its SEARCH and REPLACE parts.' });
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '------- SEARCH', 'old'].join('\n'))), { line: 2, message: 'The block at line 2 has no "=======" or "------- REPLACE" line between its SEARCH and REPLACE parts.' });
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '<<<<<<< SEARCH', 'old', '>>>>>>> REPLACE  '].join('\n'))), {
      line: 4,
      message: 'The block at line 2 has no "=======" line between its SEARCH and REPLACE parts (reached ">>>>>>> REPLACE" at line 4).',
    });
  });

  it('an unclosed block names its closer and its divider', () => {
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '<<<<<<< SEARCH', 'old', '=======', 'new'].join('\n'))), {
      line: 2,
      message: 'The block at line 2 is not closed: expected ">>>>>>> REPLACE" after the "=======" at line 4.',
    });
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '------- SEARCH', 'old', '=======  ', 'new'].join('\n'))), {
      line: 2,
      message: 'The block at line 2 is not closed: expected "+++++++ REPLACE" after the "=======" at line 4.',
    });
    assert.deepEqual(failure(parseSearchReplace(['a.txt', '------- SEARCH', 'old', '------- REPLACE', 'new', '>>>>>>> REPLACE  '].join('\n'))), {
      line: 6,
      message: 'The block at line 2 is not closed: expected "------- END", found ">>>>>>> REPLACE" at line 6.',
    });
  });

  it('text without a block', () => {
    assert.deepEqual(failure(parseSearchReplace('hello')), { line: 1, message: 'No SEARCH/REPLACE block found.' });
  });
});

describe('formats: the path line before a SEARCH block', () => {
  const block = ['<<<<<<< SEARCH', 'old', '=======', 'new', '>>>>>>> REPLACE'];
  const pathOf = (...before: string[]) => {
    const [edit] = edits(parseSearchReplace([...before, ...block].join('\n')));
    return edit.path;
  };

  it('the line just before, blank lines (even of spaces) between, a fence or an indented <diff> between', () => {
    assert.equal(pathOf('a.txt'), 'a.txt');
    assert.equal(pathOf('a.txt', '', '   '), 'a.txt');
    assert.equal(pathOf('a.txt', '', '```ts'), 'a.txt');
    assert.equal(pathOf('a.txt', '  <diff>  '), 'a.txt');
  });

  it('a fence names the file in its info string (Cursor’s ```ts:src/a.ts, title="…"); with another on the line before, it is refused', () => {
    assert.equal(pathOf('~~~a.txt'), 'a.txt');
    assert.equal(pathOf('```python:src/b.py'), 'src/b.py');
    assert.equal(pathOf('```ts title="src/b.ts"'), 'src/b.ts');
    assert.equal(pathOf('a.txt', '```a.txt'), 'a.txt');
    assert.equal(pathOf('```python'), undefined);
    const both = parseSearchReplace(['b.txt', '~~~a.txt', '<<<<<<< SEARCH', 'x', '=======', 'y', '>>>>>>> REPLACE', '~~~'].join('\n'));
    assert.deepEqual(both.ok ? undefined : [both.line, both.message], [3, 'The block at line 3 names two files: b.txt on the line before its fence, a.txt in the fence. Name one.']);
  });

  it('not across prose: a sentence between the path and the block means no path', () => {
    assert.equal(pathOf('a.txt', 'Then change this:'), undefined);
  });

  it('asPath: trimmed, tags, headings and labels read strictly; a sentence or a word is not a path', () => {
    const cases: Array<[string, string | undefined]> = [
      ['  src/a.ts  ', 'src/a.ts'],
      ['<path> src/a.ts </path>', 'src/a.ts'],
      ['see<path>a.ts</path>', undefined],
      ['<path>a.ts</path>x', undefined],
      ['##src/a.ts', 'src/a.ts'],
      ['lib/c#/x.cs', 'lib/c#/x.cs'],
      ['docs/profile:v2.md', 'docs/profile:v2.md'],
      ['File : src/a.ts', 'src/a.ts'],
      ['File:src/a.ts', 'src/a.ts'],
      ['_src/a.ts_', 'src/a.ts'],
      ["'src/a.ts'", 'src/a.ts'],
      ['"src/a.ts"', 'src/a.ts'],
      ['bin/run', 'bin/run'],
      ['see src/a.ts', undefined],
      ['e.g.', undefined],
      ['MyMakefile', undefined],
      ['Makefile2', undefined],
    ];
    for (const [line, path] of cases) assert.equal(asPath(line), path, JSON.stringify(line));
  });
});

describe('formats: apply_patch lines', () => {
  const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

  it('Begin Patch: indented is found; in a sentence or with more after it is not', () => {
    assert.equal(hasApplyPatch('  *** Begin Patch\n'), true);
    assert.deepEqual(edits(parseApplyPatch('  *** Begin Patch\n*** Delete File: a.txt\n*** End Patch')), [{ kind: 'delete', path: 'a.txt', sourceLine: 2 }]);
    assert.equal(hasApplyPatch('Start with: *** Begin Patch\n*** Begin Patches\n'), false);
    assert.deepEqual(failure(parseApplyPatch('hello')), { line: 1, message: 'No "*** Begin Patch" … "*** End Patch" block found.' });
  });

  it('End Patch and End of File take trailing spaces; near-markers are not them', () => {
    assert.deepEqual(edits(parseApplyPatch(['*** Begin Patch', '*** Update File: a.txt', '-a', '+b', '*** End of File   ', '*** End Patch   '].join('\n'))), [{ kind: 'replace', path: 'a.txt', oldString: 'a', newString: 'b', sourceLine: 3 }]);
    assert.equal(failure(parseApplyPatch(patch('*** Delete File: a.txt', 'x *** End Patch'))).line, 3);
    assert.equal(failure(parseApplyPatch(patch('*** Delete File: a.txt', '*** End Patches'))).line, 3);
    assert.equal(failure(parseApplyPatch(patch('*** Update File: a.txt', '-a', '+b', '*** End of Files'))).line, 5);
    assert.deepEqual(edits(parseApplyPatch(patch('*** Update File: a.txt', ' *** End of File', ' a *** b', '-a', '+b'))), [
      { kind: 'replace', path: 'a.txt', oldString: '*** End of File\na *** b\na', newString: '*** End of File\na *** b\nb', sourceLine: 3 },
    ]);
  });

  it('a header without a name is not a header; a line of spaces between sections is blank', () => {
    assert.deepEqual(failure(parseApplyPatch(patch('*** Delete File:   '))), { line: 2, message: 'Line 2: expected "*** Add File:", "*** Update File:", "*** Delete File:" or "*** End Patch", found "*** Delete File:   ".' });
    assert.deepEqual(edits(parseApplyPatch(patch('*** Delete File: a.txt', '   ', '*** Delete File: b.txt'))), [
      { kind: 'delete', path: 'a.txt', sourceLine: 2 },
      { kind: 'delete', path: 'b.txt', sourceLine: 4 },
    ]);
  });

  it('an added file: every line "+", an empty one is empty', () => {
    assert.deepEqual(failure(parseApplyPatch(patch('*** Add File: n.txt', '+ok', 'oops'))), { line: 4, message: 'Line 4: every line of an added file starts with "+" (adding n.txt, line 2).' });
    assert.deepEqual(edits(parseApplyPatch(patch('*** Add File: empty.txt'))), [{ kind: 'create', path: 'empty.txt', content: '', sourceLine: 2 }]);
  });

  it('a patch that ends inside a section is "not closed", naming the Begin line', () => {
    for (const body of [['*** Add File: n.txt', '+x'], ['*** Update File: a.txt', '-a', '+b']]) {
      const text = ['prose', '*** Begin Patch', ...body].join('\n');
      assert.deepEqual(failure(parseApplyPatch(text)), { line: 2, message: 'The patch at line 2 is not closed: expected "*** End Patch".' }, body.join(' / '));
    }
    // An Update header on the last line: nothing after it to read as a move.
    assert.equal(failure(parseApplyPatch('*** Begin Patch\n*** Update File: a.txt')).message, 'The update of a.txt at line 2 has no changes: expected lines starting with " ", "-" or "+".');
  });

  it('chunks of blank lines only are no change; an update of nothing but them is an error naming its line', () => {
    assert.deepEqual(failure(parseApplyPatch(patch('*** Update File: a.txt', '', ''))), { line: 2, message: 'The update of a.txt at line 2 has no changes: expected lines starting with " ", "-" or "+".' });
    assert.deepEqual(failure(parseApplyPatch(patch('*** Update File: a.txt', '@@ class A', '*** End of File'))).line, 2);
    assert.deepEqual(edits(parseApplyPatch(patch('*** Update File: a.txt', '@@ one', '', '@@ two', '-a', '+b'))), [{ kind: 'replace', path: 'a.txt', oldString: 'a', newString: 'b', anchor: ['two'], sourceLine: 5 }]);
    assert.deepEqual(edits(parseApplyPatch(patch('*** Update File: a.txt', '*** Move to: b.txt', '@@ one', ''))), [{ kind: 'rename', path: 'a.txt', to: 'b.txt', sourceLine: 3 }]);
  });

  it('a line without a prefix in an update names its line', () => {
    assert.equal(failure(parseApplyPatch(patch('*** Update File: a.js', '@@', 'let x = 1;'))).message, 'Line 4: in the update of a.js, expected a line starting with " ", "-", "+" or "@@", found "let x = 1;".');
  });
});
