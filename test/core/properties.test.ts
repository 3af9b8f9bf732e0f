// Properties that must hold for every input, not just the examples: fast-check searches for counterexamples.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../support/properties';
import { applyEdit, findMatch, isEditError } from '../../src/core';

const line = fc.stringMatching(/^[ \t]{0,8}[a-z(){};=+ ]{0,24}$/);
const lines = fc.array(line, { minLength: 1, maxLength: 30 });

/** A document and a span of whole lines in it. */
const docWithBlock = lines.chain((ls) =>
  fc.record({
    lines: fc.constant(ls),
    from: fc.nat({ max: ls.length - 1 }),
    length: fc.integer({ min: 1, max: 4 }),
    eol: fc.constantFrom('\n', '\r\n'),
    bom: fc.boolean(),
    replacement: fc.stringMatching(/^[a-z0-9 ();$&]{1,20}$/),
  }),
);

describe('properties', function () {
  // Hundreds of cases each: seconds on a quiet machine, more on a loaded one; a time-out here is no finding.
  this.timeout(120_000);
  it('an applied edit changes nothing outside its span', () => {
    fc.assert(
      fc.property(docWithBlock, ({ lines: ls, from, length, eol, bom, replacement }) => {
        const content = (bom ? '\uFEFF' : '') + ls.join(eol);
        const old = ls.slice(from, from + length).join('\n');
        try {
          const r = applyEdit(content, old, replacement);
          for (const e of r.edits) assert.ok(e.start <= e.end);
          // Outside the edits the text is the same, byte for byte.
          let at = 0;
          let out = 0;
          for (const e of r.edits) {
            assert.equal(r.content.slice(out, out + (e.start - at)), content.slice(at, e.start));
            out += e.start - at + e.text.length;
            at = e.end;
          }
          assert.equal(r.content.slice(out), content.slice(at));
        } catch (err) {
          if (!isEditError(err)) throw err;
        }
      }),
      propertyRuns(300),
    );
  });

  it('an exact edit round-trips: applying new → old restores the document', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 40 }),
        fc.stringMatching(/^[A-Z]{3,8}$/),
        fc.stringMatching(/^[0-9]{3,8}$/),
        fc.string({ minLength: 0, maxLength: 40 }),
        (before, old, replacement, after) => {
          fc.pre(!before.includes(old) && !after.includes(old) && !(before + after).includes(replacement));
          const content = `${before}${old}${after}`;
          fc.pre(content.indexOf(old) === content.lastIndexOf(old));
          const there = applyEdit(content, old, replacement);
          fc.pre(there.content.indexOf(replacement) === there.content.lastIndexOf(replacement));
          const back = applyEdit(there.content, replacement, old);
          assert.equal(back.content, content);
        },
      ),
      propertyRuns(300),
    );
  });

  it('replaceAll is literal: special replacement patterns are never expanded', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[$&`'0-9a-z]{1,12}$/), fc.integer({ min: 2, max: 5 }), (replacement, count) => {
        const content = Array.from({ length: count }, (_, i) => `k${i} = TOKEN;`).join('\n');
        fc.pre(replacement !== 'TOKEN');
        const r = applyEdit(content, 'TOKEN', replacement, { replaceAll: true });
        assert.equal(r.content, Array.from({ length: count }, (_, i) => `k${i} = ${replacement};`).join('\n'));
      }),
    );
  });

  it('CRLF line endings and the BOM survive any line-tier edit', () => {
    fc.assert(
      fc.property(docWithBlock, ({ lines: ls, from, length, bom, replacement }) => {
        fc.pre(ls.length >= 2); // a one-line file has no line ending to keep
        const content = (bom ? '\uFEFF' : '') + ls.join('\r\n');
        // The old text dedented and with LF endings: only a line tier can find it.
        const old = ls.slice(from, from + length).map((l) => l.trimStart()).join('\n');
        try {
          const r = applyEdit(content, old, `${replacement}\nsecond line`);
          assert.equal(r.content.startsWith('\uFEFF'), bom);
          assert.equal(/(^|[^\r])\n/.test(r.content), false, 'a bare LF was written into a CRLF file');
        } catch (err) {
          if (!isEditError(err)) throw err;
        }
      }),
      propertyRuns(300),
    );
  });

  it('a refused edit reports, never throws anything but EditError, and findMatch agrees with applyEdit', () => {
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const content = a.join('\n');
        const old = b.join('\n');
        fc.pre(old.trim().length > 0);
        const found = findMatch(content, old);
        try {
          applyEdit(content, old, `${old}!`);
          assert.equal(found.kind, 'match');
        } catch (err) {
          assert.ok(isEditError(err), String(err));
          if (err.code !== 'already_applied' && err.code !== 'invalid_input') assert.equal(found.kind, err.code);
        }
      }),
      propertyRuns(300),
    );
  });
});
