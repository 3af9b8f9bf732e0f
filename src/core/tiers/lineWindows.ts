import type { Needle } from '../needle';
import { canonicalLine } from '../normalize';
import { linesContaining, searchLines, type LineEquivalence, type LineWindow } from '../lineSearch';
import { lineCandidate, type Candidate, type SearchContext } from '../tier';

/** Shared body of the line tiers: prefilter on the needle's rarest token, then the one line-window search. */
export function findLineWindows(ctx: SearchContext, needle: Needle, eq: LineEquivalence, describe: (c: Candidate) => string[]): Candidate[] {
  if (needle.significant.length === 0) return [];
  const anchor = needle.anchor();
  const candidates = linesContaining(ctx.doc, anchor.token);
  // Four tiers search with ever looser keys; the loosest search, once, tells whether any of them can find a window
  // (on a file of thousands of look-alike blocks, each search costs as much as the rest of the cascade).
  const canonical = eq === CANONICAL || eq.refinesCanonical ? canonicalWindows(ctx, needle, anchor.index, candidates) : undefined;
  if (canonical?.length === 0) return [];
  const windows = eq === CANONICAL ? canonical! : searchLines(ctx.doc, needle.lines, eq, anchor.index, candidates, ctx.budget);
  return windows.map((w) => {
    const c = lineCandidate(ctx.doc, w, needle.lines, 1, []);
    c.normalized = describe(c);
    return c;
  });
}

/** Where the old text stands once lines are canonical and blank lines skipped (searched once per document and needle). */
function canonicalWindows(ctx: SearchContext, needle: Needle, anchor: number, candidates: number[]): LineWindow[] {
  return ctx.doc.memo(`canonical-windows:${needle.text}`, () => searchLines(ctx.doc, needle.lines, CANONICAL, anchor, candidates, ctx.budget));
}

/** The loosest lossless line equivalence (the unicode tier's): typographic characters and whitespace aside. */
export const CANONICAL: LineEquivalence = { key: canonicalLine, ignoreBlankLines: true, ignoresLineEdges: true };
