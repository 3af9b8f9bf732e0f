// The escape tier (src/core/tiers/escape.ts): an old text escaped once too often (inside a JSON string, or as a web
// page shows code) is found with one level undone, and the match says which.
import assert from 'node:assert/strict';
import { findMatch, type FindResult } from '../../../src/core';

const found = (r: FindResult) => (r.kind === 'match' ? { tier: r.match.tier, start: r.match.start, end: r.match.end, normalized: r.match.normalized } : r.kind);
const OVER = 'over-escaped characters (\\n, \\t, \\", \\\\)';
const HTML = 'HTML entities (&lt; &gt; &amp; &quot;)';

describe('escape: one level of escaping undone', () => {
  it('JSON-escaped quotes, inside a line: the text itself is the span, named as over-escaping', () => {
    const file = 'say("x"); done();\n';
    assert.deepEqual(found(findMatch(file, 'say(\\"x\\");')), { tier: 'escape', start: 0, end: 9, normalized: [OVER] });
  });

  it('HTML entities: named as such', () => {
    const file = 'function f() {\n  if (x < y) go();\n}\n';
    const start = file.indexOf('if');
    assert.deepEqual(found(findMatch(file, 'if (x &lt; y) go();')), { tier: 'escape', start, end: start + 'if (x < y) go();'.length, normalized: [HTML] });
  });

  it('an old text that looks over-escaped but is not found so is still tried for HTML entities', () => {
    // `\\n` makes it look JSON-escaped; undoing that finds nothing, undoing the entity does.
    const file = 'function f() {\n  const re = "a\\\\nb";\n  if (x < y) go();\n}\n';
    const r = findMatch(file, 'const re = "a\\\\nb";\n  if (x &lt; y) go();');
    assert.deepEqual(found(r), { tier: 'escape', start: file.indexOf('const'), end: file.indexOf('go();') + 5, normalized: [HTML] });
  });

  it('over-escaped lines found line by line once unescaped: indentation and a blank line aside, named as both', () => {
    const shown = (file: string, old: string) => {
      const r = findMatch(file, old);
      return r.kind === 'match' ? { tier: r.match.tier, lines: [r.match.startLine, r.match.endLine], normalized: r.match.normalized } : r.kind;
    };
    const indented = 'function f() {\n    say("a");\n    say("b");\n}\n';
    assert.deepEqual(shown(indented, 'say(\\"a\\");\\nsay(\\"b\\");'), { tier: 'escape', lines: [1, 2], normalized: [OVER, 'whitespace'] });
    const blank = 'function f() {\n  say("a");\n\n  say("b");\n}\n';
    assert.deepEqual(shown(blank, 'say(\\"a\\");\\n  say(\\"b\\");'), { tier: 'escape', lines: [1, 3], normalized: [OVER, 'whitespace'] });
  });

  it('a backslash at the end of a line (a shell continuation) is not over-escaping: never undone, the edit is reviewed', () => {
    // Undone, `\` + line break would be read as a line break alone: a lossless match writing the new text
    // without its continuation backslash.
    const file = 'echo one\necho two\n';
    const old = 'echo one \\\necho two';
    assert.equal(findMatch(file, old, { tiers: ['escape'] }).kind, 'not_found');
    const r = findMatch(file, old);
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.needsReview], ['similarity', true]);
  });
});
