// "Already applied" means the new text stands in the file and the old text does not. The first half is lossless
// evidence; the second was taken from the lossless tiers alone, so an old text with a typo (found by the
// similarity tiers only) counted as gone: a deletion whose new text is the line above it, or a change whose new
// text copies a line that stands elsewhere, was reported applied and never written (a batch then wrote the other
// edits and called the file complete).

import { similarity } from './align';
import type { SourceText } from './document';
import { canonicalLine, isBlank } from './normalize';
import type { Candidate } from './tier';

/** How alike an old line and a file line must be to say the old line still stands there (a typo or two). */
const VERSION_SIMILARITY = 0.8;

/**
 * How `found` (a place a similarity tier found for the old text) stands to `applied` (where the new text stands):
 * - 'past': it reaches past the new text's lines over file lines that are versions of old lines the new text does
 *   not have (the line a deletion removes, still there with its typo): the old text stands, not applied;
 * - 'apart': it shares no line with the new text's place: either an applied edit's near-twin or the old text with a
 *   slip, whose new text copies lines that stand elsewhere; nothing tells which;
 * - 'within': within the new text's lines (or past them over other lines): the applied edit found again, the old
 *   text resembling its new text.
 */
export function oldStillStands(doc: SourceText, applied: { start: number; end: number }, found: Candidate, oldLines: readonly string[], newString: string): 'past' | 'apart' | 'within' {
  const first = doc.lineAt(found.start);
  const last = doc.lineAt(Math.max(found.start, found.end - 1));
  const appliedFirst = doc.lineAt(applied.start);
  const appliedLast = doc.lineAt(Math.max(applied.start, applied.end - 1));
  if (last < appliedFirst || first > appliedLast) return 'apart';
  const pairs = found.window?.pairs;
  if (!pairs) return 'within';
  const newLines = new Set(newString.split(/\r?\n/).map(canonicalLine));
  let beyond = 0;
  let versions = 0;
  pairs.forEach((f, j) => {
    if (f >= appliedFirst && f <= appliedLast) return;
    if (isBlank(doc.line(f))) return;
    beyond++;
    const old = canonicalLine(oldLines[j] ?? '');
    if (!newLines.has(old) && similarity(old, canonicalLine(doc.line(f))) >= VERSION_SIMILARITY) versions++;
  });
  return beyond > 0 && versions === beyond ? 'past' : 'within';
}
