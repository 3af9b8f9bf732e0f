import { strict as assert } from 'node:assert';
import { parseToolCalls } from '../../../src/core/formats/toolCall';
import { parseEdits } from '../../../src/core';
import { edits } from './expectations';


describe('formats: tool-call JSON', () => {
  it('reads a Claude Code Edit call in a ```json fence inside prose', () => {
    const text = [
      "I'll rename the variable:",
      '',
      '```json',
      '{',
      '  "file_path": "/repo/src/app.ts",',
      '  "old_string": "const x = 1;\\nconsole.log(x);",',
      '  "new_string": "const count = 1;\\nconsole.log(count);",',
      '  "replace_all": false',
      '}',
      '```',
      'Let me know if {anything} else is needed.',
    ].join('\n');
    assert.deepEqual(edits(parseToolCalls(text)), [
      { kind: 'replace', path: '/repo/src/app.ts', oldString: 'const x = 1;\nconsole.log(x);', newString: 'const count = 1;\nconsole.log(count);', sourceLine: 4 },
    ]);
  });

  it('reads camelCase keys and replaceAll', () => {
    const text = '{"filePath":"a.ts","oldString":"foo","newString":"bar","replaceAll":true}';
    assert.deepEqual(edits(parseToolCalls(text)), [{ kind: 'replace', path: 'a.ts', oldString: 'foo', newString: 'bar', replaceAll: true, sourceLine: 1 }]);
  });

  it('reads str_replace_based_edit_tool calls; a missing new_str means delete', () => {
    const text = '{"command":"str_replace","path":"b.py","old_str":"print(1)\\n"}';
    assert.deepEqual(edits(parseToolCalls(text)), [{ kind: 'replace', path: 'b.py', oldString: 'print(1)\n', newString: '', sourceLine: 1 }]);
  });

  it('reads arrays of calls and multi-edits', () => {
    const text = JSON.stringify(
      [
        { file_path: 'a.ts', old_string: 'a', new_string: 'A' },
        { file_path: 'b.ts', edits: [{ old_string: 'b', new_string: 'B' }, { old_string: 'c', new_string: 'C', replace_all: true }] },
      ],
      null,
      2,
    );
    assert.deepEqual(
      edits(parseToolCalls(text)).map((e) => e.kind === 'replace' && [e.path, e.oldString, e.newString, e.replaceAll ?? false]),
      [
        ['a.ts', 'a', 'A', false],
        ['b.ts', 'b', 'B', false],
        ['b.ts', 'c', 'C', true],
      ],
    );
  });

  it('looks through name/input, name/arguments (object or JSON string) and tool_calls envelopes', () => {
    const anthropic = { type: 'tool_use', name: 'Edit', input: { file_path: 'a', old_string: '1', new_string: '2' } };
    const openai = { tool_calls: [{ type: 'function', function: { name: 'edit', arguments: JSON.stringify({ path: 'b', old_str: '3', new_str: '4' }) } }] };
    const plain = { name: 'edit_file', arguments: { filePath: 'c', oldString: '5', newString: '6' } };
    const text = [JSON.stringify(anthropic), 'and', JSON.stringify(openai), 'then', JSON.stringify(plain)].join('\n');
    assert.deepEqual(
      edits(parseToolCalls(text)).map((e) => [e.path, e.sourceLine]),
      [
        ['a', 1],
        ['b', 3],
        ['c', 5],
      ],
    );
  });

  it('reads create calls (Write, str_replace_based_edit_tool create)', () => {
    const text = ['{"file_path":"new.txt","content":"hello\\n"}', '{"command":"create","path":"n2.md","file_text":"# T"}'].join('\n');
    assert.deepEqual(edits(parseToolCalls(text)), [
      { kind: 'create', path: 'new.txt', content: 'hello\n', sourceLine: 1 },
      { kind: 'create', path: 'n2.md', content: '# T', sourceLine: 2 },
    ]);
  });

  it('normalises CRLF in input and in string values', () => {
    const text = '```json\r\n{"file_path":"w.txt",\r\n "old_string":"a\\r\\nb","new_string":"c"}\r\n```\r\n';
    assert.deepEqual(edits(parseToolCalls(text)), [{ kind: 'replace', path: 'w.txt', oldString: 'a\nb', newString: 'c', sourceLine: 2 }]);
  });

  it('ignores JSON and code that are not edits', () => {
    const text = ['package.json:', '{"name":"x","version":"1.0.0"}', 'function f() { return [1, 2]; }', '{"file_path":"a","old_string":"x","new_string":"y"}'].join('\n');
    assert.equal(edits(parseToolCalls(text)).length, 1);
  });

  describe('errors', () => {
    it('broken JSON: line and column of the problem', () => {
      const text = ['Here:', '{', '  "file_path": "a.ts",', '  "old_string": "x"', '  "new_string": "y"', '}'].join('\n');
      const result = parseToolCalls(text);
      assert.ok(!result.ok);
      assert.equal(result.format, 'tool-call');
      assert.equal(result.line, 5);
      assert.match(result.message, /JSON starting at line 2 is invalid at line 5, column 3: Expected ',' or '}' after property value/);
    });

    it('an unclosed object', () => {
      const result = parseToolCalls('{"file_path": "a", "old_string": "x", "new_string": "y"\n');
      assert.ok(!result.ok);
      assert.match(result.message, /not closed: expected "}"/);
    });

    it('a missing new_string', () => {
      const result = parseToolCalls('\n{"file_path": "a", "old_string": "x"}');
      assert.ok(!result.ok);
      assert.equal(result.line, 2);
      assert.match(result.message, /has old_string but no new_string/);
    });

    it('wrong types', () => {
      const result = parseToolCalls('{"file_path": "a", "old_string": 3, "new_string": "y"}');
      assert.ok(!result.ok);
      assert.match(result.message, /old_string must be a string, not number/);
      const flag = parseToolCalls('{"file_path": "a", "old_string": "x", "new_string": "y", "replace_all": "yes"}');
      assert.ok(!flag.ok);
      assert.match(flag.message, /replace_all must be true or false/);
    });

    it('a multi-edit without a file', () => {
      const result = parseToolCalls('{"edits": [{"old_string": "a", "new_string": "b"}]}');
      assert.ok(!result.ok);
      assert.match(result.message, /names no file/);
    });

    it('arguments that are a broken JSON string', () => {
      const result = parseToolCalls(JSON.stringify({ name: 'edit', arguments: '{"path":"a","old_str":"x",' }));
      assert.ok(!result.ok);
      assert.match(result.message, /"arguments" string of the tool call at line 1 is not valid JSON/);
    });

    it('nothing found', () => {
      const result = parseToolCalls('{"old_string_count": 1}');
      assert.ok(!result.ok);
      assert.match(result.message, /No edit tool call found/);
    });
  });
});

describe('formats: an OpenAI tool call alone, its arguments a JSON string', () => {
  it('is read as a tool call by parseEdits (it was taken for a bare code block: "No edit found" in the CLI)', () => {
    const text = JSON.stringify({ tool_calls: [{ type: 'function', function: { name: 'edit', arguments: JSON.stringify({ file_path: 'a.ts', old_string: 'x', new_string: 'y' }) } }] });
    const r = parseEdits(text);
    assert.equal(r.ok && r.format, 'tool-call');
    assert.deepEqual(r.ok && r.edits.map((e) => e.kind === 'replace' && [e.path, e.oldString, e.newString]), [['a.ts', 'x', 'y']]);
  });
});
