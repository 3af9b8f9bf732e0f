// Snippet stage: applySnippet's own steps (apply.ts) — the input checks, a changed or misspelled first line found
// by structure, the unit a marker leaves open, re-indenting or not, and lines inside a block the snippet adds.
import assert from 'node:assert/strict';
import { isEditError } from '../../../src/core/errors';
import { applySnippet } from '../../../src/core/snippet/apply';
import type { FindResult } from '../../../src/core/types';

const outcome = (content: unknown, snippet: unknown, options = {}): string => {
  try {
    return applySnippet(content as string, snippet as string, options).content;
  } catch (err) {
    if (isEditError(err)) return `${err.code}: ${err.message}`;
    throw err;
  }
};
const codeOf = (content: unknown, snippet: unknown) => outcome(content, snippet).split(':')[0];

const SHOP = ['class Shop {', '  total(): number {', '    let sum = 0;', '    for (const item of this.items) {', '      sum += item.price;', '    }', '    return sum;', '  }', '}', ''].join('\n');

describe('applySnippet: what it refuses before looking', () => {
  it('content and snippet must be strings, the snippet not empty', () => {
    assert.match(outcome(42, 'run();'), /^invalid_input: The document content must be a string/);
    assert.match(outcome('run();', null), /^invalid_input: The snippet must be a string/);
    assert.match(outcome('run();', ' \n\t'), /^invalid_input: The snippet is empty/);
  });

  it('a document over 64 MiB or a snippet over 1 MiB is too large', () => {
    assert.match(outcome('x'.repeat(64 * 1024 * 1024 + 1), 'run();'), /^too_large: The document is too large to edit safely \(67,108,865 characters\)/);
    assert.match(outcome('run();', 'x'.repeat(1024 * 1024 + 1)), /^too_large: The snippet is too large \(1,048,577 characters\)/);
    assert.notEqual(codeOf('run();', 'x'.repeat(1024 * 1024)), 'too_large');
    assert.notEqual(codeOf('x'.repeat(64 * 1024 * 1024), 'run();'), 'too_large');
  });

  it('5,000 snippet lines are looked at; 5,001 are too many', () => {
    assert.equal(codeOf('a();\n', 'bb();\n'.repeat(5000)), 'not_found');
    assert.match(outcome('a();\n', 'bb();\n'.repeat(5001)), /^too_large: The snippet has 5,001 lines; the limit is 5,000/);
  });

  it('a snippet with no line of code, or only markers around braces, is refused as input', () => {
    assert.match(outcome(SHOP, '}\n  }\n'), /^invalid_input: The snippet has no line of code/);
    assert.match(outcome(SHOP, '  // ... existing code ...\n}'), /^invalid_input: The snippet is only elision markers/);
    // An empty fence from a chat answer: no code at all, refused as input.
    assert.match(outcome(SHOP, '```ts\n\n```'), /^invalid_input: The snippet has no line of code/);
  });

  it('a snippet whose lines stand nowhere in the file is not found, with no closest place', () => {
    try {
      applySnippet(SHOP, 'function shipping(order) {\n  return order.weight * RATE;\n}');
      assert.fail('applied');
    } catch (err) {
      assert.ok(isEditError(err));
      assert.equal(err.code, 'not_found');
      assert.equal((err.result as Extract<FindResult, { kind: 'not_found' }>).closest, undefined);
    }
  });
});

describe('applySnippet: the first line found by structure', () => {
  it('a changed signature above the lines it shares is replaced', () => {
    const r = applySnippet(SHOP, '  total(discount: number): number {\n    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price * discount;');
    assert.equal(r.content, SHOP.replace('total(): number {', 'total(discount: number): number {').replace('sum += item.price;', 'sum += item.price * discount;'));
  });

  it('a misspelled signature keeps the file’s spelling', () => {
    const r = applySnippet(SHOP, '  totl(): number {\n    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price * 2;');
    assert.equal(r.content, SHOP.replace('sum += item.price;', 'sum += item.price * 2;'));
  });
});

describe('applySnippet: a unit left open by a marker', () => {
  it('blank lines between the unit’s first line and the marker do not hide the marker', () => {
    const py = 'class A:\n    def f(self):\n        return 1\n\n\ndef g():\n    pass\n';
    const r = applySnippet(py, 'class A:\n\n    # ... existing code ...\n\n    def h(self):\n        return 2\n');
    // The snippet's own blank line after `class A:` is written with it; the method goes after the class's last line.
    assert.equal(r.content, 'class A:\n\n    def f(self):\n        return 1\n\n    def h(self):\n        return 2\n\n\ndef g():\n    pass\n');
  });
});

describe('applySnippet: indentation', () => {
  it('re-indents to the place by default; with reindent false writes the snippet’s own indentation', () => {
    const snippet = 'total(): number {\n  let sum = 0;\n  sum = 1;\n  for (const item of this.items) {';
    assert.equal(outcome(SHOP, snippet), SHOP.replace('    let sum = 0;\n', '    let sum = 0;\n    sum = 1;\n'));
    assert.equal(outcome(SHOP, snippet, { reindent: false }), SHOP.replace('    let sum = 0;\n', '    let sum = 0;\n  sum = 1;\n'));
  });
});

describe('applySnippet: a block the snippet adds', () => {
  it('the lines inside a new method are new, never paired with the next method’s lines', () => {
    const cls = ['class Box {', '  open() {', '    this.lid.lift();', '    return true;', '  }', '}', ''].join('\n');
    const r = applySnippet(cls, 'class Box {\n  check() {\n    return true;\n  }\n\n  open() {\n    this.lid.lift();');
    assert.equal(r.content, cls.replace('class Box {\n', 'class Box {\n  check() {\n    return true;\n  }\n\n'));
  });

  it('a statement moved alone is an edit, not refused', () => {
    const fn = ['function run() {', '  loadConfig();', '  startServer();', '  openBrowser();', '}', ''].join('\n');
    const r = applySnippet(fn, 'function run() {\n  startServer();\n  loadConfig();\n  openBrowser();\n}');
    assert.equal(r.content, fn.replace('  loadConfig();\n  startServer();\n', '  startServer();\n  loadConfig();\n'));
  });
});

describe('applySnippet: a short unit head as the only anchor', () => {
  const cart = ['class Cart {', '  items = [];', '', '  total() {', '    return 0;', '  }', '}', ''].join('\n');

  it('is enough only when the snippet closes the unit it opens; left open, it is not found', () => {
    assert.equal(codeOf(cart, 'class Cart {\n  discount = 0;'), 'not_found');
    assert.equal(outcome(cart, 'class Cart {\n  discount = 0;\n  // ...\n}'), cart.replace('class Cart {\n', 'class Cart {\n  discount = 0;\n'));
  });
});

describe('applySnippet: a changed first line before a marker', () => {
  it('is found by structure and replaced, where the edge alone would leave it with no line of the file around it', () => {
    const r = applySnippet(SHOP, '  total(discount: number): number {\n    // ...\n    for (const item of this.items) {\n      sum += item.price * discount;');
    assert.equal(r.content, SHOP.replace('total(): number {', 'total(discount: number): number {').replace('sum += item.price;', 'sum += item.price * discount;'));
  });
});
