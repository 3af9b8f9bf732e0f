import type { Tier } from '../tier';
import { alignedWindows, scoredCandidate, widenedToSlippedEdges } from './similarityWindows';

/**
 * Levenshtein similarity over line-aligned windows: tolerates typos, a forgotten or an extra line, and drift
 * of every lossless kind at once. Always reviewed; accepted only above the threshold and with a clear margin
 * over the next best place (decided by the cascade).
 */
export const similarityTier: Tier = {
  name: 'similarity',
  lossless: false,
  find(ctx) {
    const m = ctx.needle.significant.length;
    // A window whose first or last old line was paired with a forgotten line next to it takes in the line just
    // outside when that is the old edge line with a slip (as the context tier does).
    return alignedWindows(ctx)
      .map((s) => widenedToSlippedEdges(ctx, s))
      .filter((s) => {
        // The span must be about the size of the old text: never a block much larger or smaller than it.
        const lines = s.endLine - s.startLine + 1;
        return lines <= Math.max(m + 2, Math.ceil(m * 1.25)) + 2 && s.pairs.size >= Math.ceil(m / 2);
      })
      .map((s) => scoredCandidate(ctx, s, ['approximate text (Levenshtein similarity)']));
  },
};
