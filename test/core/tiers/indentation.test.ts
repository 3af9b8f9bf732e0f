// The indentation tier (src/core/tiers/indentation.ts): the same lines at the same relative indentation, any
// base and any unit; the match names the change (columns, or tabs against spaces).
import assert from 'node:assert/strict';
import { findMatch, type FindResult } from '../../../src/core';
import { gcd, sameIndentLevels } from '../../../src/core/tiers/indentation';

const found = (r: FindResult) => (r.kind === 'match' ? { tier: r.match.tier, lines: [r.match.startLine, r.match.endLine], normalized: r.match.normalized } : r.kind);
const SPACES = 'class A {\n    foo() {\n        return 1;\n    }\n}\n';
const TABS = 'class A {\n\tfoo() {\n\t\treturn 1;\n\t}\n}\n';

describe('indentation: the block at another base or unit', () => {
  it('dedented, with a narrower unit: found, the columns named from the first line', () => {
    assert.deepEqual(found(findMatch(SPACES, 'foo() {\n  return 1;\n}')), { tier: 'indentation', lines: [1, 3], normalized: ['indentation (0 → 4 columns)'] });
  });

  it('spaces in the old text, tabs in the file: named as such', () => {
    assert.deepEqual(found(findMatch(TABS, '    foo() {\n        return 1;\n    }')), {
      tier: 'indentation',
      lines: [1, 3],
      normalized: ['indentation (spaces in the old text, tabs in the file)'],
    });
  });

  it('an old text at column 0 against a tab-indented block: columns, not tabs against spaces', () => {
    assert.deepEqual(found(findMatch(TABS, 'foo() {\n    return 1;\n}')), { tier: 'indentation', lines: [1, 3], normalized: ['indentation (0 → 4 columns)'] });
  });

  it('blank lines carry no indentation: one of spaces in the file against an empty one in the old text', () => {
    const file = 'class A {\n    a();\n    \n    b();\n}\n';
    assert.deepEqual(found(findMatch(file, '  a();\n\n  b();')), { tier: 'indentation', lines: [1, 3], normalized: ['indentation (2 → 4 columns)'] });
  });

  it('a block of 150 lines (more than the check’s first buffers hold): found dedented, not by this tier when one line is a level off', () => {
    const body = Array.from({ length: 148 }, (_, i) => `${i % 3 === 2 ? '            ' : '        '}step${i}();`);
    const file = ['class A {', '    run() {', ...body, '    }', '}', ''].join('\n');
    const old = ['run() {', ...body.map((l) => l.slice(4)), '}'].join('\n');
    assert.deepEqual(found(findMatch(file, old)), { tier: 'indentation', lines: [1, 150], normalized: ['indentation (0 → 4 columns)'] });
    // Line 140 of the block one level deeper than the file has it: the levels differ there (and only there).
    const shifted = old.split('\n').map((l, j) => (j === 140 ? `    ${l}` : l)).join('\n');
    assert.equal((found(findMatch(file, shifted)) as { tier: string }).tier, 'line-trimmed');
  });

  it('other relative indentation is not this tier’s (the line-trimmed tier answers)', () => {
    assert.deepEqual((found(findMatch(SPACES, 'foo() {\nreturn 1;\n  }')) as { tier: string }).tier, 'line-trimmed');
    assert.deepEqual((found(findMatch(SPACES, 'foo() {\nreturn 1;\n}')) as { tier: string }).tier, 'line-trimmed');
  });

  it('levels: widths over the shallowest, in their common unit', () => {
    const same = (a: number[], b: number[]) => sameIndentLevels(a, b, a.length);
    assert.equal(same([4, 8, 12, 8], [0, 1, 2, 1]), true);
    assert.equal(same([2, 6, 10], [0, 1, 2]), true);
    assert.equal(same([3, 3], [0, 0]), true);
    assert.equal(same([0, 3, 6], [8, 11, 14]), true);
    assert.equal(same([4, 8, 12, 8], [0, 1, 2, 2]), false, 'another level');
    assert.equal(same([4, 8, 12], [0, 4, 12]), false, 'levels 0, 1, 2 against 0, 1, 3');
    assert.equal(same([0, 8], [5, 5]), false, 'one level deeper against the same level');
    assert.equal(sameIndentLevels([4, 8, 99], [0, 4, 0], 2), true, 'only the first n count');
    assert.equal(sameIndentLevels([], [], 0), true, 'no lines: nothing differs');
    assert.equal(gcd(12, 8), 4);
    assert.equal(gcd(0, 6), 6);
  });
});
