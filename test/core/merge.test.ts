// Faithful apply (issue 9): every change the edit asks for is written, and only that. Each test is one class of
// input that used to report "applied" while dropping or misplacing a change.
import assert from 'node:assert/strict';
import { applyEdit, isEditError } from '../../src/core';
import { SourceText } from '../../src/core/document';
import { diffLines, mergeLines, needsLineMerge } from '../../src/core/merge';

const L = (...lines: string[]) => lines.join('\n');
const apply = (file: string, old: string, nw: string) => {
  try {
    const r = applyEdit(file, old, nw);
    return { content: r.content, tier: r.matches[0].tier, review: r.matches[0].review, needsReview: r.matches[0].needsReview };
  } catch (err) {
    if (!isEditError(err)) throw err;
    return { refused: err.code, message: err.message };
  }
};

describe('merge: a deleted line is deleted, whatever tier found the block', () => {
  it('a blank line inside the block, found by a tier that ignores blank lines', () => {
    const file = L('function f() {', '  let a  =  1;', '', '  return a;', '}', '');
    const r = apply(file, L('function f() {', '  let a = 1;', '', '  return a;', '}'), L('function f() {', '  let a = 1;', '  return a;', '}'));
    assert.equal(r.content, L('function f() {', '  let a  =  1;', '  return a;', '}', ''));
  });

  it('the old text has two blank lines where the file has one: the one there is deleted', () => {
    const file = L('function f() {', '  let a = 1;', '', '  return a;', '}', '');
    const r = apply(file, L('function f() {', '  let a = 1;', '', '', '  return a;', '}'), L('function f() {', '  let a = 1;', '  return a;', '}'));
    assert.equal(r.content, L('function f() {', '  let a = 1;', '  return a;', '}', ''));
  });

  it('the very line that carried the drift (` *xx` for the file’s ` *`)', () => {
    const file = L('/**', ' * Adds.', ' *', ' * @param a first', ' */', 'function add(a, b) {', '  return a + b;', '}', '');
    const r = apply(file, L('/**', ' * Adds.', ' *xx', ' * @param a first', ' */', 'function add(a, b) {'), L('/**', ' * Adds.', ' * @param a first', ' */', 'function add(a, b) {'));
    assert.equal(r.content, file.replace(' * Adds.\n *\n', ' * Adds.\n'));
    assert.equal(r.needsReview, true);
  });

  it('a blank line next to a line the model forgot (a `}`)', () => {
    const file = L('function f(x) {', '  if (x) {', '    go();', '  }', '', '  return x;', '}', '');
    const r = apply(file, L('function f(x) {', '  if (x) {', '    go();', '', '  return x;', '}'), L('function f(x) {', '  if (x) {', '    go();', '  return x;', '}'));
    assert.equal(r.content, L('function f(x) {', '  if (x) {', '    go();', '  }', '  return x;', '}', ''));
  });

  it('a tab quote whose tabs happen to equal a deeper file line’s width: a `}` is still the `}` at its level', () => {
    // Two tabs (column 8) stand for the file's 4 spaces; the forgotten `return` line sits at column 8.
    const file = L('function helpers() {', '    // Matches `diff --git ...` lines.', '    function isGit(line) {', '        return (/^diff --git /).test(line);', '    }', '    // Matches the start of a section.', '    function isHeader(line) {', '}', '');
    const old = L('\t\t// Matches `diff --git ...` lines.', '\t\tfunction isGit(line) {', '\t\t}', '\t\t// Matches the start of a section.');
    const r = apply(file, old, L('\t\t// Matches `diff --git ...` lines.', '\t\t// Matches the start of a section.'));
    assert.equal(r.content, file.replace('    function isGit(line) {\n', '').replace('    }\n', ''));
  });

  it('a deleted blank line between near-twin blocks is done, not "already applied"', () => {
    const one = ['function loadUser(id) {', '  const user = cache.get(id);', '', '  return user;', '}'];
    const two = ['function loadUsers(ids) {', '  const users = cache.get(ids);', '', '  return users;', '}'];
    const file = L(...one, '', ...two, '');
    const r = apply(file, L(...one).replace('cache.get(id)', 'cache.gt(id)'), L(...one.filter((l) => l !== '')));
    assert.equal(r.content, L(...one.filter((l) => l !== ''), '', ...two, ''));
  });
});

describe('merge: an old line borrowed from elsewhere is not written over the line at its place', () => {
  it('a seventh export that stands further down is not this window’s `Zoom` line', () => {
    const head = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => `export { ${x} } from './${x.toLowerCase()}';`);
    const file = L(...head, "export { Zoom } from './zoom';", "export { Y } from './y';", '', 'const x = 1;', '', "export { Pan } from './pan';", '');
    const r = apply(file, L(...head, "export { Pan } from './pan';"), L(...head, "export { Pan } from './pan';", "export { G } from './g';"));
    assert.ok(r.content?.includes("export { Zoom } from './zoom';"), 'Zoom is still exported');
    assert.ok(r.content?.includes("export { G } from './g';"));
    assert.equal(r.content?.split("export { Pan }").length, 2, 'Pan is exported once');
  });
});

describe('merge: the new text is indented in its own frame', () => {
  const py = L('class Handler:', '    def get(self):', '        return 1', '', '    def reply(self, status, body):', '        data = json.dumps(body)', '        self.send(status, data)', '');

  it('old text dedented, new text already at the file’s indentation: not indented twice', () => {
    const r = apply(py, L('def reply(self, status, body):', '    data = json.dumps(body)'), L('    def reply(self, status, body, headers=None):', '        data = json.dumps(body)'));
    assert.equal(r.content, py.replace('def reply(self, status, body):', 'def reply(self, status, body, headers=None):'));
  });

  it('old text dedented, new text dedented alike: shifted to the file', () => {
    const r = apply(py, L('def reply(self, status, body):', '    data = json.dumps(body)'), L('def reply(self, status, body):', '    data = json.dumps(body)', '    log(data)'));
    assert.equal(r.content, py.replace('        data = json.dumps(body)\n', '        data = json.dumps(body)\n        log(data)\n'));
  });

  it('an exact match that starts inside the indentation: new lines land inside the block', () => {
    const file = L('if (x) {', '        y();', '}', '');
    assert.equal(apply(file, '    y();', L('    y();', '    z();')).content, L('if (x) {', '        y();', '        z();', '}', ''));
    assert.equal(apply(file, 'y();', L('y();', 'z();')).content, L('if (x) {', '        y();', '        z();', '}', ''));
  });

  it('a tab-indented file gets tabs, at the block’s depth', () => {
    const file = L('if (x) {', '\t\ty();', '}', '');
    assert.equal(apply(file, '    y();', L('    y();', '    z();')).content, L('if (x) {', '\t\ty();', '\t\tz();', '}', ''));
  });

  it('a quote in tabs of a 2-space file with no line kept: the tab is the old text’s frame, not the file’s', () => {
    const file = L('function f(budget) {', '  if (budget < 0) {', '    return undefined', '  }', '  const r = range(masked)', '  const unmatched = r !== undefined', '  return unmatched', '}', '');
    const old = L('\t\treturn undefined', '\t}', '\tconst r = range(masked)', '\tconst unmatched = r !== undefined');
    const r = apply(file, old, '\tconst unmatched = r !== undefined && ok');
    assert.equal(r.content, L('function f(budget) {', '  if (budget < 0) {', '  const unmatched = r !== undefined && ok', '  return unmatched', '}', ''));
  });

  it('a quote in tabs of a 2-space file: a line one step less one column in keeps its column off the grid', () => {
    const file = L('/**', ' * Removes a worker.', ' */', 'Pool.prototype.remove = function(worker) {', '  // remove from the list', '  var index = this.workers.indexOf(worker);', '};', '');
    const old = L(' */', 'Pool.prototype.remove = function(worker) {', '\t// remove from the list', '\tvar index = this.workers.indexOf(worker);');
    const r = apply(file, old, L(' */', ' inserted();', '\tvar index = this.workers.indexOf(worker);'));
    assert.equal(r.content, file.replace('Pool.prototype.remove = function(worker) {\n  // remove from the list\n', ' inserted();\n'));
  });

  it('an old text at the file’s own columns is not rescaled by the step its widths suggest', () => {
    // The old text leaves out the `return` line at column 8: its widths (4 and 12) suggest a step of 8, but it
    // stands at the file's columns, so the line replacing `}` stays at the 12 the new text gives it.
    const file = L('(function () {', '    function isDiffHeader(line) {', '        return isGit(line)', '            || (/^Index:\\s/).test(line)', '            || (/^diff -r/).test(line);', '    }', '    // Matches file headers.', '})();', '');
    const old = L('    function isDiffHeader(line) {', '            || (/^Index:\\s/).test(line)', '            || (/^diff -r/).test(line);', '    }', '    // Matches file headers.');
    const r = apply(file, old, L('    function isDiffHeader(line) {', '            || (/^diff -r/).test(line);', '            extra(line);', '    // Matches file headers.'));
    assert.equal(r.content, file.replace('            || (/^Index:\\s/).test(line)\n', '').replace('    }\n', '            extra(line);\n'));
  });

  describe('a quote in tabs of a 4-space file whose block comment’s ` * ` lines sit one column in', () => {
    const file = L('class A {', '    /**', '     * Checks.', '     */', '    check(stats) {', '        if (this.skip)', '            return true;', '        return stats.ok;', '    }', '}', '');
    // The model's tab stands for two of the file's spaces: `\t\t` is column 4, `\t\t\t\t` column 8.
    const tabs = (s: string) => s.replace(/^( {2})+/, (m) => '\t'.repeat(m.length / 2));
    const old = L('     * Checks.', '     */', '    check(stats) {', '        if (this.skip)', '            return true;').split('\n').map(tabs).join('\n');

    it('a line replacing one a level deeper lands a level up, not at column 0', () => {
      const r = apply(file, old, L('     * Checks.', '     */', '    check(stats) {', '    audit();', '            return true;').split('\n').map(tabs).join('\n'));
      assert.equal(r.content, file.replace('        if (this.skip)', '    audit();'));
    });

    it('a line replacing a ` * ` line keeps the one column that is no step', () => {
      const r = apply(file, old, L('     * Checks.', '    audit();', '    check(stats) {', '        if (this.skip)', '            return true;').split('\n').map(tabs).join('\n'));
      assert.equal(r.content, file.replace('     */', '    audit();'));
    });
  });
});

describe('merge: a placeholder in the new text keeps the lines it stands for', () => {
  const fn = L('function total(items) {', '  let sum = 0;', '  for (const i of items) {', '    sum += i.price;', '  }', '  log(sum);', '  return sum;', '}', '');

  it('`// ... existing code ...` where the old text has the body: the body stays, the changed line changes; review', () => {
    const r = apply(fn, fn.trimEnd(), L('function total(items) {', '  // ... existing code ...', '  return sum * 2;', '}'));
    assert.equal(r.content, fn.replace('return sum;', 'return sum * 2;'));
    assert.equal(r.needsReview, true);
    assert.match(String(r.review), /existing code/);
  });

  it('never writes the marker into the file', () => {
    const r = apply(fn, fn.trimEnd(), L('function total(items) {', '  // ... existing code ...', '  audit(items);', '}'));
    assert.doesNotMatch(String(r.content ?? ''), /existing code/);
  });

  it('a marker-shaped line the old text has too (a doctest’s `...`) is a line like any other', () => {
    const py = L('def f():', '    """', '    >>> f()', '    Traceback (most recent call last):', '        ...', '    ValueError: bad', '    """', '    raise ValueError("bad")', '');
    const old = L('    >>> f()', '    Traceback (most recent call last):', '        ...', '    ValueError: bad', '    """');
    const r = apply(py, old, L('    >>> f()', '    Traceback (most recent call last):', '        ...', '    """'));
    assert.equal(r.content, py.replace('    ValueError: bad\n', ''));
    assert.equal(r.review, undefined);
  });

  it('a spread line `...defaults,` the edit adds is written, not taken for a placeholder', () => {
    const file = L('function make(defaults) {', '  const o = {', '    a: 1,', '    b: 2,', '  };', '  return o;', '}', '');
    const old = L('  const o = {', '    a: 1,', '    b: 2,', '  };');
    assert.equal(apply(file, old, L('  const o = {', '    ...defaults,', '    a: 1,', '    b: 2,', '  };')).content, file.replace('{\n    a: 1', '{\n    ...defaults,\n    a: 1'));
    assert.equal(apply(file, old, L('  const o = {', '    a: 1,', '    ...defaults,', '  };')).content, file.replace('b: 2,', '...defaults,'));
  });
});

describe('merge: changes to whitespace and to drifted lines are written as the new text has them', () => {
  it('a re-padded markdown table whose old separator drifted by one dash', () => {
    const file = L('| name      | value |', '|-----------|-------|', '| alpha     | 1     |', '| beta      | 2     |', '');
    const r = apply(file, L('| name      | value |', '|----------|-------|', '| alpha     | 1     |', '| beta      | 2     |'), L('| name  | value |', '|-------|-------|', '| alpha | 1     |', '| beta  | 2     |'));
    assert.equal(r.content, L('| name  | value |', '|-------|-------|', '| alpha | 1     |', '| beta  | 2     |', ''));
  });

  it('a line of mere punctuation (` */`) is not the old version of a changed line that happens to end alike', () => {
    const js = L('function Pool(options) {', '  /** @readonly', "   * @type {'auto' | 'web'}", '   */', '  this.workerType = options.workerType;', '  this.maxQueueSize = options.maxQueueSize || Infinity;', '}', '');
    // The old text leaves out `workerType`; the edit deletes ` */` and changes the `maxQueueSize` line.
    const old = L('  /** @readonly', "   * @type {'auto' | 'web'}", '   */', '  this.maxQueueSize = options.maxQueueSize || Infinity;', '}');
    const r = apply(js, old, L('  /** @readonly', "   * @type {'auto' | 'web'}", '  this.maxQueueSize = options.maxQueueSize || 0; /* none */', '}'));
    assert.equal(r.content, js.replace('   */\n', '').replace('|| Infinity;', '|| 0; /* none */'));
  });

  it('a line the edit moves comes with the file’s spelling, not the typo of the quote', () => {
    const file = L('function f(components) {', '  if (components.path !== undefined) {', '    let s = components.path;', '', '    if (!options.absolutePath) {', '      s = clean(s);', '    }', '  }', '}', '');
    const old = L('  if (components.path !== undefined) {', '    let s = compnents.path;', '', '    if (!options.absolutePath) {');
    const r = apply(file, old, L('  if (components.path !== undefined) {', '', '    let s = compnents.path;', '    if (!options.absolutePath) {'));
    assert.equal(r.content, file.replace('    let s = components.path;\n\n', '\n    let s = components.path;\n'));
  });

  it('a drift the edit repeats is not carried to one copy only', () => {
    const file = L('function paint(canvas) {', '  const shade = pick(colour);', '  canvas.fill(shade);', '  return canvas;', '}', '');
    const old = file.trimEnd().replace('colour', 'color');
    const r = apply(file, old, old.replace('pick(color);', 'pick(color) + pick(color) + pick(color);'));
    assert.equal(r.content, file.replace('pick(colour);', 'pick(color) + pick(color) + pick(color);'));
  });
});

describe('verify: nothing is reported applied that was not written', () => {
  it('a change that would write nothing is refused, never "applied"', () => {
    // The edit turns `...` (a Python body) into `pass`… in the old text only: the file already has `pass`.
    const file = L('def f():', '    pass', '');
    const r = apply(file, L('def f():', '    ...'), L('def f():', '    pass'));
    assert.ok(r.refused !== undefined || r.content !== file, JSON.stringify(r));
  });
});

describe('the result says what was written', () => {
  it('diff: the written lines with two lines of context and the file’s line numbers, LF even in a CRLF file', () => {
    const file = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', ''].join('\r\n');
    const r = applyEdit(file, 'four\r\nfive', 'FOUR\nfive\n4.5');
    assert.equal(r.diff, ['@@ -2,6 +2,7 @@', ' two', ' three', '-four', '+FOUR', ' five', '+4.5', ' six', ' seven'].join('\n'));
  });

  it('replaceAll: one hunk per place, the second numbered after the lines the first added', () => {
    const r = applyEdit(['a', 'x', 'b', 'c', 'd', 'e', 'f', 'x', 'g'].join('\n'), 'x', 'y\nz', { replaceAll: true });
    assert.equal(r.diff.split('\n').filter((l) => l.startsWith('@@')).join(' | '), '@@ -1,4 +1,5 @@ | @@ -6,4 +7,5 @@');
  });
});

describe('merge: lines the edit adds are written in the file’s style', () => {
  const file = L('function hi(name) {', '  const greeting = "Hello";', '  return greeting + name;', '}', '');
  const old = L('  const greeting = "Hello";', '  return greeting + name;');

  it('curled quotes (a chat window’s) become the straight ones the file writes; an apostrophe inside a word stays', () => {
    const r = apply(file, old, L('  const greeting = "Hello";', '  log(“greeting”, ‘it’s’);', '  return greeting + name;'));
    assert.equal(r.content, file.replace('  return', '  log("greeting", \'it’s\');\n  return'));
  });

  it('no trailing spaces the file’s lines do not have', () => {
    const r = apply(file, old, L('  const greeting = "Hello";   ', '  log(name);  ', '  return greeting + name;'));
    assert.equal(r.content, file.replace('  return', '  log(name);\n  return'));
  });
});

describe('elision: the marker’s neighbours', () => {
  const cart = L('class Cart {', '  add(item) {', '    this.items.push(item);', '    this.save();', '  }', '', '  update(item) {', '    this.items[0] = item;', '    this.save();', '  }', '', '  remove(item) {', '    this.items.pop();', '  }', '}', '');

  it('blank lines around `// ... existing code ...` are still found', () => {
    const r = apply(cart, L('  add(item) {', '', '    // ... existing code ...', '', '    this.save();', '  }'), L('  add(item) {', '', '    // ... existing code ...', '', '    this.save();', '    this.emit("add");', '  }'));
    assert.equal(r.content, cart.replace('    this.save();\n  }\n\n  update', '    this.save();\n    this.emit("add");\n  }\n\n  update'));
  });

  it('a head line in several methods: the one nearest the tail is meant, and the match says so', () => {
    const r = applyEdit(cart, L('    this.save();', '  }', '  // ... existing code ...', '  remove(item) {'), L('    this.save();', '  }', '  // ... existing code ...', '  remove(item, all) {'));
    assert.equal(r.content, cart.replace('remove(item) {', 'remove(item, all) {'));
    assert.equal(r.matches[0].startLine, 8);
    assert.match(r.matches[0].normalized.join(' '), /nearest of 2 places/);
  });
});

describe('merge: a line inserted next to a line the model forgot', () => {
  const file = L('function sync(store) {', '  store.open();', '  store.lock();', '  store.audit();', '  store.flush();', '  store.close();', '}', '');
  // The old text leaves out `store.audit();`; the edit replaces `lock` and `flush` by one new line.
  const old = L('function sync(store) {', '  store.open();', '  store.lock();', '  store.flush();', '  store.close();', '}');

  it('replacing the lines on both sides of it: where the new line goes is a guess, named for review', () => {
    const r = apply(file, old, L('function sync(store) {', '  store.open();', '  return done(store);', '  store.close();', '}'));
    assert.ok(r.content?.includes('return done(store);') && r.content.includes('store.audit();'));
    assert.equal(r.needsReview, true);
    assert.match(r.review?.join('; ') ?? '', /leaves out line 4 \(`store\.audit\(\);`\), so whether `return done\(store\);` goes before or after it is a guess/);
  });

  it('deleting the lines next to it, inserting nothing: no guess to name', () => {
    const r = apply(file, old, L('function sync(store) {', '  store.open();', '  store.close();', '}'));
    assert.equal(r.content, L('function sync(store) {', '  store.open();', '  store.audit();', '  store.close();', '}', ''));
    assert.equal(r.review, undefined);
  });

  it('a blank line inserted next to it, or a text line next to a forgotten blank line: either order reads the same, no guess', () => {
    const blank = apply(file, old, L('function sync(store) {', '  store.open();', '', '  store.close();', '}'));
    assert.deepEqual([blank.content, blank.review], [L('function sync(store) {', '  store.open();', '  store.audit();', '', '  store.close();', '}', ''), undefined]);
    const spaced = L('function sync(store) {', '  store.open();', '  store.lock();', '', '  store.flush();', '  store.close();', '}', '');
    const text = apply(spaced, old, L('function sync(store) {', '  store.open();', '  return done(store);', '  store.close();', '}'));
    assert.deepEqual([text.content, text.review], [L('function sync(store) {', '  store.open();', '', '  return done(store);', '  store.close();', '}', ''), undefined]);
  });

  it('a line inserted between two lines that stay, the forgotten line elsewhere: no guess', () => {
    const r = apply(file, old, L('function sync(store) {', '  store.open();', '  store.lock();', '  store.flush();', '  store.close();', '  store.done();', '}'));
    assert.equal(r.content, file.replace('  store.close();\n', '  store.close();\n  store.done();\n'));
    assert.equal(r.review, undefined);
  });

  it('deleting a line and one of two equal blank lines around the forgotten one: which blank goes is named as a guess', () => {
    const py = L('def a():', '    return 1', '', 'def b():', '    """Doc line.', '', '    More.', '    """', '');
    const r = apply(py, L('    return 1', '', '    """Doc line.', '', '    More.'), L('    return 1', '', '    More.'));
    assert.equal(r.needsReview, true);
    assert.match(r.review?.join('; ') ?? '', /leaves out line 4 \(`def b\(\):`\), and which of two equal lines around it the edit deletes is a guess/);
    // The forgotten line told: nothing to guess.
    const told = apply(py, L('    return 1', '', 'def b():', '    """Doc line.', '', '    More.'), L('    return 1', '', 'def b():', '    More.'));
    assert.equal(told.content, L('def a():', '    return 1', '', 'def b():', '    More.', '    """', ''));
    assert.equal(told.review, undefined);
  });

  it('the same when the deleted lines between the two equal lines are not next to each other in the diff', () => {
    // Old `return, }, blank, location, blank, while` → new `return, blank, while`: the blank that stays may be
    // either; `let node` (forgotten) stands between them.
    const js = L('function f(call) {', '  if (!call) {', '    return false;', '  }', '', '  let node = call.name;', '  const location = call.range[1];', '', '  while (node) {', '    node = node.parent;', '  }', '}', '');
    const old = L('    return false;', '  }', '', '  const location = call.range[1];', '', '  while (node) {', '    node = node.parent;');
    const r = apply(js, old, L('    return false;', '', '  while (node) {', '    node = node.parent;'));
    assert.match(r.review?.join('; ') ?? '', /leaves out line 6 \(`let node = call\.name;`\), and which of two equal lines around it the edit deletes is a guess/);
  });

  it('the same when the region also changes a line: the deleted lines before it may slide up past the forgotten one', () => {
    const js = L('function a(x) {', '  if (x) {', '    go()', '  }', '', '  return true', '}', '', 'function b(object) {', '  const objects = []', '}', '');
    const r = apply(js, L('  }', '', '}', '', 'function b(object) {', '  const objects = []'), L('  }', '', 'function b(object, state) {', '  const objects = []'));
    assert.equal(r.needsReview, true);
    assert.match(r.review?.join('; ') ?? '', /leaves out line 6 \(`return true`\), and which of two equal lines around it the edit deletes is a guess/);
  });
});

describe('merge: an old line with no file line where the match is', () => {
  // A window that starts below the old text's first lines (a line the model forgot stands between): the tier
  // pairs only `rgb` and `hsl`. Built by hand here, as the similarity tier hands it over.
  const file = L('}', '', 'const convert = {', "\trgb: {channels: 3, labels: 'rgb'},", "\thsl: {channels: 3, labels: 'hsl'},", '};', '');
  const old = ['}', '', "\trgb: {channels: 3, labels: 'rgb'},", "\thsl: {channels: 3, labels: 'hsl'},"];
  const merge = (newText: string) => {
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: old, window: { startLine: 3, endLine: 4, pairs: new Map([[2, 3], [3, 4]]) } };
    return mergeLines(new SourceText(file), c, newText, true, old.join('\n'));
  };

  it('its change cannot be carried: written as a new line, and the guess is named for review', () => {
    const m = merge(L('} // end', '', "\thsl: {channels: 3, labels: 'hsl'},"));
    assert.match(m.review.join('; '), /the old text's line `}` is not in the file where the match is, so the edit's change of it is a guess/);
  });

  it('its deletion (a blank line before the match) cannot be carried either: named', () => {
    const m = merge(L('}', "\thsl: {channels: 3, labels: 'hsl'},"));
    assert.match(m.review.join('; '), /a blank line of the old text is not in the file where the match is, so the edit's deletion of it is a guess/);
  });

  it('kept as it is, there is nothing to name', () => {
    assert.deepEqual(merge(L('}', '', "\thsl: {channels: 3, labels: 'hsl'},")).review, []);
  });

  it('a deleted line the model made up is no loss, unless a file line beside it reads like it', () => {
    const doc = L('}', '// Parse headers.', 'parseFileHeader(index);', 'parseFileHeader(index);', '// next', '');
    const merge = (old: string[], nw: string) => {
      const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: old, window: { startLine: 1, endLine: 2, pairs: new Map([[0, 1], [2, 2]]) } };
      return mergeLines(new SourceText(doc), c, nw, true, old.join('\n'));
    };
    // `parseFileHeder` stands for one of the file's two `parseFileHeader` lines: deleting it deletes neither.
    const typo = merge(['// Parse headers.', 'parseFileHeder(index);', 'parseFileHeader(index);'], L('// Parse headers.', 'parseFileHeader(index);'));
    assert.match(typo.review.join('; '), /the old text's line `parseFileHeder\(index\);` is not in the file where the match is, so the edit's deletion of it is a guess/);
    const madeUp = merge(['// Parse headers.', 'validateEverythingTwice();', 'parseFileHeader(index);'], L('// Parse headers.', 'parseFileHeader(index);'));
    assert.deepEqual(madeUp.review, []);
  });

  it('two equal old lines, one without a counterpart: when the edit keeps one and deletes the other, the guess is named', () => {
    // The tier paired the first ` *` with the file's only ` *` line; the edit deletes the second one.
    const doc = L('/**', ' * The format is:', ' *     diff --git a b', ' *', ' * When names are odd,', ' */', '');
    const lines = [' *', ' * The format is:', ' *', ' * When names are odd,'];
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: lines, window: { startLine: 3, endLine: 4, pairs: new Map([[0, 3], [3, 4]]) } };
    const m = mergeLines(new SourceText(doc), c, L(' *', ' * The format is:', ' * When names are odd,'), true, lines.join('\n'));
    assert.match(m.review.join('; '), /the old text has `\*` twice where the file has it once \(line 4\): whether the edit keeps that line or not is a guess/);
    const kept = mergeLines(new SourceText(doc), c, L(' *', ' * The format is:', ' *', ' * When names are odder,'), true, lines.join('\n'));
    assert.deepEqual(kept.review, []);
  });

  it('…the same with the twin before the paired line, at the old text’s first line', () => {
    const doc = L('/**', ' * The format is:', ' *     diff --git a b', ' *', ' * When names are odd,', ' */', '');
    const lines = [' *', ' * The format is:', ' *', ' * When names are odd,'];
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: lines, window: { startLine: 3, endLine: 4, pairs: new Map([[2, 3], [3, 4]]) } };
    const m = mergeLines(new SourceText(doc), c, L(' * The format is:', ' *', ' * When names are odd,'), true, lines.join('\n'));
    assert.match(m.review.join('; '), /the old text has `\*` twice where the file has it once \(line 4\): whether the edit keeps that line or not is a guess/);
  });

  it('two blank old lines are no twins to name', () => {
    const doc = L('a();', '', 'b();', '');
    const lines = ['a();', '', '', 'b();'];
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: lines, window: { startLine: 0, endLine: 2, pairs: new Map([[0, 0], [1, 1], [3, 2]]) } };
    const m = mergeLines(new SourceText(doc), c, L('a();', '', 'b();'), true, lines.join('\n'));
    assert.doesNotMatch(m.review.join('; '), /twice/);
  });
});

describe('merge: blank lines at the new text’s edges', () => {
  const written = (file: string, old: string, nw: string) => apply(file, old, nw).content;
  // `let a  =  1;` is spelled otherwise in the old texts: the whitespace tier finds it, and the merge writes.
  const file = L('function f() {', '  let a  =  1;', '', '  return a;', '}', '');
  it('a blank line at the start of both texts stands for the old one: nothing is inserted', () => {
    assert.equal(written(file, L('', '  let a = 1;', '', '  return a;'), L('', '  let a = 2;', '', '  return a;')), L('function f() {', '  let a = 2;', '', '  return a;', '}', ''));
  });
  it('…at the end of both', () => {
    assert.equal(written(file, L('  let a = 1;', '', '  return a;', ''), L('  let a = 2;', '', '  return a;', '')), L('function f() {', '  let a = 2;', '', '  return a;', '}', ''));
    assert.equal(written(file, L('  let a = 1;', '', '  return a;', '', ''), L('  let a = 2;', '', '  return a;', '', '')), L('function f() {', '  let a = 2;', '', '  return a;', '}', ''));
  });
  it('a blank line beyond the old text’s is the edit’s own: written', () => {
    assert.equal(written(file, L('', '  let a = 1;'), L('', '', '  let a = 2;')), L('function f() {', '', '  let a = 2;', '', '  return a;', '}', ''));
    assert.equal(written(file, L('  let a = 1;'), L('', '  let a = 2;')), L('function f() {', '', '  let a = 2;', '', '  return a;', '}', ''));
    assert.equal(written(file, '  let a = 1;\n', '  let a = 2;\n\n'), L('function f() {', '  let a = 2;', '', '', '  return a;', '}', ''));
    assert.equal(written(file, '  let a = 1;\n\n', '  let a = 2;\n\n\n'), L('function f() {', '  let a = 2;', '', '', '  return a;', '}', ''));
    // The old text ends with a line, not a line break: its last line is no edge blank.
    assert.equal(written(file, '  let a = 1;\n\n  return a;', '  let a = 2;\n\n  return a;\n\n'), L('function f() {', '  let a = 2;', '', '  return a;', '', '}', ''));
    assert.equal(written(file, '  let a = 1;\n\n', '  let a = 2;\n\n'), L('function f() {', '  let a = 2;', '', '  return a;', '}', ''));
  });
  it('a new text of one line break for lines quoted through their break leaves one blank line there, as written literally', () => {
    assert.equal(written(file, L('  let a = 1;', ''), L('', '')), L('function f() {', '', '', '  return a;', '}', ''));
  });
  it('a new text of blank lines only deletes the block', () => {
    assert.equal(written(file, L('', '  let a = 1;'), L('', '', '')), L('function f() {', '', '  return a;', '}', ''));
    assert.equal(written(file, '\n  let a = 1;', '\n'), L('function f() {', '', '  return a;', '}', ''));
  });
});

describe('merge: the old → new diff takes the lines both texts start and end with as equal first', () => {
  const file = L('function f(x) {', '  if (x) {', '    go();', '  }', '}', '');
  it('unwrapping a block quoted without its indentation deletes the inner `}`, not the one closing the function', () => {
    assert.equal(apply(file, L('function f(x) {', 'if (x) {', 'go();', '}', '}'), L('function f(x) {', 'go();', '}')).content, L('function f(x) {', '    go();', '}', ''));
    assert.equal(apply(file, L('if (x) {', '  go();', '}', '}'), L('go();', '}')).content, L('function f(x) {', '  go();', '}', ''));
  });

  it('diffLines: equal first and last lines, then a plain diff of the middle', () => {
    const show = (a: string[], b: string[]) => diffLines(a, b).map((c) => `${c.added ? '+' : c.removed ? '-' : '='}${c.count}:${c.value.join(',')}`).join(' ');
    assert.equal(show(['a', 'b', '}', '}'], ['a', '}']), '=1:a -2:b,} =1:}');
    assert.equal(show(['}', '}', 'b'], ['}', 'b']), '=1:} -1:} =1:b');
    assert.equal(show(['x', 'y'], ['x', 'y']), '=2:x,y');
    assert.equal(show(['x', 'y'], ['x']), '=1:x -1:y');
    assert.equal(show(['x'], ['y', 'x']), '+1:y =1:x');
    assert.equal(show(['a', 'b', 'c'], ['a', 'z', 'c']), '=1:a -1:b +1:z =1:c');
    assert.equal(show([], ['a']), '+1:a');
    // A line both texts start with is not also one they end with.
    assert.equal(show(['x'], ['x', 'x']), '=1:x +1:x');
    assert.equal(show(['x', 'x'], ['x']), '=1:x -1:x');
  });
});

describe('merge: a deleted made-up line that a nearby file line reads like', () => {
  const typo = 'parseFileHeder(index);';
  const like = 'parseFileHeader(index);';
  const merge = (doc: string[], old: string[], pairs: Array<[number, number]>, window: [number, number], nw: string[]) => {
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: old, window: { startLine: window[0], endLine: window[1], pairs: new Map(pairs) } };
    return mergeLines(new SourceText(doc.join('\n')), c, nw.join('\n'), true, old.join('\n')).review.join('; ');
  };
  const guess = /the old text's line `parseFileHeder\(index\);` is not in the file where the match is, so the edit's deletion of it is a guess/;
  const old = ['a();', 'b();', typo, 'c();', 'd();'];
  const without = ['a();', 'b();', 'c();', 'd();'];
  it('just above the window', () => {
    assert.match(merge([like, 'a();', 'b();', 'c();', 'd();', 'e();'], old, [[0, 1], [1, 2], [3, 3], [4, 4]], [1, 4], without), guess);
  });
  it('just below the window', () => {
    assert.match(merge(['x();', 'a();', 'b();', 'c();', 'd();', like], old, [[0, 1], [1, 2], [3, 3], [4, 4]], [1, 4], without), guess);
  });
  it('just below the file line of the old line after it', () => {
    assert.match(merge(['x();', 'a();', 'b();', 'c();', like, 'd();', 'e();'], old, [[0, 1], [1, 2], [3, 3], [4, 5]], [1, 5], without), guess);
  });
  it('just above the file line of the old line before it', () => {
    assert.match(merge(['x();', 'a();', like, 'b();', 'c();', 'd();', 'e();'], old, [[0, 1], [1, 3], [3, 4], [4, 5]], [1, 5], without), guess);
  });
  it('no file line near reads like it: nothing to name', () => {
    assert.equal(merge(['x();', 'a();', 'b();', 'c();', 'd();', 'e();', like], old, [[0, 1], [1, 2], [3, 3], [4, 4]], [1, 4], without), '');
  });
  it('a made-up blank line deleted is no loss, blank lines around or not', () => {
    assert.equal(merge(['', 'a();', 'b();', ''], ['a();', '', 'b();'], [[0, 1], [2, 2]], [1, 2], ['a();', 'b();']), '');
  });
  it('a made-up line after the last paired one is outside the match: its deletion is named', () => {
    assert.match(merge(['a();', 'b();', 'c();'], ['a();', 'b();', 'zzz();'], [[0, 0], [1, 1]], [0, 1], ['a();', 'b();']), /`zzz\(\);` is not in the file where the match is, so the edit's deletion of it is a guess/);
  });
});

describe('merge: new lines around a placeholder are inserted, and the placeholder keeps the lines it stands for', () => {
  const file = L('function f() {', '  a();', '  x();', '  y();', '  b();', '}', '');
  const old = L('  a();', '  x();', '  y();', '  b();');
  const [setup, teardown, existing] = ['  setupEverythingFirst();', '  teardownEverythingLast();', '  // ... existing code ...'];
  const kept = /a "… existing code …" line in the new text kept the old lines it stands for/;
  it('a new line before the placeholder: inserted before the lines kept (a short line ending alike, `x();`, is not the line changed)', () => {
    const r = apply(file, old, L('  a();', setup, existing, '  b();'));
    assert.equal(r.content, L('function f() {', '  a();', setup, '  x();', '  y();', '  b();', '}', ''));
    assert.match(String(r.review), kept);
  });

  it('a new line after it: inserted after them', () => {
    const r = apply(file, old, L('  a();', existing, teardown, '  b();'));
    assert.equal(r.content, L('function f() {', '  a();', '  x();', '  y();', teardown, '  b();', '}', ''));
  });

  it('two placeholders side by side keep the lines once; the second is not written', () => {
    const r = apply(file, old, L('  a();', setup, existing, existing, teardown, '  b();'));
    assert.equal(r.content, L('function f() {', '  a();', setup, '  x();', '  y();', teardown, '  b();', '}', ''));
  });

  it('a placeholder with no old lines to stand for keeps nothing and is not named', () => {
    const r = apply(file, L('  a();', '  x();'), L('  a();', setup, existing, '  x();'));
    assert.equal(r.content, L('function f() {', '  a();', setup, '  x();', '  y();', '  b();', '}', ''));
    assert.equal(r.review, undefined);
  });
});

describe('merge: the file’s house style, read from every line of the window', () => {
  const written = (file: string, old: string, nw: string) => apply(file, old, nw).content;
  it('straight quotes on the window’s last line only: a curled quote the edit adds is straightened', () => {
    const file = L('function f() {', '  let a  =  1;', "  let s = 'x';", '}', '');
    assert.equal(written(file, L('  let a = 1;', "  let s = 'x';"), L('  let a = ‘one’;', "  let s = 'x';")), L('function f() {', "  let a = 'one';", "  let s = 'x';", '}', ''));
  });

  it('a curled quote opening a line of the window: the file writes them, kept', () => {
    const file = L('function f() {', '  let a  =  1;', '“quoted” and "straight"', '}', '');
    assert.equal(written(file, L('  let a = 1;', '“quoted” and "straight"'), L('  let a = ‘one’;', '“quoted” and "straight"')), L('function f() {', '  let a = ‘one’;', '“quoted” and "straight"', '}', ''));
  });

  it('trailing spaces are kept when a window line has one or more after its text; spaces on a blank line do not count', () => {
    const added = L('  let a = 1;', '  go();', '  stop();  ');
    assert.equal(written(L('function f() {', '  let a  =  1;  ', '  go();', '}', ''), L('  let a = 1;', '  go();'), added), L('function f() {', '  let a  =  1;  ', '  go();', '  stop();  ', '}', ''));
    assert.equal(written(L('function f() {', '  let a  =  1; ', '  go();', '}', ''), L('  let a = 1;', '  go();'), added), L('function f() {', '  let a  =  1; ', '  go();', '  stop();  ', '}', ''));
    const blank = L('function f() {', '  let a  =  1;', '   ', '  go();', '}', '');
    assert.equal(written(blank, L('  let a = 1;', '', '  go();'), L('  let a = 1;', '', '  go();', '  stop();  ')), L('function f() {', '  let a  =  1;', '   ', '  go();', '  stop();', '}', ''));
  });

  it('needsLineMerge: an exact match still goes through the merge for curled quotes (first character too), trailing spaces or tabs, and a placeholder', () => {
    assert.deepEqual(['“a”', 'a = 1;', 'a b\nc', 'a \nb', 'a\t\nb', 'a\n// ... existing code ...\nb'].map(needsLineMerge), [true, false, false, true, true, true]);
  });
});

describe('merge: small rules the reports and deletions rest on', () => {
  it('an empty new text deletes the block found by a loose tier, leaving no blank line behind', () => {
    const file = L('function f() {', '  let a  =  1;', '  go();', '}', '');
    for (const nw of ['', '\n']) assert.equal(apply(file, L('  let a = 1;', '  go();'), nw).content, L('function f() {', '}', ''));
    const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: ['a();', 'b();'], window: { startLine: 1, endLine: 2, pairs: new Map([[0, 1], [1, 2]]) } };
    assert.deepEqual(mergeLines(new SourceText(L('x', 'a();', 'b();', 'y')), c, '', true, L('a();', 'b();')).lines, []);
  });

  it('a line quoted in a review is cut after 47 characters when longer than 50, and whole at 50', () => {
    const review = (line: string) => {
      const c = { start: 0, end: 0, score: 0.9, normalized: [], needleLines: ['a();', 'b();', line], window: { startLine: 0, endLine: 1, pairs: new Map([[0, 0], [1, 1]]) } };
      return mergeLines(new SourceText(L('a();', 'b();', 'c();')), c, L('a();', 'b();'), true).review.join('; ');
    };
    assert.match(review('  thisIsAVeryLongInventedLineThatGoesOnAndOn(withArguments, andMore);'), /the old text's line `thisIsAVeryLongInventedLineThatGoesOnAndOn\(with…` is not in the file/);
    assert.match(review(`${'x'.repeat(48)}()`), new RegExp(`line \`${'x'.repeat(48)}\\(\\)\` is not`));
  });
});

describe('merge: which frame the new text is written in (newTextFrame)', () => {
  const framed = (file: string, o: string, n: string) => {
    const r = apply(file, o, n);
    return { content: r.content, review: r.review };
  };
  const file = L('function f() {', '  let a  =  1;', '  go();', '}', '');
  it('kept lines that stand where the file has them tell nothing: re-indenting them is no unclear frame', () => {
    assert.deepEqual(framed(file, L('  let a = 1;', '  go();'), L('  let a = 1;', '  if (a) {', '    go();', '  }')), { content: L('function f() {', '  let a  =  1;', '  if (a) {', '    go();', '  }', '}', ''), review: undefined });
  });
  it('kept lines at neither the old text’s columns nor the file’s: named for review', () => {
    const r = framed(file, L('let a = 1;', 'go();'), L('    let a = 1;', '    go();'));
    assert.match(String(r.review), /the new text's indentation fits neither the old text nor the file/);
  });
  it('kept lines at the file’s columns: the file’s frame, nothing to name', () => {
    assert.deepEqual(framed(file, L('let a = 1;', 'go();'), L('  let a = 1;', '  go();', '  stop();')), { content: L('function f() {', '  let a  =  1;', '  go();', '  stop();', '}', ''), review: undefined });
  });
  it('no kept line: the first changed line tells the frame', () => {
    assert.deepEqual(framed(file, L('let a = 1;'), L('  let a = 2;')), { content: L('function f() {', '  let a = 2;', '  go();', '}', ''), review: undefined });
    assert.deepEqual(framed(file, L('let a = 1;', 'go();'), L('  let a = 2;', '  go(1);')), { content: L('function f() {', '  let a = 2;', '  go(1);', '}', ''), review: undefined });
    assert.deepEqual(framed(file, L('let a = 1;'), L('let a = 2;')), { content: L('function f() {', '  let a = 2;', '  go();', '}', ''), review: undefined });
  });
});
