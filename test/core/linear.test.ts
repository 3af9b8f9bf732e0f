// Repetitive input must not change what is found (issue 13): the one-pass line search (used when aligning from
// every candidate line would be quadratic) and the elision chain give the same places the per-candidate search
// gives. Checked by breaking them: a scan that drops overlapping windows, or a chain that takes the first piece
// before the one wanted, fails these tests.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SourceText } from '../../src/core/document';
import { searchLines, type LineEquivalence } from '../../src/core/lineSearch';
import { Budget, DEFAULT_BUDGET } from '../../src/core/budget';
import { Needle } from '../../src/core/needle';
import { scoreWindow } from '../../src/core/similarity';
import { collapseWhitespace, isWordChar } from '../../src/core/normalize';
import { PROPERTY_SEED } from '../support/properties';
import { applyEdit, findMatch, resolveBatch } from '../../src/core';

/** `n` lines alternating `x = 1` / `y = 2` (indented), with `lines` replacing some of them. */
function alternating(n: number, indent: string, lines: Record<number, string> = {}): string[] {
  return Array.from({ length: n }, (_, i) => lines[i] ?? `${indent}${i % 2 ? 'y = 2' : 'x = 1'}`);
}

const trimmed: LineEquivalence = { key: (l) => l.trim(), ignoreBlankLines: false };
const skipping: LineEquivalence = { key: (l) => l.trim(), ignoreBlankLines: true };
const all = (doc: SourceText) => Array.from({ length: doc.lineCount }, (_, i) => i);
/** The windows found from every candidate (few candidates: the per-candidate search) and by the one pass. */
function bothWays(doc: SourceText, needle: string[], eq: LineEquivalence, anchor: number) {
  const few = all(doc).filter((f) => doc.line(f).trim() === needle[anchor].trim());
  const perCandidate = few.flatMap((f) => searchLines(doc, needle, eq, anchor, [f]));
  const onePass = searchLines(doc, needle, eq, anchor, all(doc).concat(all(doc), all(doc)));
  const show = (ws: typeof onePass) => ws.map((w) => `${w.startLine}-${w.endLine}:${[...w.pairs].join(' ')}`);
  return { perCandidate: show(perCandidate.sort((a, b) => a.startLine - b.startLine)), onePass: show(onePass) };
}

describe('linear search: a long old text on a repetitive file', () => {
  it('the one-pass search finds every window the per-candidate search finds, overlapping ones included', () => {
    const doc = new SourceText(alternating(400, '  ').join('\n'));
    const needle = alternating(40, '').slice(1); // starts with `y = 2`: windows at every odd line
    const { perCandidate, onePass } = bothWays(doc, needle, trimmed, 0);
    assert.equal(perCandidate.length, 181);
    assert.deepEqual(onePass, perCandidate);
  });

  it('with blank lines skipped on both sides, windows and pairs are the same', () => {
    const file = alternating(300, '', { 7: '', 8: '', 100: '', 211: '   ' });
    const doc = new SourceText(file.join('\n'));
    const needle = ['x = 1', '', 'y = 2', 'x = 1', '', '', 'y = 2', 'x = 1'];
    const { perCandidate, onePass } = bothWays(doc, needle, skipping, 3);
    assert.ok(perCandidate.length > 100);
    assert.deepEqual(onePass, perCandidate);
  });

  it('lines past ASCII in the middle (`“é”` once canonical) are still compared: the ends a line is filtered by are read from every key', () => {
    // The one pass rejects a line by its first and last characters before keying it; a key whose middle is past
    // ASCII must still let its lines through (a filter built only from all-ASCII keys would drop them).
    const file = alternating(300, '', { 151: 'label = "café";', 153: 'label = “café”;' });
    const doc = new SourceText(file.join('\n'));
    const canonical: LineEquivalence = { key: (l) => collapseWhitespace(l.replace(/[“”]/g, '"')), ignoreBlankLines: false };
    const needle = ['x = 1', 'label = "café";', 'x = 1'];
    const { perCandidate, onePass } = bothWays(doc, needle, canonical, 0);
    assert.deepEqual(perCandidate, ['150-152:0,150 1,151 2,152', '152-154:0,152 1,153 2,154']);
    assert.deepEqual(onePass, perCandidate);
  });

  it('a line the old text has once is looked for among every line holding its word, not a list cut short', () => {
    // `xx` stands on 25,000 lines; the list of lines holding a word stops at 20,000. The old text's one `xx = 99`
    // is on line 45,000, past the cut: a list that is cut proves no absence, and the old text is found.
    const file = Array.from({ length: 50_000 }, (_, i) => (i === 45_000 ? '  xx = 99' : i % 2 ? '  yy = 22' : '  xx = 11'));
    const old = file.slice(44_000, 45_001).map((l) => l.trim()).join('\n');
    const found = findMatch(file.join('\n'), old);
    assert.equal(found.kind, 'match');
    if (found.kind === 'match') assert.deepEqual([found.match.startLine, found.match.endLine], [44_000, 45_000]);
  });

  it('a 2,000-line old text that differs only in its last line is not found, and a one-line change is', () => {
    const file = alternating(20_000, '    ', { 15_001: '    z = 3' });
    const content = file.join('\n');
    const old = file.slice(13_002, 15_002).map((l) => l.trim());
    // Found once, by indentation (the file indents it), whatever the repetition before it.
    const found = findMatch(content, old.join('\n'));
    assert.equal(found.kind, 'match');
    if (found.kind === 'match') assert.deepEqual([found.match.tier, found.match.startLine, found.match.endLine], ['indentation', 13_002, 15_001]);
    const last = [...old.slice(0, -1), 'z = 4'].join('\n');
    assert.equal(findMatch(content, last).kind === 'match', false);
    const applied = applyEdit(content, old.join('\n'), [...old.slice(0, -1), 'z = 30'].join('\n'));
    assert.equal(applied.content.split('\n')[15_001], '    z = 30');
  });
});

describe('linear search: elision chains on repeated pieces', () => {
  it('each head chains to the nearest tail after it: one match per object, no far tail', () => {
    const fields = (i: number) => [`    "id": ${i},`, `    "name": "item ${i}",`, '    "tags": [],', '    "enabled": true'];
    const objects = Array.from({ length: 300 }, (_, i) => ['  {', ...fields(i), '  },']).flat();
    const content = ['[', ...objects, ']'].join('\n');
    const old = ['    "id": 17,', '    // … existing fields …', '    "enabled": true', '  },'].join('\n');
    const r = findMatch(content, old);
    assert.equal(r.kind, 'match');
    // Object 17 spans lines 103–108: the tail is its own last field and brace, not a later object's.
    if (r.kind === 'match') assert.deepEqual([r.match.tier, r.match.startLine, r.match.endLine], ['elision', 104, 108]);
  });

  it('a piece that stands in every object is ambiguous, with every place named', () => {
    const objects = Array.from({ length: 300 }, (_, i) => ['  {', `    "id": ${i},`, '    "enabled": true', '  },']).flat();
    const content = ['[', ...objects, ']'].join('\n');
    const old = ['    "enabled": true', '  },', '  // … existing items …', '    "enabled": true', '  },'].join('\n');
    const r = findMatch(content, old);
    assert.equal(r.kind, 'ambiguous');
    if (r.kind === 'ambiguous') assert.equal(r.candidates.length, 299);
  });
});

describe('linear batch: many edits to one file, indexed once', () => {
  const replace = (oldString: string, newString: string) => ({ kind: 'replace' as const, sourceLine: 1, path: 'a.js', oldString, newString });
  const resolve = (content: string, edits: ReturnType<typeof replace>[]) => resolveBatch(new Map([['a.js', content]]), edits);

  it('finds what a single edit finds: mid-line starts, CRLF, a BOM, and a text that stands twice is ambiguous', () => {
    const lines = ['\uFEFFconst a = 1;', 'function f() {', '  return a;', '}', 'function g() {', '  return a;', '}', 'let z = f() + g();'];
    for (const eol of ['\n', '\r\n']) {
      const content = lines.join(eol);
      const edits = [
        replace('a = 1;\nfunction f() {\n  return a;', 'a = 2;\nfunction f() {\n  return a;'), // starts mid-line
        replace('}\nfunction g() {\n  return a;\n}', '}\nfunction g() {\n  return 0;\n}'),
        replace('  return a;\n}\n', '  return b;\n}\n'), // stands twice
      ];
      const r = resolve(content, edits);
      assert.deepEqual(
        r.outcomes.map((o) => (o.status === 'resolved' ? 'resolved' : o.code)),
        ['resolved', 'resolved', 'ambiguous'],
        JSON.stringify(eol),
      );
      const after = r.files[0].after!;
      assert.equal(after, content.replace('a = 1;', 'a = 2;').replace(`function g() {${eol}  return a;`, `function g() {${eol}  return 0;`));
      for (const [i, edit] of edits.entries()) {
        let single: string;
        try {
          applyEdit(content, edit.oldString, edit.newString);
          single = 'resolved';
        } catch (err) {
          single = (err as { code: string }).code;
        }
        assert.equal(r.outcomes[i].status === 'resolved' ? 'resolved' : (r.outcomes[i] as { code: string }).code, single);
      }
    }
  });

  it('overlapping occurrences of a repeated block are all seen (ambiguous), and 3,000 distinct edits all resolve', () => {
    const rep = Array.from({ length: 50 }, () => ['x();', 'y();']).flat().join('\n');
    assert.equal(resolve(rep, [replace('x();\ny();\nx();\ny();', 'z();')]).outcomes[0].status, 'refused');
    const blocks = Array.from({ length: 3000 }, (_, i) => [`function h${i}() {`, `  return run(${i});`, '}']);
    const content = blocks.map((b) => b.join('\n')).join('\n\n');
    const r = resolve(content, blocks.map((b) => replace(b.join('\n'), b.join('\n').replace('run', 'go'))));
    assert.ok(r.ok);
    assert.equal(r.files[0].after, content.replace(/run\(/g, 'go('));
  });
});

describe('linear similarity: quick rejections never change a score', () => {
  const ctxFor = (file: string[], needle: string[]) => ({ doc: new SourceText(file.join('\n')), needle: new Needle(needle.join('\n')), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) });

  it('a line with half its characters changed still pairs (the edge of what pairs), one more change does not', () => {
    const file = ['function total(items) {', 'return abcdefghijklmnop;', '}'];
    const half = ['function total(items) {', 'return abcdefghQRSTUVWX;', '}']; // 8 of 24 characters changed
    const s = scoreWindow(ctxFor(file, half), new Needle(half.join('\n')), 0, 2)!;
    assert.equal(s.pairs.get(1), 1);
    // Every character of the line's word changed and the length differs by more than half: no pair.
    const far = ['function total(items) {', 'x;', '}'];
    const t = scoreWindow(ctxFor(file, far), new Needle(far.join('\n')), 0, 2)!;
    assert.equal(t.pairs.get(1), undefined);
  });

  it('a line whose characters are all substituted (same length) is exactly at the bound: paired at half, not beyond', () => {
    const file = ['alpha beta gamma', 'abcdefgh', 'delta epsilon zeta'];
    const at = ['alpha beta gamma', 'abcdWXYZ', 'delta epsilon zeta']; // distance 4 = half of 8: pairs
    assert.equal(scoreWindow(ctxFor(file, at), new Needle(at.join('\n')), 0, 2)!.pairs.get(1), 1);
    const beyond = ['alpha beta gamma', 'abcVWXYZ', 'delta epsilon zeta']; // distance 5: does not
    assert.equal(scoreWindow(ctxFor(file, beyond), new Needle(beyond.join('\n')), 0, 2)!.pairs.get(1), undefined);
  });
});

describe('linear keys: collapseWhitespace as a loop', () => {
  it('property: the same key as the regular expression it replaces, on any mix of words, spaces and symbols', () => {
    const reference = (line: string) => line.trim().replace(/\s+/g, (ws, at: number, s: string) => (isWordChar(s[at - 1]) && isWordChar(s[at + ws.length]) ? ' ' : ''));
    const pieces = ['a', 'Z', '9', '_', '$', ' ', '  ', '\t', '\u00a0', '\u2003', '\u3000', '\ufeff', '(', '=', 'é', 'ж', '\ud83d\ude00', '\ud800', '…', '\u200b', '\r', '-'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => collapseWhitespace(parts.join('')) === reference(parts.join(''))), { seed: PROPERTY_SEED, numRuns: 5000 });
  });
});

describe('repetitive code: a similarity match is never one of several verbatim twins', () => {
  it('an old text that stands (all but its last line) at hundreds of places is ambiguous, not applied at the first', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => (i % 2 ? '  yy = 22' : '  xx = 11'));
    const old = [...lines.slice(0, 199).map((l) => l.trimStart()), 'zz = 33'].join('\n');
    const r = findMatch(lines.join('\n'), old);
    assert.equal(r.kind, 'ambiguous');
  });
});
