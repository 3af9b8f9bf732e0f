// The accuracy corpus (test/corpus) is itself under test: it must be reproducible, every ideal must be a
// real edit of the intended block, every refuse case must be unresolvable by construction — and the engine
// must never edit a document where refusing is right.

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdit, isEditError } from '../../src/core';
import { APPLY_CLASSES, CLASSES, fnv1a, generateCorpus, isLocated, norm, REFUSE_CLASSES, SOURCES_DIR, type CorpusCase } from '../corpus/generator';

const fingerprint = (cs: readonly CorpusCase[]): string[] =>
  cs.map((c) => [c.id, c.source, c.oldString, c.newString, c.expect, c.refuseCode, fnv1a(c.content), c.content.length, c.ideal === undefined ? '' : fnv1a(c.ideal)].join('\u0000'));

const lf = (s: string): string => s.replace(/\r\n/g, '\n');

/** Start lines where the old text's lines, whitespace-normalised, appear in the document in a row. */
function normalizedOccurrences(content: string, text: string): number {
  const doc = lf(content).split('\n').map(norm);
  const seq = lf(text)
    .split('\n')
    .map(norm)
    .filter((l, i, a) => l !== '' || (i > 0 && i < a.length - 1));
  let n = 0;
  for (let p = 0; p + seq.length <= doc.length; p++) if (seq.every((l, i) => doc[p + i] === l)) n++;
  return n;
}

/** Places where the old text's lines match the document's with one line different or one extra document line. */
function nearOccurrences(content: string, text: string): number {
  const doc = lf(content).split('\n').map(norm);
  const seq = lf(text).split('\n').map(norm);
  let n = 0;
  for (let p = 0; p < doc.length; p++) {
    let diff = 0;
    for (let i = 0; i < seq.length && diff <= 1; i++) if (doc[p + i] !== seq[i]) diff++;
    let skipOk = false;
    for (let skip = 1; skip < seq.length && !skipOk; skip++)
      skipOk = seq.every((l, i) => doc[p + (i < skip ? i : i + 1)] === l);
    if (diff <= 1 || skipOk) n++;
  }
  return n;
}

describe('accuracy corpus', function () {
  this.timeout(120_000);
  let cases: CorpusCase[];
  before(() => {
    cases = generateCorpus();
  });

  it('is built from real npm package files under MIT, BSD or Apache licenses, each under 2000 lines, under 1 MB in all', () => {
    const files = readdirSync(SOURCES_DIR).filter((f) => f.endsWith('.txt'));
    assert.ok(files.length >= 8 && files.length <= 15, `${files.length} source files`);
    let bytes = 0;
    for (const f of files) {
      const text = readFileSync(join(SOURCES_DIR, f), 'utf8');
      bytes += statSync(join(SOURCES_DIR, f)).size;
      const header = text.split('\n').slice(0, 2).join('\n');
      assert.match(header, /From npm package \S+@\d[^,\s]*.*, file \S+.*License: (MIT|BSD-[23]-Clause|Apache-2\.0)/, f);
      assert.ok(text.split('\n').length < 2000, `${f} is too long`);
    }
    assert.ok(bytes < 1024 * 1024, `${bytes} bytes`);
    assert.ok(files.some((f) => f.endsWith('.py.txt')) && files.some((f) => f.endsWith('.ts.txt')), 'Python and TypeScript are both represented');
  });

  it('is deterministic: the same seed gives the same cases, another seed other cases', () => {
    assert.deepEqual(fingerprint(generateCorpus()), fingerprint(cases));
    const other = fingerprint(generateCorpus({ seed: 7, classes: ['typo-middle'] }));
    assert.notDeepEqual(other, fingerprint(cases.filter((c) => c.class === 'typo-middle')));
  });

  it('covers every class with at least 40 cases, over 1000 in all', () => {
    for (const cls of CLASSES) assert.ok(cases.filter((c) => c.class === cls).length >= 40, cls);
    assert.ok(cases.length >= 1000, String(cases.length));
    assert.equal(new Set(cases.map((c) => c.id)).size, cases.length, 'ids are unique');
  });

  it('gives every apply case an ideal that differs from the content only around the intended block, in the file’s line endings', () => {
    const applies = cases.filter((c) => c.expect === 'apply');
    assert.equal(applies.length, cases.filter((c) => (APPLY_CLASSES as readonly string[]).includes(c.class)).length);
    for (const c of applies) {
      assert.ok(c.ideal !== undefined && c.target, c.id);
      assert.notEqual(c.ideal, c.content, `${c.id}: ideal equals content`);
      assert.ok(isLocated(c, c.ideal), `${c.id}: the ideal changes something outside the target block`);
      const crlf = c.content.includes('\r\n');
      assert.equal(/(^|[^\r])\n/.test(c.ideal), !crlf && c.ideal.includes('\n'), `${c.id}: line endings of the ideal`);
    }
  });

  it('makes every refuse case unresolvable by construction', () => {
    const refuses = cases.filter((c) => c.expect === 'refuse');
    assert.deepEqual(new Set(refuses.map((c) => c.class)), new Set(REFUSE_CLASSES));
    for (const c of refuses) {
      const content = lf(c.content);
      const old = lf(c.oldString);
      switch (c.class) {
        case 'absent':
          assert.ok(!content.includes(old), c.id);
          assert.equal(normalizedOccurrences(content, old), 0, c.id);
          break;
        case 'hallucinated-middle': {
          const lines = old.split('\n');
          assert.ok(!content.includes(old), c.id);
          assert.equal(normalizedOccurrences(content, old), 0, c.id);
          assert.ok(normalizedOccurrences(content, lines[0]) >= 1 && normalizedOccurrences(content, lines[lines.length - 1]) >= 1, `${c.id}: first and last lines are real`);
          // Between any real first line and a real last line shortly after it, the old middle lines are not there in order.
          const doc = content.split('\n').map(norm);
          const mid = lines.slice(1, -1).map(norm).filter(Boolean);
          const [first, last] = [norm(lines[0]), norm(lines[lines.length - 1])];
          for (let p = 0; p < doc.length; p++) {
            if (doc[p] !== first) continue;
            for (let q = p + 1; q < Math.min(doc.length, p + lines.length + 20); q++) {
              if (doc[q] !== last) continue;
              let i = 0;
              for (let r = p + 1; r < q && i < mid.length; r++) if (doc[r] === mid[i]) i++;
              assert.ok(i < mid.length, `${c.id}: the middle lines stand between real anchors at line ${p + 1}`);
            }
          }
          break;
        }
        case 'ambiguous-exact':
          assert.ok(normalizedOccurrences(content, old) >= 2, c.id);
          if (content.includes(old)) assert.ok(content.indexOf(old) !== content.lastIndexOf(old), c.id);
          break;
        case 'ambiguous-indent':
          assert.ok(!content.includes(old), `${c.id}: old text at a third indentation`);
          assert.ok(normalizedOccurrences(content, old) >= 2, c.id);
          break;
        case 'ambiguous-twins':
          assert.ok(!content.includes(old), c.id);
          assert.ok(nearOccurrences(content, old) >= 2, `${c.id}: equally near two blocks`);
          break;
        case 'already-applied':
          assert.ok(!content.includes(old), c.id);
          assert.equal(normalizedOccurrences(content, old), 0, c.id);
          assert.equal(normalizedOccurrences(content, c.newString), 1, `${c.id}: the new text stands in the file`);
          break;
        default:
          assert.fail(`${c.id}: unexpected refuse class ${c.class}`);
      }
    }
  });

  it('the engine makes no edit on any case where refusing is right', () => {
    const falseEdits: string[] = [];
    for (const c of cases.filter((x) => x.expect === 'refuse')) {
      try {
        const r = applyEdit(c.content, c.oldString, c.newString);
        if (r.content !== c.content) falseEdits.push(`${c.id} (${c.note})`);
      } catch (err) {
        if (!isEditError(err)) throw err;
      }
    }
    assert.deepEqual(falseEdits, []);
  });

  it('the engine edits a wrong place in at most 0.2% of all cases', () => {
    const wrong: string[] = [];
    for (const c of cases.filter((x) => x.expect === 'apply')) {
      try {
        const r = applyEdit(c.content, c.oldString, c.newString);
        if (r.content !== c.content && !isLocated(c, r.content)) wrong.push(`${c.id} (${c.note})`);
      } catch (err) {
        if (!isEditError(err)) throw err;
      }
    }
    assert.ok(wrong.length <= cases.length * 0.002, `silent wrong edits: ${wrong.join(', ')}`);
  });
});
