import { isMeaningfulLine } from '../normalize';
import { canonicalFileLine, scoreWindow, significantLineAfter } from '../similarity';
import { canonicalLine } from '../normalize';
import type { Tier } from '../tier';
import { candidateStarts } from '../similarity';
import { scoredCandidate } from './similarityWindows';

/**
 * A window of exactly as many lines as the old text where at least half of the meaningful lines are the same
 * line for line (context is right, some lines differ) and the whole is similar enough.
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
      const first = significantLineAfter(doc, start, 1);
      if (first === undefined || seen.has(first)) continue;
      seen.add(first);
      const fileLines: number[] = [];
      for (let n = 1; n <= sig.length; n++) {
        const f = significantLineAfter(doc, first, n);
        if (f === undefined) break;
        fileLines.push(f);
      }
      if (fileLines.length !== sig.length) continue;
      const same = sig.filter((j, k) => isMeaningfulLine(needle.lines[j]) && canonicalFileLine(doc, fileLines[k]) === wanted[k]).length;
      if (same * 2 < meaningful.length) continue;
      const s = scoreWindow(ctx, needle, fileLines[0], fileLines[fileLines.length - 1]);
      if (s) out.push(scoredCandidate(ctx, s, ['some lines differ; the lines around them match']));
    }
    return out.sort((a, b) => b.score - a.score);
  },
};
