import type { Needle } from '../needle';
import { linesContaining, searchLines, type LineEquivalence } from '../lineSearch';
import { lineCandidate, type Candidate, type SearchContext } from '../tier';

/** Shared body of the line tiers: prefilter on the needle's rarest token, then the one line-window search. */
export function findLineWindows(ctx: SearchContext, needle: Needle, eq: LineEquivalence, describe: (c: Candidate) => string[]): Candidate[] {
  if (needle.significant.length === 0) return [];
  const anchor = needle.anchor();
  const candidates = linesContaining(ctx.doc, anchor.token);
  return searchLines(ctx.doc, needle.lines, eq, anchor.index, candidates, ctx.budget).map((w) => {
    const c = lineCandidate(ctx.doc, w, needle.lines, 1, []);
    c.normalized = describe(c);
    return c;
  });
}
