// Snapshot texts are written a part at a time, each part encoded to UTF-8 alone: the parts must join to the text
// and never cut a surrogate pair (half a pair would come back as U+FFFD).
import { deepStrictEqual, ok, strictEqual } from 'node:assert';
import fc from 'fast-check';
import { textParts } from '../../src/core/textParts';
import { propertyRuns } from '../support/properties';

describe('textParts: a long text in parts of a bounded size', () => {
  it('keeps a short text whole and cuts a long one at the size', () => {
    deepStrictEqual(textParts('abc', 3), ['abc']);
    deepStrictEqual(textParts('abcdefg', 3), ['abc', 'def', 'g']);
  });

  it('never cuts a surrogate pair: the pair goes whole into the next part', () => {
    deepStrictEqual(textParts('ab\u{1F600}cd', 3), ['ab', '\u{1F600}c', 'd']);
    const parts = textParts('ab\u{1F600}cd', 3).map((p) => new TextDecoder().decode(new TextEncoder().encode(p)));
    strictEqual(parts.join(''), 'ab\u{1F600}cd', 'each part round-trips through UTF-8');
  });

  it('property: the parts join to the text, each at most the size, none ending inside a pair', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '\u{1F600}', '\n', '\u{10FFFF}'), { maxLength: 60 }), fc.integer({ min: 2, max: 9 }), (chars, size) => {
        const text = chars.join('');
        const parts = textParts(text, size);
        strictEqual(parts.join(''), text);
        for (const p of parts) {
          ok((p.length > 0 || text === '') && p.length <= size, `part of ${p.length}`);
          strictEqual(new TextDecoder().decode(new TextEncoder().encode(p)), p, 'a part is well formed on its own');
        }
      }),
      propertyRuns(300),
    );
  });
});
