import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { propertyRuns } from '../support/properties';
import { parseEdits, resolveBatch } from '../../src/core';
import type { FileEdit, RefusedEdit } from '../../src/core';

const replace = (path: string | undefined, oldString: string, newString: string, extra: Partial<FileEdit> = {}): FileEdit =>
  ({ kind: 'replace', ...(path !== undefined && { path }), oldString, newString, sourceLine: 1, ...extra }) as FileEdit;

function refusal(outcome: unknown): RefusedEdit {
  const o = outcome as RefusedEdit;
  assert.equal(o.status, 'refused');
  return o;
}

const APP = ['function load() {', '  return read();', '}', '', 'function save(x) {', '  write(x);', '}', ''].join('\n');

describe('batch: resolveBatch', () => {
  it('a request of many edits that each stand in thousands of places ends in refusals, not minutes of searching', () => {
    // 20,000 identical lines: each edit is ambiguous (19,999 places) and costs about 0.1 s to tell so.
    const content = '  step();\n'.repeat(20_000);
    const files = new Map([['a.js', content]]);
    const edits = Array.from({ length: 200 }, () => replace('a.js', 'step();\nstep();', 'x'));
    const { outcomes } = resolveBatch(files, edits);
    const codes = outcomes.map((o) => refusal(o).code);
    // The first edits are told ambiguous, as alone; once the request's budget is spent, the rest are too_large.
    assert.equal(codes[0], 'ambiguous');
    assert.ok(codes.indexOf('too_large') > 0 && codes.indexOf('too_large') < 20, codes.slice(0, 20).join(' '));
    assert.match(refusal(outcomes[199]).message, /This request's edits together are too much work/);
    // One such edit alone is still answered in full.
    assert.equal(refusal(resolveBatch(files, [edits[0]]).outcomes[0]).code, 'ambiguous');
  });

  it('resolves several edits to one file against the original text and composes them bottom-up', () => {
    const files = new Map([['app.js', APP]]);
    const result = resolveBatch(files, [replace('app.js', '  write(x);', '  write(x, { sync: true });'), replace('app.js', '  return read();', '  return read() ?? {};')]);
    assert.ok(result.ok);
    assert.equal(result.files.length, 1);
    const [file] = result.files;
    assert.ok(file.complete);
    assert.equal(file.after, APP.replace('return read();', 'return read() ?? {};').replace('write(x);', 'write(x, { sync: true });'));
    const spans = result.outcomes.map((o) => (o.status === 'resolved' ? o.spans[0].match : undefined));
    assert.deepEqual(spans.map((m) => [m?.tier, m?.startLine]), [['exact', 5], ['exact', 1]]);
  });

  it('refuses an edit that only matches text written by an earlier edit of the same request', () => {
    const result = resolveBatch(new Map([['a.txt', 'alpha\n']]), [replace('a.txt', 'alpha', 'beta'), replace('a.txt', 'beta', 'gamma')]);
    assert.equal(result.ok, false);
    assert.equal(refusal(result.outcomes[1]).code, 'conflict');
    assert.match(refusal(result.outcomes[1]).message, /^This edit's old text is text that edit #1 writes in a\.txt: the edits build on each other/);
    assert.equal(result.files[0].complete, false);
    assert.equal(result.files[0].after, 'beta\n', 'the resolved edit is still composed, for callers who apply the rest');
  });

  it('edits written as a sequence (each to the text the one before left) are refused when one builds on another', () => {
    // Matched against the original, each was written wrong: the undo reported applied already (the first edit
    // written alone), the edit to a copied line changed the original line, the rename missed the call just added.
    const py = ['def parse_cfg(text):', '    return text.split()', '', 'def main(argv):', '    cfg = parse_cfg(argv[1])', '    print(cfg)', ''].join('\n');
    const files = new Map([['m.py', py]]);
    const undo = resolveBatch(files, [replace('m.py', '    print(cfg)', '    print(cfg, flush=True)'), replace('m.py', '    print(cfg, flush=True)', '    print(cfg)')]);
    const copied = resolveBatch(files, [
      replace('m.py', '    print(cfg)', '    print(cfg)\n    if cfg:\n        print(cfg)'),
      replace('m.py', '        print(cfg)', '        print(cfg[0])'),
    ]);
    const renamed = resolveBatch(files, [
      replace('m.py', '    print(cfg)', '    print(cfg)\n    extra = parse_cfg(argv[2])'),
      replace('m.py', 'parse_cfg', 'parse_config', { replaceAll: true }),
    ]);
    for (const r of [undo, copied, renamed]) {
      assert.deepEqual(r.outcomes.map((o) => (o.status === 'resolved' ? 'resolved' : o.code)), ['resolved', 'conflict']);
      assert.match(refusal(r.outcomes[1]).message, /^This edit's old text is text that edit #1 writes in m\.py: the edits build on each other, .*Nothing was changed in m\.py: merge the two edits into one/);
      assert.equal(r.files[0].complete, false);
    }
    // An edit whose old text an earlier one only keeps (context both have) builds on nothing.
    const kept = resolveBatch(files, [replace('m.py', 'def main(argv):\n    cfg = parse_cfg(argv[1])', 'def main(argv):\n    cfg = parse_cfg(argv[-1])'), replace('m.py', '    print(cfg)', '    print(cfg, flush=True)')]);
    assert.equal(kept.ok, true);
  });

  it('an edit "applied already" while its old text nearly stands elsewhere holds the file back (either may be meant)', () => {
    const file = ['function a(req) {', '  return send(req, { retries: 3, timeout: 5000 });', '}', '', 'function b(req) {', '  log("b");', '  return send(req, { retries: 1 });', '}', ''].join('\n');
    const r = resolveBatch(new Map([['f.js', file]]), [replace('f.js', '  log("b");', '  log("b", req.id);'), replace('f.js', '  return sned(req, { retries: 1 });', '  return send(req, { retries: 3, timeout: 5000 });')]);
    assert.equal(refusal(r.outcomes[1]).code, 'ambiguous');
    assert.match(refusal(r.outcomes[1]).message, /^The edit may be applied already: the new text stands at line 2, but the old text nearly stands at line 7 too/);
    assert.equal(r.files[0].complete, false);
  });

  it('refuses overlapping edits to one file as a conflict, both of them', () => {
    const result = resolveBatch(new Map([['app.js', APP]]), [
      replace('app.js', 'function save(x) {\n  write(x);', 'function save(x, y) {\n  write(x);'),
      replace('app.js', '  write(x);\n}', '  write(x);\n  flush();\n}'),
      replace('app.js', '  return read();', '  return read(0);'),
    ]);
    assert.equal(result.ok, false);
    const [a, b] = [refusal(result.outcomes[0]), refusal(result.outcomes[1])];
    assert.equal(a.code, 'conflict');
    assert.equal(b.code, 'conflict');
    assert.match(a.message, /This edit \(lines 5–6\) overlaps edit #2 in app\.js/);
    assert.equal(result.outcomes[2].status, 'resolved');
    assert.equal(result.files[0].complete, false);
  });

  it('a refusal in one file leaves other files complete', () => {
    const files = new Map([
      ['a.txt', 'one\n'],
      ['b.txt', 'two\n'],
    ]);
    const result = resolveBatch(files, [replace('a.txt', 'missing', 'x'), replace('b.txt', 'two', 'TWO')]);
    assert.equal(result.ok, false);
    assert.deepEqual(result.files.map((f) => [f.path, f.complete, f.after]), [
      ['a.txt', false, 'one\n'],
      ['b.txt', true, 'TWO\n'],
    ]);
  });

  it('creates files only with create edits', () => {
    const result = resolveBatch(new Map([['old.txt', 'same\n']]), [
      { kind: 'create', path: 'new.txt', content: 'hello\n', sourceLine: 1 },
      replace('nowhere.txt', 'a', 'b'),
      { kind: 'create', path: 'old.txt', content: 'different\n', sourceLine: 3 },
    ]);
    assert.equal(result.outcomes[0].status, 'resolved');
    assert.deepEqual([result.files[0].before, result.files[0].after], [undefined, 'hello\n']);
    assert.equal(refusal(result.outcomes[1]).code, 'no_file');
    assert.equal(refusal(result.outcomes[2]).code, 'file_exists');
  });

  it('a create whose content is already there is already_applied, and does not hold the file back', () => {
    const result = resolveBatch(new Map([['n.txt', 'x\n']]), [{ kind: 'create', path: 'n.txt', content: 'x\n', sourceLine: 1 }]);
    assert.equal(refusal(result.outcomes[0]).code, 'already_applied');
    assert.equal(result.files[0].complete, true);
  });

  it('deletes and renames', () => {
    const files = new Map([
      ['gone.txt', 'bye\n'],
      ['src/a.ts', 'export const a = 1;\n'],
      ['taken.ts', ''],
    ]);
    const result = resolveBatch(files, [
      { kind: 'delete', path: 'gone.txt', sourceLine: 1 },
      replace('src/a.ts', 'export const a = 1;', 'export const b = 1;'),
      { kind: 'rename', path: 'src/a.ts', to: 'src/b.ts', sourceLine: 3 },
      { kind: 'delete', path: 'never.txt', sourceLine: 4 },
      { kind: 'rename', path: 'taken.ts', to: 'src/a.ts', sourceLine: 5 },
    ]);
    const byPath = new Map(result.files.map((f) => [f.path, f]));
    assert.equal(byPath.get('gone.txt')?.after, undefined);
    assert.equal(byPath.get('gone.txt')?.complete, true);
    assert.deepEqual([byPath.get('src/a.ts')?.after, byPath.get('src/a.ts')?.renamedTo], ['export const b = 1;\n', 'src/b.ts']);
    assert.equal(refusal(result.outcomes[3]).code, 'no_file');
    assert.equal(refusal(result.outcomes[4]).code, 'file_exists');
  });

  it('refuses a file that is both deleted and edited', () => {
    const result = resolveBatch(new Map([['f', 'x\n']]), [{ kind: 'delete', path: 'f', sourceLine: 1 }, replace('f', 'x', 'y')]);
    assert.deepEqual(result.outcomes.map((o) => refusal(o).code), ['conflict', 'conflict']);
  });

  it('edits without a path go to defaultPath, or are refused', () => {
    const files = (path: string) => (path === 'doc.md' ? '# Title\n' : undefined);
    assert.equal(resolveBatch(files, [replace(undefined, '# Title', '# Better')], { defaultPath: 'doc.md' }).files[0].after, '# Better\n');
    assert.equal(refusal(resolveBatch(files, [replace(undefined, '# Title', '# Better')]).outcomes[0]).code, 'no_path');
  });

  it('passes hints on: a diff hunk start line picks one of two equal places', () => {
    const text = ['x = 0', 'print(x)', '', 'x = 0', 'print(x)', ''].join('\n');
    const parsed = parseEdits(['--- a/t.py', '+++ b/t.py', '@@ -4,2 +4,2 @@', '-x = 0', '+x = 1', ' print(x)'].join('\n'));
    assert.ok(parsed.ok);
    const result = resolveBatch(new Map([['t.py', text]]), parsed.edits);
    assert.ok(result.ok);
    assert.equal(result.files[0].after, ['x = 0', 'print(x)', '', 'x = 1', 'print(x)', ''].join('\n'));
    assert.equal(refusal(resolveBatch(new Map([['t.py', text]]), [replace('t.py', 'x = 0\nprint(x)', 'x = 1\nprint(x)')]).outcomes[0]).code, 'ambiguous');
  });

  it('uses apply_patch @@ anchors as hints', () => {
    const text = ['def a():', '    return 0', '', 'def b():', '    return 0', ''].join('\n');
    const parsed = parseEdits(['*** Begin Patch', '*** Update File: m.py', '@@ def b():', '-    return 0', '+    return 2', '*** End Patch'].join('\n'));
    assert.ok(parsed.ok);
    const result = resolveBatch(new Map([['m.py', text]]), parsed.edits);
    assert.ok(result.ok, JSON.stringify(result.outcomes));
    assert.equal(result.files[0].after, text.replace('def b():\n    return 0', 'def b():\n    return 2'));
  });

  it('replaceAll replaces every occurrence', () => {
    const result = resolveBatch(new Map([['c', 'a b a\n']]), [replace('c', 'a', 'z', { replaceAll: true })]);
    assert.equal(result.files[0].after, 'z b z\n');
  });

  it('keeps a CRLF file with a BOM CRLF when the edit is written with LF', () => {
    const content = '\uFEFFline one\r\nline two\r\nline three\r\n';
    const result = resolveBatch(new Map([['w.txt', content]]), [replace('w.txt', 'line one\nline two', 'line 1\nline 2')]);
    assert.ok(result.ok);
    assert.equal(result.files[0].after, '\uFEFFline 1\r\nline 2\r\nline three\r\n');
  });

  it('reports progress once per edit', () => {
    const seen: string[] = [];
    resolveBatch(new Map([['a', 'x\ny\n']]), [replace('a', 'x', '1'), replace('a', 'y', '2'), replace(undefined, 'q', 'r')], {
      onProgress: (done, total) => seen.push(`${done}/${total}`),
    });
    assert.deepEqual(seen, ['1/3', '2/3', '3/3']);
  });
});

describe('batch: overlaps, structural refusals and hints, each rule on its own', () => {
  const create = (path: string, content: string): FileEdit => ({ kind: 'create', path, content, sourceLine: 1 });
  const rename = (path: string, to: string): FileEdit => ({ kind: 'rename', path, to, sourceLine: 1 });
  const remove = (path: string, oldContent?: string): FileEdit => ({ kind: 'delete', path, ...(oldContent !== undefined && { oldContent }), sourceLine: 1 });
  const codes = (r: ReturnType<typeof resolveBatch>) => r.outcomes.map((o) => (o.status === 'refused' ? o.code : o.status));

  it('edits that touch without overlapping both apply (one ends where the next starts)', () => {
    const result = resolveBatch(new Map([['a', 'one two\n']]), [replace('a', 'one', '1'), replace('a', ' two', '2')]);
    assert.deepEqual(codes(result), ['resolved', 'resolved']);
    assert.equal(result.files[0].after, '12\n');
  });

  it('an edit overlapping two others names both, in order; a one-line span is named as one line', () => {
    const result = resolveBatch(new Map([['a', 'one\ntwo\nthree\n']]), [replace('a', 'two\nthree', 'y'), replace('a', 'one\ntwo', 'x'), replace('a', 'two', '2')]);
    assert.deepEqual(codes(result), ['conflict', 'conflict', 'conflict']);
    assert.match(refusal(result.outcomes[2]).message, /^This edit \(line 2\) overlaps edit #1, #2 in a:/);
    assert.match(refusal(result.outcomes[0]).message, /^This edit \(lines 2–3\) overlaps edit #2, #3 in a:/);
    assert.equal(result.files[0].after, 'one\ntwo\nthree\n', 'nothing of them is composed');
  });

  it('the spans of one replaceAll edit never conflict with each other', () => {
    const result = resolveBatch(new Map([['a', 'x x x\n']]), [replace('a', 'x', 'y', { replaceAll: true })]);
    assert.ok(result.ok);
    assert.equal(result.files[0].after, 'y y y\n');
  });

  it('a resolved replace edit carries the diff it writes; other edits none', () => {
    const result = resolveBatch(new Map([['a', 'one\n']]), [replace('a', 'one', 'two'), create('b', 'new\n')]);
    const [edit, made] = result.outcomes;
    assert.equal(edit.status === 'resolved' && edit.diff, '@@ -1,1 +1,1 @@\n-one\n+two');
    assert.equal(made.status === 'resolved' && made.diff, undefined);
  });

  it('each resolved edit\'s diff is its own, an own field that JSON and spreading read, the same string on every read', () => {
    // One getter serves every outcome (its state beside it, not in a closure): it must still answer per outcome.
    const file = 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\niota\nkappa\n';
    const result = resolveBatch(new Map([['a', file]]), [replace('a', 'iota', 'IOTA'), replace('a', 'alpha', 'ALPHA')]);
    const [late, early] = result.outcomes.map((o) => (o.status === 'resolved' ? o : assert.fail(o.message)));
    assert.equal(early.diff, '@@ -1,3 +1,3 @@\n-alpha\n+ALPHA\n beta\n gamma');
    assert.equal(late.diff, '@@ -5,4 +5,4 @@\n epsilon\n zeta\n-iota\n+IOTA\n kappa');
    assert.ok(Object.keys(late).includes('diff'));
    assert.equal(JSON.parse(JSON.stringify(late)).diff, late.diff);
    assert.equal({ ...early }.diff, early.diff);
    assert.equal(late.diff, late.diff);
    // What the diff is written from stays hidden: a copy, a structured clone or a deep comparison sees the listed fields only.
    assert.deepEqual(Object.keys(late), ['status', 'index', 'edit', 'path', 'spans', 'diff']);
    assert.deepEqual(Object.getOwnPropertySymbols({ ...late }), []);
    assert.deepStrictEqual({ ...late }, { status: 'resolved', index: 0, edit: late.edit, path: 'a', spans: late.spans, diff: late.diff });
  });

  it('a file created twice is refused both times, and replace edits apply to the content it is created with', () => {
    const twice = resolveBatch(new Map(), [create('n', 'x\n'), create('n', 'y\n')]);
    assert.deepEqual(codes(twice), ['conflict', 'conflict']);
    assert.match(refusal(twice.outcomes[0]).message, /^n is created more than once in this request \(edits #1, #2\)\.$/);
    assert.deepEqual([twice.files[0].after, twice.files[0].complete], [undefined, false]);
    const then = resolveBatch(new Map(), [create('n', 'hello world\n'), replace('n', 'world', 'there')]);
    assert.ok(then.ok);
    assert.equal(then.files[0].after, 'hello there\n');
  });

  it('a rename needs the file, once, and a free name', () => {
    const files = new Map([
      ['a', 'A\n'],
      ['b', 'B\n'],
    ]);
    assert.deepEqual(codes(resolveBatch(files, [rename('missing', 'c')])), ['no_file']);
    const twice = resolveBatch(files, [rename('a', 'c'), rename('a', 'd')]);
    assert.deepEqual(codes(twice), ['conflict', 'conflict']);
    assert.equal(twice.files[0].renamedTo, undefined);
    assert.match(refusal(twice.outcomes[1]).message, /^a is renamed more than once in this request \(edits #1, #2\)\.$/);
    const taken = resolveBatch(files, [rename('a', 'b')]);
    assert.match(refusal(taken.outcomes[0]).message, /^a cannot be renamed to b: that file already exists\.$/);
    const created = resolveBatch(new Map(), [create('n', 'x\n'), rename('n', 'm')]);
    assert.deepEqual(codes(created), ['resolved', 'resolved'], 'a file created in the request can be renamed in it');
    assert.deepEqual([created.files[0].after, created.files[0].renamedTo], ['x\n', 'm']);
  });

  it('a deletion of a missing file, or one whose stated content differs, leaves the file as it is', () => {
    const missing = resolveBatch(new Map(), [remove('gone')]);
    assert.match(refusal(missing.outcomes[0]).message, /^gone does not exist, so it cannot be deleted\.$/);
    const other = resolveBatch(new Map([['a', 'A\n']]), [remove('a', 'B\nC\nD\n')]);
    assert.match(refusal(other.outcomes[0]).message, /^a was not deleted: the file does not hold the text the deletion shows; .*\(The old text was not found/);
    assert.equal(other.files[0].after, 'A\n');
    const blank = resolveBatch(new Map([['a', '  \n']]), [remove('a', '\n')]);
    assert.ok(blank.ok, 'a blank file and a blank stated content are alike');
    const review = resolveBatch(new Map([['a', 'function total(items) {\n  return items.length;\n}\n']]), [remove('a', 'function total(items) {\n  return items.size;\n}\n')]);
    assert.equal(refusal(review.outcomes[0]).code, 'not_found', 'found only by similarity (review): not the file');
  });

  it('a file that is not text: two deletions, or a deletion with another edit, are refused', () => {
    const notText = () => 'it is binary';
    const files = new Map([['bin', 'x\0']]);
    assert.deepEqual(codes(resolveBatch(files, [remove('bin'), remove('bin')], { notText })), ['not_text', 'not_text']);
    assert.deepEqual(codes(resolveBatch(files, [remove('bin'), rename('bin', 'b2')], { notText })), ['not_text', 'not_text']);
    assert.deepEqual(codes(resolveBatch(new Map(), [create('new', 'x')], { notText })), ['resolved'], 'a file that does not exist is not asked about');
  });

  it('apply_patch anchors: each searched below the one before, a line containing the anchor when none is it, the innermost found a hint', () => {
    const text = ['class A {', '  run() {', '    go();', '  }', '}', 'class B {', '  run() {', '    go();', '  }', '}', ''].join('\n');
    const edit = (anchor: string[]) => replace('m.ts', '    go();', '    stop();', { anchor } as Partial<FileEdit>);
    const after = (anchor: string[]) => resolveBatch(new Map([['m.ts', text]]), [edit(anchor)]).files[0].after;
    assert.equal(after(['class B {', 'run() {']), text.replace(/go\(\);(?![^]*go\(\);)/, 'stop();'), 'B, then the run() below it');
    assert.equal(after(['class A {', 'run() {']), text.replace('go();', 'stop();'), 'A, then the run() below it (not B’s)');
    assert.equal(after(['B']), text.replace(/go\(\);(?![^]*go\(\);)/, 'stop();'), 'a line containing the anchor');
    assert.equal(after(['class B {', 'nowhere']), text.replace(/go\(\);(?![^]*go\(\);)/, 'stop();'), 'an anchor not found keeps the one before');
    assert.equal(refusal(resolveBatch(new Map([['m.ts', text]]), [edit(['nowhere'])]).outcomes[0]).code, 'ambiguous', 'no anchor found: no hint');
  });
});

describe('batch: what each outcome says, and where an edit goes', () => {
  const create = (path: string, content: string): FileEdit => ({ kind: 'create', path, content, sourceLine: 1 });
  const rename = (path: string, to: string): FileEdit => ({ kind: 'rename', path, to, sourceLine: 1 });
  const remove = (path: string, oldContent?: string): FileEdit => ({ kind: 'delete', path, ...(oldContent !== undefined && { oldContent }), sourceLine: 1 });

  it('an edit that names its file goes there, whatever the default file', () => {
    const files = new Map([
      ['a.txt', 'one\n'],
      ['doc.md', 'one\n'],
    ]);
    const result = resolveBatch(files, [replace('a.txt', 'one', 'ONE'), replace(undefined, 'one', '1')], { defaultPath: 'doc.md' });
    assert.deepEqual(result.files.map((f) => [f.path, f.after]), [
      ['a.txt', 'ONE\n'],
      ['doc.md', '1\n'],
    ]);
  });

  it('refusals name their file (none for an edit that names none), in words a person can act on', () => {
    const noPath = refusal(resolveBatch(new Map(), [replace(undefined, 'a', 'b')]).outcomes[0]);
    assert.equal(noPath.message, 'The edit names no file: write the file path on the line before the block.');
    assert.deepEqual(Object.keys(noPath).includes('path'), false);
    const missing = refusal(resolveBatch(new Map(), [replace('gone.txt', 'a', 'b')]).outcomes[0]);
    assert.equal(missing.path, 'gone.txt');
    assert.equal(missing.message, 'gone.txt does not exist. Only a new-file edit creates files: check the path.');
    const both = resolveBatch(new Map([['f', 'x\n']]), [remove('f'), replace('f', 'x', 'y')]);
    assert.equal(refusal(both.outcomes[0]).message, 'f is both deleted and edited in this request (edits #1, #2): send either the deletion or the changes.');
    const exists = resolveBatch(new Map([['f', 'x\n']]), [create('f', 'x\n'), create('g', 'y\n')]);
    assert.equal(refusal(exists.outcomes[0]).message, 'f already exists with this content. Nothing was changed.');
    assert.equal(refusal(resolveBatch(new Map([['f', 'x\n']]), [create('f', 'z\n')]).outcomes[0]).message, 'f already exists: to change it, send edits of its text instead of a new file.');
    assert.equal(refusal(resolveBatch(new Map(), [rename('f', 'g')]).outcomes[0]).message, 'f does not exist, so it cannot be renamed.');
  });

  it('edits to one file under two names: the refusal names both; both files are listed, held back, unchanged', () => {
    const files = new Map([
      ['a.txt', 'one\n'],
      ['b.txt', 'two\n'],
      ['c.txt', 'three\n'],
    ]);
    const key = (p: string) => (p === 'b.txt' ? 'a.txt' : p);
    const result = resolveBatch(files, [replace('c.txt', 'three', '3'), replace('a.txt', 'one', 'ONE'), replace('b.txt', 'two', 'TWO'), replace('a.txt', 'ONE', 'x')], { pathKey: key });
    assert.match(refusal(result.outcomes[1]).message, /^a\.txt and b\.txt: /);
    assert.equal(refusal(result.outcomes[1]).path, 'a.txt');
    assert.deepEqual(
      result.files.map((f) => [f.path, f.edits, f.before, f.after, f.complete]),
      [
        ['c.txt', [0], 'three\n', '3\n', true],
        ['a.txt', [1, 3], 'one\n', 'one\n', false],
        ['b.txt', [2], 'two\n', 'two\n', false],
      ],
    );
  });

  it('a refused edit of a file whose other edits resolved is listed with them, in order', () => {
    const result = resolveBatch(new Map([['old.txt', 'old\n']]), [rename('old.txt', 'new.txt'), replace('old.txt', 'old', 'OLD'), create('new.txt', 'created\n')]);
    assert.deepEqual(
      result.files.map((f) => [f.path, f.edits, f.complete]),
      [
        ['old.txt', [0, 1], false],
        ['new.txt', [2], false],
      ],
    );
  });

  it('outcomes of edits that are not replacements carry no spans', () => {
    const result = resolveBatch(new Map([['gone', 'x']]), [create('n', 'x\n'), remove('gone')]);
    assert.deepEqual(result.outcomes.map((o) => o.status === 'resolved' && o.spans), [[], []]);
    const notText = resolveBatch(new Map([['bin', 'x\0']]), [remove('bin')], { notText: () => 'binary' });
    assert.deepEqual(notText.outcomes[0].status === 'resolved' && notText.outcomes[0].spans, []);
  });

  it('two files renamed to one name are both refused, and neither moves', () => {
    const result = resolveBatch(new Map([['a', 'A\n'], ['b', 'B\n']]), [rename('a', 'c'), rename('b', 'c')]);
    assert.deepEqual(result.outcomes.map((o) => o.status === 'refused' && o.code), ['conflict', 'conflict']);
    assert.deepEqual(result.files.map((f) => [f.path, f.renamedTo, f.complete]), [['a', undefined, false], ['b', undefined, false]]);
  });

  it('a single replace edit to a file that is not text is refused, never read as its deletion', () => {
    const result = resolveBatch(new Map([['bin', 'x\0']]), [replace('bin', 'x', 'y')], { notText: () => 'binary' });
    assert.equal(refusal(result.outcomes[0]).code, 'not_text');
    assert.equal(result.files[0].after, 'x\0');
  });

  it('a deletion stating the file’s content up to the whitespace around it is the file', () => {
    assert.ok(resolveBatch(new Map([['a', '\n  keep\nthis\n\n']]), [remove('a', 'keep\nthis')]).ok);
  });

  it('the diff of a resolved edit is a listed field (a JSON result carries it)', () => {
    const [outcome] = resolveBatch(new Map([['a', 'one\n']]), [replace('a', 'one', 'two')]).outcomes;
    assert.deepEqual(JSON.parse(JSON.stringify(outcome)).diff, '@@ -1,1 +1,1 @@\n-one\n+two');
  });

  it('a diff’s hunks are read with the offset the hunk before was found at (GNU patch’s): twins told apart by it', () => {
    // Written against the file without its 25-line header: the second hunk's number (14) is nearer the first twin
    // (line 32) than the second (40), the one it names once read 25 lines lower.
    const body = ['import os', '', '', 'def load(path):', '    with open(path) as f:', '        data = f.read()', '    if not data:', '        return None', '    return data', '', '', 'def load_bytes(path):', '    with open(path, "rb") as f:', '        data = f.read()', '    if not data:', '        return None', '    return data', ''];
    const file = [...Array.from({ length: 25 }, (_, i) => `# header ${i + 1}`), ...body].join('\n');
    const diff = ['--- a/io.py', '+++ b/io.py', '@@ -1,1 +1,1 @@', '-import os', '+import os, sys', '@@ -15,2 +15,2 @@', '     if not data:', '-        return None', '+        return b""'].join('\n');
    const parsed = parseEdits(diff);
    assert.ok(parsed.ok);
    const after = resolveBatch(new Map([['io.py', file]]), parsed.edits).files[0].after!.split('\n');
    assert.equal(after[25], 'import os, sys');
    assert.deepEqual([after[32], after[40]], ['        return None', '        return b""']);
  });

  it('the number as written and the offset choosing different look-alikes, each landing on one: refused as ambiguous', () => {
    // Twin handlers every 4 lines: the first hunk's number is made up (found 8 lines lower); the second's is right,
    // and read with that offset it lands on the next twin. It was written there without review.
    const file = Array.from({ length: 6 }, (_, i) => [`def handler_${i}(req):`, '    data = load(req)', '    return send(data)', '']).flat().join('\n');
    const diff = ['--- a/h.py', '+++ b/h.py', '@@ -1 +1 @@', '-def handler_2(req):', '+def handler_2(request):', '@@ -14,2 +14,2 @@', '     data = load(req)', '-    return send(data)', '+    return send(data, retry=True)'].join('\n');
    const parsed = parseEdits(diff);
    assert.ok(parsed.ok);
    const r = resolveBatch(new Map([['h.py', file]]), parsed.edits);
    assert.equal(refusal(r.outcomes[1]).code, 'ambiguous');
    assert.match(refusal(r.outcomes[1]).message, /its line number \(14\) points at line 14, and read with the offset the edit before it was found at \(\+8\) at line 22: which is meant cannot be told/);
  });

  it('a path naming no file there is, written for the default file otherwise (main.py, ./src/main.py, src\\main.py), is the default file', () => {
    const files = new Map([['src/main.py', 'x = 1\n']]);
    for (const path of ['main.py', './src/main.py', 'src\\main.py', '/home/me/proj/src/main.py']) {
      const r = resolveBatch(files, [replace(path, 'x = 1', 'x = 2')], { defaultPath: 'src/main.py' });
      assert.deepEqual([r.ok, r.files[0].path, r.files[0].after], [true, 'src/main.py', 'x = 2\n'], path);
    }
    // Another name, one through `..`, or one that stands: as written.
    for (const path of ['other.py', '../src/main.py']) assert.equal(refusal(resolveBatch(files, [replace(path, 'x = 1', 'x = 2')], { defaultPath: 'src/main.py' }).outcomes[0]).code, 'no_file', path);
    const both = new Map([...files, ['main.py', 'x = 1\n']]);
    assert.equal(resolveBatch(both, [replace('main.py', 'x = 1', 'x = 2')], { defaultPath: 'src/main.py' }).files[0].path, 'main.py');
  });

  it('a hint in the options picks the place of an edit that has none of its own', () => {
    const text = 'x = 0\nprint(x)\n\nx = 0\nprint(x)\n';
    const result = resolveBatch(new Map([['t.py', text]]), [replace('t.py', 'x = 0', 'x = 1')], { hint: 3 });
    assert.equal(result.files[0].after, 'x = 0\nprint(x)\n\nx = 1\nprint(x)\n');
  });

  describe('apply_patch anchors, line by line', () => {
    // Two equal places (lines 1 and 6); the anchors end on a line, and the first place below it is the one.
    const text = ['x see y', '  v = 0', 'f', 'f', 'f', '  y', '  v = 0', ''].join('\n');
    const placeOf = (...anchor: string[]) => {
      const after = resolveBatch(new Map([['m', text]]), [replace('m', '  v = 0', '  v = 1', { anchor } as Partial<FileEdit>)]).files[0].after;
      return after === undefined ? undefined : after.split('\n').indexOf('  v = 1');
    };
    it('a line that is the anchor, trimmed on both sides, wins over an earlier line containing it', () => {
      assert.equal(placeOf('y'), 6);
      assert.equal(placeOf('y '), 6, 'the anchor trimmed');
    });
    it('a line containing the anchor, searched from the line after the previous anchor', () => {
      assert.equal(placeOf('x see y', '= 0'), 1, 'the line right after the previous anchor counts');
      assert.equal(placeOf('y', 'see'), 6, 'a line above the previous anchor does not');
    });
    it('each anchor is searched below the one before: repeated anchors walk down', () => {
      assert.equal(placeOf('f', 'f', 'f'), 6);
      // Below the anchor, though the place above it is nearer (a nearer place above once won: the wrong function's).
      assert.equal(placeOf('f'), 6);
    });
    it('a place above the anchor is never taken: an exact twin there loses to the place below it, and alone it is refused', () => {
      // The place below differs in trailing blanks only: the exact place above was edited (a helper's format hunt).
      const twin = ['class Encoder:', '    x = 1', '', 'class Decoder:', '    x = 1   ', ''].join('\n');
      const anchored = (file: string, anchor: string) => resolveBatch(new Map([['s.py', file]]), [replace('s.py', '    x = 1', '    x = 3', { anchor: [anchor] } as Partial<FileEdit>)]);
      assert.equal(anchored(twin, 'class Decoder:').files[0].after, twin.replace('    x = 1   ', '    x = 3   '));
      const onlyAbove = anchored(['class Encoder:', '    x = 1', '', 'class Decoder:', '    y = 2', ''].join('\n'), 'class Decoder:');
      assert.equal(refusal(onlyAbove.outcomes[0]).code, 'not_found');
      assert.match(refusal(onlyAbove.outcomes[0]).message, /Only the lines from the @@ line `class Decoder:` \(line 4\) on were searched: the edit names that place\.$/);
    });
    it('a chunk that starts above its anchor’s line and holds it (a decorator, a doc comment) is no place above it', () => {
      const file = ['@cached', 'def a():', '    return 1', '', '@cached', 'def b():', '    return 1', ''].join('\n');
      const r = resolveBatch(new Map([['p.py', file]]), [replace('p.py', '@cached\ndef b():\n    return 1', '@cached\ndef b():\n    return 2', { anchor: ['def b():'] } as Partial<FileEdit>)]);
      assert.equal(r.files[0].after, file.replace('def b():\n    return 1', 'def b():\n    return 2'));
    });
    it('an anchor the file does not have: the edit is placed without it and held for review, saying so', () => {
      const file = ['class Encoder:', '    x = 1', ''].join('\n');
      const r = resolveBatch(new Map([['s.py', file]]), [replace('s.py', '    x = 1', '    x = 3', { anchor: ['class Missing:'] } as Partial<FileEdit>)]);
      const match = r.outcomes[0].status === 'resolved' ? r.outcomes[0].spans[0].match : undefined;
      assert.equal(match?.needsReview, true);
      assert.deepEqual(match?.review, ['the @@ line `class Missing:` is not in s.py: placed without it']);
    });
  });
});

describe('batch: names checked against the batch, content of deletions, files that are not text (issue 10)', () => {
  const create = (path: string, content: string): FileEdit => ({ kind: 'create', path, content, sourceLine: 1 });
  const rename = (path: string, to: string): FileEdit => ({ kind: 'rename', path, to, sourceLine: 1 });
  const remove = (path: string, oldContent?: string): FileEdit => ({ kind: 'delete', path, ...(oldContent !== undefined && { oldContent }), sourceLine: 1 });

  it('refuses a create and a move onto the same name, and holds back the moved file', () => {
    const result = resolveBatch(new Map([['old.txt', 'old\n']]), [create('new.txt', 'created\n'), replace('old.txt', 'old', 'OLD'), rename('old.txt', 'new.txt')]);
    assert.deepEqual(result.outcomes.map((o) => (o.status === 'refused' ? o.code : o.status)), ['conflict', 'resolved', 'conflict']);
    assert.match(refusal(result.outcomes[0]).message, /^new\.txt: a move in this request ends on a name another operation .* \(edits #1, #3\)\.$/);
    assert.ok(result.files.every((f) => !f.complete), 'neither the created file nor the moved one is written');
  });

  it('refuses edits to one file under two names when the front end says they are one (pathKey)', () => {
    const files = new Map([
      ['a.txt', 'one\ntwo\n'],
      ['b.txt', 'one\ntwo\n'],
    ]);
    const key = (p: string) => (p === 'b.txt' ? 'a.txt' : p);
    const result = resolveBatch(files, [replace('a.txt', 'one', 'ONE'), replace('b.txt', 'two', 'TWO')], { pathKey: key });
    assert.deepEqual(result.outcomes.map((o) => (o.status === 'refused' ? o.code : o.status)), ['conflict', 'conflict']);
    assert.ok(result.files.every((f) => !f.complete));
    const apart = resolveBatch(files, [replace('a.txt', 'one', 'ONE'), replace('b.txt', 'two', 'TWO')]);
    assert.ok(apart.ok, 'without the key they are two files');
  });

  it('folds case for a case-insensitive file system', () => {
    const files = new Map([['README.md', '# Title\n']]);
    const result = resolveBatch(files, [replace('README.md', '# Title', '# T'), replace('readme.md', '# Title', '# U')], { caseInsensitive: true });
    assert.equal(refusal(result.outcomes[1]).code, 'conflict');
  });

  it('refuses a deletion whose stated content is not the file, and accepts one that is (up to indentation)', () => {
    const files = new Map([['notes.txt', 'keep\nthis\n']]);
    assert.equal(refusal(resolveBatch(files, [remove('notes.txt', 'other\n')]).outcomes[0]).code, 'not_found');
    assert.equal(refusal(resolveBatch(files, [remove('notes.txt', 'keep\n')]).outcomes[0]).code, 'not_found', 'part of the file is not the file');
    assert.equal(refusal(resolveBatch(files, [remove('notes.txt', 'keep\n// ...\n')]).outcomes[0]).code, 'not_found', 'an elision shows nothing');
    assert.equal(refusal(resolveBatch(files, [remove('notes.txt', '')]).outcomes[0]).code, 'not_found');
    const ok = resolveBatch(files, [remove('notes.txt', 'keep\nthis\n')]);
    assert.ok(ok.ok);
    assert.equal(ok.files[0].after, undefined);
    assert.ok(resolveBatch(files, [remove('notes.txt')]).ok, 'a deletion that states nothing (apply_patch) is not checked');
    assert.ok(resolveBatch(new Map([['empty.txt', '']]), [remove('empty.txt', '')]).ok);
  });

  it('refuses every rewriting edit to a file that is not text, but lets it be deleted', () => {
    const files = new Map([['logo.png', '\x89PNG\0']]);
    const notText = (p: string) => (p === 'logo.png' ? 'it is binary' : undefined);
    const result = resolveBatch(files, [replace('logo.png', 'PNG', 'JPG'), rename('logo.png', 'x.png')], { notText });
    assert.deepEqual(result.outcomes.map((o) => (o.status === 'refused' ? o.code : o.status)), ['not_text', 'not_text']);
    assert.match(refusal(result.outcomes[0]).message, /logo\.png was left untouched: it is binary/);
    assert.equal(result.files[0].complete, false);
    assert.ok(resolveBatch(files, [remove('logo.png')], { notText }).ok);
    assert.equal(refusal(resolveBatch(files, [remove('logo.png', 'PNG\n')], { notText }).outcomes[0]).code, 'not_text');
  });
});

describe('batch: an edit that is no edit (untrusted JSON)', () => {
  it('is refused on its own as invalid_input, with the reason; the other edits resolve', () => {
    const files = new Map([['a.ts', 'x = 1\ny = 2\n']]);
    const edits = [null, { path: 'a.ts', oldString: 'x = 1', newString: 'x = 2' }, { kind: 'rename', path: 'a.ts' }, { kind: 'replace', path: 'a.ts', oldString: 'y = 2', newString: 'y = 3' }] as unknown as FileEdit[];
    const r = resolveBatch(files, edits);
    assert.deepEqual(
      r.outcomes.map((o) => (o.status === 'refused' ? `${o.code}: ${o.message}` : o.status)),
      [
        'invalid_input: Edit 1 cannot be read: it is not an object. Nothing was changed by it.',
        'invalid_input: Edit 2 cannot be read: its kind is missing, not one of replace, create, delete, rename. Nothing was changed by it.',
        "invalid_input: Edit 3 cannot be read: a rename's new path is not a string. Nothing was changed by it.",
        'resolved',
      ],
    );
    assert.equal(r.files.find((f) => f.path === 'a.ts')?.after, 'x = 1\ny = 3\n');
  });
});

describe('batch: many edits to the same lines (found by a hunt: 20,000 of them ran out of memory)', () => {
  it('each is refused as a conflict naming a few of the others, and says there may be more', () => {
    const edits = Array.from({ length: 3000 }, (_, i): FileEdit => ({ kind: 'replace', path: 'f', oldString: 'x', newString: `y${i}`, sourceLine: i + 1 }));
    const result = resolveBatch(new Map([['f', 'x\n']]), edits);
    assert.ok(result.outcomes.every((o) => o.status === 'refused' && o.code === 'conflict'));
    assert.equal(refusal(result.outcomes[5]).message, 'This edit (line 1) overlaps edit #1, #2, #3, #4, #5 (and perhaps others) in f: all edits to a file are matched against its original text and must not overlap. Merge them into one edit.');
    assert.equal(result.files[0].after, 'x\n');
  });
});

describe('batch: overlaps found by the sweep are exactly the overlapping pairs (property, against every pair)', () => {
  it('an edit inside a long one, past the five edits named after it, is found too', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `<line ${i}>`);
    const spans = [[0, 9], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [11, 11]];
    const edits = spans.map(([a, b], i): FileEdit => ({ kind: 'replace', path: 'f', oldString: lines.slice(a, b + 1).join('\n'), newString: `edit${i}`, sourceLine: i + 1 }));
    const result = resolveBatch(new Map([['f', `${lines.join('\n')}\n`]]), edits);
    assert.deepEqual(result.outcomes.map((o) => o.status === 'refused' && o.code), ['conflict', 'conflict', 'conflict', 'conflict', 'conflict', 'conflict', 'conflict', false]);
  });

  it('an edit is refused as a conflict exactly when its span overlaps another edit’s', () => {
    // One-line edits of a file of distinct lines, each quoting a run of whole lines: overlapping exactly when the
    // runs share a line (a run ending where the next begins shares no character: its line break is outside).
    const lines = Array.from({ length: 30 }, (_, i) => `<line ${i}>`);
    const file = `${lines.join('\n')}\n`;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 29 }), fc.integer({ min: 1, max: 8 })), { minLength: 1, maxLength: 40 }), (runs) => {
        const spans = runs.map(([from, n]) => [from, Math.min(29, from + n - 1)] as const);
        const edits = spans.map(([a, b], i): FileEdit => ({ kind: 'replace', path: 'f', oldString: lines.slice(a, b + 1).join('\n'), newString: `edit${i}`, sourceLine: i + 1 }));
        const result = resolveBatch(new Map([['f', file]]), edits);
        const overlapsAnother = spans.map(([a, b], i) => spans.some(([c, d], j) => j !== i && a <= d && c <= b));
        assert.deepEqual(result.outcomes.map((o) => o.status === 'refused' && o.code === 'conflict'), overlapsAnother);
      }),
      propertyRuns(200),
    );
  });
});
