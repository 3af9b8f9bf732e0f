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
    assert.equal(tryMergeInto("x 'a'", "y 'a'", 'x ‘a’'), undefined, "' stands for ‘ and for ’: no one form to write");
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
