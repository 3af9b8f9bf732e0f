// What the similarity tiers share: where to look (candidate starts, found by cheap votes, never by sliding a
// window over the whole file) and how alike a window is to the old text (a line alignment with jsdiff, then
// character edit distance with fastest-levenshtein only on the lines that differ).

import { distance } from 'fastest-levenshtein';
import type { SourceText } from './document';
import { linesContaining } from './lineSearch';
import { linesTrimmedTo } from './trimmedLines';
import type { Needle } from './needle';
import { canonicalLine, isBlank, isMeaningfulLine, wordTokens } from './normalize';
import type { SearchContext } from './tier';
import { LinePairs } from './linePairs';
import { diffWithin } from './lineDiff';
import { maxOf, minOf } from './arrays';

export interface Scored {
  startLine: number;
  endLine: number;
  score: number;
  /**
   * How well the old text's own lines are matched (file lines it does not mention left out), in [0, 1]. Two
   * places the old text matches equally well are not told apart by the length of lines it never mentioned.
   */
  evidence: number;
  /** needle line → file line, for lines that are equal or close (so unchanged lines keep the file's text). */
  pairs: LinePairs;
  /** The first needle line that differs, and the file line it lines up with. */
  firstDifference?: { needleLine: number; fileLine: number };
}

export function canonicalFileLine(doc: SourceText, i: number): string {
  return doc.lineKey(canonicalLine, i);
}

interface Side {
  index: number[];
  text: string[];
  length: number;
}

/** Each needle's side, made once: every window scored against a 500-line old text canonicalised all of it again. */
const needleSides = new WeakMap<Needle, Side>();

function needleSide(needle: Needle): Side {
  let side = needleSides.get(needle);
  if (!side) {
    const index = needle.significant;
    const text = index.map((j) => canonicalLine(needle.lines[j]));
    side = { index, text, length: text.reduce((n, t) => n + t.length + 1, 0) };
    needleSides.set(needle, side);
  }
  return side;
}

function fileSide(doc: SourceText, startLine: number, endLine: number): Side {
  const index: number[] = [];
  const text: string[] = [];
  let length = 0;
  for (let f = Math.max(0, startLine); f <= Math.min(endLine, doc.lineCount - 1); f++) {
    const t = canonicalFileLine(doc, f);
    if (t.length === 0) continue;
    index.push(f);
    text.push(t);
    length += t.length + 1;
  }
  return { index, text, length };
}

/**
 * Aligns the needle with file lines [startLine, endLine] and scores it: 1 − edits / length, where equal lines
 * cost nothing, lines that differ cost their character edit distance, and missing or extra lines their length.
 * With `trim`, the window shrinks to the aligned lines first (so surrounding context never counts).
 */
export function scoreWindow(ctx: SearchContext, needle: Needle, startLine: number, endLine: number, trim = false): Scored | undefined {
  const a = needleSide(needle);
  let b = fileSide(ctx.doc, startLine, endLine);
  if (a.text.length === 0 || b.text.length === 0) return undefined;
  let aligned = align(ctx, a, b);
  if (trim) {
    const lines = [...aligned.pairs.values()];
    if (lines.length === 0) return undefined;
    const lo = minOf(lines);
    const hi = maxOf(lines);
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: equivalent: aligning the same window again gives the same alignment
    if (lo !== b.index[0] || hi !== b.index[b.index.length - 1]) {
      b = fileSide(ctx.doc, lo, hi);
      aligned = align(ctx, a, b);
    }
  }
  const total = Math.max(a.length, b.length);
  const score = Math.max(0, 1 - aligned.cost / total);
  const evidence = Math.max(0, 1 - aligned.needleCost / a.length);
  return { startLine: b.index[0], endLine: b.index[b.index.length - 1], score, evidence, pairs: aligned.pairs, firstDifference: aligned.firstDifference };
}

/**
 * A whole line the old text has and the file does not (or the reverse), with the lines around it in place, is
 * the commonest slip there is: a forgotten or an invented line. It costs a fraction of its length, for a few
 * such lines per window; beyond that every line counts in full (a rewritten middle is not a slip).
 */
const GAP_LINE_WEIGHT = 0.3;

function align(ctx: SearchContext, a: Side, b: Side) {
  ctx.budget.charge((a.text.length + b.text.length) * 16);
  // Windows that need more line edits than half their lines are not the place: stop jsdiff early.
  // Stryker disable next-line ArithmeticOperator: a bound on work: it changes only windows needing more line edits than half their lines, far below every threshold
  const maxEditLength = Math.ceil((a.text.length + b.text.length) / 2) + 2;
  // Stryker disable next-line ObjectLiteral: the same bound on work (without it jsdiff searches further on windows far below every threshold)
  // Bounded work (diffWithin): a 5,000-line old text scored against 24 windows took 20 s of Myers' diff.
  const changes = (mayDiffWithin(a.text, b.text, maxEditLength) ? diffWithin(a.text, b.text, maxEditLength) : undefined) ?? [
    { value: a.text, count: a.text.length, removed: true, added: false },
    // Stryker disable next-line BooleanLiteral: equivalent: a run is read as added before its removed flag is looked at
    { value: b.text, count: b.text.length, added: true, removed: false },
  ];
  regroupAroundLoneEquals(ctx, changes);
  const pairs = new LinePairs(ctx.needle.lines.length);
  let firstDifference: Scored['firstDifference'];
  let cost = 0;
  let needleCost = 0;
  let gapAllowance = Math.max(1, Math.floor(a.text.length / 6));
  const gapCost = (line: string) => (gapAllowance-- > 0 ? GAP_LINE_WEIGHT : 1) * (line.length + 1);
  let i = 0;
  let k = 0;
  for (let c = 0; c < changes.length; c++) {
    const ch = changes[c];
    // Stryker disable next-line LogicalOperator: equivalent: jsdiff sets count to the run’s length, never 0
    const n = ch.count ?? ch.value.length;
    if (!ch.added && !ch.removed) {
      for (let t = 0; t < n; t++) pairs.set(a.index[i + t], b.index[k + t]);
      i += n;
      k += n;
      continue;
    }
    // A removed run and the added run after it form one region: pair its lines by similarity, in order.
    const removed = ch.removed ? n : 0;
    const next = ch.removed ? changes[c + 1] : undefined;
    // Stryker disable next-line LogicalOperator: equivalent: jsdiff sets count to the run’s length, never 0
    const added = ch.added ? n : next?.added ? (next.count ?? next.value.length) : 0;
    if (next?.added) c++;
    const xs = a.text.slice(i, i + removed);
    const ys = b.text.slice(k, k + added);
    const matched = pairRegion(ctx, xs, ys);
    const usedX = new Set<number>();
    const usedY = new Set<number>();
    for (const [x, y, d] of matched) {
      usedX.add(x);
      usedY.add(y);
      cost += d;
      needleCost += d;
      pairs.set(a.index[i + x], b.index[k + y]);
      if (!firstDifference) firstDifference = { needleLine: a.index[i + x], fileLine: b.index[k + y] };
    }
    // Only a gap with aligned lines on both sides is a slip; a line missing at the edge of a window is the
    // window not being the place (the discount must never let a window shed the old text's first line).
    const interior = (i > 0 || k > 0) && c + 1 < changes.length;
    const gap = (line: string) => (interior ? gapCost(line) : line.length + 1);
    // One old line standing where the file has another, unrelated one (a line borrowed from elsewhere, written in
    // place of the one the model forgot) is one slip, not two: it costs the longer line's gap once.
    const substitution = interior && removed === 1 && added === 1 && matched.length === 0;
    // Stryker disable next-line EqualityOperator: equivalent: of two lines of one length, either costs the same
    if (substitution) cost += gap(xs[0].length >= ys[0].length ? xs[0] : ys[0]);
    for (let t = 0; t < removed; t++) {
      if (usedX.has(t)) continue;
      if (!substitution) cost += gap(xs[t]);
      needleCost += xs[t].length + 1;
    }
    for (let t = 0; t < added; t++) if (!usedY.has(t) && !substitution) cost += gap(ys[t]);
    if (!firstDifference) {
      firstDifference = { needleLine: a.index[Math.min(i, a.index.length - 1)], fileLine: b.index[Math.min(k, b.index.length - 1)] };
    }
    i += removed;
    k += added;
  }
  return { pairs, cost, needleCost, firstDifference };
}

/**
 * A line diff pairs equal lines first, even out of step: `pairBuffr += ':'` / `pairBuffer += ': '` against a file's
 * `pairBuffer += ':'` / `} else {` / `pairBuffer += ': '` (the two file lines equal once canonical) pairs the old
 * second line with the file's first and leaves the typo and the real counterpart unpaired — a good place scored
 * like a bad one. A lone equal line between a removed run and an added run (either order) is made one region with
 * them when pairing that region by similarity in order (pairRegion) pairs more lines and still pairs the equal
 * line with an equal one; never when it would trade the equal pair for look-alikes (`hsl:` paired with `rgb:`).
 */
function regroupAroundLoneEquals(ctx: SearchContext, changes: { value: string[]; count?: number; added?: boolean; removed?: boolean }[]): void {
  for (let c = 0; c + 2 < changes.length; c++) {
    const [x, eq, y] = [changes[c], changes[c + 1], changes[c + 2]];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: jsdiff alternates equal and changed runs, so the middle of a removed/added pair is never a changed run
    if (eq.added || eq.removed || eq.value.length !== 1) continue;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: runs of one side around the equal line leave the other side that line alone: one pair at most, refused below
    if (!((x.removed && y.added) || (x.added && y.removed))) continue;
    // Each side in diff order: the old text's lines (removed and equal), the file's (equal and added).
    const xs = [x, eq, y].filter((ch) => !ch.added).flatMap((ch) => ch.value);
    const ys = [x, eq, y].filter((ch) => !ch.removed).flatMap((ch) => ch.value);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a bound on work: regions over 12 × 12 lines are not regrouped
    if (xs.length * ys.length > 144) continue;
    // Apart, the runs beside the equal line pair with nothing (each is a region of one side): one pair in all.
    const regrouped = pairRegion(ctx, xs, ys);
    // The equal line must still pair with an equal one (distance 0: the file's line is the same text).
    if (regrouped.length < 2 || !regrouped.some(([p, , d]) => d === 0 && xs[p] === eq.value[0])) continue;
    // Stryker disable next-line BooleanLiteral: equivalent: the added run is read as the removed run’s partner, and as a neighbour its removed side holds no old line
    changes.splice(c, 3, { value: xs, count: xs.length, removed: true, added: false }, { value: ys, count: ys.length, added: true, removed: false });
  }
}

/**
 * False when the line diff of `a` and `b` surely needs more than `max` inserted and deleted lines, so jsdiff would
 * give up (return undefined) anyway: they have at most as many lines in common as their line multisets share, and
 * every other line is an insertion or a deletion. Counting shared lines is linear; jsdiff's search before giving up
 * is lines × `max`, which made an old text of hundreds of lines absent from the file cost a second.
 */
function mayDiffWithin(a: string[], b: string[], max: number): boolean {
  const counts = lineCounts(a);
  // Lines of `b` taken so far, by text: only those `a` has (the old text's counts are shared by every window).
  const taken = new Map<string, number>();
  let common = 0;
  for (const t of b) {
    const n = counts.get(t);
    if (!n) continue;
    const k = taken.get(t) ?? 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: a looser count only lets jsdiff run and give up itself
    if (k < n) {
      common++;
      taken.set(t, k + 1);
    }
  }
  // Stryker disable next-line ConditionalExpression,ArithmeticOperator: speed only: a looser bound only lets jsdiff run and give up itself
  return a.length + b.length - 2 * common <= max;
}

/** How often each line stands in `lines` (an old text's side: counted once, whatever the windows scored). */
const countsOfLines = new WeakMap<string[], Map<string, number>>();

function lineCounts(lines: string[]): Map<string, number> {
  let counts = countsOfLines.get(lines);
  if (!counts) {
    counts = new Map<string, number>();
    // Stryker disable next-line ArithmeticOperator: speed only: a looser count only lets jsdiff run and give up itself
    for (const t of lines) counts.set(t, (counts.get(t) ?? 0) + 1);
    countsOfLines.set(lines, counts);
  }
  return counts;
}

const bag = new Int32Array(128);

/**
 * True when the edit distance of `x` and `y` is surely above `limit`: it is at least their length difference, and
 * at least half the characters one has more of than the other (one substitution changes two counts by one, an
 * insertion or a deletion one). Characters are counted modulo 128: merged counts only lower the bound.
 */
function surelyFartherThan(x: string, y: string, limit: number): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: speed only: it can only say "surely farther" less often, and the distance decides instead
  if (Math.abs(x.length - y.length) > limit) return true;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: it can only say "surely farther" less often, and the distance decides instead (one side uncounted, the sum is the other side’s length)
  for (let i = 0; i < x.length; i++) bag[x.charCodeAt(i) & 127]++;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: it can only say "surely farther" less often, and the distance decides instead (one side uncounted, the sum is the other side’s length)
  for (let i = 0; i < y.length; i++) bag[y.charCodeAt(i) & 127]--;
  // Stryker disable EqualityOperator,AssignmentOperator: speed only: it can only say "surely farther" less often, and the distance decides instead
  let l1 = 0;
  for (let i = 0; i < x.length; i++) {
    const c = x.charCodeAt(i) & 127;
    l1 += Math.abs(bag[c]);
    bag[c] = 0;
  }
  for (let i = 0; i < y.length; i++) {
    const c = y.charCodeAt(i) & 127;
    l1 += Math.abs(bag[c]);
    bag[c] = 0;
  }
  // Stryker restore EqualityOperator,AssignmentOperator
  // Stryker disable next-line ConditionalExpression: speed only: it can only say "surely farther" less often, and the distance decides instead
  return l1 / 2 > limit;
}

/**
 * Order-preserving pairing of the lines of a region that maximises the characters they share; a pair needs at
 * most half its characters edited. Large regions (a rewritten block) pair by position: no line there is a slip.
 */
function pairRegion(ctx: SearchContext, xs: string[], ys: string[]): Array<[number, number, number]> {
  const dist = (x: number, y: number) => {
    ctx.budget.charge(xs[x].length * ys[y].length);
    const limit = Math.max(xs[x].length, ys[y].length) / 2;
    // Most pairs of unrelated lines are told apart by their characters alone, in linear time.
    // Stryker disable next-line ConditionalExpression: speed only: without the prefilter the distance decides
    if (surelyFartherThan(xs[x], ys[y], limit)) return -1;
    const d = distance(xs[x], ys[y]);
    return d <= limit ? d : -1;
  };
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: with one side empty the pairing is empty either way
  if (xs.length === 0 || ys.length === 0) return [];
  if (xs.length * ys.length > 144) {
    const out: Array<[number, number, number]> = [];
    for (let t = 0; t < Math.min(xs.length, ys.length); t++) {
      const d = dist(t, t);
      if (d >= 0) out.push([t, t, d]);
    }
    return out;
  }
  // best[p][q]: most shared characters pairing xs[..p) with ys[..q).
  const best: number[][] = Array.from({ length: xs.length + 1 }, () => new Array<number>(ys.length + 1).fill(0));
  const ds: number[][] = xs.map((_, x) => ys.map((__, y) => dist(x, y)));
  for (let p = 1; p <= xs.length; p++) {
    for (let q = 1; q <= ys.length; q++) {
      const d = ds[p - 1][q - 1];
      const gain = d >= 0 ? Math.max(xs[p - 1].length, ys[q - 1].length) - d + 1 : -Infinity;
      best[p][q] = Math.max(best[p - 1][q], best[p][q - 1], best[p - 1][q - 1] + gain);
    }
  }
  const out: Array<[number, number, number]> = [];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: at q = 0 every best[p][0] is 0, so the walk only steps p down
  for (let p = xs.length, q = ys.length; p > 0 && q > 0; ) {
    if (best[p][q] === best[p - 1][q]) p--;
    else if (best[p][q] === best[p][q - 1]) q--;
    else {
      out.push([p - 1, q - 1, ds[p - 1][q - 1]]);
      p--;
      q--;
    }
  }
  return out.reverse();
}

/**
 * File lines where the needle's first line may sit, most promising first. Votes come from file lines equal
 * (trimmed) to a meaningful needle line, and from lines holding one of the needle's longest identifiers (so a
 * typo in any one line, or inner whitespace drift everywhere, still leaves a trace). Linear in the file.
 */
export function candidateStarts(ctx: SearchContext, needle: Needle, limit = 24): number[] {
  return ctx.doc.memo(`starts:${limit}:${needle.text}`, () => voteStarts(ctx, needle, limit));
}

/**
 * The memo key of the vote's table (file lines by the old text's meaningful lines they equal, trimmed): complete
 * for every text it holds, so a text listed on one line stands nowhere else in the file.
 */
export function trimmedPlacesKey(needleText: string): string {
  return `trimmed-places:${needleText}`;
}

/** Votes cast by whole lines, at most (see voteStarts): so many per line of the file, and a floor for any file. */
const MAX_LINE_VOTES_PER_LINE = 2;
const MIN_LINE_VOTES = 100_000;
/** A token on this many lines or more casts no vote (see voteStarts). */
const MAX_VOTING_TOKEN_LINES = 1000;

function voteStarts(ctx: SearchContext, needle: Needle, limit: number): number[] {
  const { doc } = ctx;
  // Votes per start line (f − j lies in (−needle lines, file lines)): an array, not a map — a long old text on a
  // large file casts millions of them.
  const offset = needle.lines.length;
  const votes = new Float64Array(doc.lineCount + offset);
  const voted: number[] = [];
  const vote = (start: number, weight: number) => {
    if (votes[start + offset] === 0) voted.push(start + offset);
    votes[start + offset] += weight;
  };
  const meaningful = needle.significant.filter((j) => isMeaningfulLine(needle.lines[j]));
  if (meaningful.length >= 2) {
    const byText = new Map<string, number[]>();
    for (const j of meaningful) {
      const t = needle.lines[j].trim();
      const js = byText.get(t);
      if (js) js.push(j);
      else byText.set(t, [j]);
    }
    const fileLines = doc.memo(trimmedPlacesKey(needle.text), () => linesTrimmedTo(doc, byText.keys()));
    // Each file line holding a needle line votes once per needle line with its text: a common line of a long old
    // text, in a file full of it, would cast lines × occurrences votes (quadratic), all of them noise. The rarest
    // lines vote first, and votes stop at a bound linear in the file, never reached by an old text of ordinary
    // length (so the starts found are then the same).
    // Stryker disable next-line ArithmeticOperator: a bound on work: the order lines vote in matters only once the vote cap is reached
    const weight = ([t, lines]: [string, number[]]) => lines.length * byText.get(t)!.length;
    // Stryker disable next-line MethodExpression,ArithmeticOperator: a bound on work: the order lines vote in matters only once the vote cap is reached
    const texts = [...fileLines].sort((x, y) => weight(x) - weight(y));
    // Stryker disable next-line ArithmeticOperator: a bound on work (the vote cap), never reached by an old text of ordinary length
    let left = MAX_LINE_VOTES_PER_LINE * doc.lineCount + MIN_LINE_VOTES;
    for (const [t, lines] of texts) {
      const js = byText.get(t)!;
      // Stryker disable next-line ArithmeticOperator,AssignmentOperator: a bound on work (the vote cap), never reached by an old text of ordinary length
      left -= lines.length * js.length;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on work (the vote cap), never reached by an old text of ordinary length
      if (left < 0) break;
      for (const f of lines) for (const j of js) vote(f - j, 1);
    }
  }
  // The longest identifiers of the whole needle (distinct lines), each a vote for where its line would put line 0.
  // A short old text has few lines to vote: let each vote with its three longest identifiers, so a typo in
  // one of them (the longest is the likeliest to hold a typo) still leaves a trace.
  const perLine = meaningful.length <= 3 ? 3 : 1;
  const tokens = meaningful
    .flatMap((j) => wordTokens(needle.lines[j]).slice(0, perLine).map((token) => ({ token, j })))
    .sort((x, y) => y.token.length - x.token.length)
    .slice(0, 3);
  // When most lines already stand verbatim (trimmed) in one place, a place found by tokens alone stays below the
  // noise floor anyway: the rarest token (which the line tiers have already scanned for) is enough, and two
  // whole-file scans are saved.
  let bestLineVotes = 0;
  for (const i of voted) bestLineVotes = Math.max(bestLineVotes, votes[i]);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: speed only: a place found by tokens alone then stays below the noise floor anyway
  if (bestLineVotes * 3 >= meaningful.length * 2 && bestLineVotes * 0.3 > 0.5 * tokens.length) tokens.splice(1);
  // A token on a thousand lines or more (`return` in a file of small functions) votes for every place alike:
  // noise the floor below drops anyway. Its scan stops at the limit and it casts no vote — unless nothing else
  // voted at all (a file of two alternating lines): then it is the only trace there is, as before.
  const common: typeof tokens = [];
  for (const t of tokens) {
    const holding = linesContaining(doc, t.token, MAX_VOTING_TOKEN_LINES);
    if (holding.length === MAX_VOTING_TOKEN_LINES) common.push(t);
    else for (const f of holding) vote(f - t.j, 0.5);
  }
  if (voted.length === 0) for (const { token, j } of common) for (const f of linesContaining(doc, token)) vote(f - j, 0.5);
  // Places with a fraction of the best place's votes are noise (a common line like `return result;`).
  let best = 0;
  for (const i of voted) best = Math.max(best, votes[i]);
  const floor = best * 0.3;
  return voted
    .filter((i) => votes[i] >= floor)
    .sort((x, y) => votes[y] - votes[x] || x - y)
    .slice(0, limit)
    .map((i) => i - offset);
}

/** The first `n` significant (non-blank) file lines at or after `from`; fewer at the end of the file. */
export function significantLines(doc: SourceText, from: number, n: number): number[] {
  const out: number[] = [];
  for (let f = Math.max(0, from); f < doc.lineCount && out.length < n; f++) if (!isBlank(doc.line(f))) out.push(f);
  return out;
}

/** The file line that holds the `n`-th significant line at or after `from` (blank lines skipped). */
export function significantLineAfter(doc: SourceText, from: number, n: number): number | undefined {
  return significantLines(doc, from, n)[n - 1];
}
