import type { Tier } from '../tier';
import { exactOccurrences } from './substring';

/** The old text, character for character (line endings aside). */
export const exactTier: Tier = {
  name: 'exact',
  lossless: true,
  find(ctx) {
    const { spans, crlf } = exactOccurrences(ctx);
    return spans.map(([start, end]) => ({ start, end, score: 1, normalized: crlf ? ['LF line endings read as CRLF'] : [], crlf }));
  },
};
