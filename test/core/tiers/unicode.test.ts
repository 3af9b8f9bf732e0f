// The unicode tier's own rules (src/core/tiers/unicode.ts): typographic characters read as ASCII, an en or em dash
// read as `-` first and as the `--` a chat UI made of it only when that finds nothing, and an old text of
// invisible characters only is no place at all.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, type FindResult } from '../../../src/core';
import { EditError } from '../../../src/core/errors';

const found = (r: FindResult) =>
  r.kind === 'match' ? { tier: r.match.tier, span: [r.match.start, r.match.end], normalized: r.match.normalized } : r.kind === 'ambiguous' ? r.candidates.map((c) => c.start) : r.kind;

describe('unicode: its own rules', () => {
  it('an old text of zero-width characters only is found nowhere: nothing is written at an empty line', () => {
    // Read as ASCII it is empty, as the empty last line of the file is: the new text was appended there, lossless.
    assert.equal(findMatch('a();\nb();\n', '\u200B').kind, 'not_found');
    assert.equal(findMatch('a();\nb();\n', '\u2060').kind, 'not_found');
    assert.equal(findMatch('a();\n\nb();\n', '\u200B').kind, 'not_found');
    assert.throws(
      () => applyEdit('a();\nb();\n', '\u200B', 'x'),
      (err: unknown) => err instanceof EditError && err.code === 'not_found',
    );
  });

  it('a dash read as `-` wins over the `--` reading: the place where it is one `-`', () => {
    // Line 1 has `run -force` inside it, line 2 is `run --force`: a dash in prose is one `-`, so line 1.
    assert.deepEqual(found(findMatch('x = run -force;\nrun --force\n', 'run —force')), {
      tier: 'unicode',
      span: [4, 14],
      normalized: ['typographic quotes, dashes and spaces'],
    });
  });

  it('a dash that stands for `--` over lines skips a blank line the old text leaves out, as every reading does', () => {
    assert.deepEqual(found(findMatch('run --force now;\n\nother();\n', 'run —force now;\nother();')), {
      tier: 'unicode',
      span: [0, 26],
      normalized: ['dashes read as --', 'typographic quotes, dashes and spaces', 'whitespace'],
    });
  });
});
