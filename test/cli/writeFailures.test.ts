// The CLI's promises when writing goes wrong or a path leaves the project, end to end (what the real entry point
// runs, on the disk): a failed write is never an exit 0, and no file operation reaches outside --cwd.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FileResult } from '../../src/core';
import { applyStatus } from '../../src/cli/apply';
import { cli as run } from './run';

const cli = async (args: string[], cwd: string, input: string) => {
  const r = await run(args, { cwd, input });
  return { status: r.status, out: r.stdout + r.stderr };
};

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

describe('cli: failed writes and paths outside --cwd', () => {
  let top: string;
  let dir: string;
  beforeEach(() => {
    top = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-cli-rules-'));
    dir = path.join(top, 'project');
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.txt'), 'hello\nworld\n');
  });
  afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

  it('a file to create that is a directory is refused before anything is written (exit 2, says why)', async () => {
    const r = await cli(['apply'], dir, patch('*** Add File: sub', '+x'));
    assert.equal(r.status, 2, r.out);
    assert.match(r.out, /directory/);
    assert.ok(fs.statSync(path.join(dir, 'sub')).isDirectory());
  });

  it('a write that fails at write time is not success: exit 1', async () => {
    const file = { path: 'a.txt', before: 'a', after: 'b', complete: true } as unknown as FileResult;
    assert.equal(applyStatus(true, [{ file, status: 'written' }]), 0);
    assert.equal(applyStatus(true, [{ file, status: 'written' }, { file, status: 'failed', error: 'EISDIR' }]), 1);
    assert.equal(applyStatus(false, [{ file, status: 'written' }]), 1);
  });

  it('a move target outside --cwd is refused before anything is written: the source stays, nothing outside', async () => {
    const r = await cli(['apply'], dir, patch('*** Update File: a.txt', '*** Move to: ../outside.txt', '@@', ' hello', '-world', '+there'));
    assert.equal(r.status, 2, r.out);
    assert.match(r.out, /outside/);
    assert.equal(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8'), 'hello\nworld\n');
    assert.equal(fs.existsSync(path.join(top, 'outside.txt')), false);
  });

  it('an absolute move target is refused the same way', async () => {
    const target = path.join(top, 'abs.txt');
    const r = await cli(['apply'], dir, patch('*** Update File: a.txt', `*** Move to: ${target}`, '@@', ' hello', '-world', '+there'));
    assert.equal(r.status, 2, r.out);
    assert.equal(fs.existsSync(target), false);
    assert.equal(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8'), 'hello\nworld\n');
  });
});
