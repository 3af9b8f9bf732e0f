// The line-window search (searchLines) against its definition: a window is a run of file lines whose keys equal
// the old text's, line for line (blank lines stepped over on both sides when the equivalence ignores them). The
// search is fast by prefilters (a line's shape and ends, a line equal once trimmed, one pass instead of one walk
// per candidate): none of them may change which windows are found or how their lines pair.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Budget } from '../../src/core/budget';
import { isEditError } from '../../src/core/errors';
import { SourceText } from '../../src/core/document';
import { canonicalLine, collapseWhitespace, isBlank } from '../../src/core/normalize';
import { isOnePass, linesContaining, MAX_TOKEN_LINES, probeOf, searchLines, someLineHoldingHasKey, type LineEquivalence, type LineWindow } from '../../src/core/lineSearch';
import { propertyRuns } from '../support/properties';

const EQUIVALENCES: Record<string, LineEquivalence> = {
  exact: { key: (l) => l, ignoreBlankLines: false },
  trimmed: { key: (l) => l.trim(), ignoreBlankLines: false, ignoresLineEdges: true },
  'trim start': { key: (l) => l.trimStart(), ignoreBlankLines: false },
  whitespace: { key: collapseWhitespace, ignoreBlankLines: true, ignoresLineEdges: true },
  canonical: { key: canonicalLine, ignoreBlankLines: true, ignoresLineEdges: true },
};

/** The definition, by brute force: every start line, every needle line compared. */
function reference(lines: string[], needle: string[], eq: LineEquivalence): string[] {
  const found: string[] = [];
  const js = needle.map((_, j) => j).filter((j) => !eq.ignoreBlankLines || !isBlank(needle[j]));
  const fs = lines.map((_, f) => f).filter((f) => !eq.ignoreBlankLines || !isBlank(lines[f]));
  for (let s = 0; s + js.length <= fs.length; s++) {
    if (!eq.ignoreBlankLines && s + needle.length > lines.length) break;
    const at = (t: number) => (eq.ignoreBlankLines ? fs[s + t] : s + js[t]);
    if (js.every((j, t) => eq.key(lines[at(t)]) === eq.key(needle[j]))) found.push(show({ startLine: at(0), endLine: at(js.length - 1), pairs: new Map(js.map((j, t) => [j, at(t)])) }));
  }
  return found;
}

const show = (w: LineWindow) => `${w.startLine}-${w.endLine}:${[...w.pairs].sort((a, b) => a[0] - b[0]).join(' ')}`;

/**
 * Both ways of searching: from each candidate line, and the one pass (chosen when candidates × needle lines
 * outgrow the file; it reads no candidate: a list of zeros shows it). The candidates come twice and last line
 * first: each window is listed once, in file order. The two ways record a window's pairs in the same order.
 */
function search(lines: string[], needle: string[], eq: LineEquivalence, anchor: number) {
  const doc = new SourceText(lines.join('\n'));
  const every = Array.from({ length: lines.length }, (_, f) => f);
  const perCandidate = searchLines(doc, needle, eq, anchor, [...every].reverse().concat(every));
  const many = new Array<number>(2 * lines.length + 1001).fill(0);
  assert.ok(isOnePass(doc, needle.length, many.length));
  const onePass = searchLines(new SourceText(lines.join('\n')), needle, eq, anchor, many);
  const inOrder = (w: LineWindow) => `${w.startLine}-${w.endLine}:${[...w.pairs].join(' ')}`;
  for (const w of [...perCandidate, ...onePass]) assert.equal(w.pairs.size, [...w.pairs].length, 'a window counts the pairs it lists');
  assert.deepEqual(onePass.map(inOrder), perCandidate.map(inOrder));
  return { perCandidate: perCandidate.map(show), onePass: onePass.map(show) };
}

// Lines and the lines each equivalence may take for them: spacing inside and around (a tab, a form feed),
// typographic quotes (at the ends too), characters past ASCII, blank lines of spaces.
const VARIANTS = [
  ['x = 1;', '  x = 1;', 'x  =  1;', '\tx = 1;', 'x = 1; ', '\fx = 1;'],
  ['y = 2;', '  y = 2;'],
  ['}', '  }'],
  ['', '   '],
  ['say(“hi”);', 'say("hi");', '  say("hi");'],
  ['"hi"', '“hi”'],
  ['x = "hi"', 'x = “hi”'],
  ['“x” = 1', '"x" = 1'],
  ['“”', '""'],
  ['é = 1;', ' é = 1;'],
  ['x = é;'],
];
const LINES = VARIANTS.flat();
const variantOf = (line: string, pick: number) => {
  const group = VARIANTS.find((g) => g.includes(line))!;
  return group[pick % group.length];
};

function check(lines: string[], needle: string[], eq: LineEquivalence, pick: number) {
  const anchors = needle.map((_, j) => j).filter((j) => !eq.ignoreBlankLines || !isBlank(needle[j]));
  if (anchors.length === 0) return;
  const anchor = anchors[pick % anchors.length];
  const expected = reference(lines, needle, eq);
  const { perCandidate, onePass } = search(lines, needle, eq, anchor);
  assert.deepEqual(perCandidate, expected);
  assert.deepEqual(onePass, expected);
}

describe('line search: the windows are those of the definition, however they are found', () => {
  for (const [name, eq] of Object.entries(EQUIVALENCES)) {
    it(`property (${name}): per-candidate search and one pass both find exactly the windows, with their pairs`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 24 }),
          fc.nat(),
          fc.nat(),
          fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
          fc.array(fc.constantFrom(...LINES), { maxLength: 2 }),
          (lines, from, length, picks, noise) => {
            const start = from % lines.length;
            // A piece of the file, its lines written as one of their variants, sometimes with a line or two more.
            const piece = lines.slice(start, start + 1 + (length % 5)).map((l, j) => (picks[j] % 3 === 0 ? variantOf(l, picks[j]) : l));
            check(lines, [...piece, ...noise.slice(0, length % 3)], eq, picks[7]);
          },
        ),
        propertyRuns(200),
      );
    });
  }

  it('property: repetitive files (two or three kinds of line) — overlapping windows, a pattern that repeats itself', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a();', 'b();', '  a();', ''), { minLength: 1, maxLength: 40 }),
        fc.array(fc.constantFrom('a();', 'b();', ''), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...Object.values(EQUIVALENCES)),
        fc.nat(),
        (lines, needle, eq, pick) => check(lines, needle, eq, pick),
      ),
      propertyRuns(300),
    );
  });
});

describe('line search: a line is skipped unkeyed only when no key can be its own', () => {
  it('a line that starts and ends with typographic quotes is keyed (its canonical ends are ASCII), in one pass as from a candidate', () => {
    const lines = ['x = 1;', '“hi”', 'y = 2;', 'say(“hi”);'];
    const canonical = EQUIVALENCES.canonical;
    assert.deepEqual(search(lines, ['x = 1;', '"hi"', 'y = 2;'], canonical, 0), { perCandidate: ['0-2:0,0 1,1 2,2'], onePass: ['0-2:0,0 1,1 2,2'] });
    assert.deepEqual(search(lines, ['say("hi");'], canonical, 0), { perCandidate: ['3-3:0,3'], onePass: ['3-3:0,3'] });
    assert.deepEqual(search(['x = 1;', '“hi”;'], ['"hi";'], canonical, 0), { perCandidate: ['1-1:0,1'], onePass: ['1-1:0,1'] });
  });

  it('whitespace inside a line (a vertical tab, a form feed, a lone carriage return) is not part of its shape', () => {
    const lines = ['x = 1;', 'y\v=\f2\r;', 'z = 3;'];
    assert.deepEqual(search(lines, ['x = 1;', 'y = 2;'], EQUIVALENCES.whitespace, 0), { perCandidate: ['0-1:0,0 1,1'], onePass: ['0-1:0,0 1,1'] });
  });
});

describe('line search: a window the equivalence’s last check refuses is no window, however found', () => {
  it('acceptWindow is asked in one pass as from each candidate', () => {
    const notFirst: LineEquivalence = { key: (l) => l.trim(), ignoreBlankLines: false, acceptWindow: (_, w) => w.startLine !== 0 };
    assert.deepEqual(search(['a();', 'b();', 'a();', 'b();'], ['a();', 'b();'], notFirst, 0), { perCandidate: ['2-3:0,2 1,3'], onePass: ['2-3:0,2 1,3'] });
  });
});

describe('line search: a window never runs past either end of the file', () => {
  const exact = EQUIVALENCES.exact;
  const blanksIgnored = EQUIVALENCES.whitespace;
  it('lines compared one for one: the old text’s last lines past the file’s end, or its first before its start', () => {
    const lines = ['a();', 'b();'];
    assert.deepEqual(search(lines, ['b();', ''], exact, 0).perCandidate, []);
    assert.deepEqual(search(lines, ['', 'a();'], exact, 1).perCandidate, []);
  });

  it('past the last line there is no line either (a line key there reads the whole text)', () => {
    // Line 2 of a two-line file, read as a line, is "x\nab": `x ab` once whitespace is collapsed.
    const collapsed: LineEquivalence = { key: collapseWhitespace, ignoreBlankLines: false };
    assert.deepEqual(search(['x', 'ab'], ['ab', 'x ab'], collapsed, 0).perCandidate, []);
  });

  it('blank lines stepped over: the walk stops at the file’s ends', () => {
    const lines = ['', 'a();', 'b();', ''];
    assert.deepEqual(search(lines, ['b();', 'c();'], blanksIgnored, 0).perCandidate, []);
    assert.deepEqual(search(lines, ['z();', 'a();'], blanksIgnored, 1).perCandidate, []);
    assert.deepEqual(search(lines, ['a();', '', 'b();'], blanksIgnored, 2).perCandidate, ['1-2:0,1 2,2']);
  });

  it('before the first line there is no line (not the text up to its last character, which a line key of −1 reads)', () => {
    // Walking back over line 0 (blank) reaches −1; read as a line it is "\na();\nb();", which equals `a();b();` once
    // whitespace is dropped: a window that started before the file.
    assert.deepEqual(search(['', 'a();', 'b(); '], ['a();b();', 'a();', 'b();'], blanksIgnored, 1).perCandidate, []);
    // Lines compared one for one: the old text's first line would be line −1 (`x\na` read as a line, `x a` once
    // whitespace is collapsed).
    const collapsed: LineEquivalence = { key: collapseWhitespace, ignoreBlankLines: false };
    assert.deepEqual(search(['x', 'ab'], ['x a', 'x'], collapsed, 1).perCandidate, []);
  });
});

describe('line search: the lines holding a word (linesContaining)', () => {
  const doc = () => new SourceText(['foo(foo);', 'bar();', '', 'x = foo;', 'foo', 'bar(foo);'].join('\n'));
  it('every line holding it, once each and in order, the last line included; without a word, every line', () => {
    assert.deepEqual(linesContaining(doc(), 'foo'), [0, 3, 4, 5]);
    assert.deepEqual(linesContaining(doc(), 'bar('), [1, 5]);
    assert.deepEqual(linesContaining(doc(), 'nowhere'), []);
    assert.deepEqual(linesContaining(doc(), undefined), [0, 1, 2, 3, 4, 5]);
  });

  it('a list cut at its limit holds the first lines; another limit is another list', () => {
    const d = doc();
    assert.deepEqual(linesContaining(d, 'foo', 2), [0, 3]);
    assert.deepEqual(linesContaining(d, 'foo', 3), [0, 3, 4]);
    assert.deepEqual(linesContaining(d, 'foo'), [0, 3, 4, 5]);
    // The full list made first serves a shorter limit, cut to it.
    const e = doc();
    assert.deepEqual(linesContaining(e, 'foo'), [0, 3, 4, 5]);
    assert.deepEqual(linesContaining(e, 'foo', 2), [0, 3]);
  });
});

describe('line search: the scan for a word looks for a piece from its rarest letter, then the whole word', () => {
  it('the piece starts at a capital, else the rarest small letter, digits last, and keeps three characters', () => {
    assert.equal(probeOf('reconcileInventory'), 9, 'the capital I');
    assert.equal(probeOf('checker'), 4, 'k, the rarest letter there');
    assert.equal(probeOf('limit29'), 2, 'm: digits are the commonest characters of a file of numbered names');
    assert.equal(probeOf('Discrepancy'), 0, 'the first of equals');
    assert.equal(probeOf('beak'), 0, 'not k: a piece of one character stands everywhere');
    assert.equal(probeOf('eat'), 0, 'a word of three characters is its own piece');
  });

  it('a piece standing far more often than the word gives way to the word: every line holding it, in order', () => {
    // The piece of `Qabcdefgh` is `Qabcde`: it stands on every line, the word on four (the last after the switch).
    assert.equal(probeOf('Qabcdefgh'), 0);
    const lines = Array.from({ length: 2000 }, (_, i) => (i % 500 === 7 ? `x = Qabcdefgh;` : `y = Qabcdexx(Qabcdeyy);`));
    assert.deepEqual(linesContaining(new SourceText(lines.join('\n')), 'Qabcdefgh'), [7, 507, 1007, 1507]);
    assert.deepEqual(linesContaining(new SourceText(lines.join('\n')), 'Qabcdefgh', 3), [7, 507, 1007]);
  });

  it('lines holding the piece but not the word are passed over; a word at a line start or end is found', () => {
    // The piece of `isBindingPattern` is `Bindin`: lines 1 and 3 hold it without the word.
    const doc = new SourceText(['isBindingPattern(x)', 'Binding', 'y = isBindingPattern', 'notBindingPattern isBindingPatter', 'isBindingPattern isBindingPattern'].join('\n'));
    assert.deepEqual(linesContaining(doc, 'isBindingPattern'), [0, 2, 4]);
  });

  it('property: the lines holding a word are those of the definition, whatever the piece looked for', () => {
    const word = fc.stringMatching(/^[aekzIB_1]{1,9}$/);
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(word, fc.constantFrom(' ', '(', '\t')), { maxLength: 6 }).map((ws) => ws.join('')), { maxLength: 25 }), word, (lines, token) => {
        const doc = new SourceText(lines.join('\n'));
        const expected = lines.flatMap((l, f) => (l.includes(token) ? [f] : []));
        assert.deepEqual(linesContaining(doc, token), expected);
        assert.deepEqual(linesContaining(new SourceText(lines.join('\n')), token, 2), expected.slice(0, 2));
      }),
      propertyRuns(500),
    );
  });
});

describe('line search: whether a line holding a word has a key (someLineHoldingHasKey)', () => {
  const canonical = EQUIVALENCES.canonical;
  it('every line holding the word is looked at, past any list limit: the one line with the key is found at the end', () => {
    // 25,000 lines hold `validate` (more than a list keeps), and only the last is `validate: false,` once canonical.
    const lines = [...Array.from({ length: 25_000 }, () => '    validate: true,'), '\u00a0 validate:\tfalse ,'];
    const doc = new SourceText(lines.join('\n'));
    assert.equal(linesContaining(doc, 'validate').length, MAX_TOKEN_LINES, 'the list is cut');
    assert.equal(someLineHoldingHasKey(doc, 'validate', 'validate: false ,', canonical), true);
    assert.equal(someLineHoldingHasKey(doc, 'validate', 'validate: maybe,', canonical), false);
  });

  it('is its definition on generated files, for every equivalence, each line looked at charged', () => {
    const line = fc.constantFrom('a = b;', '  a = b;', 'a  =  b;', 'a = “b”;', 'ab = b;', '\ta = c;', 'b;', '', 'a=b;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), line, fc.constantFrom(...Object.keys(EQUIVALENCES)), (lines, wanted, name) => {
        const eq = EQUIVALENCES[name];
        const doc = new SourceText(lines.join('\n'));
        const holding = lines.map((_, f) => f).filter((f) => lines[f].includes('a'));
        const budget = new Budget(1000);
        const expected = holding.some((f) => eq.key(lines[f]) === eq.key(wanted));
        assert.equal(someLineHoldingHasKey(doc, 'a', wanted, eq, budget), expected);
        if (!expected) assert.equal(budget.used, holding.length, 'every line holding the word, once');
      }),
      propertyRuns(300),
    );
  });
});

describe('line search: its work is charged to the budget, so a search too large ends in too_large', () => {
  const exact: LineEquivalence = { key: (l) => l, ignoreBlankLines: false };
  const lines = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'a();' : 'b();'));
  const tooLarge = (run: () => unknown) => assert.throws(run, (e) => isEditError(e) && e.code === 'too_large');

  it('from each candidate: every line compared counts (40 candidates × 2 lines spend more than 30)', () => {
    const doc = new SourceText(lines.join('\n'));
    const every = lines.map((_, f) => f);
    tooLarge(() => searchLines(doc, ['a();', 'b();'], exact, 0, every, new Budget(30)));
    const budget = new Budget(1000);
    assert.equal(searchLines(doc, ['a();', 'b();'], exact, 0, every, budget).length, 20);
    assert.ok(budget.used >= 40, `spent ${budget.used}`);
  });

  it('in one pass: the file’s lines count, and each window’s', () => {
    const doc = new SourceText(lines.join('\n'));
    const many = new Array<number>(2000).fill(0);
    assert.ok(isOnePass(doc, 2, many.length));
    tooLarge(() => searchLines(doc, ['a();', 'b();'], exact, 0, many, new Budget(39)));
    const budget = new Budget(100_000);
    assert.equal(searchLines(doc, ['a();', 'b();'], exact, 0, many, budget).length, 20);
    // Each line keyed is charged as the normalisation it is, far more than a comparison.
    assert.ok(budget.used >= 40 + 2 * 20 + 40 * 64, `spent ${budget.used}`);
  });
});

describe('line search: candidates may come as any iterable', () => {
  it('a Set of candidate lines finds what the same lines as an array find', () => {
    const doc = new SourceText(['a();', 'b();', 'a();', 'b();'].join('\n'));
    const eq: LineEquivalence = { key: (l) => l, ignoreBlankLines: false };
    const fromSet = searchLines(doc, ['a();', 'b();'], eq, 0, new Set([2, 0]));
    assert.deepEqual(fromSet.map((w) => [w.startLine, w.endLine]), [[0, 1], [2, 3]]);
  });
});
