// Scores one snippet case the way a user would judge it: the ideal file, a change confined to the intended
// unit, a refusal, or a silent wrong result (any output where refusing is right, any change outside the unit,
// "applied" with nothing changed).

import { applySnippet, isEditError } from '../../src/core';
import type { SnippetCase } from './snippetGenerator';

export type SnippetOutcome = 'exact' | 'located' | 'wrong' | 'refused';

export interface SnippetScore {
  outcome: SnippetOutcome;
  /** The refusal's code, when refused. */
  code?: string;
  /** Refuse cases: refused with the expected code. */
  codeOk?: boolean;
  ms: number;
  message?: string;
  result?: string;
}

export function scoreSnippetCase(c: SnippetCase, now: () => number = () => performance.now()): SnippetScore {
  const t0 = now();
  let result: string;
  try {
    result = applySnippet(c.content, c.snippet).content;
  } catch (err) {
    const ms = now() - t0;
    if (!isEditError(err)) throw err;
    return { outcome: 'refused', code: err.code, codeOk: err.code === c.refuseCode, ms, message: err.message };
  }
  const ms = now() - t0;
  if (c.expect === 'refuse' || result === c.content) return { outcome: 'wrong', ms, result };
  if (result === c.ideal) return { outcome: 'exact', ms, result };
  return { outcome: within(c, result) ? 'located' : 'wrong', ms, result };
}

/** Every changed line of the document lies within the target unit, widened by one line each side. */
function within(c: SnippetCase, result: string): boolean {
  const a = c.content.split('\n');
  const b = result.split('\n');
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const t = c.target!;
  const lastChanged = a.length - 1 - s;
  return p >= t.startLine - 1 && lastChanged <= t.endLine + 1 && p <= t.endLine + 2;
}
