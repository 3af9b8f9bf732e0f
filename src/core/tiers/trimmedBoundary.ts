import { placesLimit, type Tier } from '../tier';
import { occurrenceCount, occurrences, OCCURRENCES_LIMIT } from './substring';

/** The old text with the whitespace and blank lines around it removed: the inside must be exact. */
export const trimmedBoundaryTier: Tier = {
  name: 'trimmed-boundary',
  lossless: true,
  find(ctx) {
    const { doc, needle } = ctx;
    const inner = needle.text.trim();
    if (inner === needle.text || inner.length === 0) return [];
    const leading = needle.text.slice(0, needle.text.indexOf(inner));
    const trailing = needle.text.slice(leading.length + inner.length);
    const { spans, crlf } = occurrences(doc, inner, inner, placesLimit(ctx));
    if (spans.length === OCCURRENCES_LIMIT && placesLimit(ctx) === undefined) ctx.placeCount = occurrenceCount(doc, inner, inner, crlf);
    return spans.map(([start, end]) => ({
      start,
      end,
      score: 1,
      normalized: ['whitespace around the block', ...(crlf ? ['LF line endings read as CRLF'] : [])],
      trimmedBoundary: { leading, trailing },
      crlf,
    }));
  },
};
