import { similarity } from '../align';
import { canonicalLine, isBlank } from '../normalize';
import { scoreWindow, candidateStarts, canonicalFileLine, significantLineAfter, type Scored } from '../similarity';
import { lineCandidate, type Candidate, type SearchContext } from '../tier';

/** A scored window as a candidate; pairs let the applier keep the file's own text for unchanged lines. */
export function scoredCandidate(ctx: SearchContext, s: Scored, normalized: readonly string[]): Candidate {
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
  // Stryker disable next-line StringLiteral: equivalent: the similarity tiers of one search share one document and one (similarity) needle, so the key's needle text never tells two apart
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
      // Stryker disable next-line ConditionalExpression: equivalent: the same window twice is one candidate (the cascade keeps distinct spans) and the context tier only asks whether some window is better
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
    return out.sort((x, y) => y.score - x.score);
  });
}

/** An edge line this alike to the file line just outside the window is that line with a slip. */
const EDGE_SLIP = 0.8;

/**
 * A window of fixed size starts a line late (or ends a line early) when the model forgot a line inside it:
 * `this._watchd.clear();` paired with the forgotten `this._streams.clear();` while `this._watched.clear();`
 * stands just above. When the file line just outside an edge is the old edge line (as it is, or with a slip),
 * and more like it than the line inside, the window takes it in and is aligned afresh.
 */
export function widenedToSlippedEdges(ctx: SearchContext, s: Scored): Scored {
  const { doc, needle } = ctx;
  const sig = needle.significant;
  const fits = (j: number, outside: number | undefined, inside: number): boolean => {
    if (outside === undefined) return false;
    const old = canonicalLine(needle.lines[j]);
    const out = canonicalFileLine(doc, outside);
    const alike = similarity(old, out);
    // An inside line that is the old line itself is 1 alike: no line outside is more alike.
    return alike >= EDGE_SLIP && alike > similarity(old, canonicalFileLine(doc, inside));
  };
  let above: number | undefined;
  for (let f = s.startLine - 1; f >= 0 && above === undefined; f--) if (!isBlank(doc.line(f))) above = f;
  let below: number | undefined;
  for (let f = s.endLine + 1; f < doc.lineCount && below === undefined; f++) if (!isBlank(doc.line(f))) below = f;
  const from = fits(sig[0], above, s.startLine) ? above! : s.startLine;
  const to = fits(sig[sig.length - 1], below, s.endLine) ? below! : s.endLine;
  if (from === s.startLine && to === s.endLine) return s;
  return scoreWindow(ctx, needle, from, to) ?? s;
}
