import { canonicalLine } from '../normalize';
import type { Tier } from '../tier';
import { findInline } from './inline';
import { findLineWindows } from './lineWindows';

/**
 * Same code once typographic characters are read as ASCII: curly quotes, en/em dashes, non-breaking and
 * zero-width spaces, the ellipsis character — what chat UIs and word processors substitute.
 */
export const unicodeTier: Tier = {
  name: 'unicode',
  lossless: true,
  find(ctx) {
    const words = ['typographic quotes, dashes and spaces', 'whitespace'];
    const found = findLineWindows(ctx, ctx.needle, { key: canonicalLine, ignoreBlankLines: true }, () => words);
    return found.length ? found : findInline(ctx.doc, ctx.needle, true, ['typographic quotes, dashes and spaces']);
  },
};
