// applySnippet: a bare code block (the new code only) applied to a file. What a user notices: the right place
// changed as the snippet says, the file's own lines kept where the snippet elides or misspells them, the file's
// indentation and line endings kept, and a refusal (never a guess) when the place is not clear.

import assert from 'node:assert/strict';
import { applySnippet, isEditError, isSnippetMarker, parseSnippetBlock, type FindResult } from '../../src/core';
import { errorCodeOf } from '../support/editErrors';

const code = (fn: () => unknown): string => errorCodeOf(fn);

const CART = `import { Item } from './item';

export class Cart {
  private items: Item[] = [];

  add(item: Item): void {
    this.items.push(item);
    this.notify();
  }

  total(): number {
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.qty;
    }
    return sum;
  }

  clear(): void {
    this.items = [];
  }
}
`;

const replaceLines = (text: string, from: string, to: string) => {
  assert.ok(text.includes(from), `fixture has ${from}`);
  return text.replace(from, to);
};

describe('applySnippet: placing a bare code block', () => {
  it('a whole method with a changed body replaces that method, and only its changed lines', () => {
    const r = applySnippet(
      CART,
      `  total(): number {
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.qty * (1 - item.discount);
    }
    return Math.round(sum);
  }`,
    );
    let want = replaceLines(CART, 'sum += item.price * item.qty;', 'sum += item.price * item.qty * (1 - item.discount);');
    want = replaceLines(want, 'return sum;', 'return Math.round(sum);');
    assert.equal(r.content, want);
    assert.equal(r.matches[0].tier, 'snippet');
    assert.equal(r.matches[0].startLine, 10);
    assert.equal(r.matches[0].endLine, 16);
    assert.equal(r.edits.length, 1);
  });

  it('a whole method with two guard blocks added, each ending in a `return` the file has further on: applied, the guards in place', () => {
    // The first guard's `return` was taken at the try block's `return` below it: the try block was left unpaired,
    // the chain lost to one in the method above, and the snippet was refused as moving `def do_POST`.
    const file = ['class Handler:', '    def do_GET(self):', '        if cart is None:', '            self.send_response(404)', '            return', '        self.reply(200, cart)', '', '    def do_POST(self):', '        length = int(self.headers.get("Content-Length", 0))', '        try:', '            item = json.loads(self.rfile.read(length))', '        except json.JSONDecodeError:', '            self.reply(400, {"error": "invalid JSON"})', '            return', '        CARTS.append(item)', '        self.reply(201, item)', ''].join('\n');
    const guard = ['        if length > 1_000_000:', '            self.reply(413, {"error": "too large"})', '            return'];
    const check = ['        if not isinstance(item, dict):', '            self.reply(400, {"error": "expected an object"})', '            return'];
    const lines = file.split('\n');
    const method = [...lines.slice(7, 9), ...guard, ...lines.slice(9, 14), ...check, ...lines.slice(14, 16)];
    const r = applySnippet(file, method.join('\n'));
    assert.equal(r.content, [...lines.slice(0, 7), ...method, ''].join('\n'));
  });

  it('a lazy block keeps the lines under `// ... existing code ...` exactly and changes the lines it shows', () => {
    const r = applySnippet(CART, '  total(): number {\n    // ... existing code ...\n    return Math.round(sum);\n  }');
    assert.equal(r.content, replaceLines(CART, 'return sum;', 'return Math.round(sum);'));
  });

  for (const marker of ['# ...', '/* ... */', '<!-- ... -->', '// rest unchanged', '...', '// ... rest of the method ...']) {
    it(`the marker ${JSON.stringify(marker)} keeps the file's lines`, () => {
      assert.ok(isSnippetMarker(marker));
      const r = applySnippet(CART, `  add(item: Item): void {\n    ${marker}\n    this.log(item);\n  }`);
      assert.equal(r.content, replaceLines(CART, '    this.notify();\n', '    this.notify();\n    this.log(item);\n'));
    });
  }

  it('a hunk with context changes only the lines between its context lines', () => {
    const r = applySnippet(CART, '    for (const item of this.items) {\n      sum += item.price;\n    }');
    assert.equal(r.content, replaceLines(CART, 'sum += item.price * item.qty;', 'sum += item.price;'));
  });

  it('a line added after the last line the file has is added, not swapped for the similar line that follows', () => {
    const file = "import { a } from './a';\nimport { b } from './b';\nimport { d } from './d';\n\nrun(a, b, d);\n";
    const r = applySnippet(file, "import { a } from './a';\nimport { b } from './b';\nimport { c } from './c';\n");
    assert.equal(r.content, "import { a } from './a';\nimport { b } from './b';\nimport { c } from './c';\nimport { d } from './d';\n\nrun(a, b, d);\n");
  });

  it('a changed line before the first anchor is swapped in when the same line stands beyond it', () => {
    const r = applySnippet(CART, '  }\n\n  total(): number | undefined {\n    let sum = 0;\n    for (const item of this.items) {');
    assert.equal(r.content, replaceLines(CART, '  total(): number {', '  total(): number | undefined {'));
  });

  it('a new function above a changed one is added above it; the import before it stays', () => {
    const py = 'import os\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return data.splitlines()\n';
    const r = applySnippet(py, 'def _clean(line):\n    return line.strip()\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return [_clean(l) for l in data.splitlines()]\n');
    assert.equal(r.content, 'import os\n\n\ndef _clean(line):\n    return line.strip()\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return [_clean(l) for l in data.splitlines()]\n');
  });

  it('a lazy block without the closing line replaces the last statement it shows a new version of', () => {
    const r = applySnippet(CART, '  total(): number {\n    // ... existing code ...\n    return Math.round(sum);');
    assert.equal(r.content, replaceLines(CART, 'return sum;', 'return Math.round(sum);'));
  });

  it('a markup element next to a JSX marker is changed, not added beside the old one', () => {
    const jsx = 'export function App() {\n  return (\n    <div className="app">\n      <Header />\n      <Main />\n      <Footer />\n    </div>\n  );\n}\n';
    const r = applySnippet(jsx, '    <div className="app">\n      <Header />\n      {/* ... */}\n      <Footer year={2026} />\n    </div>');
    assert.equal(r.content, jsx.replace('<Footer />', '<Footer year={2026} />'));
  });

  it('one method of a class shown whole between two markers: only that method changes', () => {
    const r = applySnippet(
      CART,
      'export class Cart {\n  // ... existing code ...\n\n  clear(): boolean {\n    const had = this.items.length > 0;\n    this.items = [];\n    return had;\n  }\n}',
    );
    assert.equal(r.content, replaceLines(CART, '  clear(): void {\n    this.items = [];\n  }', '  clear(): boolean {\n    const had = this.items.length > 0;\n    this.items = [];\n    return had;\n  }'));
  });

  it('a snippet at column 0 (two-space) lands at the indentation of its place in a four-space file', () => {
    const four = CART.replace(/^( +)/gm, (s) => s + s);
    const r = applySnippet(four, 'add(item: Item): void {\n  this.items.push(item);\n  if (!item) return;\n  this.notify();\n}');
    assert.equal(r.content, replaceLines(four, '        this.items.push(item);\n', '        this.items.push(item);\n        if (!item) return;\n'));
  });

  it("a context line the model misspelled, curled or left trailing spaces on keeps the file's spelling", () => {
    const r = applySnippet(CART, "  add(item: Item): void {  \n    this.itmes.push(item);\n    this.notify();\n    console.log(‘added’);\n  }");
    assert.equal(r.content, replaceLines(CART, '    this.notify();\n', "    this.notify();\n    console.log(‘added’);\n"));
  });

  it('an addition (class header, marker, new method, closing line) inserts the method at the end of that class', () => {
    const r = applySnippet(CART, 'export class Cart {\n  // ... existing code ...\n\n  count(): number {\n    return this.items.length;\n  }\n}');
    assert.equal(r.content, replaceLines(CART, '    this.items = [];\n  }\n}', '    this.items = [];\n  }\n\n  count(): number {\n    return this.items.length;\n  }\n}'));
  });

  it('a Python class without a closing line gets the method after its last line', () => {
    const py = 'class A:\n    def f(self):\n        return 1\n\n\ndef g():\n    pass\n';
    const r = applySnippet(py, 'class A:\n    # ... existing code ...\n\n    def h(self):\n        return 2\n');
    assert.equal(r.content, 'class A:\n    def f(self):\n        return 1\n\n    def h(self):\n        return 2\n\n\ndef g():\n    pass\n');
  });

  it('keeps CRLF line endings and the BOM', () => {
    const crlf = '\uFEFF' + CART.replace(/\n/g, '\r\n');
    const r = applySnippet(crlf, '  clear(): void {\n    this.items.length = 0;\n  }\n');
    assert.equal(r.content, '\uFEFF' + replaceLines(CART, 'this.items = [];', 'this.items.length = 0;').replace(/\n/g, '\r\n'));
  });

  it('keeps tabs in a tab-indented file', () => {
    const tabs = CART.replace(/^((?: {2})+)/gm, (s) => '\t'.repeat(s.length / 2));
    const r = applySnippet(tabs, '  clear(): void {\n    this.items = [];\n    this.notify();\n  }');
    assert.equal(r.content, replaceLines(tabs, '\t\tthis.items = [];\n', '\t\tthis.items = [];\n\t\tthis.notify();\n'));
  });

  it('takes the code out of a markdown fence, prose around it ignored', () => {
    const r = applySnippet(CART, 'Here is the fix:\n\n```ts src/cart.ts\n  clear(): void {\n    this.items.length = 0;\n  }\n```\nThat is all.');
    assert.equal(r.content, replaceLines(CART, 'this.items = [];', 'this.items.length = 0;'));
  });

  it('edits are in the original offsets and match what was written', () => {
    const r = applySnippet(CART, '  clear(): void {\n    this.items.length = 0;\n  }');
    const [e] = r.edits;
    assert.equal(CART.slice(0, e.start) + e.text + CART.slice(e.end), r.content);
    assert.equal(e.match.tier, 'snippet');
  });
});

describe('applySnippet: refusing rather than guessing', () => {
  it('refuses code that is not in the file (not_found), with nothing changed', () => {
    assert.equal(code(() => applySnippet(CART, 'function shipping(order) {\n  return order.weight * RATE;\n}')), 'not_found');
  });

  it('refuses a snippet that fits two near-twin units equally, naming both places', () => {
    const twins = CART.replace('  clear(): void {', '  reset(): void {\n    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price * item.qty;\n    }\n    return sum;\n  }\n\n  clear(): void {');
    try {
      applySnippet(twins, '    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price;\n    }\n    return sum;');
      assert.fail('applied');
    } catch (err) {
      assert.ok(isEditError(err));
      assert.equal(err.code, 'ambiguous');
      const result = err.result as Extract<FindResult, { kind: 'ambiguous' }>;
      assert.deepEqual(
        result.candidates.map((c) => c.startLine),
        [11, 19],
      );
    }
  });

  it('refuses as ambiguous when the one line it shares is distinctive but stands in two places', () => {
    const twins = CART.replace('  clear(): void {', '  reset(): void {\n    for (const item of this.items) {\n      sum += item.price * item.qty;\n    }\n  }\n\n  clear(): void {');
    assert.equal(code(() => applySnippet(twins, '    for (const item of this.items) {\n      sum += item.price * 2;\n    }')), 'ambiguous');
  });

  it('a hint breaks the tie between twins', () => {
    const twins = CART.replace('  clear(): void {', '  reset(): void {\n    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price * item.qty;\n    }\n    return sum;\n  }\n\n  clear(): void {');
    const r = applySnippet(twins, '    let sum = 0;\n    for (const item of this.items) {\n      sum += item.price;\n    }\n    return sum;', { hint: 21 });
    assert.equal(r.matches[0].startLine, 19);
  });

  it('reports already_applied when every line the snippet shows is already there (never "applied" with nothing changed)', () => {
    assert.equal(code(() => applySnippet(CART, '  clear(): void {\n    this.items = [];\n  }')), 'already_applied');
  });

  it('refuses new lines between two markers with no file line next to them', () => {
    assert.equal(code(() => applySnippet(CART, '  total(): number {\n    // ...\n    sum = sum * 2;\n    // ...\n  }')), 'not_found');
  });

  it('refuses to remove a long run of lines the snippet only leaves out (a forgotten marker)', () => {
    const long = CART.replace('    this.notify();\n', '    this.notify();\n    a1();\n    a2();\n    a3();\n    a4();\n    a5();\n');
    assert.equal(code(() => applySnippet(long, '  add(item: Item): void {\n    this.items.push(item);\n  }')), 'invalid_input');
  });

  it('a method given whole with its nested ifs rewritten as early returns: applied for review, the closers of those ifs gone with them', () => {
    // The three `}` of the removed ifs are not lines the snippet forgot (it was refused as a forgotten marker); the
    // one line it does leave out (`return subtotal;`) is named.
    const file = ['class Cart {', '  total(coupon) {', '    const subtotal = this.subtotal();', '    if (coupon) {', '      if (subtotal >= coupon.minimum) {', '        if (coupon.off > 0) {', '          const discount = subtotal * coupon.off;', '          return subtotal - discount;', '        }', '      }', '    }', '    return subtotal;', '  }', '}', ''].join('\n');
    const snippet = ['  total(coupon) {', '    const subtotal = this.subtotal();', '    if (!coupon || subtotal < coupon.minimum) return subtotal;', '    if (coupon.off <= 0) return subtotal;', '    const discount = subtotal * coupon.off;', '    return subtotal - discount;', '  }'].join('\n');
    const r = applySnippet(file, snippet);
    assert.equal(r.content, ['class Cart {', snippet, '}', ''].join('\n'));
    assert.equal(r.matches[0].needsReview, true);
    assert.ok(r.matches[0].review?.some((n) => n.includes('leaves out 3 lines (line 4: `if (coupon) {`')), JSON.stringify(r.matches[0].review));
  });

  it('a new method after a marker, sharing two lines with another method’s `if`: never placed by them (that `if` would lose its body)', () => {
    const handler = ['class Handler:', '    def do_GET(self):', '        cart = CARTS.get(self.path)', '        if cart is None:', '            self.send_response(404)', '            self.end_headers()', '            return', '        self.reply(200, cart)', '', '    def reply(self, status, body):', '        self.send_response(status)', '        self.end_headers()', ''].join('\n');
    const snippet = ['class Handler:', '    # ... existing code ...', '', '    def do_DELETE(self):', '        if CARTS.pop(self.path, None) is None:', '            self.send_response(404)', '        else:', '            self.send_response(204)', '        self.end_headers()', '', '    def reply(self, status, body):', '        # ... existing code ...'].join('\n');
    // Placed by the two lines, the new method was written into do_GET (its `if` left empty, `return` under
    // do_DELETE): refused now, nothing changed.
    assert.throws(() => applySnippet(handler, snippet), (err: unknown) => isEditError(err) && err.code === 'not_found' && /would take the block `if cart is None:` opens \(file line 4\) away from it/.test(err.message));
  });

  it('a head, a marker and a changed tail whose kept line stands only in a later function: refused (it was written there)', () => {
    const file = ['class Server:', '    def get_request(self):', '        """Accept a connection."""', '        return self.socket.accept()', '', '    def pop_all(self):', '        self[:], result = [], self[:]', '        return result', ''].join('\n');
    const snippet = ['    def get_request(self):', '        # ... existing code ...', '        result = self.socket.accept()', '        return result'].join('\n');
    assert.throws(() => applySnippet(file, snippet), (err: unknown) => isEditError(err) && err.code === 'not_found' && /^Snippet line 4 \(`return result`\) stands inside `def get_request\(self\):` in the snippet, but the file has it only past the end of that block \(line 8; the block ends at line 4\)/.test(err.message));
  });

  it('a whole Python method ending in a `return` at its body’s level: the file’s old last lines go (they were kept after it)', () => {
    const file = ['class Circle:', '    def contains(self, point):', '        d = self.center.distance(point)', '        if d is None:', '            return None', '        return d <= self.radius', '', '    def area(self):', '        return 3', ''].join('\n');
    const snippet = ['    def contains(self, point):', '        d = self.center.distance(point)', '        return d is not None and d <= self.radius'].join('\n');
    const r = applySnippet(file, snippet);
    assert.equal(r.content, ['class Circle:', ...snippet.split('\n'), '', '    def area(self):', '        return 3', ''].join('\n'));
    assert.equal(r.matches[0].needsReview, true);
    // Cut off at `return (` (an answer that stopped), or ending in a `return` inside a block: the rest stays, named.
    const cut = applySnippet(file, ['    def contains(self, point):', '        d = self.center.distance(point)', '        if d is None:', '            return ('].join('\n'));
    assert.ok(cut.content.includes('        return d <= self.radius'));
    const nested = applySnippet(file, ['    def contains(self, point):', '        d = self.center.distance(point)', '        if d is None:', '            return False'].join('\n'));
    assert.ok(nested.content.includes('        return d <= self.radius'));
    assert.ok(nested.matches[0].review?.includes("the snippet ends before `def contains(self, point):` does: its line 6 stays after the snippet's last line; if the snippet is the whole function, it is to go"), JSON.stringify(nested.matches[0].review));
    // A docstring whose lines stand at column 0 ends the function early by indentation: no end to align to, the
    // snippet applied as before (this threw a RangeError: an alignment of negative length).
    const doc0 = ['def spawn(mode, *args):', '    """spawn(mode, *args)', '', 'Run it."""', '    env = args[-1]', '    return run(mode, args[:-1], env)', ''].join('\n');
    const spawned = applySnippet(doc0, ['def spawn(mode, *args):', '    """spawn(mode, *args)', '', 'Run it."""', '    return run(mode, args[:-1], env)'].join('\n'));
    assert.equal(spawned.content, doc0.replace('    env = args[-1]\n', ''));
    // With braces, a statement ends at `;`: `return typeof key == 'number'` goes on below (`? … : …`), kept.
    const js = ['function getProperty(key) {', "  return typeof key == 'number'", "    ? '[' + key + ']'", '    : key;', '}', ''].join('\n');
    const renamed = applySnippet(js, ['function getProperty(name) {', "  return typeof key == 'number'"].join('\n'));
    assert.ok(renamed.content.includes("    ? '[' + key + ']'\n    : key;"), renamed.content);
  });

  it('a class whose body holds a line at column 0 (a string) is no unit a later method stands outside of: placed, not refused', () => {
    const file = ['class Reader:', '    HELP = """usage:', 'read FILE', '"""', '', '    def open(self):', '        return 1', '', '    def close(self):', '        return 0', ''].join('\n');
    const snippet = ['class Reader:', '    # ... existing code ...', '', '    def peek(self):', '        return 2', '', '    def close(self):', '        # ... existing code ...'].join('\n');
    assert.equal(applySnippet(file, snippet).content, file.replace('    def close(self):', '    def peek(self):\n        return 2\n\n    def close(self):'));
  });

  it('a new method with the body of the method after it: refused, never the old method’s body given to the new one', () => {
    // Placed by the repeated body, the file's `open() {` would be moved below its own body and left empty.
    const cls = ['class Box {', '  open() {', '    if (this.locked) {', '      return false;', '    }', '    return true;', '  }', '}', ''].join('\n');
    const snippet = 'class Box {\n  check() {\n    if (this.locked) {\n      return false;\n    }\n    return true;\n  }\n\n  open() {';
    assert.equal(code(() => applySnippet(cls, snippet)), 'not_found');
  });

  it('refuses an empty snippet and one made only of markers', () => {
    assert.equal(code(() => applySnippet(CART, '  \n')), 'invalid_input');
    assert.equal(code(() => applySnippet(CART, '// ... existing code ...\n')), 'invalid_input');
  });
});

// How long these take is measured by `npm run bench` (its crafted rows for the bare code block), not here: a timed
// assertion fails on a loaded machine and proves nothing on a fast one. Here: the outcome.
describe('applySnippet: bounded work on adversarial input', () => {
  it('a 300-line block repeated 32 times, given as the snippet: refused as ambiguous quickly', () => {
    const block = Array.from({ length: 300 }, (_, i) => `  value${i % 150} = compute${i}(input);`);
    const file = Array.from({ length: 32 }, (_, k) => [`function copy${k}(input) {`, ...block, '}'].join('\n')).join('\n\n');
    assert.equal(code(() => applySnippet(file, block.join('\n').replace('compute7(', 'computeSeven('))), 'ambiguous');
  });

  it('a file of identical lines and a long snippet of them: no anchor, refused at once', () => {
    const file = 'xx = 1;\n'.repeat(50_000);
    assert.equal(code(() => applySnippet(file, 'xx = 1;\n'.repeat(3000) + 'yy = 2;\n')), 'not_found');
  });

  it('very long lines are compared as equal or unrelated, never by a quadratic edit distance', () => {
    const long = 'const data = [' + '1, '.repeat(5000) + '];';
    const file = `function f() {\n  ${long}\n  return data;\n}\n`;
    const r = applySnippet(file, `function f() {\n  ${long.replace('[1, ', '[2, ')}\n  return data;\n}`);
    assert.ok(r.content.includes('[2, 1, '));
  });

  it('a snippet of more than 5,000 lines is too_large', () => {
    assert.equal(code(() => applySnippet('a();\n', 'b();\n'.repeat(5001))), 'too_large');
  });
});

describe('parseSnippetBlock: the fence and its label', () => {
  it('reads the language and the path from the info string', () => {
    assert.deepEqual(parseSnippetBlock('```ts src/x.ts\nlet a;\n```'), { code: 'let a;', fenced: true, lang: 'ts', path: 'src/x.ts' });
    assert.deepEqual(parseSnippetBlock('```typescript:src/x.ts\nlet a;\n```'), { code: 'let a;', fenced: true, lang: 'typescript', path: 'src/x.ts' });
    assert.deepEqual(parseSnippetBlock('```src/x.py\nx = 1\n```'), { code: 'x = 1', fenced: true, path: 'src/x.py' });
    assert.deepEqual(parseSnippetBlock('```js title="lib/a.js"\nx()\n```'), { code: 'x()', fenced: true, lang: 'js', path: 'lib/a.js' });
    assert.deepEqual(parseSnippetBlock('```python\nx = 1\n```'), { code: 'x = 1', fenced: true, lang: 'python' });
  });
  it('without a fence the whole text is the code', () => {
    assert.deepEqual(parseSnippetBlock('let a;\nlet b;'), { code: 'let a;\nlet b;', fenced: false });
  });
});
