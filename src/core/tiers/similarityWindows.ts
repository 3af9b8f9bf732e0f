import { scoreWindow, candidateStarts, significantLineAfter, type Scored } from '../similarity';
import { lineCandidate, type Candidate, type SearchContext } from '../tier';

/** A scored window as a candidate; pairs let the applier keep the file's own text for unchanged lines. */
export function scoredCandidate(ctx: SearchContext, s: Scored, normalized: string[]): Candidate {
  const c = lineCandidate(ctx.doc, { startLine: s.startLine, endLine: s.endLine, pairs: s.pairs }, ctx.needle.lines, s.score, normalized);
  c.evidence = s.evidence;
  return c;
}

/**
 * Every window worth scoring around the voted starts: a region a little larger than the needle, aligned, then
 * trimmed to the lines that actually line up — so a forgotten or an extra line is found without sliding
 * windows of every size over the file.
 */
export function alignedWindows(ctx: SearchContext): Scored[] {
  const { doc, needle } = ctx;
  return doc.memo(`aligned-windows:${needle.text}`, () => {
    const m = needle.significant.length;
    const seen = new Set<string>();
    const out: Scored[] = [];
    for (const start of candidateStarts(ctx, needle)) {
      const from = Math.max(0, start - 2);
      const to = significantLineAfter(doc, Math.max(0, start), m + 2) ?? doc.lineCount - 1;
      const s = scoreWindow(ctx, needle, from, to, true);
      if (!s) continue;
      const key = `${s.startLine}:${s.endLine}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
    return out.sort((x, y) => y.score - x.score);
  });
}
