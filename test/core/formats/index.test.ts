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
    assert.equal(
      result.message,
      'No edit found. Expected SEARCH/REPLACE blocks ("<<<<<<< SEARCH" … "=======" … ">>>>>>> REPLACE"), an edit tool call as JSON (old_string/new_string), a unified diff ("--- a/f", "+++ b/f", "@@ … @@") or an apply_patch block ("*** Begin Patch" … "*** End Patch").',
    );
  });

  it('formats side by side are refused as mixed, naming each (the strongest marker won, and the other edits were dropped)', () => {
    const patch = '*** Begin Patch\n*** Delete File: p.txt\n*** End Patch';
    const block = 's.txt\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE';
    const diff = '--- a/d.txt\n+++ b/d.txt\n@@ -1 +1 @@\n-x\n+y';
    const call = '{"file_path":"j.txt","old_string":"x","new_string":"y"}';
    const formatOf = (...parts: string[]) => {
      const result = parseEdits(parts.join('\n'));
      return result.ok ? result.format : `error: ${result.message}`;
    };
    assert.equal(formatOf(call, diff, block, patch), 'error: This text mixes edit formats (apply_patch at line 13, SEARCH/REPLACE at line 8, unified diff at line 2): which are the edits cannot be told. Nothing was changed: send the edits in one format.');
    assert.equal(formatOf(call, diff, block), 'error: This text mixes edit formats (SEARCH/REPLACE at line 8, unified diff at line 2): which are the edits cannot be told. Nothing was changed: send the edits in one format.');
    // A JSON tool call beside a line dialect is that dialect's text (JSON cannot hold a raw marker line).
    assert.equal(formatOf(call, diff), 'unified-diff');
    assert.equal(formatOf(call), 'tool-call');
  });

  it('markers of one format inside another’s blocks are content: a SEARCH/REPLACE block adding an apply_patch fixture', () => {
    const fixture = ['    apply("""', '*** Begin Patch', '*** Add File: hello.txt', '+hello', '*** End Patch', '""")'];
    const text = ['tests/test_patch.py', '<<<<<<< SEARCH', 'class T:', '=======', 'class T:', ...fixture, '>>>>>>> REPLACE'].join('\n');
    const result = parseEdits(text);
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.equal(result.format, 'search-replace');
    assert.deepEqual(result.edits.map((e) => e.kind), ['replace']);
    // …and a diff inside an apply_patch file added, or a SEARCH block inside a diff's added lines, alike.
    const inPatch = parseEdits(['*** Begin Patch', '*** Add File: t.diff', '+--- a/x', '++++ b/x', '+@@ -1 +1 @@', '*** End Patch'].join('\n'));
    assert.equal(inPatch.ok && inPatch.format, 'apply-patch');
  });

  it('a broken request of a recognised dialect says which', () => {
    const result = parseEdits('<<<<<<< SEARCH\nx\n');
    assert.ok(!result.ok);
    assert.equal(result.format, 'search-replace');
  });
});
