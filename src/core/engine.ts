// The engine's two public functions. Everything they decide is in cascade.ts (where) and replacement.ts (what).

import { locate } from './cascade';
import { EditError } from './errors';
import { refusal } from './messages';
import { buildReplacement } from './replacement';
import type { ApplyOptions, ApplyResult, FindOptions, FindResult, SpanEdit } from './types';

/** Where the old text is, or why it cannot be said safely. Never throws for a refusal; throws EditError for bad input. */
export function findMatch(content: string, oldString: string, options: FindOptions = {}): FindResult {
  const fence = unfence(content, oldString, options.newString);
  const { result } = locate(content, fence?.oldString ?? oldString, fence ? { ...options, newString: fence.newString } : options);
  if (fence) noteFence(result);
  return result;
}

/**
 * The whole new document text with the edit applied, or an EditError (code not_found, ambiguous,
 * already_applied, invalid_input, too_large) — in which case nothing was changed.
 */
export function applyEdit(content: string, oldString: string, newString: string, options: ApplyOptions = {}): ApplyResult {
  if (typeof newString !== 'string') throw new EditError('invalid_input', 'The new text must be a string.');
  if (newString === oldString) throw new EditError('invalid_input', 'The old and new text are the same: there is nothing to change.');
  const fence = unfence(content, oldString, newString);
  if (fence) ({ oldString, newString } = { oldString: fence.oldString, newString: fence.newString ?? newString });
  const { result, chosen, doc } = locate(content, oldString, { ...options, newString });
  if (fence) noteFence(result);
  if (result.kind !== 'match') throw refusal(result);
  const reindent = options.reindent !== false;
  const edits: SpanEdit[] = chosen.map((c, i) => ({ ...buildReplacement(doc, c, newString, reindent), match: result.matches[i] }));
  for (let i = 1; i < edits.length; i++) {
    if (edits[i].start < edits[i - 1].end) throw new EditError('ambiguous', 'Two occurrences overlap once line breaks are included; replace them one at a time.', result);
  }
  let out = content;
  for (let i = edits.length - 1; i >= 0; i--) out = out.slice(0, edits[i].start) + edits[i].text + out.slice(edits[i].end);
  return { content: out, matches: result.matches, replacement: edits[0].text, edits };
}

const FENCE_OPEN = /^\s*(`{3,}|~{3,})[\w+#.-]*\s*$/;

/**
 * A model that pastes markdown into an edit wraps the old (and new) text in a code fence: the fence is not code.
 * It is dropped when the old text's first and last lines are a fence that the file does not have there
 * (a markdown file quoting the block with its fence keeps it), and from the new text only when the new text has
 * the very same fence — so an edit that changes the fence itself is left alone.
 */
function unfence(content: string, oldString: string, newString: string | undefined): { oldString: string; newString?: string } | undefined {
  const inner = fenced(oldString);
  if (inner === undefined || typeof content !== 'string' || content.includes(oldString.trim())) return undefined;
  if (newString === undefined) return { oldString: inner.body };
  const innerNew = fenced(newString);
  if (innerNew === undefined) return { oldString: inner.body, newString };
  return innerNew.open === inner.open && innerNew.close === inner.close ? { oldString: inner.body, newString: innerNew.body } : undefined;
}

function fenced(text: unknown): { open: string; close: string; body: string } | undefined {
  if (typeof text !== 'string') return undefined;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (lines.length < 3) return undefined;
  const open = FENCE_OPEN.exec(lines[0]);
  const close = lines[lines.length - 1].trim();
  if (!open || close[0] !== open[1][0] || close.length < open[1].length || !/^(`+|~+)$/.test(close)) return undefined;
  const body = lines.slice(1, -1).join('\n');
  return body.trim() ? { open: lines[0].trim(), close, body } : undefined;
}

function noteFence(result: FindResult): void {
  const matches = result.kind === 'match' ? result.matches : result.kind === 'already_applied' ? [result.match] : [];
  for (const m of matches) m.normalized = ['a markdown code fence around the old text', ...m.normalized];
}
