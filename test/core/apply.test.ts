import assert from 'node:assert/strict';
import { applyEdit, EditError, findMatch, isEditError } from '../../src/core';

const code = (err: unknown) => (isEditError(err) ? err.code : String(err));

describe('applying: line endings, BOM, literal text, deletions', () => {
  it('a CRLF file stays CRLF, with an LF old and new text, and the BOM is kept', () => {
    const file = '\uFEFFone\r\n  two\r\n  three\r\n';
    const r = applyEdit(file, 'two\nthree', 'two\n2.5\nthree');
    assert.equal(r.matches[0].tier, 'indentation');
    assert.equal(r.content, '\uFEFFone\r\n  two\r\n  2.5\r\n  three\r\n');
  });
  it('an exact CRLF match writes the new text with CRLF', () => {
    const r = applyEdit('a\r\nb\r\nc\r\n', 'a\nb', 'x\ny');
    assert.equal(r.content, 'x\r\ny\r\nc\r\n');
    assert.equal(r.matches[0].tier, 'exact');
  });
  it('offsets count the BOM and the CRs, as TextDocument.positionAt expects', () => {
    const file = '\uFEFFa\r\nbb\r\nccc';
    const r = findMatch(file, 'ccc');
    assert.equal(r.kind, 'match');
    if (r.kind !== 'match') return;
    assert.equal(file.slice(r.match.start, r.match.end), 'ccc');
    assert.equal(r.match.startLine, 2);
    assert.equal(r.match.text, 'ccc');
  });
  it('$& and $1 in the new text are written as typed', () => {
    assert.equal(applyEdit('let a = 1;', 'a = 1', "a = '$&$1$$'").content, "let a = '$&$1$$';");
  });
  it('empty new text removes the whole lines, line breaks included', () => {
    assert.equal(applyEdit('a\n  b\n  c\nd\n', '  b\n  c', '').content, 'a\nd\n');
    assert.equal(applyEdit('a\nb', 'b', '').content, 'a');
    assert.equal(applyEdit('a\r\nb\r\nc', 'b', '').content, 'a\r\nc');
  });
  it('empty new text inside a line removes only the text', () => {
    assert.equal(applyEdit('f(a, b)', ', b', '').content, 'f(a)');
  });
  it('with reindent off, changed lines keep the indentation given; unchanged lines stay as in the file', () => {
    const r = applyEdit('    if (x) {\n        y();\n    }', 'if (x) {\n  y();\n}', 'if (x) {\n  z();\n}', { reindent: false });
    assert.equal(r.content, '    if (x) {\n  z();\n    }');
    const on = applyEdit('    if (x) {\n        y();\n    }', 'if (x) {\n  y();\n}', 'if (x) {\n  z();\n}');
    assert.equal(on.content, '    if (x) {\n        z();\n    }');
  });
  it('a tab-indented file gets tabs in re-indented new lines', () => {
    const r = applyEdit('class A {\n\tm() {\n\t\treturn 1;\n\t}\n}', 'm() {\n    return 1;\n}', 'm() {\n    const v = 1;\n    return v;\n}');
    assert.equal(r.content, 'class A {\n\tm() {\n\t\tconst v = 1;\n\t\treturn v;\n\t}\n}');
  });
  it('edits are reported as spans of the original text, in order', () => {
    const r = applyEdit('x1 y x2 y', 'y', 'z', { replaceAll: true });
    assert.deepEqual(r.edits.map((e) => [e.start, e.end, e.text]), [[3, 4, 'z'], [8, 9, 'z']]);
  });
});

describe('an old text sent as one JSON-escaped line', () => {
  const file = [
    'function greet(name) {',
    '  const message = "Hello, " + name;',
    '  console.log(message);',
    '  return message;',
    '}',
    '',
  ].join('\n');
  it('with a typo too: found by similarity on the unescaped lines, and the new text is unescaped the same way', () => {
    const old = 'function greet(name) {\\n  const mesage = \\"Hello, \\" + name;\\n  console.log(message);\\n  return message;\\n}';
    const neu = 'function greet(name) {\\n  const message = \\"Hi, \\" + name;\\n  console.log(message);\\n  return message;\\n}';
    const r = applyEdit(file, old, neu);
    assert.equal(r.content, file.replace('"Hello, "', '"Hi, "'));
    assert.equal(r.matches[0].needsReview, true, 'a similarity match waits for review');
    assert.match(r.matches[0].normalized.join(' '), /over-escaped/);
  });
  it('that resembles nothing in the file is still refused', () => {
    assert.equal(findMatch(file, 'class Cart {\\n  total() {\\n    return this.sum;\\n  }\\n}').kind, 'not_found');
  });
});

describe('what models wrap around an edit', () => {
  const file = ['export function save(path: string, config: Config): void {', '  const text = JSON.stringify(config);', '  write(path, text);', '}', ''].join('\n');
  it('a markdown code fence around old and new text is not code: dropped from both, found exactly', () => {
    const r = applyEdit(file, '```ts\n  const text = JSON.stringify(config);\n```', '```ts\n  const text = JSON.stringify(config, null, 2);\n```');
    assert.equal(r.content, file.replace('JSON.stringify(config)', 'JSON.stringify(config, null, 2)'));
    assert.equal(r.matches[0].tier, 'exact');
    assert.match(r.matches[0].normalized.join(' '), /code fence/);
  });
  it('a markdown file that has the fenced block keeps its fence (the fence is part of the old text there)', () => {
    const md = 'Example:\n\n```ts\nconst a = 1;\n```\n';
    const r = applyEdit(md, '```ts\nconst a = 1;\n```', '```js\nconst a = 1;\n```');
    assert.equal(r.content, 'Example:\n\n```js\nconst a = 1;\n```\n');
  });
  it('a signature, "// ... existing code ...", and the closing brace: the body is kept, the edit lands before the brace', () => {
    const r = applyEdit(
      file,
      'export function save(path: string, config: Config): void {\n  // [existing code]\n}',
      'export function save(path: string, config: Config): void {\n  // [existing code]\n  log(path);\n}',
    );
    assert.equal(r.content, file.replace('  write(path, text);\n}', '  write(path, text);\n  log(path);\n}'));
    assert.equal(r.matches[0].tier, 'elision');
    assert.equal(r.matches[0].needsReview, true);
  });
  it("old and new text written as a diff's two sides: the -/+ markers are dropped, never written", () => {
    const r = applyEdit(file, '-  const text = JSON.stringify(config);\n   write(path, text);', '+  const text = JSON.stringify(config, null, 2);\n   write(path, text);');
    assert.equal(r.content, file.replace('JSON.stringify(config)', 'JSON.stringify(config, null, 2)'));
    assert.match(r.matches[0].normalized.join(' '), /diff/);
  });
  it('a short first line and a brace around a marker anchor nothing: refused', () => {
    const code = 'if (a) {\n  one();\n}\nif (a) {\n  two();\n}\n';
    assert.notEqual(findMatch(code, 'if (a) {\n  // ...\n}').kind, 'match');
  });
});

describe('line breaks moved (a statement wrapped in the file, written on one line, or the reverse)', () => {
  const wrapped = 'function f(a, b) {\n  const total = compute(\n    a,\n    b,\n    { strict: true }\n  );\n  return total;\n}\n';
  it('one line for a wrapped call: found by the whitespace tier, and the file keeps its layout', () => {
    const r = applyEdit(wrapped, 'const total = compute(a, b, { strict: true });', 'const total = compute(a, b, { strict: false });');
    assert.equal(r.matches[0].tier, 'whitespace');
    assert.equal(r.content, wrapped.replace('strict: true', 'strict: false'));
  });
  it('the same in a CRLF file: CRLF throughout, no CR doubled', () => {
    const crlf = wrapped.replace(/\n/g, '\r\n');
    const r = applyEdit(crlf, 'const total = compute(a, b, { strict: true });', 'const total = compute(a, b, { strict: false });');
    assert.equal(r.content, crlf.replace('strict: true', 'strict: false'));
  });
  it('a wrapped old text for a one-line statement: the file stays on one line', () => {
    const one = 'function f(a, b) {\n  const total = compute(a, b, { strict: true });\n  return total;\n}\n';
    const r = applyEdit(one, 'const total = compute(\n  a,\n  b,\n  { strict: true }\n);', 'const total = compute(\n  a,\n  b,\n  { strict: false }\n);');
    assert.equal(r.content, one.replace('strict: true', 'strict: false'));
  });
  it('a joined line in a dedented old text: the rest of the new text is re-indented to the file, never written dedented', () => {
    const file = 'class A {\n  run() {\n    items.forEach(function (x) {\n      use(x);\n    });\n    done();\n  }\n}\n';
    const r = applyEdit(file, 'items.forEach(function (x) {use(x);\n});\ndone();', 'items.forEach(function (x) {use(x);\n});\ndone(true);');
    assert.equal(r.matches[0].tier, 'whitespace');
    assert.match(r.content, /\n {4}\}\);\n {4}done\(true\);\n/, r.content);
  });
  it('two places with the same statement differently wrapped: ambiguous, nothing changed', () => {
    const twice = wrapped + wrapped.replace('function f', 'function g');
    assert.equal(findMatch(twice, 'const total = compute(a, b, { strict: true });').kind, 'ambiguous');
  });
  it('different tokens (a trailing comma) are not a line-break difference', () => {
    const comma = wrapped.replace('{ strict: true }\n', '{ strict: true },\n');
    const r = findMatch(comma, 'const total = compute(a, b, { strict: true });');
    assert.notEqual(r.kind === 'match' && r.match.tier, 'whitespace');
  });
});

describe('bad input: a clear error, nothing changed', () => {
  const cases: Array<[string, () => unknown, string]> = [
    ['empty old text', () => applyEdit('abc', '', 'x'), 'invalid_input'],
    ['whitespace-only old text', () => applyEdit('abc', ' \n ', 'x'), 'invalid_input'],
    ['old equals new', () => applyEdit('abc', 'b', 'b'), 'invalid_input'],
    ['content not a string', () => applyEdit(undefined as unknown as string, 'b', 'c'), 'invalid_input'],
    ['old not a string', () => applyEdit('abc', 42 as unknown as string, 'c'), 'invalid_input'],
    ['new not a string', () => applyEdit('abc', 'b', null as unknown as string), 'invalid_input'],
    ['threshold 0.0 (the seed trap)', () => applyEdit('abc', 'b', 'c', { threshold: 0 }), 'invalid_input'],
    ['threshold not a number', () => applyEdit('abc', 'b', 'c', { threshold: 'high' as unknown as number }), 'invalid_input'],
    ['unknown tier', () => findMatch('abc', 'b', { tiers: ['exact', 'magic' as never] }), 'invalid_input'],
    ['old text over the size limit', () => findMatch('abc', 'x'.repeat(1024 * 1024 + 1)), 'too_large'],
  ];
  for (const [name, run, expected] of cases) {
    it(name, () => assert.throws(run, (err: unknown) => code(err) === expected && (err as Error).message.length > 20));
  }
  it('errors are EditError instances with a result for refusals', () => {
    try {
      applyEdit('a\na\n', 'a', 'b');
      assert.fail('should refuse');
    } catch (err) {
      assert.ok(err instanceof EditError);
      assert.equal(err.result?.kind, 'ambiguous');
    }
  });
  it('the work budget ends in too_large, never a hang', () => {
    const file = Array.from({ length: 3000 }, (_, i) => `value_${i % 7} = compute(value_${(i + 1) % 7}, ${i});`).join('\n');
    const old = Array.from({ length: 300 }, (_, i) => `value_${i % 7} = compute(value_${(i + 3) % 7}, ${i * 3});`).join('\n');
    assert.throws(() => findMatch(file, old, { budget: 10_000 }), (err: unknown) => code(err) === 'too_large');
  });
});

describe('diagnostics a person or a model can act on', () => {
  const file = 'function total(items) {\n  let sum = 0;\n  for (const it of items) sum += it.price;\n  return sum;\n}\n';
  it('not_found names the tiers tried and the closest place with its first difference', () => {
    const old = 'function total(items) {\n  let sum = 1;\n  for (const item of list) sum -= item.cost;\n  return sum * 2;\n}';
    const r = findMatch(file, old);
    assert.equal(r.kind, 'not_found');
    if (r.kind !== 'not_found') return;
    assert.ok(r.tried.includes('similarity') && r.tried[0] === 'exact');
    assert.equal(r.closest?.startLine, 0);
    assert.equal(r.closest?.firstDifference?.line, 1);
    assert.equal(r.closest?.firstDifference?.actual, 'let sum = 0;');
    assert.throws(() => applyEdit(file, old, 'x'), /closest place is lines 1–5, \d+% similar.*First difference at line 2/);
  });
  it('ambiguous lists every candidate line range', () => {
    assert.throws(() => applyEdit('a();\nb();\na();\n', 'a();', 'c();'), /matches 2 places \(exact tier\): line 1, line 3/);
  });
  it('already_applied says where the new text stands', () => {
    const applied = file.replace('let sum = 0;', 'let sum = startingTotal;');
    assert.throws(() => applyEdit(applied, 'let sum = 0;', 'let sum = startingTotal;'), /applied already.*line 2/);
  });
});

describe('applyEdit: the engine’s own last checks (src/core/engine.ts)', () => {
  it('occurrences of replaceAll that overlap once their line breaks are included are refused, nothing changed', () => {
    // Deleting both lines of `x\nx`: the last line takes the line break before it, which the first one takes too.
    assert.throws(() => applyEdit('x\nx', 'x', '', { replaceAll: true }), (err: unknown) => code(err) === 'ambiguous' && /overlap once line breaks are included/.test((err as Error).message));
    assert.equal(applyEdit('a\nx\nb\nx', 'x', '', { replaceAll: true }).content, 'a\nb', 'apart, both lines go');
    assert.equal(applyEdit('x\nx\n', 'x', '', { replaceAll: true }).content, '', 'one line after the other: touching, not overlapping');
  });

  it('a place found where writing the edit would change nothing is refused, never reported applied', () => {
    // The indentation tier finds `x` / `a`; the new text, re-indented to the file, is the file's text already.
    assert.throws(() => applyEdit('x\n  a\ny\n', 'x\na', 'x\n  a'), (err: unknown) => code(err) === 'merge_conflict' && /would change nothing/.test((err as Error).message));
  });

  it('old and new text that differ only in blank lines no match includes: refused as such, not as a conflict', () => {
    const blankEdges = (err: unknown) => code(err) === 'invalid_input' && /differ only in blank lines at their start or end/.test((err as Error).message);
    assert.throws(() => applyEdit('w\nx\n  a\ny\n', '\n  \n\t\nx\na', 'x\na'), blankEdges, 'blank lines before, spaces and tabs in them');
    assert.throws(() => applyEdit('w\nx\n  a\ny\n', 'x\na\n  \n\n', 'x\na'), blankEdges, 'blank lines after');
    assert.throws(() => applyEdit('w\nx\n  a\ny\n', 'x\na', 'x\n  a'), (err: unknown) => code(err) === 'merge_conflict', 'indentation is no blank line');
  });

  it('replacement is the text written in place of the first match; the diff is that change', () => {
    const r = applyEdit('a b a\n', 'a', 'c', { replaceAll: true });
    assert.equal(r.content, 'c b c\n');
    assert.equal(r.replacement, 'c');
    assert.deepEqual(r.edits.map((e) => [e.start, e.end, e.text]), [
      [0, 1, 'c'],
      [4, 5, 'c'],
    ]);
    assert.equal(r.diff, '@@ -1,1 +1,1 @@\n-a b a\n+c b c');
  });

  it('reindent: false writes the new lines with the indentation given', () => {
    const file = '  if (x) {\n    y();\n  }\n';
    assert.equal(applyEdit(file, 'if (x) {\ny();\n}', 'if (x) {\ny();\nz();\n}').content, '  if (x) {\n    y();\n    z();\n  }\n');
    assert.equal(applyEdit(file, 'if (x) {\ny();\n}', 'if (x) {\ny();\nz();\n}', { reindent: false }).content, '  if (x) {\n    y();\nz();\n  }\n');
  });
});
