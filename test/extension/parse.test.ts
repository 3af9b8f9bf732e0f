// The request parser (pure): what a person pastes becomes old → new edits, or a reason why not.
import { parseEditRequest } from '../../src/extension/request/parse';
import { deepStrictEqual, strictEqual } from './assert';

suite('Fuzzy Edit: reading pasted edits', () => {
  test('SEARCH/REPLACE blocks in chat prose, each with the file named before it', () => {
    const text = [
      'Here are the changes.',
      '',
      'src/a.ts',
      '```ts',
      '<<<<<<< SEARCH',
      'const a = 1;',
      '=======',
      'const a = 2;',
      '>>>>>>> REPLACE',
      '```',
      '',
      'And in the same file:',
      '```ts',
      '<<<<<<< SEARCH',
      'let b;',
      '=======',
      '>>>>>>> REPLACE',
      '```',
      '**src/c.ts**',
      '<<<<<<< SEARCH',
      'x',
      'y',
      '=======',
      'z',
      '>>>>>>> REPLACE',
    ].join('\r\n');
    const r = parseEditRequest(text);
    strictEqual(r.format, 'search-replace');
    deepStrictEqual(r.problems, []);
    deepStrictEqual(r.edits, [
      { path: 'src/a.ts', oldString: 'const a = 1;', newString: 'const a = 2;' },
      { path: 'src/a.ts', oldString: 'let b;', newString: '' },
      { path: 'src/c.ts', oldString: 'x\ny', newString: 'z' },
    ]);
  });

  test('a block without a path line goes to the active editor', () => {
    const r = parseEditRequest('Fix:\n<<<<<<< SEARCH\nfoo()\n=======\nbar()\n>>>>>>> REPLACE\n');
    deepStrictEqual(r.edits, [{ oldString: 'foo()', newString: 'bar()' }]);
  });

  test('other dialects are read by the core parsers (a unified diff here)', () => {
    const r = parseEditRequest(['--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1,2 +1,2 @@', ' const a = 1;', '-const b = 2;', '+const b = 3;', ''].join('\n'));
    strictEqual(r.format, 'unified-diff');
    deepStrictEqual(r.problems, []);
    strictEqual(r.edits.length, 1);
    strictEqual(r.edits[0].path, 'src/a.ts');
    strictEqual(r.edits[0].newString.includes('const b = 3;'), true);
  });

  test('file operations come beside the text edits, in request order, with their source lines', () => {
    const r = parseEditRequest(
      ['*** Begin Patch', '*** Add File: src/new.ts', '+export {};', '*** Delete File: src/old.ts', '*** Update File: src/a.ts', '*** Move to: src/b.ts', '@@', '-foo', '+bar', '*** End Patch', ''].join('\n'),
    );
    strictEqual(r.format, 'apply-patch');
    deepStrictEqual(r.problems, []);
    deepStrictEqual(r.edits, [{ path: 'src/a.ts', oldString: 'foo', newString: 'bar' }], 'the moved file\'s edit is addressed to its source');
    deepStrictEqual(r.fileOps, [
      { kind: 'create', path: 'src/new.ts', content: 'export {};\n', sourceLine: 2 },
      { kind: 'delete', path: 'src/old.ts', sourceLine: 4 },
      { kind: 'rename', path: 'src/a.ts', to: 'src/b.ts', sourceLine: 6 },
    ]);
  });

  test('a git diff that only creates a file has no text edit, one file operation', () => {
    const r = parseEditRequest(['diff --git a/n.txt b/n.txt', 'new file mode 100644', '--- /dev/null', '+++ b/n.txt', '@@ -0,0 +1 @@', '+hi', ''].join('\n'));
    deepStrictEqual(r.edits, []);
    deepStrictEqual(r.fileOps.map((o) => [o.kind, o.path]), [['create', 'n.txt']]);
  });

  test('two fenced code blocks are the old text, then the new text', () => {
    const r = parseEditRequest('Replace\n```js\nold();\n```\nwith\n```js\nnew1();\nnew2();\n```\n');
    strictEqual(r.format, 'fenced-pair');
    deepStrictEqual(r.edits, [{ oldString: 'old();', newString: 'new1();\nnew2();' }]);
    const named = parseEditRequest('lib/util.js\n```js\nold();\n```\n```js\nnew();\n```\n');
    deepStrictEqual(named.edits, [{ path: 'lib/util.js', oldString: 'old();', newString: 'new();' }]);
    const prose = parseEditRequest('Here is the fix:\n```js\nold();\n```\n```js\nnew();\n```\n');
    deepStrictEqual(prose.edits, [{ oldString: 'old();', newString: 'new();' }], 'prose before the blocks is not a path');
  });

  test('an unclosed block is refused with the reason, not guessed', () => {
    const r = parseEditRequest('<<<<<<< SEARCH\na\n=======\nb\n');
    deepStrictEqual(r.edits, []);
    strictEqual(r.problems.length, 1);
    strictEqual(/REPLACE/.test(r.problems[0]), true);
  });

  test('three code blocks and no markers: says what it expected', () => {
    const r = parseEditRequest('```\na\n```\n```\nb\n```\n```\nc\n```\n');
    deepStrictEqual(r.edits, []);
    strictEqual(/expected exactly two/.test(r.problems[0]), true);
  });
});
