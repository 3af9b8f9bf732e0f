import { collapseWhitespace } from '../normalize';
import type { Tier } from '../tier';
import { findInline } from './inline';
import { findLineWindows } from './lineWindows';

/**
 * Same code once whitespace inside lines is ignored (kept only where it separates two words) and blank lines
 * on either side are skipped: `foo( a,b )` is `foo(a, b)`, a forgotten or extra blank line changes nothing.
 */
export const whitespaceTier: Tier = {
  name: 'whitespace',
  lossless: true,
  find(ctx) {
    const words = ['whitespace inside lines', 'blank lines'];
    const found = findLineWindows(ctx, ctx.needle, { key: collapseWhitespace, ignoreBlankLines: true }, () => words);
    return found.length ? found : findInline(ctx.doc, ctx.needle, false, ['whitespace inside the line']);
  },
};
