// The reflow search (src/core/tiers/reflow.ts, reached through the whitespace tier): the same code with its line
// breaks moved. A line break counts as whitespace, kept only between two words, like any other.
import assert from 'node:assert/strict';
import { findMatch, type FindResult } from '../../../src/core';

const FILE = 'function load(url, options) {\n  const result = await\n    fetchData(url, options);\n  return result;\n}\n';
const found = (r: FindResult) => (r.kind === 'match' ? { tier: r.match.tier, start: r.match.start, end: r.match.end, lines: [r.match.startLine, r.match.endLine] } : r.kind);

describe('reflow: line breaks moved', () => {
  it('a statement the file wraps between two words, written on one line: found from its first to its last character', () => {
    const start = FILE.indexOf('const');
    const end = FILE.indexOf(';', FILE.indexOf('fetchData')) + 1;
    assert.deepEqual(found(findMatch(FILE, 'const result = await fetchData(url, options);')), { tier: 'whitespace', start, end, lines: [1, 2] });
  });

  it('the break between two words is a space: the words written together are another text', () => {
    assert.equal(found(findMatch(FILE, 'const result = awaitfetchData(url, options);')), 'not_found');
    // …and so is a text with any other character there (`awaitxfetchData`; a longer name anchors the search).
    const named = FILE.replace(/result/g, 'resultOfTheLongLoad');
    assert.notEqual(found(findMatch(named, 'const resultOfTheLongLoad = await fetchData(url, options);')), 'not_found');
    assert.equal(found(findMatch(named, 'const resultOfTheLongLoad = awaitxfetchData(url, options);')), 'not_found');
  });

  it('two places wrapped alike: ambiguous, the places in file order', () => {
    const twice = FILE + FILE.replace('function load', 'function again');
    const r = findMatch(twice, 'const result = await fetchData(url, options);');
    assert.equal(r.kind, 'ambiguous');
    if (r.kind === 'ambiguous') assert.deepEqual(r.candidates.map((c) => c.startLine), [1, 6]);
  });
});
