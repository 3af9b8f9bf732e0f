// The CLI's writes, in process: what happens when the disk changes between reading a file and writing it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveBatch, type FileEdit } from '../../src/core';
import { Workspace } from '../../src/cli/workspace';
import { writeFiles } from '../../src/cli/writeFiles';
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
    assert.match(debug, /^fuzzy-edit: unexpected error: EACCES[^\n]*\nError: EACCES/);
    assert.match(debug, /\n\s+at /, 'the stack trace');
    assert.equal(describeFailure(new BadInput('x is refused.'), true), 'fuzzy-edit: x is refused.\n');
  });
});
