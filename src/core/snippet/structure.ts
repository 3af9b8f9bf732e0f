// The ends of a unit the snippet gives whole: a closing line (`}`, `});`, `end`) at the level of the unit's
// first line carries no words to search for, and a changed signature is found nowhere. Both are found by
// structure instead: from the nearest anchor, the first line at the expected indentation.

import type { SourceText } from '../document';
import { isBlank } from '../normalize';
import { MAX_ELIDED, MAX_UNSHOWN } from './anchors';
import type { Frame } from './frame';
import type { LineMatcher } from './lineMatch';
import type { SnippetLines } from './snippetLines';

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

/** The file line that opens the unit whose changed first line the snippet starts with, or undefined. */
export function findHead(doc: SourceText, snip: SnippetLines, frame: Frame, match: LineMatcher, first: readonly [number, number]): number | undefined {
  if (first[0] === 0 || !snip.meaningful[0]) return undefined;
  const want = frame.expected(0);
  if (want >= frame.fileWidth(first[1])) return undefined;
  for (let f = first[1] - 1; f >= 0 && first[1] - f <= first[0] + MAX_UNSHOWN; f--) {
    if (isBlank(doc.line(f))) continue;
    const width = frame.fileWidth(f);
    if (width < want) return undefined;
    if (width === want) return match.relation(0, f) ? f : undefined;
  }
  return undefined;
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
