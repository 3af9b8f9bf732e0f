import { Needle } from '../needle';
import { canonicalLine, decodeHtmlEntities, hasHtmlEntities, looksOverEscaped, unescapeOnce } from '../normalize';
import type { Candidate, SearchContext, Tier } from '../tier';
import { findLineWindows } from './lineWindows';
import { tierOccurrences } from './substring';

/** How a match that needed one level of escaping undone is described. */
export const OVER_ESCAPED = 'over-escaped characters (\\n, \\t, \\", \\\\)';

/** The escaping slips models make, each undone once and on both sides (old and new text), never on one. */
const UNESCAPES: Array<{ applies: (s: string) => boolean; undo: (s: string) => string; words: string }> = [
  // Code written inside a JSON string once too often: `\n` for a line break, `\"` for a quote.
  { applies: looksOverEscaped, undo: unescapeOnce, words: OVER_ESCAPED },
  // Code copied from a web page: `&lt;`, `&amp;`, `&quot;`.
  { applies: hasHtmlEntities, undo: decodeHtmlEntities, words: 'HTML entities (&lt; &gt; &amp; &quot;)' },
];

/**
 * The old text was escaped once too often — as models do when they write code inside a JSON string, or as a web
 * page shows it. One level is undone (`\\n` becomes `\n`, never a line break; `&amp;lt;` becomes `&lt;`) and the
 * new text is undone the same way, so both sides are fixed, never one.
 */
export const escapeTier: Tier = {
  name: 'escape',
  lossless: true,
  find(ctx) {
    for (const { applies, undo, words } of UNESCAPES) {
      if (!applies(ctx.needle.text)) continue;
      const found = findUnescaped(ctx, undo(ctx.needle.text), undo, words);
      if (found.length) return found;
    }
    return [];
  },
};

/** `text` differs from the old text: each unescaping applies only where it has something to undo. */
function findUnescaped(ctx: SearchContext, text: string, undo: (s: string) => string, words: string): Candidate[] {
  const { spans, crlf } = tierOccurrences(ctx, text, text);
  if (spans.length) return spans.map(([start, end]) => ({ start, end, score: 1, normalized: [words], transformNew: undo, crlf }));
  return findLineWindows(ctx, new Needle(text), { key: canonicalLine, ignoreBlankLines: true }, () => [words, 'whitespace']).map((c) => ({
    ...c,
    transformNew: undo,
  }));
}
