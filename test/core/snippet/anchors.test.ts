// Snippet stage: the anchors (anchors.ts) — which snippet lines stand in the file, and the chains of them that
// keep the snippet's order and spacing. A chain is written `j=f j=f` (snippet line j at file line f).
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import { findChains, findOccurrences, MAX_ELIDED, MAX_OCCURRENCES, MAX_UNSHOWN } from '../../../src/core/snippet/anchors';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { isEditError } from '../../../src/core/errors';

const occurrences = (file: string[], snippet: string[]) => findOccurrences(new SourceText(file.join('\n')), new SnippetLines(snippet.join('\n'))).lines;
const chains = (file: string[], snippet: string[]) => {
  const snip = new SnippetLines(snippet.join('\n'));
  return findChains(snip, findOccurrences(new SourceText(file.join('\n')), snip)).map((c) => c.pairs.map(([j, f]) => `${j}=${f}`).join(' '));
};
const filler = (n: number, tag = 'f') => Array.from({ length: n }, (_, i) => `${tag}${i}();`);

describe('snippet anchors: which snippet lines stand in the file', () => {
  it('a line is found where the file has it, spacing and typography aside, in file order', () => {
    assert.deepEqual(occurrences(['a();', 'go(x,  y);', 'b();', '  go(x, y);'], ['go( x, y );']), [[1, 3]]);
    assert.deepEqual(occurrences(['say(“hi”);', 'say("hi");'], ['say("hi");']), [[0, 1]]);
    // Typography at the line's end (its signature's last character differs) and an ellipsis (its length does).
    assert.deepEqual(occurrences(['msg = “hi”', 'msg = "hi"'], ['msg = "hi"']), [[0, 1]]);
    assert.deepEqual(occurrences(['log("wait…");'], ['log("wait...");']), [[0]]);
  });

  it('lines of a CRLF file, and a last line without a line end, are found', () => {
    assert.deepEqual(findOccurrences(new SourceText('one();\r\ntwo();\r\nthree();'), new SnippetLines('two();\nthree();')).lines, [[1], [2]]);
  });

  it('a line with the same length and ends but other characters is not the line', () => {
    assert.deepEqual(occurrences(['gab();', 'gob();'], ['gob();']), [[1]]);
    assert.deepEqual(occurrences(['gab();'], ['gob();']), [undefined]);
  });

  it('markers, braces and blank lines anchor nothing', () => {
    assert.deepEqual(occurrences(['}', '', '// ... existing code ...'], ['}', '', '// ... existing code ...']), [undefined, undefined, undefined]);
  });

  it(`a line found in up to ${MAX_OCCURRENCES} places anchors; in more it anchors nothing`, () => {
    assert.equal(occurrences(Array(MAX_OCCURRENCES).fill('next();'), ['next();'])[0]?.length, MAX_OCCURRENCES);
    assert.equal(occurrences(Array(MAX_OCCURRENCES + 1).fill('next();'), ['next();'])[0], undefined);
  });

  it('several snippet lines looked up in one pass, each with its own places', () => {
    assert.deepEqual(occurrences(['a1();', 'b1();', 'a1();', 'c1();'], ['b1();', 'zz();', 'a1();', 'c1();']), [[1], undefined, [0, 2], [3]]);
  });
});

describe('snippet anchors: chains that keep the snippet’s order and spacing', () => {
  it('lines in the snippet’s order chain; a line before the previous one starts its own chain', () => {
    assert.deepEqual(chains(['one();', 'two();', 'three();'], ['one();', 'two();', 'three();']), ['0=0 1=1 2=2']);
    assert.deepEqual(chains(['two();', 'one();'], ['one();', 'two();']), ['1=0', '0=1']);
  });

  it(`without a marker, up to ${MAX_UNSHOWN} file lines the snippet does not show may stand between two of its lines`, () => {
    assert.deepEqual(chains(['one();', ...filler(MAX_UNSHOWN), 'two();'], ['one();', 'two();']), ['0=0 1=9']);
    assert.deepEqual(chains(['one();', ...filler(MAX_UNSHOWN + 1), 'two();'], ['one();', 'two();']), ['0=0', '1=10']);
  });

  it('the allowance counts from the previous link, not from the snippet’s start', () => {
    const file = ['zero();', 'one();', ...filler(MAX_UNSHOWN + 1), 'two();'];
    assert.deepEqual(chains(file, ['zero();', 'one();', 'two();']), ['0=0 1=1', `2=${MAX_UNSHOWN + 3}`]);
  });

  it('the allowance grows with the snippet lines between the two (new lines take file lines’ places)', () => {
    assert.deepEqual(chains(['one();', ...filler(MAX_UNSHOWN + 1), 'two();'], ['one();', 'new();', 'two();']), ['0=0 2=10']);
    assert.deepEqual(chains(['one();', ...filler(MAX_UNSHOWN + 2), 'two();'], ['one();', 'new();', 'two();']), ['0=0', '2=11']);
  });

  it(`across a marker, up to ${MAX_ELIDED} lines between`, () => {
    const snippet = ['one();', '// ...', 'two();'];
    assert.deepEqual(chains(['one();', ...filler(MAX_ELIDED - 1), 'two();'], snippet), [`0=0 2=${MAX_ELIDED}`]);
    assert.deepEqual(chains(['one();', ...filler(MAX_ELIDED), 'two();'], snippet), ['0=0', `2=${MAX_ELIDED + 1}`]);
  });

  it('a repeated line further on than the snippet puts it, past where the next anchor stands, is skipped: the next anchor is taken', () => {
    // A new guard's `return;` (snippet line 2) stands in this method only further on (line 6), and above it in
    // another (line 0): taken at 6, it left the lines between unpaired, and the other method's chain weighed more.
    const file = ['return;', 'head();', 'len();', 'try();', 'more();', 'xx();', 'yy();', 'return;', 'tail();'];
    const snippet = ['head();', 'len();', 'return;', 'try();', 'more();', 'xx();', 'yy();', 'return;', 'tail();'];
    assert.deepEqual(chains(file, snippet)[0], '0=1 1=2 3=3 4=4 5=5 6=6 7=7 8=8');
    // Where the next anchor stands after it, the line is taken as before; and a line the file has once is that
    // line, moved (a reordered line keeps its place in the chain).
    assert.deepEqual(chains(['return;', 'head();', 'len();', 'xx();', 'return;', 'try();'], ['head();', 'len();', 'return;', 'try();'])[0], '0=1 1=2 2=4 3=5');
    assert.deepEqual(chains(['alpha();', 'gamma();', 'beta();'], ['alpha();', 'beta();', 'gamma();']), ['0=0 1=2']);
  });

  it('a repeated line is matched at the snippet’s distance, not at its first repetition', () => {
    const file = ['start();', 'next();', 'next();', 'next();', 'end();'];
    assert.deepEqual(chains(file, ['start();', 'x();', 'y();', 'next();', 'end();']), ['0=0 3=3 4=4']);
    assert.deepEqual(chains(file, ['start();', 'next();', 'end();']), ['0=0 1=1 2=4']);
  });

  it('the occurrence exactly at the allowance is still a candidate for the snippet’s distance', () => {
    // `next();` 10 lines after `start();` in the snippet: the file's at 1 is 9 off, the one at 18 (10 + 8) is 8 off.
    const file = ['start();', 'next();', ...filler(16), 'next();'];
    assert.deepEqual(chains(file, ['start();', ...filler(9, 'n'), 'next();']), ['0=0 10=18']);
  });

  it('distances and the allowance are measured from the previous link’s file line, wherever it stands', () => {
    // `start();` at file line 1: `next();` 3 snippet lines later matches the one 3 file lines later, not the first.
    assert.deepEqual(chains(['zz();', 'start();', 'next();', 'a();', 'next();'], ['start();', 'x();', 'y();', 'next();']), ['0=1 3=4']);
    // 10 lines later in the snippet: the one 18 lines on (10 + 8, exactly the allowance) is nearer than the one 1 on.
    assert.deepEqual(chains(['zz();', 'start();', 'next();', ...filler(16), 'next();'], ['start();', ...filler(9, 'n'), 'next();']), ['0=1 10=19']);
    // 20 lines later: the one 30 lines on is nearer the snippet's distance but beyond the allowance (28): not taken.
    assert.deepEqual(chains(['zz();', 'start();', 'next();', ...filler(28), 'next();'], ['start();', ...filler(19, 'n'), 'next();']), ['0=1 20=2', '20=31']);
  });

  it('of two occurrences equally far from the snippet’s distance, the first', () => {
    assert.deepEqual(chains(['start();', 'a();', 'next();', 'b();', 'next();'], ['start();', 'x();', 'y();', 'next();']), ['0=0 3=2', '3=4']);
  });

  it('a line the snippet repeats takes the next file line each time, never the same one twice', () => {
    assert.deepEqual(chains(['aa();', 'bb();', 'bb();'], ['aa();', 'bb();', 'bb();']), ['0=0 1=1 2=2']);
  });

  it('a chain that shares only its first file line with a heavier one overlaps it: dropped', () => {
    assert.deepEqual(chains(['aa();', 'bb();', 'cc();'], ['aa();', 'bb();', 'bb();']), ['0=0 1=1']);
  });

  it('a lighter chain that ends on the first file line of a heavier one overlaps it too: dropped, never a rival place', () => {
    assert.deepEqual(chains(['qq();', 'aa();', 'bb();', 'cc();'], ['aa();', 'bb();', 'cc();', 'qq();', 'aa();']), ['0=1 1=2 2=3']);
  });

  it('across a marker the nearest occurrence is taken (the marker stands for what lies between)', () => {
    const file = ['start();', 'next();', 'a();', 'next();', 'b();', 'c();', 'd();'];
    assert.deepEqual(chains(file, ['start();', '// ...', 'z();', 'z();', 'z();', 'next();']), ['0=0 5=1', '5=3']);
  });

  it('the nearest to the snippet’s distance is looked for only within the allowance', () => {
    // The snippet has `next();` 11 lines after `start();`: the file's at 1 is taken, not the one at 22 beyond 11 + 8.
    const file = ['start();', 'next();', ...filler(20), 'next();'];
    assert.deepEqual(chains(file, ['start();', ...filler(10, 'n'), 'next();']), ['0=0 11=1', '11=22']);
  });

  it('places are the heaviest first, and never overlap: a lighter chain inside a heavier one is dropped', () => {
    // `gamma();` at 1 comes before `beta();` in the file: its own chain, inside the span of 0=0 1=2.
    assert.deepEqual(chains(['alpha();', 'gamma();', 'beta();'], ['alpha();', 'beta();', 'gamma();']), ['0=0 1=2']);
    assert.deepEqual(chains(['gamma();', 'alpha();', 'beta();'], ['alpha();', 'beta();', 'gamma();']), ['0=1 1=2', '2=0']);
  });

  it('of equally heavy chains the tightest (fewest unshown file lines) comes first, then the longer, then the first in the file', () => {
    const loose = ['a1();', 'skip();', 'a2();'];
    const tight = ['a1();', 'a2();'];
    assert.deepEqual(chains([...loose, 'zz();', ...tight], ['a1();', 'a2();']), ['0=4 1=5', '0=0 1=2']);
    assert.deepEqual(chains([...tight, 'zz();', ...tight], ['a1();', 'a2();']), ['0=0 1=1', '0=3 1=4']);
    // One unique line (weight 1) against two lines found twice each (1/2 + 1/2): the two-line chains first.
    assert.deepEqual(chains(['solo();', 'pp();', 'qq();', 'a();', 'pp();', 'qq();'], ['pp();', 'qq();', 'solo();']), ['0=1 1=2', '0=4 1=5', '2=0']);
  });

  it('a chain records how often each line stands in the file, its weight and its excess', () => {
    const snip = new SnippetLines(['a1();', 'b1();', 'c1();'].join('\n'));
    const [c] = findChains(snip, findOccurrences(new SourceText(['a1();', 'x();', 'b1();', 'c1();', 'c1();'].join('\n')), snip));
    assert.deepEqual(c.counts, [1, 1, 2]);
    assert.equal(c.weight, 2.5);
    assert.equal(c.excess, 1);
    assert.deepEqual([c.startLine, c.endLine], [0, 3]);
  });

  it('the excess is measured between links wherever the chain starts in the snippet', () => {
    const snip = new SnippetLines(['new();', 'a1();', 'b1();'].join('\n'));
    const [c] = findChains(snip, findOccurrences(new SourceText(['a1();', 'x();', 'b1();'].join('\n')), snip));
    assert.deepEqual(c.pairs, [[1, 0], [2, 2]]);
    assert.equal(c.excess, 1);
  });

  it('the excess does not count lines under a marker', () => {
    const snip = new SnippetLines(['a1();', '// ...', 'b1();'].join('\n'));
    const [c] = findChains(snip, findOccurrences(new SourceText(['a1();', 'x();', 'y();', 'b1();'].join('\n')), snip));
    assert.equal(c.excess, 0);
  });
});

describe('snippet anchors: the work is bounded', () => {
  it('a snippet so repetitive that growing chains would take more than 2,000,000 steps is refused as too_large', () => {
    // 360 lines, each 32 times in the file, in reverse order: no occurrence links to a later snippet line, so every
    // one of the 11,520 occurrences starts a chain that tries all the lines after it (16 × 360 × 359 steps).
    const names = Array.from({ length: 360 }, (_, k) => `step${k}Call();`);
    const file = names.slice().reverse().flatMap((l) => Array<string>(32).fill(l));
    const snip = new SnippetLines(names.join('\n'));
    const occ = findOccurrences(new SourceText(file.join('\n')), snip);
    assert.throws(
      () => findChains(snip, occ),
      (err) => isEditError(err) && err.code === 'too_large' && /too repetitive to place safely/.test(err.message),
    );
  });
});
