import type { ApplyOptions, ApplyResult, FindOptions, FindResult } from './types';
import { EditError } from './errors';

// STUB: replaced by the real cascade. Signatures are the contract.
export function findMatch(content: string, oldString: string, options: FindOptions = {}): FindResult {
  void options;
  const i = content.indexOf(oldString);
  if (i < 0) return { kind: 'not_found', tried: ['exact'] };
  const m = { tier: 'exact' as const, start: i, end: i + oldString.length, startLine: 0, endLine: 0, score: 1, needsReview: false, normalized: [], text: oldString };
  return { kind: 'match', match: m, matches: [m] };
}

export function applyEdit(content: string, oldString: string, newString: string, options: ApplyOptions = {}): ApplyResult {
  const r = findMatch(content, oldString, options);
  if (r.kind !== 'match') throw new EditError('not_found', 'not found', r);
  const m = r.match;
  return { content: content.slice(0, m.start) + newString + content.slice(m.end), matches: [m], replacement: newString, edits: [{ start: m.start, end: m.end, text: newString, match: m }] };
}
