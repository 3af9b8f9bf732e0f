// Inputs crafted to make a parser blow up (issue 10, item 14): each must finish with the right answer. Their
// time is measured in the bench (bench/parsers.ts), not asserted here; a quadratic parser would time mocha out.
import { strict as assert } from 'node:assert';
import { parseEdits } from '../../../src/core';

const CALL = '{"file_path": "a.txt", "old_string": "x", "new_string": "y"}';

function paths(text: string): string[] {
  const result = parseEdits(text);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.edits.map((e) => e.path ?? '');
}

describe('formats: hostile inputs finish, with the right answer', () => {
  it('20,000 nested arrays around a tool call (40 KB) do not overflow the stack', () => {
    assert.deepEqual(paths('['.repeat(20_000) + CALL + ']'.repeat(20_000)), ['a.txt']);
  });

  it('40,000 unclosed brackets after a tool call are not rescanned for each bracket', () => {
    assert.deepEqual(paths(CALL + '\n' + '{'.repeat(40_000)), ['a.txt']);
    assert.deepEqual(paths(CALL + '\n' + '[{"a":'.repeat(10_000)), ['a.txt']);
  });

  it('an unclosed tool call inside 20,000 unclosed arrays is an error naming its line', () => {
    const result = parseEdits('prose\n' + '['.repeat(20_000) + CALL);
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.message, /^The JSON starting at line 2 is invalid at line 2, column \d+: not closed/);
  });

  it('10,000 tool calls get their own line numbers', () => {
    const text = Array.from({ length: 10_000 }, (_, i) => CALL.replace('a.txt', `f${i}.txt`)).join('\n');
    const result = parseEdits(text);
    assert.ok(result.ok);
    assert.equal(result.edits.length, 10_000);
    assert.deepEqual([result.edits[0].sourceLine, result.edits[9_999].sourceLine], [1, 10_000]);
  });

  it('an apply_patch header with 80,000 spaces before the name', () => {
    assert.deepEqual(paths(`*** Begin Patch\n*** Add File: ${' '.repeat(80_000)}x.txt\n+a\n*** End Patch\n`), ['x.txt']);
    assert.deepEqual(paths(`*** Begin Patch\n*** Update File: a.txt\n*** Move to: ${' '.repeat(80_000)}b.txt\n-a\n+b\n*** End Patch\n`), ['a.txt', 'a.txt']);
  });

  it('a path line with 80,000 emphasis characters that do not reach its end', () => {
    const block = '\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n';
    assert.deepEqual(paths('a' + '*'.repeat(80_000) + 'b' + block), ['']);
    assert.deepEqual(paths('**a.txt**' + block), ['a.txt']);
  });

  it('a diff --git line with 20,000 " b/" in it', () => {
    const result = parseEdits('diff --git a/x' + ' b/'.repeat(20_000) + 'x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n');
    assert.deepEqual(result.ok && result.edits.map((e) => e.path), ['x']);
  });

  it('20,000 nested broken arrays beside a tool call are not parsed once per bracket', () => {
    assert.deepEqual(paths('['.repeat(20_000) + 'x' + ']'.repeat(20_000) + '\n' + CALL), ['a.txt']);
    assert.deepEqual(paths(CALL + '\n' + '['.repeat(20_000) + '1,' + ']'.repeat(20_000)), ['a.txt']);
  });

  it('20,000 nested broken arrays around a tool call end as a parse error, not a hang', () => {
    const result = parseEdits('['.repeat(20_000) + '1 ' + CALL + ']'.repeat(20_000));
    assert.equal(result.ok, false);
  });

  it('quotes and brackets woven together (strings end at a line break) finish', () => {
    const text = CALL + '\n' + '["\\"[{"'.repeat(5_000) + '\n' + '{"a": "['.repeat(5_000);
    assert.deepEqual(paths(text), ['a.txt']);
  });
});
