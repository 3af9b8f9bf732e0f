// lineDiff and boundedPatch against their definitions. A line diff spells out both texts (the lines it keeps or
// removes are the old text, those it keeps or adds the new one, in order); it is Myers' own (jsdiff's) whenever
// Myers finishes within the bound, and past the bound it still keeps the lines that stand once in both. A patch
// applied to the old text gives the new one, and is jsdiff's own whenever jsdiff finishes.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyPatch, diffArrays, structuredPatch } from 'diff';
import { lineDiff, type LineRun } from '../../src/core/lineDiff';
import { diffLines } from '../../src/core/merge';
import { boundedPatch, hunksOf } from '../../src/core/patch';
import { propertyRuns } from '../support/properties';

function sides(runs: LineRun[]): { a: string[]; b: string[] } {
  const a: string[] = [];
  const b: string[] = [];
  for (const r of runs) {
    assert.equal(r.count, r.value.length);
    if (!r.added) a.push(...r.value);
    if (!r.removed) b.push(...r.value);
  }
  return { a, b };
}

const kept = (runs: LineRun[]) => runs.filter((r) => !r.added && !r.removed).flatMap((r) => r.value);

/** `n` lines, each a line of its own (`line 7 of 9`) or, every `every` lines, a line standing once in both texts. */
function rewritten(n: number, every: number): { a: string[]; b: string[] } {
  const a = Array.from({ length: n }, (_, i) => (i % every === 0 ? `anchor ${i}` : `  total += price * qty; // ${i % 7}`));
  const b = a.map((l, i) => (i % every === 0 ? l : `  sum += price * qty; // ${i % 7}`));
  return { a, b };
}

describe('lineDiff: a line diff with bounded work', () => {
  it('small texts: Myers’ own diff (jsdiff), and with the ends taken as equal first, the merge’s', () => {
    const a = ['{', 'a', '}', 'b', '}'];
    const b = ['{', 'a', '}', 'c', 'b', '}'];
    const mine = lineDiff(a, b, false).map((r) => [r.added, r.removed, r.value]);
    const theirs = diffArrays(a, b).map((r) => [!!r.added, !!r.removed, r.value]);
    assert.deepEqual(mine, theirs);
    assert.deepEqual(sides(lineDiff(a, b)), { a, b });
  });

  it('spells out both texts, and is jsdiff’s whenever Myers finishes (property)', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '', 'x = 1;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 40 }), (a, b) => {
        assert.deepEqual(sides(lineDiff(a, b)), { a, b });
        const mine = lineDiff(a, b, false).map((r) => [r.added, r.removed, r.value]);
        const theirs: Array<[boolean, boolean, string[]]> = [];
        for (const r of diffArrays(a, b)) {
          const last = theirs[theirs.length - 1];
          if (last && last[0] === !!r.added && last[1] === !!r.removed) last[2] = [...last[2], ...r.value];
          else theirs.push([!!r.added, !!r.removed, r.value]);
        }
        assert.deepEqual(mine, theirs);
      }),
      propertyRuns(300),
    );
  });

  it('a rewrite of 6,000 lines: past the bound, the lines standing once in both are kept, in order', () => {
    const { a, b } = rewritten(6000, 100);
    const runs = lineDiff(a, b);
    assert.deepEqual(sides(runs), { a, b });
    assert.deepEqual(kept(runs), a.filter((l) => l.startsWith('anchor')));
  });

  it('a rewrite with no line in common: one region, every old line removed and every new one added', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `old ${i % 3}`);
    const b = Array.from({ length: 5000 }, (_, i) => `new ${i % 3}`);
    const runs = lineDiff(['head', ...a, 'tail'], ['head', ...b, 'tail']);
    assert.deepEqual(
      runs.map((r) => [r.added, r.removed, r.count]),
      [
        [false, false, 1],
        [false, true, 5000],
        [true, false, 5000],
        [false, false, 1],
      ],
    );
  });

  it('the merge’s diff is this one', () => {
    const { a, b } = rewritten(3000, 50);
    assert.deepEqual(diffLines(a, b), lineDiff(a, b));
  });
});

describe('boundedPatch: a unified diff with bounded work', () => {
  const text = (lines: string[], end = '\n') => lines.join('\n') + end;

  it('jsdiff’s own patch for an edit of ordinary size', () => {
    const before = text(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
    const after = text(['a', 'B', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'J', 'k'], '');
    assert.deepEqual(boundedPatch('x', 'y', before, after, 2), structuredPatch('x', 'y', before, after, undefined, undefined, { context: 2 }));
  });

  it('past the bound, its hunks still turn the old text into the new one (and are jsdiff’s shape)', () => {
    const { a, b } = rewritten(6000, 100);
    for (const [before, after] of [
      [text(a), text(b)],
      [text(a, ''), text(b)],
      [text(['kept', ...a]), text(['kept', ...b], '')],
    ]) {
      const patch = boundedPatch('a', 'b', before, after, 3);
      assert.equal(applyPatch(before, patch), after);
      for (const h of patch.hunks) {
        assert.equal(h.lines.filter((l) => !l.startsWith('+') && !l.startsWith('\\')).length, h.oldLines);
        assert.equal(h.lines.filter((l) => !l.startsWith('-') && !l.startsWith('\\')).length, h.newLines);
      }
    }
  });

  it('applied to the old text gives the new one, and equals jsdiff’s when small (property)', () => {
    const line = fc.constantFrom('a', 'b', '}', '', 'x = 1;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), fc.boolean(), fc.nat({ max: 4 }), (a, b, endA, context) => {
        const before = text(a, endA ? '\n' : '');
        const after = text(b);
        const patch = boundedPatch('a', 'b', before, after, context);
        assert.equal(applyPatch(before, patch), after);
        assert.deepEqual(patch, structuredPatch('a', 'b', before, after, undefined, undefined, { context }));
      }),
      propertyRuns(300),
    );
  });

  it('its own hunks (made when jsdiff gives up) turn the old text into the new one, small texts too (property)', () => {
    const line = fc.constantFrom('a', 'b', '}', '', 'x = 1;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), fc.boolean(), fc.boolean(), fc.nat({ max: 4 }), (a, b, endA, endB, context) => {
        const before = text(a, endA ? '\n' : '');
        const after = text(b, endB ? '\n' : '');
        const hunks = hunksOf(before, after, context);
        assert.equal(applyPatch(before, { oldFileName: 'a', newFileName: 'b', oldHeader: undefined, newHeader: undefined, hunks }), after);
        if (before === after) assert.deepEqual(hunks, []);
      }),
      propertyRuns(300),
    );
  });

  it('its own hunks are jsdiff’s where the diff is unambiguous: changes joined when their context meets (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.uniqueArray(fc.nat({ max: 39 }), { maxLength: 8 }), fc.nat({ max: 4 }), (n, changed, context) => {
        // Every line stands once: the shortest diff is the only one.
        const a = Array.from({ length: n }, (_, i) => `line ${i}`);
        const b = a.map((l, i) => (changed.includes(i) ? `changed ${i}` : l));
        const [before, after] = [text(a), text(b)];
        assert.deepEqual(hunksOf(before, after, context), structuredPatch('a', 'b', before, after, undefined, undefined, { context }).hunks);
      }),
      propertyRuns(300),
    );
  });
});
