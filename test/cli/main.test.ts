// The real entry point (src/cli/main.ts, bundled) in a child process: what only the process shows. The other
// CLI tests run the same code in process (test/cli/run.ts); these check main.ts's wiring: the exit status is the
// process's, output goes to its stdout and stderr, stdin is read as a stream and kept for a second look.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliProcess } from './run';

describe('cli: the fuzzy-edit process (main.ts)', () => {
  let dir: string;
  const read = (rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');
  const replace = (oldString: string, newString: string) => JSON.stringify({ file_path: 'a.txt', old_string: oldString, new_string: newString });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-main-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha\nbeta\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exits 0 when every edit applied, 1 when one was refused, 2 on bad input (one line on stderr)', () => {
    const ok = cliProcess(['apply'], { input: replace('alpha', 'ALPHA'), cwd: dir });
    assert.equal(ok.status, 0, ok.stderr + ok.stdout);
    assert.match(ok.stdout, /^#1 applied {2}a\.txt/);
    assert.equal(read('a.txt'), 'ALPHA\nbeta\n');

    const refused = cliProcess(['apply'], { input: replace('gamma', 'GAMMA'), cwd: dir });
    assert.equal(refused.status, 1, refused.stderr + refused.stdout);
    assert.match(refused.stdout, /^#1 refused {2}a\.txt {2}not_found/);

    const bad = cliProcess(['apply'], { input: JSON.stringify({ file_path: '../a.txt', old_string: 'alpha', new_string: 'x' }), cwd: dir });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^fuzzy-edit: stdin:1: \.\.\/a\.txt is refused: the path leaves the workspace folder[^\n]*\n$/);
    assert.equal(bad.stdout, '');
    assert.equal(read('a.txt'), 'ALPHA\nbeta\n');
  });

  it('--help prints the usage on stdout (exit 0)', () => {
    const r = cliProcess(['--help'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage:\n {2}fuzzy-edit apply/);
    assert.equal(r.stderr, '');
  });

  it('reads stdin once and keeps it: a labelled code block, read as edits first, is then applied as a snippet', () => {
    fs.writeFileSync(path.join(dir, 'f.js'), 'function f() {\n  const x = 1;\n  return x;\n}\n');
    const block = ['```js f.js', 'function f() {', '  const x = 2;', '  return x;', '}', '```', ''].join('\n');
    const r = cliProcess(['apply'], { input: block, cwd: dir });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^applied {2}f\.js {2}lines 1-4 {2}snippet/);
    assert.equal(read('f.js'), 'function f() {\n  const x = 2;\n  return x;\n}\n');
  });
});
