import { strict as assert } from 'node:assert';
import { parseEdits } from '../../../src/core';

describe('formats: parseEdits detects the dialect', () => {
  const cases: [string, string, string][] = [
    ['search-replace', 'a.ts\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n', 'a.ts'],
    ['tool-call', 'Calling:\n{"file_path":"b.ts","old_string":"x","new_string":"y"}', 'b.ts'],
    ['unified-diff', '--- a/c.ts\n+++ b/c.ts\n@@ -1 +1 @@\n-x\n+y\n', 'c.ts'],
    ['apply-patch', '*** Begin Patch\n*** Update File: d.ts\n-x\n+y\n*** End Patch\n', 'd.ts'],
  ];
  for (const [format, text, path] of cases) {
    it(format, () => {
      const result = parseEdits(text);
      assert.ok(result.ok);
      assert.equal(result.format, format);
      assert.equal(result.edits[0].path, path);
    });
  }

  it('a SEARCH block quoted inside a JSON string does not make the text a SEARCH/REPLACE request', () => {
    const text = JSON.stringify({ file_path: 'p.md', old_string: 'x', new_string: '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE' });
    const result = parseEdits(text);
    assert.ok(result.ok);
    assert.equal(result.format, 'tool-call');
  });

  it('a diff whose added lines contain JSON edit keys is still a diff', () => {
    const text = '--- a/t.json\n+++ b/t.json\n@@ -1 +1 @@\n-{}\n+{"old_string": "x", "new_string": "y"}\n';
    const result = parseEdits(text);
    assert.ok(result.ok);
    assert.equal(result.format, 'unified-diff');
  });

  it('text without any edit: an error without a format, pointing at line 1', () => {
    const result = parseEdits('Sorry, I cannot help with that.');
    assert.ok(!result.ok);
    assert.equal(result.format, undefined);
    assert.equal(result.line, 1);
    assert.match(result.message, /No edit found/);
  });

  it('a broken request of a recognised dialect says which', () => {
    const result = parseEdits('<<<<<<< SEARCH\nx\n');
    assert.ok(!result.ok);
    assert.equal(result.format, 'search-replace');
  });
});
