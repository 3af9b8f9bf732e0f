import { strict as assert } from 'node:assert';
import type { ParseResult } from '../../../src/core/formats/types';

/** The edits of a parse that must succeed; a failure shows the parser's line and message. */
export function edits(result: ParseResult) {
  assert.ok(result.ok, result.ok ? '' : `${result.line}: ${result.message}`);
  return result.edits;
}
