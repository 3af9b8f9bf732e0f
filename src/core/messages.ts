// Refusals in words a person or a model can act on: what was tried, where it came close, what to do next.

import { EditError } from './errors';
import type { Closest, FindResult, Match } from './types';

const lines = (m: { startLine: number; endLine: number }) =>
  m.startLine === m.endLine ? `line ${m.startLine + 1}` : `lines ${m.startLine + 1}–${m.endLine + 1}`;
const percent = (score: number) => `${Math.floor(score * 100)}%`;

export function refusal(result: Exclude<FindResult, { kind: 'match' }>): EditError {
  switch (result.kind) {
    case 'not_found':
      return new EditError('not_found', notFoundMessage(result.tried, result.closest), result);
    case 'ambiguous':
      return new EditError('ambiguous', ambiguousMessage(result.tier, result.candidates), result);
    case 'already_applied':
      return new EditError(
        'already_applied',
        `The edit looks applied already: the old text is not in the file, and the new text stands at ${lines(result.match)}. Nothing was changed.`,
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

function ambiguousMessage(tier: string, candidates: Match[]): string {
  const where = candidates.slice(0, 10).map(lines).join(', ');
  const more = candidates.length > 10 ? ` and ${candidates.length - 10} more` : '';
  return (
    `The old text matches ${candidates.length} places (${tier} tier): ${where}${more}. Nothing was changed. ` +
    'Include more surrounding lines in the old text so that it matches one place only, or ask to replace all occurrences.'
  );
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
