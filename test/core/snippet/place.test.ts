// Snippet stage: choosing the place (place.ts). Chains are written by hand — [snippet line, file line] pairs and
// in how many places of the file each line stands — so each test shows one rule of "is this the one place, with
// enough evidence?" at its boundary.
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { isEditError } from '../../../src/core/errors';
import type { Chain } from '../../../src/core/snippet/anchors';
import { choosePlace, lineRange, notFound, refuseUnlessClear } from '../../../src/core/snippet/place';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { errorCodeOf } from '../../support/editErrors';
import type { FindResult } from '../../../src/core/types';

const chain = (pairs: Array<[number, number]>, counts: number[] = pairs.map(() => 1)): Chain => ({
  pairs,
  counts,
  weight: counts.reduce((w, k) => w + 1 / k, 0),
  excess: 0,
  startLine: pairs[0][1],
  endLine: pairs[pairs.length - 1][1],
});

const doc = new SourceText(Array.from({ length: 40 }, (_, i) => `line${i}();`).join('\n'));

/** What refuseUnlessClear decides: 'clear', or the refusal's code. */
const decide = (snip: SnippetLines, places: Chain[], c: Chain & { byHint?: boolean }, closed = false): string =>
  errorCodeOf(() => refuseUnlessClear(doc, snip, places, c, closed), 'clear');

// Lines of known canonical length: `x` padded to n characters.
const ofLength = (n: number, end = ';') => 'x'.repeat(n - end.length) + end;

describe('snippet place: how much evidence one place needs', () => {
  it('two or more lines: a weight of 1.5 (three lines found twice each) is enough, less is not', () => {
    const snip = new SnippetLines(['a1();', 'gap();', 'a2();', 'gap();', 'a3();', 'gap();', 'a4();'].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 1], [2, 5], [4, 9]], [2, 2, 2])), 'clear');
    assert.equal(decide(snip, [], chain([[0, 1], [2, 5], [4, 9], [6, 13]], [2, 2, 3, 12])), 'not_found');
  });

  it('two or more lines: one of them unique in the file is enough whatever the weight', () => {
    const snip = new SnippetLines(['a1();', 'gap();', 'a2();'].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 1], [2, 5]], [1, 30])), 'clear');
    assert.equal(decide(snip, [], chain([[0, 1], [2, 5]], [3, 30])), 'not_found');
  });

  it('common lines found next to each other as the snippet has them count when they say 32 characters together', () => {
    const snip = new SnippetLines([ofLength(16), ofLength(16), ofLength(15)].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 3], [1, 4]], [3, 3])), 'clear');
    assert.equal(decide(snip, [], chain([[1, 3], [2, 4]], [3, 3])), 'not_found');
    // Adjacent lines further down the snippet (lines 1 and 2, at file lines 3 and 4): the same rule.
    const later = new SnippetLines([ofLength(16), ofLength(16), ofLength(16)].join('\n'));
    assert.equal(decide(later, [], chain([[1, 3], [2, 4]], [3, 3])), 'clear');
  });

  it('lines next to each other in the file but not in the snippet (or the reverse) are not adjacent', () => {
    const snip = new SnippetLines([ofLength(20), 'new();', ofLength(20)].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 3], [2, 4]], [3, 3])), 'not_found');
    assert.equal(decide(snip, [], chain([[0, 3], [2, 6]], [3, 3])), 'not_found');
    assert.equal(decide(snip, [], chain([[0, 3], [2, 5]], [3, 3])), 'clear');
  });

  it('only the adjacent lines are counted: a long line apart from them adds nothing', () => {
    const snip = new SnippetLines([ofLength(60), 'new();', ofLength(10), ofLength(10)].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 1], [2, 5], [3, 6]], [3, 3, 3])), 'not_found');
    const snip2 = new SnippetLines([ofLength(10), ofLength(10), 'new();', ofLength(60)].join('\n'));
    assert.equal(decide(snip2, [], chain([[0, 1], [1, 2], [3, 9]], [3, 3, 3])), 'not_found');
  });

  it('one line alone must be unique in the file and at least 24 characters long', () => {
    const snip = new SnippetLines([ofLength(24), ofLength(23)].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 3]], [1])), 'clear');
    assert.equal(decide(snip, [], chain([[1, 3]], [1])), 'not_found');
    assert.equal(decide(snip, [], chain([[0, 3]], [2])), 'not_found');
  });

  it('one short line is enough when it is the first line and opens the unit the snippet closes (8 characters or more)', () => {
    const snip = new SnippetLines(['class Ca {', '  x = 1;', '}'].join('\n'));
    assert.equal(decide(snip, [], chain([[0, 3]], [1]), true), 'clear');
    assert.equal(decide(snip, [], chain([[0, 3]], [1]), false), 'not_found');
    assert.equal(decide(new SnippetLines(['class C {', '}'].join('\n')), [], chain([[0, 3]], [1]), true), 'clear');
    // Keys are canonical: `class C {` is `class C{`, 8 characters; `clas C {` 7.
    assert.equal(decide(new SnippetLines(['clas C {', '}'].join('\n')), [], chain([[0, 3]], [1]), true), 'not_found');
    assert.equal(decide(new SnippetLines(['class Abc:', '    x = 1'].join('\n')), [], chain([[0, 3]], [1]), true), 'clear');
    assert.equal(decide(new SnippetLines(['return (', '  x', ');'].join('\n')), [], chain([[0, 3]], [1]), true), 'not_found');
    // It must end opening the unit: a brace or colon inside the line (`f({a}, b);`) opens nothing.
    assert.equal(decide(new SnippetLines(['f({a}, b);', '  x', '}'].join('\n')), [], chain([[0, 3]], [1]), true), 'not_found');
    assert.equal(decide(new SnippetLines(['class Abc {', '  x = 1;', '}'].join('\n')), [], chain([[0, 3]], [2]), true), 'not_found');
  });

  it('a unit head that is not the snippet’s first line is no head', () => {
    const snip = new SnippetLines(['x = 1;', 'class Abc {', '}'].join('\n'));
    assert.equal(decide(snip, [], chain([[1, 3]], [1]), true), 'not_found');
  });

  it('a place too weak to take names the closest place and how many lines it shares', () => {
    const snip = new SnippetLines(['ab();', 'cd();'].join('\n'));
    try {
      refuseUnlessClear(doc, snip, [], chain([[0, 4], [1, 6]], [5, 5]), false);
      assert.fail('applied');
    } catch (err) {
      assert.ok(isEditError(err));
      assert.equal(err.code, 'not_found');
      assert.match(err.message, /The closest place is lines 5–7, sharing 2 line\(s\)/);
      const r = err.result as Extract<FindResult, { kind: 'not_found' }>;
      assert.deepEqual([r.closest?.startLine, r.closest?.endLine, r.closest?.text], [4, 6, 'line4();\nline5();\nline6();']);
    }
  });
});

describe('snippet place: rivals', () => {
  const snip = new SnippetLines(['aa();', 'bb();', 'cc();', 'dd();', ofLength(30)].join('\n'));

  it('two places with the same evidence, each sharing two lines: ambiguous, naming both in file order', () => {
    const a = chain([[0, 20], [1, 21]], [2, 2]);
    const b = chain([[0, 2], [1, 3]], [2, 2]);
    try {
      refuseUnlessClear(doc, snip, [a, b], a, false);
      assert.fail('applied');
    } catch (err) {
      assert.ok(isEditError(err));
      assert.equal(err.code, 'ambiguous');
      const r = err.result as Extract<FindResult, { kind: 'ambiguous' }>;
      assert.deepEqual(r.candidates.map((m) => [m.startLine, m.endLine]), [[2, 3], [20, 21]]);
      assert.match(err.message, /fits 2 places equally well \(lines 3–4, lines 21–22\)/);
      assert.match(err.message, /Nothing was changed\. Include a line that only the intended place has/);
      // A place not chosen claims no normalization: nothing was matched there yet.
      assert.deepEqual(r.candidates.map((m) => m.normalized), [[], []]);
    }
  });

  it('a place with twice the evidence is clearly better: the other is no rival', () => {
    const best = chain([[0, 2], [1, 3]], [1, 1]);
    assert.equal(decide(snip, [best, chain([[2, 20], [3, 21]], [2, 1e9])], best), 'clear');
    assert.equal(decide(snip, [best, chain([[2, 20], [3, 21]], [1, 1e9])], best), 'ambiguous');
  });

  it('a place with every line the other has and more is clearly better; one with other lines is a rival', () => {
    const best = chain([[0, 2], [1, 3], [2, 4]], [2, 2, 2]);
    assert.equal(decide(snip, [best, chain([[0, 20], [2, 22]], [1, 1])], best), 'clear');
    assert.equal(decide(snip, [best, chain([[0, 20], [3, 22]], [1, 1])], best), 'ambiguous');
    // The same lines, no more: a twin.
    const same = chain([[0, 20], [1, 21], [2, 22]], [2, 2, 2]);
    assert.equal(decide(snip, [best, same], best), 'ambiguous');
  });

  it('a rival of one short line does not make it ambiguous when the place itself is too weak: not found', () => {
    const weak = chain([[0, 2]], [2]);
    assert.equal(decide(snip, [weak, chain([[0, 20]], [2])], weak), 'not_found');
  });

  it('a place too weak to take is not found even when a stronger-looking rival shares two lines', () => {
    const weak = chain([[0, 2]], [2]);
    assert.equal(decide(snip, [weak, chain([[1, 20], [2, 21]], [2, 2])], weak), 'not_found');
  });

  it('a strong place with a weak rival it is not clearly better than is still ambiguous, never applied at the first', () => {
    const strong = chain([[4, 2]], [1]);
    assert.equal(decide(snip, [strong, chain([[0, 20]], [1])], strong), 'ambiguous');
    // Both places are named, so the person can choose: never an ambiguity with no place in it.
    const err = (() => {
      try {
        refuseUnlessClear(doc, snip, [strong, chain([[0, 20]], [1])], strong, false);
      } catch (e) {
        return e;
      }
    })();
    assert.ok(isEditError(err));
    const r = err.result as Extract<FindResult, { kind: 'ambiguous' }>;
    assert.deepEqual(r.candidates.map((m) => m.startLine), [2, 20]);
    assert.match(err.message, /fits 2 places equally well \(line 3, line 21\)/);
  });

  it('a rival of one distinctive line (24 characters or more) is named as a near-twin', () => {
    const one = chain([[4, 2]], [2]);
    assert.equal(decide(snip, [one, chain([[4, 20]], [2])], one), 'ambiguous');
  });

  it('the near-twin rule at its boundary: a weak place and a rival of one 24-character line are ambiguous; of one 23-character line, not found', () => {
    const s = new SnippetLines([ofLength(24), ofLength(23)].join('\n'));
    const at24 = chain([[0, 2]], [2]);
    assert.equal(decide(s, [at24, chain([[0, 20]], [2])], at24), 'ambiguous');
    const at23 = chain([[1, 2]], [2]);
    assert.equal(decide(s, [at23, chain([[1, 20]], [2])], at23), 'not_found');
  });

  it('a weak place is named with its rivals only when every rival is a near-twin: one short-line rival among them and it is not found', () => {
    const s = new SnippetLines(['aa();', ofLength(30)].join('\n'));
    const weak = chain([[1, 2]], [3]);
    const twin = chain([[1, 20]], [3]);
    assert.equal(decide(s, [weak, twin], weak), 'ambiguous');
    assert.equal(decide(s, [weak, twin, chain([[0, 30]], [3])], weak), 'not_found');
  });

  it('an ambiguity names at most ten places in its message, and every place in its result', () => {
    const s = new SnippetLines(['aa();', 'bb();'].join('\n'));
    const places = Array.from({ length: 11 }, (_, i) => chain([[0, 3 * i], [1, 3 * i + 1]], [11, 11]));
    try {
      refuseUnlessClear(doc, s, places, places[0], false);
      assert.fail('applied');
    } catch (err) {
      assert.ok(isEditError(err));
      assert.equal(err.code, 'ambiguous');
      assert.equal((err.result as Extract<FindResult, { kind: 'ambiguous' }>).candidates.length, 11);
      assert.match(err.message, /^The snippet fits 11 places equally well \(lines 1–2, .*, lines 28–29\):/);
      assert.doesNotMatch(err.message, /lines 31–32/);
    }
  });

  it('the place a hint chose is taken without rivals', () => {
    const a = chain([[0, 20], [1, 21]], [1, 1]);
    const b = chain([[0, 2], [1, 3]], [1, 1]);
    assert.equal(decide(snip, [a, b], a), 'ambiguous');
    assert.equal(decide(snip, [a, b], { ...a, byHint: true }), 'clear');
  });
});

describe('snippet place: a hint between equally good places', () => {
  const a = chain([[0, 2], [1, 3]], [2, 2]);
  const b = chain([[0, 19], [1, 24]], [2, 2]);
  const start = (hint: Parameters<typeof choosePlace>[2], places = [a, b]) => {
    const c = choosePlace(doc, places, hint);
    return `${c.startLine}${c.byHint ? ' by hint' : ''}`;
  };

  it('without a hint, or with one no nearer either place, the best (first) place, unmarked', () => {
    assert.equal(start(undefined), '2');
    assert.equal(start(11), '2');
    assert.equal(start(Number.NaN), '2');
    // A hint of null (JSON from an agent's tool call) is no hint, not an error.
    assert.equal(start(null as unknown as undefined), '2');
    // A line that is not a number (a string from JSON) is no hint either: it is never compared as one.
    assert.equal(start({ line: '18' } as unknown as undefined), '2');
  });

  it('a line number, { line } or { offset } chooses the nearer place, marked as chosen by the hint', () => {
    assert.equal(start(18), '19 by hint');
    assert.equal(start(10), '2 by hint');
    assert.equal(start({ line: 12 }), '19 by hint');
    assert.equal(start({ line: 26 }), '19 by hint');
    assert.equal(start({ line: 22 }), '19 by hint');
    assert.equal(start({ offset: doc.lineStart(19) }), '19 by hint');
    assert.equal(start({ offset: 10 ** 9 }), '19 by hint');
    assert.equal(start({ offset: -5 }), '2 by hint');
  });

  it('a clearly better place is taken whatever the hint', () => {
    const strong = chain([[0, 2], [1, 3]], [1, 1]);
    assert.equal(start(20, [strong, chain([[0, 20]], [1])]), '2');
  });
});

describe('snippet place: how places are named', () => {
  it('one line or a range, 1-based', () => {
    assert.equal(lineRange({ startLine: 4, endLine: 4 }), 'line 5');
    assert.equal(lineRange({ startLine: 4, endLine: 6 }), 'lines 5–7');
  });

  it('not found without a closest place says only that', () => {
    const err = notFound(doc);
    assert.equal(err.code, 'not_found');
    assert.equal((err.result as Extract<FindResult, { kind: 'not_found' }>).closest, undefined);
    assert.deepEqual((err.result as Extract<FindResult, { kind: 'not_found' }>).tried, ['snippet']);
    assert.match(err.message, /^No place in the file shares enough lines with the snippet to apply it safely\. Include/);
    assert.doesNotMatch(err.message, /closest/);
  });
});
