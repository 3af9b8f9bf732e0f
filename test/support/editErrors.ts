import { isEditError } from '../../src/core/errors';

/**
 * The code of the refusal `run` throws (`not_found`, `ambiguous`, …), or `passed` when it returns: a test can then
 * say in one word what the engine decided. Anything thrown that is not an EditError is a bug and is re-thrown.
 */
export function errorCodeOf(run: () => unknown, passed = 'applied'): string {
  try {
    run();
  } catch (err) {
    if (isEditError(err)) return err.code;
    throw err;
  }
  return passed;
}
