// End-to-end: `fuzzy-edit apply --file` and a fence labelled with its file, through the real entry point.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './run';
import { immutable } from './immutable';

const CART = [
  'export function total(items) {',
  '    let sum = 0;',
  '    for (const i of items) sum += i.price;',
  '    return sum;',
  '}',
  '',
  'export function count(items) {',
  '    return items.length;',
  '}',
  '',
].join('\n');

describe('cli: fuzzy-edit apply with a bare code block', () => {
  let dir: string;
  const read = (rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-snippet-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/cart.ts'), CART);
    fs.writeFileSync(path.join(dir, 'src/other.ts'), 'export const x = 1;\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const ANSWER = ['Multiply by quantity:', '', '```ts', 'export function total(items) {', '  // ... existing code ...', '  for (const i of items) sum += i.price * i.qty;', '  return sum;', '}', '```', ''].join('\n');

  it('--file refuses a binary or Latin-1 file and leaves it byte for byte (exit 1): it was rewritten as UTF-8', async () => {
    const latin1 = Buffer.from('# caf\xe9\nexport function count(items) {\n    return items.length;\n}\n', 'latin1');
    const binary = Buffer.concat([Buffer.from('export function count(items) {\n    return items.length;\n}\n'), Buffer.from([0, 0xff, 0xfe, 0x80])]);
    fs.writeFileSync(path.join(dir, 'legacy.ts'), latin1);
    fs.writeFileSync(path.join(dir, 'blob.ts'), binary);
    const block = 'export function count(items) {\n    return items.filter(Boolean).length;\n}\n';
    for (const [rel, bytes, why] of [['legacy.ts', latin1, /not valid UTF-8/], ['blob.ts', binary, /binary/]] as const) {
      const r = await cli(['apply', '--file', rel], { input: block, cwd: dir });
      assert.equal(r.status, 1, r.stderr + r.stdout);
      assert.match(r.stdout, new RegExp(`^refused {2}${rel.replace('.', '\\.')} {2}not_text: ${rel.replace('.', '\\.')} was left untouched: `));
      assert.match(r.stdout, why);
      assert.ok(fs.readFileSync(path.join(dir, rel)).equals(bytes));
    }
  });

  it('--file applies a fenced lazy block to that file, re-indented, elided lines kept (exit 0)', async () => {
    const r = await cli(['apply', '--file', 'src/cart.ts'], { input: ANSWER, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^applied {2}src\/cart\.ts {2}lines 1-5 {2}snippet {2}score /);
    assert.equal(read('src/cart.ts'), CART.replace('sum += i.price;', 'sum += i.price * i.qty;'));
  });

  it('--file with an unfenced block read from a FILE argument, and --dry-run writes nothing but prints the diff', async () => {
    fs.writeFileSync(path.join(dir, 'answer.txt'), 'export function count(items) {\n    return items.filter(Boolean).length;\n}\n');
    const r = await cli(['apply', '--file', 'src/cart.ts', '--dry-run', 'answer.txt'], { cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^would apply {2}src\/cart\.ts {2}lines 7-9/);
    assert.match(r.stdout, /^-    return items\.length;$/m);
    assert.match(r.stdout, /^\+    return items\.filter\(Boolean\)\.length;$/m);
    assert.equal(read('src/cart.ts'), CART);
  });

  it('the path in the fence info string picks the file when there is no --file', async () => {
    const labelled = ANSWER.replace('```ts\n', '```ts src/cart.ts\n');
    const r = await cli(['apply', '--json'], { input: labelled, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const out = JSON.parse(r.stdout);
    assert.equal(out.path, 'src/cart.ts');
    assert.equal(out.tier, 'snippet');
    assert.deepEqual(out.lines, { start: 1, end: 5 });
    assert.equal(read('src/cart.ts'), CART.replace('sum += i.price;', 'sum += i.price * i.qty;'));
  });

  it('refuses (exit 1, file untouched) when the block fits nowhere, and names the places of a near-twin', async () => {
    const r = await cli(['apply', '--file', 'src/other.ts'], { input: ANSWER, cwd: dir });
    assert.equal(r.status, 1, r.stderr + r.stdout);
    assert.match(r.stdout, /^refused {2}src\/other\.ts {2}not_found: /);
    assert.equal(read('src/other.ts'), 'export const x = 1;\n');

    const twins = CART + CART.replace('total', 'total2').replace('count', 'count2');
    fs.writeFileSync(path.join(dir, 'src/cart.ts'), twins);
    const t = await cli(['apply', '--file', 'src/cart.ts', '--json'], { input: '    let sum = 0;\n    for (const i of items) sum += i.price * 2;\n    return sum;\n', cwd: dir });
    assert.equal(t.status, 1, t.stderr + t.stdout);
    const out = JSON.parse(t.stdout);
    assert.deepEqual([out.ok, out.dryRun, out.path, out.status, out.code], [false, false, 'src/cart.ts', 'refused', 'ambiguous']);
    assert.deepEqual(out.candidates, [
      { start: 2, end: 4 },
      { start: 11, end: 13 },
    ]);
    assert.equal(read('src/cart.ts'), twins);
  });

  it('JSON: the place, tier, score and what was interpreted; a dry run adds the diff and writes nothing', async () => {
    const count = 'export function count(items) {\n  return 0;\n}\n';
    const dry = await cli(['apply', '--file', 'src/cart.ts', '--dry-run', '--json'], { input: count, cwd: dir });
    assert.equal(dry.status, 0, dry.stderr + dry.stdout);
    const facts = { path: 'src/cart.ts', tier: 'snippet', score: 1, lines: { start: 7, end: 9 }, needsReview: true, normalized: ['snippet: 2 line(s) as in the file, 1 changed, 0 added, 0 removed'] };
    const diff = '--- a/src/cart.ts\n+++ b/src/cart.ts\n@@ -4,6 +4,6 @@\n     return sum;\n }\n \n export function count(items) {\n-    return items.length;\n+    return 0;\n }\n';
    assert.deepEqual(JSON.parse(dry.stdout), { ok: true, dryRun: true, status: 'would-apply', ...facts, diff });
    assert.equal(read('src/cart.ts'), CART);
    const r = await cli(['apply', '--file', 'src/cart.ts', '--json'], { input: count, cwd: dir });
    assert.deepEqual(JSON.parse(r.stdout), { ok: true, dryRun: false, status: 'applied', ...facts });
    assert.ok(r.stdout.endsWith('}\n'), 'the JSON ends its line, for tools that read lines');
    assert.equal(read('src/cart.ts'), CART.replace('return items.length;', 'return 0;'));
  });

  it('text and JSON: what the editor would hold it for review for, said under the line (a line moved a level)', async () => {
    fs.writeFileSync(path.join(dir, 'lexer.py'), 'class Lexer:\n    def nxt(self):\n        token = self.get_token()\n        if token == self.eof:\n            raise StopIteration\n        return token\n');
    const wrapped = '    def nxt(self):\n        with self._lock:\n            token = self.get_token()\n            if token == self.eof:\n                raise StopIteration\n            return token\n';
    const why = "4 lines (line 3: `token = self.get_token()`, …) are written at the snippet's level of indentation, not the file's";
    const text = await cli(['apply', '--file', 'lexer.py', '--dry-run'], { input: wrapped, cwd: dir });
    assert.equal(text.status, 0, text.stderr + text.stdout);
    assert.equal(text.stdout.split('\n')[1], `    review: ${why}`);
    const json = await cli(['apply', '--file', 'lexer.py', '--dry-run', '--json'], { input: wrapped, cwd: dir });
    assert.deepEqual(JSON.parse(json.stdout).review, [why]);
  });

  it('text: one line with what was interpreted; a dry run adds the diff', async () => {
    const count = 'export function count(items) {\n  return 0;\n}\n';
    const dry = await cli(['apply', '--file', 'src/cart.ts', '--dry-run'], { input: count, cwd: dir });
    const line = 'src/cart.ts  lines 7-9  snippet  score 1.00  snippet: 2 line(s) as in the file, 1 changed, 0 added, 0 removed';
    assert.equal(dry.stdout, `would apply  ${line}\n\n--- a/src/cart.ts\n+++ b/src/cart.ts\n@@ -4,6 +4,6 @@\n     return sum;\n }\n \n export function count(items) {\n-    return items.length;\n+    return 0;\n }\n\ndry run, nothing was written.\n`);
    const r = await cli(['apply', '--file', 'src/cart.ts'], { input: count, cwd: dir });
    assert.equal(r.stdout, `applied  ${line}\n`);
  });

  it('text is safe for a terminal: an escape sequence in the file\'s lines is shown escaped, never sent raw', async () => {
    fs.writeFileSync(path.join(dir, 'src/esc.ts'), 'export function paint() {\n  return "\x1b[2J";\n}\n');
    const dry = await cli(['apply', '--file', 'src/esc.ts', '--dry-run'], { input: 'export function paint() {\n  return "\x1b[2J" + "!";\n}\n', cwd: dir });
    assert.equal(dry.status, 0, dry.stderr);
    assert.ok(!dry.stdout.includes('\x1b'), 'no raw ESC on stdout');
    assert.match(dry.stdout, /-  return "\\u001b\[2J";/);
  });

  it('a write that fails is reported (exit 1, "failed", the error) and the file stays as it was', async function () {
    const unlock = immutable(path.join(dir, 'src/cart.ts'));
    if (!unlock) this.skip();
    const count = 'export function count(items) {\n  return 0;\n}\n';
    try {
      const r = await cli(['apply', '--file', 'src/cart.ts', '--json'], { input: count, cwd: dir });
      assert.equal(r.status, 1, r.stderr + r.stdout);
      const out = JSON.parse(r.stdout);
      assert.deepEqual([out.ok, out.status], [false, 'failed']);
      assert.match(out.error, /EPERM/);
      const text = await cli(['apply', '--file', 'src/cart.ts'], { input: count, cwd: dir });
      assert.equal(text.status, 1);
      assert.match(text.stdout, /^failed {2}src\/cart\.ts {2}lines 7-9 {2}snippet {2}score 1\.00 {2}snippet: [^\n]*\ncould not write src\/cart\.ts: EPERM[^\n]*\n$/);
    } finally {
      unlock();
    }
    assert.equal(read('src/cart.ts'), CART);
  });

  it('a malformed edit request inside a labelled fence is bad input, never applied as a code block', async () => {
    const broken = ['```ts src/cart.ts', '<<<<<<< SEARCH', '    return sum;', '>>>>>>> REPLACE', '```', ''].join('\n');
    const r = await cli(['apply'], { input: broken, cwd: dir });
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, /^fuzzy-edit: stdin:4: The block at line 2 has no "=======" line/);
    assert.equal(read('src/cart.ts'), CART);
  });

  it('a label naming the same file as --file, spelled differently, is not a contradiction', async () => {
    const labelled = ANSWER.replace('```ts\n', '```ts ./src/cart.ts\n');
    const r = await cli(['apply', '--file', 'src/cart.ts'], { input: labelled, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(read('src/cart.ts'), CART.replace('sum += i.price;', 'sum += i.price * i.qty;'));
  });

  it('bad input (exit 2): --file naming no file on disk, or one input too many', async () => {
    const missing = await cli(['apply', '--file', 'src/nope.ts'], { input: ANSWER, cwd: dir });
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'fuzzy-edit: src/nope.ts is not a file.\n');
    const two = await cli(['apply', '--file', 'src/cart.ts', 'a.txt', 'b.txt'], { input: ANSWER, cwd: dir });
    assert.equal(two.stderr, 'fuzzy-edit: --file applies one code block: give one input, not 2.\n');
    const unreadable = await cli(['apply', '--file', 'src/cart.ts', 'nope.txt'], { cwd: dir });
    assert.match(unreadable.stderr, /^fuzzy-edit: Cannot read nope\.txt: ENOENT/);
    assert.equal(read('src/cart.ts'), CART);
  });

  it('bad input (exit 2): a label that contradicts --file, a path outside --cwd, no file named at all', async () => {
    const labelled = ANSWER.replace('```ts\n', '```ts src/other.ts\n');
    const contradiction = await cli(['apply', '--file', 'src/cart.ts'], { input: labelled, cwd: dir });
    assert.equal(contradiction.status, 2);
    assert.equal(contradiction.stderr, 'fuzzy-edit: The code block is labelled src/other.ts but --file names src/cart.ts: say which file it is for.\n');
    assert.equal((await cli(['apply', '--file', '../outside.ts'], { input: ANSWER, cwd: dir })).status, 2);
    const none = await cli(['apply'], { input: ANSWER, cwd: dir });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /No edit found/);
    assert.equal(read('src/cart.ts'), CART);
  });
});
