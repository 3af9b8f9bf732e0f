// Stage 2 of an edit's path (locate → align → merge → verify): every old line is paired with the file line it
// stands for, or marked invented (the file has no such line) or an elision; every file line of the window is
// paired, forgotten (the old text left it out) or elided. The merge can then carry every change of old → new —
// a deleted blank line, a deleted drifted line — because no old line is left without a fate.
//
// A tier hands over the pairs it used to find the window. They are kept only while they stay in order and are
// plausibly the same line; the gaps between them are aligned here: equal lines first (blank lines to blank
// lines), then a lone line between two pairs to the lone file line there, then similar lines.

import { distance } from 'fastest-levenshtein';
import type { SourceText } from './document';
import { indices, pairInOrder, runsOf } from './lineRuns';
import { nestingLevels } from './indent';
import { canonicalLine, indentOf, indentWidth, isBlank } from './normalize';
import { indexOfText } from './textSearch';
import { lineDiff } from './lineDiff';
import { maxOf } from './arrays';

export type Aligned =
  /** Old line `old` stands for file line `file`. */
  | { kind: 'pair'; old: number; file: number }
  /** An old line with no counterpart in the file (the model invented it, or it lives elsewhere). */
  | { kind: 'invented'; old: number }
  /** A file line of the window the old text does not mention (the model forgot it). */
  | { kind: 'forgotten'; file: number }
  /** An elision marker standing for file lines `from`..`to` (empty when `to < from`). */
  | { kind: 'elided'; old: number; from: number; to: number };

export interface AlignInput {
  startLine: number;
  endLine: number;
  pairs: ReadonlyMap<number, number>;
  elided?: ReadonlyMap<number, [number, number]>;
  /** The pairs are exact by construction: kept without a plausibility check. */
  trusted?: boolean;
}

/** What every step of one alignment reads: the document, the window, and both sides' lines keyed with their level. */
interface Sides {
  doc: SourceText;
  window: AlignInput;
  oldLines: readonly string[];
  oldKeys: readonly string[];
  fileKey: (f: number) => string;
}

/** Two lines are "the same line, drifted" above this similarity; a lone line between two pairs needs less. */
const SAME_LINE = 0.6;
const SAME_LINE_ENCLOSED = 0.3;
/** Above this, two lines differ by a slip (a typo, a character): no other line of the file is meant. */
const SLIP = 0.9;
/** Gaps larger than this are aligned by equal lines only (the similarity pass is quadratic in the gap). */
const MAX_SIMILAR_GAP = 64;

/** The complete alignment of `oldLines` with the window, in file order (invented lines where they fall). */
export function align(doc: SourceText, window: AlignInput, oldLines: readonly string[]): Aligned[] {
  const key = (line: string) => canonicalLine(line);
  // Lines keyed by their text and their nesting level: of two `}` lines, the one at the old line's level is its
  // counterpart (which brace an edit deletes decides what the code means).
  const windowLines: string[] = [];
  for (let f = window.startLine; f <= window.endLine; f++) windowLines.push(doc.line(f));
  // Levels only tell when both texts use as many indentations (a forgotten or borrowed line with one of its own
  // would shift every rank): otherwise the text alone decides.
  let oldLevels = nestingLevels(oldLines);
  let fileLevels = nestingLevels(windowLines);
  const widths = (lines: readonly string[]) => lines.map((l) => (isBlank(l) ? -1 : indentWidth(indentOf(l))));
  const oldWidths = widths(oldLines);
  const fileWidths = widths(windowLines);
  // Whether the old text kept the file's indentation is told by the lines the tier paired (a tab-quoted line
  // whose width happens to equal some other file line's says nothing); without pairs, by the widths in use.
  // (Lines at column 0 or 1 — a closing brace, a comment's ` *` — read alike in every indentation: they tell nothing.)
  const paired = [...window.pairs].filter(
    ([j, f]) => f >= window.startLine && f <= window.endLine && Math.min(oldWidths[j], fileWidths[f - window.startLine]) >= 0 && Math.max(oldWidths[j], fileWidths[f - window.startLine]) >= 2,
  );
  const keptColumns = paired.length
    ? paired.filter(([j, f]) => oldWidths[j] === fileWidths[f - window.startLine]).length * 5 >= paired.length * 4
    : oldWidths.every((w) => fileWidths.includes(w));
  if (keptColumns) {
    // The old text kept the file's indentation: columns tell levels best.
    oldLevels = oldWidths;
    fileLevels = fileWidths;
  } else if (maxOf(oldLevels) !== maxOf(fileLevels)) {
    oldLevels = oldLevels.map(() => 0);
    fileLevels = fileLevels.map(() => 0);
  }
  const oldKeys = oldLines.map((l, j) => `${oldLevels[j]}:${key(l)}`);
  const fileKey = (f: number) => `${fileLevels[f - window.startLine] ?? -1}:${doc.lineKey(canonicalLine, f)}`;
  const out: Aligned[] = [];
  const sides: Sides = { doc, window, oldLines, oldKeys, fileKey };

  // Anchors in old order: the tier's pairs that keep both sides increasing and are plausibly the same line,
  // and the elided ranges. An old line that stands verbatim elsewhere in the file, paired here with a line it
  // differs from, was borrowed from that other place: it is not this line.
  type Anchor = { old: number; from: number; to: number; elided: boolean };
  const anchors: Anchor[] = [];
  const elided = window.elided ?? new Map<number, [number, number]>();
  const entries = [
    ...[...window.pairs].map(([j, f]) => ({ old: j, from: f, to: f, elided: false })),
    ...[...elided].map(([j, [a, b]]) => ({ old: j, from: a, to: b, elided: true })),
  ].sort((x, y) => x.old - y.old);
  let lastFile = window.startLine - 1;
  for (const a of entries) {
    // (A pair before the window falls to the check above: `lastFile` starts on the line before it.)
    if (a.from <= lastFile) continue;
    if (!a.elided && a.from > window.endLine) continue;
    if (!a.elided && !window.trusted && !plausiblePair(sides, a.old, a.from, SAME_LINE)) continue;
    anchors.push(a);
    lastFile = Math.max(lastFile, a.to);
  }

  let prevOld = -1;
  let prevFile = window.startLine - 1;
  const gap = (toOld: number, toFile: number, anchoredAfter: boolean) => {
    const anchoredAt = { before: prevOld >= 0, after: anchoredAfter };
    alignGap(sides, indices(prevOld + 1, toOld - prevOld), indices(prevFile + 1, toFile - prevFile), anchoredAt, out);
  };
  for (const a of anchors) {
    gap(a.old - 1, a.from - 1, true);
    if (a.elided) out.push({ kind: 'elided', old: a.old, from: a.from, to: a.to });
    else out.push({ kind: 'pair', old: a.old, file: a.from });
    prevOld = a.old;
    prevFile = Math.max(prevFile, a.to);
  }
  gap(oldLines.length - 1, window.endLine, false);
  return out;
}

/**
 * Aligns old lines `olds` with file lines `files` (a gap between two anchors): equal lines by a line diff, then
 * within each run of differing lines, similar lines in order. Emits in file order, invented lines after the
 * file lines that precede them.
 */
function alignGap(
  sides: Sides,
  olds: number[],
  files: number[],
  anchored: { before: boolean; after: boolean },
  out: Aligned[],
): void {
  // Stryker disable next-line BlockStatement: speed only; without the shortcut the diff's one region reaches pairSimilar, which emits the same lines unpaired.
  if (olds.length === 0) {
    for (const f of files) out.push({ kind: 'forgotten', file: f });
    return;
  }
  // Stryker disable next-line BlockStatement: speed only; without the shortcut the diff's one region reaches pairSimilar, which emits the same lines unpaired.
  if (files.length === 0) {
    for (const j of olds) out.push({ kind: 'invented', old: j });
    return;
  }
  // Myers' own diff (bounded: lineDiff), not one with the ends taken as equal first: the pairing is scored after.
  const changes = lineDiff(
    olds.map((j) => sides.oldKeys[j]),
    files.map((f) => sides.fileKey(f)),
    false,
  );
  const runs = runsOf(changes);
  let i = 0;
  let k = 0;
  runs.forEach((run, r) => {
    if (run.kind === 'same') {
      for (let t = 0; t < run.count; t++) out.push({ kind: 'pair', old: olds[i + t], file: files[k + t] });
      i += run.count;
      k += run.count;
      return;
    }
    // A run is enclosed when lines on both sides are paired: the gap between two pairs, one line each side, is
    // the same line drifted (` *xx` for ` *`) unless it plainly is not.
    const runEnclosed = (i > 0 || anchored.before) && (r < runs.length - 1 || anchored.after);
    pairSimilar(sides, olds.slice(i, i + run.removed), files.slice(k, k + run.added), runEnclosed, out);
    i += run.removed;
    k += run.added;
  });
}

/** Similar lines of a run of differing lines, paired in order (a small dynamic programme); the rest unpaired. */
function pairSimilar(
  sides: Sides,
  olds: number[],
  files: number[],
  enclosed: boolean,
  out: Aligned[],
): void {
  const oneToOne = olds.length === 1 && files.length === 1;
  const floor = oneToOne && enclosed ? SAME_LINE_ENCLOSED : SAME_LINE;
  // (A side with no lines needs no check: pairInOrder pairs nothing then.)
  if (olds.length * files.length > MAX_SIMILAR_GAP * MAX_SIMILAR_GAP) {
    emitUnpaired(olds, files, out);
    return;
  }
  const sim = (a: number, b: number) => {
    const j = olds[a];
    const f = files[b];
    return plausiblePair(sides, j, f, floor) ? similarity(canonicalLine(sides.oldLines[j]), sides.doc.lineKey(canonicalLine, f)) : -1;
  };
  // Unpaired lines are emitted where they fall: before the pair that follows them.
  let a = 0;
  let b = 0;
  for (const [pa, pb] of pairInOrder(olds.length, files.length, sim)) {
    emitUnpaired(olds.slice(a, pa), files.slice(b, pb), out);
    out.push({ kind: 'pair', old: olds[pa], file: files[pb] });
    a = pa + 1;
    b = pb + 1;
  }
  emitUnpaired(olds.slice(a), files.slice(b), out);
}

function emitUnpaired(olds: number[], files: number[], out: Aligned[]): void {
  for (const f of files) out.push({ kind: 'forgotten', file: f });
  for (const j of olds) out.push({ kind: 'invented', old: j });
}

/** 1 for equal canonical lines, down to 0: one minus the edit distance over the longer length. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  // Two different texts: the longer has a character, so the quotient is defined.
  if (a.length * b.length <= MAX_DISTANCE_CELLS) return 1 - distance(a, b) / longer;
  // Lines of thousands of characters (minified code, data): the edit distance costs their product (two lines of
  // 80,000 characters: 1.6 s). What they share at both ends is shared for sure; past a bound, the middle counts
  // as all different, which can only make them less alike (never pair two lines that are not).
  let head = 0;
  while (head < a.length && head < b.length && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  if (x.length * y.length <= MAX_DISTANCE_CELLS) return 1 - distance(x, y) / longer;
  return 1 - Math.max(x.length, y.length) / longer;
}

/** Characters × characters an edit distance may cost (two lines of 2,000 characters); see similarity. */
const MAX_DISTANCE_CELLS = 4_000_000;

/**
 * Could old line `oldLine` stand for file line `f`? Blank only with blank; similar above `floor`, or both mere
 * punctuation (`}` for `};`); and never when the old line, differing from this one, stands verbatim elsewhere.
 */
function plausiblePair(sides: Sides, j: number, f: number, floor: number): boolean {
  const { doc, window } = sides;
  const oldLine = sides.oldLines[j];
  const levelKey = sides.oldKeys[j];
  const fileLevelKey = sides.fileKey(f);
  if (levelKey === fileLevelKey) return true;
  const oldKey = canonicalLine(oldLine);
  const fileKey = doc.lineKey(canonicalLine, f);
  // The same text at the same level was answered above, so here the levels differ: a line of mere punctuation
  // (`}`) is only the same line at the same nesting level.
  if (oldKey === fileKey) return !isPunctuation(oldKey);
  const fileLine = doc.line(f);
  if (isBlank(oldLine) || isBlank(fileLine)) return false;
  if (isPunctuation(oldKey) && isPunctuation(fileKey)) return levelOf(levelKey) === levelOf(fileLevelKey);
  const alike = similarity(oldKey, fileKey);
  if (alike < floor) return false;
  // A line this alike is the same line with a slip; a looser likeness (`export { Pan }` for `export { Zoom }`)
  // may be another line of the file quoted here: then it is that line, not this one. (Looked up only then: it
  // costs a scan of the file.)
  return alike >= SLIP || !borrowedFromElsewhere(doc, window, oldLine);
}

function levelOf(levelKey: string): string {
  return levelKey.slice(0, levelKey.indexOf(':'));
}

function isPunctuation(key: string): boolean {
  return !/[\p{L}\p{N}_$]/u.test(key);
}

/** The old line's text stands, as it is, on a file line outside the window. */
function borrowedFromElsewhere(doc: SourceText, window: AlignInput, oldLine: string): boolean {
  const text = oldLine.trim();
  if (text.length < 8) return false;
  return linesHolding(doc, text).some((line) => line < window.startLine || line > window.endLine);
}

/** The lines whose trimmed text is `text` (the first 16): one scan of the file per text, shared by all windows. */
function linesHolding(doc: SourceText, text: string): number[] {
  return doc.memo(`lines-holding:${text}`, () => {
    const lines: number[] = [];
    const content = doc.content;
    for (let at = indexOfText(content, text); at >= 0 && lines.length < 16; at = indexOfText(content, text, at + 1)) {
      const line = doc.lineAt(at);
      // (No line is found twice: a trimmed line holds its own text once, since the text starts and ends with a non-blank.)
      if (doc.line(line).trim() === text) lines.push(line);
    }
    return lines;
  });
}
