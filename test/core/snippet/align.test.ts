// Snippet stage: aligning the snippet with the file between and around its anchors (snippet/align.ts). Ops are
// written in order: `j=f` (snippet line j is file line f), `j~f` (a changed version of it), `+j` (new), `-f`
// (file line f removed), `j…a-b` (marker j keeps file lines a..b; `j…` when it keeps none).
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { errorCodeOf } from '../../support/editErrors';
import { alignBetween, alignEdge, MAX_CELLS, newBlocks, type AlignContext, type Op } from '../../../src/core/snippet/align';
import { makeFrame } from '../../../src/core/snippet/frame';
import { LineMatcher } from '../../../src/core/snippet/lineMatch';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';

const context = (file: string[], snippet: string[], anchors: Array<[number, number]> = [], forcedNew: number[] = []): AlignContext => {
  const doc = new SourceText(file.join('\n'));
  const snip = new SnippetLines(snippet.join('\n'));
  return { doc, snip, match: new LineMatcher(doc, snip), cells: { used: 0 }, forcedNew: new Set(forcedNew), frame: makeFrame(doc, snip, anchors) };
};
const show = (ops: Op[]) =>
  ops
    .map((op) =>
      op.kind === 'keep' ? `${op.j}=${op.f}` : op.kind === 'change' ? `${op.j}~${op.f}` : op.kind === 'insert' ? `+${op.j}` : op.kind === 'delete' ? `-${op.f}` : op.to < op.from ? `${op.j}…` : `${op.j}…${op.from}-${op.to}`,
    )
    .join(' ');
/** Ops strictly between anchor [ja, fa] and [jb, fb]. */
const between = (file: string[], snippet: string[], a: [number, number], b: [number, number], forcedNew: number[] = []) =>
  show(alignBetween(context(file, snippet, [a, b], forcedNew), a[0], a[1], b[0], b[1]));
const edge = (file: string[], snippet: string[], anchor: [number, number], dir: 1 | -1, unitEnd?: number) =>
  show(alignEdge(context(file, snippet, [anchor]), anchor[0], anchor[1], dir, unitEnd));
const codeOf = (fn: () => unknown) => errorCodeOf(fn, 'ok');

describe('snippet align: between two anchors', () => {
  it('the same lines pair, a new line is inserted, a file line the snippet leaves out is removed', () => {
    const file = ['start();', 'keepMe();', 'dropMe();', 'end();'];
    assert.equal(between(file, ['start();', 'keepMe();', 'addMe();', 'end();'], [0, 0], [3, 3]), '1=1 +2 -2');
  });

  it('a version of the file’s line is a change, not a delete and an insert', () => {
    const file = ['start();', 'let total = items.length;', 'end();'];
    assert.equal(between(file, ['start();', 'let total = items.length + 1;', 'end();'], [0, 0], [2, 2]), '1~1');
  });

  it('a slip is kept (the file’s spelling), not changed', () => {
    const file = ['start();', 'this.items.push(item);', 'end();'];
    assert.equal(between(file, ['start();', 'this.itmes.push(item);', 'end();'], [0, 0], [2, 2]), '1=1');
  });

  it('a changed line is paired with the file line it is most like, not with a less like one that is also a version of it', () => {
    const file = ['startHere();', 'beta(2);', 'alpha(1);', 'alpha(1, 2);', 'endHere();'];
    assert.equal(between(file, ['startHere();', 'alpha();', 'endHere();'], [0, 0], [2, 4]), '-1 1~2 -3');
  });

  it('a marker before the first anchor changes nothing between the anchors: a slip there is still kept in the file’s spelling', () => {
    const file = ['startHere();', 'const maxDepth = 1;', 'endHere();'];
    assert.equal(between(file, ['// ...', 'startHere();', 'const maxDeppth = 1;', 'endHere();'], [1, 0], [3, 2]), '2=1');
    // Nor does it make the line after the anchor free to add: the slip is kept, the unrelated line removed.
    const file2 = ['startHere();', 'alpha(1, 2);', 'const maxDepth = 1;', 'endHere();'];
    const snippet2 = ['pre();', '// ...', 'startHere();', 'const maxDeppth = 1;', 'alpha();', 'endHere();'];
    assert.equal(between(file2, snippet2, [2, 0], [5, 3]), '-1 3=2 +4');
  });

  it('the cheapest reading is found when the line after the anchor is the file’s next line and a marker follows it', () => {
    const file = ['startHere();', 'gamma();', '', 'endHere();'];
    const snippet = ['// ...', 'startHere();', 'gamma();', '// ...', 'gamma();', 'const maxDeppth = 1;', 'endHere();'];
    assert.equal(between(file, snippet, [1, 0], [6, 3]), '2=1 3…2-2 +4 +5');
  });

  it('a marker keeps the lines it stands for, however many, for free', () => {
    const file = ['start();', 'one();', 'two();', 'three();', 'end();'];
    assert.equal(between(file, ['start();', '// ...', 'end();'], [0, 0], [2, 4]), '1…1-3');
    assert.equal(between(file, ['start();', '// ...', 'added();', 'end();'], [0, 0], [3, 4]), '1…1-3 +2');
    assert.equal(between(['start();', 'end();'], ['start();', '// ...', 'end();'], [0, 0], [2, 1]), '1…');
  });

  it('a marker absorbs as much as it can: a line after it that the file has is paired with the last such line', () => {
    const file = ['start();', 'next();', 'next();', 'end();'];
    assert.equal(between(file, ['start();', '// ...', 'next();', 'end();'], [0, 0], [3, 3]), '1…1-1 2=2');
  });

  it('a line paired where the snippet has it, between two markers', () => {
    const file = ['start();', 'a1();', 'mid();', 'a2();', 'end();'];
    assert.equal(between(file, ['start();', '// ...', 'mid();', 'changed();', '// ...', 'end();'], [0, 0], [5, 4]), '1…1-1 2=2 +3 4…3-3');
  });

  it('blank lines are cheap to add or drop: they do not pull code lines out of alignment', () => {
    const file = ['start();', '', '', 'body();', 'end();'];
    assert.equal(between(file, ['start();', 'body();', '', 'end();'], [0, 0], [3, 4]), '-1 -2 1=3 +2');
  });

  it('moved blank lines are cheaper than moving a code line: both code lines keep their places', () => {
    const file = ['start();', 'alpha();', '', '', 'beta();', 'end();'];
    assert.equal(between(file, ['start();', 'alpha();', 'beta();', '', '', 'end();'], [0, 0], [5, 5]), '1=1 -2 -3 2=4 +3 +4');
  });

  it('a changed line next to a marker is the new version of the file’s line, not the file’s line and a new one', () => {
    const file = ['start();', 'one();', 'let total = items.length;', 'end();'];
    assert.equal(between(file, ['start();', '// ...', 'let total = items.length + 1;', 'end();'], [0, 0], [3, 3]), '1…1-1 2~2');
  });

  it('a line that must be new (inside a block the snippet adds) is never paired', () => {
    const file = ['start();', 'return x;', 'end();'];
    assert.equal(between(file, ['start();', 'return x;', 'end();'], [0, 0], [2, 2]), '1=1');
    assert.equal(between(file, ['start();', 'return x;', 'end();'], [0, 0], [2, 2], [1]), '+1 -1');
  });

  it(`the table is bounded: more than ${MAX_CELLS.toLocaleString('en-US')} cells over a snippet is too_large`, () => {
    const ctx = context(['a();', 'b();'], ['a();', 'b();']);
    ctx.cells.used = MAX_CELLS - 1;
    assert.equal(codeOf(() => alignBetween(ctx, 0, 0, 1, 1)), 'ok');
    assert.equal(ctx.cells.used, MAX_CELLS);
    assert.equal(codeOf(() => alignBetween(ctx, 0, 0, 1, 1)), 'too_large');
  });

  it('counts the cells of the table it builds: (snippet lines + 1) × (file lines + 1) between the anchors', () => {
    const ctx = context(['s();', 'a();', 'b();', 'e();'], ['s();', 'x();', 'e();']);
    alignBetween(ctx, 0, 0, 2, 3);
    assert.equal(ctx.cells.used, 2 * 3);
  });
});

describe('snippet align: before the first anchor and after the last', () => {
  const FN = ['function run() {', '  first();', '  second();', '  third();', '}', '', 'function other() {', '}'];

  it('lines the file has next to the anchor are paired outwards; the rest are new, next to the anchor', () => {
    assert.equal(edge(FN, ['  second();', '  third();', '}'], [0, 2], 1), '1=3 2=4');
    assert.equal(edge(FN, ['  first();', '  second();'], [1, 2], -1), '0=1');
    assert.equal(edge(FN, ['  first();', '  added();'], [0, 1], 1), '+1');
  });

  it('a changed line extends an edge only with the same line beyond it', () => {
    const imports = ["import { a } from './a';", "import { b } from './b';", "import { d } from './d';", '', 'run(a, b, d);'];
    assert.equal(edge(imports, ["import { a } from './a';", "import { b } from './b';", "import { c } from './c';"], [1, 1], 1), '+2');
    assert.equal(edge(FN, ['  second();', '  third(x);', '}'], [0, 2], 1), '1~3 2=4');
  });

  it('a blank line outermost is the snippet’s own layout: written with it, not paired', () => {
    assert.equal(edge(['a1();', 'b1();', '', 'c1();'], ['a1();', 'b1();', ''], [1, 1], 1), '');
    assert.equal(edge(['a1();', 'b1();', '', 'c1();'], ['a1();', 'b1();', '', 'zz();'], [1, 1], 1), '+2 +3');
  });

  it('a line that must be new is not paired at the edge either', () => {
    const ctx = context(['one();', 'two();'], ['one();', 'two();'], [[0, 0]], [1]);
    assert.equal(show(alignEdge(ctx, 0, 0, 1)), '+1');
  });

  it('pairing stops at the file’s first or last line', () => {
    assert.equal(edge(['one();', 'two();'], ['zero();', 'one();', 'two();'], [1, 0], -1), '+0');
    assert.equal(edge(['one();', 'two();'], ['one();', 'two();', 'three();'], [1, 1], 1), '+2');
  });

  it('a marker at the edge elides nothing and is dropped; a line beyond it has no place', () => {
    assert.equal(edge(FN, ['  second();', '  // ...'], [0, 2], 1), '');
    assert.equal(edge(FN, ['  // ...', '  second();'], [1, 2], -1), '');
    assert.equal(edge(FN, ['  second();', '  // ...', ''], [0, 2], 1), '');
    assert.equal(edge(FN, ['  second();', '  // ...', '  // ...'], [0, 2], 1), '');
    assert.equal(codeOf(() => edge(FN, ['  second();', '  // ...', '  later();'], [0, 2], 1)), 'not_found');
    assert.equal(codeOf(() => edge(FN, ['  earlier();', '  // ...', '  second();'], [2, 2], -1)), 'not_found');
  });

  it('after the last anchor, with a marker in the unit the anchor opens, the rest aligns with the unit’s end', () => {
    const cls = ['class A {', '  one() {}', '  two() {}', '}'];
    assert.equal(edge(cls, ['class A {', '  // ...', '  three() {}'], [0, 0], 1, 2), '1…1-2 +2');
    assert.equal(edge(cls, ['class A {', '  // ...', '  two(x) {}'], [0, 0], 1, 2), '1…1-1 2~2');
  });
});

describe('snippet align: edge lines that reach the end of the file’s block', () => {
  it('the last lines of a body shown in full (changed or not) are aligned with the block, up to its closing line', () => {
    const file = ['function run() {', '  first();', '  let total = a;', '  return total;', '}'];
    // The last two lines changed, nothing new: paired up to the block's end.
    assert.equal(edge(file, ['  first();', '  let total = a + b;', '  return total * 2;'], [0, 1], 1), '1~2 2~3');
  });

  it('a line of the block the snippet replaces with another is removed only inside a closed block', () => {
    const file = ['function run() {', '  first();', '  oldCall();', '}'];
    assert.equal(edge(file, ['  first();', '  brandNew(x, y, z);'], [0, 1], 1), '+1 -2');
    // At the top level nothing closes the block: the new line is added, the file's line stays.
    const top = ['first();', 'oldCall();'];
    assert.equal(edge(top, ['first();', 'brandNew(x, y, z);'], [0, 0], 1), '+1');
  });

  it('when the file’s block has more lines there than the snippet, the edge lines may be new code: only equal lines pair', () => {
    const file = ['function run() {', '  first();', '  oldCall();', '  another();', '}'];
    assert.equal(edge(file, ['  first();', '  brandNew(x, y, z);'], [0, 1], 1), '+1');
  });

  it('before the first anchor likewise, up to the block’s opening line', () => {
    const file = ['function run() {', '  let total = a;', '  return total;', '}'];
    assert.equal(edge(file, ['  let total = a + b;', '  return total;'], [1, 2], -1), '0~1');
    assert.equal(edge(file, ['  newFirst(x, y, z);', '  return total;'], [1, 2], -1), '+0 -1');
  });

  it('not when the block has no line beyond the anchor, or a marker is among the edge lines', () => {
    const file = ['function run() {', '  first();', '}'];
    assert.equal(edge(file, ['  first();', '  added();'], [0, 1], 1), '+1');
  });

  it('a blank snippet line among the edge lines says nothing about the block’s depth', () => {
    const file = ['function run() {', '  first();', '  oldCall();', '}'];
    assert.equal(edge(file, ['  first();', '', '  brandNew(x, y, z);'], [0, 1], 1), '+1 +2 -2');
  });

  it('a block that runs to the end of the file is not closed: its last line stays, the new one is added', () => {
    const py = ['def run():', '    first()', '    old_call()'];
    assert.equal(edge(py, ['    first()', '    brand_new(x, y, z)'], [0, 1], 1), '+1');
  });

  it('only blank lines removed is no removal: the edge is aligned with the block even at the top level', () => {
    assert.equal(edge(['first();', '', 'second();'], ['first();', 'second(x);'], [0, 0], 1), '-1 1~2');
  });

  it('blank file lines in the block are not counted as its lines', () => {
    const file = ['function run() {', '  first();', '', '  oldCall();', '}'];
    assert.equal(edge(file, ['  first();', '  brandNew(x, y, z);'], [0, 1], 1), '+1 -2 -3');
  });
});

describe('snippet align: blocks the snippet adds', () => {
  const forced = (snippet: string[], ops: Op[]) => [...newBlocks(new SnippetLines(snippet.join('\n')), ops)].sort((a, b) => a - b).join(' ');

  it('a new line that opens a block makes every deeper line after it new, and its closing line', () => {
    const snippet = ['class A {', '  count() {', '    return 1;', '  }', '  other();', '}'];
    assert.equal(forced(snippet, [{ kind: 'keep', j: 0, f: 0 }, { kind: 'insert', j: 1 }]), '2 3');
  });

  it('blank lines inside are skipped; a marker ends the block', () => {
    assert.equal(forced(['  count() {', '', '    return 1;', '    // ...', '    more();'], [{ kind: 'insert', j: 0 }]), '2');
    assert.equal(forced(['  count() {', '', '    return 1;'], [{ kind: 'insert', j: 0 }]), '2');
  });

  it('the closing line counts only at the opening line’s own depth and without words', () => {
    assert.equal(forced(['  count() {', '    return 1;', '  done();'], [{ kind: 'insert', j: 0 }]), '1');
    assert.equal(forced(['  count() {', '    return 1;', '}'], [{ kind: 'insert', j: 0 }]), '1');
  });

  it('a new line that closes a block as it opens one (`} else {`) makes its lines new, not its closing line (the file’s)', () => {
    assert.equal(forced(['  } else {', '    fallback();', '  }'], [{ kind: 'insert', j: 0 }]), '1');
    assert.equal(forced(['  } catch (e) {', '    report(e);', '  }'], [{ kind: 'insert', j: 0 }]), '1');
  });

  it('a new line that opens nothing (next line not deeper, a marker next, or the last line) forces nothing', () => {
    assert.equal(forced(['  count();', '  return 1;'], [{ kind: 'insert', j: 0 }]), '');
    assert.equal(forced(['  count() {', '    // ...', '    return 1;'], [{ kind: 'insert', j: 0 }]), '');
    assert.equal(forced(['  count() {'], [{ kind: 'insert', j: 0 }]), '');
    assert.equal(forced(['  count() {', '', ''], [{ kind: 'insert', j: 0 }]), '');
    // A wordless line at the new line's own depth right after it closes nothing the new line opened.
    assert.equal(forced(['  count();', '  }'], [{ kind: 'insert', j: 0 }]), '');
  });

  it('kept, changed and blank lines open nothing new', () => {
    const snippet = ['  count() {', '    return 1;', '  }'];
    assert.equal(forced(snippet, [{ kind: 'keep', j: 0, f: 0 }]), '');
    assert.equal(forced(snippet, [{ kind: 'change', j: 0, f: 0 }]), '');
    assert.equal(forced(['x();', '', '    deeper();'], [{ kind: 'insert', j: 1 }]), '');
  });

  it('a line already inside a new block opens nothing of its own', () => {
    const snippet = ['a() {', '  b() {', '    c();', '  }', '  d();', '}'];
    assert.equal(forced(snippet, [{ kind: 'insert', j: 0 }, { kind: 'insert', j: 1 }]), '1 2 3 4 5');
  });
});

describe('snippet align: edges, at their limits', () => {
  it('a line beyond an edge marker is named in the refusal: its number and its text', () => {
    const file = ['function run() {', '  first();', '  second();', '}'];
    assert.throws(() => edge(file, ['  second();', '  // ...', '  later();'], [0, 2], 1), /^EditError: Snippet line 3 \(`later\(\);`\) is beyond an elision marker/);
  });

  it('the refusal of a table too large says what to do', () => {
    const ctx = context(['a();', 'b();'], ['a();', 'b();']);
    ctx.cells.used = MAX_CELLS;
    assert.throws(() => alignBetween(ctx, 0, 0, 1, 1), /give a smaller snippet, with `\/\/ \.\.\. existing code \.\.\.` where lines stay/);
  });

  it('pairing outwards reaches the file’s first line', () => {
    assert.equal(edge(['zero();', 'one();'], ['// ...', 'x();', 'zero();', 'one();'], [3, 1], -1), '+1 2=0');
  });

  it('when the next file line closes the block at once, edge lines are paired as they are (a closing line at another indentation)', () => {
    assert.equal(edge(['f() {', '  first();', '}'], ['  first();', '  }'], [0, 1], 1), '1=2');
  });

  it('blank lines inside a new block are skipped, not read as its end', () => {
    const forced = [...newBlocks(new SnippetLines(['  count() {', '    a();', '', '    b();'].join('\n')), [{ kind: 'insert', j: 0 }])];
    assert.deepEqual(forced.sort(), [1, 3]);
  });
});
