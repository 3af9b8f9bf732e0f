// Stage 4 of an edit's path (locate → align → merge → verify): before anything is reported as applied, the change
// about to be written is compared with the change that was asked for. Both are line diffs — the file's span
// against what will be written, the old text against the new — and they must correspond: every line the edit
// deletes, inserts or changes is deleted, inserted or changed in the file (modulo re-indentation, typography and
// the file's own spelling of kept lines), and nothing else is. Cheap: it looks at the span only.

import { similarity, type Aligned } from './align';
import { diffLines } from './merge';
import { canonicalLine, isBlank } from './normalize';
import { isElisionMarker } from './tiers/elision';
import { maxOf, minOf, pushAll } from './arrays';

/** Lines alike enough to be one line in two versions (a typo fixed, the file's spelling kept, quotes). */
const SAME_LINE = 0.7;

export interface LineChange {
  removed: string[];
  added: string[];
  /** Indices (in `before`) of the removed lines. */
  removedAt: Set<number>;
}

/** What a line diff removes and adds, by content (indentation and trailing spaces aside). */
export function lineChange(before: readonly string[], after: readonly string[]): LineChange {
  const change: LineChange = { removed: [], added: [], removedAt: new Set() };
  let at = 0;
  for (const part of diffLines(before.map(key), after.map(key))) {
    const n = part.count ?? part.value.length;
    if (part.removed) {
      for (let k = 0; k < n; k++) change.removedAt.add(at + k);
      pushAll(change.removed, before.slice(at, at + n));
      at += n;
    } else if (part.added) pushAll(change.added, part.value);
    else at += n;
  }
  return change;
}

/** A line as the check compares it: without indentation, and without a tag the snippet writer put after it. */
function key(line: string): string {
  // (A file holding NUL is no text file, so NUL starts nothing but a tag: snippet/write.ts tags lines it keeps and
  // lines it moves to another level, to steer the merge's diff.)
  const tag = line.indexOf('\u0000');
  return (tag === -1 ? line : line.slice(0, tag)).trim();
}

export interface Verdict {
  /** Nothing would change although the edit asks for a change. */
  nothingWritten: boolean;
  /** Where the written change differs from the asked one, in plain words. */
  problems: string[];
}

/**
 * Compares the written change (`span` → `written`) with the asked one (`old` → `intended`). `alignment` says
 * which file line each old line stands for, so a drifted line the edit deletes counts as deleted.
 */
export function verifyLines(old: readonly string[], intended: readonly string[], span: readonly string[], written: readonly string[], alignment: readonly Aligned[], startLine: number): Verdict {
  const asked = lineChange(old, intended);
  const done = lineChange(span, written);
  const askedSomething = asked.removed.length + asked.added.length > 0;
  const didSomething = done.removed.length + done.added.length > 0;
  const problems: string[] = [];
  if (askedSomething && !didSomething) return { nothingWritten: true, problems: ['the change would write nothing'] };

  const text = (lines: string[]) => lines.filter((l) => !isBlank(l) && !isElisionMarker(l));
  // Every line the edit adds is written; nothing is written that the edit does not add.
  const missing = unmatched(text(asked.added), text(done.added));
  if (missing.length) problems.push(`${plural(missing.length, 'line')} of the new text would not be written (${quote(missing[0])})`);
  const extra = unmatched(text(done.added), text(asked.added));
  if (extra.length) problems.push(`${plural(extra.length, 'line')} would be written that the new text does not have (${quote(extra[0])})`);

  // A file line goes only when the edit deletes or changes the old line it stands for; and every file line
  // standing for an old line the edit deletes or changes goes (unless it already reads as the new text).
  const oldOfFile = new Map<number, number>();
  for (const a of alignment) if (a.kind === 'pair') oldOfFile.set(a.file - startLine, a.old);
  const askedRemoved = text(asked.removed).map(canonicalLine);
  const askedAdded = new Set(text(asked.added).map(canonicalLine));
  const stray: string[] = [];
  for (const i of done.removedAt) {
    if (isBlank(span[i])) continue;
    const j = oldOfFile.get(i);
    if (j !== undefined ? asked.removedAt.has(j) : askedRemoved.some((r) => similarity(r, canonicalLine(span[i])) >= SAME_LINE)) continue;
    stray.push(span[i]);
  }
  if (stray.length) problems.push(`${plural(stray.length, 'file line')} would be replaced that the old text does not stand for (${quote(stray[0])})`);
  const lost: string[] = [];
  for (const [i, j] of oldOfFile) {
    if (!asked.removedAt.has(j) || isBlank(old[j]) || isElisionMarker(old[j]) || done.removedAt.has(i)) continue;
    if (!askedAdded.has(canonicalLine(span[i]))) lost.push(old[j]);
  }
  if (lost.length) problems.push(`${plural(lost.length, 'line')} the edit deletes or changes would stay (${quote(lost[0])})`);

  // Blank lines: the edit's net change of blank lines must show, as far as the file has blank lines to change.
  const blanks = (lines: string[]) => lines.filter(isBlank).length;
  const askedNet = blanks(asked.added) - blanks(asked.removed);
  const doneNet = blanks(done.added) - blanks(done.removed);
  if (askedNet < 0 && doneNet >= 0) {
    if (span.some(isBlank)) problems.push('the blank line the edit deletes would stay');
    // No blank line in the span to delete: fine when the model invented the blank line between matched lines, not
    // when it lies beyond the first or last matched line — there it is the file's own blank line just outside.
    else if (deletesBlankBeyondPairs(old, asked.removedAt, alignment)) problems.push('the blank line the edit deletes lies outside the matched lines');
  }
  if (askedNet > 0 && doneNet <= 0) problems.push('the blank line the edit adds would not be written');
  return { nothingWritten: false, problems };
}

/** Whether the edit deletes a blank old line that lies before the first or after the last old line paired with the file. */
function deletesBlankBeyondPairs(old: readonly string[], removedAt: ReadonlySet<number>, alignment: readonly Aligned[]): boolean {
  const paired = alignment.flatMap((a) => (a.kind === 'pair' ? [a.old] : []));
  if (paired.length === 0) return false;
  const first = minOf(paired);
  const last = maxOf(paired);
  return [...removedAt].some((j) => isBlank(old[j]) && (j < first || j > last));
}

/** Lines of `wanted` with no counterpart in `have` (equal, or alike as one line in two versions), each used once. */
function unmatched(wanted: string[], have: string[]): string[] {
  const pool = have.map(canonicalLine);
  const used = new Uint8Array(pool.length);
  // Where each text stands in the pool, in order, and how far its list has been used up (an edit rewriting
  // 20,000 lines looked for each line's counterpart from the start of the pool: 0.5 s).
  const byText = new Map<string, { at: number[]; next: number }>();
  pool.forEach((p, i) => {
    const entry = byText.get(p);
    if (entry) entry.at.push(i);
    else byText.set(p, { at: [i], next: 0 });
  });
  const firstUnused = (c: string): number => {
    const entry = byText.get(c);
    if (!entry) return -1;
    while (entry.next < entry.at.length && used[entry.at[entry.next]]) entry.next++;
    return entry.next < entry.at.length ? entry.at[entry.next] : -1;
  };
  // Comparing lines that differ costs their characters: past this many, a line left is left (the edit is refused
  // for review rather than the search running on).
  let work = MAX_SIMILAR_WORK;
  const alike = (p: string, c: string): boolean => {
    const longer = Math.max(p.length, c.length);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: speed only: lines this far apart in length are never alike (their distance is at least the difference)
    if (Math.abs(p.length - c.length) > (1 - SAME_LINE) * longer) return false;
    work -= p.length + c.length;
    return similarity(p, c) >= SAME_LINE;
  };
  const left: string[] = [];
  for (const line of wanted) {
    const c = canonicalLine(line);
    // Exact counterparts first, then alike ones: a greedy stand-in for a best matching. Which greedy order is
    // used is no rule of the post-condition (both differ only on lines alike in a chain), so no test pins it.
    let at = firstUnused(c);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the order of the greedy passes, see above
    if (at < 0 && work > 0) at = pool.findIndex((p, i) => !used[i] && alike(p, c));
    if (at < 0) left.push(line);
    else used[at] = 1;
  }
  return left;
}

/** Characters of differing lines compared by unmatched, at most (a few thousand lines' worth, each against each). */
const MAX_SIMILAR_WORK = 20_000_000;

function plural(n: number, word: string): string {
  return n === 1 ? `1 ${word}` : `${n} ${word}s`;
}

function quote(line: string): string {
  const t = line.trim();
  return `\`${t.length > 60 ? t.slice(0, 57) + '…' : t}\``;
}
