// Stage 4 (verify) on its own: the written change (file span → written lines) must correspond to the asked one
// (old → new). Each test is the smallest input that shows one rule of src/core/verify.ts; each was checked by
// breaking the rule it defends.
import { strict as assert } from 'node:assert';
import type { Aligned } from '../../src/core/align';
import { lineChange, verifyLines } from '../../src/core/verify';

/** Old line i stands for file line startLine + i, for every old line. */
function oneToOne(n: number, startLine = 0): Aligned[] {
  return Array.from({ length: n }, (_, i) => ({ kind: 'pair' as const, old: i, file: startLine + i }));
}

describe('verify: the written change corresponds to the asked one', () => {
  it('lineChange reports removed and added lines by content, with the removed lines\' indices', () => {
    const c = lineChange(['a', '  b', 'c'], ['a', 'B', 'c', 'd']);
    assert.deepEqual(c.removed, ['  b']);
    assert.deepEqual(c.added, ['B', 'd']);
    assert.deepEqual([...c.removedAt], [1]);
  });

  it('lineChange ignores indentation and trailing spaces: a re-indented line is no change', () => {
    const c = lineChange(['if (x) {', '  y();', '}'], ['if (x) {', '    y();  ', '}']);
    assert.deepEqual(c.removed, []);
    assert.deepEqual(c.added, []);
  });

  it('an exact write of the asked change passes', () => {
    const old = ['a();', 'b();', 'c();'];
    const now = ['a();', 'B();', 'c();'];
    const v = verifyLines(old, now, old, now, oneToOne(3), 0);
    assert.equal(v.nothingWritten, false);
    assert.deepEqual(v.problems, []);
  });

  it('nothing written while the edit asks for a change: nothingWritten, never a pass', () => {
    const old = ['a();', 'b();'];
    const v = verifyLines(old, ['a();', 'c();'], old, old, oneToOne(2), 0);
    assert.equal(v.nothingWritten, true);
    assert.deepEqual(v.problems, ['the change would write nothing']);
  });

  it('an edit that asks nothing and writes nothing is not "nothing written"', () => {
    const old = ['a();'];
    const v = verifyLines(old, old, old, old, oneToOne(1), 0);
    assert.equal(v.nothingWritten, false);
    assert.deepEqual(v.problems, []);
  });

  it('a line of the new text that is not written is named', () => {
    const old = ['a();', 'b();'];
    const v = verifyLines(old, ['a();', 'inserted();', 'b();'], old, ['a();', 'b();', ''], oneToOne(2), 0);
    assert.equal(v.problems.length, 1);
    assert.match(v.problems[0], /^1 line of the new text would not be written \(`inserted\(\);`\)$/);
  });

  it('a line written that the new text does not have is named', () => {
    const old = ['a();', 'b();'];
    const v = verifyLines(old, ['a();', 'c();'], old, ['a();', 'c();', 'zzz_other_thing();'], oneToOne(2), 0);
    assert.ok(v.problems.some((p) => /^1 line would be written that the new text does not have \(`zzz_other_thing\(\);`\)$/.test(p)), v.problems.join('; '));
  });

  it('a file line replaced that no old line stands for (the wrong line overwritten) is named', () => {
    // old pairs with file lines 0–1 only; the write removes file line 2 (`export { Zoom }`) too.
    const old = ['export { Pan } from "./pan";', 'export { Tilt } from "./tilt";'];
    const now = ['export { Pan } from "./pan";'];
    const span = [...old, 'export { Zoom } from "./zoom";'];
    const written = ['export { Pan } from "./pan";'];
    const v = verifyLines(old, now, span, written, oneToOne(2), 0);
    assert.ok(v.problems.some((p) => /^1 file line would be replaced that the old text does not stand for \(`export \{ Zoom \}/.test(p)), v.problems.join('; '));
  });

  it('a removed file line with no pair passes when it is like a line the edit removes (a drifted twin)', () => {
    const old = ['keep();', 'remove_me(1);'];
    const now = ['keep();'];
    const span = ['keep();', 'remove_me(11);'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'invented', old: 1 }, { kind: 'forgotten', file: 1 }];
    const v = verifyLines(old, now, span, ['keep();'], alignment, 0);
    assert.deepEqual(v.problems, []);
  });

  it('an old line the edit deletes whose file line stays is named as lost', () => {
    const old = ['a();', 'delete_this();', 'c();', 'd();'];
    const now = ['a();', 'c();', 'd();', 'e();'];
    // The write adds e() but keeps delete_this().
    const written = ['a();', 'delete_this();', 'c();', 'd();', 'e();'];
    const v = verifyLines(old, now, old, written, oneToOne(4), 0);
    assert.ok(v.problems.some((p) => /^1 line the edit deletes or changes would stay \(`delete_this\(\);`\)$/.test(p)), v.problems.join('; '));
  });

  it('the file line of a deleted old line counts where the alignment puts it (startLine offsets the window)', () => {
    const old = ['a();', 'delete_this();', 'c();'];
    const now = ['a();', 'c();', 'x();'];
    const written = ['a();', 'delete_this();', 'c();', 'x();'];
    const withOffset = verifyLines(old, now, old, written, oneToOne(3, 40), 40);
    assert.ok(withOffset.problems.some((p) => /would stay/.test(p)), withOffset.problems.join('; '));
  });

  it('a kept file line already reading as the new line is not lost', () => {
    const old = ['a();', 'b();'];
    const now = ['a();', 'B();'];
    // The file already has the new line where the old one was: nothing lost (only the other change counts).
    const span = ['a();', 'B();'];
    const v = verifyLines(old, now, span, ['A();', 'B();'], oneToOne(2), 0);
    assert.ok(!v.problems.some((p) => /would stay/.test(p)), v.problems.join('; '));
  });

  it('the blank line the edit deletes must go when the span has one', () => {
    const old = ['a();', '', 'b();'];
    const now = ['a();', 'b();', 'c();'];
    const v = verifyLines(old, now, old, ['a();', '', 'b();', 'c();'], oneToOne(3), 0);
    assert.ok(v.problems.includes('the blank line the edit deletes would stay'), v.problems.join('; '));
  });

  it('a deleted blank line is no problem when the file has no blank line there to delete', () => {
    const old = ['a();', '', 'b();'];
    const now = ['a();', 'b();', 'c();'];
    const span = ['a();', 'b();'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'invented', old: 1 }, { kind: 'pair', old: 2, file: 1 }];
    const v = verifyLines(old, now, span, ['a();', 'b();', 'c();'], alignment, 0);
    assert.deepEqual(v.problems, []);
  });

  it('the blank line the edit adds must be written', () => {
    const old = ['a();', 'b();'];
    const now = ['a();', '', 'b();', 'c();'];
    const v = verifyLines(old, now, old, ['a();', 'b();', 'c();'], oneToOne(2), 0);
    assert.ok(v.problems.includes('the blank line the edit adds would not be written'), v.problems.join('; '));
  });

  it('elision markers and blank lines are not lines of text to write', () => {
    const old = ['a();', '// ... existing code ...', 'b();'];
    const now = ['a();', '// ... existing code ...', 'b();', 'c();'];
    const span = ['a();', 'x();', 'y();', 'b();'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'elided', old: 1, from: 1, to: 2 }, { kind: 'pair', old: 2, file: 3 }];
    const v = verifyLines(old, now, span, [...span, 'c();'], alignment, 0);
    assert.deepEqual(v.problems, []);
  });

  it('a line written in the file\'s spelling of the new line (a slip kept) is the same line', () => {
    const old = ['const total = price * qty;'];
    const now = ['const total = price * qty * 2;'];
    const v = verifyLines(old, now, ['const totl = price * qty;'], ['const totl = price * qty * 2;'], oneToOne(1), 0);
    assert.deepEqual(v.problems, []);
  });

  it('several missing lines are counted in the plural, the first quoted and long lines cut at 60 characters', () => {
    const long = 'x'.repeat(70);
    const v = verifyLines(['a();'], ['a();', long + '1', 'qqqq();'], ['a();'], ['a();', 'b();'], oneToOne(1), 0);
    const missing = v.problems.find((p) => p.includes('of the new text'));
    assert.equal(missing, `2 lines of the new text would not be written (\`${'x'.repeat(57)}…\`)`);
  });

  it('each written line answers for one new line only', () => {
    const old = ['a();'];
    const now = ['a();', 'twice();', 'twice();'];
    const v = verifyLines(old, now, old, ['a();', 'twice();'], oneToOne(1), 0);
    assert.ok(v.problems.some((p) => /^1 line of the new text would not be written/.test(p)), v.problems.join('; '));
  });

  it('a missing line is quoted without its indentation, whole up to 60 characters', () => {
    const sixty = 'y'.repeat(60);
    const v = verifyLines(['a();'], ['a();', '        ' + sixty], ['a();'], ['a();', 'b();'], oneToOne(1), 0);
    assert.ok(v.problems.includes(`1 line of the new text would not be written (\`${sixty}\`)`), v.problems.join('; '));
  });

  it('a blank file line the write drops is not counted as a stray replaced line', () => {
    const old = ['a();', 'b();'];
    const span = ['a();', '', 'b();'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'forgotten', file: 1 }, { kind: 'pair', old: 1, file: 2 }];
    const v = verifyLines(old, ['a();', 'c();'], span, ['a();', 'c();'], alignment, 0);
    assert.ok(!v.problems.some((p) => /file line would be replaced/.test(p)), v.problems.join('; '));
  });

  it('an unpaired file line may go when it is like any one of the lines the edit removes', () => {
    const old = ['keep();', 'first_removed(1);', 'second_removed(2);'];
    const span = ['keep();', 'second_removed(22);'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'invented', old: 1 }, { kind: 'invented', old: 2 }, { kind: 'forgotten', file: 1 }];
    const v = verifyLines(old, ['keep();'], span, ['keep();'], alignment, 0);
    assert.deepEqual(v.problems, []);
  });

  it('a blank line the edit adds and the write adds is no problem', () => {
    const old = ['a();', 'b();'];
    const now = ['a();', '', 'b();'];
    const v = verifyLines(old, now, old, now, oneToOne(2), 0);
    assert.deepEqual(v.problems, []);
  });

  it('"alike" starts at 0.7: an unpaired file line 3 edits away from a 10-character removed line may go', () => {
    const old = ['keep();', 'abcdefghij'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'invented', old: 1 }, { kind: 'forgotten', file: 1 }];
    const alike = verifyLines(old, ['keep();'], ['keep();', 'abcdefgXYZ'], ['keep();'], alignment, 0);
    assert.deepEqual(alike.problems, []);
    const unlike = verifyLines(old, ['keep();'], ['keep();', 'abcdefWXYZ'], ['keep();'], alignment, 0);
    assert.equal(unlike.problems.length, 1);
  });

  it('a file line is quoted without its indentation', () => {
    const old = ['a();', '    delete_this();', 'c();'];
    const now = ['a();', 'c();', 'x();'];
    const v = verifyLines(old, now, old, ['a();', '    delete_this();', 'c();', 'x();'], oneToOne(3), 0);
    assert.ok(v.problems.includes('1 line the edit deletes or changes would stay (`delete_this();`)'), v.problems.join('; '));
  });

  it('a blank line the edit deletes beyond the first or last matched old line cannot be excused as invented', () => {
    const old = ['x_invented();', '', 'a();', 'b();'];
    const now = ['x_invented();', 'a();', 'b();', 'c();'];
    const alignment: Aligned[] = [{ kind: 'invented', old: 0 }, { kind: 'invented', old: 1 }, { kind: 'pair', old: 2, file: 0 }, { kind: 'pair', old: 3, file: 1 }];
    const v = verifyLines(old, now, ['a();', 'b();'], ['a();', 'b();', 'c();'], alignment, 0);
    assert.ok(v.problems.includes('the blank line the edit deletes lies outside the matched lines'), v.problems.join('; '));
  });

  it('…after the last matched old line too, whatever else the edit deletes', () => {
    const old = ['a();', 'b();', '', 'x_invented();', 'gone();'];
    const now = ['c();', 'a();', 'b();', 'x_invented();'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'pair', old: 1, file: 1 }, { kind: 'invented', old: 2 }, { kind: 'invented', old: 3 }, { kind: 'invented', old: 4 }];
    const v = verifyLines(old, now, ['a();', 'b();'], ['c();', 'a();', 'b();'], alignment, 0);
    assert.ok(v.problems.includes('the blank line the edit deletes lies outside the matched lines'), v.problems.join('; '));
  });

  it('a blank line the model invented between matched lines may be deleted: the file never had it', () => {
    const old = ['a();', '', 'b();'];
    const now = ['a();', 'b();', 'c();'];
    const alignment: Aligned[] = [{ kind: 'pair', old: 0, file: 0 }, { kind: 'invented', old: 1 }, { kind: 'pair', old: 2, file: 1 }];
    const v = verifyLines(old, now, ['a();', 'b();'], ['a();', 'b();', 'c();'], alignment, 0);
    assert.deepEqual(v.problems, []);
  });

  it('with no old line matched at all, no blank line lies "outside" the matched lines', () => {
    const old = ['x();', '', 'y();'];
    const now = ['x();', 'y();'];
    const alignment: Aligned[] = [{ kind: 'invented', old: 0 }, { kind: 'invented', old: 1 }, { kind: 'invented', old: 2 }];
    const v = verifyLines(old, now, ['z();'], ['z();', 'w();'], alignment, 0);
    assert.equal(v.nothingWritten, false);
    assert.ok(!v.problems.includes('the blank line the edit deletes lies outside the matched lines'), v.problems.join('; '));
  });
});
