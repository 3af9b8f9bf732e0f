import { match, ok, strictEqual } from 'node:assert';
import type { Match } from '../../src/core';
import { correctionPrompt, refusalWords } from '../../src/extension/messages/refusalText';

const file = ['class Cart {', '  total() {', '    let sum = 0;', '    for (const l of this.lines) sum += l.price;', '    return sum;', '  }', '}', ''].join('\n');

const notFound = {
  kind: 'not_found' as const,
  tried: ['exact', 'similarity'] as Match['tier'][],
  closest: { start: 13, end: 104, startLine: 1, endLine: 4, score: 0.634, text: '', firstDifference: { line: 3, expected: 'for (const line of this.items) sum += line.cost;', actual: '    for (const l of this.lines) sum += l.price;' } },
};

function cand(startLine: number, endLine: number): Match {
  return { startLine, endLine } as Match;
}

describe('refusals for a person (refusalText)', () => {
  it('not found: plain words with the file, the closest lines and the similarity; no tier list', () => {
    const words = refusalWords({ result: notFound, fileName: 'cart.ts', text: file });
    match(words, /^Couldn't find this code in cart\.ts — the closest place, lines 2–5, is 63 % similar/);
    match(words, /Nothing was changed\./);
    strictEqual(/similarity|exact|tried/.test(words), false, words);
  });

  it('ambiguous: how many places and where, and the label of an edit among several', () => {
    const words = refusalWords({ result: { kind: 'ambiguous', tier: 'exact', candidates: [cand(0, 1), cand(5, 6)] }, fileName: 'a.ts', text: file, label: 'Edit 2 of 3' });
    strictEqual(words, 'Edit 2 of 3: This code appears in 2 places in a.ts (lines 1–2, 6–7), so it is unclear which one to change. Nothing was changed.');
  });

  it('ambiguous with more places than the engine listed: every place counted, the first named, the rest as a number', () => {
    const listed = Array.from({ length: 1000 }, (_, i) => cand(3 * i, 3 * i));
    const words = refusalWords({ result: { kind: 'ambiguous', tier: 'elision', candidates: listed, places: 9999 }, fileName: 'a.ts', text: file });
    strictEqual(words, 'This code appears in 9999 places in a.ts (lines 1, 4, 7, 10, 13 and 9994 more), so it is unclear which one to change. Nothing was changed.');
  });

  it("the correction quotes the file's actual lines at the closest place, fenced, and the first difference", () => {
    const prompt = correctionPrompt({ result: notFound, fileName: 'cart.ts', text: file, languageId: 'typescript' });
    match(prompt, /did not apply/);
    ok(prompt.includes('```typescript\n  total() {\n    let sum = 0;\n    for (const l of this.lines) sum += l.price;\n    return sum;\n```'), prompt);
    match(prompt, /the file has "for \(const l of this\.lines\) sum \+= l\.price;"/);
  });

  it('the correction for an ambiguous edit quotes every place with two lines around it', () => {
    const prompt = correctionPrompt({ result: { kind: 'ambiguous', tier: 'exact', candidates: [cand(2, 2), cand(4, 4)] }, fileName: 'cart.ts', text: file });
    ok(prompt.includes('cart.ts, lines 1–5:\n```\nclass Cart {'), prompt);
    ok(prompt.includes('cart.ts, lines 3–7:\n```\n    let sum = 0;'), prompt);
  });

  it('a fence in the file cannot close the quoted block', () => {
    const text = 'a\n```\nb\n';
    const prompt = correctionPrompt({ result: { kind: 'not_found', tried: [], closest: { ...notFound.closest, startLine: 0, endLine: 2, firstDifference: undefined } }, fileName: 'x.md', text });
    ok(prompt.includes('````\na\n```\nb\n````'), prompt);
  });
});
