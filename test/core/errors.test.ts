import { strict as assert } from 'node:assert';
import { EditError, isEditError } from '../../src/core/errors';

describe('isEditError (a refusal, as opposed to a bug, across realms and bundles)', () => {
  it('is true for an EditError and for an error carrying its name and a code', () => {
    assert.equal(isEditError(new EditError('not_found', 'x')), true);
    const copy = Object.assign(new Error('x'), { name: 'EditError', code: 'ambiguous' });
    assert.equal(isEditError(copy), true);
  });

  it('is false for other errors, an error without a string code, and plain objects', () => {
    assert.equal(isEditError(new Error('x')), false);
    assert.equal(isEditError(Object.assign(new Error('x'), { code: 'not_found' })), false);
    assert.equal(isEditError(Object.assign(new Error('x'), { name: 'EditError' })), false);
    assert.equal(isEditError(Object.assign(new Error('x'), { name: 'EditError', code: 3 })), false);
    assert.equal(isEditError({ name: 'EditError', code: 'not_found', message: 'x' }), false);
    assert.equal(isEditError(undefined), false);
  });

  it('an EditError names itself and keeps its code and message', () => {
    const err = new EditError('merge_conflict', 'why');
    assert.equal(err.name, 'EditError');
    assert.equal(err.code, 'merge_conflict');
    assert.equal(err.message, 'why');
    assert.ok(err instanceof Error);
  });
});
