// placesOfAll against its definition, a loop of indexOf per text: the same places, overlapping ones and texts
// standing inside one another included, the first `limit` of each, from any start. And a batch of many one-line
// edits (which uses it) resolves each edit as it resolves alone.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { placesOfAll } from '../../src/core/multiSearch';
import { resolveBatch, type FileEdit } from '../../src/core';
import { propertyRuns } from '../support/properties';

function reference(content: string, text: string, from: number, limit: number): number[] {
  const found: number[] = [];
  for (let at = content.indexOf(text, from); at !== -1 && found.length < limit; at = content.indexOf(text, at + 1)) found.push(at);
  return found;
}

describe('multiSearch: placesOfAll', () => {
  it('texts inside one another and overlapping: every place of each', () => {
    const places = placesOfAll('she sells sea shells', ['she', 'he', 'hell', 'sea s', 'x', 'e'], 0, 100)!;
    for (const t of ['she', 'he', 'hell', 'sea s', 'x', 'e']) assert.deepEqual(places.get(t), reference('she sells sea shells', t, 0, 100), t);
  });

  it('matches a loop of indexOf per text (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n', '\u00e9'), maxLength: 6 });
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n', '\u00e9'), maxLength: 300 }), fc.array(text, { maxLength: 12 }), fc.nat({ max: 40 }), fc.integer({ min: 1, max: 20 }), (content, texts, from, limit) => {
        const places = placesOfAll(content, texts, from, limit);
        if (!places) return;
        for (const t of texts) if (t) assert.deepEqual(places.get(t), reference(content, t, from, limit), JSON.stringify(t));
      }),
      propertyRuns(300),
    );
  });

  it('gives up (undefined) when texts ending in one another would report more places than a few passes', () => {
    const texts = Array.from({ length: 200 }, (_, i) => 'a'.repeat(i + 1));
    assert.equal(placesOfAll('a'.repeat(10_000), texts, 0, 1000), undefined);
  });
});

describe('batch: many one-line edits to one file', () => {
  it('each resolves as it does alone: unique, ambiguous (inside other lines too), absent', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `  v${i} = f(${i});`);
    const content = [...lines, '  // v7 = f(7); in a comment', ''].join('\n');
    const edits: FileEdit[] = lines.map((l, i) => ({ kind: 'replace', path: 'a.ts', oldString: i === 5 ? 'v999 = f(999);' : l.trim(), newString: `v${i} = g(${i});` }) as FileEdit);
    const many = resolveBatch(new Map([['a.ts', content]]), edits).outcomes;
    const alone = edits.map((e) => resolveBatch(new Map([['a.ts', content]]), [e]).outcomes[0]);
    const summary = (o: (typeof many)[number]) => (o.status === 'resolved' ? `resolved ${o.spans.map((s) => `${s.start}-${s.end}:${s.text}`).join()}` : `${o.status} ${'code' in o ? o.code : ''}`);
    assert.deepEqual(many.map(summary), alone.map((o, i) => summary({ ...o, index: i })));
    assert.match(summary(many[7]), /refused ambiguous/);
    assert.match(summary(many[5]), /refused not_found/);
    assert.match(summary(many[8]), /^resolved/);
  });
});
