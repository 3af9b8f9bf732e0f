import { strict as assert } from 'node:assert';
import { mapChars, mergeInto, tryMergeInto, typographicMap } from '../../src/core/charMerge';
import { SourceText } from '../../src/core/document';
import { LinePairs } from '../../src/core/linePairs';
import { applyEdit } from '../../src/core';

// One changed line merged character by character: the file's differences from the old text are carried into the
// new text only where the edit left them alone and they can be placed exactly (src/core/charMerge.ts).
describe('charMerge: tryMergeInto', () => {
  it('carries a difference the edit left alone (a typo fixed in the file) into the new text', () => {
    assert.equal(tryMergeInto('const colr = 1; f(x);', 'const colr = 1; f(y);', 'const color = 1; f(x);'), 'const color = 1; f(y);');
    assert.equal(tryMergeInto('f(a)\ng(b)', 'f(a)\ng(c)', 'f(a)\n\ng(b)'), 'f(a)\n\ng(c)', 'a blank line the file has');
  });

  it('the new text as written when the old text is the file’s', () => {
    assert.equal(tryMergeInto('a = 1;', 'a = 2;', 'a = 1;'), 'a = 2;');
  });

  it('gives up (undefined; mergeInto: the new text as written) where the difference meets the edit', () => {
    assert.equal(tryMergeInto('const colr = 1;', 'const colour = 1;', 'const color = 1;'), undefined);
    assert.equal(mergeInto('const colr = 1;', 'const colour = 1;', 'const color = 1;'), 'const colour = 1;');
    assert.equal(tryMergeInto('f(a,b)', 'f(a,b,c)', 'f(a, b)'), undefined, 'a space next to the inserted text');
    // The file has one dash more, the edit takes three away: the two changes are not independent.
    assert.equal(tryMergeInto('|----------|', '|-------|', '|-----------|'), undefined);
  });

  it('a file that lacks the old text’s last character: a removal at the very end is read like any other', () => {
    assert.equal(tryMergeInto('ab;', 'zb;', 'ab'), undefined);
  });

  it('gives up where the difference’s context stands more than once in the new text', () => {
    assert.equal(tryMergeInto('pick(colr)', 'pick(colr); pick(colr); pick(colr)', 'pick(color)'), undefined);
  });

  it('a typographic character gets the file’s form where the edit kept it, not where the edit added the same character', () => {
    assert.equal(tryMergeInto('say "hi"', 'say "hi" and "bye"', 'say “hi”'), 'say “hi” and "bye"', '" is “ once and ” once: mapped two ways, left alone');
    assert.equal(tryMergeInto('a -- b', 'a -- b -- c', 'a — b'), 'a — b -- c');
  });

  it('a typographic character is mapped wherever it stands, when it has one form in the file', () => {
    assert.equal(tryMergeInto('f(“a”)', 'g(“a”)', 'f("a")'), 'g("a")');
    assert.equal(tryMergeInto('f(“a”) + 1', 'f(“ab”) + 1', 'f("a") + 1'), 'f("ab") + 1', 'the closing quote next to the inserted text too');
    // `'` stands for ‘ and for ’: no one form to map it to, but each quote the edit left alone is placed where it stands.
    assert.equal(tryMergeInto("x 'a'", "y 'a'", 'x ‘a’'), 'y ‘a’');
  });

  it('a quote the edit removed at the very start of the text is not written anywhere (the new text is written whole)', () => {
    // The context of the difference stands nowhere in the new text: it once "matched" at index -1 + 0, and the
    // file's quote was spliced over the end of the new text (`hello worl"hello”world`).
    assert.equal(tryMergeInto('“hello” world', 'hello world', '"hello" world'), 'hello world');
    assert.equal(tryMergeInto('“a”, b', 'a, b', '"a", b'), 'a, b');
  });

  it('applyEdit: an old text with curly quotes, new text without them, in a file with straight ones, writes just the change', () => {
    const r = applyEdit('x("hello", world);\n', '“hello”, world', 'hello, world');
    assert.equal(r.content, 'x(hello, world);\n');
    assert.equal(r.matches[0].tier, 'unicode');
  });
});

describe('charMerge: typographicMap and mapChars', () => {
  const map = (file: string, old: string[]) => [...typographicMap(new SourceText(file), LinePairs.from(old.map((_, j) => [j, j] as [number, number])), old)];

  it('learns the file’s character for each typographic one the old text had', () => {
    assert.deepEqual(map('s = "—"\n', ['s = “-”']), [
      ['“', '"'],
      ['-', '—'],
      ['”', '"'],
    ]);
  });

  it('a dash the chat UI made of `--` is one character for the file’s two', () => {
    assert.deepEqual(map('run --force\n', ['run —force']), [['—', '--']]);
  });

  it('evidence for an opening quote is evidence for its closing mate (and back)', () => {
    assert.deepEqual(map('a "b c\n', ['a “b c']), [
      ['“', '"'],
      ['”', '"'],
    ]);
    assert.deepEqual(map('a b" c\n', ['a b” c']), [
      ['”', '"'],
      ['“', '"'],
    ]);
  });

  it('a character the file has in two forms is mapped to neither; lines without typographic characters teach nothing', () => {
    assert.deepEqual(map('a "b"\n', ['a “b”']).length, 2, 'both quotes to the straight one');
    assert.deepEqual(map('a “b”\n', ['a "b"']), [], '" would be “ and ”');
    assert.deepEqual(map('a x b\n', ['a y b']), []);
    assert.deepEqual(map('a -b\n', ['a —b']), [['—', '-']]);
    assert.deepEqual(map('a -b\nc ‒d\n', ['a —b', 'c —d']), [], '— would be - and ‒');
  });

  it('mapChars puts the mapped characters in, and leaves a line alone with an empty map', () => {
    assert.equal(mapChars('a"b"', new Map([['"', '“']])), 'a“b“');
    assert.equal(mapChars('a"b', new Map()), 'a"b');
  });
});

describe('charMerge: where a difference lands next to the edit', () => {
  it('a difference after the edit is placed by the six characters before it, not by the whole line before it', () => {
    assert.equal(tryMergeInto('f(x); const colr = 1;', 'f(y); const colr = 1;', 'f(x); const color = 1;'), 'f(y); const color = 1;');
  });

  it('a character the file adds at the very end (a semicolon) is carried over', () => {
    assert.equal(tryMergeInto('x = f(a)', 'y = f(a)', 'x = f(a);'), 'y = f(a);');
  });

  it('a line break the file has is placed by the one side the edit left alone, its nearest six characters', () => {
    // The edit changed both ends of the line: `f(x)` far left and `g(2)` right after the break.
    assert.equal(tryMergeInto('f(x); call(1); g(2);', 'f(y); call(1); g(3);', 'f(x); call(1);\ng(2);'), 'f(y); call(1);\ng(3);');
    assert.equal(tryMergeInto('f(2); call(1); g(x);', 'f(3); call(1); g(y);', 'f(2);\ncall(1); g(x);'), 'f(3);\ncall(1); g(y);');
  });

  it('a character the file replaced by a line break, next to text the edit changed, is not placed by one side', () => {
    // Only whitespace is placed by one side: `X` turned into a break is a change of its own, written as given.
    assert.equal(tryMergeInto('f(a);X g(b);', 'f(a);X g(c);', 'f(a);\n g(b);'), undefined);
  });

  it('a line break the file has where the edit inserted or removed text is not placed (which side of it?)', () => {
    assert.equal(tryMergeInto('x = colr;', 'x = colr1;', 'x = colr\n;'), undefined, 'the edit inserts `1` where the file breaks');
    assert.equal(tryMergeInto('f(a); g(b);', 'f(a); Xg(b);', 'f(a);\ng(b);'), undefined, 'the edit inserts right after the space the file broke');
    assert.equal(tryMergeInto('a(1); Xb(2);', 'a(1); b(2);', 'a(1);\nXb(2);'), undefined, 'the edit removes right after the space the file broke');
  });

  it('a run of two typographic characters is not one character swapped: the new text is written as given', () => {
    assert.equal(tryMergeInto('x = “”;', 'y = “”;', 'x = "";'), undefined);
  });
});

describe('charMerge: what typographicMap learns, and what it does not', () => {
  const map = (file: string, old: string[]) => [...typographicMap(new SourceText(file), LinePairs.from(old.map((_, j) => [j, j] as [number, number])), old)];

  it('single quotes are curled together too: evidence for ‘ is evidence for ’', () => {
    assert.deepEqual(map("a 'b c\n", ['a ‘b c']), [
      ['‘', "'"],
      ['’', "'"],
    ]);
    assert.deepEqual(map("a b' c\n", ['a b’ c']), [
      ['’', "'"],
      ['‘', "'"],
    ]);
  });

  it('a different indentation does not hide a typographic character at the start of the line', () => {
    assert.deepEqual(map('-b\n', ['  —b']), [['—', '-']]);
    assert.deepEqual(map('  -b\n', ['—b']), [['—', '-']]);
  });

  it('a file line that lacks the old line’s last character still teaches its quotes', () => {
    assert.deepEqual(map('"b" c\n', ['“b” c;']), [
      ['“', '"'],
      ['”', '"'],
    ]);
  });

  it('only a substitution teaches: a quote the file adds, or a run that differs in more than typography, teaches nothing', () => {
    assert.deepEqual(map('"“a\n', ['"a']), []);
    assert.deepEqual(map('a "xb\n', ['a “b']), []);
    assert.deepEqual(map('a "y\n', ['a “x']), []);
    assert.deepEqual(map('a --b "c"\n', ['a xb “c”']), [
      ['“', '"'],
      ['”', '"'],
    ], '`x` for `--` is no dash');
  });

  it('two dashes for the file’s two hyphens are paired one by one', () => {
    assert.deepEqual(map('a -- b\n', ['a —— b']), [['—', '-']]);
  });

  it('a mate already learned, or learned two ways, keeps what the file showed; a mate is only mapped to its own ASCII form', () => {
    assert.deepEqual(map('a "b“\n', ['a “b”']), [
      ['“', '"'],
      ['”', '“'],
    ]);
    assert.deepEqual(map('a "b"\nc d“\n', ['a “b”', 'c d”']), [['“', '"']]);
    assert.deepEqual(map('a „b\n', ['a “b']), [['“', '„']]);
  });
});

describe('charMerge: lines too long and too different to diff within the bound', () => {
  it('a file line differing from the old one all along: no difference is placed (undefined), quickly', () => {
    const old = 'ab'.repeat(20_000);
    const file = 'ba'.repeat(20_000);
    assert.equal(tryMergeInto(old, old + ';', file), undefined);
  });

  it('a long line with one curled quote: merged as a short one is (the difference is small)', () => {
    const short = mergeInto(`f('a') + x`, `g('a') + x`, `f(\u2018a') + x`);
    const tail = ' + x'.repeat(5000);
    assert.ok(mergeInto(`f('a')${tail}`, `g('a')${tail}`, `f(\u2018a')${tail}`) === short.replace(' + x', tail));
  });
});
