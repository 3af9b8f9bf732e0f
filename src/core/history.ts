// The record of applied edits and how to take one back. Pure: no `vscode`, no Node; the extension keeps the
// record in its storage and turns a plan into a WorkspaceEdit.
//
// Reverting finds the edit's NEW text in the document as it is now (it may have moved, or been re-indented)
// with the engine itself, and puts the OLD text back. Lossless tiers mean "the same text": the revert is
// safe. A similarity tier means the new text was changed since: the revert is only offered for review.
// Nowhere found means it was changed beyond recognition: refused, nothing changes.
import { isEditError } from './errors';
import { applyEdit } from './engine';
import type { Match, TierName } from './types';
import { hashOf, LineNumbers } from './document';
import { spliceAll } from './splice';
import { placeCount } from './messages';
import { includesText, indexOfText } from './textSearch';

/** One span written by Fuzzy Edit. Offsets and lines are those of the document right after the edit. */
export interface HistoryEdit {
  id: string;
  requestId: string;
  /** The document's URI, as a string. */
  uri: string;
  time: number;
  tier: TierName;
  score: number;
  /** The text that was in the file (document line endings). */
  oldText: string;
  /** The text that replaced it (document line endings). */
  newText: string;
  /** Where the new text stood right after the edit (UTF-16 offsets, 0-based lines). */
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  /** A few lines of the document around the new text right after the edit: they locate a deletion and break ties. */
  before: string;
  after: string;
  /** When it was reverted through the history. */
  revertedAt?: number;
  /** When an Undo in the editor took it back (cleared by a Redo). */
  undoneAt?: number;
}

/** One request (batch): everything applied as one WorkspaceEdit. */
export interface HistoryRequest {
  id: string;
  time: number;
  edits: HistoryEdit[];
  /** The checkpoint taken before the request was applied, if one was. */
  checkpointId?: string;
}

export const DEFAULT_HISTORY_MAX = 100;
/** Lines of context kept on each side of an edit. */
export const CONTEXT_LINES = 2;

/** The requests, newest last, bounded to `max` requests. Plain data in and out: it is what storage keeps. */
export class HistoryLog {
  private list: HistoryRequest[];

  constructor(
    requests: readonly HistoryRequest[] = [],
    private max = DEFAULT_HISTORY_MAX,
  ) {
    this.list = sanitize(requests);
    this.trim();
  }

  get requests(): readonly HistoryRequest[] {
    return this.list;
  }

  /** Adds a request; returns the requests dropped to stay within the bound (their checkpoints can go). */
  add(request: HistoryRequest): HistoryRequest[] {
    this.list.push(request);
    return this.trim();
  }

  /** Changes the bound; returns what no longer fits. */
  setMax(max: number): HistoryRequest[] {
    this.max = max;
    return this.trim();
  }

  request(id: string): HistoryRequest | undefined {
    return this.list.find((r) => r.id === id);
  }

  edit(id: string): HistoryEdit | undefined {
    for (const r of this.list) for (const e of r.edits) if (e.id === id) return e;
    return undefined;
  }

  markReverted(ids: readonly string[], time: number): void {
    for (const id of ids) {
      const e = this.edit(id);
      if (e) e.revertedAt = time;
    }
  }

  /** Marks edits undone in the editor (`time`), or applied again by a Redo (`undefined`). Returns whether anything changed. */
  markUndone(ids: readonly string[], time: number | undefined): boolean {
    let changed = false;
    for (const id of ids) {
      const e = this.edit(id);
      if (!e || (e.undoneAt !== undefined) === (time !== undefined)) continue;
      if (time === undefined) delete e.undoneAt;
      else e.undoneAt = time;
      changed = true;
    }
    return changed;
  }

  /** Removes every request; returns them. */
  clear(): HistoryRequest[] {
    const all = this.list;
    this.list = [];
    return all;
  }

  toJSON(): HistoryRequest[] {
    return this.list;
  }

  private trim(): HistoryRequest[] {
    const max = Math.max(1, Math.floor(Number.isFinite(this.max) ? this.max : DEFAULT_HISTORY_MAX));
    // A count of zero or less removes nothing (and returns []): the list fits.
    return this.list.splice(0, this.list.length - max);
  }
}

/** Drops what is not a well-formed record (storage from an older or broken version). */
function sanitize(requests: readonly HistoryRequest[]): HistoryRequest[] {
  if (!Array.isArray(requests)) return [];
  return requests.filter(
    (r) =>
      r &&
      typeof r.id === 'string' &&
      Array.isArray(r.edits) &&
      r.edits.every(wellFormedEdit),
  );
}

// Every field a revert reads: a stored record broken by hand (or by an older version) is dropped, not thrown on later.
const EDIT_TEXTS = ['id', 'uri', 'oldText', 'newText', 'before', 'after'] as const;
const EDIT_OFFSETS = ['start', 'end', 'startLine', 'endLine'] as const;
function wellFormedEdit(e: HistoryEdit): boolean {
  return !!e && EDIT_TEXTS.every((k) => typeof e[k] === 'string') && EDIT_OFFSETS.every((k) => Number.isInteger(e[k]) && e[k] >= 0) && e.start <= e.end;
}

/** The text around [start, end): up to `lines` whole lines before and after (line breaks as in `content`). */
export function contextAround(content: string, start: number, end: number, lines = CONTEXT_LINES): { before: string; after: string } {
  const from = lineStartBefore(content, start, lines);
  const to = lineEndAfter(content, end, lines);
  return { before: content.slice(from, start), after: content.slice(end, to) };
}

/** The start of the line `lines` lines above the line of `offset` (the partial line counts as the first). */
function lineStartBefore(content: string, offset: number, lines: number): number {
  // Each step finds the line break before the previous one. At the text's start there is none: lastIndexOf would
  // read a negative start as 0 and find a break standing there again (a first blank line would never count).
  let nl = offset;
  for (let i = 0; i <= lines; i++) nl = nl > 0 ? content.lastIndexOf('\n', nl - 1) : -1;
  return nl + 1;
}

/** The end (line break included) of the line `lines` lines below the line of `offset`. */
function lineEndAfter(content: string, offset: number, lines: number): number {
  let pos = offset;
  for (let i = 0; i <= lines; i++) {
    const nl = content.indexOf('\n', pos);
    if (nl < 0) return content.length;
    pos = nl + 1;
  }
  return pos;
}

export type RevertRefusal = 'changed' | 'already_reverted' | 'ambiguous' | 'invalid';

/** What reverting one edit does to `content`: a span edit putting the old text back, or why not. */
export interface FoundSpan {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  tier: TierName;
  score: number;
}

export type RevertPlan =
  | {
      kind: 'ok' | 'review';
      /** The replacement, in `content`'s offsets (the smallest span that differs). */
      start: number;
      end: number;
      text: string;
      /** Where the new text was found (the whole span, before trimming to what differs). */
      found: FoundSpan;
      /** For 'review': why a person should look first. */
      message?: string;
    }
  | { kind: 'refused'; code: RevertRefusal; message: string; closest?: { startLine: number; endLine: number; score: number } };

/** Plans the revert of `edit` in `content` (the document as it is now). Never throws. */
export function planRevert(content: string, edit: HistoryEdit): RevertPlan {
  // 1. Still where it was written, with the same neighbours: nothing to search.
  if (standsInPlace(content, edit)) return exactPlan(content, edit.start, edit.end, edit.oldText, 'exact');
  // 2. A deletion (or a blank new text) cannot be searched for: its neighbours, now adjacent, must be found as they were.
  if (edit.newText.trim().length === 0) return planByContext(content, edit);
  // 3. Search the new text with the engine, nearest the place it was written; neighbours break ties.
  const direct = tryEngine(content, edit.newText, edit.oldText, edit.start);
  if (direct.kind === 'plan') {
    if (direct.plan.kind !== 'ok' || hasNeighbours(content, edit, direct.plan)) return direct.plan;
    // Found once, with nothing of where the edit was written around it: its surroundings may still find its own.
    return widerOr(content, edit, unconfirmed(direct.plan));
  }
  return widerOr(content, edit, {
    kind: 'refused',
    code: 'ambiguous',
    message: `The new text of this edit stands in ${direct.count} places and its surroundings changed, so which one it is cannot be told; nothing was reverted.`,
  });
}

/** The new text searched with the lines it was written between (they say which of several places), else `otherwise`. */
function widerOr(content: string, edit: HistoryEdit, otherwise: RevertPlan): RevertPlan {
  // Blank lines around it are no surroundings: the engine reads past blank edges, so that search is the first again.
  if (squash(edit.before + edit.after) === '') return otherwise;
  // The hint is where the new text itself was written, as in the first search: the wider places reach as far above
  // it as below, so two places the first search found equally near stay equally near (a hint at the top of the
  // lines above would pick the upper one, an accident, not a reason).
  const wider = tryEngine(content, edit.before + edit.newText + edit.after, edit.before + edit.oldText + edit.after, edit.start);
  return wider.kind === 'plan' && wider.plan.kind !== 'refused' ? wider.plan : otherwise;
}

/**
 * A place found by searching is the edit's own only when something of where it was written came along: the lines
 * just above it or just below it (whitespace aside; blank lines say nothing). Found with neither, it may be another
 * copy of the same text that was in the file all along, the edit's own copy having been rewritten since.
 */
function hasNeighbours(content: string, edit: HistoryEdit, plan: Exclude<RevertPlan, { kind: 'refused' }>): boolean {
  const around = contextAround(content, plan.found.start, plan.found.end);
  const same = (recorded: string, now: string) => squash(recorded) !== '' && squash(recorded) === squash(now);
  return same(edit.before, around.before) || same(edit.after, around.after);
}

/** Whitespace collapsed: surroundings re-indented or re-wrapped are still the same lines. */
function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Reverting a place not known as the edit's own would write where this edit never wrote: a person looks first. */
function unconfirmed(plan: Exclude<RevertPlan, { kind: 'refused' }>): RevertPlan {
  return {
    ...plan,
    kind: 'review',
    message: `The new text stands at ${lines(plan.found)}, but neither the lines above it nor those below are the ones it was written between: it may be another copy of the same text, and reverting there puts the old text where this edit never wrote.`,
  };
}

type EngineTry = { kind: 'plan'; plan: RevertPlan } | { kind: 'ambiguous'; count: number };

function tryEngine(content: string, needle: string, replacement: string, near: number): EngineTry {
  try {
    const r = applyEdit(content, needle, replacement, { hint: { offset: Math.max(0, near) }, reindent: true });
    const e = r.edits[0];
    const trimmed = trimEdit(content, e.start, e.end, e.text);
    const found = foundOf(e.match);
    if (!e.match.needsReview) return { kind: 'plan', plan: { kind: 'ok', ...trimmed, found } };
    return {
      kind: 'plan',
      plan: {
        kind: 'review',
        ...trimmed,
        found,
        message: `The new text was changed since it was applied: only the ${e.match.tier} tier finds it (${Math.round(e.match.score * 100)}% similar, ${lines(found)}). Reverting puts the old text over those changes too.`,
      },
    };
  } catch (err) {
    if (!isEditError(err)) return { kind: 'plan', plan: { kind: 'refused', code: 'invalid', message: err instanceof Error ? err.message : String(err) } };
    const result = err.result;
    // Only the cascade's own ambiguity carries its candidates (the engine's overlap refusal never arises for one place).
    if (result?.kind === 'ambiguous') return { kind: 'ambiguous', count: placeCount(result) };
    if (err.code === 'already_applied') {
      return { kind: 'plan', plan: { kind: 'refused', code: 'already_reverted', message: 'The old text is already back in the file (and the new text is gone): it looks reverted already; nothing was changed.' } };
    }
    if (err.code === 'not_found') {
      const closest = result?.kind === 'not_found' && result.closest ? { startLine: result.closest.startLine, endLine: result.closest.endLine, score: result.closest.score } : undefined;
      return {
        kind: 'plan',
        plan: {
          kind: 'refused',
          code: 'changed',
          closest,
          message:
            'The text this edit wrote was changed since (or removed), so it cannot be taken back safely; nothing was reverted.' +
            (closest ? ` The closest place is ${lines(closest)} (${Math.round(closest.score * 100)}% similar): edit it by hand.` : ''),
        },
      };
    }
    return { kind: 'plan', plan: { kind: 'refused', code: 'invalid', message: `${err.message} Nothing was reverted.` } };
  }
}

function planByContext(content: string, edit: HistoryEdit): RevertPlan {
  const needle = edit.before + edit.newText + edit.after;
  const changed: RevertPlan = {
    kind: 'refused',
    code: 'changed',
    message: 'This edit removed text, and the lines around the removal changed since, so where to put it back cannot be told; nothing was reverted.',
  };
  if (needle.trim().length === 0) return changed;
  const at = indexOfText(content, needle);
  if (at < 0) {
    // Was the old text put back already?
    if (includesText(content, edit.before + edit.oldText + edit.after)) {
      return { kind: 'refused', code: 'already_reverted', message: 'The old text is already back in the file: it looks reverted already; nothing was changed.' };
    }
    return changed;
  }
  // Several places, none of them where the removal was made (that one is step 1 of planRevert): the nearest may
  // be a look-alike that never held the removed text.
  if (includesText(content, needle, at + 1)) {
    return { kind: 'refused', code: 'ambiguous', message: 'The lines around this removal stand in more than one place; which one it was cannot be told; nothing was reverted.' };
  }
  const start = at + edit.before.length;
  return exactPlan(content, start, start + edit.newText.length, edit.oldText, 'exact');
}

/** The edit's new text stands where it was written, between the same neighbours. */
function standsInPlace(content: string, edit: HistoryEdit): boolean {
  return (
    content.slice(edit.start, edit.end) === edit.newText &&
    content.slice(edit.start - edit.before.length, edit.start) === edit.before &&
    content.slice(edit.end, edit.end + edit.after.length) === edit.after
  );
}

function exactPlan(content: string, start: number, end: number, text: string, tier: TierName, numbers?: LineNumbers): RevertPlan {
  const lineOf = (offset: number) => (numbers ? numbers.lineAt(offset) : lineAt(content, offset));
  const startLine = lineOf(start);
  const endLine = lineOf(Math.max(start, end - 1));
  return { kind: 'ok', ...trimEdit(content, start, end, text), found: { start, end, startLine, endLine, tier, score: 1 } };
}

function foundOf(m: Match): FoundSpan {
  return { start: m.start, end: m.end, startLine: m.startLine, endLine: m.endLine, tier: m.tier, score: m.score };
}

function lines(r: { startLine: number; endLine: number }): string {
  return r.startLine === r.endLine ? `line ${r.startLine + 1}` : `lines ${r.startLine + 1}–${r.endLine + 1}`;
}

function lineAt(content: string, offset: number): number {
  let n = 0;
  for (let i = content.indexOf('\n'); i >= 0 && i < offset; i = content.indexOf('\n', i + 1)) n++;
  return n;
}

/** Narrows a replacement of [start, end) by `text` to the part that differs (common prefix and suffix dropped). */
export function trimEdit(content: string, start: number, end: number, text: string): { start: number; end: number; text: string } {
  let a = 0;
  const max = Math.min(end - start, text.length);
  while (a < max && content.charCodeAt(start + a) === text.charCodeAt(a)) a++;
  let b = 0;
  while (b < max - a && content.charCodeAt(end - 1 - b) === text.charCodeAt(text.length - 1 - b)) b++;
  // Never split a CRLF pair or a surrogate pair at either end.
  while (a > 0 && isPairTail(content, start + a)) a--;
  while (b > 0 && isPairTail(content, end - b)) b--;
  return { start: start + a, end: end - b, text: text.slice(a, text.length - b) };
}

function isPairTail(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  const p = s.charCodeAt(i - 1);
  return (c === 10 && p === 13) || (c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff);
}

/** The smallest single replacement that turns `from` into `to` (common prefix and suffix kept). */
export function minimalEdit(from: string, to: string): { start: number; end: number; text: string } {
  return trimEdit(from, 0, from.length, to);
}

export type RevertAllResult =
  | { kind: 'ok'; content: string; plans: RevertPlan[]; review: boolean }
  | { kind: 'refused'; edit: HistoryEdit; plan: Extract<RevertPlan, { kind: 'refused' }> };

/**
 * Reverts several edits of one document, in the order given (newest first), each against the text the previous
 * revert left: all of them, or none (the first refusal is returned).
 */
export function planRevertAll(content: string, edits: readonly HistoryEdit[]): RevertAllResult {
  const inPlace = planRevertAllInPlace(content, edits);
  if (inPlace) return inPlace;
  let text = content;
  const plans: RevertPlan[] = [];
  let review = false;
  for (const edit of edits) {
    const plan = planRevert(text, edit);
    if (plan.kind === 'refused') return { kind: 'refused', edit, plan };
    review ||= plan.kind === 'review';
    plans.push(plan);
    text = text.slice(0, plan.start) + plan.text + text.slice(plan.end);
  }
  return { kind: 'ok', content: text, plans, review };
}

/**
 * planRevertAll in the common case, in one pass: every edit still stands where it was written with its neighbours
 * (planRevert's first step), and the edits come last first, each one's text and neighbours before the text the edit
 * given before it writes. Reverting those first then changes nothing an edit reads, nor where it stands or on which
 * line: each plan is the one planned on the text as it is, and the text is spliced once. (Each revert copied the
 * whole document and counted its lines from the start: a request of 4,000 edits took 13.6 s to revert, found
 * 2026-11-28.) Undefined when the case is not that one: the edits are then reverted one after the other.
 */
function planRevertAllInPlace(content: string, edits: readonly HistoryEdit[]): RevertAllResult | undefined {
  const numbers = new LineNumbers(content, 0);
  const plans: RevertPlan[] = [];
  const spans: Array<{ start: number; end: number; text: string }> = [];
  let before = Infinity;
  for (const edit of edits) {
    if (edit.end + edit.after.length > before || edit.start - edit.before.length < 0 || !standsInPlace(content, edit)) return undefined;
    before = edit.start;
    const plan = exactPlan(content, edit.start, edit.end, edit.oldText, 'exact', numbers);
    // (An exact plan is never refused.)
    if (plan.kind === 'refused') return undefined;
    plans.push(plan);
    spans.push({ start: plan.start, end: plan.end, text: plan.text });
  }
  return { kind: 'ok', content: spliceAll(content, spans), plans, review: false };
}

/**
 * The document as it was before a request, from its text right after it (`after`) and the request's edits of that
 * document (their offsets are in `after`; they do not overlap). An Undo that takes the request back leaves exactly
 * this text.
 */
export function contentBefore(after: string, edits: readonly Pick<HistoryEdit, 'start' | 'end' | 'oldText'>[]): string {
  return spliceAll(after, edits.map((e) => ({ start: e.start, end: e.end, text: e.oldText })));
}

/** A short fingerprint of a text (FNV-1a, 32 bits, and its length): compares versions without keeping them. */
export function textFingerprint(text: string): string {
  return `${text.length}:${hashOf(text).toString(16)}`;
}

/**
 * `textFingerprint(contentBefore(after, edits))`, hashed piece by piece without building that text: copying a
 * 100,000-line document to hash it held the extension host 7 ms after every request.
 */
export function fingerprintBefore(after: string, edits: readonly Pick<HistoryEdit, 'start' | 'end' | 'oldText'>[]): string {
  return splicedFingerprint(after, edits.map((e) => ({ start: e.start, end: e.end, text: e.oldText })));
}

/**
 * `textFingerprint(spliceAll(text, replacements))`, hashed piece by piece without building the spliced text. The
 * extension fingerprints the text right after a request from the text it read before writing, rather than reading
 * the whole document again (joining 100,000 lines held the extension host 10-25 ms).
 */
export function splicedFingerprint(text: string, replacements: readonly { start: number; end: number; text: string }[]): string {
  const fingerprint = new FingerprintBuilder();
  for (const [piece, from, to] of splicedPieces(text, replacements)) fingerprint.add(piece, from, to);
  return fingerprint.value();
}

/** A text given as pieces: `text.slice(from, to)` each, in order. */
export type TextPiece = readonly [text: string, from: number, to: number];

/** The pieces of `spliceAll(text, replacements)` as spliceAll splices them: by start, the text between two spans (none where they overlap), each new text. */
export function splicedPieces(text: string, replacements: readonly { start: number; end: number; text: string }[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const r of [...replacements].sort((x, y) => x.start - y.start)) {
    if (r.start > at) pieces.push([text, at, r.start]);
    if (r.text.length > 0) pieces.push([r.text, 0, r.text.length]);
    at = r.end;
  }
  if (text.length > at) pieces.push([text, at, text.length]);
  return pieces;
}

/**
 * The fingerprints of two texts given as pieces (the text before a request and the text right after it), hashed
 * a slice at a time: the extension hashes a slice per turn of its host rather than both texts in one go.
 */
export class FingerprintWork {
  readonly before = new FingerprintBuilder();
  readonly after = new FingerprintBuilder();
  private readonly queue: { pieces: readonly TextPiece[]; into: FingerprintBuilder }[];
  private piece = 0;
  private at: number | undefined;

  constructor(before: readonly TextPiece[], after: readonly TextPiece[]) {
    this.queue = [{ pieces: before, into: this.before }, { pieces: after, into: this.after }];
  }

  /** Hashes up to `budget` more characters; true when both texts are done. */
  step(budget: number): boolean {
    while (this.queue.length > 0) {
      const { pieces, into } = this.queue[0];
      if (this.piece === pieces.length) {
        this.queue.shift();
        this.piece = 0;
        continue;
      }
      if (budget <= 0) return false;
      const [text, from, to] = pieces[this.piece];
      const start = this.at ?? from;
      const end = Math.min(to, start + budget);
      into.add(text, start, end);
      budget -= end - start;
      if (end === to) {
        this.piece++;
        this.at = undefined;
      } else this.at = end;
    }
    return true;
  }
}

/** `textFingerprint` of a text given in parts, each hashed as it comes (a long text can be fingerprinted a slice at a time). */
export class FingerprintBuilder {
  // Undefined until the first character: hashOf then starts from its own seed.
  private hash: number | undefined;
  private length = 0;

  add(text: string, from = 0, to = text.length): void {
    if (to <= from) return;
    this.hash = hashOf(text, from, to, this.hash);
    this.length += to - from;
  }

  value(): string {
    return `${this.length}:${(this.hash ?? hashOf('')).toString(16)}`;
  }
}
