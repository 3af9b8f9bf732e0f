// runCli with its stdin, stdout and stderr in hand: what the process wiring decides (when stdin is read, the
// progress line on a terminal, unexpected errors), and exit statuses that need the disk to change mid-run.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BadInput } from '../../src/cli/exit';
import { runCli, type CliIo } from '../../src/cli/run';

describe('cli: runCli', () => {
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-run-'));
    fs.writeFileSync(file('a.txt'), 'alpha\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Runs with `stdin` (a function: called only when stdin is read); stderr a terminal when `tty`. */
  async function run(argv: string[], stdin: () => Promise<string>, options: { tty?: boolean; onStderr?: (text: string) => void } = {}) {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      cwd: dir,
      readStdin: stdin,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: {
        isTTY: options.tty ?? false,
        write: (text: string) => {
          stderr += text;
          options.onStderr?.(text);
        },
      },
    };
    const status = await runCli(argv, io);
    return { status, stdout, stderr };
  }
  const terminal = () => Promise.reject(new BadInput('No input: pipe edits into stdin or name files to read them from (see --help).'));
  const edit = (p: string, oldString: string, newString: string) => ({ file_path: p, old_string: oldString, new_string: newString });

  it('reads stdin only when no input file is named, or one is "-"', async () => {
    fs.writeFileSync(file('edits.json'), JSON.stringify(edit('a.txt', 'alpha', 'beta')));
    const r = await run(['apply', 'edits.json'], terminal);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(read('a.txt'), 'beta\n');

    fs.writeFileSync(file('more.json'), JSON.stringify(edit('a.txt', 'beta', 'gamma')));
    fs.writeFileSync(file('b.txt'), 'one\n');
    const both = await run(['apply', 'more.json', '-'], async () => JSON.stringify(edit('b.txt', 'one', 'two')));
    assert.equal(both.status, 0, both.stderr + both.stdout);
    assert.deepEqual([read('a.txt'), read('b.txt')], ['gamma\n', 'two\n']);

    const none = await run(['apply'], terminal);
    assert.equal(none.status, 2);
    assert.equal(none.stderr, 'fuzzy-edit: No input: pipe edits into stdin or name files to read them from (see --help).\n');
  });

  it('an input file is named in its parse errors, and one that cannot be read is bad input', async () => {
    fs.writeFileSync(file('broken.patch'), 'a.txt\n<<<<<<< SEARCH\nalpha\n>>>>>>> REPLACE\n');
    const r = await run(['apply', 'broken.patch'], terminal);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^fuzzy-edit: broken\.patch:4: /);
    const missing = await run(['apply', 'nope.patch'], terminal);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^fuzzy-edit: Cannot read nope\.patch: ENOENT/);
    fs.writeFileSync(file('ok.json'), JSON.stringify(edit('a.txt', 'alpha', 'beta')));
    const second = await run(['apply', 'ok.json', 'nope.patch'], terminal);
    assert.equal(second.status, 2);
    assert.match(second.stderr, /^fuzzy-edit: Cannot read nope\.patch: ENOENT/);
    assert.equal(read('a.txt'), 'alpha\n');
  });

  it('of several inputs, a broken one is reported as such, never read as a bare code block', async () => {
    fs.writeFileSync(file('ok.json'), JSON.stringify(edit('a.txt', 'alpha', 'beta')));
    fs.writeFileSync(file('block.md'), '```txt a.txt\nalpha\n```\n');
    const r = await run(['apply', 'ok.json', 'block.md'], terminal);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^fuzzy-edit: block\.md:1: No edit found/);
    assert.equal(read('a.txt'), 'alpha\n');
  });

  it('one input file holding a code block labelled with its file is applied as a snippet', async () => {
    fs.writeFileSync(file('f.js'), 'function f() {\n  const x = 1;\n  return x;\n}\n');
    fs.writeFileSync(file('answer.md'), '```js f.js\nfunction f() {\n  const x = 2;\n  return x;\n}\n```\n');
    const r = await run(['apply', 'answer.md'], terminal);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(read('f.js'), 'function f() {\n  const x = 2;\n  return x;\n}\n');
  });

  it('draws the progress of a long batch on a terminal, and clears it', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    for (const name of names) fs.writeFileSync(file(name), 'old\n');
    const edits = JSON.stringify(names.map((name) => edit(name, 'old', 'new')));
    const r = await run(['apply'], async () => edits, { tty: true });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.ok(r.stderr.startsWith('\rresolving edits 1/12'), JSON.stringify(r.stderr));
    assert.ok(r.stderr.endsWith('\rresolving edits 12/12\r\x1b[K'), JSON.stringify(r.stderr));
    const quiet = await run(['apply'], async () => edits.replaceAll('"new"', '"newer"').replaceAll('"old"', '"new"'));
    assert.equal(quiet.stderr, '', 'no progress line when stderr is not a terminal');
  });

  it('a write that fails exits 1, says which file, and the other files are still written', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    for (const name of names) fs.writeFileSync(file(name), 'old\n');
    const edits = JSON.stringify(names.map((name) => edit(name, 'old', 'new')));
    // Once the batch has resolved (its last progress line is the moment), f3.txt becomes a directory: its write fails.
    const onStderr = (text: string) => {
      if (!text.includes('12/12')) return;
      fs.rmSync(file('f3.txt'));
      fs.mkdirSync(file('f3.txt'));
    };
    const r = await run(['apply'], async () => edits, { tty: true, onStderr });
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stdout, /^#4 failed {2}f3\.txt {2}line 1 {2}exact {2}score 1\.00 {2}f3\.txt could not be written$/m);
    assert.match(r.stdout, /^could not write f3\.txt: f3\.txt is refused: it is a directory, not a file\.$/m);
    assert.match(r.stdout, /11 of 12 edits applied, 1 not written \(write failed\); 11 files changed\.\n$/);
    assert.equal(read('f11.txt'), 'new\n');
  });

  it('an unexpected error (stdin cannot be read) exits 2 with one line, and the stack trace with --debug', async () => {
    const broken = () => Promise.reject(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
    const r = await run(['apply'], broken);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'fuzzy-edit: unexpected error: EIO: i/o error, read (run with --debug for details)\n');
    const debug = await run(['apply', '--debug'], broken);
    assert.equal(debug.status, 2);
    assert.match(debug.stderr, /^fuzzy-edit: unexpected error: EIO: i\/o error, read\nError: EIO: i\/o error, read\n\s+at /);
  });

  it('--help prints the usage and reads nothing', async () => {
    const r = await run(['--help'], terminal);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage:\n/);
    assert.equal(r.stderr, '');
  });
});
