import { deepStrictEqual, strictEqual } from 'node:assert';
import { lineChanges, runLabel } from '../../src/extension/review/lineChanges';

describe('lineChanges (what the inline preview marks and shows)', () => {
  it('a changed line is removed and its new text is shown beside it', () => {
    const c = lineChanges(['a();', '  b();', 'c();'], ['a();', '  B(1);', 'c();']);
    deepStrictEqual(c.removed, [1]);
    deepStrictEqual(c.addedInNew, [1]);
    deepStrictEqual(c.runs, [{ at: 1, lines: ['  B(1);'], role: 'replaces' }]);
    strictEqual(runLabel(c.runs[0]), '→ B(1);');
  });

  it('more new lines than removed ones: the rest join the last removed line', () => {
    const c = lineChanges(['x', 'old1', 'old2', 'y'], ['x', 'new1', 'new2', 'new3', 'y']);
    deepStrictEqual(c.removed, [1, 2]);
    deepStrictEqual(c.runs, [
      { at: 1, lines: ['new1'], role: 'replaces' },
      { at: 2, lines: ['new2', 'new3'], role: 'replaces' },
    ]);
    strictEqual(runLabel(c.runs[1]), '→ new2  ⏎  new3');
  });

  it('an insertion is shown after the kept line above it, and nothing is marked removed', () => {
    const c = lineChanges(['for (x) {', '  sum += x;', '}'], ['for (x) {', '  if (!x) continue;', '  sum += x;', '}']);
    deepStrictEqual(c.removed, []);
    deepStrictEqual(c.addedInNew, [1]);
    deepStrictEqual(c.runs, [{ at: 0, lines: ['  if (!x) continue;'], role: 'inserted' }]);
    strictEqual(runLabel(c.runs[0]), '+ if (!x) continue;');
  });

  it('an insertion before the first line says it goes above it', () => {
    const c = lineChanges(['b();'], ['a();', 'b();']);
    deepStrictEqual(c.runs, [{ at: 0, lines: ['a();'], role: 'above' }]);
    strictEqual(runLabel(c.runs[0]), '+ above this line: a();');
  });

  it('a deletion marks the lines and shows nothing added', () => {
    const c = lineChanges(['a', 'b', 'c'], ['a', 'c']);
    deepStrictEqual(c.removed, [1]);
    deepStrictEqual(c.runs, []);
    deepStrictEqual(c.addedInNew, []);
  });

  it('a long label is cut, a blank added line is named', () => {
    strictEqual(runLabel({ at: 0, lines: [''], role: 'inserted' }), '+ (blank line)');
    const long = runLabel({ at: 0, lines: ['x'.repeat(500)], role: 'replaces' }, 40);
    strictEqual(long.length, 40);
    strictEqual(long.endsWith('…'), true);
  });

  it('two texts that differ everywhere beyond the bound: every old line removed, every new one shown', () => {
    const old = Array.from({ length: 1000 }, (_, i) => `old ${i}`);
    const neu = Array.from({ length: 1000 }, (_, i) => `new ${i}`);
    const c = lineChanges(old, neu);
    strictEqual(c.removed.length, 1000);
    strictEqual(c.addedInNew.length, 1000);
    strictEqual(c.runs.reduce((n, r) => n + r.lines.length, 0), 1000);
  });
});
