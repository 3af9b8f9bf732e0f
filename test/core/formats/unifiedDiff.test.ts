import { strict as assert } from 'node:assert';
import { parseUnifiedDiff } from '../../../src/core/formats/unifiedDiff';
import { resolveBatch } from '../../../src/core';
import { edits } from './expectations';


describe('formats: unified diff', () => {
  it('reads a git diff with two hunks, in prose; old start lines become 0-based hints', () => {
    const text = [
      'Apply this patch:',
      '',
      '```diff',
      'diff --git a/src/math.js b/src/math.js',
      'index 3b18e51..a1c2d3e 100644',
      '--- a/src/math.js',
      '+++ b/src/math.js',
      '@@ -1,4 +1,4 @@',
      ' function add(a, b) {',
      '-  return a - b;',
      '+  return a + b;',
      ' }',
      ' ',
      '@@ -10,3 +10,4 @@ function mul(a, b) {',
      ' function div(a, b) {',
      '+  if (b === 0) throw new RangeError("division by zero");',
      '   return a / b;',
      ' }',
      '```',
      'That fixes both bugs.',
    ].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [
      {
        kind: 'replace',
        path: 'src/math.js',
        oldString: 'function add(a, b) {\n  return a - b;\n}\n',
        newString: 'function add(a, b) {\n  return a + b;\n}\n',
        hint: 0,
        sourceLine: 8,
      },
      {
        kind: 'replace',
        path: 'src/math.js',
        oldString: 'function div(a, b) {\n  return a / b;\n}',
        newString: 'function div(a, b) {\n  if (b === 0) throw new RangeError("division by zero");\n  return a / b;\n}',
        hint: 9,
        sourceLine: 14,
      },
    ]);
  });

  it('reads diff -u output (timestamps, no a/ b/ prefixes) and CRLF input', () => {
    const text = ['--- notes.txt\t2024-05-01 10:00:00.000000000 +0200', '+++ notes.txt\t2024-05-01 10:05:00.000000000 +0200', '@@ -2,2 +2,2 @@', ' keep', '-old', '+new', ''].join('\r\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'notes.txt', oldString: 'keep\nold', newString: 'keep\nnew', hint: 1, sourceLine: 3 }]);
  });

  it('tolerates wrong counts, "@@ @@" headers and context lines whose space was stripped', () => {
    const text = ['--- a/x.py', '+++ b/x.py', '@@ @@', ' def f():', '', '-    pass', '+    return 1', '', 'Done.'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'x.py', oldString: 'def f():\n\n    pass', newString: 'def f():\n\n    return 1', sourceLine: 3 }]);
  });

  it('ends a hunk whose counts are met at a blank line, so a bullet list after it stays prose', () => {
    const text = ['--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', ' a', '-b', '+c', '', '- first note', '- second note'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'x', oldString: 'a\nb', newString: 'a\nc', hint: 0, sourceLine: 3 }]);
  });

  it('reads a removed "-- comment" line as a removal while the counts need it', () => {
    const text = ['--- a/q.sql', '+++ b/q.sql', '@@ -1,2 +1,1 @@', '--- drop me', '+++ keep me', ' SELECT 1;'].join('\n');
    // "--- drop me" / "+++ keep me" looks like a file header pair; the unmet count of old lines says it is not.
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'q.sql', oldString: '-- drop me\nSELECT 1;', newString: '++ keep me\nSELECT 1;', hint: 0, sourceLine: 3 }]);
  });

  it('keeps "\\ No newline at end of file" as a change of the final newline', () => {
    const text = ['--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' a', '-b', '\\ No newline at end of file', '+b'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'f', oldString: 'a\nb', newString: 'a\nb\n', hint: 0, sourceLine: 3 }]);
    const removing = ['--- a/f', '+++ b/f', '@@ -1 +1 @@', '-b', '+b', '\\ No newline at end of file'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(removing)), [{ kind: 'replace', path: 'f', oldString: 'b\n', newString: 'b', hint: 0, sourceLine: 3 }]);
  });

  it('reads new, deleted and renamed files', () => {
    const text = [
      'diff --git a/docs/new.md b/docs/new.md',
      'new file mode 100644',
      'index 0000000..e69de29',
      '--- /dev/null',
      '+++ b/docs/new.md',
      '@@ -0,0 +1,2 @@',
      '+# Title',
      '+body',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-gone',
      'diff --git a/src/a.ts b/src/b.ts',
      'similarity index 90%',
      'rename from src/a.ts',
      'rename to src/b.ts',
      '--- a/src/a.ts',
      '+++ b/src/b.ts',
      '@@ -1 +1 @@',
      '-export const a = 1;',
      '+export const b = 1;',
      'diff --git a/empty b/empty',
      'new file mode 100644',
      'index 0000000..e69de29',
    ].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [
      { kind: 'create', path: 'docs/new.md', content: '# Title\nbody\n', sourceLine: 1 },
      { kind: 'delete', path: 'old.txt', oldContent: 'gone\n', sourceLine: 9 },
      { kind: 'replace', path: 'src/a.ts', oldString: 'export const a = 1;', newString: 'export const b = 1;', hint: 0, sourceLine: 21 },
      { kind: 'rename', path: 'src/a.ts', to: 'src/b.ts', sourceLine: 15 },
      { kind: 'create', path: 'empty', content: '', sourceLine: 24 },
    ]);
  });

  it('refuses a git copy (it was read as a rename, and the source file moved away), naming the line', () => {
    const text = ['diff --git a/x.py b/y.py', 'similarity index 83%', 'copy from x.py', 'copy to y.py', '--- a/x.py', '+++ b/y.py', '@@ -1 +1 @@', '-a = 1', '+a = 2'].join('\n');
    const result = parseUnifiedDiff(text);
    assert.equal(result.ok, false);
    assert.deepEqual(result.ok ? undefined : [result.line, result.message], [3, 'Line 3: git copies are not supported (x.py copied to y.py): nothing was changed. Send the new file as a whole instead ("new file mode", every line added).']);
  });

  it('a later hunk without file headers, after prose naming another file, is refused (it went to the file before)', () => {
    const text = ['```diff', '--- a/a.py', '+++ b/a.py', '@@ -5 +5 @@', '-    print(1)', '+    print(10)', '```', '', 'And in `b.py` the entry point calls the wrong function:', '', '```diff', '@@ -9 +9 @@', '-    main()', '+    run()', '```'].join('\n');
    const result = parseUnifiedDiff(text);
    assert.deepEqual(result.ok ? undefined : [result.line, result.message], [12, 'The hunk at line 12 names no file, and the text before it (line 9) mentions b.py while the hunk before it is for a.py: give the hunk its --- / +++ lines.']);
    // Prose naming the same file (or none) keeps the hunk with it.
    for (const prose of ['Then, still in `a.py`:', 'Then the entry point:']) {
      const same = parseUnifiedDiff(text.replace('And in `b.py` the entry point calls the wrong function:', prose));
      assert.deepEqual(same.ok ? same.edits.map((e) => e.path) : same.message, ['a.py', 'a.py'], prose);
    }
  });

  it('reads a bare hunk without file headers as an edit without a path', () => {
    const text = ['@@ -5,2 +5,2 @@', ' x', '-y', '+z'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', oldString: 'x\ny', newString: 'x\nz', hint: 4, sourceLine: 1 }]);
  });

  it('reads several files of a plain multi-file diff', () => {
    const text = ['--- a/one', '+++ b/one', '@@ -1 +1 @@', '-1', '+one', '--- a/two', '+++ b/two', '@@ -1 +1 @@', '-2', '+two'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)).map((e) => e.path), ['one', 'two']);
  });

  it('keeps the trailing blank context lines the counts need: they tell the place from an earlier look-alike', () => {
    // The hunk's numbers point at the look-alike (line 1), as a model's often do; the two blank context lines
    // the counts (4) require are what only the intended place has.
    const file = ['x = 1', 'y = 2', 'z = 9', '', 'x = 1', 'y = 2', '', '', 'w = 0', ''].join('\n');
    const diff = ['--- a/f.py', '+++ b/f.py', '@@ -1,4 +1,4 @@', ' x = 1', '-y = 2', '+y = 3', '', '', ''].join('\n');
    const parsed = edits(parseUnifiedDiff(diff));
    assert.deepEqual(parsed.map((e) => e.kind === 'replace' && e.oldString), ['x = 1\ny = 2\n\n']);
    const batch = resolveBatch(new Map([['f.py', file]]), parsed);
    assert.equal(batch.files[0].after, file.replace('x = 1\ny = 2\n\n', 'x = 1\ny = 3\n\n'));
  });

  describe('errors', () => {
    it('a hunk without a header', () => {
      const result = parseUnifiedDiff(['--- a/x', '+++ b/x', '-old', '+new'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.format, 'unified-diff');
      assert.equal(result.line, 3);
      assert.match(result.message, /hunk without header: expected "@@ -start,count \+start,count @@" after the file header at line 1/);
    });

    it('an empty hunk', () => {
      const result = parseUnifiedDiff(['--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', 'prose'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 3);
      assert.match(result.message, /hunk at line 3 is empty/);
    });

    it('a binary patch', () => {
      const result = parseUnifiedDiff(['diff --git a/i.png b/i.png', 'index 1..2 100644', 'Binary files a/i.png and b/i.png differ'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 3);
      assert.match(result.message, /binary patches are not supported \(i\.png\)/);
    });
  });
});

describe('formats: unified diff, names and broken hunks (issue 10, item 11)', () => {
  it('decodes git C-quoted names: octal escapes are the bytes of a UTF-8 name', () => {
    const text = [
      'diff --git "a/caf\\303\\251 menu.txt" "b/caf\\303\\251 menu.txt"',
      'new file mode 100644',
      '--- /dev/null',
      '+++ "b/caf\\303\\251 menu.txt"',
      '@@ -0,0 +1 @@',
      '+cr\\u00e8me',
      'diff --git a/tab.txt "b/tab\\there \\"q\\".txt"',
      'rename from tab.txt',
      'rename to "tab\\there \\"q\\".txt"',
    ].join('\n');
    const parsed = edits(parseUnifiedDiff(text)) as { path: string; to?: string }[];
    assert.equal(parsed[0].path, 'café menu.txt');
    assert.deepEqual([parsed[1].path, parsed[1].to], ['tab.txt', 'tab\there "q".txt']);
  });

  it('reads unquoted names with spaces from the git header when there are no ---/+++ lines', () => {
    const text = ['diff --git a/my file.txt b/my file.txt', 'deleted file mode 100644'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'delete', path: 'my file.txt', sourceLine: 1 }]);
  });

  it('a stray line inside a hunk, with hunk lines after it, is an error naming that line', () => {
    const text = ['--- a/f.txt', '+++ b/f.txt', '@@ -1,4 +1,4 @@', ' one', '-two', 'garbage here', '+TWO', ' three'].join('\n');
    const result = parseUnifiedDiff(text);
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.line, 6);
    assert.match(!result.ok ? result.message : '', /^Line 6: in the hunk at line 3, expected a line starting with " ", "-" or "\+", found "garbage here"\.$/);
  });

  it('prose right after a hunk still ends it', () => {
    const text = ['--- a/f.txt', '+++ b/f.txt', '@@ -1 +1 @@', '-two', '+TWO', 'That is all.', '', '- a bullet after a blank line'].join('\n');
    assert.deepEqual(edits(parseUnifiedDiff(text)), [{ kind: 'replace', path: 'f.txt', oldString: 'two', newString: 'TWO', hint: 0, sourceLine: 3 }]);
  });
});
