import { strict as assert } from 'node:assert';
import { recordEdit as record } from '../support/historyRecord';
import fc from 'fast-check';
import { propertyRuns } from '../support/properties';
import { contentBefore, contextAround, fingerprintBefore, FingerprintBuilder, FingerprintWork, HistoryLog, minimalEdit, planRevert, planRevertAll, splicedFingerprint, splicedPieces, textFingerprint, trimEdit, type HistoryEdit, type HistoryRequest } from '../../src/core/history';
import { spliceAll } from '../../src/core/splice';


function revert(content: string, edit: HistoryEdit): string {
  const plan = planRevert(content, edit);
  assert.notEqual(plan.kind, 'refused', plan.kind === 'refused' ? plan.message : '');
  if (plan.kind === 'refused') throw new Error('unreachable');
  return content.slice(0, plan.start) + plan.text + content.slice(plan.end);
}

const FILE = ['function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    sum += item.price;', '  }', '  return sum;', '}', ''].join('\n');

/** Places and texts drawn at random, for spansIn. */
const rawSpans = fc.array(fc.tuple(fc.nat(60), fc.nat(5), fc.string({ maxLength: 6 })), { maxLength: 5 });

/** Spans of `text` that do not overlap, in the order drawn (a request's edits come in any order), each with a text. */
function spansIn(text: string, raw: readonly [number, number, string][]): { start: number; end: number; text: string }[] {
  const spans: { start: number; end: number; text: string }[] = [];
  for (const [at, len, piece] of raw) {
    const start = Math.min(at, text.length);
    const end = Math.min(start + len, text.length);
    if (spans.every((e) => end <= e.start || start >= e.end)) spans.push({ start, end, text: piece });
  }
  return spans;
}

describe('history: record', () => {
  const req = (id: string): HistoryRequest => ({ id, time: 0, edits: [] });

  it('keeps at most `max` requests, dropping the oldest and returning them', () => {
    const log = new HistoryLog([], 2);
    assert.deepEqual(log.add(req('a')), []);
    log.add(req('b'));
    const dropped = log.add(req('c'));
    assert.deepEqual(dropped.map((r) => r.id), ['a']);
    assert.deepEqual(log.requests.map((r) => r.id), ['b', 'c']);
    assert.deepEqual(log.setMax(1).map((r) => r.id), ['b']);
  });

  it('survives a round trip through JSON (what storage keeps) and ignores malformed records', () => {
    const { edit } = record(FILE, '    sum += item.price;', '    sum += item.price * item.qty;');
    const log = new HistoryLog([{ id: 'r1', time: 5, edits: [edit], checkpointId: 'c1' }]);
    const stored = JSON.parse(JSON.stringify(log));
    const again = new HistoryLog([...stored, { nonsense: true }, null]);
    assert.equal(again.requests.length, 1);
    assert.deepEqual(again.edit('e1'), edit);
    assert.equal(again.request('r1')?.checkpointId, 'c1');
    again.markReverted(['e1'], 9);
    assert.equal(again.edit('e1')?.revertedAt, 9);
  });

  it('drops a stored request with an edit missing a field a revert reads, instead of failing on it later', () => {
    const { content, edit } = record(FILE, '    sum += item.price;', '    sum += item.price * item.qty;');
    const broken = (change: Partial<Record<keyof HistoryEdit, unknown>>) => ({ id: 'bad', time: 1, edits: [{ ...edit, ...change }] });
    // A deletion's record holds an empty new text: its span is empty (start = end), and it is kept.
    const deletion = record(FILE, '  let sum = 0;\n', '', 'e2').edit;
    assert.equal(deletion.start, deletion.end);
    const log = new HistoryLog([
      { id: 'good', time: 1, edits: [edit] },
      { id: 'deletion', time: 1, edits: [deletion] },
      broken({ before: undefined }),
      broken({ after: 3 }),
      broken({ end: '12' }),
      broken({ startLine: -1 }),
      broken({ start: 0.5 }),
      broken({ end: edit.start - 1 }),
      broken({ id: undefined }),
    ] as HistoryRequest[]);
    assert.deepEqual(log.requests.map((r) => r.id), ['good', 'deletion']);
    assert.equal(revert(content, log.requests[0].edits[0]), FILE);
  });

  it('contentBefore puts back the old text of every edit of a request (offsets after the request), the text an Undo restores', () => {
    const before = 'let a = 1;\nlet b = 2;\nlet c = 3;\n';
    // Two edits of one request: "1" → "10" and "3" → "",  offsets in the text after both.
    const after = 'let a = 10;\nlet b = 2;\nlet c = ;\n';
    const edits = [
      { start: after.indexOf('10'), end: after.indexOf('10') + 2, oldText: '1' },
      { start: after.indexOf(' ;') + 1, end: after.indexOf(' ;') + 1, oldText: '3' },
    ];
    assert.equal(contentBefore(after, edits), before);
    assert.equal(contentBefore(after, [...edits].reverse()), before, 'order given does not matter');
    assert.equal(textFingerprint(contentBefore(after, edits)), textFingerprint(before));
    assert.notEqual(textFingerprint(after), textFingerprint(before));
    // Fingerprinted piece by piece, without building the text before: the same fingerprint.
    assert.equal(fingerprintBefore(after, edits), textFingerprint(before));
    assert.equal(fingerprintBefore(after, [...edits].reverse()), textFingerprint(before));
  });

  it('property: fingerprintBefore is the fingerprint of contentBefore, for any edits of a request', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), rawSpans, (after, raw) => {
        const edits = spansIn(after, raw).map(({ start, end, text }) => ({ start, end, oldText: text }));
        assert.equal(fingerprintBefore(after, edits), textFingerprint(contentBefore(after, edits)));
      }),
      propertyRuns(300),
    );
  });

  it('property: splicedFingerprint is the fingerprint of the spliced text (the text right after a request, from the text before)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), rawSpans, (before, raw) => {
        const spans = spansIn(before, raw);
        assert.equal(splicedFingerprint(before, spans), textFingerprint(spliceAll(before, spans)));
      }),
      propertyRuns(300),
    );
    assert.equal(splicedFingerprint('abc', []), textFingerprint('abc'));
    assert.equal(splicedFingerprint('let a = 1;', [{ start: 8, end: 9, text: '10' }]), textFingerprint('let a = 10;'));
  });

  it('property: FingerprintBuilder given a text in slices of any size is textFingerprint of the whole', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.array(fc.nat(80), { maxLength: 6 }), (text, cuts) => {
        const at = [0, ...cuts.map((c) => Math.min(c, text.length)).sort((a, b) => a - b), text.length];
        const fingerprint = new FingerprintBuilder();
        for (let i = 1; i < at.length; i++) fingerprint.add(text, at[i - 1], at[i]);
        assert.equal(fingerprint.value(), textFingerprint(text));
      }),
      propertyRuns(300),
    );
    assert.equal(new FingerprintBuilder().value(), textFingerprint(''));
  });

  it('property: FingerprintWork, stepped by budgets of any size, gives the fingerprints of the text before and of the spliced text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        rawSpans,
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }),
        (before, raw, budgets) => {
          const spans = spansIn(before, raw);
          const work = new FingerprintWork([[before, 0, before.length]], splicedPieces(before, spans));
          const total = before.length + spliceAll(before, spans).length;
          let hashed = 0;
          for (let k = 0; ; k++) {
            const budget = budgets[k % budgets.length];
            const done = work.step(budget);
            hashed += budget;
            if (done) break;
            assert.ok(hashed < total, 'not done only while characters are left');
          }
          assert.equal(work.before.value(), textFingerprint(before));
          assert.equal(work.after.value(), textFingerprint(spliceAll(before, spans)));
        },
      ),
      propertyRuns(300),
    );
    const work = new FingerprintWork([['abc', 0, 3]], [['abcd', 0, 4]]);
    assert.equal(work.step(0), false, 'a budget of nothing hashes nothing');
    assert.equal(work.step(3), false);
    assert.equal(work.step(4), true);
  });

  it('markUndone marks and clears (a Redo), reporting whether anything changed', () => {
    const { edit } = record(FILE, '    sum += item.price;', '    sum += item.price * item.qty;');
    const log = new HistoryLog([{ id: 'r1', time: 5, edits: [edit] }]);
    assert.equal(log.markUndone(['e1'], 7), true);
    assert.equal(log.edit('e1')?.undoneAt, 7);
    assert.equal(log.markUndone(['e1'], 8), false, 'already undone');
    assert.equal(log.markUndone(['e1'], undefined), true);
    assert.equal(log.edit('e1')?.undoneAt, undefined);
  });

  it('context: up to two whole lines on each side', () => {
    const text = 'a\nb\nc\nMID\nd\ne\nf\n';
    const s = text.indexOf('MID');
    assert.deepEqual(contextAround(text, s, s + 3), { before: 'b\nc\n', after: '\nd\ne\n' });
    assert.deepEqual(contextAround('MID', 0, 3), { before: '', after: '' });
  });

  it('trimEdit and minimalEdit keep only what differs, never splitting CRLF', () => {
    assert.deepEqual(minimalEdit('abcXYZdef', 'abcQdef'), { start: 3, end: 6, text: 'Q' });
    assert.deepEqual(minimalEdit('same', 'same'), { start: 4, end: 4, text: '' });
    assert.deepEqual(minimalEdit('a\nx', 'aYx'), { start: 1, end: 2, text: 'Y' }, 'an LF without a CR before it is no pair');
    assert.deepEqual(minimalEdit('x\ry', 'x\rz'), { start: 2, end: 3, text: 'z' }, 'a CR without an LF after it is no pair');
    const crlf = 'a\r\nb';
    const e = trimEdit(crlf, 0, 4, 'a\r\r\nb');
    const out = crlf.slice(0, e.start) + e.text + crlf.slice(e.end);
    assert.equal(out, 'a\r\r\nb');
    assert.notEqual(crlf[e.start], '\n', 'does not start between CR and LF');
  });
});

describe('history: the record’s own rules', () => {
  const req = (id: string, edits: HistoryEdit[] = []): HistoryRequest => ({ id, time: 0, edits });
  const edit = (id: string): HistoryEdit => ({ id, requestId: 'r', uri: 'u', time: 0, tier: 'exact', score: 1, oldText: 'a', newText: 'b', start: 0, end: 1, startLine: 0, endLine: 0, before: '', after: '' });

  it('a bound that is no number keeps the default (100); below one or fractional, it is read as at least one whole request', () => {
    const many = Array.from({ length: 120 }, (_, i) => req(`r${i}`));
    assert.equal(new HistoryLog(many, Number.NaN).requests.length, 100);
    assert.equal(new HistoryLog(many, Infinity).requests.length, 100);
    assert.equal(new HistoryLog(many).requests.length, 100);
    assert.deepEqual(new HistoryLog(many, 0).requests.map((r) => r.id), ['r119']);
    assert.equal(new HistoryLog(many, 2.9).requests.length, 2);
    const log = new HistoryLog(many.slice(0, 3), 3);
    assert.deepEqual(log.setMax(3), [], 'nothing dropped when it still fits');
    assert.deepEqual(log.setMax(2).map((r) => r.id), ['r0']);
  });

  it('finds requests and edits by id, undefined for others; clear returns every request', () => {
    const log = new HistoryLog([req('a', [edit('e1')]), req('b', [edit('e2'), edit('e3')])]);
    assert.equal(log.request('b')?.id, 'b');
    assert.equal(log.request('zz'), undefined);
    assert.equal(log.edit('e3')?.id, 'e3');
    assert.equal(log.edit('zz'), undefined);
    log.markReverted(['e2', 'zz'], 4);
    assert.deepEqual([log.edit('e1')?.revertedAt, log.edit('e2')?.revertedAt, log.edit('e3')?.revertedAt], [undefined, 4, undefined]);
    assert.equal(log.markUndone(['zz'], 5), false, 'an unknown edit changes nothing');
    assert.equal(log.markUndone(['e1'], undefined), false, 'a Redo of an edit not undone changes nothing');
    assert.deepEqual(log.clear().map((r) => r.id), ['a', 'b']);
    assert.deepEqual(log.requests, []);
    assert.deepEqual(log.toJSON(), []);
  });

  it('storage that is not a list, or records missing a field, are dropped', () => {
    assert.deepEqual(new HistoryLog({} as unknown as HistoryRequest[]).requests, []);
    const bad = [
      { ...req('no-edits'), edits: undefined },
      { ...req(7 as unknown as string) },
      req('uri', [{ ...edit('x'), uri: 3 as unknown as string }]),
      req('old', [{ ...edit('x'), oldText: undefined as unknown as string }]),
      req('new', [{ ...edit('x'), newText: null as unknown as string }]),
      req('start', [{ ...edit('x'), start: '0' as unknown as number }]),
      req('null-edit', [null as unknown as HistoryEdit]),
      req('good', [edit('x')]),
    ];
    assert.deepEqual(new HistoryLog(bad as HistoryRequest[]).requests.map((r) => r.id), ['good']);
  });

  it('context: as many lines as asked, the partial line of a mid-line span included, the text’s own line breaks', () => {
    const text = 'a\r\nb\r\nc x d\r\ne\r\nf\r\n';
    const s = text.indexOf('x');
    assert.deepEqual(contextAround(text, s, s + 1, 1), { before: 'b\r\nc ', after: ' d\r\ne\r\n' });
    assert.deepEqual(contextAround(text, s, s + 1, 0), { before: 'c ', after: ' d\r\n' });
    assert.deepEqual(contextAround(text, s, s + 1, 5), { before: 'a\r\nb\r\nc ', after: ' d\r\ne\r\nf\r\n' });
  });

  it('trimEdit never splits a surrogate pair (an emoji) at either end', () => {
    const text = 'a😀b';
    const e = minimalEdit(text, 'a😃b');
    assert.deepEqual(e, { start: 1, end: 3, text: '😃' });
    const tail = minimalEdit('😀x', '😀y');
    assert.deepEqual(tail, { start: 2, end: 3, text: 'y' }, 'after a whole pair it may start');
    assert.deepEqual(minimalEdit('x\uD83D\uDFFF', 'x\uD83E\uDFFF'), { start: 1, end: 3, text: '\uD83E\uDFFF' }, 'the last low surrogate, U+DFFF, too');
    assert.deepEqual(minimalEdit('x\uD800\uDC00', 'x\uD801\uDC00'), { start: 1, end: 3, text: '\uD801\uDC00' }, 'the first high and low surrogates');
    assert.deepEqual(minimalEdit('x\uDBFF\uDC00', 'x\uDBFE\uDC00'), { start: 1, end: 3, text: '\uDBFE\uDC00' }, 'the last high surrogate');
  });

  it('a revert plan says which lines it found, 1-based in messages and 0-based in found', () => {
    const { content, edit: e } = record(FILE, '    sum += item.price;\n', '    sum += item.price;\n    count++;\n');
    const plan = planRevert(content, e);
    assert.equal(plan.kind, 'ok');
    if (plan.kind === 'ok') assert.deepEqual([plan.found.startLine, plan.found.endLine, plan.found.tier, plan.found.score], [3, 4, 'exact', 1]);
  });

  it('reverting a request reports review when any of its edits needs it', () => {
    const before = FILE.replace('    sum += item.price;\n', '    const price = item.price;\n    const quantity = item.quantity;\n    sum += price;\n');
    const one = record(before, '    sum += price;\n', '    const lineTotal = price * quantity;\n    sum += lineTotal;\n    lines.push(lineTotal);\n', 'e1');
    const two = record(one.content, 'return sum;', 'return { sum };', 'e2');
    const touched = two.content.replace('lines.push(lineTotal);', 'lines.push(lineTotals);');
    const all = planRevertAll(touched, [two.edit, one.edit]);
    assert.equal(all.kind, 'ok');
    if (all.kind === 'ok') assert.deepEqual([all.review, all.plans.map((p) => p.kind)], [true, ['ok', 'review']]);
    const clean = planRevertAll(two.content, [two.edit, one.edit]);
    assert.equal(clean.kind === 'ok' && clean.review, false);
  });
});

describe('history: planRevert', () => {
  it('reverts in place when nothing else changed', () => {
    const { content, edit } = record(FILE, 'sum += item.price;', 'sum += item.price * item.qty;');
    assert.equal(revert(content, edit), FILE);
  });

  it('finds the new text after edits elsewhere moved it, and reverts only that edit', () => {
    const { content, edit } = record(FILE, 'sum += item.price;', 'sum += item.price * item.qty;');
    const moved = '// header\n// more\n' + content.replace('return sum;', 'return sum + 1;');
    assert.equal(revert(moved, edit), '// header\n// more\n' + FILE.replace('return sum;', 'return sum + 1;'));
  });

  it('finds re-indented new text (a lossless tier) and re-indents the old text to match', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', '    sum += item.price;\n    count++;\n');
    const wrapped = content.replace('    sum += item.price;\n    count++;\n', '      sum += item.price;\n      count++;\n');
    const plan = planRevert(wrapped, edit);
    assert.equal(plan.kind, 'ok');
    assert.equal(revert(wrapped, edit), FILE.replace('    sum += item.price;', '      sum += item.price;'));
  });

  it('refuses with an explanation when the new text was rewritten since', () => {
    const { content, edit } = record(FILE, 'sum += item.price;', 'sum += item.price * item.qty;');
    const rewritten = content.replace('sum += item.price * item.qty;', 'sum = sum + computeLineTotal(item, taxes);');
    const plan = planRevert(rewritten, edit);
    assert.equal(plan.kind, 'refused');
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'changed');
      assert.match(plan.message, /changed since.*nothing was reverted/);
    }
  });

  it('offers a slightly changed new text for review (similarity tier)', () => {
    const before = FILE.replace('    sum += item.price;\n', '    const price = item.price;\n    const quantity = item.quantity;\n    sum += price;\n');
    const { content, edit } = record(before, '    sum += price;\n', '    const lineTotal = price * quantity;\n    sum += lineTotal;\n    lines.push(lineTotal);\n');
    const touched = content.replace('lines.push(lineTotal);', 'lines.push(lineTotals);');
    const plan = planRevert(touched, edit);
    assert.equal(plan.kind, 'review', JSON.stringify(plan));
    if (plan.kind === 'review') assert.match(plan.message ?? '', /changed since/);
  });

  it('a copy of the new text that was in the file all along is not reverted silently: the edit\'s own copy was rewritten since', () => {
    const text = 'x = 2;\nfoo();\nx = 1;\nbar();\n';
    const { content, edit } = record(text, 'x = 1;', 'x = 2;');
    // The edit's own `x = 2;` (line 3) is rewritten; line 1's `x = 2;` was never written by the edit.
    const rewritten = content.replace('foo();\nx = 2;', 'foo();\nx = 3;');
    const plan = planRevert(rewritten, edit);
    assert.equal(plan.kind, 'review', 'its surroundings find the edit\'s own place, changed since: a person looks first');
    if (plan.kind === 'review') assert.equal(rewritten.slice(0, plan.start) + plan.text + rewritten.slice(plan.end), text, 'line 1 is left alone');
    // With its surroundings rewritten too, only line 1's copy is left: offered for review, never reverted as is.
    const gone = content.replace('foo();\nx = 2;\nbar();', 'other();\nx = 3;\nmore();');
    const alone = planRevert(gone, edit);
    assert.equal(alone.kind, 'review', JSON.stringify(alone));
    if (alone.kind === 'review') {
      assert.equal(alone.found.startLine, 0);
      assert.match(alone.message ?? '', /line 1, but neither the lines above it nor those below/);
    }
  });

  it('of several copies of the new text, the one between the lines it was written between, even when another is nearer', () => {
    const text = 'a();\nx = 1;\nb();\n\nc();\nx = 1;\nd();\n';
    const { content, edit } = record(text, 'c();\nx = 1;\nd();', 'c();\nx = 2;\nd();');
    const own = edit.start;
    // Lines typed above the edit move it down; line 2 becomes a copy of the new text's middle line, nearer the old offset.
    const later = '// 1\n// 2\n// 3\n// 4\n' + content.replace('a();\nx = 1;', 'c();\nx = 2;\nd();');
    const plan = planRevert(later, edit);
    assert.equal(plan.kind, 'ok', JSON.stringify(plan));
    if (plan.kind === 'ok') assert.ok(plan.found.start > own, 'the moved copy, not the nearer look-alike');
  });

  it('the lines on one side of the new text are enough to know it as the edit\'s own, whitespace aside', () => {
    const text = 'a();\nb();\nx = 1;\nc();\nd();\n';
    const { content, edit } = record(text, 'x = 1;', 'x = 2;');
    const above = 'top();\n' + content.replace('b();\n', 'b(1);\n');
    assert.equal(planRevert(above, edit).kind, 'ok', 'the lines below came along');
    assert.equal(revert(above, edit), 'top();\n' + text.replace('b();\n', 'b(1);\n'));
    const below = 'top();\n' + content.replace('c();\n', 'c(1);\n').replace('a();\nb();', '  a();\n  b();');
    assert.equal(planRevert(below, edit).kind, 'ok', 'the lines above came along, re-indented');
    const neither = 'top();\n' + content.replace('c();\n', 'c(1);\n').replace('b();\n', 'b(1);\n');
    assert.equal(planRevert(neither, edit).kind, 'review', 'both sides rewritten: a person looks first');
    // Blank lines say nothing of where a text stands: the edit's own copy at the top of the file, with blank
    // lines below it, is rewritten; another copy at the end of the file has only a blank end below it too.
    const top = record('x = 1;\n\n\n\nstuff();\nx = 2;\n', 'x = 1;', 'x = 2;');
    assert.equal(planRevert(top.content.replace(/^x = 2;/, 'x = 3;'), top.edit).kind, 'review');
  });

  it('says when it is reverted already', () => {
    const { content, edit } = record(FILE, '    sum += item.price;', '    sum += item.price * item.quantityOrdered;');
    const back = revert(content, edit);
    const plan = planRevert(back, edit);
    assert.equal(plan.kind, 'refused');
    if (plan.kind === 'refused') assert.equal(plan.code, 'already_reverted');
  });

  it('respects CRLF documents', () => {
    const crlf = FILE.replace(/\n/g, '\r\n');
    const { content, edit } = record(crlf, 'sum += item.price;\n', 'sum += item.price;\nsum += item.tax;\n');
    assert.ok(edit.newText.includes('\r\n'));
    const moved = 'import x from "y";\r\n' + content;
    assert.equal(revert(moved, edit), 'import x from "y";\r\n' + crlf);
  });

  it('puts a deletion back between its neighbours', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', '');
    assert.equal(edit.newText, '');
    const moved = '// top\n' + content;
    assert.equal(revert(moved, edit), '// top\n' + FILE);
    const plan = planRevert(moved.replace('for (const item of items) {', 'for (const it of items) {'), edit);
    assert.equal(plan.kind, 'refused');
  });

  it('a removal whose neighbours stand in several places, none where it was made, is refused: the nearest may never have held it', () => {
    const text = 'p();\nq();\nr();\ns();\n// gap\np();\nq();\nDEL();\nr();\ns();\n';
    const { content, edit } = record(text, 'DEL();\n', '');
    const moved = content.replace('// gap\n', '// gap\n' + '// a comment typed later, long enough to move it\n'.repeat(3));
    const plan = planRevert(moved, edit);
    assert.equal(plan.kind, 'refused', JSON.stringify(plan));
    if (plan.kind === 'refused') assert.equal(plan.code, 'ambiguous');
    assert.equal(revert(content, edit), text, 'where it was made, with nothing moved, it is put back');
  });

  it('tells apart identical new texts by their surroundings', () => {
    const text = 'a();\nx = 1;\nb();\n\nc();\nx = 1;\nd();\n';
    const { content, edit } = record(text, 'c();\nx = 1;', 'c();\nx = 2;');
    // The first `x = 1;` becomes `x = 2;` too: the new text now stands twice; the neighbours say which.
    const twice = '// moved\n// by\n// lines\n' + content.replace('a();\nx = 1;', 'a();\nx = 2;');
    assert.equal(revert(twice, edit), '// moved\n// by\n// lines\n' + text.replace('a();\nx = 1;', 'a();\nx = 2;'));
  });

  it('reverts several edits of one document newest first, all or nothing', () => {
    const one = record(FILE, 'let sum = 0;', 'let sum = 0, count = 0;', 'e1');
    const two = record(one.content, 'return sum;', 'return { sum, count };', 'e2');
    const all = planRevertAll(two.content, [two.edit, one.edit]);
    assert.equal(all.kind, 'ok');
    if (all.kind === 'ok') assert.equal(all.content, FILE);
    const broken = two.content.replace('let sum = 0, count = 0;', 'let total = 0;');
    const none = planRevertAll(broken, [two.edit, one.edit]);
    assert.equal(none.kind, 'refused');
    if (none.kind === 'refused') assert.equal(none.edit.id, 'e1');
  });
});

describe('history: trimEdit keeps to the span it is given', () => {
  it('compares only inside the span: text that also stands after it is not taken as common', () => {
    // 'Y' → 'Ycd' inserts 'cd' after Y; the 'cd' already after the span is not part of it.
    assert.deepEqual(trimEdit('abYcd', 2, 3, 'Ycd'), { start: 3, end: 3, text: 'cd' });
  });

  it('never widens a span that starts or ends between a CR and its LF', () => {
    assert.deepEqual(trimEdit('x\r\ny', 2, 3, 'Z'), { start: 2, end: 3, text: 'Z' }, 'starts at the LF: the CR is left alone');
    assert.deepEqual(trimEdit('x\r\ny', 0, 2, 'xZ'), { start: 1, end: 2, text: 'Z' }, 'ends at the CR: the LF is left alone');
  });

  it('only a high surrogate followed by a low one is a pair: lone halves and their neighbours are split freely', () => {
    assert.deepEqual(minimalEdit('x\uD83Da', 'x\uD83Db'), { start: 2, end: 3, text: 'b' }, 'a lone high surrogate before a letter');
    assert.deepEqual(minimalEdit('x\uD83D\uE000', 'x\uD83D\uE001'), { start: 2, end: 3, text: '\uE001' }, 'a high surrogate before U+E000, past the low ones');
    assert.deepEqual(minimalEdit('xa\uDC00', 'xb\uDC00'), { start: 1, end: 2, text: 'b' }, 'a lone low surrogate after a letter');
    assert.deepEqual(minimalEdit('x\uDC05\uDC00', 'x\uDC06\uDC00'), { start: 1, end: 2, text: '\uDC06' }, 'a low surrogate after another low one');
  });
});

describe('history: planRevertAll of a request of many edits', () => {
  /** The edits of one request to `lines` (the lines at `at` rewritten), recorded as the extension records them. */
  function request(lines: string[], at: number[]): { before: string; after: string; edits: HistoryEdit[] } {
    const before = lines.join('\n');
    const changed = lines.map((l, i) => (at.includes(i) ? `${l} // changed ${i}` : l));
    const after = changed.join('\n');
    const starts: number[] = [];
    for (let i = 0, o = 0; i < changed.length; o += changed[i].length + 1, i++) starts.push(o);
    const edits = [...at]
      .sort((a, b) => b - a)
      .map((i, k): HistoryEdit => {
        const start = starts[i];
        const end = start + changed[i].length;
        return { id: `e${k}`, requestId: 'r1', uri: 'file:///x.ts', time: 1, tier: 'exact', score: 1, oldText: lines[i], newText: changed[i], start, end, startLine: i, endLine: i, ...contextAround(after, start, end) };
      });
    return { before, after, edits };
  }

  /** planRevertAll as it was: each edit reverted on the text the one before left. */
  function oneAfterAnother(content: string, edits: HistoryEdit[]) {
    let text = content;
    const plans = [];
    for (const edit of edits) {
      const plan = planRevert(text, edit);
      if (plan.kind === 'refused') return { kind: 'refused', id: edit.id };
      plans.push(plan);
      text = text.slice(0, plan.start) + plan.text + text.slice(plan.end);
    }
    return { kind: 'ok', content: text, plans };
  }

  it('gives what reverting them one after another gives, edits far apart or next to each other (property)', () => {
    const line = fc.constantFrom('  x = 1;', '  total += price;', '}', '', 'function f() {', '  return total;');
    fc.assert(
      fc.property(fc.array(line, { minLength: 3, maxLength: 60 }), fc.uniqueArray(fc.nat({ max: 59 }), { minLength: 1, maxLength: 12 }), (lines, picks) => {
        const at = picks.filter((i) => i < lines.length);
        fc.pre(at.length > 0);
        const { before, after, edits } = request(lines, at);
        const CONTEXT = 3;
        const mine = planRevertAll(after, edits);
        const theirs = oneAfterAnother(after, edits);
        assert.equal(mine.kind, theirs.kind);
        if (mine.kind === 'ok' && theirs.kind === 'ok') {
          assert.equal(mine.content, theirs.content);
          assert.deepEqual(mine.plans, theirs.plans);
          // Edits whose neighbours are other edits' lines are reverted one after another (their neighbours changed):
          // only far apart is the text before the request always what comes back.
          if (at.every((i) => at.every((j) => i === j || Math.abs(i - j) > 2 * CONTEXT))) assert.equal(mine.content, before);
        }
      }),
      propertyRuns(200),
    );
  });

  it('a request of 4,000 edits to 20,000 lines is reverted whole, each plan on its own line', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `  value${i} = compute(${i});`);
    const { before, after, edits } = request(lines, Array.from({ length: 4000 }, (_, k) => k * 5));
    const all = planRevertAll(after, edits);
    assert.equal(all.kind, 'ok');
    if (all.kind !== 'ok') return;
    assert.equal(all.content, before);
    assert.deepEqual(all.plans.slice(0, 2).map((p) => p.kind === 'ok' && p.found.startLine), [19_995, 19_990]);
  });
});
