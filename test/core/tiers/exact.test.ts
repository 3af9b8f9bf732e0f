// The exact and trimmed-boundary tiers and the occurrence search under them (src/core/tiers/{exact,
// trimmedBoundary,substring}.ts): every occurrence, overlapping ones included, in an LF or a CRLF file, never
// inside the byte-order mark.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, type FindResult } from '../../../src/core';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { occurrences } from '../../../src/core/tiers/substring';
import { trimmedBoundaryTier } from '../../../src/core/tiers/trimmedBoundary';

const found = (r: FindResult) =>
  r.kind === 'match' ? { tier: r.match.tier, span: [r.match.start, r.match.end], normalized: r.match.normalized } : r.kind === 'ambiguous' ? r.candidates.map((c) => c.start) : r.kind;
const CRLF = 'a();\r\nb();\r\nc();\r\nd();\r\n';

describe('exact: every occurrence', () => {
  it('overlapping occurrences are two places: ambiguous', () => {
    assert.deepEqual(found(findMatch('xx ababab\n', 'abab')), [3, 5]);
  });

  it('a text of three lines found twice through the line index: both places', () => {
    assert.deepEqual(found(findMatch('a();\nb();\nc();\na();\nb();\nc();\n', 'a();\nb();\nc();')), [0, 15]);
  });

  it('LF line breaks in a CRLF file: found over the CRs, and the match says so', () => {
    assert.deepEqual(found(findMatch(CRLF, 'b();\nc();\nd();')), { tier: 'exact', span: [6, 22], normalized: ['LF line endings read as CRLF'] });
    assert.deepEqual(found(findMatch(CRLF, 'a();\nb();')), { tier: 'exact', span: [0, 10], normalized: ['LF line endings read as CRLF'] });
  });

  it('CRLF line breaks in an LF file: found as they are read (LF), and no line endings named', () => {
    assert.deepEqual(found(findMatch('a();\nb();\n', 'a();\r\nb();')), { tier: 'exact', span: [0, 9], normalized: [] });
  });

  it('a file that starts with a byte-order mark: the span starts after it', () => {
    assert.deepEqual(found(findMatch('\uFEFFhello();\n', 'hello();')), { tier: 'exact', span: [1, 9], normalized: [] });
    assert.deepEqual(found(findMatch('\uFEFFa();\nb();\nc();\n', 'a();\nb();\nc();')), { tier: 'exact', span: [1, 15], normalized: [] });
  });
});

describe('exact: found through the trimmed text’s places (one scan for both tiers)', () => {
  it('an old text with whitespace around it: every place it stands, overlapping ones and the BOM’s offset included', () => {
    assert.deepEqual(found(findMatch('  x();\n  x();\n', '  x();')), [0, 7]);
    assert.deepEqual(found(findMatch('  x();\n\tx();\n', '  x();')), { tier: 'exact', span: [0, 6], normalized: [] });
    assert.deepEqual(found(findMatch('\uFEFF  x();\n', '  x();\n')), { tier: 'exact', span: [1, 8], normalized: [] });
    assert.deepEqual(found(findMatch(' a a a\n', ' a a')), [0, 2]);
  });

  it('in a CRLF file, the breaks around a one-line text are CRLF where the text stands with LF: still exact', () => {
    assert.deepEqual(found(findMatch('p\r\n  x();\r\nq\r\n', '\n  x();\n')), { tier: 'exact', span: [1, 11], normalized: ['LF line endings read as CRLF'] });
    assert.deepEqual(found(findMatch('p\r\n  x();\r\n  y();\r\n', '  x();\n  y();')), { tier: 'exact', span: [3, 17], normalized: ['LF line endings read as CRLF'] });
  });

  it('the trimmed text in more places than are listed: the old text is still found where it stands', () => {
    const file = `${'x();\n'.repeat(1500)}  x();\n`;
    assert.deepEqual(found(findMatch(file, '  x();')), { tier: 'exact', span: [7500, 7506], normalized: [] });
  });

  it('neither the old text nor its trimmed text: on to the next tiers', () => {
    assert.deepEqual(found(findMatch('  y();\n', '  x();')), 'not_found');
    assert.equal(findMatch('\tx();\n', '  x();').kind === 'match' ? 'match' : 'none', 'match');
  });
});

describe('trimmed-boundary: the whitespace around the block', () => {
  it('blank lines and spaces around an exact inside: found, in a CRLF file too, and said so', () => {
    assert.deepEqual(found(findMatch(CRLF, '\n a();\nb();  \n')), {
      tier: 'trimmed-boundary',
      span: [0, 10],
      normalized: ['whitespace around the block', 'LF line endings read as CRLF'],
    });
  });

  it('in an LF file the match names the whitespace only', () => {
    assert.deepEqual(found(findMatch('x = 1;\n\nrun();\n', '\n\nrun();  \n')), { tier: 'trimmed-boundary', span: [8, 14], normalized: ['whitespace around the block'] });
  });

  it('an old text with nothing around it, or nothing inside, is not this tier’s', () => {
    const find = (old: string) => trimmedBoundaryTier.find({ doc: new SourceText('a();\n'), needle: new Needle(old), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) });
    assert.deepEqual(find('a();'), []);
    assert.deepEqual(find('  \n '), []);
  });

  it('the whitespace the old text had around it is the new text’s to keep or drop, the file’s stays', () => {
    assert.equal(applyEdit('x = 1;\nrun();\n', '\n\nrun();  \n', '\n\nstop();  \n').content, 'x = 1;\nstop();\n');
  });
});

describe('occurrences through the line index of a text searched for many edits', () => {
  // A text holding two line breaks has a whole line between them: the file lines with that line's hash are the
  // only places to check. Each answer must be the one a scan of the whole text gives.
  const both = (content: string, text: string, limit?: number) => {
    const indexed = occurrences(SourceText.forManySearches(content), text, text, limit);
    assert.deepEqual(indexed, occurrences(new SourceText(content), text, text, limit));
    return indexed.spans;
  };

  it('every place, the limit, and none inside the byte-order mark', () => {
    const file = 'a();\nb();\nc();\na();\nb();\nc();\n';
    assert.deepEqual(both(file, 'a();\nb();\nc();'), [[0, 14], [15, 29]]);
    assert.deepEqual(both(file, '();\nb();\nc'), [[1, 11], [16, 26]]);
    assert.deepEqual(both(file, 'a();\nb();\nc();', 1), [[0, 14]]);
    assert.deepEqual(both(`\uFEFF${file}`, 'a();\nb();\nc();'), [[1, 15], [16, 30]]);
    assert.deepEqual(both(`\uFEFF${file}`, '\uFEFFa();\nb();\nc();'), []);
    assert.deepEqual(both(file, 'a();\nx();\nc();'), []);
    // One or two lines hold no whole line to look up: the whole text is scanned, for the same places.
    assert.deepEqual(both(file, 'b();'), [[5, 9], [20, 24]]);
    assert.deepEqual(both(file, 'a();\nb();'), [[0, 9], [15, 24]]);
  });

  it('in a CRLF file, through its CRLF form', () => {
    const file = 'a();\r\nb();\r\nc();\r\n';
    const indexed = occurrences(SourceText.forManySearches(file), 'a();\nb();\nc();', 'a();\nb();\nc();');
    assert.deepEqual(indexed, { spans: [[0, 16]], crlf: true });
  });
});
