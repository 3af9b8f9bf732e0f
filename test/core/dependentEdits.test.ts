// Which edit of a request builds on another (its old text is what the other writes): dependentEdits.ts.
import assert from 'node:assert/strict';
import { dependentEdits } from '../../src/core/dependentEdits';

const edit = (oldString: string, newString: string, replaceAll = false) => ({ kind: 'replace', oldString, newString, ...(replaceAll && { replaceAll }) });
const deps = (...edits: ReturnType<typeof edit>[]) => [...dependentEdits(edits.map((_, i) => i), edits)];

describe('dependentEdits', () => {
  it('an old text an earlier edit writes, and does not have in its own old text, depends on that edit', () => {
    assert.deepEqual(deps(edit('a = 1', 'a = 2'), edit('a = 2', 'a = 1')), [[1, 0]]);
    assert.deepEqual(deps(edit('x()', 'x()\n  if (y) {\n    x()\n  }'), edit('    x()', '    x(1)')), [[1, 0]]);
  });

  it('only earlier edits count, in the order given (the later one is the one that builds)', () => {
    assert.deepEqual(deps(edit('a = 2', 'a = 3'), edit('a = 1', 'a = 2')), []);
    assert.deepEqual(dependentEdits([1, 0], [edit('a = 2', 'a = 3'), edit('a = 1', 'a = 2')]), new Map([[0, 1]]));
  });

  it('text the earlier edit keeps as it was (context in both its texts) is no dependency', () => {
    assert.deepEqual(deps(edit('head()\nbody()', 'head()\nbody(1)'), edit('head()', 'head(2)')), []);
    // …unless it writes one more copy of it.
    assert.deepEqual(deps(edit('head()\nbody()', 'head()\nhead()\nbody(1)'), edit('head()', 'head(2)')), [[1, 0]]);
  });

  it('a replace-all is looked for in every earlier new text, inside lines too; other edits by their longest line', () => {
    assert.deepEqual(deps(edit('run()', 'run()\nparse_cfg(b)'), edit('parse_cfg', 'parse_config', true)), [[1, 0]]);
    assert.deepEqual(deps(edit('run()', 'run()\nparse_cfg(b)'), edit('parse_cfg', 'parse_config')), []);
  });

  it('line endings and surrounding blank lines do not hide it; a blank old text depends on nothing', () => {
    assert.deepEqual(deps(edit('a\r\n', 'b\r\nc\r\n'), edit('\nb\nc\n', 'd')), [[1, 0]]);
    assert.deepEqual(deps(edit('a', '\n\n'), edit('\n', 'b')), []);
  });
});
