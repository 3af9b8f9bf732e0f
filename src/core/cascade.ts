// Runs the tiers strict → loose and decides, per tier, between one match, ambiguity and moving on.
// A looser tier never rescues an ambiguous stricter one; a similarity tier needs a clear margin.

import { Budget, DEFAULT_BUDGET, PLACE_COST } from './budget';
import { SourceText } from './document';
import { EditError } from './errors';
import { Needle, toLF } from './needle';
import { canonicalLine, hasZeroWidthChars, isBlank, isWordChar, looksOverEscaped, unescapeOnce, wordTokens } from './normalize';
import { gutterStart } from './tiers/lineNumbers';
import type { Candidate, SearchContext, Tier } from './tier';
import { OVER_ESCAPED } from './tiers/escape';
import { alignedWindows, scoredCandidate } from './tiers/similarityWindows';
import { trimmedPlacesKey } from './similarity';
import { TIERS } from './tiers';
import { LOSSLESS_TIERS, TIER_NAMES, type Closest, type FindOptions, type FindResult, type Hint, type Match, type TierName } from './types';
import { LinePairs } from './linePairs';
import { linesContaining } from './lineSearch';
import { indexOfText } from './textSearch';
import { listedPlaces } from './messages';
import { withLazyLines } from './lazyLines';
import { blankEdges } from './merge';
import { oldStillStands } from './oldStillStands';

export const DEFAULT_THRESHOLD = 0.85;
/** One-line old texts carry little evidence: a similarity match needs more of it. */
const SINGLE_LINE_THRESHOLD = 0.9;
const MIN_CLOSEST = 0.4;
const MIN_SIMILAR_LENGTH = 16;
const MAX_CONTENT = 64 * 1024 * 1024;
const MAX_OLD = 1024 * 1024;

export interface Located {
  result: FindResult;
  /** The candidates behind `result.matches` (for the applier), in document order. */
  chosen: Candidate[];
  doc: SourceText;
}

/** With `sharing` (a document of the same text, e.g. a batch's), its line index is reused, not rebuilt. */
export function locate(content: unknown, oldString: unknown, options: FindOptions = {}, sharing?: SourceText): Located {
  validate(content, oldString, options);
  const doc = new SourceText(content as string, sharing);
  const needle = new Needle(oldString as string);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  // A hint picks the place nearest it among all of them: a list cut at its first thousand let it pick the nearest of
  // those, a wrong place, written without review (2026-11-28).
  const hinted = options.hint !== undefined && options.hint !== null;
  const ctx: SearchContext = { doc, needle, threshold, budget: new Budget(options.budget ?? DEFAULT_BUDGET, doc.sharedBudget), everyPlace: options.replaceAll === true, hinted };
  // A request whose budget is spent refuses each edit left before any search (each would scan the file first).
  ctx.budget.charge(0);
  const enabled = enabledTiers(options.tiers);
  // The similarity tiers compare lines: an old text sent as one JSON-escaped line is compared unescaped.
  const similar = unescapedForSimilarity(ctx);
  const tried: TierName[] = [];
  let closest: Candidate | undefined;
  let checkedApplied = false;
  let applied: FindResult | undefined;

  for (const tier of enabled) {
    if (!tier.lossless && !checkedApplied) {
      // Stryker disable next-line BooleanLiteral: equivalent; unset, the same check runs again on the same input and gives the same answer (only slower).
      checkedApplied = true;
      applied = alreadyApplied(doc, options.newString, needle);
    }
    tried.push(tier.name);
    const found = belowAnchor(doc, distinct(tier.lossless ? tier.find(ctx) : similar.transform(tier.find(similar.ctx))), options.hint);
    // Each place of several becomes a candidate and, in an answer, a Match: work a batch of many edits counts (see
    // chargeShared). A place found alone costs nothing there: a request of 100,000 edits that each stand once is fine.
    if (found.length > 1) ctx.budget.chargeShared(found.length * PLACE_COST);
    if (found.length === 0) continue;
    if (tier.lossless || tier.name === 'elision') {
      // The elision tier reads the old text as pieces: a new text standing whole is the better evidence.
      if (applied) return { result: applied, chosen: [], doc };
      const decided = decideLossless(doc, tier, found, options, ctx.placeCount, needle.text);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent; an ambiguous answer chooses no candidate (the check wants one), and an elision match whose new text stood in the file would have stood verbatim for the exact tier first.
      if (decided.result.kind === 'match' && tier.lossless) {
        const applied = alreadyAppliedInsertion(doc, options.newString, needle, decided.chosen);
        if (applied) return { result: applied, chosen: [], doc };
        const rival = hintedRival(ctx, enabled, tier, decided, options.hint);
        if (rival) return rival;
      }
      return decided;
    }
    const decided = decideSimilar(similar.ctx, tier, found, options);
    // The new text stands in the file, and the old text nearly does too. Reaching past the new text's lines over
    // versions of the lines the edit removes, it is not applied (a deletion whose old text has a slip). Apart from
    // it, either may be so (an applied edit's near-twin, or an old text with a slip whose new text copies a line
    // that stands elsewhere): said, never taken as done. Within the new text's lines, it is the edit found again.
    if (decided && applied?.kind === 'already_applied') {
      const [c] = decided.chosen;
      const single = decided.result.kind === 'match' && decided.chosen.length === 1;
      const stands = single ? oldStillStands(doc, applied.match, c, c.needleLines ?? needle.lines, options.newString!) : 'within';
      if (stands === 'past') return decided;
      const slip = stands === 'apart' && hasSlip(doc, needle.text, doc.content.slice(c.start, c.end));
      return { result: slip ? { ...applied, oldNear: toClosest(similar.ctx, c) } : applied, chosen: [], doc };
    }
    if (decided) return decided;
    if (!closest || found[0].score > closest.score) closest = found[0];
  }
  // Stryker disable next-line ConditionalExpression: equivalent; run again, the check sees the same input and gives the same answer (only slower).
  if (!checkedApplied) applied = alreadyApplied(doc, options.newString, needle);
  if (applied) return { result: applied, chosen: [], doc };
  if (!closest) closest = closestWindow(similar.ctx);
  // A place a third similar is no lead at all; naming it would only send a reader the wrong way.
  if (closest && closest.score < MIN_CLOSEST) closest = undefined;
  return { result: { kind: 'not_found', tried, closest: closest && toClosest(ctx, closest) }, chosen: [], doc };
}

/**
 * An old text with no line break but escaped ones (`\\n`) is code written inside a JSON string: as one line it
 * resembles nothing. The similarity tiers get it unescaped once — and the new text is unescaped the same way,
 * as the escape tier does, so both sides are fixed, never one.
 */
function unescapedForSimilarity(ctx: SearchContext): { ctx: SearchContext; transform: (found: Candidate[]) => Candidate[] } {
  const text = ctx.needle.text;
  const same = { ctx, transform: (found: Candidate[]) => found };
  if (text.includes('\n') || !looksOverEscaped(text)) return same;
  const unescaped = unescapeOnce(text);
  if (unescaped.split('\n').filter((l) => l.trim()).length < 2) return same;
  return {
    ctx: { ...ctx, needle: new Needle(unescaped) },
    transform: (found) => found.map((c) => ({ ...c, transformNew: unescapeOnce, normalized: [OVER_ESCAPED, ...c.normalized] })),
  };
}

function validate(content: unknown, oldString: unknown, options: FindOptions): void {
  if (typeof content !== 'string') throw new EditError('invalid_input', 'The document content must be a string.');
  if (typeof oldString !== 'string') throw new EditError('invalid_input', 'The old text must be a string.');
  if (oldString.trim().length === 0) throw new EditError('invalid_input', 'The old text is empty: say which text to replace (to insert, include a line next to the insertion point).');
  if (options.newString !== undefined && typeof options.newString !== 'string') throw new EditError('invalid_input', 'The new text must be a string.');
  // (The old text is a string here, so an absent new text never equals it.)
  if (options.newString === oldString) throw new EditError('invalid_input', 'The old and new text are the same: there is nothing to change.');
  const t = options.threshold;
  if (t !== undefined && (typeof t !== 'number' || !(t >= 0.5 && t <= 1))) {
    throw new EditError('invalid_input', `The similarity threshold must be a number between 0.5 and 1 (got ${String(t)}): lower values would accept unrelated code.`);
  }
  if (options.tiers !== undefined) {
    const names = Array.isArray(options.tiers) ? options.tiers : Object.keys(options.tiers);
    const unknown = names.filter((n) => !(TIER_NAMES as readonly string[]).includes(n));
    if (unknown.length) throw new EditError('invalid_input', `Unknown tier(s): ${unknown.join(', ')}. Known tiers: ${TIER_NAMES.join(', ')}.`);
  }
  if (content.length > MAX_CONTENT) throw new EditError('too_large', `The document is too large to edit safely (${content.length.toLocaleString('en-US')} characters; the limit is ${MAX_CONTENT.toLocaleString('en-US')}).`);
  if (oldString.length > MAX_OLD) throw new EditError('too_large', `The old text is too large (${oldString.length.toLocaleString('en-US')} characters; the limit is ${MAX_OLD.toLocaleString('en-US')}).`);
}

function enabledTiers(option: FindOptions['tiers']): Tier[] {
  if (!option) return TIERS;
  if (Array.isArray(option)) return TIERS.filter((t) => option.includes(t.name));
  const map = option as Partial<Record<TierName, boolean>>;
  return TIERS.filter((t) => map[t.name] !== false);
}

/** Identical spans found twice (e.g. through two token lines) are one; overlapping ones stay distinct. */
function distinct(found: Candidate[]): Candidate[] {
  // Spans in strictly increasing order (one candidate, every exact hit of a batch; a tier's places in document
  // order, thousands in an ambiguous answer) are distinct already: no set, no key string per span.
  let increasing = true;
  for (let i = 1; i < found.length && increasing; i++) {
    const a = found[i - 1];
    const b = found[i];
    increasing = a.start < b.start || (a.start === b.start && a.end < b.end);
  }
  if (increasing) return found;
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.start}:${c.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `total`: how many places there are, when the tier listed only the first of them. */
function decideLossless(doc: SourceText, tier: Tier, found: Candidate[], options: FindOptions, total: number | undefined, oldText: string): Located {
  const sorted = [...found].sort((a, b) => a.start - b.start);
  if (options.replaceAll) {
    const chosen: Candidate[] = [];
    for (const c of sorted) if (!chosen.length || c.start >= chosen[chosen.length - 1].end) chosen.push(c);
    const matches = chosen.map((c) => toMatch(doc, tier.name, c));
    return { result: { kind: 'match', match: matches[0], matches }, chosen, doc };
  }
  if (sorted.length === 1) return single(doc, tier.name, sorted[0], false);
  // A hint chooses among the places with the blank lines the old text has at its edges, when some have them: a diff
  // chunk's blank line of context is a line (apply_patch's `@@ def f():` then ` ` then `-a = 1` is the `a = 1` after
  // a blank line below it, not the first). Without a hint the places stay ambiguous: a blank line is weak evidence.
  const listedAll = total === undefined || total <= sorted.length;
  const byHint = options.hint === undefined ? undefined : pickByHint(doc, (listedAll && withBlankEdges(doc, sorted, oldText)) || sorted, options.hint);
  if (byHint) return single(doc, tier.name, byHint, true);
  return { result: listedPlaces(tier.name, sorted, (c) => toMatch(doc, tier.name, c), total), chosen: [], doc };
}

/**
 * The candidates whose first and last lines of text have, next to them in the file, as many blank lines as the old
 * text has at its start and its end (undefined when it has none there, or when all or none of them do: then the
 * blank lines tell no place from another).
 */
function withBlankEdges(doc: SourceText, candidates: Candidate[], oldText: string): Candidate[] | undefined {
  const { lead, trail } = blankEdges(oldText);
  if (lead + trail === 0 || oldText.trim() === '') return undefined;
  const blank = (f: number) => f >= 0 && f < doc.lineCount && isBlank(doc.line(f));
  const content = doc.content;
  const kept = candidates.filter((c) => {
    let a = c.start;
    while (a < c.end && /\s/.test(content[a])) a++;
    let b = c.end;
    while (b > a && /\s/.test(content[b - 1])) b--;
    const [first, last] = [doc.lineAt(a), doc.lineAt(Math.max(a, b - 1))];
    for (let k = 1; k <= lead; k++) if (!blank(first - k)) return false;
    for (let k = 1; k <= trail; k++) if (!blank(last + k)) return false;
    return true;
  });
  return kept.length > 0 && kept.length < candidates.length ? kept : undefined;
}

function decideSimilar(ctx: SearchContext, tier: Tier, found: Candidate[], options: FindOptions): Located | undefined {
  const { doc } = ctx;
  const places = bestPerPlace(found);
  const threshold = ctx.needle.significant.length === 1 ? Math.max(ctx.threshold, SINGLE_LINE_THRESHOLD) : ctx.threshold;
  // Too little text to tell a typo from different code (`return x;` vs `return y;`).
  if (canonicalLine(ctx.needle.text).length < MIN_SIMILAR_LENGTH) return undefined;
  const above = places.filter((c) => c.score >= threshold);
  if (above.length === 0) return undefined;
  if (options.replaceAll) {
    const chosen = [...above].sort((a, b) => a.start - b.start);
    const matches = chosen.map((c) => toMatch(doc, tier.name, c));
    return { result: { kind: 'match', match: matches[0], matches }, chosen, doc };
  }
  const [best] = places;
  const commonRival = rivalUnderCommonScoring(ctx, best) ?? verbatimTwin(doc, best, ctx.needle.text);
  // Every other place, not only the runner-up by score: a place scored lower (a forgotten line costs score) can
  // match the old text's own lines as well (evidence), and then it is as likely the one meant.
  if (places.every((c) => c === best || clearlyBetterPlace(best, c)) && !commonRival) return single(doc, tier.name, best, false);
  const rivals = places.filter((c) => !clearlyBetterPlace(best, c));
  // The rival seen only under common scoring is a candidate too: "ambiguous" always names two places or more.
  if (commonRival && !rivals.some((c) => samePlace(linesOf(doc, c), linesOf(doc, commonRival)))) rivals.push(commonRival);
  const byHint = pickByHint(doc, rivals, options.hint);
  if (byHint && byHint.score >= threshold) return single(doc, tier.name, byHint, true);
  return { result: listedPlaces(tier.name, rivals, (c) => toMatch(doc, tier.name, c)), chosen: [], doc };
}

/**
 * Tiers score differently (a fixed-size window, anchors, free alignment). A margin seen by one of them must also
 * hold when both places are scored the same, most forgiving way: otherwise two near-twins could be told apart
 * by an artefact of one tier's window.
 */
function rivalUnderCommonScoring(ctx: SearchContext, chosen: Candidate): Candidate | undefined {
  const windows = alignedWindows(ctx);
  const overlaps = (w: Lines) => samePlace(linesOf(ctx.doc, chosen), w);
  const own = windows.find(overlaps) ?? { score: chosen.score, evidence: chosen.evidence };
  const rival = windows.find((w) => !overlaps(w));
  if (!rival || clearlyBetterPlace(own, rival)) return undefined;
  // A whole candidate (its line pairs included): a hint may choose it, and then it is written like any other.
  return scoredCandidate(ctx, rival, chosen.normalized);
}

type Lines = { startLine: number; endLine: number };

function linesOf(doc: SourceText, c: { start: number; end: number }): Lines {
  return { startLine: doc.lineAt(c.start), endLine: doc.lineAt(Math.max(c.start, c.end - 1)) };
}

/**
 * Two windows are one place when they share most of their lines. Two blocks that only touch (one's closing
 * `}` is the line the other's old text starts with) are two places.
 */
function samePlace(x: Lines, y: Lines): boolean {
  const shared = Math.min(x.endLine, y.endLine) - Math.max(x.startLine, y.startLine) + 1;
  return shared * 2 > Math.min(x.endLine - x.startLine + 1, y.endLine - y.startLine + 1);
}

/**
 * The best place's very text standing again elsewhere (not overlapping it): in repetitive code every candidate
 * start can fall inside one stretch, so the twin is never scored, yet it matches the old text exactly as well.
 * About one scan of the file, only for a match about to be chosen — none when a line inside it stands nowhere else.
 */
function verbatimTwin(doc: SourceText, best: Candidate, needleText: string): Candidate | undefined {
  const text = doc.content.slice(best.start, best.end);
  if (!text.includes('\n') || holdsUniqueLine(doc, best, needleText)) return undefined;
  // Forward searches only (lastIndexOf has no fast search): the first occurrence, and when that is the best place
  // itself (or overlaps it), the first after it.
  const first = indexOfText(doc.content, text);
  const at = first !== -1 && first + text.length <= best.start ? first : indexOfText(doc.content, text, best.end);
  if (at === -1) return undefined;
  const shift = doc.lineAt(at) - doc.lineAt(best.start);
  const w = best.window;
  const window = w && { ...w, startLine: w.startLine + shift, endLine: w.endLine + shift, pairs: LinePairs.from([...w.pairs].map(([j, f]) => [j, f + shift])) };
  return { ...best, start: at, end: at + text.length, window };
}

/**
 * Whether a whole line inside the span (not its first or last, which the span may hold in part) stands on no other
 * line of the file, read from the candidate vote's table: then no copy of the span's text stands anywhere else. In
 * an ordinary file a fuzzy hit's lines are mostly unique, and the twin's scan of the file is saved.
 */
function holdsUniqueLine(doc: SourceText, span: Candidate, needleText: string): boolean {
  const places = doc.memoized<Map<string, number[]>>(trimmedPlacesKey(needleText));
  if (!places) return false;
  const [first, last] = [doc.lineAt(span.start), doc.lineAt(span.end)];
  for (const lines of places.values()) if (lines.length === 1 && lines[0] > first && lines[0] < last) return true;
  return false;
}

/**
 * One place is clearly better than another when its score is, and when the old text's own lines are matched
 * better there too: places that differ only in lines the old text never mentions are twins, not a choice.
 */
function clearlyBetterPlace(best: { score: number; evidence?: number }, other: { score: number; evidence?: number }): boolean {
  if (!clearlyBetter(best.score, other.score)) return false;
  // Stryker disable next-line BooleanLiteral: unreachable; every similarity candidate carries its evidence (scoredCandidate), and elision's are decided as lossless.
  if (best.evidence === undefined || other.evidence === undefined) return true;
  return best.evidence - other.evidence >= 0.005;
}

/** A clear margin: the runner-up is at least twice as far from the old text, and not within two points. */
function clearlyBetter(best: number, other: number): boolean {
  return 1 - other >= 2 * (1 - best) && best - other >= 0.02;
}

/** Overlapping windows are one place: keep the best-scoring window of each. */
function bestPerPlace(found: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of [...found].sort((a, b) => b.score - a.score || a.end - a.start - (b.end - b.start))) {
    if (!out.some((o) => c.start < o.end && o.start < c.end)) out.push(c);
  }
  return out;
}

function single(doc: SourceText, tier: TierName, c: Candidate, chosenByHint: boolean): Located {
  const match = toMatch(doc, tier, c, chosenByHint);
  return { result: { kind: 'match', match, matches: [match] }, chosen: [c], doc };
}

function hintLine(doc: SourceText, hint: Hint | undefined): number | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'number') return Number.isFinite(hint) ? hint : undefined;
  if ('line' in hint && typeof hint.line === 'number') return hint.line;
  if ('offset' in hint && typeof hint.offset === 'number') return doc.lineAt(Math.max(0, Math.min(hint.offset, doc.content.length)));
  return undefined;
}

/**
 * Whether the old text differs from a near place by a slip: a word of it that the place lacks stands nowhere in the
 * file (`sned` for `send`), or no word differs (a number, a sign). A word the file has elsewhere (`x` where the
 * place has `y`) is the file's own code: the old text is that place's twin, edited already, not a slip of it.
 */
function hasSlip(doc: SourceText, oldText: string, placeText: string): boolean {
  const words = (t: string) => new Set(t.match(/[A-Za-z_$][\w$]*/g) ?? []);
  const there = words(placeText);
  const differing = [...words(oldText)].filter((w) => !there.has(w));
  if (differing.length === 0) return true;
  return differing.some((w) => !standsAsWord(doc.content, w));
}

/** Whether `word` stands in `content` with no word character on either side. */
function standsAsWord(content: string, word: string): boolean {
  for (let at = content.indexOf(word); at !== -1; at = content.indexOf(word, at + 1)) {
    if (!isWordChar(content[at - 1]) && !isWordChar(content[at + word.length])) return true;
  }
  return false;
}

/** Lines a hint may be off by and still point at a place (a hunk starts with context lines: its number is near). */
const HINT_SLACK = 2;

/**
 * A lossless match far from the line a hint names, while a later lossless tier finds the old text at that line:
 * two places, each with evidence of its own (the text as given, the line number). A diff whose trailing blanks an
 * editor stripped matches an exact twin elsewhere, and its hunk's line names the place it was made for: that twin
 * was edited without a word (2026-11-28). Only looked for when such a hint is given and the match is far from it.
 */
function hintedRival(ctx: SearchContext, enabled: Tier[], tier: Tier, decided: Located, hint: Hint | undefined): Located | undefined {
  const { doc } = ctx;
  const line = hintLine(doc, hint);
  if (line === undefined || decided.chosen.length !== 1 || decided.result.kind !== 'match' || decided.result.match.chosenByHint) return undefined;
  const near = (c: Candidate) => {
    const { startLine, endLine } = linesOf(doc, c);
    return startLine - HINT_SLACK <= line && line <= endLine + HINT_SLACK;
  };
  const lines = (c: Candidate) => {
    const { startLine, endLine } = linesOf(doc, c);
    return endLine - startLine;
  };
  const [chosen] = decided.chosen;
  if (near(chosen)) return undefined;
  for (const later of enabled.slice(enabled.indexOf(tier) + 1)) {
    if (!later.lossless) break;
    // As many lines as the match: a place that differs in its blank lines is no rival (the blank context lines of a
    // hunk are what tell its place from an earlier look-alike, whatever its number says).
    const at = distinct(later.find(ctx)).find((c) => near(c) && lines(c) === lines(chosen) && (c.end <= chosen.start || c.start >= chosen.end));
    if (!at) continue;
    const both = [chosen, at].sort((a, b) => a.start - b.start);
    return { result: listedPlaces(tier.name, both, (c) => toMatch(doc, c === at ? later.name : tier.name, c)), chosen: [], doc };
  }
  return undefined;
}

/** The candidate nearest the hint, if it is strictly nearer than every other one. */
function pickByHint(doc: SourceText, candidates: Candidate[], hint: Hint | undefined): Candidate | undefined {
  if (hint !== undefined && hint !== null && typeof hint === 'object' && 'after' in hint) return firstBelow(doc, candidates, hint.after);
  const line = hintLine(doc, hint);
  if (line === undefined) return undefined;
  const dist = (c: Candidate) => {
    const a = doc.lineAt(c.start);
    const b = doc.lineAt(Math.max(c.start, c.end - 1));
    return line < a ? a - line : line > b ? line - b : 0;
  };
  const ranked = candidates.map((c) => ({ c, d: dist(c) })).sort((x, y) => x.d - y.d);
  return ranked.length === 1 || ranked[0].d < ranked[1].d ? ranked[0].c : undefined;
}

/**
 * The candidates at or below the line of an `{ after }` hint, or holding it (apply_patch's `@@ class Decoder:` says
 * the change is inside what follows that line): a place above it is not the one the edit names, however well it
 * matches (an exact twin above an anchored place that differs in trailing blanks was edited instead, 2026-11-28).
 */
function belowAnchor(doc: SourceText, candidates: Candidate[], hint: Hint | undefined): Candidate[] {
  if (hint === undefined || hint === null || typeof hint !== 'object' || !('after' in hint)) return candidates;
  const after = hint.after;
  if (typeof after !== 'number' || !Number.isFinite(after) || candidates.length === 0) return candidates;
  // (A place that holds the anchor's line starts above it, at the decorator or comment the chunk begins with: a
  // place counts by its last line.)
  return candidates.filter((c) => linesOf(doc, c).endLine >= after);
}

/** The candidate that starts first at or below line `after` (none when none does, or `after` is no line number). */
function firstBelow(doc: SourceText, candidates: Candidate[], after: number): Candidate | undefined {
  if (typeof after !== 'number' || !Number.isFinite(after)) return undefined;
  let best: Candidate | undefined;
  for (const c of candidates) if (doc.lineAt(c.start) >= after && (!best || c.start < best.start)) best = c;
  return best;
}

/**
 * The old text is nowhere (no lossless tier found it) but the new text stands in the file: applying again
 * would edit the wrong place or duplicate the change. Only lossless evidence counts here.
 */
function alreadyApplied(doc: SourceText, newString: string | undefined, needle: Needle): FindResult | undefined {
  // (A blank new text needs no check of its own: it has no word characters, the short-text rule below refuses it.)
  if (newString === undefined) return undefined;
  const newText = canonicalLine(toLF(newString));
  // A short new text (`x`, `}`) stands somewhere in any file: that is no evidence of anything.
  if (newText === canonicalLine(needle.text) || newText.replace(/\W/g, '').length < 12) return undefined;
  if (searchIsLong(doc, new Needle(newString)) && addsWordTheFileLacks(doc, newString, needle)) return undefined;
  const found = findLossless(doc, newString, true);
  return found && sameBlankLines(found.text, newString) ? { kind: 'already_applied', match: found } : undefined;
}

/**
 * Whether the line tiers' search for `needle` would align it from lines enough to walk a quarter of the file: its
 * anchor word stands in thousands of look-alike blocks. Only then is addsWordTheFileLacks worth its scans (a word
 * of common letters absent from 100,000 lines of code costs 1.5-3 ms to look for; a search from a few candidates,
 * less). The list of the anchor's lines is the one the tiers read next (memoized): asking for it costs nothing more.
 */
function searchIsLong(doc: SourceText, needle: Needle): boolean {
  const { token } = needle.anchor();
  return !token || linesContaining(doc, token).length * needle.lines.length > doc.lineCount / 4;
}

/** Lines the new text adds that addsWordTheFileLacks looks at: each costs one scan of the file at most. */
const ADDED_LINES_CHECKED = 4;

/**
 * Whether a line the new text adds (trimmed, none of the old text's lines) has a word the file holds nowhere: then
 * the new text stands nowhere, under any lossless tier, and their search for it is saved (on a file of thousands of
 * look-alike blocks it cost as much as the old text's own search). Every lossless tier keeps a line's words as they
 * are, as its prefilter does (see wordTokens), except where this looks at nothing: a line with a backslash or an
 * `&` (the escape tier undoes `\n`, `&lt;`), a new text with a line-number gutter (stripped), a file holding a
 * zero-width character (read as nothing: a word can stand in the file split by one).
 */
function addsWordTheFileLacks(doc: SourceText, newString: string, needle: Needle): boolean {
  if (gutterStart(toLF(newString)) !== undefined) return false;
  const old = new Set(needle.lines.map((l) => l.trim()));
  const added = toLF(newString)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !old.has(l) && !/[\\&]/.test(l))
    .slice(0, ADDED_LINES_CHECKED);
  const lacks = added.some((l) => {
    const word = wordTokens(l)[0];
    // The lines holding it as the line tiers list them (memoized: standsNowhere may ask for the same word).
    return word !== undefined && linesContaining(doc, word).length === 0;
  });
  return lacks && !hasZeroWidthChars(doc.content, doc.bomLength);
}

/**
 * An insertion (the new text contains the old text) whose new text already stands where the old text was
 * found: applying it again would insert it twice.
 */
function alreadyAppliedInsertion(doc: SourceText, newString: string | undefined, needle: Needle, chosen: Candidate[]): FindResult | undefined {
  if (newString === undefined || chosen.length !== 1) return undefined;
  const newText = toLF(newString).trim();
  if (!newText.includes(needle.text.trim()) || newText === needle.text.trim()) return undefined;
  // Only the neighbourhood of the match can hold the applied insertion: search there, not the whole file.
  // (Line start found with lastIndexOf: building the line index here would cost an exact hit a whole pass.)
  const from = doc.content.lastIndexOf('\n', Math.max(doc.bomLength, chosen[0].start - newString.length)) + 1 || doc.bomLength;
  const to = Math.min(doc.content.length, chosen[0].end + newString.length + 1);
  const local = new SourceText(doc.content.slice(from, to));
  const found = findLossless(local, newString);
  if (!found || found.start + from > chosen[0].start || found.end + from < chosen[0].end || !sameBlankLines(found.text, newString)) return undefined;
  return { kind: 'already_applied', match: toMatch(doc, found.tier, { ...found, start: found.start + from, end: found.end + from }), aroundOld: true };
}

/**
 * The tiers that ignore blank lines see a text with one blank line less "standing" in the file: for an edit
 * whose change is that blank line, that is no evidence it was applied. The blank lines inside must agree.
 */
function sameBlankLines(found: string, newString: string): boolean {
  const inner = (text: string) => {
    const lines = toLF(text).split('\n');
    let a = 0;
    let b = lines.length;
    while (a < b && isBlank(lines[a])) a++;
    while (b > a && isBlank(lines[b - 1])) b--;
    return lines.slice(a, b).filter(isBlank).length;
  };
  return inner(found) === inner(newString);
}

/** Where `text` stands, by the lossless tiers only; with `unique`, only if it stands in exactly one place. */
function findLossless(doc: SourceText, text: string, unique = false): Match | undefined {
  const ctx: SearchContext = { doc, needle: new Needle(text), threshold: 1, budget: new Budget(DEFAULT_BUDGET) };
  for (const tier of TIERS) {
    if (!LOSSLESS_TIERS.includes(tier.name)) continue;
    const found = distinct(tier.find(ctx));
    if (found.length) return unique && found.length > 1 ? undefined : toMatch(doc, tier.name, found[0]);
  }
  return undefined;
}

function closestWindow(ctx: SearchContext): Candidate | undefined {
  try {
    const best = alignedWindows(ctx)[0];
    if (!best) return undefined;
    // Stryker disable next-line ArrayDeclaration: equivalent; this candidate only becomes a Closest (toClosest), which never reads `normalized`.
    return { start: ctx.doc.lineStart(best.startLine), end: ctx.doc.lineEnd(best.endLine), score: best.score, normalized: [], window: best, needleLines: ctx.needle.lines };
  } catch (err) {
    if (err instanceof EditError && err.code === 'too_large') return undefined;
    throw err;
  }
}

function toClosest(ctx: SearchContext, c: Candidate): Closest {
  const { doc, needle } = ctx;
  const startLine = doc.lineAt(c.start);
  const endLine = doc.lineAt(Math.max(c.start, c.end - 1));
  const closest: Closest = { start: c.start, end: c.end, startLine, endLine, score: round(c.score), text: doc.content.slice(c.start, c.end) };
  const w = c.window;
  if (w) {
    for (const j of needle.significant) {
      const f = w.pairs.get(j);
      if (f === undefined || canonicalLine(doc.line(f)) !== canonicalLine(needle.lines[j])) {
        const line = f ?? Math.min(endLine, startLine + j);
        closest.firstDifference = { line, expected: needle.lines[j].trim(), actual: doc.line(line).trim() };
        break;
      }
    }
  }
  return closest;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/**
 * A Match. Its line numbers are computed on first read when the search built no line index (an exact hit costs one
 * scan of the file), else at once: then it is plain data, a hundred bytes or so, however many places a refusal
 * names. It never keeps `doc` or `c`, which hold the search's caches and windows.
 */
export function toMatch(doc: SourceText, tier: TierName, c: Candidate, chosenByHint = false): Match {
  const { start, end } = c;
  const numbers = doc.lineNumbers;
  const fields = { tier, start, end, score: round(c.score), needsReview: !LOSSLESS_TIERS.includes(tier), normalized: [...c.normalized], text: numbers.content.slice(start, end) };
  // Stryker disable next-line ConditionalExpression: speed only; line numbers computed at once or on first read are the same numbers.
  const match: Match = numbers.built
    ? { tier, start, end, startLine: numbers.lineAt(start), endLine: numbers.lineAt(Math.max(start, end - 1)), score: fields.score, needsReview: fields.needsReview, normalized: fields.normalized, text: fields.text }
    : withLazyLines(numbers, fields);
  if (chosenByHint) match.chosenByHint = true;
  return match;
}
