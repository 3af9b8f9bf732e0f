// The aligned snippet written into the file by the engine's own merge: the ops become an old text (what the
// snippet stands for in the file) and a new text (the snippet, in the file's frame), handed to
// buildReplacement with the window they span; the result is checked before it is returned.

import { toMatch } from '../cascade';
import type { SourceText } from '../document';
import { EditError } from '../errors';
import { canonicalLine, isBlank } from '../normalize';
import { buildReplacement } from '../replacement';
import { writtenDiff } from '../writtenDiff';
import type { Candidate } from '../tier';
import type { ApplyResult, FindResult } from '../types';
import type { Op } from './align';
import type { Frame } from './frame';
import { CANONICAL_MARKER } from './markers';
import { lineRange } from './place';
import { nonBlankLine } from './structure';
import { verify } from './safety';
import type { SnippetLines } from './snippetLines';
import { LinePairs } from '../linePairs';
import { firstIndex, maxOf, minOf } from '../arrays';

/** Whether snippet line j is file line f, or a version of it. */
type VersionOf = (j: number, f: number) => boolean;

/**
 * A line the snippet keeps at another level than the file (a Python `log(it)` moved out of its loop; a statement
 * wrapped in a new `if`): that change is the snippet's, and the line is written changed, at the snippet's
 * indentation. (Kept, it was written as the file has it: the dedent was lost, or the snippet was told applied
 * already, or a wrapped line stayed outside its new block.) Only for a few lines, when read from shifts or
 * directions (when most kept lines would move, the frame is what is off, not the lines); lines in a block the
 * snippet adds move however many they are (see movedIntoNewBlocks). `wrapAnchor`: see there.
 */

function withIndentChanges(doc: SourceText, snip: SnippetLines, frame: Frame, ops: Op[], isVersion: VersionOf): { ops: Op[]; wrapAnchor?: readonly [number, number] } {
  const kept = ops.filter((op): op is Extract<Op, { kind: 'keep' }> => op.kind === 'keep' && !snip.blank[op.j]);
  // A line inside a block the snippet adds moves with it, however many do (wrapping is what the snippet shows).
  const into = movedIntoNewBlocks(doc, snip, frame, ops, kept, isVersion);
  // The usual shift is read without those (a whole body wrapped outvoted the head it stays under); the direction
  // from line to line with them (they agree with the lines around them in the snippet and in the file alike).
  const rest = kept.filter((op) => !into.moved.has(op.j));
  // In another frame the shift is read for lines in a new block only (the snippet's wrapping is the evidence: the
  // frame's ratio may come from the units, which a continuation line can make odd); without such, the direction.
  const byShift = movedByShift(snip, frame, rest);
  const wrapped = new Set([...byShift].filter(frame.movable));
  const byLevel = frame.ratio === 1 ? byShift : wrapped.size > 0 ? wrapped : movedByDirection(snip, frame, kept);
  const moved = byLevel.size === 0 || byLevel.size * 2 > kept.length ? new Set<number>() : byLevel;
  for (const j of into.moved) moved.add(j);
  if (moved.size === 0) return { ops };
  const changed = ops.map((op) => (op.kind === 'keep' && moved.has(op.j) ? { kind: 'change' as const, j: op.j, f: op.f } : op));
  return { ops: changed, ...(moved.size === kept.length && into.wrapAnchor && { wrapAnchor: into.wrapAnchor }) };
}

/**
 * Kept lines the snippet puts in a block it adds (`with self._lock:` over a line the file has, `if (ready) {` over
 * two): the file has them no deeper than that new opening line will be written, so kept where they are they would
 * stand beside it, not in it (Python then reads an empty block). They are written in it, at the snippet's level.
 * The opening line is placed by the kept lines outside its block; with none (the snippet is the wrapped lines and
 * their new block only), it takes the place of the first line it wraps (`wrapAnchor`), the rest follow it.
 */
function movedIntoNewBlocks(doc: SourceText, snip: SnippetLines, frame: Frame, ops: readonly Op[], kept: ReadonlyArray<{ j: number; f: number }>, isVersion: VersionOf): { moved: Set<number>; wrapAnchor?: readonly [number, number] } {
  const moved = new Set<number>();
  const inserted = new Set(ops.flatMap((op) => (op.kind === 'insert' ? [op.j] : [])));
  const deleted = new Set(ops.flatMap((op) => (op.kind === 'delete' ? [op.f] : [])));
  const byLine = [...kept].sort((x, y) => x.j - y.j);
  // Each new block read once (where its opening line goes, whether it wraps anything): a snippet of thousands of
  // lines in a few new blocks costs a pass, not a pass per line.
  const blocks = new Map<number, NewBlock | null>();
  const blockOf = (o: number) => {
    if (!blocks.has(o)) blocks.set(o, readNewBlock(doc, snip, frame, byLine, deleted, o, isVersion));
    return blocks.get(o)!;
  };
  let wrapAnchor: readonly [number, number] | undefined;
  for (const { j, f } of kept) {
    if (!frame.movable(j)) continue;
    // The block the snippet adds that j stands in: its opening line, or the nearest one above it (a `raise` under
    // an `if` the file has, both wrapped in a new `with`).
    const parent = snip.opener(j);
    let o = parent;
    while (o !== undefined && !inserted.has(o)) o = snip.opener(o);
    if (o === undefined) continue;
    const block = blockOf(o);
    if (!block) continue;
    // Deeper in the file than the new line: in its block already, unless the line that opens its own block moves.
    if (frame.fileWidth(f) > block.width && !(parent !== o && moved.has(parent!))) continue;
    moved.add(j);
    if (block.alone) wrapAnchor ??= [o, block.first.f];
  }
  return { moved, ...(wrapAnchor && { wrapAnchor }) };
}

/**
 * The new block opened by snippet line `o`: the width its opening line is written at (placed by the nearest kept
 * line outside the block; with none, at the first line it wraps), and that first line; null when the new line
 * stands in for a deleted head of those lines, a version of it or one with its keyword (a changed head the matcher
 * did not pair, `if name not in schemes and not strict:` for `if name not in schemes:`: its block is the file's; a
 * `try {` above that changed head's body is still a new block).
 */
function readNewBlock(doc: SourceText, snip: SnippetLines, frame: Frame, byLine: ReadonlyArray<{ j: number; f: number }>, deleted: ReadonlySet<number>, o: number, isVersion: VersionOf): NewBlock | null {
  const end = blockEnd(snip, o);
  const at = firstAtOrAfter(byLine, o + 1);
  const first = byLine[at];
  if (!first || first.j >= end) return null;
  const above = nonBlankLine(doc, first.f - 1, -1, 0) ?? -1;
  const replaced = () => isVersion(o, above) || firstWord(snip.lines[o]) === firstWord(doc.line(above));
  if (deleted.has(above) && /[{(:[]\s*$/.test(doc.line(above)) && frame.fileWidth(above) < frame.fileWidth(first.f) && replaced()) return null;
  // The nearest kept line outside the block: the last before it, else the first after it.
  const after = byLine[firstAtOrAfter(byLine, end)];
  const outside = at > 0 ? byLine[at - 1] : after;
  const width = outside ? frame.expected(o, [[outside.j, outside.f]]) : frame.fileWidth(first.f);
  return { width, first, alone: !outside };
}

/** A line's first word (`if`, `for`, `while`), '' for none: a head rewritten keeps its keyword. */
function firstWord(line: string): string {
  return /^\s*[}\])]*\s*([A-Za-z_$][\w$]*)/.exec(line)?.[1] ?? '';
}

/** A block the snippet adds (see readNewBlock); `alone`: no kept line stands outside it. */
interface NewBlock {
  width: number;
  first: { j: number; f: number };
  alone: boolean;
}

/** The index of the first of `byLine` (sorted by j) with j ≥ `j` (its length: none). */
function firstAtOrAfter(byLine: ReadonlyArray<{ j: number }>, j: number): number {
  return firstIndex(byLine.length, (i) => byLine[i].j >= j);
}

/** The first snippet line after `o` that is not blank and no deeper than it (the snippet's length: none). */
function blockEnd(snip: SnippetLines, o: number): number {
  let k = o + 1;
  while (k < snip.length && (snip.blank[k] || snip.widths[k] > snip.widths[o])) k++;
  return k;
}

/**
 * A kept line is at another level when the file's columns differ from the snippet's (in the file's units) by other
 * than what most kept lines differ by (the first kept line's group on a tie: the context the
 * snippet was placed by), and by whole steps of the file's indentation (a continuation aligned under a bracket
 * differs by other amounts, or agrees). A line wrapped in a new block is a level deeper than the file has it.
 */
function movedByShift(snip: SnippetLines, frame: Frame, kept: ReadonlyArray<{ j: number; f: number }>): Set<number> {
  const moved = new Set<number>();
  const shift = (op: { j: number; f: number }) => frame.fileWidth(op.f) - Math.round(snip.widths[op.j] * frame.ratio);
  const count = new Map<number, number>();
  for (const op of kept) count.set(shift(op), (count.get(shift(op)) ?? 0) + 1);
  let usual = 0;
  let most = 0;
  for (const [d, n] of count) if (n > most) [usual, most] = [d, n];
  // Three kept lines at least, half of them or more at the usual shift: fewer tell no level from another.
  if (kept.length < 3 || most * 2 < kept.length || frame.fileUnit === 0) return moved;
  for (const op of kept) {
    const off = shift(op) - usual;
    if (off !== 0 && off % frame.fileUnit === 0) moved.add(op.j);
  }
  return moved;
}

/**
 * In another frame, a kept line is at another level when the snippet and the file disagree on the direction from
 * the kept line before it (the same level, one deeper or shallower): a continuation aligned at other columns
 * (`b);` under `first(a,`) agrees.
 */
function movedByDirection(snip: SnippetLines, frame: Frame, kept: ReadonlyArray<{ j: number; f: number }>): Set<number> {
  const moved = new Set<number>();
  let steady: { j: number; f: number } | undefined;
  for (const op of kept) {
    const inOrder = steady !== undefined && op.f > steady.f;
    if (inOrder && Math.sign(snip.widths[op.j] - snip.widths[steady!.j]) !== Math.sign(frame.fileWidth(op.f) - frame.fileWidth(steady!.f))) moved.add(op.j);
    else steady = op;
  }
  return moved;
}

/** Tags a kept line on both sides of the merge (see write). */
const KEEP_TAG = '\u0000kept:';
/** Tags a line moved to another level on the old side only (see write). */
const MOVED_TAG = '\u0000moved:';

/**
 * The ops as an old text (what the snippet stands for in the file, in the snippet's frame) and a new text (the
 * snippet), handed to the engine's merge with the window they span; then the written result is checked.
 */
/**
 * `notes`: reasons for review found before writing (lines the snippet leaves out), after the merge's own.
 * `isVersion`: whether snippet line j is file line f, or a version of it (the line matcher's relation).
 */
export function write(doc: SourceText, snip: SnippetLines, frame: Frame, aligned: Op[], reindent: boolean, notes: readonly string[] = [], isVersion: VersionOf = () => false): ApplyResult {
  const { ops, wrapAnchor } = reindent ? withIndentChanges(doc, snip, frame, aligned, isVersion) : { ops: aligned, wrapAnchor: undefined };
  // A level read from the snippet's columns is an interpretation (the frame is read from a few lines): said.
  const movedLines = ops.flatMap((op, i) => (op.kind === 'change' && aligned[i].kind === 'keep' ? [op.f] : []));
  const oldLines: string[] = [];
  const newLines: string[] = [];
  const pairs = new LinePairs();
  const elided = new Map<number, [number, number]>();
  const fileLines: number[] = [];
  // New and changed lines are placed relative to the nearest line the snippet keeps, in the file's unit.
  const keptPairs = ops.flatMap((op) => (op.kind === 'keep' && !snip.blank[op.j] ? [[op.j, op.f] as const] : []));
  // A kept line the frame does not place where the file has it (a continuation aligned under a bracket, `b);`
  // nine columns in) places only a line at its own snippet width (`c);` below it), not the statement after it.
  // Nor one at a width no whole number of steps makes, in the file or in the snippet (a continuation that anchored
  // the snippet placed itself, so it was on the grid, and put a new `for` after it at column 11).
  const snipUnit = frame.fileUnit / frame.ratio;
  const onSteps = (j: number, f: number) =>
    frame.fileUnit === 0 || (frame.fileWidth(f) % frame.fileUnit === 0 && (!Number.isInteger(snipUnit) || snip.widths[j] % snipUnit === 0));
  const onGrid = keptPairs.filter(([j, f]) => frame.expected(j) === frame.fileWidth(f) && onSteps(j, f));
  const keptBefore = new Int32Array(snip.length).fill(-1);
  for (let k = 0, j = 0; j < snip.length; j++) {
    while (k < keptPairs.length && keptPairs[k][0] <= j) k++;
    keptBefore[j] = k - 1;
  }
  const placed = (j: number) => {
    const line = snip.lines[j];
    if (!reindent || snip.blank[j]) return snip.blank[j] ? '' : line;
    const before = keptBefore[j] >= 0 ? keptPairs[keptBefore[j]] : undefined;
    const pairs = before && snip.widths[before[0]] === snip.widths[j] ? [before] : onGrid.length ? onGrid : keptPairs.length ? keptPairs : wrapAnchor ? [wrapAnchor] : undefined;
    return frame.render(frame.expected(j, pairs)) + line.trimStart();
  };
  let kept = 0;
  let changed = 0;
  let added = 0;
  let removed = 0;
  let elidedLines = 0;
  for (const op of ops) {
    switch (op.kind) {
      case 'keep': {
        // The same unique tag on both sides: the merge's own line diff can pair this line with no other (a `}`
        // with another `}`), and it writes the file's line for it, so the tag never reaches the file.
        const tagged = `${snip.lines[op.j]}${KEEP_TAG}${op.j}`;
        pairs.set(oldLines.length, op.f);
        oldLines.push(tagged);
        newLines.push(tagged);
        fileLines.push(op.f);
        if (!snip.blank[op.j]) kept++;
        break;
      }
      case 'change':
        pairs.set(oldLines.length, op.f);
        // A line moved to another level, its text the same: tagged on the old side, or the merge's line diff,
        // which compares lines without their indentation, pairs it with itself and keeps the file's.
        oldLines.push(snip.keys[op.j] === canonicalLine(doc.line(op.f)) ? `${doc.line(op.f)}${MOVED_TAG}${op.j}` : doc.line(op.f));
        newLines.push(placed(op.j));
        fileLines.push(op.f);
        changed++;
        break;
      case 'delete':
        pairs.set(oldLines.length, op.f);
        oldLines.push(doc.line(op.f));
        fileLines.push(op.f);
        if (!isBlank(doc.line(op.f))) removed++;
        break;
      case 'insert':
        newLines.push(placed(op.j));
        if (!snip.blank[op.j]) added++;
        break;
      case 'elide':
        elided.set(oldLines.length, [op.from, op.to]);
        oldLines.push(CANONICAL_MARKER);
        newLines.push(CANONICAL_MARKER);
        if (op.to >= op.from) fileLines.push(op.from, op.to);
        elidedLines += Math.max(0, op.to - op.from + 1);
        break;
    }
  }
  const startLine = minOf(fileLines);
  const endLine = maxOf(fileLines);
  const shown = kept + changed + added;
  const normalized = [
    `snippet: ${kept} line(s) as in the file, ${changed} changed, ${added} added, ${removed} removed` + (elidedLines ? `, ${elidedLines} kept under elision markers` : ''),
  ];
  if (keptPairs.some(([j, f]) => frame.fileWidth(f) !== snip.widths[j])) normalized.push('indentation');
  const candidate: Candidate = {
    start: doc.lineStart(startLine),
    end: doc.lineEnd(endLine),
    score: shown ? (kept + changed) / shown : 1,
    normalized,
    window: { startLine, endLine, pairs, elided, trusted: true },
    needleLines: oldLines,
  };
  const match = toMatch(doc, 'snippet', candidate);
  // Lines are already in the file's frame: the merge keeps the file's kept lines and writes the others as given.
  const replacement = buildReplacement(doc, candidate, newLines.join('\n'), false);
  const before = doc.content.slice(replacement.start, replacement.end);
  // Line ends aside: writing would change nothing else (a file of mixed line ends compared without them).
  if (replacement.text.replace(/\r/g, '') === before.replace(/\r/g, '')) {
    const result: FindResult = { kind: 'already_applied', match };
    throw new EditError('already_applied', `The snippet looks applied already: every line it shows stands at ${lineRange(match)}. Nothing was changed.`, result);
  }
  verify(doc, snip, ops, replacement.text);
  const out = doc.content.slice(0, replacement.start) + replacement.text + doc.content.slice(replacement.end);
  const { review: merged, ...span } = replacement;
  const quoteLine = (f: number) => `\`${doc.line(f).trim().slice(0, 60)}\``;
  const where = movedLines.length === 1 ? `line ${movedLines[0] + 1} (${quoteLine(movedLines[0])}) is` : `${movedLines.length} lines (line ${movedLines[0] + 1}: ${quoteLine(movedLines[0])}, …) are`;
  const moved = movedLines.length === 0 ? [] : [`${where} written at the snippet's level of indentation, not the file's`];
  const review = [...merged, ...moved, ...notes];
  if (review.length) Object.assign(match, { needsReview: true, review });
  const edits = [{ ...span, match }];
  return { content: out, matches: [match], replacement: replacement.text, edits, diff: writtenDiff(doc, edits) };
}

