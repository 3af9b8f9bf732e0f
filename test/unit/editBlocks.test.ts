import { deepStrictEqual, ok, strictEqual } from 'node:assert';
import { editBlocks, editBlocksOf } from '../../src/extension/review/editBlocks';

const lines = (...l: string[]) => l;

describe('edit blocks of a chat answer (editBlocks, for the "Apply to" CodeLens)', () => {
  it('a fenced SEARCH/REPLACE block with its path line before the fence, and a fenced bare block', () => {
    const doc = lines('Here:', 'src/cart.ts', '```ts', '<<<<<<< SEARCH', 'a();', '=======', 'b();', '>>>>>>> REPLACE', '```', '', '```ts', 'const x = 1;', '```');
    const { edits, bare } = editBlocks(doc);
    strictEqual(edits.length, 1);
    strictEqual(edits[0].line, 2);
    deepStrictEqual(edits[0].request.edits.map((e) => [e.path, e.oldString, e.newString]), [['src/cart.ts', 'a();', 'b();']]);
    deepStrictEqual(bare.map((b) => b.line), [10]);
  });

  it('unfenced: each SEARCH/REPLACE block (with the path line above it), an apply_patch block and a unified diff', () => {
    const doc = lines(
      'Some prose.',
      'src/a.ts',
      '<<<<<<< SEARCH',
      'x',
      '=======',
      'y',
      '>>>>>>> REPLACE',
      'src/b.ts',
      '<<<<<<< SEARCH',
      'p',
      '=======',
      'q',
      '>>>>>>> REPLACE',
      '',
      '*** Begin Patch',
      '*** Update File: src/c.ts',
      '@@',
      '-old',
      '+new',
      '*** End Patch',
      '',
      '--- a/src/d.ts',
      '+++ b/src/d.ts',
      '@@ -1,2 +1,2 @@',
      ' keep',
      '-gone',
      '+here',
      '',
      '- a list item, prose again',
    );
    const { edits } = editBlocks(doc);
    deepStrictEqual(edits.map((b) => [b.line, b.request.format, b.request.edits[0]?.path]), [
      [1, 'search-replace', 'src/a.ts'],
      [7, 'search-replace', 'src/b.ts'],
      [14, 'apply-patch', 'src/c.ts'],
      [21, 'unified-diff', 'src/d.ts'],
    ]);
    deepStrictEqual(edits[3].request.edits.map((e) => [e.oldString, e.newString]), [['keep\ngone', 'keep\nhere']]);
  });

  it('a broken block gets no lens; a SEARCH without REPLACE is passed over', () => {
    strictEqual(editBlocks(lines('<<<<<<< SEARCH', 'a', '>>>>>>> REPLACE')).edits.length, 0);
    strictEqual(editBlocks(lines('<<<<<<< SEARCH', 'a', '=======')).edits.length, 0);
  });

  it('many unclosed openers are read in one pass: each line is looked at a bounded number of times', () => {
    for (const opener of ['<<<<<<< SEARCH', '*** Begin Patch']) {
      const n = 2000;
      let reads = 0;
      const doc = new Proxy(Array.from({ length: n }, () => opener), {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      });
      strictEqual(editBlocks(doc).edits.length, 0);
      ok(reads < 20 * n, `${opener}: ${reads} line reads for ${n} lines`);
    }
  });
});

describe('edit blocks of a document (editBlocksOf: a quick look for markers first)', () => {
  const samples = [
    ['```ts', 'const x = 1;', '```'],
    ['~~~', 'const x = 1;', '~~~'],
    ['<<<<<<< SEARCH', 'a', '=======', 'b', '>>>>>>> REPLACE'],
    ['------- SEARCH', 'a', '=======', 'b', '+++++++ REPLACE'],
    ['*** Begin Patch', '*** Update File: a.ts', '@@', '-a', '+b', '*** End Patch'],
    ['--- a/x.ts', '+++ b/x.ts', '@@ -1 +1 @@', '-a', '+b'],
    ['diff --git a/x.ts b/x.ts', '--- a/x.ts', '+++ b/x.ts', '@@ -1 +1 @@', '-a', '+b'],
  ];

  it('finds what editBlocks finds in every kind of block, with CRLF line ends too', () => {
    for (const doc of samples) {
      const expected = editBlocks(doc);
      ok(expected.edits.length + expected.bare.length > 0, doc.join('\n'));
      deepStrictEqual(editBlocksOf(doc.join('\n')), expected, doc.join('\n'));
      deepStrictEqual(editBlocksOf(['Prose first.', ...doc].join('\r\n')).edits.length, expected.edits.length, doc.join('\n'));
    }
  });

  it('a long text with no marker holds no block, and one with a marker deep inside is still read', () => {
    const log = Array.from({ length: 20_000 }, (_, i) => `line ${i}: --- nothing + here`);
    deepStrictEqual(editBlocksOf(log.join('\n')), { edits: [], bare: [] });
    log.splice(10_000, 0, '<<<<<<< SEARCH', 'line 5: --- nothing + here', '=======', 'line 5: changed', '>>>>>>> REPLACE');
    strictEqual(editBlocksOf(log.join('\n')).edits.length, 1);
  });
});
