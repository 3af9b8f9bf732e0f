// Snippet stage: the refusals after aligning (safety.ts). Each test is the smallest op list that shows one rule:
// new lines with no place between two markers, a deletion the snippet only implies, and the post-condition that
// only lines the snippet shows are written.
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { isEditError } from '../../../src/core/errors';
import type { Op } from '../../../src/core/snippet/align';
import { refuseMovedHeads, refuseUnplaced, refuseUnshownDeletions, unshownDeletionNote, verify } from '../../../src/core/snippet/safety';
import { applySnippet } from '../../../src/core/snippet/apply';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';

/** The error code thrown by `fn`, its message after a colon, or 'ok'. */
const outcome = (fn: () => void): string => {
  try {
    fn();
  } catch (err) {
    if (isEditError(err)) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'ok';
};
const codeOf = (fn: () => void) => outcome(fn).split(':')[0];
/** A snippet for the op lists below: which lines it has only matters to a changed line's block (none here). */
const noClosers = new SnippetLines('keep();\nend();');

const keep = (j: number, f: number): Op => ({ kind: 'keep', j, f });
const change = (j: number, f: number): Op => ({ kind: 'change', j, f });
const insert = (j: number): Op => ({ kind: 'insert', j });
const del = (f: number): Op => ({ kind: 'delete', f });
const elide = (j: number, from: number, to: number): Op => ({ kind: 'elide', j, from, to });

describe('snippet safety: new lines between two markers', () => {
  const snip = new SnippetLines('f() {\n  // ...\n  added();\n\n  // ...\n}');

  it('a new line with a marker on each side and no file line between is refused, naming the line', () => {
    const msg = outcome(() => refuseUnplaced(snip, [keep(0, 0), elide(1, 1, 2), insert(2), insert(3), elide(4, 3, 3), keep(5, 4)]));
    assert.match(msg, /^not_found: Snippet line 3 \(`added\(\);`\) stands between two elision markers/);
  });

  it('a long unplaced line is quoted by its first 80 characters', () => {
    const long = `  ${'x'.repeat(100)}();`;
    const s = new SnippetLines(`f() {\n  // ...\n${long}\n  // ...\n}`);
    const msg = outcome(() => refuseUnplaced(s, [keep(0, 0), elide(1, 1, 2), insert(2), elide(3, 3, 3), keep(4, 4)]));
    assert.ok(msg.includes(`(\`${'x'.repeat(80)}\`) stands between`), msg);
  });

  it('a kept or changed line between the markers gives the new line its place', () => {
    assert.equal(codeOf(() => refuseUnplaced(snip, [elide(1, 1, 2), insert(2), keep(3, 3), elide(4, 4, 4)])), 'ok');
    assert.equal(codeOf(() => refuseUnplaced(snip, [elide(1, 1, 2), insert(2), change(3, 3), elide(4, 4, 4)])), 'ok');
  });

  it('only blank new lines between two markers are layout, not refused', () => {
    assert.equal(codeOf(() => refuseUnplaced(snip, [elide(1, 1, 2), insert(3), elide(4, 3, 3)])), 'ok');
  });

  it('a new line before the first marker, or after the last one, is placed by its neighbours', () => {
    assert.equal(codeOf(() => refuseUnplaced(snip, [insert(2), elide(4, 3, 3)])), 'ok');
    assert.equal(codeOf(() => refuseUnplaced(snip, [elide(1, 1, 2), insert(2)])), 'ok');
  });

  it('the marker that refuses is the second one: a new line after a kept line and before a marker is fine', () => {
    assert.equal(codeOf(() => refuseUnplaced(snip, [elide(1, 1, 2), keep(0, 3), insert(2), elide(4, 4, 4)])), 'ok');
  });
});

describe('snippet safety: deletions the snippet only implies', () => {
  const doc = new SourceText(['keep();', 'a1();', 'a2();', '', 'a3();', 'a4();', 'end();'].join('\n'));

  it('four non-blank lines removed between two kept lines with nothing written there: refused, with the lines named', () => {
    const msg = outcome(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), del(1), del(2), del(3), del(4), del(5), keep(1, 6)]));
    assert.match(msg, /^invalid_input: Applying the snippet would remove 4 lines it does not show \(lines 2–6\)/);
  });

  it('three lines are an edit (a statement removed); a blank line does not count', () => {
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), del(1), del(2), del(3), del(4), keep(1, 6)])), 'ok');
  });

  it('a new or changed line written in their place makes it a rewrite, not a silent deletion', () => {
    const run = [del(1), del(2), del(4), del(5)];
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), ...run, insert(1), keep(2, 6)])), 'ok');
    const five = new SourceText(['keep();', 'a1();', 'a2();', 'a3();', 'a4();', 'a5();', 'end();'].join('\n'));
    assert.equal(codeOf(() => refuseUnshownDeletions(five, noClosers, [keep(0, 0), del(1), del(2), del(3), del(4), change(1, 5), keep(2, 6)])), 'ok');
  });

  it('a run at the start, before the first kept line, is checked too', () => {
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [del(1), del(2), del(4), del(5), keep(0, 6)])), 'invalid_input');
  });

  it('a run at the end, after the last kept line, is checked too', () => {
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), del(1), del(2), del(4), del(5)])), 'invalid_input');
  });

  it('a marker ends a run like a kept line: two runs of two are two edits', () => {
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), del(1), del(2), elide(1, 3, 3), del(4), del(5), keep(2, 6)])), 'ok');
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, noClosers, [keep(0, 0), del(1), del(2), keep(1, 3), del(4), del(5), keep(2, 6)])), 'ok');
  });

  it('a line written in one run does not excuse the next run', () => {
    const ops = [keep(0, 0), insert(1), keep(2, 1), del(2), del(3), del(4), del(5), keep(3, 6)];
    const big = new SourceText(['keep();', 'b();', 'a1();', 'a2();', 'a3();', 'a4();', 'end();'].join('\n'));
    assert.equal(codeOf(() => refuseUnshownDeletions(big, noClosers, ops)), 'invalid_input');
  });
});

describe('snippet safety: the post-condition on what is written', () => {
  const doc = new SourceText(['function f() {', '  a();', '  b();', '', '  c();', '}'].join('\n'));
  const snip = new SnippetLines('function f() {\n  // ...\n  c2();\n}');
  const ops = [keep(0, 0), elide(1, 1, 3), change(2, 4), keep(3, 5)];

  it('the kept and elided lines written in order, every other line one the snippet shows: accepted', () => {
    assert.equal(codeOf(() => verify(doc, snip, ops, 'function f() {\n  a();\n  b();\n\n  c2();\n}')), 'ok');
    assert.equal(codeOf(() => verify(doc, snip, ops, 'function f() {\r\n  a();\r\n  b();\r\n  c2();\r\n}')), 'ok');
  });

  it('an elided line missing from the written text is refused, naming it', () => {
    assert.match(outcome(() => verify(doc, snip, ops, 'function f() {\n  a();\n  c2();\n}')), /^invalid_input: .*\(file line 3\)/);
  });

  it('a kept line written out of order is refused', () => {
    assert.equal(codeOf(() => verify(doc, snip, ops, '  a();\n  b();\nfunction f() {\n  c2();\n}')), 'invalid_input');
  });

  it('a kept line written with other text is refused (the file line must stand exactly)', () => {
    assert.equal(codeOf(() => verify(doc, snip, ops, 'function f() {\n  a();\n  b();\n  c2();\n }')), 'invalid_input');
  });

  it('a line the snippet does not show and the file does not keep is refused, quoting it', () => {
    assert.match(outcome(() => verify(doc, snip, ops, 'function f() {\n  a();\n  b();\n  c();\n  c2();\n}')), /^invalid_input: .*\(`c\(\);`\)/);
  });

  it('a long line the snippet does not show is quoted by its first 80 characters', () => {
    const long = `  ${'y'.repeat(100)}();`;
    const msg = outcome(() => verify(doc, snip, ops, `function f() {\n  a();\n  b();\n${long}\n  c2();\n}`));
    assert.ok(msg.includes(`(\`${'y'.repeat(80)}\`)`), msg);
  });

  it('a written line of only a zero-width space is a line the snippet does not show (a marker shows nothing)', () => {
    // Its canonical text is empty, like a marker's key: markers are not lines the snippet shows.
    assert.equal(codeOf(() => verify(doc, snip, ops, 'function f() {\n  a();\n  b();\n\u200b\n  c2();\n}')), 'invalid_input');
  });

  it('a kept line may be written again elsewhere (its text is kept), and blank lines are free', () => {
    assert.equal(codeOf(() => verify(doc, snip, ops, 'function f() {\n  a();\n\n\n  b();\n  a();\n  c2();\n}')), 'ok');
  });

  it('a line the file has twice and the snippet keeps twice must be written twice', () => {
    const twice = new SourceText(['f() {', '  a();', '  a();', '}'].join('\n'));
    const s = new SnippetLines('f() {\n  // ...\n}');
    assert.equal(codeOf(() => verify(twice, s, [keep(0, 0), elide(1, 1, 2), keep(2, 3)], 'f() {\n  a();\n}')), 'invalid_input');
    assert.equal(codeOf(() => verify(twice, s, [keep(0, 0), elide(1, 1, 2), keep(2, 3)], 'f() {\n  a();\n  a();\n}')), 'ok');
  });

  it('a blank kept line need not be written (blank lines are layout)', () => {
    const withBlank = [keep(0, 0), keep(1, 3), change(2, 4), keep(3, 5)];
    const s = new SnippetLines('function f() {\n\n  c2();\n}');
    assert.equal(codeOf(() => verify(doc, s, withBlank, 'function f() {\n  c2();\n}')), 'ok');
  });

  it('an elided blank line need not be written either', () => {
    const blankOnly = [keep(0, 0), elide(1, 3, 3), change(2, 4), keep(3, 5)];
    assert.equal(codeOf(() => verify(doc, snip, blankOnly, 'function f() {\n  c2();\n}')), 'ok');
  });
});

describe('snippet safety: a block’s head moved away from its body', () => {
  const doc = new SourceText(['class Box {', '  open() {', '    lift();', '', '    return true;', '  }', '  close() {}', '}'].join('\n'));
  const snip = new SnippetLines(['class Box {', '  check() {', '    lift();', '    return true;', '  }', '  open() {'].join('\n'));

  it('the head removed and written again while a line of its block stays paired: refused, naming the head', () => {
    const ops = [keep(0, 0), insert(1), del(1), keep(2, 2), keep(3, 4), keep(4, 5), insert(5)];
    assert.match(outcome(() => refuseMovedHeads(doc, snip, ops)), /^not_found: The snippet writes `open\(\) \{` \(file line 2\) in another place/);
    assert.equal(codeOf(() => refuseMovedHeads(doc, snip, [keep(0, 0), insert(1), del(1), del(2), change(3, 4), keep(4, 5), insert(5)])), 'not_found');
  });

  it('a long head is quoted by its first 80 characters', () => {
    const name = 'o'.repeat(100);
    const longDoc = new SourceText(['class Box {', `  ${name}() {`, '    lift();', '  }', '}'].join('\n'));
    const longSnip = new SnippetLines(['class Box {', '  check() {', '    lift();', '  }', `  ${name}() {`].join('\n'));
    const msg = outcome(() => refuseMovedHeads(longDoc, longSnip, [keep(0, 0), insert(1), del(1), keep(2, 2), keep(3, 3), insert(4)]));
    assert.ok(msg.includes(`writes \`${`${name}() {`.slice(0, 80)}\` (file line 2)`), msg);
  });

  it('the head moved with its block (its lines removed too), or a line removed that the snippet does not write again: an edit', () => {
    assert.equal(codeOf(() => refuseMovedHeads(doc, snip, [keep(0, 0), insert(1), del(1), del(2), del(4), keep(4, 5), insert(5)])), 'ok');
    assert.equal(codeOf(() => refuseMovedHeads(doc, snip, [keep(0, 0), insert(1), del(1), keep(2, 2), keep(3, 4), keep(4, 5)])), 'ok');
  });

  it('only the head’s own block counts: a paired line after it at its depth or shallower is another unit’s', () => {
    assert.equal(codeOf(() => refuseMovedHeads(doc, snip, [keep(0, 0), del(1), del(2), del(4), keep(4, 5), keep(2, 6), insert(5)])), 'ok');
    assert.equal(codeOf(() => refuseMovedHeads(doc, snip, [keep(0, 0), del(1), del(2), del(4), del(5), keep(2, 7), insert(5)])), 'ok');
  });

  it('a head the snippet keeps where it is, with a second one like it added (an overload), is no move', () => {
    const twice = new SnippetLines(['class Box {', '  open() {', '    lift();', '  }', '  open() {'].join('\n'));
    assert.equal(codeOf(() => refuseMovedHeads(doc, twice, [keep(0, 0), keep(1, 1), keep(2, 2), del(4), keep(3, 5), insert(4)])), 'ok');
  });

  it('a blank new line written again is no head', () => {
    const withBlank = new SnippetLines(['class Box {', '', '  open() {', '    lift();'].join('\n'));
    const blankDoc = new SourceText(['class Box {', '', '    lift();', '  open() {'].join('\n'));
    assert.equal(codeOf(() => refuseMovedHeads(blankDoc, withBlank, [keep(0, 0), del(1), insert(1), keep(3, 2), keep(2, 3)])), 'ok');
  });
});

describe('snippet safety: the closers of blocks the snippet takes apart', () => {
  // A method given whole and rewritten: its nested ifs become early returns, so their `}` go with them.
  const doc = new SourceText(
    ['total() {', '  if (a) {', '    if (b) {', '      if (c) {', '        run();', '      }', '    }', '  }', '  return 0;', '}'].join('\n'),
  );
  const closers = [del(5), del(6), del(7), del(8), keep(5, 9)];
  const heads = (kind: typeof keep) => [keep(0, 0), kind(1, 1), kind(2, 2), kind(3, 3), keep(4, 4), ...closers];
  const opensNothing = new SnippetLines(['total() {', '  if (!a) return 0;', '  if (!b) return 0;', '  if (!c) return 0;', '  run();', '}'].join('\n'));

  it('a `}` whose opening line is changed into a line that opens nothing is not a line left out', () => {
    // Four lines deleted after `run();`, three of them closers of the ifs rewritten: one line left out.
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, opensNothing, heads(change))), 'ok');
    assert.equal(unshownDeletionNote(doc, opensNothing, heads(change)), 'the snippet leaves out line 9 (`return 0;`) with no `// ... existing code ...` marker, so it is deleted: a marker keeps it');
  });

  it('a closer counts when its block stays (its opening line kept, or changed into one that still opens a block) or goes whole', () => {
    const stillOpens = new SnippetLines(['total() {', '  if (x) {', '    if (y) {', '      if (z) {', '        run();', '}'].join('\n'));
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, stillOpens, heads(keep))), 'invalid_input');
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, stillOpens, heads(change))), 'invalid_input');
    // `if (a) {` deleted too: that block is left out whole, its `}` with it (a statement moved up deleted an if).
    const withFirstDeleted = [keep(0, 0), del(1), change(1, 2), change(2, 3), keep(4, 4), ...closers];
    assert.equal(codeOf(() => refuseUnshownDeletions(doc, opensNothing, withFirstDeleted)), 'ok');
    assert.match(unshownDeletionNote(doc, opensNothing, withFirstDeleted) ?? '', /leaves out 3 lines \(line 2: `if \(a\) \{`, …\)/);
  });

  it('the opening line is found past deeper and blank lines, at the closer’s own width only', () => {
    // `x1();` kept, then three lines and the `}` left out: the `}` counts unless its `if` was rewritten to open nothing.
    const spaced = new SourceText(['f() {', '  if (a) {', '', '    x1();', '    x2();', '    x3();', '    x4();', '', '  }', '  y();', '}'].join('\n'));
    const ops = [keep(0, 0), change(1, 1), keep(2, 3), del(4), del(5), del(6), del(8), keep(3, 9)];
    assert.equal(codeOf(() => refuseUnshownDeletions(spaced, new SnippetLines(['f() {', '  if (a) z();', '    x1();', '  y();'].join('\n')), ops)), 'ok');
    assert.equal(codeOf(() => refuseUnshownDeletions(spaced, new SnippetLines(['f() {', '  if (a) {', '    x1();', '  y();'].join('\n')), ops)), 'invalid_input');
    // A closer at another width than the changed line above it closes something else: counted.
    const odd = new SourceText(['f() {', '  if (a) {', '    x1();', '    x2();', '    x3();', '    x4();', '    }', '  y();', '}'].join('\n'));
    const oddOps = [keep(0, 0), change(1, 1), keep(2, 2), del(3), del(4), del(5), del(6), keep(3, 7)];
    assert.equal(codeOf(() => refuseUnshownDeletions(odd, new SnippetLines(['f() {', '  if (a) z();', '    x1();', '  y();'].join('\n')), oddOps)), 'invalid_input');
  });
});

describe('snippet safety: lines the snippet leaves out are named for review', () => {
  const doc = new SourceText(['total() {', '  let sum = 0;', '', '  for (const i of items) sum += i;', '  return sum;', '}'].join('\n'));

  it('a line deleted with nothing written in its place, between lines the snippet shows, is named with its number and text', () => {
    const ops: Op[] = [{ kind: 'change', j: 0, f: 0 }, { kind: 'delete', f: 1 }, { kind: 'delete', f: 2 }, { kind: 'keep', j: 1, f: 3 }];
    assert.equal(unshownDeletionNote(doc, noClosers, ops), 'the snippet leaves out line 2 (`let sum = 0;`) with no `// ... existing code ...` marker, so it is deleted: a marker keeps it');
    const two: Op[] = [{ kind: 'keep', j: 0, f: 0 }, { kind: 'delete', f: 1 }, { kind: 'keep', j: 1, f: 3 }, { kind: 'delete', f: 4 }, { kind: 'keep', j: 2, f: 5 }];
    // A changed line ends the run too: what the snippet writes after it does not stand in for the line left out.
    const beforeChange: Op[] = [{ kind: 'keep', j: 0, f: 0 }, { kind: 'delete', f: 1 }, { kind: 'change', j: 1, f: 3 }, { kind: 'insert', j: 2 }, { kind: 'keep', j: 3, f: 5 }];
    assert.match(unshownDeletionNote(doc, noClosers, beforeChange) ?? '', /leaves out line 2 /);
    assert.match(unshownDeletionNote(doc, noClosers, two) ?? '', /leaves out 2 lines \(line 2: `let sum = 0;`, …\) .* so they are deleted: a marker keeps them$/);
  });

  it('lines replaced by new ones, blank lines, and a snippet that deletes nothing are no such deletion', () => {
    const replaced: Op[] = [{ kind: 'keep', j: 0, f: 0 }, { kind: 'delete', f: 1 }, { kind: 'insert', j: 1 }, { kind: 'keep', j: 2, f: 3 }];
    assert.equal(unshownDeletionNote(doc, noClosers, replaced), undefined);
    const blank: Op[] = [{ kind: 'keep', j: 0, f: 1 }, { kind: 'delete', f: 2 }, { kind: 'keep', j: 1, f: 3 }];
    assert.equal(unshownDeletionNote(doc, noClosers, blank), undefined);
    const none: Op[] = [{ kind: 'keep', j: 0, f: 0 }, { kind: 'change', j: 1, f: 1 }, { kind: 'keep', j: 2, f: 3 }];
    assert.equal(unshownDeletionNote(doc, noClosers, none), undefined);
  });

  it('lines replaced by new ones unlike them (by resembles) are named, with the new lines said', () => {
    const replaced: Op[] = [{ kind: 'keep', j: 0, f: 0 }, { kind: 'delete', f: 1 }, { kind: 'insert', j: 1 }, { kind: 'keep', j: 2, f: 3 }];
    assert.equal(unshownDeletionNote(doc, noClosers, replaced, () => false), 'line 2 (`let sum = 0;`) is deleted, and the new lines written in its place are unlike it: check that it is meant to go');
    assert.equal(unshownDeletionNote(doc, noClosers, replaced, (j, f) => j === 1 && f === 1), undefined);
  });

  it('applySnippet: new lines before a line that stands twice, placed by its second copy, name the code deleted between the copies', () => {
    const file = 'function report(errorParams, append) {\n  if (errorParams) {\n    this.setParams(errorParams);\n    this.emitError(append);\n    this.setParams({});\n    return;\n  }\n  this.emitError(append);\n}\n';
    const result = applySnippet(file, '    // ...\n    this.setParams(errorParams);\n    const a = 1;\n    const b = 2;\n    const c = 3;\n    this.emitError(append);\n    // ...\n');
    assert.match(result.matches[0].review?.join('\n') ?? '', /line 4: `this\.emitError\(append\);`, …\) are deleted, and the new lines written in their place are unlike them/);
    // A line with words but no name (`return s;`) replaced by an unlike new one is named too; a `}` is no line to name.
    const store = 'class Store {\n  total(items) {\n    let s = 0;\n    for (const it of items) {\n      s += it.price;\n    }\n    return s;\n  }\n}\n';
    const ended = applySnippet(store, '    for (const it of items) {\n      s += it.price;\n    }\n    console.log("total", s);\n');
    assert.match(ended.matches[0].review?.join('\n') ?? '', /line 7 \(`return s;`\) is deleted, and the new lines written in its place are unlike it/);
    // A renamed variable's lines share its other names: no note.
    const renamed = applySnippet('function f(a) {\n  const count = a.length;\n  return count * 2;\n}\n', 'function f(a) {\n  const total = a.length;\n  return total * 2;\n}\n');
    assert.equal(renamed.matches[0].review, undefined);
  });

  it('a line moved into a block the snippet shows, its old place under a marker: both stay, and that is named for review', () => {
    const file = 'def run(q, timefunc):\n    while q:\n        now = timefunc()\n        if q[0] > now:\n            delay = True\n        else:\n            delay = False\n    return delay\n';
    const snippet = 'def run(q, timefunc):\n    # ...\n        if q[0] > now:\n            now = timefunc()\n            delay = True\n    # ...\n';
    const result = applySnippet(file, snippet);
    assert.match(result.matches[0].review?.join('\n') ?? '', /line 3 \(`now = timefunc\(\)`\) stays where it is, and the snippet writes it again: if it moved, delete it there/);
  });

  it('…its old place far above, in the same block, past a marker at the snippet’s top: named too (it was written twice silently)', () => {
    const body = ['    if timeout is not None:', '        # timeout is in milliseconds', '        timeout = int(timeout*1000)', '    pollster = select.poll()', '    if map:', '        for fd, obj in list(map.items()):', '            flags = 0', '            if obj.readable():', '                flags |= select.POLLIN', '            if flags:', '                pollster.register(fd, flags)', '    r = pollster.poll(timeout)'];
    const file = ['def poll2(timeout=0.0, map=None):', '    if map is None:', '        map = socket_map', ...body, '    for fd, flags in r:', '        readwrite(map.get(fd), flags)', ''].join('\n');
    const snippet = '    # ...\n    r = pollster.poll(timeout)\n    timeout = int(timeout*1000)\n    for fd, flags in r:\n        readwrite(map.get(fd), flags)\n';
    const result = applySnippet(file, snippet);
    assert.match(result.matches[0].review?.join('\n') ?? '', /line 6 \(`timeout = int\(timeout\*1000\)`\) stays where it is, and the snippet writes it again: if it moved, delete it there/);
    // The same line in another function above is no line moved: not named.
    const other = ['def setup(timeout):', '    timeout = int(timeout*1000)', '    return timeout', '', ...file.split('\n').filter((l) => !l.includes('int(timeout'))].join('\n');
    assert.equal(applySnippet(other, snippet).matches[0].review, undefined);
    // Nor the function's last `return null;`, shallower than the early return the snippet adds in its loop.
    const steps = Array.from({ length: 12 }, (_, i) => `  step${i}(items);`);
    const find = ['function find(items, key) {', '  for (const item of items) {', '    const result = lookup(item, key);', '    record(result);', '  }', ...steps, '  return null;', '}', ''].join('\n');
    const early = applySnippet(find, '  for (const item of items) {\n    const result = lookup(item, key);\n    if (!result) {\n      return null;\n    }\n    // ... existing code ...\n');
    assert.equal(early.content, find.replace('    record(result);', '    if (!result) {\n      return null;\n    }\n    record(result);'));
    assert.equal(early.matches[0].review, undefined);
  });

  it('a new line much like the file line it stands next to, which the snippet does not show (past a marker, or past its edge), is named: changed, or added?', () => {
    const file = 'class Scheduler:\n    def empty(self):\n        """Check whether the queue is empty."""\n        with self._lock:\n            return not self._queue\n\n    def run(self, blocking=True):\n        pass\n';
    const changed = applySnippet(file, '        # ...\n        """Check whether the queue is empty."""\n        with self._lock:\n            return not self._pending\n            # ...\n');
    assert.match(changed.matches[0].review?.join('\n') ?? '', /line 5 \(`return not self\._queue`\) stays after the new line `return not self\._pending`, which is much like it: if the snippet changed it, delete it there/);
    const completer = 'def get_class_members(klass):\n    ret = dir(klass)\n    if hasattr(klass, "__bases__"):\n        for base in klass.__bases__:\n            ret = ret + get_class_members(base)\n    return ret\n';
    const edge = applySnippet(completer, '            ret = ret + get_class_members(base)\n    return ret_sorted\n');
    assert.match(edge.matches[0].review?.join('\n') ?? '', /line 6 \(`return ret`\) stays after the new line `return ret_sorted`/);
    // Two lines that only start alike are not versions of each other: a guard added above the file's `if` is not named.
    const tokenize = 'function tokenize(value, options) {\n  for (var i = 0; i < linesAndNewlines.length; i++) {\n    var line = linesAndNewlines[i];\n    if (i % 2 && !options.newlineIsToken) {\n      retLines[retLines.length - 1] += line;\n    } else {\n      retLines.push(line);\n    }\n  }\n}\n';
    const guard = applySnippet(tokenize, "    var line = linesAndNewlines[i];\n    if (this.closed) {\n      throw new Error('closed');\n    }\n");
    assert.equal(guard.content, tokenize.replace('    if (i % 2', "    if (this.closed) {\n      throw new Error('closed');\n    }\n    if (i % 2"));
    assert.equal(guard.matches[0].review, undefined);
    // A short line (`return None`) is much like any `return x`: not named.
    const short = applySnippet(completer, 'def get_class_members(klass):\n    ret = dir(klass)\n    if hasattr(klass, "__bases__"):\n        for base in klass.__bases__:\n            ret = ret + get_class_members(base)\n            return None\n    # ...\n');
    assert.equal(short.matches[0].review, undefined);
  });

  it('a `}` the snippet adds right after a head whose block the file goes on with (an `if` shown as `{` `}`) is named for review', () => {
    const file = 'function warn(message) {\n  if (!shown) {\n    shown = true;\n    const text = "Passing lineNumber and colNumber is deprecated.";\n    if (process.emitWarning) {\n      process.emitWarning(text, "DeprecationWarning");\n    } else {\n      console.warn(new Error(text));\n    }\n  }\n}\n';
    const result = applySnippet(file, '    const text = "Passing lineNumber and colNumber is deprecated.";\n    count += 1;\n    if (process.emitWarning) {\n    }\n');
    assert.match(result.matches[0].review?.join('\n') ?? '', /the snippet closes `if \(process\.emitWarning\) \{` right after it, and the file's block goes on below \(line 6, `process\.emitWarning\(text, "DeprecationWarning"\);`\): check whether its lines are meant to go/);
  });

  it('a `}` the snippet adds right before the file’s `} else {` (an else dropped?) is named for review, the file’s branch staying', () => {
    const file = 'class Tree {\n    add(key, value) {\n        if (this.node === null) {\n            this.node = new TstNode(key, value, 0)\n        } else {\n            this.node.add(key, value)\n        }\n    }\n}\n';
    const result = applySnippet(file, '            this.node = new TstNode(key, value, 0)\n        }\n');
    assert.match(result.matches[0].review?.join('\n') ?? '', /the snippet closes a block right before line 5 \(`\} else \{`\), which closes it too and goes on: check whether that branch is meant to go/);
  });

  it('applySnippet: a changed signature followed directly by the loop deletes `let sum = 0;` only with the reason named for review', () => {
    const file = 'class Cart {\n  total() {\n    let sum = 0;\n    for (const i of this.items) sum += i.price;\n    return sum;\n  }\n}\n';
    const r = applySnippet(file, '  total(discount) {\n    for (const i of this.items) sum += i.price;\n    return sum * (1 - discount);\n  }');
    assert.equal(r.matches[0].needsReview, true);
    assert.deepEqual(r.matches[0].review, ['the snippet leaves out line 3 (`let sum = 0;`) with no `// ... existing code ...` marker, so it is deleted: a marker keeps it']);
    const shown = applySnippet(file, '  total(discount) {\n    let sum = 0;\n    for (const i of this.items) sum += i.price;\n    return sum * (1 - discount);\n  }');
    assert.equal(shown.matches[0].review, undefined, 'the line shown: nothing left out to name');
    assert.ok(shown.content.includes('let sum = 0;'));
  });
});
