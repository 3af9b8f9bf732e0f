import { Needle } from '../needle';
import { canonicalLine, looksOverEscaped, unescapeOnce } from '../normalize';
import type { Tier } from '../tier';
import { findLineWindows } from './lineWindows';
import { occurrences } from './substring';

/**
 * The old text was escaped once too often (`\n` for a line break, `\"` for a quote), as models do when they
 * write code inside a JSON string. One level is undone — `\\n` becomes `\n`, never a line break — and the new
 * text is unescaped the same way, so both sides are fixed, never one.
 */
export const escapeTier: Tier = {
  name: 'escape',
  lossless: true,
  find(ctx) {
    if (!looksOverEscaped(ctx.needle.text)) return [];
    const text = unescapeOnce(ctx.needle.text);
    if (text === ctx.needle.text) return [];
    const normalized = ['over-escaped characters (\\n, \\t, \\", \\\\)'];
    const { spans, crlf } = occurrences(ctx.doc, text, text);
    if (spans.length) {
      return spans.map(([start, end]) => ({ start, end, score: 1, normalized, transformNew: unescapeOnce, crlf }));
    }
    const needle = new Needle(text);
    return findLineWindows(ctx, needle, { key: canonicalLine, ignoreBlankLines: true }, () => [...normalized, 'whitespace']).map((c) => ({
      ...c,
      transformNew: unescapeOnce,
    }));
  },
};
