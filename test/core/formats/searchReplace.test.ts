import { strict as assert } from 'node:assert';
import { parseSearchReplace, asPath } from '../../../src/core/formats/searchReplace';
import { edits } from './expectations';


describe('formats: SEARCH/REPLACE blocks', () => {
  it('reads an aider answer: prose, a path line, a fenced block', () => {
    const text = [
      'Sure! Here is the fix for the off-by-one error:',
      '',
      'src/util/range.ts',
      '```typescript',
      '<<<<<<< SEARCH',
      'for (let i = 0; i <= n; i++) {',
      '  out.push(i);',
      '=======',
      'for (let i = 0; i < n; i++) {',
      '  out.push(i);',
      '>>>>>>> REPLACE',
      '```',
      '',
      'This stops the loop one element earlier.',
    ].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      {
        kind: 'replace',
        path: 'src/util/range.ts',
        oldString: 'for (let i = 0; i <= n; i++) {\n  out.push(i);',
        newString: 'for (let i = 0; i < n; i++) {\n  out.push(i);',
        sourceLine: 5,
      },
    ]);
  });

  it('reads several blocks; a block without a path inherits the previous one', () => {
    const text = [
      'a.py',
      '```python',
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '>>>>>>> REPLACE',
      '<<<<<<< SEARCH',
      'y = 1',
      '=======',
      'y = 2',
      '>>>>>>> REPLACE',
      '```',
      '',
      '**lib/b.py**',
      '```python',
      '<<<<<<< SEARCH',
      'z = 1',
      '=======',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    const result = edits(parseSearchReplace(text));
    assert.deepEqual(
      result.map((e) => [e.path, e.kind === 'replace' && e.oldString, e.kind === 'replace' && e.newString]),
      [
        ['a.py', 'x = 1', 'x = 2'],
        ['a.py', 'y = 1', 'y = 2'],
        ['lib/b.py', 'z = 1', ''],
      ],
    );
  });

  it('reads the path inside the fence (aider diff-fenced)', () => {
    const text = ['```', 'src/main.rs', '<<<<<<< SEARCH', 'fn a() {}', '=======', 'fn b() {}', '>>>>>>> REPLACE', '```'].join('\n');
    assert.equal(edits(parseSearchReplace(text))[0].path, 'src/main.rs');
  });

  it("reads Fuzzy Edit's own dialect (------- SEARCH / ------- REPLACE / ------- END) with its path line", () => {
    const text = ['Fuzzy Edit — cart.ts', '', 'src/cart.ts', '------- SEARCH', 'let a = 1', '=== not a marker', '------- REPLACE', 'let a = 2', '+++ b', '------- END', ''].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      { kind: 'replace', path: 'src/cart.ts', oldString: 'let a = 1\n=== not a marker', newString: 'let a = 2\n+++ b', sourceLine: 4 },
    ]);
  });

  it("Fuzzy Edit's dialect has no line the merge-conflict extension reads as a git conflict", () => {
    const block = ['a.ts', '------- SEARCH', 'x', '------- REPLACE', 'y', '------- END'];
    assert.ok(block.every((l) => !/^(<{7}|={7}|>{7})/.test(l)));
    assert.deepEqual(edits(parseSearchReplace(block.join('\n'))), [{ kind: 'replace', path: 'a.ts', oldString: 'x', newString: 'y', sourceLine: 2 }]);
  });

  it("in Fuzzy Edit's dialect only ------- END closes the block; an empty SEARCH part with a path creates the file", () => {
    const text = ['docs/new.md', '------- SEARCH', '------- REPLACE', '# New', '------- END', 'b.ts', '------- SEARCH', 'p', '------- REPLACE', 'q', '------- END'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      { kind: 'create', path: 'docs/new.md', content: '# New\n', sourceLine: 2 },
      { kind: 'replace', path: 'b.ts', oldString: 'p', newString: 'q', sourceLine: 7 },
    ]);
  });

  it('reads cline markers', () => {
    const text = ['<path>src/index.ts</path>', '<diff>', '------- SEARCH', 'let a = 1', '=======', 'let a = 2', '+++++++ REPLACE', '</diff>'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [
      { kind: 'replace', path: 'src/index.ts', oldString: 'let a = 1', newString: 'let a = 2', sourceLine: 3 },
    ]);
  });

  it('reads roo :start_line: as a 0-based hint, with or without the dashes line', () => {
    const withDashes = ['<<<<<<< SEARCH', ':start_line:42', ':end_line:43', '-------', 'a', 'b', '=======', 'c', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(withDashes)), [{ kind: 'replace', oldString: 'a\nb', newString: 'c', hint: 41, sourceLine: 1 }]);
    const without = ['<<<<<<< SEARCH', ':start_line:1', 'a', '=======', 'c', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(without)), [{ kind: 'replace', oldString: 'a', newString: 'c', hint: 0, sourceLine: 1 }]);
  });

  it('keeps a leading dashes line as content when there is no roo metadata (YAML front matter)', () => {
    const text = ['<<<<<<< SEARCH', '---', 'title: a', '=======', '---', 'title: b', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text))[0], { kind: 'replace', oldString: '---\ntitle: a', newString: '---\ntitle: b', sourceLine: 1 });
  });

  it('unescapes roo-escaped marker lines in content', () => {
    const text = ['<<<<<<< SEARCH', '\\=======', '=======', 'done', '>>>>>>> REPLACE'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text))[0], { kind: 'replace', oldString: '=======', newString: 'done', sourceLine: 1 });
  });

  it('reads CRLF input as LF', () => {
    const text = 'a.txt\r\n<<<<<<< SEARCH\r\none\r\ntwo\r\n=======\r\nthree\r\n>>>>>>> REPLACE\r\n';
    assert.deepEqual(edits(parseSearchReplace(text)), [{ kind: 'replace', path: 'a.txt', oldString: 'one\ntwo', newString: 'three', sourceLine: 2 }]);
  });

  it('turns an empty SEARCH part with a path into a create edit', () => {
    const text = ['docs/new.md', '```', '<<<<<<< SEARCH', '=======', '# New', '>>>>>>> REPLACE', '```'].join('\n');
    assert.deepEqual(edits(parseSearchReplace(text)), [{ kind: 'create', path: 'docs/new.md', content: '# New\n', sourceLine: 3 }]);
  });

  describe('errors', () => {
    it('a missing ======= points at the block', () => {
      const result = parseSearchReplace(['intro', '<<<<<<< SEARCH', 'a', '>>>>>>> REPLACE'].join('\n'));
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.equal(result.format, 'search-replace');
      assert.equal(result.line, 4);
      assert.match(result.message, /line 2 has no "=======" line/);
    });

    it('an unclosed block names the marker its dialect expects', () => {
      const result = parseSearchReplace(['------- SEARCH', 'a', '=======', 'b'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 1);
      assert.match(result.message, /not closed: expected "\+\+\+\+\+\+\+ REPLACE" after the "=======" at line 3/);
    });

    it("a Fuzzy Edit block closed with another dialect's marker names ------- END", () => {
      const result = parseSearchReplace(['------- SEARCH', 'a', '------- REPLACE', 'b', '+++++++ REPLACE'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 5);
      assert.match(result.message, /expected "------- END"/);
      const open = parseSearchReplace(['------- SEARCH', 'a', '------- REPLACE', 'b'].join('\n'));
      assert.ok(!open.ok);
      assert.match(open.message, /not closed: expected "------- END" after the "------- REPLACE" at line 3/);
    });

    it('a stray ------- REPLACE marker', () => {
      const result = parseSearchReplace(['text', '------- REPLACE', 'b', '------- END'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 2);
    });

    it('a block left open before the next SEARCH', () => {
      const result = parseSearchReplace(['<<<<<<< SEARCH', 'a', '=======', 'b', '<<<<<<< SEARCH', 'c', '=======', 'd', '>>>>>>> REPLACE'].join('\n'));
      assert.ok(!result.ok);
      assert.match(result.message, /before the next SEARCH marker at line 5/);
    });

    it('a stray REPLACE marker', () => {
      const result = parseSearchReplace(['text', '>>>>>>> REPLACE'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 2);
    });

    it('an empty SEARCH part without a file', () => {
      const result = parseSearchReplace(['<<<<<<< SEARCH', '=======', 'x', '>>>>>>> REPLACE'].join('\n'));
      assert.ok(!result.ok);
      assert.match(result.message, /empty SEARCH part and names no file/);
    });
  });

  describe('asPath', () => {
    for (const [line, path] of [
      ['src/a.ts', 'src/a.ts'],
      ['**src/a.ts**', 'src/a.ts'],
      ['`src/a.ts`:', 'src/a.ts'],
      ['### File: lib\\b.py', 'lib\\b.py'],
      ['Makefile', 'Makefile'],
      ['Here is the change:', undefined],
      ['Before', undefined],
      ['```python', undefined],
    ] as const) {
      it(`${JSON.stringify(line)} → ${path}`, () => assert.equal(asPath(line), path));
    }
  });
});

describe('formats: SEARCH/REPLACE, a line of the text that reads as the divider', () => {
  // A Markdown heading's underline is `=======` too: the block cannot tell its divider (found by a hunt: the rest of
  // the SEARCH part was written into the file as new text).
  it('two "=======" lines in one block are refused, naming both lines and the escape', () => {
    const answer = 'README.md\n<<<<<<< SEARCH\nTitle\n=======\n\nSome intro.\n=======\nTitle\n=======\n\nA better intro.\n>>>>>>> REPLACE\n';
    const r = parseSearchReplace(answer);
    assert.ok(!r.ok);
    assert.equal(r.line, 7);
    assert.match(r.message, /has two "=======" lines \(lines 4 and 7\).*as \\=======/);
  });

  it('escaped as \\=======, the underline is a line of the text', () => {
    const answer = 'README.md\n<<<<<<< SEARCH\nTitle\n\\=======\n\nSome intro.\n=======\nTitle\n\\=======\n\nA better intro.\n>>>>>>> REPLACE\n';
    const r = parseSearchReplace(answer);
    assert.ok(r.ok);
    assert.deepEqual(r.edits.map((e) => (e.kind === 'replace' ? [e.oldString, e.newString] : [])), [['Title\n=======\n\nSome intro.', 'Title\n=======\n\nA better intro.']]);
  });
});

describe('formats: SEARCH/REPLACE, own dialect, a line of the new text that reads as the end marker', () => {
  it('the stray end marker after the block is refused, naming it and the escape (the rest of the new text was dropped)', () => {
    const text = 'notes.md\n------- SEARCH\nTODO\n------- REPLACE\nnew\n------- END\nThat is the whole format.\n------- END\n';
    const r = parseSearchReplace(text);
    assert.ok(!r.ok);
    assert.equal(r.line, 8);
    assert.match(r.message, /^"------- END" at line 8 closes no block: .*escaped \(\\------- END\)\.$/);
  });
});

describe('formats: SEARCH/REPLACE, a block that names no file after prose naming another', () => {
  const block = (old: string, nw: string) => `\`\`\`python\n<<<<<<< SEARCH\n${old}\n=======\n${nw}\n>>>>>>> REPLACE\n\`\`\`\n`;

  it('a sentence mentioning another file in backticks before it: refused (it went to the previous block’s file)', () => {
    const r = parseSearchReplace(`a.py\n${block('    return 1', '    return 10')}\nThe same import is needed where \`b.py\` reads its settings:\n\n${block('import os', 'import os\nimport sys')}`);
    assert.ok(!r.ok);
    assert.match(r.message, /^The block at line 13 names no file, and the text before it mentions b\.py while the block before it is for a\.py/);
  });

  it('a short sentence ending in a colon that names one file names the block’s file; so do a list item, a link, a note', () => {
    for (const line of ['Now in `b.py`:', 'Same problem in b.py:', 'Update **b.py** as follows:', '* b.py', '1. `b.py`', '[b.py](b.py)', '**b.py** (entry point)', '// b.py', '> b.py']) {
      const named = parseSearchReplace(`a.py\n${block('    return 1', '    return 10')}\n${line}\n${block('import os', 'import os\nimport sys')}`);
      assert.ok(named.ok, line);
      assert.deepEqual(named.edits.map((e) => e.path), ['a.py', 'b.py'], line);
    }
  });

  it('the first block, named only by a short sentence before it, is for that file; a longer one, or one naming two, names none', () => {
    const r = parseSearchReplace(`In \`b.py\`:\n\n${block('import os', 'import os\nimport sys')}`);
    assert.ok(r.ok);
    assert.deepEqual(r.edits.map((e) => e.path), ['b.py']);
    // Files mentioned in passing, slashes and members that are no files, addresses: the caller's default file.
    for (const prose of ['Move it from `a.py` to `b.py`:', 'Similar to what we did in utils.py, add an encoding:', 'The fix mirrors `utils.py`:', 'Use read/write locks and `threading.Lock` here:', 'On Node.js, see https://example.com/a.js:']) {
      const unnamed = parseSearchReplace(`${prose}\n\n${block('import os', 'import os\nimport sys')}`);
      assert.ok(unnamed.ok, prose);
      assert.equal(unnamed.edits[0].path, undefined, prose);
    }
  });

  it('prose naming the same file, or only members (`self.save`), keeps the previous block’s file', () => {
    for (const prose of ['Then, still in `a.py`:', 'Then call `self.save` too:']) {
      const r = parseSearchReplace(`a.py\n${block('    return 1', '    return 10')}\n${prose}\n\n${block('import os', 'import os\nimport sys')}`);
      assert.ok(r.ok, prose);
      assert.deepEqual(r.edits.map((e) => e.path), ['a.py', 'a.py']);
    }
  });
});
