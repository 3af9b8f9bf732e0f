// Where a snippet could go: chains of its lines that stand in the file, in the same order and close together.
//
// A snippet is new code, so most of its lines may be nowhere in the file; the ones that are (a function's
// signature, context lines, lines it keeps) are the evidence. All of them are looked up in one pass over the
// file (findOccurrences); chains are grown greedily from every occurrence not already in a chain, each step to
// the occurrence that keeps the snippet's spacing — a bounded amount of work (MAX_CHAIN_STEPS).

import type { SourceText } from '../document';
import { EditError } from '../errors';
import { canonicalLine } from '../normalize';
import type { SnippetLines } from './snippetLines';

/** A line found in more places than this anchors nothing (`return;`, `break;`): it is only aligned later. */
export const MAX_OCCURRENCES = 32;
/**
 * Lines the file has between two lines the snippet shows next to each other, without a marker between them,
 * beyond the lines the snippet has there: the most a snippet can leave out silently before the second line is
 * more likely another place's. A rewritten statement run (2–4 lines for 1–4) is well within it.
 */
export const MAX_UNSHOWN = 8;
/** The most lines one elision marker may stand for (a long class body is fine; half a file is not a place). */
export const MAX_ELIDED = 3000;
/** Chain steps (an occurrence tried as the next link) before giving up with too_large: repetitive input. */
const MAX_CHAIN_STEPS = 2_000_000;

export interface Chain {
  /** [snippet line, file line], both strictly increasing. */
  pairs: Array<[number, number]>;
  /** Per pair, in how many places of the file its line stands. */
  counts: number[];
  /** Evidence: each line counts 1 if it is unique in the file, less the more places it stands in. */
  weight: number;
  /** File lines between consecutive pairs (no marker between them) beyond the snippet's own lines there. */
  excess: number;
  startLine: number;
  endLine: number;
}

export interface Occurrences {
  /** Per snippet line, the file lines with the same canonical text (sorted), or undefined if not an anchor. */
  lines: Array<number[] | undefined>;
}

export function findOccurrences(doc: SourceText, snip: SnippetLines): Occurrences {
  // One pass over the file: each line's cheap signature (non-blank characters, first and last of them) is read
  // in place; only lines whose signature some snippet line has are canonicalised and compared. Linear in the
  // file, whatever the snippet, and no allocation for the lines that cannot match.
  const bySignature = new Map<number, Set<string>>();
  for (let j = 0; j < snip.length; j++) {
    if (!snip.meaningful[j]) continue;
    const key = snip.keys[j];
    const sig = signatureOf(key, 0, key.length);
    (bySignature.get(sig) ?? bySignature.set(sig, new Set()).get(sig)!).add(key);
  }
  const allKeys = new Set<string>();
  for (const keys of bySignature.values()) for (const k of keys) allKeys.add(k);
  const found = new Map<string, number[]>();
  const content = doc.content;
  const starts = doc.lineStarts;
  const count = starts.length;
  for (let f = 0; f < count; f++) {
    // Line ends read from the index directly (a CR before the LF is blank to the signature anyway).
    const sig = signatureOf(content, starts[f], f + 1 < count ? starts[f + 1] - 1 : content.length);
    // Non-ASCII lines (typographic quotes, `…`) canonicalise to other characters: always compared.
    const keys = sig < 0 ? undefined : bySignature.get(sig);
    if (sig >= 0 && !keys) continue;
    const key = doc.lineKey(canonicalLine, f);
    if ((keys ?? allKeys).has(key)) (found.get(key) ?? found.set(key, []).get(key)!).push(f);
  }
  const lines = snip.keys.map((key, j) => {
    const hits = snip.meaningful[j] ? found.get(key) : undefined;
    return hits && hits.length <= MAX_OCCURRENCES ? hits : undefined;
  });
  return { lines };
}

/**
 * Count of non-blank characters, first and last of them, packed in one number; -1 when the text has a
 * non-ASCII character (its canonical form may differ in all three). Equal canonical lines have equal signatures.
 */
function signatureOf(text: string, from: number, to: number): number {
  let count = 0;
  let first = 0;
  let last = 0;
  // The signature only prefilters: any function of the line computed alike on both sides finds the same lines
  // (a weaker one compares more of them). Mutants that change it without breaking that are speed only.
  // Stryker disable next-line ConditionalExpression,BlockStatement: speed only (every signature 0: every line compared)
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // Stryker disable next-line EqualityOperator: speed only ('~' or every character taken as non-ASCII: more lines compared)
    if (c > 126) return -1;
    if (c <= 32) continue;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only (the same character taken as first on both sides)
    if (count === 0) first = c;
    last = c;
    // Stryker disable next-line UpdateOperator: speed only (a negative count makes every signature negative: every line compared)
    count++;
  }
  // Stryker disable next-line ArithmeticOperator: speed only (another packing, computed alike on both sides)
  return (count * 128 + first) * 128 + last;
}

/** Distinct places (chains whose file spans do not overlap), the heaviest first. */
export function findChains(snip: SnippetLines, occ: Occurrences): Chain[] {
  const anchorsAfter = (j: number) => {
    const out: number[] = [];
    for (let k = j + 1; k < snip.length; k++) if (occ.lines[k]) out.push(k);
    return out;
  };
  const used = new Set<string>();
  const chains: Chain[] = [];
  let steps = 0;
  for (let j0 = 0; j0 < snip.length; j0++) {
    const starts = occ.lines[j0];
    if (!starts) continue;
    const rest = anchorsAfter(j0);
    for (const f0 of starts) {
      if (used.has(`${j0}:${f0}`)) continue;
      const pairs: Array<[number, number]> = [[j0, f0]];
      let [pj, pf] = [j0, f0];
      for (let r = 0; r < rest.length; r++) {
        const j = rest[r];
        if (++steps > MAX_CHAIN_STEPS) {
          throw new EditError('too_large', 'The snippet is too repetitive to place safely: give a shorter one, with the lines that make its place unique.');
        }
        const elided = snip.markerBetween(pj, j);
        const f = nextOccurrence(occ.lines[j]!, pf, j - pj, elided ? MAX_ELIDED : j - pj + MAX_UNSHOWN, elided);
        if (f === undefined) continue;
        // A line the file has in several places, standing further on than the snippet puts it and past where the
        // next anchor stands: the snippet added it, and the copy further on is another one (a new guard's `return`,
        // taken at the method's last `return`, left the try block between unpaired and the chain lost to one in the
        // method above). A line the file has once is that line, moved: taken.
        const k = rest[r + 1];
        const repeated = occ.lines[j]!.length > 1;
        if (repeated && !elided && k !== undefined && f - pf > j - pj && !snip.markerBetween(j, k) && (firstAfter(occ.lines[k]!, pf) ?? Infinity) < f) continue;
        pairs.push([j, f]);
        [pj, pf] = [j, f];
      }
      for (const [j, f] of pairs) used.add(`${j}:${f}`);
      const counts = pairs.map(([j]) => occ.lines[j]!.length);
      const weight = counts.reduce((w, k) => w + 1 / k, 0);
      let excess = 0;
      for (let i = 1; i < pairs.length; i++) {
        const [[j1, f1], [j2, f2]] = [pairs[i - 1], pairs[i]];
        if (!snip.markerBetween(j1, j2)) excess += Math.max(0, f2 - f1 - (j2 - j1));
      }
      chains.push({ pairs, counts, weight, excess, startLine: pairs[0][1], endLine: pairs[pairs.length - 1][1] });
    }
  }
  // Heaviest first; of equally heavy chains the tightest (a chain that must skip file lines the snippet does
  // not show between two of its lines is a worse reading of the same lines), then the shortest: a head line that
  // stands in two units, before a tail that stands in the second only, is the second unit's (a span from the
  // first unit's head across to the second's tail would edit the first unit).
  const span = (c: Chain) => c.endLine - c.startLine;
  chains.sort((a, b) => b.weight - a.weight || a.excess - b.excess || b.pairs.length - a.pairs.length || span(a) - span(b) || a.startLine - b.startLine);
  const places: Chain[] = [];
  for (const c of chains) if (!places.some((p) => c.startLine <= p.endLine && p.startLine <= c.endLine)) places.push(c);
  return places;
}

/**
 * The occurrence after file line `pf` that continues a chain: across a marker the nearest one (the marker stands
 * for what lies between); otherwise the one whose distance from `pf` is nearest the snippet's own distance `gap`
 * (a repeated line such as `next();` is matched where the snippet has it, not at its first repetition).
 */
function nextOccurrence(xs: number[], pf: number, gap: number, limit: number, elided: boolean): number | undefined {
  const first = firstAfter(xs, pf);
  if (first === undefined || first - pf > limit) return undefined;
  if (elided) return first;
  let best = first;
  for (let i = xs.indexOf(first) + 1; i < xs.length && xs[i] - pf <= limit; i++) {
    if (Math.abs(xs[i] - pf - gap) < Math.abs(best - pf - gap)) best = xs[i];
  }
  return best;
}

/** The smallest element of sorted `xs` greater than `x`. */
function firstAfter(xs: number[], x: number): number | undefined {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo < xs.length ? xs[lo] : undefined;
}
