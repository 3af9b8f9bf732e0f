// What `fuzzy-edit apply` prints for each outcome: applied, held back with a refused edit, refused, failed to
// write; in a dry run, the diff of every file that would change; the summary counts; and the same as JSON.
import { strict as assert } from 'node:assert';
import { resolveBatch, type FileEdit, type FileResult, type Match } from '../../src/core';
import { reportJson, reportText, type ApplyReport } from '../../src/cli/report';
import { plannedStatus, type FileOutcome } from '../../src/cli/writeFiles';

const FILES = new Map([
  ['a.ts', 'one\ntwo\none\nthree\n'],
  ['b.ts', 'alpha\nbeta\n'],
  ['c.ts', 'gamma\n'],
]);

const EDITS: FileEdit[] = [
  { kind: 'replace', path: 'a.ts', oldString: 'one', newString: 'ONE', replaceAll: true, sourceLine: 1 },
  { kind: 'replace', path: 'b.ts', oldString: 'alpha\nbeta', newString: 'alpha\nBETA', sourceLine: 5 },
  { kind: 'replace', path: 'b.ts', oldString: 'nothing here at all', newString: 'x', sourceLine: 9 },
  { kind: 'create', path: 'n.ts', content: 'new\n', sourceLine: 12 },
  { kind: 'delete', path: 'c.ts', sourceLine: 14 },
  { kind: 'rename', path: 'a.ts', to: 'z.ts', sourceLine: 15 },
  { kind: 'replace', path: 'a.ts', oldString: 'three', newString: 'THREE', sourceLine: 16 },
];

/** The batch resolved against FILES, each file's outcome as planned, or `failed` for the paths given. */
function report(dryRun: boolean, failed: string[] = []): ApplyReport {
  const batch = resolveBatch((p) => FILES.get(p), EDITS);
  const files = batch.files.map((file): FileOutcome => (failed.includes(file.path) ? { file, status: 'failed', error: 'EISDIR: illegal operation' } : { file, status: plannedStatus(file) }));
  return { dryRun, request: EDITS.map((edit) => ({ edit, source: `stdin:${edit.sourceLine}` })), outcomes: batch.outcomes, files };
}

const REFUSED = '#3 refused  b.ts  not_found: The old text was not found in the file';

describe('cli: the apply report', () => {
  it('one line per edit: kind, places and lines, tier and score; held back and refused say why', () => {
    const lines = reportText(report(false)).split('\n');
    assert.deepEqual(lines.slice(0, 2), ['#1 applied  a.ts  2 places, lines 1-3  exact  score 1.00', '#2 held back  b.ts  lines 1-2  exact  score 1.00  not written: another edit to b.ts was refused']);
    assert.ok(lines[2].startsWith(REFUSED), lines[2]);
    assert.deepEqual(lines.slice(3), ['#4 applied  n.ts  create', '#5 applied  c.ts  delete', '#6 applied  a.ts -> z.ts  rename', '#7 applied  a.ts  line 4  exact  score 1.00', '', '5 of 7 edits applied, 1 refused, 1 held back with them; 3 files changed.', '']);
  });

  it('a failed write: the edit says so, the error is printed, and the summary counts it apart', () => {
    const text = reportText(report(false, ['c.ts']));
    assert.match(text, /^#5 failed {2}c\.ts {2}delete {2}c\.ts could not be written$/m);
    assert.match(text, /^could not write c\.ts: EISDIR: illegal operation$/m);
    assert.match(text, /\n\n4 of 7 edits applied, 1 refused, 1 held back with them, 1 not written \(write failed\); 2 files changed\.\n$/);
    const json = JSON.parse(reportJson(report(false, ['c.ts'])));
    assert.equal(json.ok, false);
    assert.deepEqual(json.edits[4], { number: 5, source: 'stdin:14', kind: 'delete', path: 'c.ts', status: 'failed' });
    assert.deepEqual(json.files[3], { path: 'c.ts', status: 'failed', error: 'EISDIR: illegal operation' });
  });

  it('a dry run: "would apply", the diff of each file that would change, and nothing written', () => {
    const text = reportText(report(true));
    assert.match(text, /^#1 would apply {2}a\.ts {2}2 places, lines 1-3/);
    assert.match(text, /^#6 would apply {2}a\.ts -> z\.ts {2}rename$/m);
    assert.ok(text.includes('\n\n--- a/a.ts\n+++ b/z.ts\n@@ -1,4 +1,4 @@\n-one\n+ONE\n two\n-one\n-three\n+ONE\n+THREE\n\n'), text);
    assert.ok(text.includes('\n\n--- /dev/null\n+++ b/n.ts\n@@ -0,0 +1,1 @@\n+new\n\n--- a/c.ts\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-gamma\n\n'), text);
    assert.ok(!text.includes('b/b.ts'), 'no diff for a file held back');
    assert.match(text, /\n5 of 7 edits would apply, 1 refused, 1 held back with them; 3 files would change; dry run, nothing was written\.\n$/);
  });

  it('JSON: every edit and file, "to" for a move, a diff per file in a dry run only', () => {
    const json = JSON.parse(reportJson(report(true)));
    assert.deepEqual([json.ok, json.dryRun], [false, true]);
    assert.deepEqual(
      json.edits.map((e: { status: string; places?: number; to?: string }) => [e.status, e.places, e.to]),
      [
        ['would-apply', 2, undefined],
        ['held-back', undefined, undefined],
        ['refused', undefined, undefined],
        ['would-apply', undefined, undefined],
        ['would-apply', undefined, undefined],
        ['would-apply', undefined, 'z.ts'],
        ['would-apply', undefined, undefined],
      ],
    );
    assert.deepEqual(json.edits[6], { number: 7, source: 'stdin:16', kind: 'replace', path: 'a.ts', status: 'would-apply', tier: 'exact', score: 1, lines: { start: 4, end: 4 }, diff: '@@ -2,3 +2,3 @@\n two\n one\n-three\n+THREE' });
    assert.equal(json.edits[1].diff, undefined, 'nothing is written for an edit held back');
    assert.deepEqual(json.files[0], { path: 'a.ts', status: 'renamed', to: 'z.ts', diff: '--- a/a.ts\n+++ b/z.ts\n@@ -1,4 +1,4 @@\n-one\n+ONE\n two\n-one\n-three\n+ONE\n+THREE\n' });
    assert.deepEqual(json.files[1], { path: 'b.ts', status: 'held-back' });
    assert.deepEqual(
      JSON.parse(reportJson(report(false))).files.map((f: object) => f),
      [
        { path: 'a.ts', status: 'renamed', to: 'z.ts' },
        { path: 'b.ts', status: 'held-back' },
        { path: 'n.ts', status: 'created' },
        { path: 'c.ts', status: 'deleted' },
      ],
    );
  });

  it('an approximate match asks for a check; one edit and one file are counted in the singular', () => {
    const source = new Map([['s.ts', 'function total(items) {\n  let sum = 0;\n  for (const i of items) sum += i.price;\n  return sum;\n}\n']]);
    const edits: FileEdit[] = [{ kind: 'replace', path: 's.ts', oldString: 'for (const i of items) sum += i.prices;', newString: 'for (const i of items) sum += i.price * 2;', sourceLine: 1 }];
    const batch = resolveBatch((p) => source.get(p), edits);
    const r: ApplyReport = { dryRun: false, request: [{ edit: edits[0], source: 'stdin:1' }], outcomes: batch.outcomes, files: batch.files.map((file) => ({ file, status: plannedStatus(file) })) };
    assert.equal(reportText(r), '#1 applied  s.ts  line 3  similarity  score 0.97  approximate: check the result\n\n1 of 1 edit applied; 1 file changed.\n');
    const json = JSON.parse(reportJson(r));
    assert.deepEqual([json.ok, json.edits[0].needsReview, json.edits[0].score], [true, true, 0.972]);
    assert.equal(JSON.parse(reportJson({ ...r, dryRun: true })).ok, true, 'a dry run where every edit would apply is ok');
  });

  it('an edit in several places reports the lowest score, and every reason to review from any place', () => {
    const edit: FileEdit = { kind: 'replace', path: 'm.ts', oldString: 'x', newString: 'y', replaceAll: true, sourceLine: 1 };
    const match = (startLine: number, score: number, review?: string[]): Match => ({ tier: 'similarity', start: 0, end: 1, startLine, endLine: startLine, score, needsReview: review !== undefined, normalized: [], text: 'x', ...(review && { review }) });
    const spans = [match(0, 1), match(4, 0.91, ['kept the file\'s spelling of a call']), match(9, 0.95)].map((m) => ({ start: 0, end: 1, text: 'y', match: m }));
    const file: FileResult = { path: 'm.ts', before: 'x', after: 'y', complete: true, edits: [0] };
    const r: ApplyReport = { dryRun: false, request: [{ edit, source: 'stdin:1' }], outcomes: [{ status: 'resolved', index: 0, edit, path: 'm.ts', spans }], files: [{ file, status: 'written' }] };
    assert.equal(reportText(r).split('\n')[0], '#1 applied  m.ts  3 places, lines 1-10  similarity  score 0.91  approximate: check the result');
    // The reason itself is said under the edit's line: the command line writes without a review step.
    assert.equal(reportText(r).split('\n')[1], "    review: kept the file's spelling of a call");
    const json = JSON.parse(reportJson(r)).edits[0];
    assert.deepEqual([json.score, json.places, json.needsReview, json.review], [0.91, 3, true, ["kept the file's spelling of a call"]]);
  });
});
