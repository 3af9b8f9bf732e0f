// What models wrap around an edit that is not part of it: a diff's -/+ markers, a markdown code fence. The
// engine unwraps both sides before matching (never when the file has the wrapped text as given) and says so in
// the match.
import { fenceCloser } from './formats/text';
import type { FindResult } from './types';
import { includesText } from './textSearch';
import { withoutTrailing } from './normalize';

const FENCE_OPEN = /^\s*(`{3,}|~{3,})[\w+#.-]*\s*$/;
/** What FENCE_OPEN needs at the start of a text, blank lines before it included. */
const FENCE_START = /^\s*(?:`{3}|~{3})/;

/** The old and new text without what was wrapped around them, or undefined when nothing was. */
export function unwrap(content: string, oldString: string, newString: string | undefined): Unwrapped | undefined {
  return undiff(content, oldString, newString) ?? unfence(content, oldString, newString);
}

export interface Unwrapped {
  oldString: string;
  newString?: string;
  note: string;
}

/**
 * Old and new text written as the two sides of a diff: old lines marked ` ` or `-`, new lines ` ` or `+`. The
 * markers are a gutter, not code (as `line-numbers` strips a viewer's): dropped from both when every line of each
 * side has one, each side has at least one change marker, and the file does not have the old text as given.
 */
function undiff(content: string, oldString: string, newString: string | undefined): Unwrapped | undefined {
  if (typeof content !== 'string' || typeof oldString !== 'string' || typeof newString !== 'string') return undefined;
  const strip = (text: string, change: '-' | '+'): string | undefined => {
    // The first line must be marked too (or empty): most old texts are told at their first character, unsplit.
    const first = text[0];
    if (first !== ' ' && first !== change && first !== '\n' && first !== '\r') return undefined;
    const lines = withoutTrailing(text.replace(/\r\n?/g, '\n'), '\n').split('\n');
    if (!lines.every((l) => l === '' || l[0] === ' ' || l[0] === change) || !lines.some((l) => l[0] === change && l.trim().length > 1)) return undefined;
    return lines.map((l) => l.slice(1)).join('\n');
  };
  const oldBody = strip(oldString, '-');
  const newBody = strip(newString, '+');
  if (oldBody === undefined || newBody === undefined || includesText(content, oldString.trim())) return undefined;
  return { oldString: oldBody, newString: newBody, note: "a diff's - and + markers" };
}

/**
 * A model that pastes markdown into an edit wraps the old (and new) text in a code fence: the fence is not code.
 * It is dropped when the old text's first and last lines are a fence that the file does not have there
 * (a markdown file quoting the block with its fence keeps it), and from the new text only when the new text has
 * the very same fence — so an edit that changes the fence itself is left alone.
 */
function unfence(content: string, oldString: string, newString: string | undefined): Unwrapped | undefined {
  const inner = fenced(oldString);
  if (inner === undefined || typeof content !== 'string' || includesText(content, oldString.trim())) return undefined;
  const note = 'a markdown code fence around the old text';
  if (newString === undefined) return { oldString: inner.body, note };
  const innerNew = fenced(newString);
  if (innerNew === undefined) return { oldString: inner.body, newString, note };
  return innerNew.open === inner.open && innerNew.close === inner.close ? { oldString: inner.body, newString: innerNew.body, note } : undefined;
}

function fenced(text: unknown): { open: string; close: string; body: string } | undefined {
  // The first line that is not blank must open a fence: most texts are told at their start, unsplit.
  if (typeof text !== 'string' || !FENCE_START.test(text)) return undefined;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (lines.length < 3) return undefined;
  const open = FENCE_OPEN.exec(lines[0]);
  const close = lines[lines.length - 1].trim();
  if (!open || !fenceCloser(open[1]).test(close)) return undefined;
  const body = lines.slice(1, -1).join('\n');
  return body.trim() ? { open: lines[0].trim(), close, body } : undefined;
}

/** Says in each match what was unwrapped (the hover and the tool result show it). */
export function noteUnwrapped(result: FindResult, note: string): void {
  const matches = result.kind === 'match' ? result.matches : result.kind === 'already_applied' ? [result.match] : [];
  for (const m of matches) m.normalized = [note, ...m.normalized];
}
