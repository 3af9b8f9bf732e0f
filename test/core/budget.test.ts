import { strict as assert } from 'node:assert';
import { Budget } from '../../src/core/budget';
import { EditError } from '../../src/core/errors';

describe('Budget (the bound on a search’s work)', () => {
  it('spends up to its limit, then refuses with too_large and the limit in words', () => {
    const budget = new Budget(1_000_000);
    budget.charge(600_000);
    budget.charge(400_000);
    assert.equal(budget.used, 1_000_000, 'exactly the limit is still within it');
    assert.throws(
      () => budget.charge(1),
      (err: unknown) =>
        err instanceof EditError &&
        err.code === 'too_large' &&
        err.message ===
          'Fuzzy matching gave up after 1,000,000 units of work: the old text is too large or too repetitive to locate safely. Give a shorter, more distinctive old text, or an exact one.',
    );
  });
});
