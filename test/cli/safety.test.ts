// End-to-end safety of `fuzzy-edit apply` (issue 10): what an untrusted request must never do to the disk.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli, cliWithStdin, type Run } from './run';

describe('cli: safety', () => {
  let base: string;
  let dir: string;
  let outside: string;
  const file = (rel: string) => path.join(dir, rel);
  const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');
  const write = (rel: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
    fs.writeFileSync(file(rel), content);
  };
  const replace = (filePath: string, oldString: string, newString: string) => ({ file_path: filePath, old_string: oldString, new_string: newString });
  const apply = (edits: object | string, ...args: string[]) => cli(['apply', ...args], { input: typeof edits === 'string' ? edits : JSON.stringify(edits), cwd: dir });
  const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
  /** Exit 2 with one line on stderr, nothing on stdout: bad input, nothing written. */
  const assertBadInput = (r: Run, pattern: RegExp) => {
    assert.equal(r.status, 2, r.stderr + r.stdout);
    assert.match(r.stderr, pattern);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, `one line, no stack trace:\n${r.stderr}`);
    assert.equal(r.stdout, '');
  };

  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-safety-'));
    dir = path.join(base, 'project');
    outside = path.join(base, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
    write('a.txt', 'alpha\n');
    write('.git/config', '[core]\n\tbare = false\n');
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  describe('paths (items 3, 4, 5)', () => {
    it('refuses a symlink inside --cwd that points outside it, and writes nothing there', async () => {
      fs.symlinkSync(path.join(outside, 'secret.txt'), file('link.txt'));
      assertBadInput(await apply(replace('link.txt', 'secret', 'PWNED')), /link\.txt is refused: it leads out of --cwd through a symbolic link/);
      assert.equal(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'secret\n');
    });

    it('refuses a new file under a directory symlink that points outside (*** Add File: linkdir/new.txt)', async () => {
      fs.symlinkSync(outside, file('linkdir'));
      assertBadInput(await apply(patch('*** Add File: linkdir/new.txt', '+hello')), /linkdir\/new\.txt is refused: it leads out of --cwd/);
      assert.deepEqual(fs.readdirSync(outside), ['secret.txt']);
    });

    it('refuses .git/config in any case, a new hook, and a symlink into .git', async () => {
      assertBadInput(await apply(replace('.git/config', 'bare = false', 'fsmonitor = "touch pwned"')), /\.git\/config is refused: files inside \.git are never edited/);
      assertBadInput(await apply(replace('.GIT/config', 'bare = false', 'x')), /is refused: files inside \.git/);
      assertBadInput(await apply(patch('*** Add File: .git/hooks/pre-commit', '+#!/bin/sh', '+touch pwned')), /\.git\/hooks\/pre-commit is refused/);
      fs.symlinkSync(path.join('.git', 'config'), file('cfg'));
      assertBadInput(await apply(replace('cfg', 'bare = false', 'x')), /cfg is refused: it leads into \.git through a symbolic link/);
      assert.equal(read('.git/config'), '[core]\n\tbare = false\n');
      assert.equal(fs.existsSync(file('.git/hooks/pre-commit')), false);
    });

    it('refuses a move whose target leaves --cwd (*** Move to: ../outside.txt), and the source stays', async () => {
      assertBadInput(await apply(patch('*** Update File: a.txt', '*** Move to: ../outside.txt', '-alpha', '+beta')), /\.\.\/outside\.txt is refused: the path leaves the workspace folder/);
      assert.equal(read('a.txt'), 'alpha\n');
      assert.equal(fs.existsSync(path.join(base, 'outside.txt')), false);
    });

    it('refuses an absolute path (even one inside --cwd) and a URI', async () => {
      assertBadInput(await apply(replace(file('a.txt'), 'alpha', 'beta')), /is refused: an absolute path is not allowed/);
      assertBadInput(await apply(replace(`file://${file('a.txt')}`, 'alpha', 'beta')), /is refused: a URI is not a workspace path/);
      assertBadInput(await apply(patch('*** Delete File: ' + path.join(outside, 'secret.txt'))), /is refused: an absolute path/);
      assert.equal(read('a.txt'), 'alpha\n');
      assert.ok(fs.existsSync(path.join(outside, 'secret.txt')));
    });

    it('find refuses the same paths, and files that are not text', async () => {
      assertBadInput(await cli(['find', '.git/config'], { input: 'bare', cwd: dir }), /\.git\/config is refused: files inside \.git/);
      assertBadInput(await cli(['find', '../outside/secret.txt'], { input: 'secret', cwd: dir }), /is refused: the path leaves the workspace folder/);
      write('logo.png', Buffer.from([0x89, 0x50, 0x00]));
      assertBadInput(await cli(['find', 'logo.png'], { input: 'P', cwd: dir }), /logo\.png cannot be searched: it is binary/);
    });

    it('refuses a device or a FIFO', async function () {
      if (process.platform === 'win32') this.skip();
      fs.symlinkSync('/dev/zero', file('zero'));
      assertBadInput(await apply(replace('zero', 'x', 'y')), /zero is refused: it leads out of --cwd/);
      spawnSync('mkfifo', [file('fifo')]);
      assertBadInput(await apply(replace('fifo', 'x', 'y')), /fifo is refused: it is a device, FIFO or socket/);
    });

    it('an edit through a symlink that stays inside --cwd is written to its target, and the link stays a link', async () => {
      fs.symlinkSync('a.txt', file('b.txt'));
      const r = await apply(replace('b.txt', 'alpha', 'beta'));
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read('a.txt'), 'beta\n');
      assert.ok(fs.lstatSync(file('b.txt')).isSymbolicLink());
    });
  });

  describe('no silent data loss (items 6-10)', () => {
    it('refuses two edits to one file under two names (a.txt and a symlink b.txt → a.txt)', async () => {
      write('a.txt', 'one\ntwo\n');
      fs.symlinkSync('a.txt', file('b.txt'));
      const r = await apply([replace('a.txt', 'one', 'ONE'), replace('b.txt', 'two', 'TWO')], '--json');
      assert.equal(r.status, 1, r.stderr + r.stdout);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.edits.map((e: { status: string; code?: string }) => [e.status, e.code]), [['refused', 'conflict'], ['refused', 'conflict']]);
      assert.match(report.edits[0].message, /a\.txt and b\.txt: these names are one file/);
      assert.equal(read('a.txt'), 'one\ntwo\n');
    });

    it('refuses a create and a move onto the same name in one request (item 7)', async () => {
      const r = await apply(patch('*** Add File: new.txt', '+created', '*** Update File: a.txt', '*** Move to: new.txt', '-alpha', '+beta'), '--json');
      assert.equal(r.status, 1, r.stderr + r.stdout);
      const report = JSON.parse(r.stdout);
      assert.ok(report.edits.every((e: { status: string; code?: string }) => e.status === 'refused' || e.status === 'held-back'), r.stdout);
      assert.ok(report.edits.some((e: { code?: string; message?: string }) => e.code === 'conflict' && /new\.txt: a move in this request ends on a name/.test(e.message!)));
      assert.equal(read('a.txt'), 'alpha\n');
      assert.equal(fs.existsSync(file('new.txt')), false);
    });

    it('refuses a deletion diff whose lines are not what the file holds, and deletes one whose lines are (item 8)', async () => {
      write('notes.txt', 'keep this\nand this\n');
      const deletion = (lines: string[]) => ['--- a/notes.txt', '+++ /dev/null', `@@ -1,${lines.length} +0,0 @@`, ...lines.map((l) => '-' + l), ''].join('\n');
      const r = await apply(deletion(['something', 'else']));
      assert.equal(r.status, 1, r.stderr + r.stdout);
      assert.match(r.stdout, /#1 refused {2}notes\.txt {2}not_found: notes\.txt was not deleted: the file does not hold the text the deletion shows/);
      assert.equal(read('notes.txt'), 'keep this\nand this\n');
      const partial = await apply(deletion(['keep this']));
      assert.equal(partial.status, 1, 'a deletion showing only part of the file is refused too');
      assert.ok(fs.existsSync(file('notes.txt')));
      const r2 = await apply(deletion(['keep this', 'and this']));
      assert.equal(r2.status, 0, r2.stderr + r2.stdout);
      assert.equal(fs.existsSync(file('notes.txt')), false);
    });

    it('edits a file with several hard links in place: every name sees the change (item 9)', async () => {
      fs.linkSync(file('a.txt'), file('hard.txt'));
      const r = await apply(replace('a.txt', 'alpha', 'beta'));
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read('hard.txt'), 'beta\n');
      assert.equal(fs.statSync(file('a.txt')).ino, fs.statSync(file('hard.txt')).ino);
    });

    it('a path longer than the system will look up is bad input naming it, clipped (it was "unexpected error: ENAMETOOLONG")', async () => {
      const long = `${'d/'.repeat(3000)}x.txt`;
      const r = await apply({ command: 'create', path: long, file_text: 'x' });
      assertBadInput(r, /^fuzzy-edit: (d\/){100}… cannot be read \(ENAMETOOLONG\)\.\n$/);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['.git', 'a.txt']);
    });

    it('refuses binary and Latin-1 files and leaves them byte for byte (item 10)', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);
      const latin1 = Buffer.from('caf\xe9 = 1\nna\xefve = 2\n', 'latin1');
      write('logo.png', png);
      write('legacy.txt', latin1);
      const r = await apply([replace('logo.png', 'PNG', 'JPG'), replace('legacy.txt', 'na\ufffdve = 2', 'naive = 3'), replace('legacy.txt', '= 1', '= 9')], '--json');
      assert.equal(r.status, 1, r.stderr + r.stdout);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.edits.map((e: { code?: string }) => e.code), ['not_text', 'not_text', 'not_text']);
      assert.match(report.edits[0].message, /logo\.png was left untouched: it is binary/);
      assert.match(report.edits[2].message, /not valid UTF-8/);
      assert.ok(fs.readFileSync(file('logo.png')).equals(png));
      assert.ok(fs.readFileSync(file('legacy.txt')).equals(latin1));
    });

    it('deletes a binary file when asked without claiming its content', async () => {
      write('logo.png', Buffer.from([0x89, 0x50, 0x00, 0x01]));
      const r = await apply(patch('*** Delete File: logo.png'));
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(fs.existsSync(file('logo.png')), false);
    });
  });

  describe('real-world input (items 11-13)', () => {
    it('creates the file a git C-quoted name means ("b/caf\\303\\251.txt" is café.txt)', async () => {
      const r = await apply(['diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"', 'new file mode 100644', '--- /dev/null', '+++ "b/caf\\303\\251.txt"', '@@ -0,0 +1 @@', '+menu', ''].join('\n'));
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read('café.txt'), 'menu\n');
      assert.equal(fs.existsSync(file('caf303251.txt')), false);
    });

    it('a malformed hunk is bad input (exit 2) naming its line, and nothing is written', async () => {
      write('f.txt', 'one\ntwo\nthree\n');
      const r = await apply(['--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' one', '-two', 'oops', '+TWO', ' three', ''].join('\n'));
      assertBadInput(r, /^fuzzy-edit: stdin:6: Line 6: in the hunk at line 3, expected a line starting with/);
      assert.equal(read('f.txt'), 'one\ntwo\nthree\n');
    });

    it('prints no raw escape sequence from an edit: the terminal showing the report is not driven by it', async () => {
      write('a.txt', 'hello world\nsecond line\n');
      const r = await apply(replace('a.txt', 'hello w\x1b]0;PWNED\x07orld\nsecond line', 'x'));
      assert.equal(r.status, 1, r.stderr + r.stdout);
      assert.match(r.stdout, /the old text has `hello w\\u001b\]0;PWNED\\u0007orld`/);
      assert.ok(!/[\x1b\x07\x9b]/.test(r.stdout + r.stderr), JSON.stringify(r.stdout));
    });

    it('ENOTDIR, ENAMETOOLONG and a NUL in a JSON path exit 2 with one line', async () => {
      assertBadInput(await apply(replace('a.txt/x', 'a', 'b')), /a\.txt\/x is refused: a\.txt is not a directory/);
      assertBadInput(await apply(replace('n'.repeat(300) + '.txt', 'a', 'b')), /is refused: .*cannot be looked up \(ENAMETOOLONG\)/);
      assertBadInput(await apply('{"file_path": "a.txt\\u0000.sh", "old_string": "alpha", "new_string": "beta"}'), /is refused: a file name cannot contain a NUL character/);
    });

    it('edits a file whose name is 240 characters long (the temporary name stays short)', async () => {
      const name = 'x'.repeat(236) + '.txt';
      write(name, 'old\n');
      const r = await apply(replace(name, 'old', 'new'));
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read(name), 'new\n');
      assert.deepEqual(fs.readdirSync(dir).sort(), ['.git', 'a.txt', name].sort(), 'no temporary file left behind');
    });

    it('refuses to create a file where a directory is (EISDIR), writing nothing', async () => {
      fs.mkdirSync(file('src'));
      assertBadInput(await apply(patch('*** Add File: src', '+x')), /src is refused: it is a directory, not a file/);
      assert.ok(fs.statSync(file('src')).isDirectory());
    });

    it('reads a slow, non-blocking stdin pipe to its end instead of failing with EAGAIN (item 13)', async function () {
      if (process.platform === 'win32') this.skip();
      const fifo = path.join(base, 'stdin.fifo');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      // O_NONBLOCK is shared with the child through the open file description: a synchronous read gets EAGAIN.
      const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      const writeEnd = fs.openSync(fifo, 'w');
      const input = JSON.stringify(replace('a.txt', 'alpha', 'beta'));
      const r = await cliWithStdin(['apply'], {
        cwd: dir,
        stdin: readEnd,
        feed: async () => {
          fs.closeSync(readEnd);
          fs.writeSync(writeEnd, input.slice(0, 10));
          await new Promise((resolve) => setTimeout(resolve, 700));
          fs.writeSync(writeEnd, input.slice(10));
          fs.closeSync(writeEnd);
        },
      });
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.equal(read('a.txt'), 'beta\n');
    });
  });
});
