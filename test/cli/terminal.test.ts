import { strict as assert } from 'node:assert';
import { shown, terminalSafe } from '../../src/cli/terminal';

describe('cli: text for the terminal', () => {
  it('escapes C0 and C1 controls and DEL, keeps tabs, line feeds and CRLF', () => {
    assert.equal(terminalSafe('a\x1b[2Jb\x9b31mc\x7fd\x07'), 'a\\u001b[2Jb\\u009b31mc\\u007fd\\u0007');
    assert.equal(terminalSafe('one\ttwo\r\nthree\rfour\n'), 'one\ttwo\r\nthree\\u000dfour\n');
    assert.equal(terminalSafe('bell\x07\nesc\x1b\r\n'), 'bell\\u0007\nesc\\u001b\r\n', 'only a CR keeps its place before a line feed');
  });

  it('quotes names with spaces, quotes or controls, and leaves plain ones alone', () => {
    assert.equal(shown('src/a.ts'), 'src/a.ts');
    assert.equal(shown('my file.txt'), '"my file.txt"');
    assert.equal(shown('a\x9bb'), '"a\\u009bb"');
    assert.equal(shown(''), '""');
  });
});
