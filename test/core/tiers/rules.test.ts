// Rules of single tiers, each shown by the smallest input that needs it; every test was checked by breaking the
// rule in its tier (src/core/tiers/*.ts): rule broken, test fails.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, isEditError } from '../../../src/core';

const outcome = (content: string, old: string, nw: string) => {
  try {
    const r = applyEdit(content, old, nw);
    return { tier: r.matches[0].tier, content: r.content };
  } catch (err) {
    if (!isEditError(err)) throw err;
    return { refused: err.code, content };
  }
};

describe('line-numbers tier: only a gutter that counts up is a gutter', () => {
  const file = ['NAMES = [', '    "one",', '    "three",', ']', ''].join('\n');

  it('`1: "one",` / `3: "three",` are dict entries, not line numbers: refused, nothing stripped', () => {
    const r = findMatch(file, '1: "one",\n3: "three",', { newString: '1: "uno",\n3: "tres",' });
    assert.equal(r.kind, 'not_found');
    assert.deepEqual(outcome(file, '1: "one",\n3: "three",', '1: "uno",\n3: "tres",'), { refused: 'not_found', content: file });
  });

  it('a gutter that counts up is stripped from both sides (`  12→` from an agent’s file reader)', () => {
    const r = outcome(file, '    2→    "one",\n    3→    "three",', '    2→    "uno",\n    3→    "tres",');
    assert.deepEqual(r, { tier: 'line-numbers', content: file.replace('"one"', '"uno"').replace('"three"', '"tres"') });
  });
});

describe('elision tier: each piece is searched after the end of the one before', () => {
  const file = ['function boot() {', '  initialise();', '  configure();', '  run();', '}', ''].join('\n');

  it('`initialise();` before and after the marker does not match a function with one call (never written twice)', () => {
    const old = '  initialise();\n  // ... existing code ...\n  initialise();';
    const r = outcome(file, old, '  initialise();\n  // ... existing code ...\n  initialise(true);');
    assert.equal(r.refused, 'not_found');
    assert.equal(r.content, file);
  });

  it('pieces in order across the marker: the elided lines stay, the change lands after them', () => {
    const old = 'function boot() {\n  // ... existing code ...\n  run();\n}';
    const r = outcome(file, old, 'function boot() {\n  // ... existing code ...\n  run();\n  stop();\n}');
    assert.deepEqual(r, { tier: 'elision', content: file.replace('  run();\n', '  run();\n  stop();\n') });
  });

  it('a piece that repeats inside the one before is found after it, not inside it', () => {
    const twice = ['function boot() {', '  prepare();', '  prepare();', '  configure();', '  prepare();', '  run();', '}', ''].join('\n');
    const old = '  prepare();\n  prepare();\n  // ... existing code ...\n  prepare();\n  run();';
    const r = outcome(twice, old, '  prepare();\n  prepare();\n  // ... existing code ...\n  prepare();\n  start();');
    assert.deepEqual(r, { tier: 'elision', content: twice.replace('  run();', '  start();') });
  });
});

describe('context tier: a window one line short of the block is not the place', () => {
  // The model forgot `log(sum);`, the line before the `return` it changes. A fixed-size window from the
  // function's first line ends one line short, before the `return`: it takes in the `return` line standing just
  // outside (or the free alignment sees the whole block).
  const body = [
    'function summarize(orders, options) {',
    '  const currency = options.currency;',
    '  const rate = lookupRate(currency);',
    '  const totals = orders.map((o) => o.amount * rate);',
    '  const count = totals.length;',
    '  const sum = totals.reduce((a, b) => a + b, 0);',
    '  log(sum);',
    '  return sum;',
    '}',
  ];
  const file = ['// header', ...body, '', 'export { summarize };', ''].join('\n');
  const old = body.filter((l) => l !== '  log(sum);' && l !== '}');

  it('the old `return` line is replaced, not left beside the new one', () => {
    const r = outcome(file, old.join('\n'), old.map((l) => (l === '  return sum;' ? '  return sum * 2;' : l)).join('\n'));
    assert.equal(r.content, file.replace('  return sum;', '  return sum * 2;'));
    const m = applyEdit(file, old.join('\n'), 'x').matches[0];
    assert.deepEqual([m.startLine, m.endLine], [1, 8], 'the match is the whole block, `return` line included');
  });
});
