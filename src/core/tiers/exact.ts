import { placesLimit, type Tier } from '../tier';
import { occurrenceCount, occurrences, OCCURRENCES_LIMIT } from './substring';

/** The old text, character for character (line endings aside). */
export const exactTier: Tier = {
  name: 'exact',
  lossless: true,
  find(ctx) {
    const { doc, needle } = ctx;
    const { spans, crlf } = occurrences(doc, needle.raw, needle.text, placesLimit(ctx));
    if (spans.length === OCCURRENCES_LIMIT && placesLimit(ctx) === undefined) ctx.placeCount = occurrenceCount(doc, needle.raw, needle.text, crlf);
    return spans.map(([start, end]) => ({ start, end, score: 1, normalized: crlf ? ['LF line endings read as CRLF'] : [], crlf }));
  },
};
