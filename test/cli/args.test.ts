// Command-line arguments: what each command accepts, and every mistake named with its fix (BadInput: exit 2).
import { strict as assert } from 'node:assert';
import { parseCommand } from '../../src/cli/args';
import { BadInput } from '../../src/cli/exit';

/** The BadInput message parseCommand gives for `argv`. */
function mistake(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (err) {
    assert.ok(err instanceof BadInput, `${argv.join(' ')}: ${String(err)}`);
    return err.message;
  }
  assert.fail(`${argv.join(' ')} was accepted`);
}

describe('cli: arguments', () => {
  it('help: no command, help, -h, --help, or -h after a command', () => {
    for (const argv of [[], ['help'], ['-h'], ['--help'], ['apply', '-h'], ['find', 'a.ts', '--help']]) assert.deepEqual(parseCommand(argv), { name: 'help' }, argv.join(' '));
  });

  it('apply: inputs, --dry-run, --cwd, --json and --file, with their defaults', () => {
    assert.deepEqual(parseCommand(['apply']), { name: 'apply', inputs: [], dryRun: false, cwd: '.', json: false });
    assert.deepEqual(parseCommand(['apply', '--dry-run', '--cwd', 'proj', '--json', 'a.patch', '-', '--file', 'src/x.ts', '--debug']), {
      name: 'apply',
      inputs: ['a.patch', '-'],
      dryRun: true,
      cwd: 'proj',
      json: true,
      file: 'src/x.ts',
    });
  });

  it('find: one FILE, --line from 1, --cwd and --json', () => {
    assert.deepEqual(parseCommand(['find', 'a.ts']), { name: 'find', file: 'a.ts', cwd: '.', json: false });
    assert.deepEqual(parseCommand(['find', 'a.ts', '--line', '12', '--cwd', 'proj', '--json']), { name: 'find', file: 'a.ts', line: 12, cwd: 'proj', json: true });
    assert.deepEqual(parseCommand(['find', 'a.ts', '--line', '1']), { name: 'find', file: 'a.ts', line: 1, cwd: '.', json: false });
  });

  it('names each mistake and its fix', () => {
    assert.equal(mistake(['frobnicate']), 'Unknown command "frobnicate": expected "apply" or "find" (see --help).');
    assert.match(mistake(['apply', '--frobnicate']), /^Unknown option '--frobnicate'.* \(see --help\)$/);
    assert.equal(mistake(['apply', '--line', '3']), '--line is an option of "find", not of "apply".');
    assert.equal(mistake(['find', 'a.ts', '--file', 'b.ts']), '--file is an option of "apply": "find" takes the FILE as its argument.');
    assert.equal(mistake(['find', 'a.ts', '--dry-run']), '--dry-run is an option of "apply": "find" never writes.');
    assert.equal(mistake(['find']), '"find" takes one FILE to search (got 0); the snippet comes from stdin.');
    assert.equal(mistake(['find', 'a.ts', 'b.ts']), '"find" takes one FILE to search (got 2); the snippet comes from stdin.');
  });

  it('--line takes a whole line number from 1', () => {
    for (const bad of ['0', '-1', '1.5', 'ten', '']) assert.equal(mistake(['find', 'a.ts', `--line=${bad}`]), `--line takes a line number from 1 (got "${bad}").`);
  });
});
