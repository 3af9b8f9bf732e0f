// The context tier (src/core/tiers/context.ts), directly: a window of as many lines as the old text where at least
// half of its meaningful lines stand as they are; each such window once, the most similar first.
import assert from 'node:assert/strict';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { contextTier } from '../../../src/core/tiers/context';
import { APPLY_DISCOUNT } from './fixtures';

const BLOCK = APPLY_DISCOUNT;
/** The old text: one line of five meaningful ones changed. */
const OLD = BLOCK.join('\n').replace('subtotal * rate', 'subtotal * rate / 100');
const file = (lines: readonly string[]) => `${lines.join('\n')}\n`;
const found = (lines: readonly string[], old = OLD) =>
  contextTier.find({ doc: new SourceText(file(lines)), needle: new Needle(old), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) });
const places = (lines: readonly string[], old = OLD) => found(lines, old).map((c) => [c.window!.startLine, c.window!.endLine]);

describe('context: the lines around a changed line match', () => {
  it('the block with one line changed: found, and the match says which rule found it', () => {
    assert.deepEqual(
      found(['x();', ...BLOCK]).map((c) => [c.window!.startLine, c.window!.endLine, c.normalized]),
      [[1, 6, ['some lines differ; the lines around them match']]],
    );
  });

  it('two such places: each once, the more similar first, whichever comes first in the file', () => {
    const other = BLOCK.map((l) => l.replace('log(', 'trace('));
    assert.deepEqual(places([...other, '', 'y();', ...BLOCK]), [[8, 13], [0, 5]]);
    assert.deepEqual(places([...BLOCK, '', 'y();', ...other]), [[0, 5], [8, 13]]);
  });

  it('the more similar place first even when the other has more lines as they are', () => {
    const old = OLD.split('\n');
    // Four lines as they are, one rewritten at length…
    const rewritten = old.map((l, i) => (i === 3 ? '  somethingEntirelyDifferentAndMuchLongerThanTheLineItReplaces(withArguments, andMore);' : l));
    // …against three as they are and two with a typo.
    const typos = old.map((l, i) => (i === 1 ? l.replace('subtotal()', 'subtotl()') : i === 3 ? l.replace('log(', 'lg(') : l));
    assert.deepEqual(places([...rewritten, '', 'y();', ...typos]), [[8, 13], [0, 5]]);
  });

  it('fewer than half of the meaningful lines as they are: not this tier’s', () => {
    assert.deepEqual(places(BLOCK.map((l, i) => (i === 1 || i === 3 ? `${l} // changed` : l))), []);
  });

  it('too little to go on: two lines, or one meaningful line among braces', () => {
    assert.deepEqual(places(BLOCK, BLOCK.slice(0, 2).join('\n')), []);
    assert.deepEqual(places(['if (ready) {', '  go();', '  }', '}'], 'if (ready) {\n  }\n}'), []);
    // …even where those lines stand as they are: one meaningful line is no context.
    assert.deepEqual(places(['if (ready) {', '  }', '}', 'done();'], 'if (ready) {\n  }\n}'), []);
  });

  it('a window cut short by the end of the file is no window', () => {
    assert.deepEqual(places(BLOCK.slice(0, 4), BLOCK.slice(0, 5).join('\n')), []);
  });

  it('a place sharing one line with a more similar one (the log line between two blocks) is left to it, before or after', () => {
    // Both windows cannot be the edit: they share a line, so the place that is the old text as it is wins.
    const old = ['log("step");', '  total = total + 1;', '  count = count + 2;', '  items = items + 3;', 'log("step");'];
    const typos = old.map((l, i) => (i === 2 ? '  count = count + 20;' : i === 3 ? '  item = items + 3;' : l));
    assert.deepEqual(places([...typos.slice(0, 4), ...old], old.join('\n')), [[4, 8]]);
    assert.deepEqual(places([...old.slice(0, 4), ...typos], old.join('\n')), [[0, 4]]);
  });
});
