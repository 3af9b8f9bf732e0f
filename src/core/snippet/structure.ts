// The ends of a unit the snippet gives whole: a closing line (`}`, `});`, `end`) at the level of the unit's
// first line carries no words to search for, and a changed signature is found nowhere. Both are found by
// structure instead: from the nearest anchor, the first line at the expected indentation.

import type { SourceText } from '../document';
import { isBlank } from '../normalize';
import { MAX_ELIDED, MAX_UNSHOWN } from './anchors';
import type { Frame } from './frame';
import type { LineMatcher } from './lineMatch';
import { opensBracket, type SnippetLines } from './snippetLines';

/**
 * The file line that closes what the snippet's last line closes, or undefined. Lines between the last anchor
 * and it are replaced, so without a marker there they must be about as many as the snippet has (a rewritten
 * body), never a long run the snippet does not show.
 */
export function findCloser(doc: SourceText, snip: SnippetLines, frame: Frame, match: LineMatcher, last: readonly [number, number]): number | undefined {
  const j = snip.length - 1;
  if (j <= last[0] || snip.meaningful[j] || snip.marker[j] || snip.blank[j]) return undefined;
  const elided = snip.markerBetween(last[0], j);
  const limit = elided ? MAX_ELIDED : j - last[0] + MAX_UNSHOWN;
  const want = frame.expected(j);
  for (let f = last[1] + 1; f < doc.lineCount && f - last[1] <= limit; f++) {
    if (isBlank(doc.line(f))) continue;
    const width = frame.fileWidth(f);
    if (width < want) return undefined;
    if (width === want) return match.relation(j, f)?.kind === 'equal' ? f : undefined;
  }
  return undefined;
}

/**
 * The file line that opens the unit whose changed first line the snippet starts with (after the markers it may
 * start with: `// ...` / `def f(x, extra):`), or undefined. Its line in the snippet is `firstCodeLine(snip)`.
 */
export function findHead(doc: SourceText, snip: SnippetLines, frame: Frame, match: LineMatcher, first: readonly [number, number]): number | undefined {
  const h = firstCodeLine(snip);
  if (first[0] === h || !snip.meaningful[h]) return undefined;
  const want = frame.expected(h);
  if (want >= frame.fileWidth(first[1])) return undefined;
  for (let f = first[1] - 1; f >= 0 && first[1] - f <= first[0] - h + MAX_UNSHOWN; f--) {
    if (isBlank(doc.line(f))) continue;
    const width = frame.fileWidth(f);
    if (width < want) return undefined;
    if (width === want) return match.relation(h, f) ? f : undefined;
  }
  return undefined;
}

/** The first non-blank file line from `f` in direction `dir`, up to `limit` (inclusive); undefined when none. */
export function nonBlankLine(doc: SourceText, f: number, dir: 1 | -1, limit: number): number | undefined {
  for (; f >= 0 && f < doc.lineCount && (dir > 0 ? f <= limit : f >= limit); f += dir) if (!isBlank(doc.line(f))) return f;
  return undefined;
}

/** The snippet's first line of code: past the markers and blank lines it starts with. */
export function firstCodeLine(snip: SnippetLines): number {
  let h = 0;
  while (h < snip.length - 1 && (snip.marker[h] || snip.blank[h])) h++;
  return h;
}

/**
 * The last line of the unit file line `f` opens (`class X:`, `function f() {`): the last non-blank line deeper
 * than it before the first line that is not. Undefined when `f` opens nothing.
 */
export function findUnitEnd(doc: SourceText, frame: Frame, f: number): number | undefined {
  if (!/[:{]\s*$/.test(doc.line(f))) return undefined;
  const width = frame.fileWidth(f);
  let end: number | undefined;
  for (let k = f + 1; k < doc.lineCount && k - f <= MAX_ELIDED; k++) {
    if (isBlank(doc.line(k))) continue;
    if (frame.fileWidth(k) <= width) break;
    end = k;
  }
  return end;
}

/**
 * Anchors for the closing lines of blocks whose opening line is an anchor: `}` of an `if (…) {` the snippet shows
 * changed inside carries no words to be found by, and the table between anchors, where a marker takes file lines
 * for free, wrote it as a new line and kept the file's (a brace too many, the old body left behind it). Paired
 * only when both close the block at the opener's level, with the same line, in order with the other anchors.
 */
export function blockCloserAnchors(doc: SourceText, snip: SnippetLines, frame: Frame, match: LineMatcher, anchors: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out = anchors.map(([j, f]): [number, number] => [j, f]);
  anchors.forEach(([jo, fo], i) => {
    const jNext = anchors[i + 1]?.[0] ?? snip.length;
    // The block may hold anchors of its own: its closing line is looked for past them, up to the block's end.
    const jc = closingLine((j) => snip.blank[j], (j) => snip.widths[j], jo, snip.length, (j) => snip.marker[j]) ?? emptiedBlockEnd(snip, jo, jNext);
    if (jc === undefined || snip.widths[jc] !== snip.widths[jo] || snip.meaningful[jc]) return;
    const fc = closingLine((f) => isBlank(doc.line(f)), frame.fileWidth, fo, Math.min(doc.lineCount, fo + MAX_ELIDED + 1));
    if (fc === undefined || frame.fileWidth(fc) !== frame.fileWidth(fo) || match.relation(jc, fc)?.kind !== 'equal') return;
    // In order with every other anchor: inside the block on both sides, or outside it on both.
    if (!out.every(([j, f]) => j !== jc && f !== fc && j < jc === f < fc)) return;
    out.push([jc, fc]);
  });
  return out.sort((x, y) => x[0] - y[0]);
}

/** The line right after an opening `{` (`(`, `[`) at its level, in the snippet: the block shown emptied. */
function emptiedBlockEnd(snip: SnippetLines, jo: number, limit: number): number | undefined {
  if (!opensBracket(snip.lines[jo])) return undefined;
  const k = snip.nextLine(jo);
  return k < limit && !snip.marker[k] ? k : undefined;
}

/**
 * The first line after `opener`, before `limit`, at the opener's level or shallower, when the line after the opener
 * is deeper (it opens a block); undefined otherwise. Lines `skip` says are no line of the block's (markers) are
 * passed over.
 */
function closingLine(blank: (k: number) => boolean, width: (k: number) => number, opener: number, limit: number, skip: (k: number) => boolean = () => false): number | undefined {
  let k = opener + 1;
  while (k < limit && (blank(k) || skip(k))) k++;
  if (k >= limit || width(k) <= width(opener)) return undefined;
  for (; k < limit; k++) {
    if (blank(k) || skip(k)) continue;
    if (width(k) <= width(opener)) return k;
  }
  return undefined;
}
