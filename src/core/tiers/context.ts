import { isMeaningfulLine } from '../normalize';
import { canonicalFileLine, scoreWindow, significantLines } from '../similarity';
import { canonicalLine } from '../normalize';
import type { Tier } from '../tier';
import { candidateStarts } from '../similarity';
import { alignedWindows, scoredCandidate, widenedToSlippedEdges } from './similarityWindows';

/**
 * A window of exactly as many lines as the old text where at least half of the meaningful lines are the same
 * line for line (context is right, some lines differ) and the whole is similar enough. When the old text's
 * edge line stands just outside the window (a line it forgot pushed the window over), the window takes it in.
 */
export const contextTier: Tier = {
  name: 'context',
  lossless: false,
  find(ctx) {
    const { doc, needle } = ctx;
    const sig = needle.significant;
    const meaningful = sig.filter((j) => isMeaningfulLine(needle.lines[j]));
    if (sig.length < 3 || meaningful.length < 2) return [];
    const wanted = sig.map((j) => canonicalLine(needle.lines[j]));
    const out = [];
    const seen = new Set<number>();
    for (const start of candidateStarts(ctx, needle)) {
      const fileLines = significantLines(doc, start, sig.length);
      if (fileLines.length !== sig.length || seen.has(fileLines[0])) continue;
      seen.add(fileLines[0]);
      const same = sig.filter((j, k) => isMeaningfulLine(needle.lines[j]) && canonicalFileLine(doc, fileLines[k]) === wanted[k]).length;
      if (same * 2 < meaningful.length) continue;
      const fixed = scoreWindow(ctx, needle, fileLines[0], fileLines[fileLines.length - 1]);
      const s = fixed && widenedToSlippedEdges(ctx, fixed);
      // A fixed-size window can start a line late after a forgotten line: if the free alignment of the same
      // place is better, that window (the similarity tier's) has the right boundaries, not this one.
      const better = s && alignedWindows(ctx).some((w) => w.startLine <= s.endLine && s.startLine <= w.endLine && w.score > s.score);
      if (s && !better) out.push(scoredCandidate(ctx, s, ['some lines differ; the lines around them match']));
    }
    return out.sort((a, b) => b.score - a.score);
  },
};
