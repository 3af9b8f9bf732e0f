import { strict as assert } from 'node:assert';
import { spliceAll } from '../../src/core/splice';

// Every writer (the engine, the batch, the history's Undo text) composes its spans with spliceAll.
describe('spliceAll', () => {
  it('replaces each span in the original offsets, whatever order the spans are given in', () => {
    const text = 'one two three';
    const spans = [
      { start: 8, end: 13, text: '3' },
      { start: 0, end: 3, text: '1' },
      { start: 4, end: 7, text: '2' },
    ];
    assert.equal(spliceAll(text, spans), '1 2 3');
    assert.equal(spans[0].start, 8, 'the caller’s list is left as given');
  });

  it('an empty span inserts, an empty text deletes, and no span leaves the text as it is', () => {
    assert.equal(spliceAll('ab', [{ start: 1, end: 1, text: '-' }]), 'a-b');
    assert.equal(spliceAll('a-b', [{ start: 1, end: 2, text: '' }]), 'ab');
    assert.equal(spliceAll('abc', []), 'abc');
    assert.equal(spliceAll('abc', [{ start: 3, end: 3, text: 'd' }]), 'abcd', 'at the very end');
  });
});
