// The elision tier (src/core/tiers/elision.ts), directly: which lines are markers, how much evidence anchors the
// pieces between them, and which file lines a marker keeps — the blank lines next to it included.
import assert from 'node:assert/strict';
import { applyEdit, findMatch, isEditError, type FindResult } from '../../../src/core';
import { Budget, DEFAULT_BUDGET } from '../../../src/core/budget';
import { SourceText } from '../../../src/core/document';
import { Needle } from '../../../src/core/needle';
import { elisionTier, isElisionMarker } from '../../../src/core/tiers/elision';

const ELIDED = ['elided lines (… existing code …)', 'whitespace'];

const outcome = (content: string, old: string, nw: string) => {
  try {
    const r = applyEdit(content, old, nw);
    return { tier: r.matches[0].tier, content: r.content };
  } catch (err) {
    if (!isEditError(err)) throw err;
    return { refused: err.code };
  }
};
const tierOf = (r: FindResult) => (r.kind === 'match' ? r.match.tier : r.kind);
const find = (content: string, old: string) =>
  elisionTier.find({ doc: new SourceText(content), needle: new Needle(old), threshold: 0.85, budget: new Budget(DEFAULT_BUDGET) });

describe('elision: which lines are markers', () => {
  const markers = [
    '// ... setup ...', // words between the dots
    '// ... more setup ...', // several words
    '/* ... setup ... */', // space between the closing dots and the comment's end
    '/** ... */', // a doc comment's opener
    '/* ... **/', // …and a closer with more stars
    ';; ...', // Lisp
    '## ...', // Markdown and shell, doubled
    '/// ...', // a triple slash
    '// ...more', // dots glued to a word inside a comment are no spread
    '...rest of the code...', // a bare one with words that merely start like a spread
    '// existing code', // a phrase, no dots
    '//existing code', // a phrase right after the comment's opener
    '// existing code ...', // a phrase with closing dots
    '// ... [existing code]', // dots, then a bracketed phrase
    '// [existing code] ...', // a bracketed phrase, then dots
    '// [ existing code ]', // spaces inside the brackets
    '/* existing code ... */',
    '/* existing code **/',
    '/** existing code */',
    '## existing code',
    '/// existing code',
    '// ... ' + 'x'.repeat(73), // 80 characters: still a marker
  ];
  for (const line of markers) it(`${JSON.stringify(line)} is a marker`, () => assert.equal(isElisionMarker(line), true));

  const code = [
    'foo(a, ...)', // dots inside a call are code
    '...items.filter(Boolean),', // a spread of an expression
    '...rest', // a spread without a comma (the last entry of an object)
    'return x; // unchanged', // code with a comment that merely says "unchanged"
    '// previous value: cache.get(key)', // a comment that says something else
    '// ... ' + 'x'.repeat(74), // 81 characters: a sentence, not a marker
  ];
  for (const line of code) it(`${JSON.stringify(line)} is code`, () => assert.equal(isElisionMarker(line), false));
});

describe('elision: evidence enough to anchor the pieces', () => {
  const FILE = 'function boot() {\n  init();\n\n\n  configure();\n  prepare();\n\n\n  run();\n}\n';

  it('an old text without a marker is not this tier’s (the lossless tiers answer it)', () => {
    assert.deepEqual(find(FILE, '  configure();\n  prepare();'), []);
  });

  it('one short meaningful line is too little to anchor on; none at all, nothing', () => {
    assert.equal(tierOf(findMatch(FILE, '  init();\n  // ...\n}', { tiers: ['elision'] })), 'not_found');
    assert.equal(tierOf(findMatch(FILE, '  }\n  // ...\n}', { tiers: ['elision'] })), 'not_found');
    assert.equal(tierOf(findMatch(FILE, '// ... existing code ...', { tiers: ['elision'] })), 'not_found');
  });

  it('one meaningful line of 24 characters anchors; of 23 it does not', () => {
    // `}` is no evidence: the head line alone must be distinctive.
    const file = (head: string) => `${head}\n  init();\n}\n`;
    const at = (n: string) => findMatch(file(n), `${n}\n  // ...\n}`, { tiers: ['elision'] });
    assert.equal(tierOf(at('x'.repeat(24))), 'elision');
    assert.equal(tierOf(at('x'.repeat(23))), 'not_found');
  });

  it('a marker at the very start elides nothing anchored: the rest is found by this tier', () => {
    const r = findMatch(FILE, '// ... existing code ...\n  configure();\n  prepare();');
    assert.equal(tierOf(r), 'elision');
    if (r.kind === 'match') assert.deepEqual([r.match.startLine, r.match.endLine, r.match.normalized], [4, 5, ELIDED]);
  });
});

describe('elision: what each marker keeps', () => {
  const FILE = 'function boot() {\n  init();\n\n\n  configure();\n  prepare();\n\n\n  run();\n}\n';

  it('a marker standing for no line at all: the pieces are next to each other', () => {
    assert.deepEqual(outcome(FILE, '  configure();\n  // ... existing code ...\n  prepare();', '  configure(1);\n  // ... existing code ...\n  prepare(2);'), {
      tier: 'elision',
      content: FILE.replace('configure()', 'configure(1)').replace('prepare()', 'prepare(2)'),
    });
  });

  it('two markers in a row (or with a blank line between) keep the lines once', () => {
    const expected = { tier: 'elision', content: FILE.replace('init()', 'init(1)').replace('run()', 'run(3)') };
    assert.deepEqual(outcome(FILE, '  init();\n  // ...\n  // ...\n  run();\n}', '  init(1);\n  // ...\n  // ...\n  run(3);\n}'), expected);
    assert.deepEqual(outcome(FILE, '  init();\n  // ...\n\n  // ...\n  run();\n}', '  init(1);\n  // ...\n\n  // ...\n  run(3);\n}'), expected);
  });

  it('blank lines the old text has next to a marker are its own; the file’s other blank lines stay elided', () => {
    const expected = { tier: 'elision', content: FILE.replace('init()', 'init(1)').replace('run()', 'run(2)') };
    assert.deepEqual(outcome(FILE, '  init();\n\n  // ...\n\n  run();', '  init(1);\n\n  // ...\n\n  run(2);'), expected);
    assert.deepEqual(outcome(FILE, '  init();\n  // ...\n  run();', '  init(1);\n  // ...\n  run(2);'), expected);
  });

  it('a blank line the old text has next to a marker can be dropped by the new text', () => {
    const r = outcome(FILE, '  init();\n\n  // ...\n\n  run();', '  init(1);\n  // ...\n  run(2);');
    assert.deepEqual(r, { tier: 'elision', content: 'function boot() {\n  init(1);\n\n  configure();\n  prepare();\n\n  run(2);\n}\n' });
  });

  it('a piece that starts with a blank line after the marker: its lines are paired from its first non-blank line', () => {
    const r = outcome(FILE, 'function boot() {\n  // ...\n\n  configure();\n  prepare();', 'function boot() {\n  // ...\n\n  configure(1);\n  prepare();');
    assert.deepEqual(r, { tier: 'elision', content: FILE.replace('configure()', 'configure(1)') });
  });

  it('a blank line inside a piece that the file does not have is no difference', () => {
    const r = outcome(FILE, '  configure();\n\n  prepare();\n  // ...\n  run();', '  configure(1);\n\n  prepare();\n  // ...\n  run(2);');
    assert.deepEqual(r, { tier: 'elision', content: FILE.replace('configure()', 'configure(1)').replace('run()', 'run(2)') });
  });

  it('three markers in a row around an added line: the lines are kept at the marker next to the piece after', () => {
    // The old text's markers stand for one run of lines; the run is kept where the last of them stands.
    const r = outcome(FILE, '  init();\n  // ...\n  // ...\n  run();', '  init(1);\n  // ...\n  added();\n  // ...\n  run(2);');
    assert.deepEqual(r, { tier: 'elision', content: FILE.replace('init();', 'init(1);\n  added();').replace('run()', 'run(2)') });
  });

  it('an old text sent as one JSON-escaped line is read unescaped, markers and all', () => {
    const esc = (s: string) => s.replace(/\n/g, '\\n');
    const r = outcome(FILE, esc('function boot() {\n  // ...\n  run();\n}'), esc('function boot() {\n  // ...\n  run(1);\n}'));
    assert.deepEqual(r, { tier: 'elision', content: FILE.replace('run()', 'run(1)') });
  });

  it('a piece whose rarest line comes after a line the piece before ends on: never the same file line twice', () => {
    // The piece after the marker anchors on `zetaLongerName();`; its own `initialise();` must come after the
    // piece before, not be the file's one call again (which the edit would then write twice).
    const file = 'function f() {\n  alpha();\n  initialise();\n  zetaLongerName();\n}\n';
    const old = 'function f() {\n  alpha();\n  initialise();\n  // ...\n  initialise();\n  zetaLongerName();\n}';
    const r = outcome(file, old, old.replace('  initialise();\n  zeta', '  initialise(2);\n  zeta'));
    assert.deepEqual(r, { refused: 'not_found' });
    // …while the same old text finds a function that has both calls.
    const both = file.replace('  initialise();\n', '  initialise();\n  configure();\n  initialise();\n');
    assert.deepEqual(outcome(both, old, old.replace('  initialise();\n  zeta', '  initialise(2);\n  zeta')), {
      tier: 'elision',
      content: both.replace('  initialise();\n  zeta', '  initialise(2);\n  zeta'),
    });
  });

  it('a whole function with an inner block: the closing brace is the one that ends the head’s block', () => {
    // The nearest `}` after the head is the inner block's; the function's own is the first line after the head
    // that is not indented deeper than it.
    const file = 'function computeTotals(items) {\n  const sum = 0;\n  if (items) {\n    go();\n  }\n  return sum;\n}\n';
    const r = findMatch(file, 'function computeTotals(items) {\n  // ...\n}', { tiers: ['elision'] });
    assert.deepEqual(r.kind === 'match' && [r.match.startLine, r.match.endLine], [0, 6]);
    const edited = outcome(file, 'function computeTotals(items) {\n  // ...\n}', 'function computeTotals(items) {\n  // ...\n  log(sum);\n}');
    assert.deepEqual(edited, { tier: 'elision', content: file.replace('  return sum;\n', '  return sum;\n  log(sum);\n') });
  });

  it('a whole function with an inner block and a blank line in its body: a blank line ends no block', () => {
    const file = 'function computeTotals(items) {\n  const sum = 0;\n  if (items) {\n    go();\n  }\n\n  return sum;\n}\n';
    const r = findMatch(file, 'function computeTotals(items) {\n  // ...\n}', { tiers: ['elision'] });
    assert.deepEqual(r.kind === 'match' && [r.match.startLine, r.match.endLine], [0, 7]);
  });

  it('a whole function through two markers: the middle piece stays paired where it stands, the closing brace moves to the block end', () => {
    const file = 'function computeTotals(items) {\n  const sum = 0;\n  if (items) {\n    go();\n  }\n  tally(sum);\n  return sum;\n}\n';
    // The middle piece stands before the inner block, so the nearest `}` after it is the inner block's.
    const old = 'function computeTotals(items) {\n  // ...\n  const sum = 0;\n  // ...\n}';
    const r = findMatch(file, old, { tiers: ['elision'] });
    assert.deepEqual(r.kind === 'match' && [r.match.startLine, r.match.endLine], [0, 7]);
    const edited = outcome(file, old, 'function computeTotals(items) {\n  // ...\n  const sum = 1;\n  // ...\n}');
    assert.deepEqual(edited, { tier: 'elision', content: file.replace('const sum = 0;', 'const sum = 1;') });
  });

  it('one piece (a marker at the start only) whose nearest place breaks the indentation: the next place is found', () => {
    // Its nearest place, lines 0–1, is flat; the next, 1–2, keeps the indentation. With one piece there is no
    // closing piece to move to the end of a block.
    const line = 'prepareAll(items);';
    const r = findMatch(`${line}\n${line}\n  ${line}\n`, `// ...\n${line}\n  ${line}`, { tiers: ['elision'] });
    assert.deepEqual(r.kind === 'match' && [r.match.startLine, r.match.endLine], [1, 2]);
  });

  it('a lone closing brace never latches onto an inner block’s brace, nor onto one past the head’s block', () => {
    // The function's `}` indented like its body: its block ends at the next function, which is no `}`. Refused,
    // never a span that ends inside the function or in the next one.
    const file = 'function computeTotals(items) {\n  const sum = 0;\n  if (items) {\n    go();\n  }\n  return sum;\n  }\nfunction other() {\n  run();\n}\n';
    assert.equal(tierOf(findMatch(file, 'function computeTotals(items) {\n  // ...\n}', { tiers: ['elision'] })), 'not_found');
    // The head's block ends at `} else {`: that is no closing `}` either.
    const branches = 'function f() {\n  if (ready) {\n    if (x) {\n      go();\n    }\n  } else {\n    no();\n  }\n}\n';
    assert.equal(tierOf(findMatch(branches, '  if (ready) {\n    // ...\n  }', { tiers: ['elision'] })), 'not_found');
    // A head whose block ends at the outer block's `}` (its own is missing): indented less than the head in the
    // file, as deep in the old text; the relative indentation refuses it.
    const unclosed = 'function outer() {\n  if (ready) {\n    go();\n}\n';
    assert.equal(tierOf(findMatch(unclosed, '  if (ready) {\n    // ...\n  }', { tiers: ['elision'] })), 'not_found');
    // A piece between them found only past the head's block (`mid();` in the next function): the head's `}` comes
    // before it, so it is no end for this chain.
    const apart = 'function a() {\n  if (x) {\n    go();\n  }\n}\nfunction b() {\n  mid();\n    }\n';
    assert.equal(tierOf(findMatch(apart, 'function a() {\n  // ...\n  mid();\n  // ...\n}', { tiers: ['elision'] })), 'not_found');
  });

  it('the file lines each marker stands for: the blank lines the old text has next to it are its own', () => {
    // [old line, file line] pairs, then marker → [first, last] elided file line.
    const ranges = (old: string) => find(FILE, old).map((c) => [[...c.window!.pairs], [...c.window!.elided!]]);
    assert.deepEqual(ranges('  init();\n\n  // ...\n\n  run();'), [[[[0, 1], [4, 8]], [[2, [3, 6]]]]]);
    assert.deepEqual(ranges('  init();\n  // ...\n  run();'), [[[[0, 1], [2, 8]], [[1, [2, 7]]]]]);
    // More blank lines in the old text than in the file: only the file's are stepped over.
    assert.deepEqual(ranges('  init();\n\n\n\n  // ...\n  run();'), [[[[0, 1], [5, 8]], [[4, [4, 7]]]]]);
    assert.deepEqual(ranges('  init();\n  // ...\n\n\n\n  run();'), [[[[0, 1], [5, 8]], [[1, [2, 5]]]]]);
    // A piece that starts with a blank line: its lines count from the marker, the blank one included.
    assert.deepEqual(ranges('function boot() {\n  // ...\n\n  configure();\n  prepare();'), [[[[0, 0], [3, 4], [4, 5]], [[1, [1, 2]]]]]);
  });

  it('heads that all chain to one tail: the nearest is the place, and the match says how many stood before', () => {
    // Three methods call `this.save();`; only the last is followed by the tail. Each head chains to that tail.
    const methods = ['load', 'store', 'flush'].map((name) => `  ${name}() {\n    this.save();\n    this.${name}Count++;\n  }`);
    const file = `class Cache {\n${methods.join('\n')}\n  finish() {\n    this.closeAllHandles();\n  }\n}\n`;
    const old = '    this.save();\n    // ...\n    this.closeAllHandles();';
    const found = find(file, old);
    assert.equal(found.length, 1);
    const [c] = found;
    assert.deepEqual([c.window!.startLine, c.window!.endLine], [10, 14], 'the head in flush(), not the first one');
    assert.deepEqual(c.normalized, [...ELIDED, 'the nearest of 3 places its first lines stand before the rest']);
  });

  it('a match by this tier names the markers and is reviewed', () => {
    const r = findMatch(FILE, 'function boot() {\n  // ... existing code ...\n  run();\n}');
    assert.equal(r.kind, 'match');
    if (r.kind === 'match') assert.deepEqual([r.match.tier, r.match.normalized, r.match.needsReview], ['elision', ELIDED, true]);
  });
});

describe('elision: an old text of hundreds of pieces pays for its scans', () => {
  it('400 pieces between markers on 100,000 lines: refused as too large (each piece scans the whole file)', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `    const value${i} = computeSomething(${i});`);
    const old = Array.from({ length: 400 }, (_, k) => [lines[k * 200].trim(), '// ... existing code ...']).flat().slice(0, -1).join('\n');
    assert.throws(() => findMatch(lines.join('\n'), old), (e: Error & { code?: string }) => e.code === 'too_large');
    // A few pieces are found as before (each piece's word stands on every line: each compares 100,000 lines).
    const few = Array.from({ length: 10 }, (_, k) => [lines[k * 200].trim(), '// ... existing code ...']).flat().slice(0, -1).join('\n');
    assert.equal(findMatch(lines.join('\n'), few).kind, 'match');
  });
});
