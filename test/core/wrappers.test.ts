import { strict as assert } from 'node:assert';
import { noteUnwrapped, unwrap } from '../../src/core/wrappers';
import type { FindResult, Match } from '../../src/core/types';

const FILE = 'const a = 1;\nb();\n';

// What a model wraps around an edit (a diff's markers, a code fence) is dropped before matching: never written,
// and never dropped where it is part of the text (src/core/wrappers.ts).
describe("wrappers: a diff's - and + markers", () => {
  it('are dropped from both sides when every line has one and each side has a change', () => {
    assert.deepEqual(unwrap(FILE, '-const a = 1;\n b();', '+const a = 2;\n b();'), { oldString: 'const a = 1;\nb();', newString: 'const a = 2;\nb();', note: "a diff's - and + markers" });
  });

  it('CRLF and trailing line breaks are read as LF; an empty line needs no marker', () => {
    assert.deepEqual(unwrap(FILE, '-const a = 1;\r\n\r\n b();\r\n\n', '+const a = 2;\n b();'), { oldString: 'const a = 1;\n\nb();', newString: 'const a = 2;\nb();', note: "a diff's - and + markers" });
  });

  it('are kept when the file has the old text as given (a diff file, a list of negative numbers)', () => {
    const diff = 'x\n-const a = 1;\n b();\ny\n';
    assert.equal(unwrap(diff, '-const a = 1;\n b();\n', '+const a = 2;\n b();'), undefined);
  });

  it('are kept when a line has no marker, or a side has no change with text after its marker', () => {
    assert.equal(unwrap(FILE, '-const a = 1;\nb();', '+const a = 2;\n b();'), undefined, 'an old line without a marker');
    assert.equal(unwrap(FILE, '-const a = 1;\n b();', '+const a = 2;\nb();'), undefined, 'a new line without a marker');
    assert.equal(unwrap(FILE, ' const a = 1;\n b();', '+const a = 2;\n b();'), undefined, 'no - line');
    assert.equal(unwrap(FILE, '-const a = 1;\n b();', ' const a = 2;\n b();'), undefined, 'no + line');
    assert.equal(unwrap(FILE, '-\n const a = 1;', '+\n const a = 2;'), undefined, 'a bare marker is no change');
    assert.equal(unwrap(FILE, '+const a = 1;\n b();', '-const a = 2;\n b();'), undefined, 'the sides swapped');
  });

  it('an empty first line needs no marker either (CRLF or LF), and a first line of other text is no diff', () => {
    assert.equal(unwrap(FILE, '\r\n-const a = 1;\n b();', '\n+const a = 2;\n b();')?.oldString, '\nconst a = 1;\nb();');
    assert.equal(unwrap(FILE, '\n-const a = 1;\n b();', '+const a = 2;\n b();')?.newString, 'const a = 2;\nb();');
    assert.equal(unwrap(FILE, 'x-const a = 1;\n b();', '+const a = 2;\n b();'), undefined);
  });

  it('a side without a new text is not read as a diff', () => {
    assert.equal(unwrap(FILE, '-const a = 1;\n b();', undefined), undefined);
  });
});

describe('wrappers: a markdown code fence', () => {
  const FENCED_OLD = '```ts\nconst a = 1;\n```';
  it('is dropped from both sides when both have the very same fence', () => {
    assert.deepEqual(unwrap(FILE, FENCED_OLD, '```ts\nconst a = 2;\n```'), { oldString: 'const a = 1;', newString: 'const a = 2;', note: 'a markdown code fence around the old text' });
  });

  it('is dropped from the old text only when the new text has none, and for a search with no new text', () => {
    assert.deepEqual(unwrap(FILE, FENCED_OLD, 'const a = 2;'), { oldString: 'const a = 1;', newString: 'const a = 2;', note: 'a markdown code fence around the old text' });
    assert.deepEqual(unwrap(FILE, FENCED_OLD, undefined), { oldString: 'const a = 1;', note: 'a markdown code fence around the old text' });
  });

  it('is kept when the new text has another fence (the edit changes the fence itself)', () => {
    assert.equal(unwrap(FILE, FENCED_OLD, '```js\nconst a = 2;\n```'), undefined);
    assert.equal(unwrap(FILE, FENCED_OLD, '```ts\nconst a = 2;\n````'), undefined, 'another closing fence');
  });

  it('is kept when the file has the fenced text (a markdown file quoting the block)', () => {
    assert.equal(unwrap('Example:\n```ts\nconst a = 1;\n```\n', FENCED_OLD, '```ts\nconst a = 2;\n```'), undefined);
  });

  it('blank lines around the fence are no part of it; tildes, longer closers, languages with + and # fence too', () => {
    assert.equal(unwrap(FILE, '\n\n  ```ts\nconst a = 1;\n```\n\n', 'x')?.oldString, 'const a = 1;');
    assert.equal(unwrap(FILE, '~~~\nconst a = 1;\n~~~~', 'x')?.oldString, 'const a = 1;');
    assert.equal(unwrap(FILE, '```c++\nconst a = 1;\n```', 'x')?.oldString, 'const a = 1;');
    assert.equal(unwrap(FILE, '```c#\nconst a = 1;\n\nb();\n```', 'x')?.oldString, 'const a = 1;\n\nb();');
  });

  it('is no fence when it does not open and close the text, or holds nothing', () => {
    assert.equal(unwrap(FILE, '```ts\n```', 'x'), undefined, 'two lines');
    assert.equal(unwrap(FILE, '```ts\n  \n```', 'x'), undefined, 'a blank body');
    assert.equal(unwrap(FILE, '```ts\nconst a = 1;\n~~~', 'x'), undefined, 'closed by the other kind');
    assert.equal(unwrap(FILE, '````\nconst a = 1;\n```', 'x'), undefined, 'a closer shorter than the opener');
    assert.equal(unwrap(FILE, '```ts title\nconst a = 1;\n```', 'x'), undefined, 'words after the language');
    assert.equal(unwrap(FILE, '``\nconst a = 1;\n``', 'x'), undefined, 'two backticks');
    assert.equal(unwrap(FILE, 'const a = 1;\n```\nb();\n```', 'x'), undefined, 'code before the fence');
  });
});

describe('wrappers: noteUnwrapped', () => {
  const m = (): Match => ({ tier: 'exact', start: 0, end: 1, startLine: 0, endLine: 0, score: 1, needsReview: false, normalized: ['indentation'], text: 'a' });
  it('says first, in every match and in an already-applied match, what was unwrapped', () => {
    const [a, b] = [m(), m()];
    noteUnwrapped({ kind: 'match', match: a, matches: [a, b] }, 'a fence');
    assert.deepEqual([a.normalized, b.normalized], [['a fence', 'indentation'], ['a fence', 'indentation']]);
    const c = m();
    noteUnwrapped({ kind: 'already_applied', match: c }, 'a fence');
    assert.deepEqual(c.normalized, ['a fence', 'indentation']);
    const refusal: FindResult = { kind: 'not_found', tried: ['exact'] };
    noteUnwrapped(refusal, 'a fence');
    assert.deepEqual(refusal, { kind: 'not_found', tried: ['exact'] });
  });
});

describe('wrappers: edges of the rules (line breaks, whitespace, what is no text)', () => {
  it('a content that is not a string is no reason to unwrap (the engine refuses it afterwards)', () => {
    assert.equal(unwrap(undefined as unknown as string, '-const a = 1;\n b();', '+const a = 2;\n b();'), undefined);
    assert.equal(unwrap(undefined as unknown as string, '```ts\nconst a = 1;\n```', 'x'), undefined);
  });

  it('lone CR line breaks are line breaks, in a diff and in a fence; CRLF too', () => {
    assert.equal(unwrap(FILE, '-const a = 1;\r b();', '+const a = 2;\r b();')?.oldString, 'const a = 1;\nb();');
    assert.equal(unwrap(FILE, '```ts\rconst a = 1;\r```', 'x')?.oldString, 'const a = 1;');
    assert.equal(unwrap(FILE, '```ts\r\nconst a = 1;\r\n```', 'x')?.oldString, 'const a = 1;');
  });

  it('a marker followed by a space only is no change', () => {
    assert.equal(unwrap(FILE, '- \n const a = 1;', '+ \n const a = 2;'), undefined);
  });

  it('the file has the old text as given once the whitespace around it is set aside', () => {
    assert.equal(unwrap('-const a = 1;\n b();', '-const a = 1;\n b();\n\n', '+const a = 2;\n b();'), undefined);
    assert.equal(unwrap('```ts\nconst a = 1;\n```', '```ts\nconst a = 1;\n```\n\n', '```ts\nconst a = 2;\n```'), undefined);
  });

  it('fence lines are compared and read trimmed; blank lines around hold only spaces', () => {
    const unfenced = { oldString: 'const a = 1;', newString: 'const a = 2;', note: 'a markdown code fence around the old text' };
    assert.deepEqual(unwrap(FILE, '```ts\nconst a = 1;\n```', '```ts\nconst a = 2;\n```  '), unfenced, 'a closing fence with spaces after it');
    assert.deepEqual(unwrap(FILE, '  ```ts\nconst a = 1;\n```', '```ts\nconst a = 2;\n```'), unfenced, 'an opening fence with spaces before it');
    assert.equal(unwrap(FILE, '  \n\t\n```ts\nconst a = 1;\n```\n   ', 'x')?.oldString, 'const a = 1;');
    assert.equal(unwrap(FILE, '```ts  \nconst a = 1;\n```', 'x')?.oldString, 'const a = 1;', 'spaces after the language');
    assert.equal(unwrap(FILE, 'see ```\nconst a = 1;\n```', 'x'), undefined, 'text before the opening fence');
  });
});
