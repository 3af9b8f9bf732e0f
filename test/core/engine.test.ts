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
