// Snippet stage: a chat answer's code block (parse.ts) and the lines of the snippet (snippetLines.ts, markers.ts):
// which fence is the code, what its info string names, which lines are markers.
import assert from 'node:assert/strict';
import { isSnippetMarker } from '../../../src/core/snippet/markers';
import { parseSnippetBlock } from '../../../src/core/snippet/parse';
import { SnippetLines } from '../../../src/core/snippet/snippetLines';

const info = (label: string) => {
  const { lang, path } = parseSnippetBlock('```' + label + '\nx\n```');
  return { lang, path };
};

describe('snippet parse: the fence', () => {
  it('the first fenced block, prose around it ignored; a second block is not taken', () => {
    assert.equal(parseSnippetBlock('Fix:\n```\na();\n```\nthen\n```\nb();\n```').code, 'a();');
  });

  it('tildes, longer fences, and up to three spaces before the fence', () => {
    assert.equal(parseSnippetBlock('~~~\na();\n~~~').code, 'a();');
    assert.equal(parseSnippetBlock('````\n```\na();\n```\n````').code, '```\na();\n```');
    assert.equal(parseSnippetBlock('   ```\na();\n   ```').code, 'a();');
    assert.deepEqual(parseSnippetBlock('    ```\na();\n    ```'), { code: '    ```\na();\n    ```', fenced: false });
  });

  it('a fence of the other character, or a shorter one, does not close the block', () => {
    assert.equal(parseSnippetBlock('```\na();\n~~~\nb();\n```').code, 'a();\n~~~\nb();');
    assert.equal(parseSnippetBlock('````\na();\n```\nb();\n````').code, 'a();\n```\nb();');
  });

  it('a block whose closing fence is missing runs to the end', () => {
    assert.deepEqual(parseSnippetBlock('```ts\na();\nb();'), { code: 'a();\nb();', fenced: true, lang: 'ts' });
  });

  it('a fence line with a backtick in its info string opens nothing: the next fence line opens the block', () => {
    assert.equal(parseSnippetBlock('```js `x`\na();\n```').fenced, true);
    assert.equal(parseSnippetBlock('```js `x`\na();\n```').code, '');
  });

  it('CRLF is read as LF', () => {
    assert.equal(parseSnippetBlock('```\r\na();\r\nb();\r\n```').code, 'a();\nb();');
    assert.equal(parseSnippetBlock('a();\r\nb();').code, 'a();\nb();');
  });

  it('an empty fence line is a fence without a label', () => {
    assert.deepEqual(parseSnippetBlock('```\na();\n```'), { code: 'a();', fenced: true });
    assert.deepEqual(parseSnippetBlock('```   \na();\n```'), { code: 'a();', fenced: true });
  });
});

describe('snippet parse: the fence’s label', () => {
  it('a language, then a path', () => {
    assert.deepEqual(info('ts src/x.ts'), { lang: 'ts', path: 'src/x.ts' });
    assert.deepEqual(info('python'), { lang: 'python', path: undefined });
    assert.deepEqual(info('c++ main.cpp'), { lang: 'c++', path: 'main.cpp' });
  });

  it('`lang:path`, and a path alone', () => {
    assert.deepEqual(info('typescript:src/x.ts'), { lang: 'typescript', path: 'src/x.ts' });
    assert.deepEqual(info('src/x.py'), { lang: undefined, path: 'src/x.py' });
    assert.deepEqual(info('Makefile.am'), { lang: undefined, path: 'Makefile.am' });
    // A colon before something that is no path: the whole word is the language.
    assert.deepEqual(info('ts:strict'), { lang: 'ts:strict', path: undefined });
  });

  it('title=, path=, file= and filename= attributes, quoted or not', () => {
    assert.deepEqual(info('js title="lib/a.js"'), { lang: 'js', path: 'lib/a.js' });
    assert.deepEqual(info("js path='lib/a.js'"), { lang: 'js', path: 'lib/a.js' });
    assert.deepEqual(info('js file=lib/a.js'), { lang: 'js', path: 'lib/a.js' });
    assert.deepEqual(info('js filename=a.js'), { lang: 'js', path: 'a.js' });
    assert.deepEqual(info('js name=a.js'), { lang: 'js', path: undefined });
  });

  it('the first path-like word after the language; other words ignored', () => {
    assert.deepEqual(info('ts {1,3} src/x.ts other.ts'), { lang: 'ts', path: 'src/x.ts' });
    assert.deepEqual(info('ts showLineNumbers'), { lang: 'ts', path: undefined });
  });

  it('a path has a dot-extension or a slash and only path characters; dots alone are none', () => {
    assert.deepEqual(info('ts dir/'), { lang: 'ts', path: 'dir/' });
    assert.deepEqual(info('ts a\\b'), { lang: 'ts', path: 'a\\b' });
    assert.deepEqual(info('ts ..'), { lang: 'ts', path: undefined });
    assert.deepEqual(info('ts a.'), { lang: 'ts', path: undefined });
    assert.deepEqual(info('ts a.b!'), { lang: 'ts', path: undefined });
    assert.deepEqual(info('ts x.ts;rm'), { lang: 'ts', path: undefined });
    assert.deepEqual(info('ts @scope/pkg'), { lang: 'ts', path: '@scope/pkg' });
    assert.deepEqual(info('ts ~/x.ts'), { lang: 'ts', path: '~/x.ts' });
  });
});

describe('snippet lines: markers, blank edges, keys', () => {
  it('the phrasings chat answers use for "the file’s lines stay here"', () => {
    for (const m of ['// ... existing code ...', '# ...', '// rest unchanged', '# remainder as before', '-- the rest stays', '/* rest of the file unchanged */', '<!-- rest as is -->', '{/* ... */}', '{/* … other items … */}', '// etc.', '# etc', '# [...]', '// […]', '# (rest unchanged)', '// keep existing code', '# keep other methods unchanged', '// code omitted for brevity', '/* implementation omitted */', '# rest of the code omitted']) {
      assert.ok(isSnippetMarker(m), m);
    }
  });

  it('a marker phrasing is at most 80 characters long', () => {
    assert.ok(isSnippetMarker(`// rest ${'x'.repeat(62)} unchanged`));
    assert.ok(!isSnippetMarker(`// rest ${'x'.repeat(63)} unchanged`));
  });

  it('code and comments that merely mention the rest are not markers', () => {
    for (const l of ['rest = unchanged;', '// the rest is history', '// etcetera', '', '   ', `// rest ${'x'.repeat(80)} unchanged`, '// keep existing behaviour for old clients', '// [1, 2, 3]', '// code omitted here is handled below', 'keep(existing)']) {
      assert.ok(!isSnippetMarker(l), l);
    }
  });

  it('blank lines at the snippet’s edges are dropped; CRLF is read as LF', () => {
    const s = new SnippetLines('\n  \r\na();\r\n\r\nb();\n\n  ');
    assert.deepEqual(s.lines, ['a();', '', 'b();']);
    assert.deepEqual(s.blank, [false, true, false]);
  });

  it('a block of blank lines only (an empty fence) is no lines, not an error', () => {
    assert.deepEqual(new SnippetLines('').lines, []);
    assert.deepEqual(new SnippetLines('\n  \n\t').lines, []);
  });

  it('markers have no key and anchor nothing; braces anchor nothing; widths are the indentation', () => {
    const s = new SnippetLines('  run(a,  b);\n  // ...\n\t}');
    assert.deepEqual(s.keys, ['run(a,b);', '', '}']);
    assert.deepEqual(s.marker, [false, true, false]);
    assert.deepEqual(s.meaningful, [true, false, false]);
    assert.deepEqual(s.widths, [2, 2, 4]);
  });

  it('a marker strictly between two lines', () => {
    const s = new SnippetLines('a();\n// ...\nb();\nc();');
    assert.equal(s.markerBetween(0, 2), true);
    assert.equal(s.markerBetween(0, 1), false);
    assert.equal(s.markerBetween(1, 3), false);
    assert.equal(s.markerBetween(2, 3), false);
  });
});

describe('snippet parse: line ends and the label’s words, at their edges', () => {
  it('a lone CR (old Mac line ends) is a line end too', () => {
    assert.equal(parseSnippetBlock('a();\rb();').code, 'a();\nb();');
    assert.deepEqual(new SnippetLines('a();\rb();').lines, ['a();', 'b();']);
  });

  it('`lang:path` only when the whole first word is a language, a colon and a path', () => {
    assert.deepEqual(info('a.b:src/x.ts'), { lang: 'a.b:src/x.ts', path: undefined });
  });

  it('the first word is the language, never read as a path attribute', () => {
    assert.deepEqual(info('path=src/x.ts'), { lang: 'path=src/x.ts', path: undefined });
  });

  it('an attribute is the whole word: no prefix before its name, nothing after its closing quote', () => {
    assert.deepEqual(info('js mytitle=lib/a.js'), { lang: 'js', path: undefined });
    assert.deepEqual(info('js title="lib/a.js"x'), { lang: 'js', path: undefined });
  });

  it('the dot-extension ends the word; a file whose name starts with a dot is a path', () => {
    assert.deepEqual(info('ts a.b-'), { lang: 'ts', path: undefined });
    assert.deepEqual(info('json .eslintrc.json'), { lang: 'json', path: '.eslintrc.json' });
  });
});
