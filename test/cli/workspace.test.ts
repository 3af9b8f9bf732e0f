// The CLI's writes, in process: what happens when the disk changes between reading a file and writing it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveBatch, type FileEdit, type FileResult } from '../../src/core';
import { existingDirectory, Workspace } from '../../src/cli/workspace';
import { plannedStatus, writeFiles } from '../../src/cli/writeFiles';
import { immutable } from './immutable';
import { BadInput, describeFailure } from '../../src/cli/exit';

describe('cli: writing files (lost updates, item 9)', () => {
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const edit = (p: string, oldString: string, newString: string): FileEdit => ({ kind: 'replace', path: p, oldString, newString, sourceLine: 1 });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-ws-'));
    fs.writeFileSync(file('a.txt'), 'alpha\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Resolves one edit against the disk, lets `meanwhile` change the disk, then writes: like two runs racing. */
  function race(edits: FileEdit[], meanwhile: () => void) {
    const workspace = new Workspace(dir);
    const batch = resolveBatch(workspace.read, edits);
    assert.ok(batch.ok);
    meanwhile();
    return writeFiles(batch.files, workspace, false);
  }

  it('refuses to overwrite a file another writer changed after it was read, and keeps that change', () => {
    const [outcome] = race([edit('a.txt', 'alpha', 'beta')], () => fs.writeFileSync(file('a.txt'), 'alpha\nadded by someone else\n'));
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.error!, /a\.txt changed on disk after it was read: not overwritten/);
    assert.equal(fs.readFileSync(file('a.txt'), 'utf8'), 'alpha\nadded by someone else\n');
  });

  it('notices a same-size rewrite with the same mtime (content is compared, not only stat)', () => {
    const stat = fs.statSync(file('a.txt'));
    const [outcome] = race([edit('a.txt', 'alpha', 'beta')], () => {
      fs.writeFileSync(file('a.txt'), 'ALPHA\n');
      fs.utimesSync(file('a.txt'), stat.atime, stat.mtime);
    });
    assert.equal(outcome.status, 'failed');
    assert.equal(fs.readFileSync(file('a.txt'), 'utf8'), 'ALPHA\n');
  });

  it('refuses to create a file that appeared after it was found missing', () => {
    const create: FileEdit = { kind: 'create', path: 'new.txt', content: 'mine\n', sourceLine: 1 };
    const [outcome] = race([create], () => fs.writeFileSync(file('new.txt'), 'theirs\n'));
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.error!, /new\.txt appeared on disk/);
    assert.equal(fs.readFileSync(file('new.txt'), 'utf8'), 'theirs\n');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.txt', 'new.txt'], 'no temporary file left behind');
  });

  it('a write that fails (the file became a directory: EISDIR) is reported, not thrown', () => {
    const [outcome] = race([edit('a.txt', 'alpha', 'beta')], () => {
      fs.rmSync(file('a.txt'));
      fs.mkdirSync(file('a.txt'));
    });
    assert.equal(outcome.status, 'failed');
    assert.ok(fs.statSync(file('a.txt')).isDirectory());
  });

  it('refuses a move whose source changed after it was read, writing neither name', () => {
    const move: FileEdit = { kind: 'rename', path: 'a.txt', to: 'b.txt', sourceLine: 1 };
    const [outcome] = race([move], () => fs.writeFileSync(file('a.txt'), 'changed\n'));
    assert.equal(outcome.status, 'failed');
    assert.equal(fs.existsSync(file('b.txt')), false);
    assert.equal(fs.readFileSync(file('a.txt'), 'utf8'), 'changed\n');
  });
});

describe('cli: unexpected errors (item 12)', () => {
  it('are one line without --debug, and carry the stack with it', () => {
    const err = Object.assign(new Error("EACCES: permission denied, open 'a.txt'\nmore"), { code: 'EACCES' });
    const plain = describeFailure(err, false);
    assert.equal(plain, "fuzzy-edit: unexpected error: EACCES: permission denied, open 'a.txt' (run with --debug for details)\n");
    const debug = describeFailure(err, true);
    assert.ok(debug.startsWith("fuzzy-edit: unexpected error: EACCES: permission denied, open 'a.txt'\nError: EACCES"), debug);
    assert.match(debug, /\n\s+at [^\n]+\n$/, 'the stack trace, ending the output with a line break');
    assert.equal(describeFailure(new BadInput('x is refused.'), true), 'fuzzy-edit: x is refused.\n');
  });
});

describe('cli: the workspace on disk', () => {
  let base: string;
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');
  const refusal = (ws: Workspace, rel: string) => {
    try {
      ws.relative(rel);
    } catch (err) {
      assert.ok(err instanceof BadInput, String(err));
      return err.message;
    }
    assert.fail(`${rel} was accepted`);
  };

  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-disk-')));
    dir = path.join(base, 'proj');
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    fs.writeFileSync(file('a.txt'), 'alpha\n');
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('a file is read once: later reads give that text, and the write checks the disk against it', () => {
    const ws = new Workspace(dir);
    assert.equal(ws.read('a.txt'), 'alpha\n');
    fs.writeFileSync(file('a.txt'), 'ALPHA\n');
    assert.equal(ws.read('a.txt'), 'alpha\n');
    assert.throws(() => ws.write('a.txt', 'beta\n'), /a\.txt changed on disk after it was read: not overwritten/);
    assert.equal(read('a.txt'), 'ALPHA\n');
  });

  it('a symlink retargeted after the read is not written through, at either target', () => {
    fs.writeFileSync(file('c.txt'), 'alpha\n');
    fs.symlinkSync('a.txt', file('b.txt'));
    const ws = new Workspace(dir);
    assert.equal(ws.read('b.txt'), 'alpha\n');
    fs.rmSync(file('b.txt'));
    fs.symlinkSync('c.txt', file('b.txt'));
    assert.throws(() => ws.write('b.txt', 'beta\n'), /b\.txt now leads somewhere else \(a symbolic link changed\): not written\./);
    assert.deepEqual([read('a.txt'), read('c.txt')], ['alpha\n', 'alpha\n']);
  });

  it('bytes changed with the size, the mtime and the inode kept are noticed', () => {
    fs.utimesSync(file('a.txt'), 1_700_000_000, 1_700_000_000);
    const ws = new Workspace(dir);
    ws.read('a.txt');
    fs.writeFileSync(file('a.txt'), 'ALPHA\n');
    fs.utimesSync(file('a.txt'), 1_700_000_000, 1_700_000_000);
    assert.throws(() => ws.write('a.txt', 'beta\n'), /changed on disk after it was read/);
    assert.equal(read('a.txt'), 'ALPHA\n');
  });

  it('a file replaced by another (a new inode) with the same bytes and mtime is not the file that was read', () => {
    fs.utimesSync(file('a.txt'), 1_700_000_000, 1_700_000_000);
    const ws = new Workspace(dir);
    ws.read('a.txt');
    fs.writeFileSync(file('other.txt'), 'alpha\n');
    fs.utimesSync(file('other.txt'), 1_700_000_000, 1_700_000_000);
    fs.renameSync(file('other.txt'), file('a.txt'));
    assert.throws(() => ws.write('a.txt', 'beta\n'), /changed on disk after it was read/);
  });

  it('a file saved again after the read, even with the same bytes, is not overwritten', () => {
    fs.utimesSync(file('a.txt'), 1_700_000_000, 1_700_000_000);
    const ws = new Workspace(dir);
    ws.read('a.txt');
    fs.writeFileSync(file('a.txt'), 'alpha\n');
    fs.utimesSync(file('a.txt'), 1_700_000_100, 1_700_000_100);
    assert.throws(() => ws.write('a.txt', 'beta\n'), /changed on disk after it was read/);
  });

  it('a rename that fails leaves the file as it was and no temporary file', function () {
    const unlock = immutable(file('a.txt'));
    if (!unlock) this.skip();
    try {
      const ws = new Workspace(dir);
      ws.read('a.txt');
      assert.throws(() => ws.write('a.txt', 'beta\n'), /EPERM/);
    } finally {
      unlock();
    }
    assert.equal(read('a.txt'), 'alpha\n');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.txt', 'sub']);
  });

  it('a name whose directory symlink was retargeted after the read is not deleted, even if it leads to the same file', () => {
    fs.mkdirSync(file('one'));
    fs.mkdirSync(file('two'));
    fs.symlinkSync('../a.txt', file('one/x.txt'));
    fs.symlinkSync('../a.txt', file('two/x.txt'));
    fs.symlinkSync('one', file('d'));
    const ws = new Workspace(dir);
    assert.equal(ws.relative('d/x.txt'), 'd/x.txt');
    ws.read('d/x.txt');
    fs.rmSync(file('d'));
    fs.symlinkSync('two', file('d'));
    assert.throws(() => ws.remove('d/x.txt'), /d\/x\.txt now leads somewhere else/);
    assert.ok(fs.lstatSync(file('two/x.txt')).isSymbolicLink());
  });

  it('a write into a directory that refuses new files fails with that error, not a cleanup error', function () {
    const unlock = immutable(dir);
    if (!unlock) this.skip();
    try {
      const ws = new Workspace(dir);
      ws.read('a.txt');
      assert.throws(() => ws.write('a.txt', 'beta\n'), /EPERM/);
      assert.throws(() => ws.write('new.txt', 'new\n'), /EPERM/);
    } finally {
      unlock();
    }
    assert.equal(read('a.txt'), 'alpha\n');
  });

  it('a file deleted after the read is not written again', () => {
    const ws = new Workspace(dir);
    ws.read('a.txt');
    fs.rmSync(file('a.txt'));
    assert.throws(() => ws.write('a.txt', 'beta\n'), /a\.txt changed on disk after it was read: not overwritten/);
    assert.equal(fs.existsSync(file('a.txt')), false);
  });

  it('a write replaces the file whole (a new inode), keeps its mode, and leaves no temporary file or open descriptor', () => {
    fs.chmodSync(file('a.txt'), 0o640);
    const inode = fs.statSync(file('a.txt')).ino;
    const descriptors = () => fs.readdirSync('/proc/self/fd').length;
    const open = process.platform === 'linux' ? descriptors() : 0;
    const ws = new Workspace(dir);
    ws.read('a.txt');
    ws.write('a.txt', 'beta\n');
    ws.write('new.txt', 'new\n');
    assert.equal(read('a.txt'), 'beta\n');
    assert.notEqual(fs.statSync(file('a.txt')).ino, inode);
    assert.equal(fs.statSync(file('a.txt')).mode & 0o777, 0o640);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.txt', 'new.txt', 'sub']);
    if (process.platform === 'linux') assert.equal(descriptors(), open);
  });

  it('a new file in new directories under an existing one lands there', () => {
    const ws = new Workspace(dir);
    assert.equal(ws.relative('sub/new/deeper/x.txt'), 'sub/new/deeper/x.txt');
    assert.equal(ws.read('sub/new/deeper/x.txt'), undefined);
    ws.write('sub/new/deeper/x.txt', 'x\n');
    assert.equal(read('sub/new/deeper/x.txt'), 'x\n');
  });

  it('a symlink to nothing is refused, even one whose target would be inside', () => {
    fs.symlinkSync(path.join(base, 'outside.txt'), file('sub/dangling'));
    fs.symlinkSync('missing.txt', file('inside-dangling'));
    const ws = new Workspace(dir);
    assert.equal(refusal(ws, 'sub/dangling'), 'sub/dangling is refused: sub/dangling is a symbolic link to nothing.');
    assert.equal(refusal(ws, 'inside-dangling'), 'inside-dangling is refused: inside-dangling is a symbolic link to nothing.');
    assert.equal(refusal(ws, 'inside-dangling/x.txt'), 'inside-dangling/x.txt is refused: inside-dangling is a symbolic link to nothing.');
    assert.equal(fs.existsSync(path.join(base, 'outside.txt')), false);
  });

  it('a refusal names the part of the path that fails', () => {
    const ws = new Workspace(dir);
    const long = 'n'.repeat(300);
    assert.equal(refusal(ws, `sub/${long}/x/y.txt`), `sub/${long}/x/y.txt is refused: sub/${long} cannot be looked up (ENAMETOOLONG).`);
    fs.writeFileSync(file('sub/f.txt'), 'f\n');
    assert.equal(refusal(ws, 'sub/f.txt/x/y.txt'), 'sub/f.txt/x/y.txt is refused: sub/f.txt is not a directory.');
  });

  it('--cwd must be a directory', () => {
    assert.throws(() => existingDirectory('nope', dir), (err: Error) => err instanceof BadInput && err.message === '--cwd nope is not a directory.');
    assert.throws(() => existingDirectory('a.txt', dir), /--cwd a\.txt is not a directory\./);
    assert.equal(existingDirectory('sub', dir), file('sub'));
  });

  describe('a disk that ignores case (told by the root under its name with the case swapped)', () => {
    const root = (name: string) => {
      const at = path.join(base, name);
      fs.mkdirSync(at);
      return at;
    };

    it('is not assumed: no such sibling, another directory of that name, or a name without letters (Linux)', () => {
      assert.equal(new Workspace(dir).caseInsensitive, false);
      root('PROJ');
      assert.equal(new Workspace(dir).caseInsensitive, false, 'PROJ is another directory');
      if (process.platform === 'linux') assert.equal(new Workspace(root('2024')).caseInsensitive, false);
    });

    it('is told when the swapped name is the same directory, and then two spellings of a name are one file', () => {
      const mixed = root('MixedCase');
      fs.symlinkSync(mixed, path.join(base, 'mIXEDcASE'));
      const ws = new Workspace(mixed);
      assert.equal(ws.caseInsensitive, true);
      fs.writeFileSync(path.join(mixed, 'readme.md'), 'x\n');
      assert.equal(ws.key('README.md'), ws.key('readme.md'));
      assert.notEqual(ws.key('README.md'), ws.key('other.md'));
    });
  });
});

describe('cli: what writing a file does', () => {
  const result = (before: string | undefined, after: string | undefined, extra: Partial<FileResult> = {}): FileResult => ({ path: 'a.txt', before, after, complete: true, edits: [0], ...extra });

  it('plans each status from the file before and after', () => {
    assert.equal(plannedStatus(result('a', 'b')), 'written');
    assert.equal(plannedStatus(result(undefined, 'b')), 'created');
    assert.equal(plannedStatus(result('a', undefined)), 'deleted');
    assert.equal(plannedStatus(result('a', 'b', { renamedTo: 'b.txt' })), 'renamed');
    assert.equal(plannedStatus(result('a', 'a')), 'unchanged');
    assert.equal(plannedStatus(result('a', 'b', { complete: false })), 'held-back');
  });

  it('an unchanged file (its edit already applied) is not rewritten: same inode, same mtime', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-same-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
      fs.utimesSync(path.join(dir, 'a.txt'), 1_700_000_000, 1_700_000_000);
      const before = fs.statSync(path.join(dir, 'a.txt'));
      const ws = new Workspace(dir);
      const batch = resolveBatch(ws.read, [{ kind: 'create', path: 'a.txt', content: 'alpha\n', sourceLine: 1 }]);
      const [outcome] = writeFiles(batch.files, ws, false);
      assert.equal(outcome.status, 'unchanged');
      const after = fs.statSync(path.join(dir, 'a.txt'));
      assert.deepEqual([after.ino, after.mtimeMs], [before.ino, before.mtimeMs]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
