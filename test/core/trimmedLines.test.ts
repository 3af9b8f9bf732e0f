// linesTrimmedTo against its definition: the file lines whose trimmed text is one of the given texts. Its
// prefilters (a hash of a line's last four characters, its trimmed length and first character) may only make it
// faster, never lose a line: texts shorter than four characters, whitespace of every kind around and inside a
// line, CRLF line ends, lines at the very start of the file.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SourceText } from '../../src/core/document';
import { linesTrimmedTo } from '../../src/core/trimmedLines';
import { propertyRuns } from '../support/properties';

function reference(content: string, texts: string[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  content.split('\n').forEach((line, f) => {
    const t = line.trim();
    if (!texts.includes(t)) return;
    found.set(t, [...(found.get(t) ?? []), f]);
  });
  return found;
}

const sorted = (m: Map<string, number[]>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('trimmedLines: linesTrimmedTo', () => {
  it('finds a line however it is indented or ended, and only whole lines', () => {
    const doc = new SourceText('  return x;\r\n\treturn x;  \nreturn x; // no\n\u00a0return x;\u2003\nx;\nreturn x;');
    assert.deepEqual(sorted(linesTrimmedTo(doc, ['return x;'])), [['return x;', [0, 1, 3, 5]]]);
  });

  it('texts shorter than four characters are found too (the hash of line ends is off for them)', () => {
    const doc = new SourceText('a = 1;\n  x;\n\tx;\n xy;\nx;');
    assert.deepEqual(sorted(linesTrimmedTo(doc, ['x;', 'a = 1;'])), [['a = 1;', [0]], ['x;', [1, 2, 4]]]);
  });

  it('a text of four characters exactly, on the first line of the file and after a short line', () => {
    const doc = new SourceText('ab;}\n}\nab;}\n  ab;}');
    assert.deepEqual(sorted(linesTrimmedTo(doc, ['ab;}'])), [['ab;}', [0, 2, 3]]]);
  });

  it('no texts, no lines', () => {
    assert.equal(linesTrimmedTo(new SourceText('a\nb'), []).size, 0);
  });

  it('is its definition on generated files and texts', () => {
    const char = fc.constantFrom('a', 'b', ';', '}', ' ', '\t', '\u00a0', '\r', '(', ')');
    const line = fc.array(char, { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { minLength: 1, maxLength: 4 }), (lines, picked) => {
        const content = lines.join('\n');
        // Texts are trimmed and not empty; half of them taken from the file, so that they are found.
        const texts = [...new Set([...picked, ...lines.filter((_, i) => i % 2 === 0)].map((t) => t.trim()).filter(Boolean))];
        assert.deepEqual(sorted(linesTrimmedTo(new SourceText(content), texts)), sorted(reference(content, texts)));
      }),
      propertyRuns(500),
    );
  });
});
