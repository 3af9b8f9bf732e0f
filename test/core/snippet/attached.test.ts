// Snippet stage: new lines before a kept line go above the comments and decorators attached to it (attached.ts).
import assert from 'node:assert/strict';
import { SourceText } from '../../../src/core/document';
import type { Op } from '../../../src/core/snippet/align';
import { newLinesAboveAttached } from '../../../src/core/snippet/attached';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';
import { applySnippet } from '../../../src/core/snippet/apply';

const keep = (j: number, f: number): Op => ({ kind: 'keep', j, f });
const insert = (j: number): Op => ({ kind: 'insert', j });
const elide = (j: number, from: number, to: number): Op => ({ kind: 'elide', j, from, to });

describe('snippet: new lines above the comments and decorators of the line after them', () => {
  const doc = new SourceText(['class A {', '  a() {}', '', '  /**', '   * Docs of b.', '   */', '  b() {', '  }', '}'].join('\n'));
  const snip = new SnippetLines(['class A {', '  // ...', '', '  c() {}', '', '  b() {', '  }', '}'].join('\n'));

  it('a marker whose lines end with a doc comment: split around the new lines, the comment kept with its line', () => {
    const ops = [keep(0, 0), elide(1, 1, 5), insert(2), insert(3), insert(4), keep(5, 6), keep(6, 7), keep(7, 8)];
    // The blank new line that opened the run is dropped: the marker's first part ends in the file's blank line.
    assert.deepEqual(newLinesAboveAttached(doc, snip, ops), [keep(0, 0), elide(1, 1, 2), insert(3), insert(4), elide(1, 3, 5), keep(5, 6), keep(6, 7), keep(7, 8)]);
  });

  it('no comment right above the kept line, no new line, or only blank ones: the ops as they were', () => {
    const plain = new SourceText(['class A {', '  a() {}', '', '  b() {}', '}'].join('\n'));
    const ops = [keep(0, 0), elide(1, 1, 2), insert(2), insert(3), insert(4), keep(5, 3)];
    assert.deepEqual(newLinesAboveAttached(plain, snip, ops), ops);
    const blanks = [keep(0, 0), elide(1, 1, 5), insert(2), keep(5, 6)];
    assert.deepEqual(newLinesAboveAttached(doc, snip, blanks), blanks);
    const none = [keep(0, 0), elide(1, 1, 5), keep(5, 6)];
    assert.deepEqual(newLinesAboveAttached(doc, snip, none), none);
  });

  it('a kept line that opens nothing, or new lines deeper than it (a block wrapped around a statement): as they were', () => {
    const statement = new SourceText(['def f():', '    a()', '    # why', '    self.key = k', ''].join('\n'));
    const wrap = new SnippetLines(['def f():', '    # ...', '    if flag:', '        self.key = k'].join('\n'));
    const ops = [keep(0, 0), elide(1, 1, 2), insert(2), keep(3, 3)];
    assert.deepEqual(newLinesAboveAttached(statement, wrap, ops), ops);
    const head = new SourceText(['class A:', '    a = 1', '    # doc', '    def b(self):', '        pass', ''].join('\n'));
    const deeper = new SnippetLines(['class A:', '    # ...', '        x = 1', '    def b(self):'].join('\n'));
    assert.deepEqual(newLinesAboveAttached(head, deeper, [keep(0, 0), elide(1, 1, 2), insert(2), keep(3, 3)]), [keep(0, 0), elide(1, 1, 2), insert(2), keep(3, 3)]);
  });

  it('applySnippet: a new method before a decorated one goes above the decorator (it took `@property` for its own)', () => {
    const file = ['class Box:', '    def open(self):', '        return 1', '', '    @property', '    def size(self):', '        return 2', ''].join('\n');
    const snippet = ['class Box:', '    # ... existing code ...', '', '    def close(self):', '        return 0', '', '    @property', '    def size(self):', '        # ... existing code ...'].join('\n');
    assert.equal(applySnippet(file, snippet).content, file.replace('\n    @property', '\n    def close(self):\n        return 0\n\n    @property'));
    const hidden = snippet.replace('    @property\n', '');
    assert.equal(applySnippet(file, hidden).content, file.replace('\n    @property', '\n    def close(self):\n        return 0\n\n    @property'));
  });
});
