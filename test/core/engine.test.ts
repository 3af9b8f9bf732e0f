import { strict as assert } from 'node:assert';
import { applyEdit } from '../../src/core';
import { isEditError } from '../../src/core/errors';

// applyEdit's input checks, made before any search: a caller (the LM tool, the CLI) learns what was wrong with
// its request, not where the old text is.
describe('engine: input refused before searching', () => {
  const refusedAs = (code: string, words: RegExp) => (err: unknown) => isEditError(err) && err.code === code && words.test(err.message);

  it('a new text that is not a string is refused as invalid input, nothing written', () => {
    assert.throws(() => applyEdit('let a = 1;\n', 'a = 1', undefined as unknown as string), refusedAs('invalid_input', /new text must be a string/));
  });

  it('an old text equal to the new one is refused as nothing to change, even when the file does not hold it', () => {
    assert.throws(() => applyEdit('let a = 1;\n', 'b = 2', 'b = 2'), refusedAs('invalid_input', /same: there is nothing to change/));
  });
});

describe('applyEdit: a new text escaped once too often', () => {
  it('line breaks written as `\\n` text followed by indentation, the old text not so: written as given, held for review, said', () => {
    const r = applyEdit('def f():\n    return 1\n', '    return 1', '    x = 41\\n    return x + 1');
    assert.equal(r.content, 'def f():\n    x = 41\\n    return x + 1\n');
    assert.equal(r.matches[0].needsReview, true);
    assert.match(r.matches[0].review?.[0] ?? '', /writes its line breaks as `\\n` \(two characters\) followed by indentation/);
  });

  it('a `\\n` in a string literal, or the old text written the same way: no such note', () => {
    assert.equal(applyEdit('s = "a"\n', 's = "a"', 's = "a\\nb"').matches[0].needsReview, false);
    const both = applyEdit('x = "1\\n    2"\n', 'x = "1\\n    2"', 'x = "1\\n    3"');
    assert.equal(both.matches[0].needsReview, false);
  });
});
