// End-to-end: `fuzzy-edit` as the real entry point runs it (test/cli/run.ts), on temporary directories.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './run';



describe('cli: fuzzy-edit', () => {
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
    fs.writeFileSync(file(rel), content);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-cli-'));
    write('src/cart.ts', ['export function total(items) {', '    let sum = 0;', '    for (const i of items) sum += i.price;', '    return sum;', '}', ''].join('\n'));
    write('README.md', '# Cart\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const SEARCH_REPLACE = [
    'Multiply by quantity:',
    '',
    'src/cart.ts',
    '```ts',
    '<<<<<<< SEARCH',
    '  let sum = 0;', // two spaces: the file has four
    '  for (const i of items) sum += i.price;',
    '=======',
    '  let sum = 0;',
    '  for (const i of items) sum += i.price * i.qty;',
    '>>>>>>> REPLACE',
    '```',
  ].join('\n');

  it('apply: resolves, writes, and reports file, tier, score and lines (exit 0)', async () => {
    const r = await cli(['apply'], { input: SEARCH_REPLACE, cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /#1 applied {2}src\/cart\.ts {2}lines 2-3 {2}indentation {2}score 1\.00/);
    assert.match(r.stdout, /1 of 1 edit applied; 1 file changed\./);
    assert.equal(read('src/cart.ts').split('\n')[2], '    for (const i of items) sum += i.price * i.qty;');
    assert.deepEqual(fs.readdirSync(file('src')), ['cart.ts'], 'no temporary file left behind');
  });

  it('apply: reads edit files named on the command line, relative to --cwd', async () => {
    const patch = path.join(dir, '..', `${path.basename(dir)}.patch`);
    fs.writeFileSync(patch, ['--- a/README.md', '+++ b/README.md', '@@ -1 +1,2 @@', ' # Cart', '+Adds prices.', ''].join('\n'));
    try {
      const r = await cli(['apply', '--cwd', dir, patch], { cwd: os.tmpdir() });
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read('README.md'), '# Cart\nAdds prices.\n');
    } finally {
      fs.rmSync(patch);
    }
  });

  it('apply --dry-run: prints a unified diff and writes nothing', async () => {
    const before = read('src/cart.ts');
    const r = await cli(['apply', '--dry-run'], { input: SEARCH_REPLACE, cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /#1 would apply/);
    assert.match(r.stdout, /--- a\/src\/cart\.ts\n\+\+\+ b\/src\/cart\.ts\n@@ -1,5 \+1,5 @@/);
    assert.match(r.stdout, /^-    for \(const i of items\) sum \+= i\.price;$/m);
    assert.match(r.stdout, /^\+    for \(const i of items\) sum \+= i\.price \* i\.qty;$/m);
    assert.match(r.stdout, /dry run, nothing was written/);
    assert.equal(read('src/cart.ts'), before);
  });

  it('apply: a refused edit exits 1, leaves its file untouched, and other files are still written', async () => {
    const input = JSON.stringify([
      { file_path: 'src/cart.ts', old_string: 'let sum = 0;', new_string: 'let sum = 0n;' },
      { file_path: 'src/cart.ts', old_string: 'return total;', new_string: 'return sum;' },
      { file_path: 'README.md', old_string: '# Cart', new_string: '# Shopping cart' },
    ]);
    const before = read('src/cart.ts');
    const r = await cli(['apply', '--json'], { input, cwd: dir });
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.ok, false);
    assert.deepEqual(
      report.edits.map((e: { status: string; code?: string }) => [e.status, e.code]),
      [
        ['held-back', undefined],
        ['refused', 'not_found'],
        ['applied', undefined],
      ],
    );
    assert.match(report.edits[1].message, /not found/);
    // What was written, as a diff of the file's lines; none for what was not written.
    assert.equal(report.edits[2].diff, '@@ -1,1 +1,1 @@\n-# Cart\n+# Shopping cart');
    assert.equal(report.edits[0].diff, undefined);
    assert.deepEqual(report.files, [
      { path: 'src/cart.ts', status: 'held-back' },
      { path: 'README.md', status: 'written' },
    ]);
    assert.equal(read('src/cart.ts'), before);
    assert.equal(read('README.md'), '# Shopping cart\n');
  });

  it('apply: keeps CRLF line endings and the BOM of the file', async () => {
    write('win.txt', '\uFEFFfirst line\r\nsecond line\r\nthird line\r\n');
    const input = ['win.txt', '<<<<<<< SEARCH', 'first line', 'second line', '=======', 'first line', '2nd line', '>>>>>>> REPLACE'].join('\n');
    const r = await cli(['apply'], { input, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(read('win.txt'), '\uFEFFfirst line\r\n2nd line\r\nthird line\r\n');
  });

  it('apply: creates, deletes and renames from an apply_patch request', async () => {
    const input = [
      '*** Begin Patch',
      '*** Add File: docs/NOTES.md',
      '+notes',
      '*** Delete File: README.md',
      '*** Update File: src/cart.ts',
      '*** Move to: src/total.ts',
      '@@ export function total(items) {',
      '-    return sum;',
      '+    return Math.round(sum);',
      '*** End Patch',
    ].join('\n');
    const r = await cli(['apply'], { input, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(read('docs/NOTES.md'), 'notes\n');
    assert.equal(fs.existsSync(file('README.md')), false);
    assert.equal(fs.existsSync(file('src/cart.ts')), false);
    assert.match(read('src/total.ts'), /return Math\.round\(sum\);/);
  });

  describe('bad input (exit 2, nothing written)', () => {
    it('a parse error names the line', async () => {
      const input = ['README.md', '<<<<<<< SEARCH', '# Cart', '>>>>>>> REPLACE'].join('\n');
      const r = await cli(['apply'], { input, cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /^fuzzy-edit: stdin:4: The block at line 2 has no "=======" line/);
      assert.equal(r.stdout, '');
      assert.equal(read('README.md'), '# Cart\n');
    });

    it('broken JSON names the line and column', async () => {
      const r = await cli(['apply'], { input: '{\n "file_path": "README.md",\n "old_string": "# Cart"\n "new_string": "# X"\n}', cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /stdin:4: The JSON starting at line 1 is invalid at line 4, column 2/);
    });

    it('text without edits', async () => {
      const r = await cli(['apply'], { input: 'Looks good to me!', cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /stdin:1: No edit found/);
    });

    it('an edit that names no file', async () => {
      const r = await cli(['apply'], { input: '<<<<<<< SEARCH\n# Cart\n=======\n# X\n>>>>>>> REPLACE\n', cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /stdin:1: the edit names no file/);
      assert.equal(read('README.md'), '# Cart\n');
    });

    it('a path outside --cwd', async () => {
      const r = await cli(['apply'], { input: JSON.stringify({ file_path: '../elsewhere.txt', old_string: 'a', new_string: 'b' }), cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /\.\.\/elsewhere\.txt is refused: the path leaves the workspace folder/);
    });

    it('an unknown option', async () => {
      const r = await cli(['apply', '--frobnicate'], { cwd: dir });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /Unknown option '--frobnicate'/);
    });
  });

  describe('find', () => {
    it('prints tier, score and the 1-based line range (exit 0)', async () => {
      const r = await cli(['find', 'src/cart.ts'], { input: 'let sum = 0;\nfor (const i of items) sum += i.price;\n', cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^src\/cart\.ts {2}lines 2-3 {2}indentation {2}score 1\.00/);
    });

    it('says why not (exit 1), in JSON too', async () => {
      const r = await cli(['find', 'src/cart.ts', '--json'], { input: 'this is nowhere in the file\n', cwd: dir });
      assert.equal(r.status, 1);
      const report = JSON.parse(r.stdout);
      assert.equal(report.found, false);
      assert.equal(report.code, 'not_found');
      const ambiguous = await cli(['find', 'src/cart.ts'], { input: 'sum', cwd: dir });
      assert.equal(ambiguous.status, 1);
      assert.match(ambiguous.stdout, /ambiguous: The old text matches/);
    });

    it('--line breaks a tie between equal places, and says so; without it both places are named', async () => {
      write('src/cart.ts', read('src/cart.ts') + '\nexport function count(items) {\n    let sum = 0;\n    return items.length;\n}\n');
      const tie = await cli(['find', 'src/cart.ts', '--json'], { input: 'let sum = 0;', cwd: dir });
      assert.equal(tie.status, 1);
      const place = (line: number) => ({ tier: 'exact', score: 1, lines: { start: line, end: line }, needsReview: false, normalized: [] });
      assert.deepEqual(JSON.parse(tie.stdout).candidates, [place(2), place(8)]);
      const r = await cli(['find', 'src/cart.ts', '--line', '8'], { input: 'let sum = 0;', cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, 'src/cart.ts  line 8  exact  score 1.00  chosen by --line\n');
      write('twice.js', 'a\nx();\nx();\nb\n');
      for (const line of ['2', '3']) assert.equal((await cli(['find', 'twice.js', '--line', line], { input: 'x();', cwd: dir })).stdout, `twice.js  line ${line}  exact  score 1.00  chosen by --line\n`, 'the line as given, 1-based');
      const json = await cli(['find', 'src/cart.ts', '--line', '8', '--json'], { input: 'let sum = 0;', cwd: dir });
      assert.deepEqual(JSON.parse(json.stdout), { found: true, path: 'src/cart.ts', ...place(8) });
      assert.ok(json.stdout.endsWith('}\n'), 'the JSON ends its line, for tools that read lines');
    });

    it('an approximate match names what it ignored, and in JSON that it needs review', async () => {
      const r = await cli(['find', 'src/cart.ts'], { input: 'for (const i of  items)   sum += i.price;\n', cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, 'src/cart.ts  line 3  whitespace  score 1.00  ignoring whitespace inside lines, blank lines\n');
      const near = await cli(['find', 'src/cart.ts', '--json'], { input: 'for (const i of items) sum += i.prices;', cwd: dir });
      const out = JSON.parse(near.stdout);
      assert.deepEqual([out.found, out.tier, out.lines, out.needsReview], [true, 'similarity', { start: 3, end: 3 }, true]);
    });

    it('not found: the closest place in JSON, 1-based', async () => {
      const r = await cli(['find', 'src/cart.ts', '--json'], { input: 'for (const x of things) total += x.cost * 2;', cwd: dir });
      assert.equal(r.status, 1);
      const out = JSON.parse(r.stdout);
      assert.deepEqual([out.code, out.closest.lines], ['not_found', { start: 3, end: 3 }]);
      assert.ok(out.closest.score > 0.3 && out.closest.score < 0.85, String(out.closest.score));
    });

    it('an empty snippet is bad input (exit 2); one final line break is not part of the snippet', async () => {
      const empty = await cli(['find', 'src/cart.ts'], { input: '\n', cwd: dir });
      assert.equal(empty.status, 2);
      assert.match(empty.stderr, /^fuzzy-edit: The old text is empty/);
      for (const input of ['    return sum;\n', '    return sum;\r\n']) {
        const r = await cli(['find', 'src/cart.ts'], { input, cwd: dir });
        assert.equal(r.stdout, 'src/cart.ts  line 4  exact  score 1.00\n', JSON.stringify(input));
      }
    });

    it('a snippet the engine will not search (too large) is a refusal (exit 1), in text and JSON', async () => {
      const huge = 'x'.repeat(1024 * 1024 + 1);
      const r = await cli(['find', 'src/cart.ts'], { input: huge, cwd: dir });
      assert.equal(r.status, 1);
      assert.match(r.stdout, /^src\/cart\.ts: too_large: The old text is too large \(1,048,577 characters/);
      const json = await cli(['find', 'src/cart.ts', '--json'], { input: huge, cwd: dir });
      const out = JSON.parse(json.stdout);
      assert.deepEqual([json.status, out.found, out.path, out.code], [1, false, 'src/cart.ts', 'too_large']);
      assert.match(out.message, /^The old text is too large/);
    });

    it('a missing file is bad input (exit 2)', async () => {
      const r = await cli(['find', 'nope.ts'], { input: 'x', cwd: dir });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, 'fuzzy-edit: nope.ts is not a file.\n');
    });
  });

  it('--help describes both commands, partial application and the exit statuses', async () => {
    const r = await cli(['--help'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /fuzzy-edit apply \[--dry-run\] \[--cwd DIR\] \[--json\] \[FILE\.\.\.\]/);
    assert.match(r.stdout, /a file with a refused edit is left\s+untouched, and the other files are\s+still written/);
    assert.match(r.stdout, /Exit status:/);
  });
});
