import type { Tier } from '../tier';
import { trimmedOccurrences } from './substring';

/** The old text with the whitespace and blank lines around it removed: the inside must be exact. */
export const trimmedBoundaryTier: Tier = {
  name: 'trimmed-boundary',
  lossless: true,
  find(ctx) {
    const { needle } = ctx;
    const inner = needle.text.trim();
    if (inner === needle.text || inner.length === 0) return [];
    const leading = needle.text.slice(0, needle.text.indexOf(inner));
    const trailing = needle.text.slice(leading.length + inner.length);
    const { spans, crlf } = trimmedOccurrences(ctx, inner);
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
