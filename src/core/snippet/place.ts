// Choosing the place: the heaviest chain of shared lines, unless another place is as good (a near-twin:
// ambiguous, naming every place) or it shares too few lines with the snippet (not found, naming the closest).

import { toMatch } from '../cascade';
import type { SourceText } from '../document';
import { EditError } from '../errors';
import { listedPlaces, placeCount } from '../messages';
import type { FindResult, Hint, Match } from '../types';
import type { Chain } from './anchors';
import type { LineMatcher } from './lineMatch';
import type { SnippetLines } from './snippetLines';

/**
 * Evidence a place needs. Anchor weight counts 1 per line unique in the file, 1/k for a line found k times;
 * one line alone must be unique and long enough to be distinctive, or open the unit the snippet closes.
 */
const MIN_WEIGHT = 1.5;
const MIN_DISTINCTIVE_LENGTH = 24;
/** A unit head alone (`class Cart {`, `class A:`) must still name something. */
const MIN_HEAD_LENGTH = 8;
/** Lines found next to each other as the snippet has them, common ones included, this long together. */
const MIN_ADJACENT_LENGTH = 32;

/**
 * Refuses unless `chain` is the one place: places as good as it (the hint did not choose between them) are named
 * when each shares two lines or a distinctive one with the snippet (a near-twin); otherwise a weak place is no
 * place. `closed`: the snippet's unit was found whole by structure (its closing line, or its end).
 */
export function refuseUnlessClear(doc: SourceText, snip: SnippetLines, places: Chain[], chain: Chain & { byHint?: boolean }, closed: boolean): void {
  const rivals = chain.byHint ? [] : places.filter((p) => p !== chain && !clearlyBetter(chain, p));
  const telling = (p: Chain) => p.pairs.length >= 2 || snip.keys[p.pairs[0][0]].length >= MIN_DISTINCTIVE_LENGTH;
  if (rivals.length && telling(chain) && rivals.every(telling)) throw ambiguous(doc, [chain, ...rivals]);
  if (!enoughEvidence(snip, chain, closed)) throw notFound(doc, chain);
  if (rivals.length) throw ambiguous(doc, [chain, ...rivals]);
}

/**
 * Refuses when a snippet line placed past an elision marker stands again within the same bounds, with the lines the
 * snippet shows after it fitting there as well: the marker could stand for the lines up to either (`function f() {`
 * / `// ...` / a statement the function has twice / `// ...` / `}`: the first was changed, silently). `anchors`:
 * the place's pairs, a unit's closing line among them; `found`: each snippet line's places in the file; `unitEnd`:
 * the last line of the unit the first anchor opens, the bound when no anchor follows.
 */
export function refuseTwinPastMarker(doc: SourceText, snip: SnippetLines, match: LineMatcher, found: ReadonlyArray<number[] | undefined>, anchors: ReadonlyArray<readonly [number, number]>, unitEnd: number | undefined): void {
  anchors.forEach(([j, f], i) => {
    const before = anchors[i - 1];
    if (!before || !snip.markerBetween(before[0], j)) return;
    let end = j;
    while (end + 1 < snip.length && !snip.marker[end + 1]) end++;
    const after = anchors.slice(i + 1).find(([k]) => k > end);
    const bound = after ? after[1] : unitEnd;
    if (bound === undefined) return;
    const fits = (g: number) => {
      let n = 0;
      for (let k = j; k <= end; k++) if (!snip.blank[k] && g + k - j < doc.lineCount && match.relation(k, g + k - j) !== null) n++;
      return n;
    };
    const here = fits(f);
    const twins = (found[j] ?? []).filter((g) => g !== f && g > before[1] && g + end - j < bound && fits(g) >= here);
    if (twins.length === 0) return;
    const places = [f, ...twins].sort((a, b) => a - b).map((g) => ({ startLine: g, endLine: Math.min(doc.lineCount - 1, g + end - j) }));
    const result = listedPlaces('snippet', places, (p) => placeMatch(doc, p));
    throw new EditError(
      'ambiguous',
      `The snippet's line ${j + 1} (\`${snip.lines[j].trim().slice(0, 80)}\`) follows an elision marker and fits ${places.length} places below the line before it (${places.map(lineRange).join(', ')}): the marker could stand for the lines up to either. ` +
        'Nothing was changed. Include a line next to it that only the intended place has.',
      result,
    );
  });
}

/** The best place; when others are as good, the one the hint is nearest to (marked), else the best. */
export function choosePlace(doc: SourceText, places: Chain[], hint: Hint | undefined): Chain & { byHint?: boolean } {
  const [best] = places;
  // `best` itself stays in: no place is clearly better than itself.
  const rivals = places.filter((p) => !clearlyBetter(best, p));
  if (rivals.length === 1) return best;
  const byHint = pickByHint(doc, rivals, hint);
  return byHint ? { ...byHint, byHint: true } : best;
}

function ambiguous(doc: SourceText, rivals: Chain[]): EditError {
  const result = listedPlaces('snippet', [...rivals].sort((a, b) => a.startLine - b.startLine), (p) => placeMatch(doc, p));
  const where = result.candidates.slice(0, 10).map(lineRange).join(', ');
  return new EditError(
    'ambiguous',
    `The snippet fits ${placeCount(result)} places equally well (${where}): the lines it shares with the file do not tell them apart. ` +
      'Nothing was changed. Include a line that only the intended place has (its signature, a neighbouring line).',
    result,
  );
}

/**
 * A place is clearly better when it has twice the evidence, or when it has every snippet line the other has
 * and more: a near-twin that lacks a line the snippet shows is not a rival.
 */
function clearlyBetter(best: Chain, other: Chain): boolean {
  if (best.weight >= 2 * other.weight) return true;
  const mine = new Set(best.pairs.map(([j]) => j));
  return best.pairs.length > other.pairs.length && other.pairs.every(([j]) => mine.has(j));
}

function enoughEvidence(snip: SnippetLines, chain: Chain, closed: boolean): boolean {
  if (chain.pairs.length >= 2) {
    // Two lines or more: enough weight, or one line unique in the file with others around it in order, or
    // lines that stand next to each other exactly as in the snippet and say enough together.
    if (chain.weight >= MIN_WEIGHT || chain.counts.includes(1)) return true;
    let adjacent = 0;
    chain.pairs.forEach(([j, f], i) => {
      const prev = chain.pairs[i - 1];
      const next = chain.pairs[i + 1];
      if ((prev && f - prev[1] === j - prev[0]) || (next && next[1] - f === next[0] - j)) adjacent += snip.keys[j].length;
    });
    return adjacent >= MIN_ADJACENT_LENGTH;
  }
  // One line: it must stand nowhere else in the file, and be long, or be the snippet's first line opening the
  // unit the snippet closes (`class Cart {` … `}`): a common line inside foreign code (`return (`) is no unit head.
  const [j] = chain.pairs[0];
  const key = snip.keys[j];
  if (chain.weight !== 1) return false;
  return key.length >= MIN_DISTINCTIVE_LENGTH || (closed && j === 0 && key.length >= MIN_HEAD_LENGTH && /[{:]$/.test(key));
}

function pickByHint(doc: SourceText, places: Chain[], hint: Hint | undefined): Chain | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'object' && 'after' in hint) {
    const below = places.filter((p) => p.startLine >= hint.after).sort((a, b) => a.startLine - b.startLine);
    return below[0];
  }
  const line = typeof hint === 'number' ? hint : 'line' in hint ? hint.line : doc.lineAt(Math.max(0, Math.min(hint.offset, doc.content.length)));
  if (!Number.isFinite(line)) return undefined;
  const dist = (p: Chain) => (line < p.startLine ? p.startLine - line : line > p.endLine ? line - p.endLine : 0);
  const ranked = [...places].sort((a, b) => dist(a) - dist(b));
  return dist(ranked[0]) < dist(ranked[1]) ? ranked[0] : undefined;
}

function placeMatch(doc: SourceText, p: { startLine: number; endLine: number }): Match {
  return toMatch(doc, 'snippet', { start: doc.lineStart(p.startLine), end: doc.lineEnd(p.endLine), score: 0, normalized: [] });
}

export function notFound(doc: SourceText, weak?: Chain): EditError {
  const result: FindResult = { kind: 'not_found', tried: ['snippet'] };
  let msg = 'No place in the file shares enough lines with the snippet to apply it safely.';
  if (weak) {
    const m = placeMatch(doc, weak);
    result.closest = { start: m.start, end: m.end, startLine: m.startLine, endLine: m.endLine, score: 0, text: m.text };
    msg += ` The closest place is ${lineRange(m)}, sharing ${weak.pairs.length} line(s) — not enough to be sure.`;
  }
  return new EditError('not_found', `${msg} Include the unchanged first line(s) of the code it replaces (a signature) and its last line.`, result);
}

export function lineRange(m: { startLine: number; endLine: number }): string {
  return m.startLine === m.endLine ? `line ${m.startLine + 1}` : `lines ${m.startLine + 1}–${m.endLine + 1}`;
}

