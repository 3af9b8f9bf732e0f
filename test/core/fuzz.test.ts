// Fuzzing the parsers, the path policy and the engine with hostile text (issue 10): NUL, lone surrogates, mixed
// CRLF/LF, a BOM, long lines, nested brackets and quotes, many blocks, empty or whitespace-only old text,
// old = new. Nothing may throw but a typed refusal, nothing outside the matched span may change, and line
// endings and surrogate pairs must survive. A fixed seed: a failure here is reproducible as it is.
// Time linearity is measured in the bench (bench/parsers.ts), not here.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyEdit, checkEditPath, findPathConflicts, isEditError, parseEdits, resolveBatch, type FileEdit, type ParseResult } from '../../src/core';
import { parseApplyPatch } from '../../src/core/formats/applyPatch';
import { Closes } from '../../src/core/formats/jsonScan';
import { parseSearchReplace } from '../../src/core/formats/searchReplace';
import { parseToolCalls } from '../../src/core/formats/toolCall';
import { parseUnifiedDiff } from '../../src/core/formats/unifiedDiff';

const SEED = 20261123;
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

/** Characters that break naive code: NUL, lone surrogates, a pair, CR, BOM, escapes, brackets, quotes. */
const nasty = fc.constantFrom('\0', '\ud800', '\udfff', '😀', '\r', '\r\n', '\n', '\uFEFF', '\\', '"', '{', '}', '[', ']', '\t', ' ', 'é', '\u200b');
const chunk = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: nasty },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '<<<<<<< SEARCH\n', '=======\n', '>>>>>>> REPLACE\n', '------- SEARCH\n', '+++++++ REPLACE\n', '------- REPLACE\n', '------- END\n', ':start_line:3\n-------\n',
      '*** Begin Patch\n', '*** End Patch\n', '*** Update File: a.txt\n', '*** Add File: b.txt\n', '*** Delete File: c.txt\n', '*** Move to: d.txt\n', '*** End of File\n', '@@ fn\n',
      'diff --git a/x b/x\n', '--- a/x\n', '+++ b/x\n', '--- /dev/null\n', '+++ /dev/null\n', '@@ -1,2 +1,2 @@\n', '@@ @@\n', '\\ No newline at end of file\n', ' ctx\n', '-old\n', '+new\n',
      '"b/caf\\303\\251.txt"', '```\n', '~~~diff\n', 'src/a.ts\n',
      '{"file_path":"a.txt","old_string":"x","new_string":"y"}', '{"old_string": ', '"new_string": "', '[{"', '"}', '{"edits":[', '{"name":"edit","arguments":"{\\"old_string\\":1}"}',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('['.repeat(300), ']'.repeat(300), '{"a":'.repeat(100), ' '.repeat(500), 'x'.repeat(2000), '"\\"['.repeat(100)) },
);
const hostileText = fc.array(chunk, { maxLength: 40 }).map((parts) => parts.join(''));

const PARSERS: [string, (text: string) => ParseResult][] = [
  ['parseEdits', parseEdits],
  ['search/replace', parseSearchReplace],
  ['unified diff', parseUnifiedDiff],
  ['apply_patch', parseApplyPatch],
  ['tool calls', parseToolCalls],
];

function lineCount(text: string): number {
  return text.replace(/\r\n?/g, '\n').split('\n').length;
}

describe('fuzz: parsers', () => {
  for (const [name, parse] of PARSERS) {
    it(`${name}: any text gives edits or a typed error with a line inside the text, never a throw`, () => {
      fc.assert(
        fc.property(hostileText, (text) => {
          const result = parse(text);
          const lines = lineCount(text);
          if (!result.ok) {
            assert.ok(Number.isInteger(result.line) && result.line >= 1 && result.line <= lines, `line ${result.line} of ${lines}`);
            assert.equal(typeof result.message, 'string');
            return;
          }
          assert.ok(result.edits.length > 0);
          for (const edit of result.edits) {
            assert.ok(edit.sourceLine >= 1 && edit.sourceLine <= lines, `sourceLine ${edit.sourceLine} of ${lines}`);
            for (const s of [edit.kind === 'replace' ? edit.oldString : '', edit.kind === 'replace' ? edit.newString : '', edit.kind === 'create' ? edit.content : '']) {
              assert.ok(!s.includes('\r'), 'parsed strings use \\n line endings');
            }
          }
        }),
        runs(1000),
      );
    });
  }

  it('the bracket scanner agrees with a plain scan from each bracket, asked in any order', () => {
    /** The reference: scan from `start` alone; a string ends at a line break. */
    function plainClose(text: string, start: number): number {
      const expected: string[] = [];
      for (let i = start; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
          for (i++; i < text.length && text[i] !== '"'; i++) {
            if (text[i] === '\\') i++;
            if (text[i] === '\n') return i + 1;
          }
        } else if (c === '{' || c === '[') expected.push(c === '{' ? '}' : ']');
        else if (c === '}' || c === ']') {
          if (expected.pop() !== c || expected.length === 0) return i + 1;
        }
      }
      return -1;
    }
    const text = fc.array(fc.constantFrom('{', '}', '[', ']', '"', '\\', '\n', 'a', ':'), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (t, order) => {
        const closes = new Closes(t);
        const starts = [...t].flatMap((c, i) => (c === '{' || c === '[' ? [i] : []));
        const asks = [...order.flatMap((k) => (starts.length ? [starts[k % starts.length]] : [])), ...starts];
        for (const s of asks) assert.equal(closes.from(s).end, plainClose(t, s), `${JSON.stringify(t)} from ${s}`);
      }),
      runs(3000),
    );
  });
});

describe('fuzz: path policy', () => {
  const segment = fc.oneof(fc.constantFrom('..', '.', '', '.git', '.GIT', '.git.', 'a', 'b.txt', 'C:', 'file:', '~', '\0', '\u200c'), fc.string({ maxLength: 6 }));
  const written = fc.tuple(fc.array(segment, { maxLength: 6 }), fc.constantFrom('/', '\\')).map(([parts, sep]) => parts.join(sep));

  it('an accepted path is relative, normalised, outside .git, and accepted again as itself', () => {
    fc.assert(
      fc.property(written, (p) => {
        const check = checkEditPath(p);
        if (!check.ok) return;
        const parts = check.path.split('/');
        assert.ok(!check.path.startsWith('/') && !check.path.includes('\\') && !check.path.includes('\0'));
        assert.ok(parts.every((s) => s !== '' && s !== '.' && s !== '..' && s.toLowerCase() !== '.git'), check.path);
        assert.deepEqual(checkEditPath(check.path), check);
      }),
      runs(2000),
    );
  });

  it('findPathConflicts never throws, and reports only indexes it was given', () => {
    const op = fc.record({ kind: fc.constantFrom('replace', 'create', 'delete', 'rename'), path: fc.constantFrom('a', 'A', 'b', 'c'), to: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 6 }), fc.boolean(), (ops, caseInsensitive) => {
        for (const c of findPathConflicts(ops, { caseInsensitive })) assert.ok(c.indexes.every((i) => i >= 0 && i < ops.length));
      }),
      runs(1000),
    );
  });
});

describe('fuzz: engine', () => {
  const textLine = fc.oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[ \t]{0,4}[a-z(){};= ]{0,16}$/) },
    { weight: 1, arbitrary: fc.array(nasty.filter((c) => !c.includes('\n') && !c.includes('\r')), { maxLength: 4 }).map((a) => a.join('')) },
  );
  const doc = fc.record({
    lines: fc.array(textLine, { minLength: 1, maxLength: 20 }),
    eol: fc.constantFrom('\n', '\r\n'),
    bom: fc.boolean(),
  });
  const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
  const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

  it('an edit is a typed refusal, or changes only its spans, keeps the file\'s line endings and never splits a surrogate pair', () => {
    const input = doc.chain((d) =>
      fc.record({
        d: fc.constant(d),
        // The old text: lines of the document (maybe perturbed), empty, whitespace, or random.
        old: fc.oneof(
          fc.tuple(fc.nat({ max: d.lines.length - 1 }), fc.integer({ min: 1, max: 3 })).map(([from, n]) => d.lines.slice(from, from + n).join('\n')),
          fc.tuple(fc.nat({ max: d.lines.length - 1 }), fc.integer({ min: 1, max: 3 })).map(([from, n]) => d.lines.slice(from, from + n).map((l) => '  ' + l.trim()).join('\n')),
          fc.constantFrom('', ' ', '\n', '\t\n  '),
          fc.string({ maxLength: 20 }),
        ),
        replacement: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('new line 1\nnew line 2'), nasty),
        same: fc.boolean(),
        replaceAll: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(input, ({ d, old, replacement, same, replaceAll }) => {
        const content = (d.bom ? '\uFEFF' : '') + d.lines.join(d.eol);
        const newString = same ? old : replacement;
        let result;
        try {
          result = applyEdit(content, old, newString, { replaceAll });
        } catch (err) {
          if (!isEditError(err)) throw err;
          return;
        }
        assert.notEqual(newString, old, 'old = new is refused');
        // A file whose line breaks are all CRLF gets CRLF in new text too (one without any line break can't say).
        const crlfOnly = content.includes('\r\n') && !/(^|[^\r])\n/.test(content);
        let [at, out] = [0, 0];
        for (const e of result.edits) {
          assert.ok(at <= e.start && e.start <= e.end && e.end <= content.length);
          assert.equal(result.content.slice(out, out + (e.start - at)), content.slice(at, e.start), 'unchanged before the span');
          out += e.start - at + e.text.length;
          at = e.end;
          for (const edge of [e.start, e.end]) assert.ok(!(isHigh(content.charCodeAt(edge - 1)) && isLow(content.charCodeAt(edge))), 'a span edge splits a surrogate pair');
          if (crlfOnly && !newString.includes('\r')) assert.ok(!/(^|[^\r])\n/.test(e.text), 'the replacement uses the file\'s CRLF');
        }
        assert.equal(result.content.slice(out), content.slice(at), 'unchanged after the last span');
        if (d.bom) assert.ok(result.content.startsWith('\uFEFF'), 'the BOM stays');
      }),
      runs(1000),
    );
  });

  it('a batch of random edits to random files settles every edit with a typed outcome', () => {
    const file = fc.constantFrom('a.txt', 'b.txt', 'A.txt', 'new.txt');
    const edit: fc.Arbitrary<FileEdit> = fc.oneof(
      fc.record({ kind: fc.constant('replace' as const), path: file, oldString: fc.constantFrom('one', 'two\nthree', '', 'x'), newString: fc.constantFrom('ONE', '', 'x'), sourceLine: fc.constant(1) }),
      fc.record({ kind: fc.constant('create' as const), path: file, content: fc.constantFrom('', 'new\n'), sourceLine: fc.constant(1) }),
      fc.record({ kind: fc.constant('delete' as const), path: file, sourceLine: fc.constant(1) }),
      fc.record({ kind: fc.constant('delete' as const), path: file, oldContent: fc.constantFrom('one\n', 'one\ntwo\nthree\n', ''), sourceLine: fc.constant(1) }),
      fc.record({ kind: fc.constant('rename' as const), path: file, to: file, sourceLine: fc.constant(1) }),
    );
    const files = new Map([
      ['a.txt', 'one\ntwo\nthree\n'],
      ['b.txt', 'one\r\n\ud800\0\r\n'],
    ]);
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), fc.boolean(), (edits, caseInsensitive) => {
        const result = resolveBatch(files, edits, { caseInsensitive, notText: (p) => (p === 'b.txt' ? 'binary' : undefined) });
        assert.equal(result.outcomes.length, edits.length);
        result.outcomes.forEach((o, i) => assert.equal(o.index, i));
        for (const f of result.files) {
          if (files.get(f.path) === files.get('b.txt') && f.complete) assert.ok(f.after === undefined || f.after === f.before, 'a non-text file is never rewritten');
        }
      }),
      runs(1000),
    );
  });
});
