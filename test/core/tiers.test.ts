// One table per behaviour: each row is an edit a user or a model would send, the tier that must find it and
// the exact text that must result. The seeds' own examples are here too.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, type TierName } from '../../src/core';

const CART = `import { Item } from './item';

export class Cart {
    private items: Item[] = [];

    add(item: Item): void {
        if (item.qty <= 0) {
            throw new Error("bad qty");
        }
        this.items.push(item);
    }

    total(): number {
        return this.items.reduce((s, i) => s + i.price * i.qty, 0);
    }
}
`;

interface Row {
  name: string;
  content?: string;
  old: string;
  new: string;
  tier: TierName;
  /** The whole expected document, or a transformation of CART that produces it. */
  expect: string | ((c: string) => string);
  review?: boolean;
}

const rows: Row[] = [
  {
    name: 'exact: one line inside a line',
    old: 'this.items.push(item);',
    new: 'this.items.unshift(item);',
    tier: 'exact',
    expect: (c) => c.replace('this.items.push(item);', 'this.items.unshift(item);'),
  },
  {
    name: 'trimmed-boundary: blank lines and spaces around the block',
    old: '\n\n  this.items.push(item);  \n\n',
    new: '\n\n  this.items.unshift(item);  \n\n',
    tier: 'trimmed-boundary',
    expect: (c) => c.replace('this.items.push(item);', 'this.items.unshift(item);'),
  },
  {
    name: 'indentation: block dedented to column 0, new text re-indented to the file',
    old: 'if (item.qty <= 0) {\n    throw new Error("bad qty");\n}',
    new: 'if (item.qty <= 0) {\n    throw new RangeError("bad qty");\n}',
    tier: 'indentation',
    expect: (c) => c.replace('new Error("bad qty")', 'new RangeError("bad qty")'),
  },
  {
    name: 'indentation: tabs for spaces, an added line indented like its neighbours',
    old: '\tadd(item: Item): void {\n\t\tif (item.qty <= 0) {',
    new: '\tadd(item: Item): void {\n\t\tassert(item);\n\t\tif (item.qty <= 0) {',
    tier: 'indentation',
    expect: (c) => c.replace('    add(item: Item): void {\n', '    add(item: Item): void {\n        assert(item);\n'),
  },
  {
    name: 'indentation: two-space old text into a four-space file (relative levels scaled)',
    old: 'total(): number {\n  return this.items.reduce((s, i) => s + i.price * i.qty, 0);\n}',
    new: 'total(): number {\n  if (!this.items.length) {\n    return 0;\n  }\n  return this.items.reduce((s, i) => s + i.price * i.qty, 0);\n}',
    tier: 'indentation',
    expect: (c) =>
      c.replace(
        '    total(): number {\n',
        '    total(): number {\n        if (!this.items.length) {\n            return 0;\n        }\n',
      ),
  },
  {
    name: 'line-trimmed: trailing spaces and a wrong relative indentation',
    old: '    if (item.qty <= 0) {   \n  throw new Error("bad qty");\n        }',
    new: '    if (item.qty < 1) {   \n  throw new Error("bad qty");\n        }',
    tier: 'line-trimmed',
    expect: (c) => c.replace('if (item.qty <= 0) {', 'if (item.qty < 1) {'),
  },
  {
    name: 'whitespace: inner spacing differs, the unchanged line keeps the file spacing',
    old: 'return this.items.reduce((s,i)=>s+i.price*i.qty,0);',
    new: 'return this.items.reduce((s,i)=>s+i.price*i.qty,0) / 100;',
    tier: 'whitespace',
    expect: (c) => c.replace('return this.items.reduce((s, i) => s + i.price * i.qty, 0);', 'return this.items.reduce((s,i)=>s+i.price*i.qty,0) / 100;'),
  },
  {
    name: 'whitespace: a blank line the file does not have is ignored',
    old: '        this.items.push(item);\n\n    }\n\n    total(): number {',
    new: '        this.items.push(item);\n\n    }\n\n    get total(): number {',
    tier: 'whitespace',
    expect: (c) => c.replace('    total(): number {', '    get total(): number {'),
  },
  {
    name: 'unicode: curly quotes in the old text; the file keeps its straight quotes on unchanged lines',
    old: '        if (item.qty <= 0) {\n            throw new Error(“bad qty”);\n        }',
    new: '        if (item.qty <= 0) {\n            throw new Error(“bad qty”);\n        }\n        item.checked = true;',
    tier: 'unicode',
    expect: (c) => c.replace('            throw new Error("bad qty");\n        }\n', '            throw new Error("bad qty");\n        }\n        item.checked = true;\n'),
  },
  {
    name: 'unicode: a changed line gets the file characters back where the old text had typographic ones',
    old: 'throw new Error(“bad qty”);',
    new: 'throw new Error(“bad qty: ” + item.qty);',
    tier: 'unicode',
    expect: (c) => c.replace('throw new Error("bad qty");', 'throw new Error("bad qty: " + item.qty);'),
  },
  {
    name: 'unicode: a line the edit adds gets the file characters too (the chat UI curled every quote)',
    old: '        if (item.qty <= 0) {\n            throw new Error(“bad qty”);\n        }',
    new: '        if (item.qty <= 0) {\n            log(“rejected”, item);\n            throw new Error(“bad qty”);\n        }',
    tier: 'unicode',
    expect: (c) => c.replace('            throw new Error("bad qty");', '            log("rejected", item);\n            throw new Error("bad qty");'),
  },
  {
    name: 'unicode: an em dash a chat UI made of `--` is read as `--`; an added option or line gets the file\'s `--` too',
    content: 'set -e\ngit push --force-with-lease origin main\nnpm ci --ignore-scripts\necho "done — all"\n',
    old: 'git push —force-with-lease origin main\nnpm ci —ignore-scripts',
    new: 'git push —force-with-lease origin main\nnpm ci —ignore-scripts —no-audit\nnpm test —silent',
    tier: 'unicode',
    expect: 'set -e\ngit push --force-with-lease origin main\nnpm ci --ignore-scripts --no-audit\nnpm test --silent\necho "done — all"\n',
  },
  {
    name: 'unicode: an en dash for `--` inside a line; a dash in prose stays one dash (`-` finds `—`)',
    content: 'npm ci --ignore-scripts  # offline\necho "done — all"\n',
    old: 'ci –ignore-scripts',
    new: 'ci –ignore-scripts –no-audit',
    tier: 'unicode',
    expect: 'npm ci --ignore-scripts --no-audit  # offline\necho "done — all"\n',
  },
  {
    name: 'unicode: a hyphen typed for the file\'s em dash in prose is still the same line',
    content: 'npm ci --ignore-scripts\necho "done — all"\n',
    old: 'echo "done - all"',
    new: 'echo "done - everything"',
    tier: 'unicode',
    expect: 'npm ci --ignore-scripts\necho "done — everything"\n',
  },
  {
    name: 'unicode: a run of curled quotes (`“”“` for `"""`) teaches each character; a replaced line gets straight quotes',
    content: 'class Writer:\n    """Wraps a file."""\n\n    def close(self):\n        self.file.close()\n',
    old: 'class Writer:\n    “”“Wraps a file.”“”\n\n    def close(self):\n        self.file.close()',
    new: 'class Writer:\n    “”“Wraps a file.”“”\n\n    def close(self):\n        log(“closing”)\n        self.file.close()',
    tier: 'unicode',
    expect: 'class Writer:\n    """Wraps a file."""\n\n    def close(self):\n        log("closing")\n        self.file.close()\n',
  },
  {
    name: 'unicode: a line the edit rewrites gets the file characters for the quotes it adds, not only those it kept',
    content: "const a = opts['a'] || 1;\nconst b = opts['b'] || 2;\nconst c = opts['c'] || 3;\n",
    old: "const a = opts[‘a’] || 1;\nconst b = opts[‘b’] || 2;\nconst c = opts[‘c’] || 3;",
    new: "const a = opts[‘a’] || 1;\nconst b = opts[‘b’] || warn(‘no b’);\nconst c = opts[‘c’] || 3;",
    tier: 'unicode',
    expect: "const a = opts['a'] || 1;\nconst b = opts['b'] || warn('no b');\nconst c = opts['c'] || 3;\n",
  },
  {
    name: 'unicode: an apostrophe (’ for \') is evidence for its opening mate: an added ‘x’ is written \'x\'',
    content: "// don't retry here\nconst n = load();\n",
    old: '// don’t retry here\nconst n = load();',
    new: '// don’t retry here\nconst n = load(‘cache’);',
    tier: 'unicode',
    expect: "// don't retry here\nconst n = load('cache');\n",
  },
  {
    name: 'escape: the whole block over-escaped, new text unescaped the same way',
    old: 'if (item.qty <= 0) {\\n            throw new Error(\\"bad qty\\");\\n        }',
    new: 'if (item.qty < 1) {\\n            throw new Error(\\"bad qty\\");\\n        }',
    tier: 'escape',
    expect: (c) => c.replace('if (item.qty <= 0) {', 'if (item.qty < 1) {'),
  },
  {
    name: 'escape: one level only — an escaped backslash-n stays a backslash-n',
    content: 'const s = "a\\nb";\nconst t = 1;\n',
    old: 'const s = \\"a\\\\nb\\";\\nconst t = 1;',
    new: 'const s = \\"a\\\\nc\\";\\nconst t = 2;',
    tier: 'escape',
    expect: 'const s = "a\\nc";\nconst t = 2;\n',
  },
  {
    name: 'escape: HTML entities from a web page, decoded on both sides',
    content: 'if (a < b && c > d) {\n  el.innerHTML = "<b>" + name + "</b>";\n}\n',
    old: 'if (a &lt; b &amp;&amp; c &gt; d) {\n  el.innerHTML = &quot;&lt;b&gt;&quot; + name + &quot;&lt;/b&gt;&quot;;\n}',
    new: 'if (a &lt;= b &amp;&amp; c &gt; d) {\n  el.innerHTML = &quot;&lt;b&gt;&quot; + name + &quot;&lt;/b&gt;&quot;;\n}',
    tier: 'escape',
    expect: 'if (a <= b && c > d) {\n  el.innerHTML = "<b>" + name + "</b>";\n}\n',
  },
  {
    name: 'elision: // ... existing code ... keeps the elided lines',
    old: '    add(item: Item): void {\n        // ... existing code ...\n        this.items.push(item);\n    }',
    new: '    add(item: Item): void {\n        // ... existing code ...\n        this.items.push(item);\n        this.changed();\n    }',
    tier: 'elision',
    review: true,
    expect: (c) => c.replace('        this.items.push(item);\n', '        this.items.push(item);\n        this.changed();\n'),
  },
  {
    name: 'context: a typo in a middle line; the file spelling survives on the changed line',
    old: '    total(): number {\n        return this.items.reduce((s, i) => s + i.prce * i.qty, 0);\n    }',
    new: '    total(): number {\n        return this.items.reduce((s, i) => s + i.prce * i.qty, 1);\n    }',
    tier: 'context',
    review: true,
    expect: (c) => c.replace('i.price * i.qty, 0)', 'i.price * i.qty, 1)'),
  },
  {
    name: 'context: a forgotten line stays in the file (the window takes in the last line, which it pushed out)',
    old: '    add(item: Item): void {\n        if (item.qty <= 0) {\n            throw new Error("bad qty");\n        this.items.push(item);\n    }',
    new: '    add(item: Item): void {\n        if (item.qty <= 0) {\n            throw new Error("bad qty");\n        this.items.push(item); // ok\n    }',
    tier: 'context',
    review: true,
    expect: (c) => c.replace('this.items.push(item);', 'this.items.push(item); // ok'),
  },
  {
    name: 'similarity: an invented line the edit keeps is not written into the file',
    old: '    add(item: Item): void {\n        if (item.qty <= 0) {\n            throw new Error("bad qty");\n        }\n        validate(item);\n        this.items.push(item);\n    }',
    new: '    add(item: Item): void {\n        if (item.qty <= 0) {\n            throw new Error("bad qty");\n        }\n        validate(item);\n        this.items.push({ ...item });\n    }',
    tier: 'similarity',
    review: true,
    expect: (c) => c.replace('this.items.push(item);', 'this.items.push({ ...item });'),
  },
  {
    name: 'block-anchor: first and last lines exact, two middle lines garbled, size unchanged',
    content: 'function area(shape) {\n  const w = shape.width;\n  const h = shape.height;\n  const unit = shape.unit ?? "cm";\n  return `${w * h} ${unit}²`;\n}\n\nfunction other() {}\n',
    old: 'function area(shape) {\n  const w = shape.widht;\n  const h = shape.hieght;\n  const unit = shape.unit ?? "cm";\n  return `${w * h} ${unit}²`;\n}',
    new: 'function area(shape) {\n  const w = shape.widht;\n  const h = shape.hieght;\n  const unit = shape.unit ?? "mm";\n  return `${w * h} ${unit}²`;\n}',
    tier: 'context',
    review: true,
    expect: 'function area(shape) {\n  const w = shape.width;\n  const h = shape.height;\n  const unit = shape.unit ?? "mm";\n  return `${w * h} ${unit}²`;\n}\n\nfunction other() {}\n',
  },
  {
    name: 'line-numbers: a file viewer gutter copied into the old text and the new text',
    old: '     7→        if (item.qty <= 0) {\n     8→            throw new Error("bad qty");\n     9→        }',
    new: '     7→        if (item.qty <= 0) {\n     8→            throw new RangeError("bad qty");\n     9→        }',
    tier: 'line-numbers',
    expect: (c) => c.replace('new Error("bad qty")', 'new RangeError("bad qty")'),
  },
  {
    name: 'line-numbers: cat -n gutter, dedented',
    old: '13\ttotal(): number {\n14\t    return this.items.reduce((s, i) => s + i.price * i.qty, 0);',
    new: '13\ttotal(): number {\n14\t    return this.items.reduce((s, i) => s + i.price * i.qty, 1);',
    tier: 'line-numbers',
    expect: (c) => c.replace('i.price * i.qty, 0)', 'i.price * i.qty, 1)'),
  },
  // Seed 001/004 examples.
  {
    name: 'seed: LineTrimmed example (indentation wrong)',
    content: '    if (x) {\n        return;\n    }',
    old: 'if (x) {\n    return;\n}',
    new: 'if (x) {\n    return 1;\n}',
    tier: 'indentation',
    expect: '    if (x) {\n        return 1;\n    }',
  },
  {
    name: 'seed: WhitespaceNormalized example',
    content: 'function  foo(   a,b  ) {}',
    old: 'function foo(a, b) {}',
    new: 'function foo(a, b, c) {}',
    tier: 'whitespace',
    expect: 'function foo(a, b, c) {}',
  },
  {
    name: 'seed: IndentationFlexible example',
    content: '        function foo() {\n            return;\n        }',
    old: 'function foo() {\n    return;\n}',
    new: 'function foo() {\n    return 2;\n}',
    tier: 'indentation',
    expect: '        function foo() {\n            return 2;\n        }',
  },
];

describe('tiers: each drift is found by the tier meant for it, and the result is exact', () => {
  for (const row of rows) {
    it(row.name, () => {
      const content = row.content ?? CART;
      const result = applyEdit(content, row.old, row.new);
      const expected = typeof row.expect === 'string' ? row.expect : row.expect(content);
      assert.equal(result.matches[0].tier, row.tier);
      assert.equal(result.content, expected);
      assert.equal(result.matches[0].needsReview, row.review ?? false);
    });
  }
});

describe('refusals: when unsure the engine refuses and changes nothing', () => {
  const refuse = (name: string, content: string, old: string, nw: string, code: string) =>
    it(name, () => {
      assert.throws(() => applyEdit(content, old, nw), (err: { code: string }) => err.code === code);
    });
  refuse('absent code', CART, 'function reconcile(ledger) {\n  return ledger.balance > 0;\n}', 'x', 'not_found');
  refuse('exact ambiguity: two identical blocks', 'a();\nb();\n\na();\nb();\n', 'a();\nb();', 'c();', 'ambiguous');
  refuse('overlapping occurrences count as two', 'x\nx\nx\n', 'x\nx', 'y', 'ambiguous');
  refuse(
    'indentation-level ambiguity: same text at two levels, old text at a third',
    'if (a) {\n  run();\n  done();\n}\nif (b) {\n      run();\n      done();\n}\n',
    '    run();\n    done();',
    '    run(1);\n    done();',
    'ambiguous',
  );
  refuse(
    'hallucinated middle between real anchors (seed 000 failure mode: threshold 0.0 would delete code)',
    CART,
    '    add(item: Item): void {\n        const existing = this.find(item.id);\n        if (existing) existing.qty += item.qty;\n        else this.items.push(item);\n        this.emit("change");\n    }',
    '    add(item: Item): void {}',
    'not_found',
  );
  refuse(
    'already applied: the new text stands where the old text was',
    CART.replace('this.items.push(item);', 'this.items.push(item);\n        this.changed();'),
    'this.items.push(item);',
    'this.items.push(item);\n        this.changed();',
    'already_applied',
  );
  refuse(
    'already applied, old text gone: a fuzzy tier does not apply it a second time',
    CART.replace('i.price * i.qty, 0)', 'i.price * i.qty * (1 - discount), 0)'),
    'return this.items.reduce((s, i) => s + i.price * i.qty, 0);',
    'return this.items.reduce((s, i) => s + i.price * i.qty * (1 - discount), 0);',
    'already_applied',
  );
  refuse(
    'a one-line near miss on a short line is not a typo',
    'let a = 1;\nreturn x;\n',
    'return y;',
    'return z;',
    'not_found',
  );
  refuse(
    'twin blocks that differ in one line, old text between them: ambiguous',
    'function a() {\n  setup(context);\n  run(stage1);\n  teardown(context);\n}\nfunction b() {\n  setup(context);\n  run(stage2);\n  teardown(context);\n}\n',
    '  setup(context);\n  run(stage3);\n  teardown(context);',
    '  setup(context, 2);\n  run(stage3);\n  teardown(context);',
    'ambiguous',
  );
  it('numbers that do not count up line by line are code, not a gutter', () => {
    const content = 'const table = {\n  1: "one",\n  3: "three",\n};\n';
    assert.equal(findMatch(content, '1: "one",\n3: "three",').kind, 'match');
    assert.equal(findMatch(content, '1: "one",\n3: "three",').kind === 'match' && (findMatch(content, '1: "one",\n3: "three",') as { match: { tier: string } }).match.tier, 'indentation');
  });
  describe('a slipped edge line next to a line the model forgot', () => {
    const file = ['function close() {', '  this._closers.clear();', '  this._watched.clear();', '  this._streams.clear();', '  this._symlinkPaths.clear();', '  this._throttled.clear();', '  return this._closePromise;', '}', ''].join('\n');

    it('the first line (`_watchd`) is the slipped line just above the window, not the forgotten `_streams` line', () => {
      const old = ['  this._watchd.clear();', '  this._symlinkPaths.clear();', '  this._throttled.clear();'].join('\n');
      // Deleting `_streams` in place of `_watched` was applied silently; taken in, the window is too loose to edit.
      assert.throws(
        () => applyEdit(file, old, '  this._throttled.clear(); // edited'),
        (err: { code: string; result?: { closest?: { startLine: number } } }) => err.code === 'not_found' && err.result?.closest?.startLine === 2,
      );
    });

    it('the last line (`_throttld`) likewise: the forgotten `_symlinkPaths` line stays', () => {
      const old = ['  this._closers.clear();', '  this._watched.clear();', '  this._symlinkPaths.clear();', '  this._throttld.clear();'].join('\n');
      const r = applyEdit(file, old, '  this._closers.clear(); // edited');
      assert.equal(r.content, file.replace('  this._closers.clear();\n  this._watched.clear();\n', '  this._closers.clear(); // edited\n').replace('  this._symlinkPaths.clear();\n  this._throttled.clear();\n', ''));
    });
  });
  refuse(
    'elision markers in old text but not in new: the elided lines would be lost',
    CART,
    '    add(item: Item): void {\n        // ... existing code ...\n        this.items.push(item);\n    }',
    '    add(item: Item): void {\n        this.items.push(item);\n    }',
    'invalid_input',
  );
});

describe('ambiguity and the hint', () => {
  const twice = 'function a() {\n  step();\n}\nfunction b() {\n  step();\n}\n';
  it('reports every candidate with its lines', () => {
    const r = findMatch(twice, 'step();');
    assert.equal(r.kind, 'ambiguous');
    if (r.kind !== 'ambiguous') return;
    assert.equal(r.tier, 'exact');
    assert.deepEqual(r.candidates.map((c) => c.startLine), [1, 4]);
  });
  it('two near-twin blocks that only touch (one’s `}` starts the other’s old text) are two places, both named', () => {
    // The old text is the `' '` branch without its forgotten `addCount++;`, or the `'-'` branch with one
    // character off: which one is meant cannot be told.
    const file = ['function count(lines) {', '    for (const line of lines) {', '        const operation = line[0];', "        if (operation === '+') {", '            addCount++;', '        }', "        else if (operation === '-') {", '            removeCount++;', '        }', "        else if (operation === ' ') {", '            addCount++;', '            removeCount++;', '        }', '    }', '}', ''].join('\n');
    const r = findMatch(file, ['        }', "        else if (operation === ' ') {", '            removeCount++;', '        }'].join('\n'));
    assert.equal(r.kind, 'ambiguous');
    if (r.kind !== 'ambiguous') return;
    assert.deepEqual(r.candidates.map((c) => c.startLine), [5, 8]);
  });
  it('a hint near one candidate breaks the tie and is recorded', () => {
    const r = applyEdit(twice, 'step();', 'step(2);', { hint: 5 });
    assert.equal(r.content, 'function a() {\n  step();\n}\nfunction b() {\n  step(2);\n}\n');
    assert.equal(r.matches[0].chosenByHint, true);
  });
  it('a hint equally far from both does not choose', () => {
    assert.equal(findMatch(twice, 'step();', { hint: { line: 2.5 } }).kind, 'ambiguous');
  });
  it('a looser tier never rescues an ambiguous stricter one', () => {
    // Exact finds two; the similarity tiers would happily pick one of them.
    const r = findMatch('run(1);\nrun(1);\nrun(11);\n', 'run(1);');
    assert.equal(r.kind, 'ambiguous');
  });
  it('replaceAll replaces every occurrence of the strictest tier, literally', () => {
    const r = applyEdit('a = f(x);\nb = f(x);\nc =  f( x );\n', 'f(x)', '$&-$1', { replaceAll: true });
    assert.equal(r.content, 'a = $&-$1;\nb = $&-$1;\nc =  f( x );\n');
    assert.equal(r.matches.length, 2);
  });
});

describe('tiers option and threshold', () => {
  it('disabled tiers are not tried', () => {
    const r = findMatch(CART, 'if (item.qty <= 0) {\n    throw new Error("bad qty");\n}', { tiers: { indentation: false } });
    assert.equal(r.kind, 'match');
    if (r.kind === 'match') assert.equal(r.match.tier, 'line-trimmed');
  });
  it('only the listed tiers run, and not_found names them', () => {
    const r = findMatch(CART, 'if (item.qty <= 0) {\n    throw new Error("bad qty");\n}', { tiers: ['exact'] });
    assert.equal(r.kind, 'not_found');
    if (r.kind === 'not_found') assert.deepEqual(r.tried, ['exact']);
  });
  it('a stricter threshold refuses a match a looser one accepts', () => {
    const old = '    total(): number {\n        return this.items.reduce((s, i) => s + i.prce * i.qty, 0);\n    }';
    assert.equal(findMatch(CART, old).kind, 'match');
    assert.equal(findMatch(CART, old, { threshold: 0.999 }).kind, 'not_found');
  });
});
