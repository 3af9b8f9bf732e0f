import type { Needle } from '../needle';
import { canonicalLine, isBlank, wordTokens } from '../normalize';
import { everyLineHolding, isOnePass, linesContaining, MAX_TOKEN_LINES, searchLines, someLineHoldingHasKey, type LineEquivalence, type LineWindow } from '../lineSearch';
import { lineCandidate, type Candidate, type SearchContext } from '../tier';

/** Shared body of the line tiers: prefilter on the needle's rarest token, then the one line-window search. */
export function findLineWindows(ctx: SearchContext, needle: Needle, eq: LineEquivalence, describe: (c: Candidate) => string[]): Candidate[] {
  if (needle.significant.length === 0) return [];
  const anchor = needle.anchor();
  const candidates = everyLineHolding(ctx.doc, anchor.token);
  // Four tiers search with ever looser keys; the loosest search, once, tells whether any of them can find a window
  // (on a file of thousands of look-alike blocks, each search costs as much as the rest of the cascade). The tiers
  // whose keys are finer than the canonical one ask it (absent canonically, absent for them).
  const loosest = eq === CANONICAL || eq.refinesCanonical;
  // Stryker disable next-line ConditionalExpression,BlockStatement: speed only: standsNowhere proves absence (a window pairs every non-blank old line with an equal-keyed file line), so asking it always or never gives the same windows, with more or less work
  if (isOnePass(ctx.doc, needle.lines.length, candidates.length)) {
    // Stryker disable next-line StringLiteral,ArrowFunction: equivalent: within one search (one document) every loosest call is for ctx.needle, so the key's needle text never tells two apart; an undefined answer proves nothing and the full pass runs (speed only)
    const nowhere = loosest ? ctx.doc.memo(`stands-nowhere:${needle.text}`, () => standsNowhere(ctx, needle, CANONICAL)) : standsNowhere(ctx, needle, eq);
    if (nowhere) return [];
  }
  const canonical = loosest ? canonicalWindows(ctx, needle, anchor.index, candidates) : undefined;
  if (canonical?.length === 0) return [];
  const windows = eq === CANONICAL ? canonical! : searchLines(ctx.doc, needle.lines, eq, anchor.index, candidates, ctx.budget);
  // Places alike are described alike ("indentation (0 → 2 columns)" for thousands of look-alike blocks): each
  // description is kept once and shared (read-only: a Match copies it), not built again per place.
  const described = windows.length > 1 ? new Map<string, readonly string[]>() : undefined;
  return windows.map((w) => {
    // Stryker disable next-line ArrayDeclaration: equivalent: the description is set on the next line, from the candidate
    const c = lineCandidate(ctx.doc, w, needle.lines, 1, []);
    const words = describe(c);
    if (!described) return ((c.normalized = words), c);
    const key = words.join('\n');
    const shared = described.get(key);
    if (shared) c.normalized = shared;
    else described.set(key, (c.normalized = words));
    return c;
  });
}

/** Where the old text stands once lines are canonical and blank lines skipped (searched once per document and needle). */
function canonicalWindows(ctx: SearchContext, needle: Needle, anchor: number, candidates: number[]): LineWindow[] {
  // Stryker disable next-line StringLiteral: equivalent: within one search (one document) canonical windows are asked for ctx.needle only, so the key's needle text never tells two apart
  return ctx.doc.memo(`canonical-windows:${needle.text}`, () => searchLines(ctx.doc, needle.lines, CANONICAL, anchor, candidates, ctx.budget));
}

/** The loosest lossless line equivalence (the unicode tier's): typographic characters and whitespace aside. */
export const CANONICAL: LineEquivalence = { key: canonicalLine, ignoreBlankLines: true, ignoresLineEdges: true };

/** Lines of the old text checked by standsNowhere: each costs one scan for its word. */
const MAX_LINES_CHECKED = 4;

/**
 * A window holds every line of the old text. A line the old text has once (the changed one in a long quote of
 * repetitive code) that no file line equals — none of the lines holding its longest word — means there is no
 * window, and the whole-file pass is saved. Only asked where that pass would run.
 */
function standsNowhere(ctx: SearchContext, needle: Needle, eq: LineEquivalence): boolean {
  const { doc } = ctx;
  const count = new Map<string, number>();
  // Which old lines are checked is speed only: the proof holds for any non-blank line (every one stands in a window),
  // so checking other lines, or none, finds no window the full pass would not (it only does more or less work).
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,ArithmeticOperator: speed only (see above): counting blank lines too, none, or miscounting changes which lines are checked, never the windows
  for (const line of needle.lines) if (!isBlank(line)) count.set(line, (count.get(line) ?? 0) + 1);
  // Stryker disable next-line MethodExpression,ArrowFunction,ConditionalExpression,LogicalOperator,EqualityOperator: speed only (see above): any choice of lines, repeated or wordless ones included, gives a sound proof or none
  const once = [...count].filter(([line, n]) => n === 1 && wordTokens(line).length > 0).slice(0, MAX_LINES_CHECKED);
  // Stryker disable next-line BlockStatement: speed only: a check that proves nothing leaves the full pass to find no window
  return once.some(([line]) => {
    const key = eq.key(line);
    const token = wordTokens(line)[0];
    const holding = linesContaining(doc, token);
    ctx.budget.charge(holding.length);
    if (holding.length < MAX_TOKEN_LINES) return !holding.some((f) => doc.lineKey(eq.key, f) === key);
    // A list cut at its limit is not every line holding the word (a million-line file of a repeated block): each
    // of them is looked at, none kept, for the proof that saves the whole-file pass there too.
    return !someLineHoldingHasKey(doc, token, line, eq, ctx.budget);
  });
}
