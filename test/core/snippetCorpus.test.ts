// The snippet corpus (test/corpus/snippetGenerator.ts) and the engine on it: reproducible cases whose ideal is a
// real edit of the intended unit, no silent wrong result on any case, and exact results on at least 95 % of the
// cases where applying is right (fixed seed).

import { strict as assert } from 'node:assert';
import { generateSnippetCases, SNIPPET_APPLY_STYLES, SNIPPET_REFUSE_STYLES, SNIPPET_STYLES, type SnippetCase } from '../corpus/snippetGenerator';
import { scoreSnippetCase, type SnippetScore } from '../corpus/snippetScore';

describe('snippet corpus', function () {
  this.timeout(120_000);
  let cases: SnippetCase[];
  let scores: Map<string, SnippetScore>;
  before(() => {
    cases = generateSnippetCases();
    scores = new Map(cases.map((c) => [c.id, scoreSnippetCase(c)]));
  });

  it('is reproducible and has every style', () => {
    const again = generateSnippetCases();
    assert.deepEqual(
      again.map((c) => [c.id, c.snippet, c.content.length, c.ideal]),
      cases.map((c) => [c.id, c.snippet, c.content.length, c.ideal]),
    );
    for (const style of SNIPPET_STYLES) assert.ok(cases.filter((c) => c.style === style).length >= 30, `${style} has cases`);
  });

  it("every apply case's ideal changes the document, and only within its target unit", () => {
    for (const c of cases.filter((x) => x.expect === 'apply')) {
      assert.notEqual(c.ideal, c.content, c.id);
      const a = c.content.split('\n');
      const b = c.ideal!.split('\n');
      let p = 0;
      while (a[p] === b[p]) p++;
      let s = 0;
      while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
      assert.ok(p >= c.target!.startLine && a.length - 1 - s <= c.target!.endLine + 1, `${c.id}: ideal edits lines ${p}–${a.length - 1 - s}`);
    }
  });

  it('no silent wrong result: nothing written where refusing is right, nothing outside the unit, never "applied" with nothing changed', () => {
    const wrong = cases.filter((c) => scores.get(c.id)!.outcome === 'wrong').map((c) => `${c.id} (${c.note})`);
    assert.deepEqual(wrong, []);
  });

  it('refuses every refuse case', () => {
    for (const style of SNIPPET_REFUSE_STYLES) {
      const cs = cases.filter((c) => c.style === style);
      assert.ok(cs.every((c) => scores.get(c.id)!.outcome === 'refused'), style);
    }
    // The reason given matches the construction for nearly all: twins are ambiguous, foreign code not found.
    const refuse = cases.filter((c) => c.expect === 'refuse');
    const coded = refuse.filter((c) => scores.get(c.id)!.codeOk).length;
    assert.ok(coded / refuse.length >= 0.95, `${coded}/${refuse.length} refused with the expected code`);
  });

  it('applies at least 95 % of the apply cases exactly (and at least 85 % of each style)', () => {
    const apply = cases.filter((c) => c.expect === 'apply');
    const exact = apply.filter((c) => scores.get(c.id)!.outcome === 'exact').length;
    assert.ok(exact / apply.length >= 0.95, `${exact}/${apply.length} exact`);
    for (const style of SNIPPET_APPLY_STYLES) {
      const cs = apply.filter((c) => c.style === style);
      const n = cs.filter((c) => scores.get(c.id)!.outcome === 'exact').length;
      assert.ok(n / cs.length >= 0.85, `${style}: ${n}/${cs.length} exact`);
    }
  });
});
