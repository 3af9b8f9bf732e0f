import { canonicalLine, dashedLine, hasSmartDash } from '../normalize';
import type { Tier } from '../tier';
import { findInline } from './inline';
import { CANONICAL, findLineWindows } from './lineWindows';

/**
 * Same code once typographic characters are read as ASCII: curly quotes, en/em dashes, non-breaking and
 * zero-width spaces, the ellipsis character — what chat UIs and word processors substitute. An en or em dash is
 * read as `-`, or failing that as the `--` a chat UI made it of (`—force`).
 */
export const unicodeTier: Tier = {
  name: 'unicode',
  lossless: true,
  find(ctx) {
    // An old text of zero-width characters only reads as nothing: read as ASCII it would equal any empty line
    // (the empty last line of a file), and the new text would be written there as a lossless edit.
    if (ctx.needle.lines.every((l) => canonicalLine(l) === '')) return [];
    const words = ['typographic quotes, dashes and spaces', 'whitespace'];
    const found = findLineWindows(ctx, ctx.needle, CANONICAL, () => words);
    if (found.length) return found;
    const inline = findInline(ctx.doc, ctx.needle, true, ['typographic quotes, dashes and spaces']);
    if (inline.length || !hasSmartDash(ctx.needle.text)) return inline;
    // A dash that stands for `--`: only when a dash as `-` found nothing (a dash in prose is one `-`).
    const dashes = ['dashes read as --', ...words];
    const asDashes = findLineWindows(ctx, ctx.needle, { key: dashedLine, ignoreBlankLines: true }, () => dashes);
    return asDashes.length ? asDashes : findInline(ctx.doc, ctx.needle, true, ['dashes read as --'], true);
  },
};
