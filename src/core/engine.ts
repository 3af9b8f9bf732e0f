// The engine's two public functions. Everything they decide is in cascade.ts (where) and replacement.ts (what).

import { locate, type Located } from './cascade';
import type { LineNumbers, SourceText } from './document';
import { looksLikeEscapedLines } from './normalize';
import { EditError } from './errors';
import { toLF } from './needle';
import { withLazyDiff } from './writtenDiff';
import { spliceAll } from './splice';
import { refusal } from './messages';
import { buildReplacement } from './replacement';
import { noteUnwrapped, unwrap } from './wrappers';
import type { ApplyOptions, ApplyResult, FindOptions, FindResult, SpanEdit } from './types';

/** Where the old text is, or why it cannot be said safely. Never throws for a refusal; throws EditError for bad input. */
export function findMatch(content: string, oldString: string, options: FindOptions = {}): FindResult {
  return locateUnwrapped(content, oldString, options).located.result;
}

/** `locate`, on the old and new text without what a model wrapped around them (and the new text it used). */
function locateUnwrapped(content: string, oldString: string, options: FindOptions, sharing?: SourceText): { located: Located; oldString: string; newString?: string } {
  const wrapped = unwrap(content, oldString, options.newString);
  const newString = wrapped ? (wrapped.newString ?? options.newString) : options.newString;
  const old = wrapped?.oldString ?? oldString;
  const located = locate(content, old, { ...options, newString }, sharing);
  if (wrapped) noteUnwrapped(located.result, wrapped.note);
  return { located, oldString: old, newString };
}

/**
 * The whole new document text with the edit applied, or an EditError (code not_found, ambiguous,
 * already_applied, invalid_input, too_large) — in which case nothing was changed.
 */
export function applyEdit(content: string, oldString: string, newString: string, options: ApplyOptions = {}): ApplyResult {
  return applyEditSharing(undefined, content, oldString, newString, options);
}

/**
 * `applyEdit`, reusing the line index of `sharing` (a document of the same text): the batch applies many edits to
 * one file and indexes it once. Not part of the public API.
 */
export function applyEditSharing(sharing: SourceText | undefined, content: string, oldString: string, newString: string, options: ApplyOptions = {}): ApplyResult {
  const { edits, matches, numbers } = resolveEditSpans(sharing, content, oldString, newString, options);
  return applied(spliceAll(content, edits), matches, edits, numbers);
}

/**
 * Where `applyEditSharing` writes and what, without writing it: a batch of 10,000 edits to one file keeps each
 * edit's spans and never the file's whole new text (built per edit, it was the batch's largest garbage). Throws
 * the same EditError for a refusal. Not part of the public API.
 */
export function resolveEditSpans(sharing: SourceText | undefined, content: string, oldString: string, newString: string, options: ApplyOptions = {}): { edits: SpanEdit[]; matches: ApplyResult['matches']; numbers: LineNumbers } {
  if (typeof newString !== 'string') throw new EditError('invalid_input', 'The new text must be a string.');
  if (newString === oldString) throw new EditError('invalid_input', 'The old and new text are the same: there is nothing to change.');
  const { located, oldString: read, newString: written = newString } = locateUnwrapped(content, oldString, { ...options, newString }, sharing);
  const { result, chosen, doc } = located;
  if (result.kind !== 'match') throw refusal(result);
  const reindent = options.reindent !== false;
  // A new text whose line breaks came as `\n` text, the old text's did not: written as given, but a person looks
  // first (a tool call's new_string escaped twice wrote `x = 41\n    return x` into the code as one line).
  const escapedTwice = looksLikeEscapedLines(written) && !/\\n/.test(read ?? oldString);
  const edits: SpanEdit[] = chosen.map((c, i) => {
    const match = result.matches[i];
    const { start, end, text, review } = buildReplacement(doc, c, written, reindent, !match.needsReview, read);
    if (escapedTwice) review.push('the new text writes its line breaks as `\\n` (two characters) followed by indentation, on one line, and the old text does not: escaped once too often? Written as given');
    // What the merge had to interpret, or what the check found, is a reason for a person to look first.
    if (review.length) Object.assign(match, { needsReview: true, review });
    // Fields named, not a rest-and-spread copy: V8 gives each object a rest pattern makes a hidden class of its
    // own (a batch of 10,000 edits held 2.3 MB of them).
    return { start, end, text, match };
  });
  for (let i = 1; i < edits.length; i++) {
    if (edits[i].start < edits[i - 1].end) throw new EditError('ambiguous', 'Two occurrences overlap once line breaks are included; replace them one at a time.', result);
  }
  // The last guard: an edit is never reported applied when the document did not change (compared span by span:
  // comparing the whole text would cost an exact hit a second pass over the file).
  if (edits.every((e) => e.text === content.slice(e.start, e.end))) throw unchangedRefusal(oldString, written);
  return { edits, matches: result.matches, numbers: doc.lineNumbers };
}

/**
 * The result of an applied edit, its diff computed on first read from the text's line numbers: never from the
 * search's `doc`, whose caches would then live as long as the result (a batch holds thousands).
 */
function applied(content: string, matches: ApplyResult['matches'], edits: SpanEdit[], numbers: LineNumbers): ApplyResult {
  return withLazyDiff({ content, matches, replacement: edits[0].text, edits }, numbers, edits);
}

/** Why an edit that found its place would leave the document as it is. */
function unchangedRefusal(oldString: string, newString: string): EditError {
  const inner = (text: string) => toLF(text).replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '');
  if (inner(oldString) === inner(newString)) {
    return new EditError(
      'invalid_input',
      'The old and new text differ only in blank lines at their start or end, which no match includes: to add or delete a blank line there, include the line next to it in both. Nothing was changed.',
    );
  }
  return new EditError('merge_conflict', 'The place was found, but writing the edit there would change nothing. Nothing was changed.');
}
