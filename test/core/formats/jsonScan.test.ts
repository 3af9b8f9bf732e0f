// The JSON scanner under the tool-call reader: which spans of a text it hands to JSON.parse, which it reports as
// broken JSON (and where), and the bracket scanner's answers, against a plain scan from each bracket.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { propertyRuns } from '../../support/properties';
import { Closes, LineIndex, scanJson, type JsonSpan } from '../../../src/core/formats/jsonScan';
import { parseToolCalls } from '../../../src/core/formats/toolCall';
import { edits } from './expectations';

const scan = (text: string, worthParsing?: (start: number, end: number) => boolean): JsonSpan[] => [...scanJson(text, worthParsing)];

describe('formats: jsonScan, the spans of a text', () => {
  it('values in order, each once: a value inside a value found is not yielded again', () => {
    assert.deepEqual(scan('a {"x":1} b [2] c {"y":{"z":[3]}}'), [
      { kind: 'value', start: 2, end: 9, value: { x: 1 } },
      { kind: 'value', start: 12, end: 15, value: [2] },
      { kind: 'value', start: 18, end: 33, value: { y: { z: [3] } } },
    ]);
  });

  it('values right after one another are each found', () => {
    assert.deepEqual(scan('[1][2]{"a":1}').map((s) => s.kind === 'value' && s.value), [[1], [2], { a: 1 }]);
  });

  it('only objects and arrays are values: a quoted string around brackets is not one, the array in it is', () => {
    assert.deepEqual(scan('"[1]"\n'), [{ kind: 'value', start: 1, end: 4, value: [1] }]);
  });

  it('code and prose braces are not JSON, and not an error; a value inside them still is', () => {
    assert.deepEqual(scan('f() { return [1, 2]; } {x} [a] [ b'), [{ kind: 'value', start: 13, end: 19, value: [1, 2] }]);
  });

  it('broken JSON is reported only where it starts like data: {" or [" or [{", spaces allowed', () => {
    assert.deepEqual(scan('p {"a" 1} q'), [{ kind: 'broken', start: 2, end: 9, at: 7, reason: "Expected ':' after property name" }]);
    assert.deepEqual(scan('[{"a" 1}] [ "a" 1] [ {  "a" 1]'), [
      { kind: 'broken', start: 0, end: 9, at: 6, reason: "Expected ':' after property name" },
      { kind: 'broken', start: 10, end: 18, at: 16, reason: "Expected ',' or ']' after array element" },
      { kind: 'broken', start: 19, end: 30, at: 28, reason: "Expected ':' after property name" },
    ]);
    assert.deepEqual(scan('[1 2] [{a 1}] { a: 1 } [[ "a" 1]]'), [{ kind: 'broken', start: 24, end: 32, at: 30, reason: "Expected ',' or ']' after array element" }]);
    assert.deepEqual(scan('{ "a" 1}'), [{ kind: 'broken', start: 0, end: 8, at: 6, reason: "Expected ':' after property name" }]);
    // Only the first 200 characters are looked at: spaces beyond that are not data.
    assert.deepEqual(scan('[' + ' '.repeat(250) + '"a" 1]'), []);
  });

  it('a broken value inside a broken one already reported is not reported again; one after it is', () => {
    assert.deepEqual(scan('{"a": [{"b" 1}]} {"c" 2}'), [
      { kind: 'broken', start: 0, end: 16, at: 12, reason: "Expected ':' after property name" },
      { kind: 'broken', start: 17, end: 24, at: 22, reason: "Expected ':' after property name" },
    ]);
    // The inner value ends where the outer one does (both at the mismatched "]"): reported once.
    assert.deepEqual(scan('{"a": {"b" 1]'), [{ kind: 'broken', start: 0, end: 13, at: 11, reason: "Expected ':' after property name" }]);
    assert.deepEqual(scan('{"a" 1} {"b": 2}'), [
      { kind: 'broken', start: 0, end: 7, at: 5, reason: "Expected ':' after property name" },
      { kind: 'value', start: 8, end: 16, value: { b: 2 } },
    ]);
  });

  it('an unclosed value is broken at the end of the text, naming the closer it lacks, once', () => {
    assert.deepEqual(scan('x {"a": {"b": [1'), [{ kind: 'broken', start: 2, end: 16, at: 16, reason: 'not closed: expected "]" before the end of the text' }]);
    assert.deepEqual(scan('{"a": 1'), [{ kind: 'broken', start: 0, end: 7, at: 7, reason: 'not closed: expected "}" before the end of the text' }]);
  });

  it('a mismatched closer, a line break in a string, an error without a position', () => {
    assert.deepEqual(scan('{"a":1]'), [{ kind: 'broken', start: 0, end: 7, at: 6, reason: "Expected ',' or '}' after property value" }]);
    // The string ends at the line break; what follows is read afresh.
    assert.deepEqual(scan('{"a": "b\n", "c": {"d": 1}}'), [
      { kind: 'broken', start: 0, end: 9, at: 8, reason: 'Bad control character in string literal' },
      { kind: 'value', start: 17, end: 25, value: { d: 1 } },
    ]);
    // V8 names no position for some errors: the problem is then placed at the value's end.
    assert.deepEqual(scan('x {"a":}'), [{ kind: 'broken', start: 2, end: 8, at: 8, reason: 'Unexpected token \'}\', "{"a":}" is not valid JSON' }]);
    // The source V8 quotes is kept as written, even where it reads like another engine's prefix.
    assert.deepEqual(scan('{"a": JSON.parse: 1}'), [{ kind: 'broken', start: 0, end: 20, at: 20, reason: 'Unexpected token \'J\', "{"a": JSON.parse: 1}" is not valid JSON' }]);
  });

  it('a SpiderMonkey message (Firefox, VS Code for the Web) loses its "JSON.parse: " prefix; without a position the problem is at the value\'s end', () => {
    const parse = JSON.parse;
    let spans: JsonSpan[];
    JSON.parse = () => {
      throw new SyntaxError("JSON.parse: expected ':' after property name in object at line 1 column 6 of the JSON data");
    };
    try {
      spans = scan('{"a" 1}');
    } finally {
      JSON.parse = parse;
    }
    assert.deepEqual(spans, [{ kind: 'broken', start: 0, end: 7, at: 7, reason: "expected ':' after property name in object at line 1 column 6 of the JSON data" }]);
  });

  it('a span the caller does not want is not parsed, but is searched inside', () => {
    const asked: string[] = [];
    const inner = (s: number, e: number) => (asked.push(`${s}-${e}`), s === 6);
    assert.deepEqual(scan('{"a": {"old": 1}}', inner), [{ kind: 'value', start: 6, end: 16, value: { old: 1 } }]);
    assert.deepEqual(scan('{"a" x {"old": 1}}', (s) => s === 7), [{ kind: 'value', start: 7, end: 17, value: { old: 1 } }]);
    // An unclosed span is asked about up to the end of the text.
    assert.deepEqual(scan('{"a": 1', (s, e) => (asked.push(`${s}-${e}`), false)), []);
    assert.ok(asked.includes('0-7'), asked.join(' '));
    // A closed span is asked about up to its own end, not the text's.
    assert.deepEqual(scan('{"a": 1} {"b": 2}', (s, e) => e - s === 8).map((span) => span.start), [0, 9]);
  });
});

describe('formats: jsonScan, the work budget', () => {
  const brokenNest = (n: number) => '['.repeat(n) + '1,' + ']'.repeat(n);

  it('nested broken values are parsed one by one up to a fixed allowance', () => {
    // 300 levels: about 90,000 characters handed to JSON.parse, far more than 40 per character of the text.
    assert.deepEqual(scan('prose\n' + brokenNest(300)), []);
  });

  it('past the budget the text is refused, naming the line where the scan was', () => {
    assert.throws(() => scan('prose\n' + brokenNest(3000)), { line: 2, message: 'The JSON in this text is too deeply nested and broken to read (from line 2): send the edit as one well-formed JSON value.' });
  });

  it('both the scan and the characters handed to JSON.parse count: a text using its whole allowance is read, one more unit is refused', () => {
    // An unclosed "[" (its scan reads everything after it; it is not parsed) around nested broken arrays (each parsed
    // once, about 4.4 million characters in all). The prefix and the trailing spaces tune the allowance to the unit:
    // 40 per character and 4,000,000, less the characters the scan reads and those handed to JSON.parse.
    const text = (prefix: number, trailing: number) => 'x'.repeat(prefix) + '[' + brokenNest(2100) + ' '.repeat(trailing);
    assert.deepEqual(scan(text(6292, 18)), []);
    assert.throws(() => scan(text(6291, 19)), { line: 1, message: /too deeply nested and broken to read \(from line 1\)/ });
  });

  it('one large value (2.5 MB, read twice: the scan and JSON.parse) is within the budget', () => {
    const big = '{"a":"' + 'x'.repeat(2_500_000) + '"}';
    assert.deepEqual(scan(big).map((s) => [s.kind, s.end]), [['value', big.length]]);
  });
});

describe('formats: jsonScan, the bracket scanner (Closes)', () => {
  /** The reference: scan from `start` alone; a string ends at a line break. */
  function plainClose(text: string, start: number): { end: number; expected: string } {
    const open: string[] = [];
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        for (i++; i < text.length && text[i] !== '"'; i++) {
          if (text[i] === '\\') i++;
          if (text[i] === '\n') return { end: i + 1, expected: '"' };
        }
      } else if (c === '{' || c === '[') open.push(c === '{' ? '}' : ']');
      else if (c === '}' || c === ']') {
        if (open.pop() !== c || open.length === 0) return { end: i + 1, expected: c };
      }
    }
    return { end: -1, expected: open[open.length - 1] };
  }

  it('closed, unclosed, mismatched, broken by a line break in a string; strings and escapes are skipped', () => {
    const closes = new Closes('{"a": [1, "]"], "b": "\\"}"} [{"c": 1 {]x ["d\n"]');
    assert.deepEqual([closes.from(0), closes.from(6)].map(({ end, expected }) => ({ end, expected })), [
      { end: 27, expected: '}' },
      { end: 14, expected: ']' },
    ]);
    assert.deepEqual([closes.from(28), closes.from(29), closes.from(37), closes.from(41)].map(({ end, expected }) => ({ end, expected })), [
      { end: 39, expected: ']' },
      { end: 39, expected: ']' },
      { end: 39, expected: ']' },
      { end: 45, expected: '"' },
    ]);
    const unclosed = new Closes('[{"a": 1');
    assert.deepEqual([unclosed.from(0), unclosed.from(1)].map(({ end, expected }) => ({ end, expected })), [
      { end: -1, expected: '}' },
      { end: -1, expected: '}' },
    ]);
  });

  it('a bracket answered from an earlier scan costs no work and gives the same answer', () => {
    const closes = new Closes('{"a": [1, 2], "b": {"c": "}"}}');
    const first = closes.from(0);
    assert.ok(first.work > 0);
    assert.deepEqual(closes.from(0), { ...first, work: 0 });
    assert.deepEqual(closes.from(19), { end: 29, expected: '}', work: 0 });
  });

  it('a scan that started inside an earlier scan\'s string and came back in step at an escaped quote keeps its own brackets', () => {
    // From 0, the "{" at 2 and the "[" at 3 are inside a string; from 2, the string starts at 4 and holds an
    // escaped quote where the scan from 0 reads an opening one: the two read alike from there on.
    const closes = new Closes('["[{\\"{"}]');
    assert.deepEqual([closes.from(0), closes.from(2), closes.from(3)].map(({ end, expected }) => ({ end, expected })), [
      { end: 9, expected: '}' },
      { end: 10, expected: ']' },
      { end: 9, expected: '}' },
    ]);
    const unclosed = new Closes('["{\\"{');
    assert.deepEqual([unclosed.from(0), unclosed.from(2)].map(({ end, expected }) => ({ end, expected })), [
      { end: -1, expected: ']' },
      { end: -1, expected: '}' },
    ]);
    // Come back in step where the earlier scan's bracket (the first of the text) was broken by a line break.
    const broken = new Closes('["{\\"\n]');
    assert.deepEqual([broken.from(0), broken.from(2)].map(({ end, expected }) => ({ end, expected })), [
      { end: 6, expected: '"' },
      { end: 6, expected: '"' },
    ]);
    // Asked out of order: the first bracket's scan meets a later one left unclosed, and a third meets the first's.
    const late = new Closes('["{\\"" x [[');
    assert.deepEqual([late.from(9), late.from(0), late.from(2)].map(({ end, expected }) => ({ end, expected })), [
      { end: -1, expected: ']' },
      { end: -1, expected: ']' },
      { end: -1, expected: ']' },
    ]);
  });

  it('a scan reads each character once: up to its closer, and past what an earlier scan read', () => {
    assert.equal(new Closes('[1] x').from(0).work, 2);
    // The bracket at 1 was answered before: the scan from 0 reads it and its closer, not what lies between.
    const nested = new Closes('[[1,2,3]]');
    nested.from(1);
    assert.equal(nested.from(0).work, 2);
    // From 2 (inside the string of the scan from 0): "{", the backslash and the quote (3), then the "{" at 6, which
    // the scan from 0 read in the same state (1): it goes on from that scan's end, the "}" at 8, and reads the "]" (1).
    const inString = new Closes('["[{\\"{"}]');
    inString.from(0);
    assert.equal(inString.from(2).work, 5);
  });

  it('a well-formed call after prose with a bracket and an odd quote is read, not refused as broken', () => {
    // The scan from the prose "[" reads the call's keys as strings' outsides, comes back in step at the escaped
    // quote, and ends at the inner "}": the call's own scan must not take that end for its own.
    const call = { name: 'Edit', input: { file_path: 'a.ts', old_string: 'say "hi"', new_string: 'say "bye"' } };
    assert.deepEqual(edits(parseToolCalls(`Try [the "quick fix: ${JSON.stringify(call)}`)), [
      { kind: 'replace', path: 'a.ts', oldString: 'say "hi"', newString: 'say "bye"', sourceLine: 1 },
    ]);
  });

  it('agrees with a plain scan from each bracket, asked in any order', () => {
    const text = fc.array(fc.constantFrom('{', '}', '[', ']', '"', '\\', '\n', 'a', ':'), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (t, order) => {
        const closes = new Closes(t);
        const starts = [...t].flatMap((c, i) => (c === '{' || c === '[' ? [i] : []));
        const asks = [...order.flatMap((k) => (starts.length ? [starts[k % starts.length]] : [])), ...starts];
        for (const s of asks) {
          const { end, expected } = closes.from(s);
          assert.deepEqual({ end, expected }, plainClose(t, s), `${JSON.stringify(t)} from ${s}`);
        }
      }),
      propertyRuns(3000),
    );
  });
});

describe('formats: jsonScan, line numbers (LineIndex)', () => {
  it('the 1-based line of each offset; a line break belongs to the line it ends', () => {
    const lines = new LineIndex('a\nb\n\nc');
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 99].map((o) => lines.lineAt(o)), [1, 1, 2, 2, 3, 4, 4, 4]);
    assert.deepEqual([0, 5].map((o) => new LineIndex('abc').lineAt(o)), [1, 1]);
  });
});

describe('formats: jsonScan reuses its bracket record between scans', () => {
  it('two scans alive at once (one paused inside the other) each read their own text', () => {
    const outer = scanJson('[1] {"a": [2, {"b": 3}]} [4]');
    const first = outer.next().value as JsonSpan;
    // A scan started and finished while the first is paused takes the record the first does not hold.
    assert.deepEqual(scan('x {"c": [5]} y'), [{ kind: 'value', start: 2, end: 12, value: { c: [5] } }]);
    assert.deepEqual([first, ...outer].map((s) => s.kind === 'value' && s.value), [[1], { a: [2, { b: 3 }] }, [4]]);
  });

  it('a record given back by a longer scan is cleared before a shorter one reads it', () => {
    scan('{"a": [1, 2, 3], "b": "]]]]"} '.repeat(50));
    assert.deepEqual(scan('[ "a" 1]'), [{ kind: 'broken', start: 0, end: 8, at: 6, reason: "Expected ',' or ']' after array element" }]);
    assert.deepEqual(scan('{"x": "}"}'), [{ kind: 'value', start: 0, end: 10, value: { x: '}' } }]);
  });

  it('a scan stopped early (the caller breaks out) gives its record back', () => {
    for (const span of scanJson('[1] [2] [3]')) if (span.kind === 'value') break;
    assert.deepEqual(scan('[7]').map((s) => s.kind === 'value' && s.value), [[7]]);
  });
});
