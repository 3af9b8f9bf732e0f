// The rules of the tool-call reader, each by the smallest call that shows it: which JSON is an edit, which of
// its keys name the file and the old and new text, which envelopes are looked through, and which calls are
// refused (with the message a model reads to correct itself).
import { strict as assert } from 'node:assert';
import { hasToolCallJson, parseToolCalls } from '../../../src/core/formats/toolCall';
import type { ParseResult } from '../../../src/core/formats/types';
import { edits } from './expectations';

function failure(result: ParseResult): { line: number; message: string } {
  assert.ok(!result.ok, 'expected a parse error');
  assert.equal(result.format, 'tool-call');
  return { line: result.line, message: result.message };
}

const NOTHING = 'No edit tool call found: expected JSON with old_string/new_string (or oldString/newString, old_str/new_str).';
const read = (value: unknown) => edits(parseToolCalls(JSON.stringify(value)));
const refusal = (value: unknown) => failure(parseToolCalls(JSON.stringify(value)));

describe('formats: tool calls, what makes a text one', () => {
  it('a quoted edit key followed by a colon, spaces allowed between', () => {
    for (const key of ['old_string', 'oldString', 'old_str', 'new_string', 'newString', 'new_str', 'edits', 'file_text']) {
      assert.equal(hasToolCallJson(`{"${key}" \n: 1}`), true, key);
    }
    assert.equal(hasToolCallJson('{"old_string"}'), false);
    assert.equal(hasToolCallJson('old_string: 1'), false);
    assert.equal(hasToolCallJson('{"content": 1}'), false);
  });

  it('a lone CR is a line break too: in the text (line numbers) and inside strings', () => {
    assert.deepEqual(edits(parseToolCalls('prose\r{"path":"b","old_str":"x\\ry","new_str":"z\\r"}')), [{ kind: 'replace', path: 'b', oldString: 'x\ny', newString: 'z\n', sourceLine: 2 }]);
  });

  it('a view or undo_edit call is no edit, and is passed by', () => {
    assert.deepEqual(failure(parseToolCalls('{"command":"view","path":"a","old_str":"x"}')), { line: 1, message: NOTHING });
    assert.deepEqual(edits(parseToolCalls('{"command":"undo_edit","path":"a","old_str":"x"}\n{"path":"b","old_str":"x","new_str":"y"}')), [
      { kind: 'replace', path: 'b', oldString: 'x', newString: 'y', sourceLine: 2 },
    ]);
  });

  it('an insert call is refused, saying what to send instead', () => {
    assert.deepEqual(refusal({ command: 'insert', path: 'a', new_str: 'x', insert_line: 1 }), {
      line: 1,
      message: 'The tool call at line 1 is an "insert" command, which is not supported: send a str_replace with a line of context as old_str.',
    });
  });
});

describe('formats: tool calls, creating a file', () => {
  it('file_text creates a file, with or without command "create"; it needs a path and a string', () => {
    assert.deepEqual(read({ path: 'n.md', file_text: '# T' }), [{ kind: 'create', path: 'n.md', content: '# T', sourceLine: 1 }]);
    assert.deepEqual(refusal({ command: 'create', file_text: 'x' }), { line: 1, message: 'The tool call at line 1 names no file: add "file_path".' });
    assert.deepEqual(refusal({ command: 'create', path: 'a', file_text: 3 }), { line: 1, message: 'The tool call at line 1: file_text must be a string, not number.' });
    assert.deepEqual(refusal({ command: 'create', path: 'a', old_str: 'x' }), { line: 1, message: 'The tool call at line 1: file_text must be a string, not undefined.' });
  });

  it('file_text beside an old text is a replace (the old text says what to find)', () => {
    assert.deepEqual(read({ path: 'a', file_text: 'x', old_str: 'y', new_str: 'z' }), [{ kind: 'replace', path: 'a', oldString: 'y', newString: 'z', sourceLine: 1 }]);
  });

  it("Write's {file_path, content} creates a file only when those are its only keys", () => {
    assert.deepEqual(edits(parseToolCalls('{"file_path":"a","content":"x\\r\\ny"}\n{"file_text":1}')), [{ kind: 'create', path: 'a', content: 'x\ny', sourceLine: 1 }]);
    assert.deepEqual(failure(parseToolCalls('{"file_path":"a","content":"x","mode":"w","edits":0}')), { line: 1, message: NOTHING });
    assert.deepEqual(failure(parseToolCalls('{"content":"x","other":"y","edits":0}')), { line: 1, message: NOTHING });
    assert.deepEqual(failure(parseToolCalls('{"file_path":"a","content":1,"edits":0}')).message, NOTHING);
  });
});

describe('formats: tool calls, the keys of a replace', () => {
  it('the file: file_path, then filePath, then path; it must be a non-empty string', () => {
    assert.deepEqual(read({ path: 'p', filePath: 'f', file_path: 'ff', old_string: 'x', new_string: 'y' })[0].path, 'ff');
    assert.deepEqual(read({ path: 'p', filePath: 'f', old_string: 'x', new_string: 'y' })[0].path, 'f');
    assert.deepEqual(read({ old_string: 'x', new_string: 'y' }), [{ kind: 'replace', oldString: 'x', newString: 'y', sourceLine: 1 }]);
    assert.deepEqual(refusal({ path: '', old_string: 'x', new_string: 'y' }), { line: 1, message: 'The tool call at line 1: path must be a non-empty string.' });
    assert.deepEqual(refusal({ file_path: 3, old_string: 'x', new_string: 'y' }).message, 'The tool call at line 1: file_path must be a non-empty string.');
    assert.deepEqual(refusal({ file_path: null, old_string: 'x', new_string: 'y' }).message, 'The tool call at line 1: file_path must be a non-empty string.');
  });

  it('the old and new text: each family of names, the first one present wins', () => {
    assert.deepEqual(read({ path: 'a', old_string: 'x', oldString: 'q', new_string: 'y', newString: 'w' })[0], { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', sourceLine: 1 });
    assert.deepEqual(read({ path: 'a', oldString: 'q', old_str: 'r', newString: 'w', new_str: 's' })[0], { kind: 'replace', path: 'a', oldString: 'q', newString: 'w', sourceLine: 1 });
    assert.deepEqual(read({ path: 'a', old_str: 'x', newString: 'y' })[0], { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', sourceLine: 1 });
  });

  it('a missing new text is refused, naming the key of its family; only old_str means "replace with nothing"', () => {
    assert.deepEqual(refusal({ filePath: 'a', oldString: 'x' }), { line: 1, message: 'The tool call at line 1 has oldString but no newString.' });
    assert.deepEqual(refusal({ path: 'a', old_str: 'x', new_str: null }), { line: 1, message: 'The tool call at line 1: new_str must be a string, not null.' });
    assert.deepEqual(refusal({ path: 'a', old_string: null, new_string: 'y' }).message, 'The tool call at line 1: old_string must be a string, not null.');
  });

  it('replace_all (or replaceAll) true sets it; false or absent leaves it out; anything else is refused', () => {
    assert.deepEqual(read({ path: 'a', old_string: 'x', new_string: 'y', replace_all: false })[0], { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', sourceLine: 1 });
    assert.deepEqual(read({ path: 'a', old_string: 'x', new_string: 'y', replace_all: true })[0], { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', replaceAll: true, sourceLine: 1 });
    assert.deepEqual(read({ path: 'a', old_string: 'x', new_string: 'y', replaceAll: true })[0], { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', replaceAll: true, sourceLine: 1 });
    assert.deepEqual(refusal({ path: 'a', old_string: 'x', new_string: 'y', replaceAll: 1 }), { line: 1, message: 'The tool call at line 1: replace_all must be true or false.' });
  });

  it('a multi-edit: every item needs an old text, named by its index; an old text beside "edits" is one replace', () => {
    assert.deepEqual(refusal({ file_path: 'a', edits: [{ old_string: 'y', new_string: 'z' }, { new_string: 'q' }] }), { line: 1, message: 'The tool call at line 1: edits[1] has no old_string.' });
    assert.deepEqual(refusal({ file_path: 'a', edits: [null] }).message, 'The tool call at line 1: edits[0] has no old_string.');
    assert.deepEqual(refusal({ file_path: 'a', edits: [{ old_string: 'y' }] }).message, 'The tool call at line 1: edits[0] has old_string but no new_string.');
    assert.deepEqual(read({ file_path: 'a', edits: [1], old_string: 'y', new_string: 'z' }), [{ kind: 'replace', path: 'a', oldString: 'y', newString: 'z', sourceLine: 1 }]);
  });
});

describe('formats: tool calls, envelopes', () => {
  const call = { path: 'a', old_str: 'x', new_str: 'y' };
  const edit = { kind: 'replace', path: 'a', oldString: 'x', newString: 'y', sourceLine: 1 };

  it('input, parameters, function, tool_calls, content and arguments are looked through', () => {
    for (const key of ['input', 'parameters', 'function', 'content', 'arguments']) assert.deepEqual(read({ name: 'e', [key]: call }), [edit], key);
    assert.deepEqual(read({ tool_calls: [{ function: { arguments: JSON.stringify(call) } }] }), [edit]);
    assert.deepEqual(read({ role: 'assistant', content: [{ type: 'text', text: 'hi' }, { type: 'tool_use', input: call }] }), [edit]);
    assert.deepEqual(failure(parseToolCalls(JSON.stringify({ name: 'e', other: call }))), { line: 1, message: NOTHING });
  });

  it('in document order, whatever the order of the envelope keys', () => {
    const at = (path: string) => ({ path, old_str: 'x', new_str: 'y' });
    assert.deepEqual(
      read([at('1'), { arguments: at('4'), input: at('2'), parameters: at('3') }, [at('5')], at('6')]).map((e) => e.path),
      ['1', '2', '3', '4', '5', '6'],
    );
  });

  it('an arguments string without an edit key is not parsed; one that is not JSON is refused', () => {
    assert.deepEqual(read([{ name: 'e', arguments: '{"q": 1' }, call]), [edit]);
    assert.deepEqual(read([{ name: 'e', arguments: 5 }, call]), [edit]);
    assert.match(refusal({ name: 'edit', arguments: '{"old_str": 1' }).message, /^The "arguments" string of the tool call at line 1 is not valid JSON: .+\.$/);
  });

  it('only arguments is read as a JSON string: a string under another envelope key is text, even one naming an edit key', () => {
    assert.deepEqual(read([{ role: 'user', content: 'send {"old_str": "x"} like this' }, call]), [edit]);
    assert.deepEqual(refusal({ name: 'e', input: JSON.stringify(call) }), { line: 1, message: NOTHING });
  });

  it('strings, numbers and null beside calls are passed by', () => {
    assert.deepEqual(read(['see below', 5, null, call]), [edit]);
  });
});

describe('formats: tool calls, broken JSON', () => {
  const call = '{"path":"b","old_str":"x","new_str":"y"}';

  it('broken JSON is an error only when it holds an edit key; its line and column are where JSON.parse stopped', () => {
    assert.deepEqual(edits(parseToolCalls(`{"a": 1,, "content": 2}\n${call}`)).map((e) => e.path), ['b']);
    assert.deepEqual(edits(parseToolCalls(`{"a": 1,, "b": 2}\n${call}`)).map((e) => e.path), ['b']);
    assert.deepEqual(failure(parseToolCalls(`{"a": 1,\n {"old_str": 2}`)), {
      line: 2,
      message: 'The JSON starting at line 1 is invalid at line 2, column 16: not closed: expected "}" before the end of the text.',
    });
    assert.deepEqual(failure(parseToolCalls('prose\n\n  {"a":\n "old_string": "x" "new_string": "y"}')), {
      line: 4,
      message: "The JSON starting at line 3 is invalid at line 4, column 14: Expected ',' or '}' after property value.",
    });
  });

  it('broken JSON holding any one edit key is an error', () => {
    for (const key of ['old_string', 'oldString', 'old_str', 'new_string', 'newString', 'new_str', 'edits', 'file_text']) {
      assert.deepEqual(failure(parseToolCalls(`${call}\n{"${key}": 1,, "x": 2}`)), { line: 2, message: "The JSON starting at line 2 is invalid at line 2, column " + (key.length + 8) + ': Expected double-quoted property name.' }, key);
    }
  });

  it('broken JSON right before a call, on the same line, is no error when it holds no edit key itself', () => {
    assert.deepEqual(edits(parseToolCalls('{"a": 1,, "b": 2}{"old_str":"x","new_str":"y","path":"b"}')).map((e) => e.path), ['b']);
  });

  it('a call cut off right after its old-text key is unclosed JSON, not "no edit found"', () => {
    assert.deepEqual(failure(parseToolCalls('{"path": "a", "old_str":')), {
      line: 1,
      message: 'The JSON starting at line 1 is invalid at line 1, column 25: not closed: expected "}" before the end of the text.',
    });
  });

  it('a line break inside a string is the problem: its column is counted on the line it ends', () => {
    assert.deepEqual(failure(parseToolCalls('{"path": "a", "old_str": "x\n", "new_str": "y"}')), {
      line: 1,
      message: 'The JSON starting at line 1 is invalid at line 1, column 28: Bad control character in string literal.',
    });
  });

  it('an edit key inside a later JSON value does not make an earlier broken one an error', () => {
    assert.deepEqual(edits(parseToolCalls(`{"content": 1,, "x": 2}\n${call}\n${call}`)).map((e) => e.sourceLine), [2, 3]);
    assert.deepEqual(edits(parseToolCalls(`${call}\n{"content": 1,, "x": 2}\n${call}`)).map((e) => e.sourceLine), [1, 3]);
  });
});
