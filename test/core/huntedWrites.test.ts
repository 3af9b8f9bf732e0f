// Wrong writes a generated hunt found on 2026-11-28 (edits that quote part of a line, trailing blanks, a no-break
// space, a placeholder before a blank line): each was reported applied, most without review. Each test is the
// hunt's smallest case and fails without its fix; the answer is the written file, or a refusal.
import assert from 'node:assert/strict';
import { applyEdit, applySnippet, findMatch, parseEdits, resolveBatch } from '../../src/core';

/**
 * What an answer in an edit format (a diff, a patch, a SEARCH/REPLACE block) writes into `path` holding `file`, and
 * whether any of its edits waits for review. The answer must parse.
 */
function answered(answer: string, path: string, file: string): { after: string | undefined; review: boolean } {
  const parsed = parseEdits(answer);
  assert.ok('edits' in parsed, answer);
  const batch = resolveBatch(new Map([[path, file]]), parsed.edits);
  const review = batch.outcomes.some((o) => o.status === 'resolved' && o.spans.some((s) => s.match.needsReview));
  return { after: batch.files[0]?.after, review };
}

/** The file written, or the refusal's code: a refusal is an acceptable answer where the test says so. */
function written(content: string, oldString: string, newString: string): string {
  try {
    return applyEdit(content, oldString, newString).content;
  } catch (err) {
    return `refused: ${(err as { code?: string }).code}`;
  }
}

describe('hunted writes: an old text quoted from after the indentation to the end of its line break', () => {
  const py = 'def f():\n    a = 1\n    b = 2\n    return a\n';

  it('deleting it deletes the whole line, not the text after its indentation (which glued that indentation onto the next line)', () => {
    assert.equal(written(py, 'b = 2\n', ''), 'def f():\n    a = 1\n    return a\n');
  });

  it('…also when the quote starts inside the indentation', () => {
    const js = 'const a = [\n    "x",\n    "y",\n];\n';
    assert.equal(written(js, '"x",\n', ''), 'const a = [\n    "y",\n];\n');
    assert.equal(written(js, '  "x",\n', ''), 'const a = [\n    "y",\n];\n');
  });

  it('a line added after it lands at the indentation of the line it follows', () => {
    assert.equal(written(py, 'a = 1\n', 'a = 1\nc = 3\n'), 'def f():\n    a = 1\n    c = 3\n    b = 2\n    return a\n');
  });

  it('a line added before its first line lands at that line’s indentation, and the first line stays in its block', () => {
    const cls = 'class K:\n    def f(self):\n        return 1\n';
    assert.equal(written(cls, 'def f(self):\n        return 1\n', '@staticmethod\ndef f(self):\n        return 1\n'), 'class K:\n    @staticmethod\n    def f(self):\n        return 1\n');
  });

  it('the same without the final line break (a line added before the first line of a cut quote)', () => {
    const cls = 'class K:\n    def f(self):\n        return 1\n';
    assert.equal(written(cls, 'def f(self):\n        return 1', '@staticmethod\ndef f(self):\n        return 1'), 'class K:\n    @staticmethod\n    def f(self):\n        return 1\n');
  });

  it('a cut first line whose new lines below are written at the file’s columns keeps them there', () => {
    const js = 'function f() {\n  if (a) {\n    y();\n  }\n}\n';
    assert.equal(written(js, 'y();\n  }', 'y();\n    z();\n  }'), 'function f() {\n  if (a) {\n    y();\n    z();\n  }\n}\n');
  });

  it('a quote that starts at the start of the line is written as given, as before', () => {
    assert.equal(written(py, '    b = 2\n', '    b = 3\n'), 'def f():\n    a = 1\n    b = 3\n    return a\n');
  });
});

describe('hunted writes: a "… existing code …" placeholder in the new text', () => {
  it('before a blank line stands for the lines up to the same blank line further on, never deletes them', () => {
    const file = 'function f() {\n  let a = 1;\n\n  let b = 2;\n  let c = 3;\n\n  return a + b + c;\n}\n';
    const old = '  let a = 1;\n\n  let b = 2;\n  let c = 3;\n\n  return a + b + c;';
    const next = '  let a = 1;\n  // ... existing code ...\n\n  return a + b + c + 1;';
    assert.equal(written(file, old, next), file.replace('a + b + c;', 'a + b + c + 1;'));
  });
});

describe('hunted writes: the file’s typography', () => {
  it('a no-break space the file has where the old text has a space is not written into added lines', () => {
    const file = 'def f(x):\n    y = x  # a\u00a0b\n    return y\n';
    assert.equal(written(file, '    y = x  # a b\n', '    y = x  # a b\n    z = 2\n'), 'def f(x):\n    y = x  # a\u00a0b\n    z = 2\n    return y\n');
  });

  it('a curled quote the file has where the old text has a straight one is not written into added lines', () => {
    const file = 'const s = \u201chi\u201d;\nconst t = 1;\n';
    assert.equal(written(file, 'const s = "hi";\nconst t = 1;', 'const s = "hi";\nconst u = "x";\nconst t = 1;'), 'const s = \u201chi\u201d;\nconst u = "x";\nconst t = 1;\n');
  });
});

describe('hunted writes: a character the file writes its own way on a changed line', () => {
  it('a no-break space stays where it stands and spreads to no other space of the line', () => {
    const file = 'def f(x):\n    y = x  # a\u00a0b\n    return y\n';
    assert.equal(written(file, '    y = x  # a b\n', '    y = x + 1  # a b\n'), 'def f(x):\n    y = x + 1  # a\u00a0b\n    return y\n');
  });

  it('an em dash for a typed hyphen stays where it stands, and the hyphen the edit types elsewhere stays a hyphen', () => {
    const file = 't = a - b  # one — two\n';
    assert.equal(written(file, 't = a - b  # one - two', 't = a - c  # one - two'), 't = a - c  # one — two\n');
  });
});

describe('hunted writes: whitespace around the old text (the trimmed-boundary tier) and trailing blanks', () => {
  it('a one-line old text with trailing blanks and its line break: no blank line is added after the new line', () => {
    assert.equal(written('a();\nif (x) {\n  y();\n}\n', '  y();  \n', '  z();\n'), 'a();\nif (x) {\n  z();\n}\n');
  });

  it('deleting it deletes the line, not only its text (no line of indentation left)', () => {
    assert.equal(written('def f():\n    a = 1\n    b = 2\n    return a\n', '        b = 2\n', ''), 'def f():\n    a = 1\n    return a\n');
  });

  it('an old line given four columns in for a line at column 0: the added line is dedented alike', () => {
    assert.equal(written('a = 1\nb = 2\n', '    a = 1\n', '    a = 1\n    c = 3\n'), 'a = 1\nc = 3\nb = 2\n');
  });

  it('an old text quoted from the line break before its first line keeps the blank line above', () => {
    assert.equal(written('a();\n\nfoo();\nbar();  \nbaz();\n', '\nfoo();\nbar();  ', '\nfooX();\nbar();  '), 'a();\n\nfooX();\nbar();  \nbaz();\n');
  });

  it('trailing blanks a changed line keeps from its old line stay (a Markdown hard line break)', () => {
    const md = '# Title\n\nRoses are red  \nViolets are blue\n';
    assert.equal(written(md, 'Roses are red  \nViolets are blue', 'Roses are RED  \nViolets are blue'), '# Title\n\nRoses are RED  \nViolets are blue\n');
  });
});

describe('hunted writes: an LF old text starting with its line break, in a CRLF file', () => {
  const file = 'x = 1\r\ny = 2\r\nz = 3\r\n';

  it('changing the line after it writes no stray CR', () => {
    assert.equal(written(file, '\ny = 2', '\ny = 22'), 'x = 1\r\ny = 22\r\nz = 3\r\n');
  });

  it('deleting it deletes the CR with the LF', () => {
    assert.equal(written(file, '\ny = 2', ''), 'x = 1\r\nz = 3\r\n');
  });
});

describe('hunted answers: an insertion whose lines already stand after the old text', () => {
  it('is refused as applied already, and the message says the old text is there and how to add another copy', () => {
    const file = 'function f() {\n  step();\n  flush();\n}\n';
    assert.throws(
      () => applyEdit(file, '  step();\n', '  step();\n  flush();\n'),
      (err: unknown) =>
        (err as { code?: string }).code === 'already_applied' &&
        (err as Error).message ===
          'The edit looks applied already: the new text stands at lines 2–3, around the old text, so applying it would add its new lines a second time. Nothing was changed. If another copy is meant, include the line after the insertion point in both the old and the new text.',
    );
  });

  it('with the line after the insertion point in both texts, the second copy is written', () => {
    const file = 'function f() {\n  step();\n  flush();\n}\n';
    assert.equal(written(file, '  step();\n  flush();\n}', '  step();\n  flush();\n  flush();\n}'), 'function f() {\n  step();\n  flush();\n  flush();\n}\n');
  });
});

describe('hunted writes: a placeholder and a changed last line', () => {
  it('a `}` given a comment after a placeholder is the `}` changed, not a second `}`', () => {
    const file = 'if (x) {\n  a();\n  b();\n  c();\n}\n';
    const r = applyEdit(file, 'if (x) {\n  a();\n  b();\n  c();\n}', 'if (x) {\n  // ...\n} // changed');
    assert.equal(r.content, 'if (x) {\n  a();\n  b();\n  c();\n} // changed\n');
  });
});

describe('hunted writes: a bare code block (applySnippet)', () => {
  it('a head line standing in two units before a tail standing in the second only edits the second unit', () => {
    const file = 'interface A {\n\tscheme?:string;\n\thost?:string;\n\treference?:string;\n\terror?:string;\n}\n\ninterface B {\n\tscheme?:string;\n\treference?:string;\n\ttolerant?:boolean;\n\tdomainHost?:boolean;\n}\n';
    const want = file.replace('\treference?:string;\n\ttolerant', '\treference?:stringNext;\n\ttolerant');
    for (const snippet of ['\tscheme?:string;\n\t// ...\n\treference?:stringNext;\n\t// ...\n\tdomainHost?:boolean;\n', '\tscheme?:string;\n\treference?:stringNext;\n\t// ...\n\tdomainHost?:boolean;\n']) {
      assert.equal(applySnippet(file, snippet).content, want);
    }
  });

  it('a line changed between the first anchor and a kept line above it is that line changed, not the lines above written again', () => {
    const file = 'class A {\n\tfoo() {\n\t\treturn 1;\n\t}\n\n\t/**\n\t * Doc of bar.\n\t * @param x thing\n\t */\n\tbar(x) {\n\t\treturn x;\n\t}\n}\n';
    assert.equal(applySnippet(file, '\t}\n\n\t/** changed */\n\t * Doc of bar.\n\t * @param x thing\n').content, file.replace('\t/**\n', '\t/** changed */\n'));
  });
});

describe('a bare code block hunt (real files, chat-shaped snippets)', () => {
  const api = 'class Api {\n  open() {\n    this.connection = connect(this.url);\n    this.handleCallback(null);\n  }\n\n  handleConnectionClose(reason) {\n    this.connection.end(reason);\n  }\n}\n';
  const reopen = '  reopen() {\n    this.handleConnectionClose();\n    this.open();\n  }\n\n';

  it('a new method after the previous method’s `}` shown for context adds the method, not that `}` again', () => {
    const snippet = `  // ...\n  }\n\n${reopen}  handleConnectionClose(reason) {\n  // ...\n`;
    assert.equal(applySnippet(api, snippet).content, api.replace('  }\n\n  handleConnectionClose', `  }\n\n${reopen}  handleConnectionClose`));
  });

  it('…and before the next method’s head shown for context, below the previous method', () => {
    const snippet = `  // ...\n    this.handleCallback(null);\n  }\n\n${reopen}  handleConnectionClose(reason) {\n  // ...\n`;
    assert.equal(applySnippet(api, snippet).content, api.replace('  }\n\n  handleConnectionClose', `  }\n\n${reopen}  handleConnectionClose`));
  });
});

describe('a bare code block hunt: the `}` of a block whose opening line stands in the file', () => {
  const file = 'function loadConfig(extensions, directory) {\n  while (extensions.length) {\n    const configLocation = join(directory, extensions.shift());\n    if (!fs.existsSync(configLocation)) {\n      continue;\n    }\n    const loaders = pickLoaders(configLocation);\n    return loaders;\n  }\n}\n';

  it('a block shown with its body changed, between markers, is that block changed (its `}` was written again, the old body left behind it)', () => {
    const snippet = 'function loadConfig(extensions, directory) {\n  // ...\n    if (!fs.existsSync(configLocation)) {\n      return null;\n    }\n  // ...\n}\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('      continue;\n', '      return null;\n'));
  });

  it('a block shown emptied is emptied, for review (its `}` was written again, the body left behind it)', () => {
    const result = applySnippet(file, '    // ...\n    if (!fs.existsSync(configLocation)) {\n    }\n    // ...\n');
    assert.equal(result.content, file.replace('      continue;\n', ''));
    assert.ok(result.matches[0].review?.length);
  });
});

describe('a bare code block hunt: a method shown whole between markers at the class’s level', () => {
  it('its last line changed is that line changed (the new one was added and the old one kept)', () => {
    const file = 'class Counter:\n    def __init__(self):\n        self.count = 0\n\n    def copy(self):\n        other = Counter()\n        other.count = self.count\n        return other\n\n    def reset(self):\n        self.count = 0\n';
    const snippet = 'class Counter:\n    # ... existing code ...\n    def copy(self):\n        other = Counter()\n        other.count = self.count\n        return other.validate()\n    # ... existing code ...\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('        return other\n', '        return other.validate()\n'));
  });
});

describe('a bare code block hunt: lines wrapped in a new block', () => {
  it('a statement wrapped in a new `if` is written a level deeper, and the `if` at the statement’s level (both were written at the file’s old columns, or half of them)', () => {
    const store = 'class Store {\n    save(item) {\n        validateItem(item);\n        this.items.push(item);\n        return this.items.length;\n    }\n}\n';
    const snippet = '    save(item) {\n        if (strict) {\n            validateItem(item);\n        }\n        this.items.push(item);\n        return this.items.length;\n    }\n';
    const result = applySnippet(store, snippet);
    assert.equal(result.content, store.replace('        validateItem(item);\n', '        if (strict) {\n            validateItem(item);\n        }\n'));
    // A level read from the snippet's columns is an interpretation: said, for review.
    assert.deepEqual(result.matches[0].review, ["line 3 (`validateItem(item);`) is written at the snippet's level of indentation, not the file's"]);
  });

  it('…in Python, the method shown whole', () => {
    const file = "class Queue:\n    def qsize(self):\n        '''Return the size.'''\n        with self.mutex:\n            return self._qsize()\n";
    const snippet = "    def qsize(self):\n        if guard_enabled:\n            '''Return the size.'''\n        with self.mutex:\n            return self._qsize()\n";
    assert.equal(applySnippet(file, snippet).content, file.replace("        '''Return the size.'''\n", "        if guard_enabled:\n            '''Return the size.'''\n"));
  });

  it('…two of four lines shown between markers: the two that placed the snippet stay, the wrapped two move', () => {
    const file = 'function encode(str) {\n    var encoder = getEncoder();\n\n    var res = encoder.write(str);\n    var trail = encoder.end();\n\n    return trail ? res + trail : res;\n}\n';
    const snippet = '    // ...\n    var encoder = getEncoder();\n\n    if (guardEnabled) {\n        var res = encoder.write(str);\n        var trail = encoder.end();\n    }\n\n    return trail ? res + trail : res;\n    // ...\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('    var res = encoder.write(str);\n    var trail = encoder.end();\n', '    if (guardEnabled) {\n        var res = encoder.write(str);\n        var trail = encoder.end();\n    }\n'));
  });
  it('…a line wrapped in a new `if`, the snippet in four-space steps, the file in two: moved by the shift, not read as the frame’s', () => {
    const file = "function wrap(str) {\n  const rawLines = str.split('\\n');\n  rawLines.forEach((line) => {\n    const chunks = line.match(re);\n    let sumChunks = [chunks.shift()];\n    let sumWidth = this.displayWidth(sumChunks[0]);\n    chunks.forEach((chunk) => {\n      sumWidth += chunk.length;\n    });\n  });\n}\n";
    const snippet = 'rawLines.forEach((line) => {\n    // ... rest of code ...\n    if (extraFlag3) {\n        let sumWidth = this.displayWidth(sumChunks[0]);\n    }\n    // ... rest of code ...\n});\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('    let sumWidth = this.displayWidth(sumChunks[0]);\n', '    if (extraFlag3) {\n      let sumWidth = this.displayWidth(sumChunks[0]);\n    }\n'));
  });

  it('…several lines wrapped in a new `try`, the snippet at the file’s columns (the ratio was read from the second of them: half)', () => {
    const file = 'const filters = {\n    root: function (next, _rule, _a) {\n        var adapter = _a.adapter;\n        return function (elem) {\n            var parent = adapter.getParent(elem);\n            return (parent == null || !adapter.isTag(parent)) && next(elem);\n        };\n    },\n};\n';
    const snippet = '        var adapter = _a.adapter;\n        return function (elem) {\n            try {\n                var parent = adapter.getParent(elem);\n                return (parent == null || !adapter.isTag(parent)) && next(elem);\n            } catch (err) {\n                reportError(err);\n            }\n        };\n    },\n';
    const wrapped = '            try {\n                var parent = adapter.getParent(elem);\n                return (parent == null || !adapter.isTag(parent)) && next(elem);\n            } catch (err) {\n                reportError(err);\n            }\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('            var parent = adapter.getParent(elem);\n            return (parent == null || !adapter.isTag(parent)) && next(elem);\n', wrapped));
  });
});

describe('a bare code block hunt (2026-11-28, night): lines the snippet puts in a block it adds, with too few other lines to outvote them', () => {
  // Python read the line left at the file's columns as outside the new block: an empty `with`, an IndentationError.
  const tracker = "def main():\n    for line in f:\n        if cmd == 'REGISTER':\n            cache[rtype].add(name)\n        elif cmd == 'UNREGISTER':\n            cache[rtype].remove(name)\n        elif cmd == 'PROBE':\n            pass\n";
  const wrapped = tracker.replace("            cache[rtype].remove(name)\n", "            with self._lock:\n                cache[rtype].remove(name)\n");
  const moved = ["line 6 (`cache[rtype].remove(name)`) is written at the snippet's level of indentation, not the file's"];

  it('the wrapped line and its new block alone, at the file’s columns: the block takes the line’s place, the line goes in it (the block was written a level up)', () => {
    const result = applySnippet(tracker, '            with self._lock:\n                cache[rtype].remove(name)\n');
    assert.equal(result.content, wrapped);
    assert.deepEqual(result.matches[0].review, moved);
  });

  it('…the same, given at column 0', () => {
    assert.equal(applySnippet(tracker, 'with self._lock:\n    cache[rtype].remove(name)\n').content, wrapped);
  });

  it('…below the line that places the snippet and a marker (one line stayed at the file’s columns beside the new `if`)', () => {
    const file = 'class Lazy:\n    def wrapper(self, *args):\n        bound = types.MethodType(method, self)\n        cached = cache_wrapper(bound)\n        setattr(self, method.__name__, cached)\n        return cached(*args)\n';
    const snippet = '    def wrapper(self, *args):\n        # ... existing code ...\n        if extra_flag:\n            setattr(self, method.__name__, cached)\n        # ... existing code ...\n';
    const result = applySnippet(file, snippet);
    assert.equal(result.content, file.replace('        setattr(self, method.__name__, cached)\n', '        if extra_flag:\n            setattr(self, method.__name__, cached)\n'));
    assert.deepEqual(result.matches[0].review, ["line 5 (`setattr(self, method.__name__, cached)`) is written at the snippet's level of indentation, not the file's"]);
  });

  it('a changed head the matcher does not pair is the block’s head changed, not a new block around its body (a hunt of the rule above: the block went a level deeper)', () => {
    const file = 'def load(schemes):\n    for name in names:\n        if name not in schemes:\n            scheme = get_paths(name, expand=False)\n            schemes[name] = inject(name, scheme)\n    return schemes\n';
    const want = file.replace('        if name not in schemes:', '        if name not in schemes and not strict:');
    assert.equal(applySnippet(file, 'if name not in schemes and not strict:\n    scheme = get_paths(name, expand=False)\n    schemes[name] = inject(name, scheme)\n').content, want);
    const js = 'function restore(arr) {\n    for (var i = 1; i < arr.length; i++) {\n        arr[i][0] += arr[i - 1][0] + 1;\n    }\n    return arr;\n}\n';
    const restored = applySnippet(js, 'for (let i = 1; i < arr.length; i += 1) {\n    arr[i][0] += arr[i - 1][0] + 1;\n}\nreturn arr.slice();\n');
    assert.equal(restored.content, js.replace('var i = 1; i < arr.length; i++', 'let i = 1; i < arr.length; i += 1').replace('return arr;', 'return arr.slice();'));
  });

  it('a whole body wrapped, an inner block with it: every line moves, the head stays (the body outvoted the head, and the `with` went to column 7)', () => {
    const file = 'class Lexer:\n    def nxt(self):\n        token = self.get_token()\n        if token == self.eof:\n            raise StopIteration\n        return token\n\n    def other(self):\n        pass\n';
    const snippet = '    def nxt(self):\n        with self._lock:\n            token = self.get_token()\n            if token == self.eof:\n                raise StopIteration\n            return token\n';
    const result = applySnippet(file, snippet);
    assert.equal(result.content, file.replace('        token = self.get_token()\n        if token == self.eof:\n            raise StopIteration\n        return token\n', snippet.split('\n').slice(1).join('\n')));
    assert.deepEqual(result.matches[0].review, ["4 lines (line 3: `token = self.get_token()`, …) are written at the snippet's level of indentation, not the file's"]);
    // The unit's head changed, its whole body shown as it is: no line moves (a changed head is no new block).
    const head = applySnippet(file, '    def nxt(self, strict=False):\n        token = self.get_token()\n        if token == self.eof:\n            raise StopIteration\n        return token\n');
    assert.equal(head.content, file.replace('def nxt(self):', 'def nxt(self, strict=False):'));
  });

  it('a block the snippet changes the head of, or adds with new lines only, moves no line the file has', () => {
    const file = 'def process(items, strict):\n    total = compute_total(items)\n    if strict:\n        check_total(total)\n    report = build_report(total)\n    send_report(report)\n';
    const changedHead = 'def process(items, strict):\n    total = compute_total(items)\n    if strict and total:\n        check_total(total)\n    report = build_report(total)\n';
    assert.equal(applySnippet(file, changedHead).content, file.replace('    if strict:', '    if strict and total:'));
    const added = 'def process(items, strict):\n    total = compute_total(items)\n    if strict:\n        check_total(total)\n    if verbose:\n        log_total(total)\n    report = build_report(total)\n';
    const result = applySnippet(file, added);
    assert.equal(result.content, file.replace('    report =', '    if verbose:\n        log_total(total)\n    report ='));
    assert.equal(result.matches[0].review, undefined);
  });
});

describe('a bare code block hunt (2026-11-28, night): a closing line shown right below a line, the statement between left out', () => {
  it('is the file’s closing line, the statement deleted and named for review (a second `});` was written above it, silently)', () => {
    const file = 'function apply(yargs, options) {\n    Object.keys(options).forEach(key => {\n        aliases.forEach(alias => {\n            if (options.array.includes(alias))\n                yargs.array(key);\n            if (options.number.includes(alias))\n                yargs.number(key);\n        });\n    });\n}\n';
    const result = applySnippet(file, '            // ... existing code ...\n            if (options.number.includes(alias))\n        });\n        // ... existing code ...\n');
    assert.equal(result.content, file.replace('                yargs.number(key);\n', ''));
    assert.match(result.matches[0].review?.join('\n') ?? '', /leaves out line 7 \(`yargs\.number\(key\);`\)/);
  });
});

describe('a bare code block hunt (2026-11-28, night): a continuation line among the lines that place new ones', () => {
  it('a new loop after a hanging continuation, the snippet in two-space steps, goes at the statement’s level (column 11 was an IndentationError)', () => {
    const file = 'class P:\n    def end_key(self):\n        if self.current_key or not isinstance(self.stack[-1], dict):\n            raise ValueError("unexpected key at line %d" %\n                             self.parser.CurrentLineNumber)\n        self.current_key = self.get_data()\n';
    const snippet = 'def end_key(self):\n  if self.current_key or not isinstance(self.stack[-1], dict):\n    raise ValueError("unexpected key at line %d" %\n             self.parser.CurrentLineNumber)\n    for item in self._extra:\n      self._seen.add(item)\n  self.current_key = self.get_data()\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('CurrentLineNumber)\n', 'CurrentLineNumber)\n            for item in self._extra:\n                self._seen.add(item)\n'));
  });
});

describe('a bare code block hunt (2026-11-28, night): a block the snippet empties', () => {
  const py = 'def gen(parts, width):\n    for part in parts:\n        candidate = part\n        if len(repr(candidate)) > width:\n            if current:\n                yield repr(current)\n            current = part\n        else:\n            current = candidate\n';

  it('`pass` as the whole body, then a marker at the block’s level: the body is deleted, named for review (it stayed below the `pass`, silently)', () => {
    const result = applySnippet(py, '    for part in parts:\n        candidate = part\n        if len(repr(candidate)) > width:\n            pass\n        # ...\n');
    assert.equal(result.content, py.replace('            if current:\n                yield repr(current)\n            current = part\n', '            pass\n'));
    assert.match(result.matches[0].review?.join('\n') ?? '', /3 lines \(line 5: `if current:`, …\) are deleted/);
  });

  it('`}` right after `) {`: the body is deleted, named for review', () => {
    const js = 'function f(token) {\n\tif (\n\t\ttoken.type === "Keyword" &&\n\t\ttoken.value === "function"\n\t) {\n\t\treturn true;\n\t}\n\n\tconst next = getNext(token);\n\treturn next;\n}\n';
    const result = applySnippet(js, 'function f(token) {\n\tif (\n\t\ttoken.type === "Keyword" &&\n\t\ttoken.value === "function"\n\t) {\n\t}\n\t// ... existing code ...\n');
    assert.equal(result.content, js.replace('\t\treturn true;\n', ''));
    assert.match(result.matches[0].review?.join('\n') ?? '', /leaves out line 6 \(`return true;`\)/);
  });

  it('a new line of code there (not an empty body) is added at the top of the block, the body staying', () => {
    const result = applySnippet(py, '    for part in parts:\n        candidate = part\n        if len(repr(candidate)) > width:\n            log_candidate(candidate)\n        # ...\n');
    assert.equal(result.content, py.replace('            if current:\n', '            log_candidate(candidate)\n            if current:\n'));
  });
});

describe('a bare code block hunt: a `}` shown for context at the edge', () => {
  const file = 'function loadConfig(extensions, directory) {\n  while (extensions.length) {\n    const configLocation = join(directory, extensions.shift());\n    if (!fs.existsSync(configLocation)) {\n      continue;\n    }\n    const loaders = pickLoaders(configLocation);\n    return loaders;\n  }\n}\n';

  it('above a line the snippet adds, it is the file’s `}` (it was written twice)', () => {
    const snippet = '    // ...\n    }\n    log(configLocation);\n    const loaders = pickLoaders(configLocation);\n    // ...\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('    }\n    const loaders', '    }\n    log(configLocation);\n    const loaders'));
  });

  it('above a blank line the snippet removes, likewise', () => {
    const spaced = file.replace('    }\n    const loaders', '    }\n\n    const loaders');
    const snippet = '    // ...\n    }\n    const loaders = pickLoaders(configLocation);\n    // ...\n';
    assert.equal(applySnippet(spaced, snippet).content, file);
  });

  it('a changed last statement and the `}` after it, shown below a new line, are the file’s two lines changed and kept (both were added again)', () => {
    const resolve = 'function resolve(compile, root, ref) {\n  var refVal = this._refs[ref];\n  if (typeof refVal == \'string\') {\n    if (this._refs[refVal]) refVal = this._refs[refVal];\n    else return resolve.call(this, compile, root, refVal);\n  }\n  return refVal;\n}\n';
    const snippet = '  /* ... */\n    if (this._refs[refVal]) refVal = this._refs[refVal];\n    const resultValue = computeValue(1);\n    else return resolveNext.call(this, compile, root, refVal);\n  }\n  /* ... */\n';
    assert.equal(applySnippet(resolve, snippet).content, resolve.replace('    else return resolve.call', '    const resultValue = computeValue(1);\n    else return resolveNext.call'));
  });
});

describe('a bare code block hunt: a line past a marker that stands twice in the unit', () => {
  it('is refused as ambiguous, naming both places (the first was changed, silently)', () => {
    const file = 'function summarize(messages) {\n  messages.forEach(function (message) {\n    if (message.severity === 1) {\n      messageType = styleText("yellow", "warning");\n      warnings++;\n    }\n    else {\n      // fallback for other severity levels\n      messageType = styleText("yellow", "warning");\n      warnings++;\n    }\n  });\n}\n';
    const snippet = 'function summarize(messages) {\n  // ...\n      messageType = styleText("yellow", "warning");\n      warningsNext++;\n    }\n  // ...\n}\n';
    assert.throws(() => applySnippet(file, snippet), (err: { code?: string; message?: string }) => err.code === 'ambiguous' && /fits 2 places below the line before it \(lines 4–6, lines 9–11\)/.test(err.message ?? ''));
    // The line once in the unit: placed.
    const once = file.replace('      messageType = styleText("yellow", "warning");\n      warnings++;\n    }\n  });', '      warnings++;\n    }\n  });');
    assert.equal(applySnippet(once, snippet).content, once.replace('warnings++;\n    }\n    else', 'warningsNext++;\n    }\n    else'));
  });
});

describe('a bare code block hunt: a changed first line after a leading marker', () => {
  it('is the unit’s head changed, not a second head above the old one', () => {
    const file = 'import os\n\n\ndef getline(filename, lineno, module_globals=None):\n    """Get a line for a Python source file from the cache."""\n    lines = getlines(filename, module_globals)\n    return lines[lineno - 1]\n';
    const snippet = '# ...\ndef getline(filename, lineno, module_globals=None, extra_opt=None):\n    """Get a line for a Python source file from the cache."""\n    # ...\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('module_globals=None):', 'module_globals=None, extra_opt=None):'));
  });
  it('…and after a comment line above it that places the snippet, its body under a marker', () => {
    const file = '"""Iterators."""\n\n# This function will become a method of the Message class\ndef walk(self):\n    """Walk over the message tree."""\n    yield self\n';
    const snippet = '# ...\n# This function will become a method of the Message class\ndef walk(self, extra_opt=None):\n    # ...\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('def walk(self):', 'def walk(self, extra_opt=None):'));
  });
});

describe('a bare code block hunt: an `else` added to an `if`', () => {
  it('the `}` that closes the new `else` is the `if`’s own, moved below it (it was written as well)', () => {
    const file = 'function f(target) {\n    if (isConflict(target)) {\n        markConflict(target);\n    }\n\n    return target;\n}\n';
    const snippet = '/* ... */\nif (isConflict(target)) {\n    markConflict(target);\n} else {\n    handleFallback();\n}\n/* ... */\n';
    assert.equal(applySnippet(file, snippet).content, file.replace('        markConflict(target);\n    }\n', '        markConflict(target);\n    } else {\n        handleFallback();\n    }\n'));
  });
});

describe('hunted writes, second round', () => {
  it('a placeholder in the new text of an old text ending in its line break keeps the lines it stands for (and waits for review)', () => {
    const r = applyEdit('function a() {\n  one();\n  two();\n}\n', '  one();\n  two();\n', '  // ... existing code ...\n  two(); // changed\n');
    assert.equal(r.content, 'function a() {\n  one();\n  two(); // changed\n}\n');
    assert.equal(r.matches[0].needsReview, true);
    const py = 'def a():\n    x = compute()\n    return x\n';
    assert.equal(written(py, py, 'def a():\n    # ...\n    return x + 1\n'), 'def a():\n    x = compute()\n    return x + 1\n');
  });

  it('a placeholder where the old text is part of a line is refused, never written over the code', () => {
    assert.equal(written('function a() {\n  one();\n  two();\n}\n', 'a() {\n  one();\n  two();', 'a() {\n  // ... existing code ...\n  two(); // changed'), 'refused: merge_conflict');
  });

  it('blank lines at the edges of the old text that the new text keeps stay', () => {
    assert.equal(written('x = 1\n\n\ny = 2\nz = 3\n', '\n\n\ny = 2', '\n\n\ny = 4'), 'x = 1\n\n\ny = 4\nz = 3\n');
    assert.equal(written('  foo();\n  x();\n\n\nbar();\n', 'foo();\n  x();\n\n\n', 'foo(1);\n  x();\n\n\n'), '  foo(1);\n  x();\n\n\nbar();\n');
    assert.equal(written('if (a) {\n  foo();\n}\n\nbar();\n', 'foo();\n}\n\n', 'foo(1);\n}\n\n'), 'if (a) {\n  foo(1);\n}\n\nbar();\n');
  });

  it('a blank line the new text adds after the line above the old text is written', () => {
    assert.equal(written('# Title\nintro\nmore\n', '\nintro\nmore', '\n\nIntro\nmore'), '# Title\n\nIntro\nmore\n');
  });

  it('in a file mixing tabs and spaces, a changed line keeps its block’s tabs (Python refuses a mix)', () => {
    const file = 'def f():\n\tx = 1\n\treturn x\n\ndef g():\n    y = 2\n    return y\n';
    assert.equal(written(file, 'x = 1\n', 'x = 2\n'), file.replace('\tx = 1', '\tx = 2'));
    const tabs = 'def f():\n\tx = 1\n\treturn x\n\ndef g():\n\ty = 2\n\treturn y\n\ndef h():\n    z = 1\n    return z\n';
    assert.equal(written(tabs, 'def h():\n  z = 1\n  return z', 'def h():\n  z = 2\n  return z'), tabs.replace('    z = 1', '    z = 2'));
  });

  it('a one-line edit that changes the line’s indentation re-indents it, not writes it after the file’s', () => {
    const py = 'for x in xs:\n    if x:\n        y = 1\n        total += x\n';
    assert.equal(written(py, '\t\ttotal += x', '\ttotal += x'), 'for x in xs:\n    if x:\n        y = 1\n    total += x\n');
    const js = 'function f(a) {\n\tif (a) {\n\t\tb = 1;\n\t}\n}\n';
    assert.equal(written(js, '        b = 1;', '    b = 1;'), 'function f(a) {\n\tif (a) {\n\tb = 1;\n\t}\n}\n');
  });
});

describe('hunted writes: a bare code block that changes a line’s level', () => {
  const py = 'def total(items):\n    s = 0\n    for it in items:\n        s += it.price\n        log(it)\n    return s\n';

  it('a Python line moved out of its loop is written moved (it was told applied already)', () => {
    const snippet = 'def total(items):\n    s = 0\n    for it in items:\n        s += it.price\n    log(it)\n    return s\n';
    assert.equal(applySnippet(py, snippet).content, snippet);
  });

  it('a continuation aligned at other columns than the snippet’s is no change of level', () => {
    const js = 'function f() {\n    first();\n    call(a,\n         b);\n}\n';
    assert.equal(applySnippet(js, 'function f() {\n  first(2);\n  call(a,\n    b);\n}').content, js.replace('first();', 'first(2);'));
  });

  it('a changed statement after a continuation line takes the statement’s level, not the continuation’s columns', () => {
    const js = 'function f() {\n    call(a,\n         b);\n    next();\n}\n';
    assert.equal(applySnippet(js, 'function f() {\n  call(a,\n    b);\n  next(2);\n}').content, js.replace('next();', 'next(2);'));
  });
});

describe('found while fixing: a text standing more than a thousand times', () => {
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) lines.push('  step();', '  flush();');
  const file = `${lines.join('\n')}\n`;

  it('a hint chooses among every place, not the first thousand (the nearest of those was written, without review)', () => {
    const r = applyEdit(file, '  step();\n  flush();', '  step();\n  flush(true);', { hint: 5000 });
    assert.equal(r.matches[0].startLine, 5000);
    assert.equal(r.content, file.replace(/(([^\n]*\n){5000}) {2}step\(\);\n {2}flush\(\);/, '$1  step();\n  flush(true);'));
  });

  it('an exact ambiguous answer counts every place (it said 1,000)', () => {
    const m = findMatch(file, '  step();\n  flush();');
    assert.equal(m.kind, 'ambiguous');
    assert.deepEqual(m.kind === 'ambiguous' && [m.candidates.length, m.places], [1000, 3000]);
  });
});

describe('hunted writes, third round: the edit formats end to end', () => {
  it('a hunk, chunk or REPLACE part whose new side is one blank line keeps that line (it was deleted with the rest)', () => {
    const file = 'def keep():\n    return 1\n\ndef old():\n    pass\n';
    const inputs = [
      '--- a/m.py\n+++ b/m.py\n@@ -3,3 +3 @@\n \n-def old():\n-    pass\n',
      '*** Begin Patch\n*** Update File: m.py\n@@\n \n-def old():\n-    pass\n*** End Patch\n',
      'm.py\n<<<<<<< SEARCH\n\ndef old():\n    pass\n=======\n\n>>>>>>> REPLACE\n',
    ];
    for (const input of inputs) assert.equal(answered(input, 'm.py', file).after, 'def keep():\n    return 1\n\n', input);
  });

  it('an apply_patch chunk below its `@@ def b():` anchor changes the place below it, not a nearer one above it', () => {
    const body = Array.from({ length: 12 }, (_, i) => `    v${i} = ${i}`).join('\n');
    const file = `def a():\n    x = 1\n    return x\n\ndef b():\n${body}\n    x = 1\n    return x\n`;
    const answer = '*** Begin Patch\n*** Update File: m.py\n@@ def b():\n-    x = 1\n+    x = 2\n     return x\n*** End Patch\n';
    assert.equal(answered(answer, 'm.py', file).after, file.replace(`${body}\n    x = 1`, `${body}\n    x = 2`));
  });
});

describe('regressions a fourth hunt found in the fixes above (each as the literal replacement writes it)', () => {
  it('blank lines at both edges that the old and new text count differently are written as given', () => {
    assert.equal(written('p\n\n\nx\n\n\nq\n', '\n\nx\n\n', '\ny\n\n\n'), 'p\n\ny\n\n\n\nq\n');
    assert.equal(written('p\r\n\r\n\r\nx\r\n\r\nq\r\n', '\n\nx\n\n', '\nx2\n\n\n'), 'p\r\n\r\nx2\r\n\r\n\r\nq\r\n');
    assert.equal(written('q\n  a\n  b\n\n  c\n\n  g\n', 'a\n  b\n\n  c\n\n', 'a\n  b\n\n\n'), 'q\n  a\n  b\n\n\n  g\n');
  });

  it('deleting the line after a blank line, quoted from the line break before the blank line, keeps the blank line', () => {
    assert.equal(written('x\n}\n\n/**\nz\n', '\n}\n\n/**', '\n}\n'), 'x\n}\n\nz\n');
    assert.equal(written('\ntype B = { r: number }\n\n// c', '\ntype B = { r: number }\n\n// c', '\ntype B = { r: number }\n'), '\ntype B = { r: number }\n');
  });

  it('a line break alone for a line quoted with the break before it empties the line, it does not delete it', () => {
    assert.equal(written('a\n    c7}\n  g8\n', '\n    c7}', '\n'), 'a\n\n  g8\n');
  });

  it('an empty REPLACE part deletes a SEARCH part that starts with a blank line, the blank line too; one blank line keeps it', () => {
    const file = 'a\n\nreturn x\nx = 1\nfoo()\n';
    const apply = (answer: string) => answered(answer, 'm.py', file).after;
    assert.equal(apply('m.py\n<<<<<<< SEARCH\n\nreturn x\nx = 1\n=======\n>>>>>>> REPLACE\n'), 'a\nfoo()\n');
    assert.equal(apply('m.py\n<<<<<<< SEARCH\n\nreturn x\nx = 1\n=======\n\n>>>>>>> REPLACE\n'), 'a\n\nfoo()\n');
  });

  it('a tab-indented line quoted with the line break before it keeps its tabs', () => {
    const file = 'def f():\n    a = 1\n\tb = 2\n    c = 3\n';
    assert.equal(written(file, '\n\tb = 2', '\n\tb = 3'), file.replace('\tb = 2', '\tb = 3'));
  });
});

describe('a fifth hunt: a one-blank-line new side whose old side starts and ends with blank lines', () => {
  it('keeps one blank line and deletes the rest (a blank line was left over)', () => {
    const apply = (input: string, file: string) => answered(input, 'm.txt', file).after;
    const file = 'x\n\ny\n\nz\n';
    assert.equal(apply('--- a/m.txt\n+++ b/m.txt\n@@ -2,3 +2 @@\n \n-y\n-\n', file), 'x\n\nz\n');
    assert.equal(apply('*** Begin Patch\n*** Update File: m.txt\n@@\n \n-y\n-\n*** End Patch\n', file), 'x\n\nz\n');
    assert.equal(apply('m.txt\n<<<<<<< SEARCH\n\ny\n\n=======\n\n>>>>>>> REPLACE\n', file), 'x\n\nz\n');
  });
});

describe('a sixth hunt (real diff output through the parsers): a side that joins to nothing carries its line break', () => {
  const apply = (input: string, file: string) => answered(input, 'f.txt', file);
  const udiff = (header: string, ...body: string[]) => `--- a/f.txt\n+++ b/f.txt\n${header}\n${body.join('\n')}\n`;
  const patch = (...body: string[]) => `*** Begin Patch\n*** Update File: f.txt\n@@\n${body.join('\n')}\n*** End Patch\n`;
  const searchReplace = (search: string[], replace: string[]) => `f.txt\n<<<<<<< SEARCH\n${[...search, '=======', ...replace].join('\n')}\n>>>>>>> REPLACE\n`;

  it('lines replaced by one blank line leave that line (they were deleted)', () => {
    const file = 'x\ny\nw\nz\n';
    assert.equal(apply(udiff('@@ -2 +2 @@', '-y', '+'), file).after, 'x\n\nw\nz\n');
    assert.equal(apply(udiff('@@ -2,2 +2 @@', '-y', '-w', '+'), file).after, 'x\n\nz\n');
    assert.equal(apply(patch('-y', '+'), file).after, 'x\n\nw\nz\n');
    assert.equal(apply(searchReplace(['y'], ['']), file).after, 'x\n\nw\nz\n');
  });

  it('a deletion whose last line is blank deletes that line too (it was left)', () => {
    const file = 'x\ny\n\nz\n';
    assert.equal(apply(udiff('@@ -2,2 +1,0 @@', '-y', '-'), file).after, 'x\nz\n');
    assert.equal(apply(patch('-y', '-'), file).after, 'x\nz\n');
    // Real `diff -U1` output: the first line and a blank one deleted, the last blank line kept.
    assert.equal(apply(udiff('@@ -1,3 +1 @@', '-a', '-', ' '), 'a\n\n\n').after, '\n');
  });

  it('a whitespace-only line at the edge of the old side is the blank line kept: it stays as the file has it', () => {
    assert.equal(apply(udiff('@@ -2,2 +2 @@', '-  ', '-a', '+'), 'x\n  \na\nb\n').after, 'x\n  \nb\n');
  });

  it('a side ending in a blank line the other does not end in, and new sides of blank lines only (found by a hunt of the fixes above)', () => {
    // A drifted old text ending in a blank line, replaced by one line break: that blank line goes too.
    assert.equal(written('x = 1\n\nz\n', 'x = 1\t\n\n', '\n'), '\nz\n');
    assert.equal(written('a\n\nreturn v;\nz\n', '\t\nreturn v;\n', '\n'), 'a\n\nz\n');
    // Blank lines at the edges of a drifted old text are replaced too (the line tiers set them aside: they stayed).
    assert.equal(written('a\n\n  }\n  x = 1;\n\n\nb\n', '}\nx = 1;\n\n\n', '\n'), 'a\n\n\nb\n');
    assert.equal(written('\t\tfoo(bar, baz);4\n  }0\n  // a comment here2\n  \n\nif (x > 10) {\n', '  }0\n  // a coement here2\n  \n\n', '\n'), '\t\tfoo(bar, baz);4\n\nif (x > 10) {\n');
    // Real `diff -U1` at a file's end: a whitespace-only context line above, the last line emptied (everything was deleted).
    assert.equal(apply(udiff('@@ -1,2 +1,2 @@', '   ', '-b', '+'), '  \nb\n').after, '  \n\n');
    assert.equal(apply(udiff('@@ -1,3 +1,3 @@', ' a', '   ', '-b', '+'), 'a\n  \nb\n').after, 'a\n  \n\n');
    // A deletion between whitespace-only context lines keeps both.
    assert.equal(apply(udiff('@@ -2,4 +2,2 @@', ' \t', '-', '-b', ' \t'), '\n\t\n\nb\n\t\n').after, '\n\t\n\t\n');
    // A SEARCH part ending in a blank line replaced by lines that do not: the blank line goes.
    assert.equal(apply(searchReplace(['}', '  '], ['', '  ']), 'top();\n}\n  \nbottom();\n').after, 'top();\n\n  \nbottom();\n');
  });

  it('at the end of a file without a final break, a new text ending in one it did not end in adds it, through the merge too', () => {
    // Real `diff -U1`: the last line replaced by a blank one, the file to end with a line break.
    assert.equal(apply(udiff('@@ -2,2 +2,2 @@', " s = 'q' ", '-\tx = 1', '\\ No newline at end of file', '+'), "x\ns = 'q' \n\tx = 1").after, "x\ns = 'q' \n\n");
    // A raw edit through the merge (trailing blanks to keep): the break as given.
    assert.equal(written('p\n  a  \n  b', '  a  \n  b', '  a  \n  c\n'), 'p\n  a  \n  c\n');
  });

  it('the last lines of a file without a final break deleted below a whitespace-only line: that line stays, with or without its break', () => {
    // -U0: the line above keeps its break. -U1: the kept line is to end the file without one ("\\ No newline" on it).
    assert.equal(apply(udiff('@@ -3,2 +2,0 @@', '-a', '-b', '\\ No newline at end of file'), 'x\n  \na\nb').after, 'x\n  \n');
    assert.equal(apply(udiff('@@ -2,3 +2 @@', '-  ', '-a', '-b', '\\ No newline at end of file', '+  ', '\\ No newline at end of file'), 'x\n  \na\nb').after, 'x\n  ');
    assert.equal(written('x\n    \na\nb', '\na\nb', ''), 'x\n    ');
  });

  it('deleting the last lines of a file without a final line break keeps the break of the line above, blank or not, without review', () => {
    for (const [file, header, body, want] of [
      ['r\nf', '@@ -2 +1,0 @@', ['-f'], 'r\n'],
      ['x\n\nl', '@@ -2,2 +1,0 @@', ['-', '-l'], 'x\n'],
      ['a\n\n\n}', '@@ -2,3 +1,0 @@', ['-', '-', '-}'], 'a\n'],
      ['\n\nk', '@@ -1,3 +1 @@', [' ', '-', '-k'], '\n'],
    ] as const) {
      assert.deepEqual(apply(udiff(header, ...body, '\\ No newline at end of file'), file), { after: want, review: false }, file);
    }
  });

  it('an old text through its line break replaced by one line break leaves a blank line in every tier, and the CR of a CRLF line', () => {
    assert.equal(written('  x\n  y\n  z\n', 'y\n', '\n'), '  x\n\n  z\n');
    assert.equal(written('  x\n  y\n  z\n', '    y\n', '\n'), '  x\n\n  z\n');
    assert.equal(written('x\ny\r\nz\r\n', 'y\n', '\n'), 'x\n\r\nz\r\n');
    assert.equal(written('x\r\ny\r\nz\r\n', 'y\n', '\n'), 'x\r\n\r\nz\r\n');
    // Part of a line is written as given.
    assert.equal(written('  x\n  yy\n  z\n', 'y\n', '\n'), '  x\n  y\n  z\n');
    // Without the line break it empties nothing: the line is deleted, as before.
    assert.equal(written('  x\n  y\n  z\n', 'y\n', ''), '  x\n  z\n');
  });
});

describe('a blank line of context at a chunk’s edge (left from the sixth hunt)', () => {
  const file = 'def f():\n    x = 0\n    a = 1\n    return x\n\ndef g():\n    y = 0\n\n    a = 1\n    return y\n';

  it('with an apply_patch anchor, it chooses among the places below it: the `a = 1` after a blank line, not the first', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@ def f():\n \n-    a = 1\n+    a = 2\n*** End Patch\n';
    assert.equal(answered(patch, 'a.py', file).after, file.replace('\n\n    a = 1', '\n\n    a = 2'));
  });

  it('without a hint the places stay ambiguous (a blank line alone is weak evidence), and with one that none or all places have, the hint decides as before', () => {
    const r = findMatch(file, '\n    a = 1');
    assert.equal(r.kind, 'ambiguous');
    const both = file.replace('    x = 0\n    a = 1', '    x = 0\n\n    a = 1');
    assert.equal(applyEdit(both, '\n    a = 1', '\n    a = 2', { hint: { after: 0 } }).content, both.replace('\n\n    a = 1\n    return x', '\n\n    a = 2\n    return x'));
  });
});
