// One parsed edit against one text, through the engine. No matching logic here: only the engine's verdict,
// reshaped for the editor (spans in document offsets, the loosest tier kind, the refusal with its evidence).
import type * as vscode from 'vscode';
import { applyEdit, applySnippet, isEditError, type ApplyOptions, type EditErrorCode, type FindResult, type Match, type TierKind, type TierName } from '../../core';
import type { ParsedEdit } from './parse';
import { applyEditSharing } from '../../core/engine';
import type { SourceText } from '../../core/document';
import { loosestKind } from '../review/tierInfo';

/** A replacement in document offsets; `match` says how the engine found it. */
export interface Span {
  start: number;
  end: number;
  text: string;
  /** The document's text at [start, end) when resolved: applying checks it is still there. */
  original: string;
  match: Match;
}

/** An edit of a request resolved against one version of its document: what applying and review both carry. */
export interface ResolvedEdit {
  /** Position in the request, for messages ("edit 1 of 3"). */
  index: number;
  uri: vscode.Uri;
  /** Document version the engine resolved against. */
  version: number;
  edit: ParsedEdit;
  options: ApplyOptions;
  spans: Span[];
  kind: TierKind;
}

export type Resolved =
  | { kind: 'ok'; spans: Span[]; matches: Match[]; tierKind: TierKind; /** what it writes: a unified diff of the document's lines */ diff: string }
  | { kind: 'already_applied'; match?: Match; message: string }
  | { kind: 'refused'; code: EditErrorCode; message: string; result?: FindResult };

export function engineOptionsFor(edit: ParsedEdit, base: ApplyOptions): ApplyOptions {
  const options: ApplyOptions = { ...base };
  if (edit.replaceAll !== undefined) options.replaceAll = edit.replaceAll;
  if (edit.hint !== undefined) options.hint = edit.hint;
  return options;
}

/**
 * `sharing`: a SourceText of `content` whose line index is shared, when a request resolves several edits
 * against one text: indexed once, not once per edit (200 edits to a 100,000-line file built the index 200 times).
 */
export function resolveText(content: string, edit: ParsedEdit, options: ApplyOptions, sharing?: SourceText): Resolved {
  // A bare code block is placed by the snippet tier: switched off in the settings, it is refused, not guessed.
  if (edit.snippet && tierDisabled(options, 'snippet')) {
    return { kind: 'refused', code: 'invalid_input', message: 'Bare code blocks are not applied: the "snippet" tier is in fuzzyEdit.disabledTiers. Give old and new text instead, or enable the tier.' };
  }
  try {
    const r = edit.snippet
      ? applySnippet(content, edit.newString, { hint: options.hint, reindent: options.reindent })
      : sharing
        ? applyEditSharing(sharing, content, edit.oldString, edit.newString, options)
        : applyEdit(content, edit.oldString, edit.newString, options);
    if (r.edits.length === 0) return { kind: 'already_applied', message: 'The edit changes nothing.' };
    return {
      kind: 'ok',
      spans: r.edits.map((e) => ({ start: e.start, end: e.end, text: e.text, original: content.slice(e.start, e.end), match: e.match })),
      matches: r.matches,
      tierKind: loosestKind(r.matches),
      diff: r.diff,
    };
  } catch (err) {
    if (isEditError(err)) {
      if (err.code === 'already_applied') {
        const match = err.result?.kind === 'already_applied' ? err.result.match : undefined;
        return { kind: 'already_applied', match, message: err.message };
      }
      return { kind: 'refused', code: err.code, message: err.message, result: err.result };
    }
    return { kind: 'refused', code: 'invalid_input', message: err instanceof Error ? err.message : String(err) };
  }
}

function tierDisabled(options: ApplyOptions, tier: TierName): boolean {
  const t = options.tiers;
  if (!t) return false;
  return Array.isArray(t) ? !t.includes(tier) : (t as Partial<Record<TierName, boolean>>)[tier] === false;
}

/** Same places, same text found, same replacement: re-resolving changed nothing that matters. */
export function sameSpans(a: readonly Span[], b: readonly Span[]): boolean {
  return a.length === b.length && a.every((s, i) => s.start === b[i].start && s.end === b[i].end && s.text === b[i].text && s.original === b[i].original);
}

/** Whether any two spans (of one document) overlap. */
export function overlapping(spans: readonly Pick<Span, 'start' | 'end'>[]): boolean {
  const sorted = [...spans].sort((x, y) => x.start - y.start || x.end - y.end);
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i - 1];
    const c = sorted[i];
    if (c.start < p.end || (c.start === p.start && c.start === c.end)) return true;
  }
  return false;
}
