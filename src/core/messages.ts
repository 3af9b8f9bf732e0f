// Refusals in words a person or a model can act on: what was tried, where it came close, what to do next.

import { EditError } from './errors';
import type { Closest, FindResult, Match, TierName } from './types';

const lines = (m: { startLine: number; endLine: number }) =>
  m.startLine === m.endLine ? `line ${m.startLine + 1}` : `lines ${m.startLine + 1}–${m.endLine + 1}`;
const percent = (score: number) => `${Math.floor(score * 100)}%`;

/**
 * An ambiguous answer lists this many places at most, and says how many there are in all: 10,000 places in a file
 * of repeated lines are of no use to anyone one by one, and each costs memory and time (a batch of such edits, a
 * notification naming them all, a highlight for each).
 */
export const MAX_LISTED_PLACES = 1000;

/** How many places an ambiguous answer stands for, listed or not. */
export function placeCount(result: { candidates: readonly unknown[]; places?: number }): number {
  return result.places ?? result.candidates.length;
}

/** The ambiguous answer of `places` (in document order) made into Matches by `toMatch`: the first MAX_LISTED_PLACES, and the count when there are more. */
export function listedPlaces<T>(tier: TierName, places: readonly T[], toMatch: (place: T) => Match, total = places.length): Extract<FindResult, { kind: 'ambiguous' }> {
  const candidates = places.slice(0, MAX_LISTED_PLACES).map(toMatch);
  const count = Math.max(total, places.length);
  return count > MAX_LISTED_PLACES ? { kind: 'ambiguous', tier, candidates, places: count } : { kind: 'ambiguous', tier, candidates };
}

export function refusal(result: Exclude<FindResult, { kind: 'match' }>): EditError {
  switch (result.kind) {
    case 'not_found':
      return new EditError('not_found', notFoundMessage(result.tried, result.closest), result);
    case 'ambiguous':
      return new EditError('ambiguous', ambiguousMessage(result.tier, result.candidates, placeCount(result)), result);
    case 'already_applied':
      return new EditError(
        'already_applied',
        result.aroundOld
          ? `The edit looks applied already: the new text stands at ${lines(result.match)}, around the old text, so applying it would add its new lines a second time. Nothing was changed. ` +
              'If another copy is meant, include the line after the insertion point in both the old and the new text.'
          : result.oldNear
            ? `The edit may be applied already: the new text stands at ${lines(result.match)}, but the old text nearly stands at ${lines(result.oldNear)} too (${percent(result.oldNear.score)} similar). Nothing was changed: if the edit is meant there, give its old text as the file has it; if it is applied, drop it.`
            : `The edit looks applied already: the old text is not in the file, and the new text stands at ${lines(result.match)}. Nothing was changed.`,
        result,
      );
  }
}

function notFoundMessage(tried: string[], closest?: Closest): string {
  let msg = `The old text was not found in the file (tried: ${tried.join(', ')}).`;
  if (closest) {
    msg += ` The closest place is ${lines(closest)}, ${percent(closest.score)} similar — not close enough to edit safely.`;
    const d = closest.firstDifference;
    if (d) msg += ` First difference at line ${d.line + 1}: the old text has \`${clip(d.expected)}\`, the file has \`${clip(d.actual)}\`.`;
  }
  return `${msg} Re-read the file and copy the old text from it exactly.`;
}

function ambiguousMessage(tier: string, candidates: Match[], count: number): string {
  const where = candidates.slice(0, 10).map(lines).join(', ');
  const more = count > 10 ? ` and ${count - 10} more` : '';
  return (
    `The old text matches ${count} places (${tier} tier): ${where}${more}. Nothing was changed. ` +
    'Include more surrounding lines in the old text so that it matches one place only, or ask to replace all occurrences.'
  );
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
