import { collapseWhitespace } from '../normalize';
import type { Tier } from '../tier';
import { findInline } from './inline';
import { findLineWindows } from './lineWindows';
import { findReflowed } from './reflow';

/**
 * Same code once whitespace inside lines is ignored (kept only where it separates two words) and blank lines
 * on either side are skipped: `foo( a,b )` is `foo(a, b)`, a forgotten or extra blank line changes nothing.
 * Last, line breaks count as whitespace too: a statement the file wraps over lines, written on one.
 */
export const whitespaceTier: Tier = {
  name: 'whitespace',
  lossless: true,
  find(ctx) {
    const words = ['whitespace inside lines', 'blank lines'];
    const eq = {
      key: collapseWhitespace,
      ignoreBlankLines: true,
      // Stryker disable next-line BooleanLiteral: speed only: without it a line equal once trimmed is keyed, for the same answer
      ignoresLineEdges: true,
      // Stryker disable next-line BooleanLiteral: speed only: the shared canonical search rules out only windows this key cannot find either
      refinesCanonical: true,
    };
    const found = findLineWindows(ctx, ctx.needle, eq, () => words);
    if (found.length) return found;
    const inline = findInline(ctx.doc, ctx.needle, false, ['whitespace inside the line']);
    return inline.length ? inline : findReflowed(ctx);
  },
};
