// The line rules of the unified-diff parser, each by the smallest input that shows it: which lines make a text
// a diff, which name a file (and which of its names the edit goes to), where a hunk ends, and what its "\ No
// newline" lines change. Every rule here decides the path or the old/new text of an edit.
import { strict as assert } from 'node:assert';
import { hasUnifiedDiff, parseUnifiedDiff } from '../../../src/core/formats/unifiedDiff';
import type { ParseResult } from '../../../src/core/formats/types';
import { edits } from './expectations';

const parse = (...lines: string[]) => parseUnifiedDiff(lines.join('\n'));
const read = (...lines: string[]) => edits(parse(...lines));

function failure(result: ParseResult): { line: number; message: string } {
  assert.ok(!result.ok, 'expected a parse error');
  assert.equal(result.format, 'unified-diff');
  return { line: result.line, message: result.message };
}

const NOTHING = 'No unified diff hunk found: expected "--- a/file", "+++ b/file" and "@@ -l,n +l,n @@" lines.';

describe('formats: unified diff, what makes a text a diff', () => {
  it('a hunk header, a diff --git line or a ---/+++ pair, each alone; not a --- line without +++ after it', () => {
    assert.equal(hasUnifiedDiff('prose\n@@ -1 +1 @@'), true);
    assert.equal(hasUnifiedDiff('prose\ndiff --git a/x b/x'), true);
    assert.equal(hasUnifiedDiff('prose\n--- a\n+++ b'), true);
    assert.equal(hasUnifiedDiff('--- a\nprose\n+++ b'), false);
    assert.equal(hasUnifiedDiff('--- a'), false);
    assert.equal(hasUnifiedDiff('@@ @@\n-a\n+b'), false);
    assert.equal(hasUnifiedDiff('see diff --git a/x b/x'), false);
  });

  it('an "@@ @@" header without numbers is a hunk only after file headers', () => {
    assert.deepEqual(failure(parse('@@ @@', '-a', '+b')), { line: 1, message: NOTHING });
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ fn() @@', '-a', '+b'), [{ kind: 'replace', path: 'x', oldString: 'a', newString: 'b', sourceLine: 3 }]);
    // "@@fn" is not a header: its lines are prose, and the pair names a file without hunks.
    assert.deepEqual(failure(parse('--- a/x', '+++ b/x', '@@fn', '-a', '+b')), { line: 1, message: NOTHING });
  });

  it('a file header pair with nothing after it is no edit', () => {
    assert.deepEqual(failure(parse('--- a/x', '+++ b/x')), { line: 1, message: NOTHING });
  });
});

describe('formats: unified diff, file names', () => {
  const hunk = ['@@ -1 +1 @@', '-a', '+b'];
  const pathOf = (oldHeader: string, newHeader: string) => {
    const [edit] = read(oldHeader, newHeader, ...hunk);
    return edit.path;
  };

  it('a/ and b/ are stripped only when both sides have them (or one side is /dev/null)', () => {
    assert.equal(pathOf('--- a/x', '+++ b/x'), 'x');
    assert.equal(pathOf('--- x', '+++ b/x'), 'b/x');
    assert.equal(pathOf('--- a/x', '+++ x'), 'x');
    assert.deepEqual(read('--- /dev/null', '+++ b/new.txt', '@@ -0,0 +1 @@', '+a'), [{ kind: 'create', path: 'new.txt', content: 'a\n', sourceLine: 1 }]);
    assert.deepEqual(read('--- /dev/null', '+++ new.txt', '@@ -0,0 +1 @@', '+a'), [{ kind: 'create', path: 'new.txt', content: 'a\n', sourceLine: 1 }]);
    assert.deepEqual(read('--- /dev/null', '+++ b.txt', '@@ -0,0 +1 @@', '+a'), [{ kind: 'create', path: 'b.txt', content: 'a\n', sourceLine: 1 }]);
    assert.deepEqual(read('--- a/old.txt', '+++ /dev/null', '@@ -1 +0,0 @@', '-a'), [{ kind: 'delete', path: 'old.txt', oldContent: 'a\n', sourceLine: 1 }]);
    assert.deepEqual(read('--- a.txt', '+++ /dev/null', '@@ -1 +0,0 @@', '-a'), [{ kind: 'delete', path: 'a.txt', oldContent: 'a\n', sourceLine: 1 }]);
  });

  it('plain diff -u: the new name is the file to edit (the old one is often a backup)', () => {
    assert.equal(pathOf('--- x.orig', '+++ x'), 'x');
    assert.equal(pathOf('--- x\t2024-05-01 10:00', '+++ y  \t2024-05-01 10:05'), 'y');
  });

  it('git: the old name is the file to edit, and a different new name is a rename after the edits', () => {
    assert.deepEqual(read('diff --git a/p.txt b/q.txt', '--- a/p.txt', '+++ b/q.txt', ...hunk), [
      { kind: 'replace', path: 'p.txt', oldString: 'a', newString: 'b', hint: 0, sourceLine: 4 },
      { kind: 'rename', path: 'p.txt', to: 'q.txt', sourceLine: 1 },
    ]);
    assert.deepEqual(read('diff --git a/p.txt b/p.txt', '--- a/p.txt', '+++ b/p.txt', ...hunk), [{ kind: 'replace', path: 'p.txt', oldString: 'a', newString: 'b', hint: 0, sourceLine: 4 }]);
  });

  it('git: quoted names decode C escapes (octal bytes of UTF-8, named escapes, a character above U+FFFF)', () => {
    const [edit] = read('--- /dev/null', '+++ "b/\\a\\b\\t\\n\\v\\f\\r\\"\\\\\\q\\101\\0x\u{1F600}é"', '@@ -0,0 +1 @@', '+a');
    assert.equal(edit.path, '\x07\b\t\n\v\f\r"\\qA\0x\u{1F600}é');
    // A name that only ends with a quote is not quoted; U+FFFF is one UTF-16 unit, not a pair.
    assert.equal(read('--- /dev/null', '+++ x"', '@@ -0,0 +1 @@', '+a')[0].path, 'x"');
    assert.equal(read('--- /dev/null', '+++ "b/\uFFFFx"', '@@ -0,0 +1 @@', '+a')[0].path, '\uFFFFx');
    // Octal escapes of one to three digits; an empty quoted name is no name.
    assert.equal(read('--- /dev/null', '+++ "b/\\1\\12x\\1011"', '@@ -0,0 +1 @@', '+a')[0].path, '\x01\nxA1');
    assert.deepEqual(failure(parse('--- /dev/null', '+++ ""', '@@ -0,0 +1 @@', '+a')), { line: 1, message: 'The new file at line 1 has no name.' });
    // Not closed, or not quoted at all: taken as written.
    assert.equal(read('--- /dev/null', '+++ "b/x', '@@ -0,0 +1 @@', '+a')[0].path, '"b/x');
    assert.equal(read('--- /dev/null', '+++ "', '@@ -0,0 +1 @@', '+a')[0].path, '"');
    assert.equal(read('--- /dev/null', '+++ "b/x"y', '@@ -0,0 +1 @@', '+a')[0].path, '"b/x"y');
    assert.equal(read('--- /dev/null', '+++ "b/x\\"', '@@ -0,0 +1 @@', '+a')[0].path, '"b/x\\"');
  });

  it('git header names: quoted first, quoted second, equal halves with spaces, " b/" otherwise', () => {
    const deleted = (header: string) => read(header, 'deleted file mode 100644')[0].path;
    assert.equal(deleted('diff --git "a/x y" b/x y'), 'x y');
    assert.equal(deleted('diff --git a/x y "b/x\\ty"'), 'x y');
    assert.equal(deleted('diff --git a/a b/c b/a b/c'), 'a b/c');
    assert.equal(deleted('diff --git a/p b/q'), 'p');
    assert.equal(deleted('diff --git a/a b/c b/a b/d'), 'a');
    assert.equal(deleted('diff --git a/x y b/x z'), 'x y');
    // Ends with a quote but holds no ' "': not a quoted second name.
    assert.equal(deleted('diff --git a/x b/y"'), 'x');
    // Holds ' "' but does not end with a quote: not a quoted second name either.
    assert.equal(deleted('diff --git a/x "q b/y'), 'x "q');
  });

  it('git header names that are not a/… b/… name nothing: a new or deleted file then has no name', () => {
    for (const header of ['diff --git a/x c/x', 'diff --git c/x b/x', 'diff --git "a/x b/x', 'diff --git "a/x"xb/y', 'diff --git x', 'diff --git a/x "c/x"', 'diff --git a/x?b/x']) {
      assert.deepEqual(failure(parse(header, 'deleted file mode 100644')), { line: 1, message: 'The deleted file at line 1 has no name.' }, header);
    }
    assert.deepEqual(failure(parse('diff --git x y', 'new file mode 100644')), { line: 1, message: 'The new file at line 1 has no name.' });
  });

  it("git's extended header lines are read up to the first other line; rename lines name the files", () => {
    const extended = ['old mode 100644', 'new mode 100755', 'similarity index 90%', 'dissimilarity index 10%', 'index 1..2'];
    for (const line of extended) assert.deepEqual(read('diff --git a/p.sh b/p.sh', line, 'deleted file mode 100644'), [{ kind: 'delete', path: 'p.sh', sourceLine: 1 }], line);
    // A copy keeps its source: it is refused where it is said (read as a rename, the source moved away).
    for (const line of ['copy from p.sh', 'copy to q.sh']) assert.equal(failure(parse('diff --git a/p.sh b/q.sh', 'similarity index 90%', line))?.line, 3, line);
    assert.deepEqual(read('diff --git "a/x y" b/z', 'rename from "x y"', 'rename to z'), [{ kind: 'rename', path: 'x y', to: 'z', sourceLine: 1 }]);
    // After the first line that is not an extended header, "new file mode" is prose.
    assert.deepEqual(read('diff --git a/p b/p', 'prose', 'new file mode 100644', '--- a/p', '+++ b/p', ...hunk), [{ kind: 'replace', path: 'p', oldString: 'a', newString: 'b', hint: 0, sourceLine: 6 }]);
    assert.deepEqual(read('diff --git a/p b/p', 'deleted file mode 100644'), [{ kind: 'delete', path: 'p', sourceLine: 1 }]);
    // Only whole header lines count: mid-line, these words are the prose that ends the header.
    assert.deepEqual(failure(parse('diff --git a/p b/p', 'the index changed', 'deleted file mode 100644')), { line: 1, message: NOTHING });
    assert.deepEqual(failure(parse('diff --git a/p b/p', 'see new file mode 100644')), { line: 1, message: NOTHING });
    assert.deepEqual(failure(parse('diff --git a/p b/p', 'see deleted file mode 100644')), { line: 1, message: NOTHING });
    assert.deepEqual(read('diff --git a/p b/p', 'deleted file mode 100644', 'Note: Binary files are fine'), [{ kind: 'delete', path: 'p', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git x y', 'rename from old.txt', 'rename to new.txt'), [{ kind: 'rename', path: 'old.txt', to: 'new.txt', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/p b/q', 'no rename from x', 'rename to z'), [{ kind: 'rename', path: 'p', to: 'q', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/p b/q', 'rename from p', 'no rename to x'), [{ kind: 'rename', path: 'p', to: 'q', sourceLine: 1 }]);
    // A name with a line separator in it is not read from a rename line (a pattern's "." stops there): the header names it.
    assert.deepEqual(read('diff --git a/a\u2028b b/c', 'rename from a\u2028b', 'rename to c'), [{ kind: 'rename', path: 'a\u2028b', to: 'c', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/c b/a\u2028b', 'rename from c', 'rename to a\u2028b'), [{ kind: 'rename', path: 'c', to: 'a\u2028b', sourceLine: 1 }]);
    // A rename needs both names.
    assert.deepEqual(failure(parse('diff --git x y', 'rename to z')), { line: 1, message: NOTHING });
    assert.deepEqual(failure(parse('diff --git x y', 'rename from z')), { line: 1, message: NOTHING });
  });

  it('a binary patch is refused, whichever way git writes it', () => {
    assert.deepEqual(failure(parse('diff --git a/i.png b/i.png', 'GIT binary patch', 'literal 5')), { line: 2, message: 'Line 2: binary patches are not supported (i.png).' });
    assert.deepEqual(failure(parse('diff --git x y', 'Binary files x and y differ')), { line: 2, message: 'Line 2: binary patches are not supported (unknown file).' });
    assert.deepEqual(failure(parse('diff --git "a/x b/y', 'rename from o', 'Binary files differ')), { line: 3, message: 'Line 3: binary patches are not supported (o).' });
  });
});

describe('formats: unified diff, files and hunks', () => {
  it('a second ---/+++ pair, or one after a bare hunk, starts the next file', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', '--- a/y', '+++ b/y', '@@ -1 +1 @@', '-c', '+d'), [
      { kind: 'replace', path: 'x', oldString: 'a', newString: 'b', hint: 0, sourceLine: 3 },
      { kind: 'replace', path: 'y', oldString: 'c', newString: 'd', hint: 0, sourceLine: 8 },
    ]);
    assert.deepEqual(read('@@ -1 +1 @@', '-a', '+b', '--- a/y', '+++ b/y', '@@ -1 +1 @@', '-c', '+d'), [
      { kind: 'replace', oldString: 'a', newString: 'b', hint: 0, sourceLine: 1 },
      { kind: 'replace', path: 'y', oldString: 'c', newString: 'd', hint: 0, sourceLine: 6 },
    ]);
    // A pair right after a git header's pair: that git file (new, without hunks) is one file, the pair another.
    assert.deepEqual(read('diff --git a/x b/x', 'new file mode 100644', '--- /dev/null', '+++ b/x', '--- a/y', '+++ b/y', '@@ -1 +1 @@', '-c', '+d'), [
      { kind: 'create', path: 'x', content: '', sourceLine: 1 },
      { kind: 'replace', path: 'y', oldString: 'c', newString: 'd', hint: 0, sourceLine: 7 },
    ]);
    // A pair right after a pair: the first named a file without hunks.
    assert.deepEqual(read('--- a/x', '+++ b/x', '--- a/y', '+++ b/y', '@@ -1 +1 @@', '-c', '+d'), [{ kind: 'replace', path: 'y', oldString: 'c', newString: 'd', hint: 0, sourceLine: 5 }]);
  });

  it('after a ---/+++ pair, a context line without "@@" is a broken diff too', () => {
    assert.deepEqual(failure(parse('--- a/x', '+++ b/x', ' c')), { line: 3, message: 'Line 3: hunk without header: expected "@@ -start,count +start,count @@" after the file header at line 1.' });
    assert.deepEqual(failure(parse('prose', '--- a/x', '+++ b/x', '+c')).message, 'Line 4: hunk without header: expected "@@ -start,count +start,count @@" after the file header at line 2.');
  });

  it('a hunk ends at the next "@@" line or diff --git line, even while its counts are unmet', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,5 +1,5 @@', '-a', '+b', '@@ -9 +9 @@', '-c', '+d').map((e) => e.kind === 'replace' && [e.oldString, e.newString]), [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,5 +1,5 @@', '-a', '+b', 'diff --git a/y b/y', 'deleted file mode 100644'), [
      { kind: 'replace', path: 'x', oldString: 'a', newString: 'b', hint: 0, sourceLine: 3 },
      { kind: 'delete', path: 'y', sourceLine: 6 },
    ]);
  });

  it('a blank line inside a hunk whose counts are unmet (on either side) is an empty context line', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '-b', '+c', '', ' d'), [{ kind: 'replace', path: 'x', oldString: 'a\nb\n\nd', newString: 'a\nc\n\nd', hint: 0, sourceLine: 3 }]);
    // The old side ends in that blank line and the new side does not: both carry their final line break.
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,2 +1,3 @@', ' a', '-b', '+c', '', '+d'), [{ kind: 'replace', path: 'x', oldString: 'a\nb\n\n', newString: 'a\nc\n\nd\n', hint: 0, sourceLine: 3 }]);
  });

  it('a header without counts means one line; with counts met, a blank line ends the hunk', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -3 +3,2 @@', ' a', '+b', '', 'prose'), [{ kind: 'replace', path: 'x', oldString: 'a', newString: 'a\nb', hint: 2, sourceLine: 3 }]);
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -3,2 +3 @@', ' a', '-b', '', '-c'), [{ kind: 'replace', path: 'x', oldString: 'a\nb', newString: 'a', hint: 2, sourceLine: 3 }]);
  });

  it('blank lines at the end of a hunk are trimmed down to what its counts need; without counts, all of them', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ @@', ' a', '-b', '+c', '', ''), [{ kind: 'replace', path: 'x', oldString: 'a\nb', newString: 'a\nc', sourceLine: 3 }]);
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '-b', '+c', '', '', ''), [{ kind: 'replace', path: 'x', oldString: 'a\nb\n', newString: 'a\nc\n', hint: 0, sourceLine: 3 }]);
  });

  it('counts too high on the new side: blank lines past the old count are trimmed all the same', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,2 +1,3 @@', ' a', '-b', '', ''), [{ kind: 'replace', path: 'x', oldString: 'a\nb', newString: 'a', hint: 0, sourceLine: 3 }]);
  });

  it('a stray line ends the hunk when a blank line, a header or the end comes before more hunk lines', () => {
    const ok = (...after: string[]) => read('--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', '-a', '+b', 'prose', ...after)[0];
    const first = { kind: 'replace', path: 'x', oldString: 'a', newString: 'b', hint: 0, sourceLine: 3 };
    assert.deepEqual(ok('', ' c'), first);
    assert.deepEqual(ok('   ', ' c'), first);
    assert.deepEqual(ok('@@ -5 +5 @@ fn()', '-c', '+d'), first);
    assert.deepEqual(ok('diff --git a/y b/y', 'deleted file mode 100644'), first);
    assert.deepEqual(ok('--- a/y', '+++ b/y', '@@ -1 +1 @@', '-c', '+d'), first);
    assert.deepEqual(ok('more prose'), first);
    for (const next of ['+c', '-c', ' c']) {
      assert.deepEqual(failure(parse('--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', '-a', '+b', 'prose', 'more prose', next)), {
        line: 6,
        message: 'Line 6: in the hunk at line 3, expected a line starting with " ", "-" or "+", found "prose".',
      });
    }
  });

  it('without counts, a "--- x" / "+++ y" pair in a hunk is the next file only when a hunk header follows; otherwise it is refused', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ @@', ' a', '-b', '--- a/y', '+++ b/y', '@@ @@', '-c', '+d').map((e) => e.path), ['x', 'y']);
    // A removed "-- drop me" and an added "++ keep me" were read as a file without hunks, and the change dropped.
    for (const after of [[], [''], ['That is all.']]) {
      assert.deepEqual(failure(parse('--- a/q.sql', '+++ b/q.sql', '@@ @@', ' SELECT 1;', '--- drop me', '+++ keep me', ...after)), {
        line: 5,
        message: 'Line 5: in the hunk at line 3, "--- drop me" and "+++ keep me" read as a removed and an added line or as the next file\'s header, and no "@@" line follows to tell: give the hunk its line counts ("@@ -start,count +start,count @@").',
      });
    }
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ @@', ' a', '-b', '--- a/y', '+++ b/y', '@@ -1 +1 @@ fn()', '-c', '+d').map((e) => e.path), ['x', 'y']);
    // With counts, they decide (unmet: hunk lines; met: the next file), but a pair right after a hunk with no hunk
    // after it is refused: it may be a removed "-- a/y" and an added "++ b/y" the counts left out (found by a hunt).
    assert.deepEqual(failure(parse('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', '--- a/y', '+++ b/y')), {
      line: 6,
      message: 'Lines 6–7: "--- a/y" and "+++ b/y" right after a hunk read as the next file\'s header, but no hunk follows them: if they are a removed and an added line of the hunk above, give that hunk its right line counts.',
    });
    // After a blank line, a header without hunks is the next file's (nothing to apply there).
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', '', '--- a/y', '+++ b/y'), [{ kind: 'replace', path: 'x', oldString: 'a', newString: 'b', hint: 0, sourceLine: 3 }]);
    assert.deepEqual(read('--- a/q.sql', '+++ b/q.sql', '@@ -1,2 +1,2 @@', ' SELECT 1;', '--- drop me', '+++ keep me'), [{ kind: 'replace', path: 'q.sql', oldString: 'SELECT 1;\n-- drop me', newString: 'SELECT 1;\n++ keep me', hint: 0, sourceLine: 3 }]);
  });

  it('"\\ No newline" after a context line marks both sides; first in a hunk, or after a blank line, neither', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', '-a', '+b', ' c', '\\ No newline at end of file'), [{ kind: 'replace', path: 'x', oldString: 'a\nc', newString: 'b\nc', hint: 0, sourceLine: 3 }]);
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1 +1 @@', '\\ No newline at end of file', '-a', '+b'), [{ kind: 'replace', path: 'x', oldString: 'a', newString: 'b', hint: 0, sourceLine: 3 }]);
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', '-a', '+b', '', '\\ No newline at end of file'), [{ kind: 'replace', path: 'x', oldString: 'a\n', newString: 'b\n', hint: 0, sourceLine: 3 }]);
  });

  it('a hunk at line 0 (an insertion into an empty file) has no hint', () => {
    assert.deepEqual(read('--- a/x', '+++ b/x', '@@ -0,0 +1 @@', '+a'), [{ kind: 'replace', path: 'x', oldString: '', newString: 'a', sourceLine: 3 }]);
  });
});

describe('formats: unified diff, new and deleted files', () => {
  it('a new file: every hunk\'s added lines, a final newline unless "\\ No newline" says otherwise', () => {
    assert.deepEqual(read('--- /dev/null', '+++ b/n', '@@ -0,0 +1 @@', '+a', '\\ No newline at end of file'), [{ kind: 'create', path: 'n', content: 'a', sourceLine: 1 }]);
    assert.deepEqual(read('--- /dev/null', '+++ b/n', '@@ -0,0 +1 @@', '+a', '@@ -0,0 +2 @@', '+b'), [{ kind: 'create', path: 'n', content: 'a\nb\n', sourceLine: 1 }]);
    assert.deepEqual(read('--- /dev/null', '+++ b/n', '@@ -0,0 +1 @@', '+a', '@@ -0,0 +2 @@', '+b', '\\ No newline at end of file'), [{ kind: 'create', path: 'n', content: 'a\nb', sourceLine: 1 }]);
  });

  it('a deleted file: its "-" lines are what it must hold; no hunk, no such condition', () => {
    assert.deepEqual(read('diff --git a/o b/o', 'deleted file mode 100644', '--- a/o', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-a', '-b', '\\ No newline at end of file'), [{ kind: 'delete', path: 'o', oldContent: 'a\nb', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/o b/o', 'deleted file mode 100644', '--- a/o', '+++ /dev/null', '@@ -1,1 +0,0 @@', '-a', '@@ -5,1 +0,0 @@', '-b'), [{ kind: 'delete', path: 'o', oldContent: 'a\nb\n', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/o b/o', 'deleted file mode 100644'), [{ kind: 'delete', path: 'o', sourceLine: 1 }]);
    assert.deepEqual(read('diff --git a/o b/o', 'deleted file mode 100644', '--- a/o', '+++ /dev/null', '@@ -1 +0,0 @@', '-a', '@@ -5 +0,0 @@', '-b', '\\ No newline at end of file'), [{ kind: 'delete', path: 'o', oldContent: 'a\nb', sourceLine: 1 }]);
    // Hunks without a removed line: the file must be empty.
    assert.deepEqual(read('diff --git a/o b/o', 'deleted file mode 100644', '--- a/o', '+++ /dev/null', '@@ -0,0 +1 @@', '+x'), [{ kind: 'delete', path: 'o', oldContent: '', sourceLine: 1 }]);
  });
});

describe('formats: unified diff, a hunk whose counts run out before its lines do (found by a hunt)', () => {
  const parse = (...lines: string[]) => parseUnifiedDiff(lines.join('\n'));

  it('added or context lines after the blank line where the counts ran out: refused, naming the line (half the change was written)', () => {
    const r = parse('--- a/m.py', '+++ b/m.py', '@@ -3,2 +3,2 @@', ' def f(x):', '-    y = x + 1', '+    y = x + 2', '', '-    return y', '+    return y * 2');
    assert.ok(!r.ok);
    assert.equal(r.line, 8);
    assert.match(r.message, /^Line 8: the hunk at line 3 says it has 2 old and 2 new lines, but more of its lines follow the blank line at line 7/);
  });

  it('a list of "- items" after the blank line is prose: the hunk ends there', () => {
    const r = parse('--- a/m.py', '+++ b/m.py', '@@ -1,2 +1,2 @@', ' a', '-b', '+B', '', '- first note', '- second note');
    assert.ok(r.ok);
    assert.deepEqual(r.edits.map((e) => (e.kind === 'replace' ? [e.oldString, e.newString] : [])), [['a\nb', 'a\nB']]);
  });
});
