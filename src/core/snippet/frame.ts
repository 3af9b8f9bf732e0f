// Where a snippet's indentation stands in the file's: the snippet may come at column 0, with two spaces where
// the file has four or a tab. Each snippet line's expected file indentation follows from the nearest line
// both share (an anchor) and the ratio of the two indentation units.

import type { SourceText } from '../document';
import { indentWidth, isBlank } from '../normalize';
import type { SnippetLines } from './snippetLines';
import { maxOf, minOf } from '../arrays';

export interface Frame {
  /** Expected indentation width in the file of snippet line `j`, from the nearest of the given pairs. */
  expected(j: number, pairs?: ReadonlyArray<readonly [number, number]>): number;
  /** The file's indentation width of line `f`. */
  fileWidth(f: number): number;
  /** File columns per snippet column. */
  ratio: number;
  /** The file's indentation step around the place (0 when nothing there is indented, or no usual step is). */
  fileUnit: number;
  /** Whether the snippet may have moved line `j` a level (it stands in a block whose opening line places nothing). */
  movable(j: number): boolean;
  /** Leading whitespace of `width` columns, written as the file writes it (tabs or spaces). */
  render(width: number): string;
}

/** Only recognisable units are converted; odd alignments (continuation lines) are kept as they are. */
const STANDARD_UNITS = [2, 3, 4, 8];
const PLAUSIBLE_RATIOS = new Set(STANDARD_UNITS.flatMap((a) => STANDARD_UNITS.map((b) => a / b)));
const TAB_WIDTH = 4;

/**
 * `movable`: anchors whose level the snippet may have changed (a line under a new `if`), which say nothing of the
 * ratio.
 */
export function makeFrame(doc: SourceText, snip: SnippetLines, anchors: ReadonlyArray<readonly [number, number]>, movable: (j: number) => boolean = () => false): Frame {
  const fileWidth = (f: number) => indentWidth(doc.indentOf(f));
  const unit = unitOf(fileWidthsAround(doc, anchors, fileWidth));
  const ratio = ratioFromAnchors(snip, anchors.filter(([j]) => !movable(j)), fileWidth) ?? ratioFromUnits(snip, unit);
  const tabs = usesTabs(doc, anchors);
  const nearest = (j: number, pairs: ReadonlyArray<readonly [number, number]>): readonly [number, number] | undefined => {
    let best: readonly [number, number] | undefined;
    for (const p of pairs) {
      if (snip.blank[p[0]]) continue;
      if (p[0] <= j) best = p;
      else return best ?? p;
    }
    return best;
  };
  const sortedAnchors = [...anchors].sort((a, b) => a[0] - b[0]);
  return {
    ratio,
    fileUnit: STANDARD_UNITS.includes(unit) ? unit : 0,
    movable,
    fileWidth,
    expected(j, pairs = sortedAnchors) {
      const a = nearest(j, pairs);
      if (!a) return snip.widths[j];
      return Math.max(0, fileWidth(a[1]) + Math.round((snip.widths[j] - snip.widths[a[0]]) * ratio));
    },
    render(width) {
      return tabs ? '\t'.repeat(Math.floor(width / TAB_WIDTH)) + ' '.repeat(width % TAB_WIDTH) : ' '.repeat(width);
    },
  };
}

/** The file indents with tabs around the place: most indented lines near the anchors start with one. */
function usesTabs(doc: SourceText, anchors: ReadonlyArray<readonly [number, number]>): boolean {
  let tabs = 0;
  let spaces = 0;
  const from = anchors.length ? minOf(anchors.map((a) => a[1])) : 0;
  const to = anchors.length ? maxOf(anchors.map((a) => a[1])) : 0;
  for (let f = Math.max(0, from - 40); f <= Math.min(doc.lineCount - 1, to + 40); f++) {
    const indent = doc.indentOf(f);
    if (indent.startsWith('\t')) tabs++;
    // A block comment's continuation (` * text`, one column in) says nothing of how the code is indented.
    else if (indent.startsWith(' ') && !isBlank(doc.line(f)) && !/^\s*\*/.test(doc.line(f))) spaces++;
  }
  return tabs > spaces;
}

/**
 * Anchors at different snippet depths fix the ratio: file columns from the shallowest anchor to another over
 * snippet columns, the ratio most anchors agree on. A line the snippet moves (wrapped in a new block, a level
 * deeper than the file has it) says another and is outvoted; with no majority, the deepest anchor decides (a
 * line between aligned at odd columns, a continuation, says nothing of the unit).
 */
function ratioFromAnchors(snip: SnippetLines, anchors: ReadonlyArray<readonly [number, number]>, fileWidth: (f: number) => number): number | undefined {
  const pairs = anchors.filter(([j]) => !snip.blank[j]).map(([j, f]) => [snip.widths[j], fileWidth(f)] as const);
  if (pairs.length < 2) return undefined;
  // The first anchor at the shallowest depth: others at that depth are ignored.
  const [lo, loFile] = pairs.reduce((a, b) => (b[0] < a[0] ? b : a));
  const votes = new Map<number, number>();
  let deepest: readonly [number, number] | undefined;
  for (const [width, file] of pairs) {
    if (width === lo) continue;
    const r = (file - loFile) / (width - lo);
    votes.set(r, (votes.get(r) ?? 0) + 1);
    if (!deepest || width > deepest[0]) deepest = [width, r];
  }
  if (!deepest) return undefined;
  const most = Math.max(...votes.values());
  const agreed = [...votes].filter(([, n]) => n === most).map(([r]) => r);
  const r = agreed.length === 1 ? agreed[0] : deepest[1];
  return PLAUSIBLE_RATIOS.has(r) ? r : undefined;
}

/** Otherwise the units: the snippet's own, and the file's around the place (`fileUnit`). */
function ratioFromUnits(snip: SnippetLines, fileUnit: number): number {
  const snipUnit = unitOf(snip.widths.filter((_, j) => !snip.blank[j]));
  // Same unit on both sides, or nothing to tell: no conversion.
  // (A unit of 0, nothing indented, is no standard unit.)
  if (!STANDARD_UNITS.includes(fileUnit) || !STANDARD_UNITS.includes(snipUnit)) return 1;
  return fileUnit / snipUnit;
}

/** The indentation widths of the file's lines around the anchors (40 lines beyond them each way), blank ones aside. */
function fileWidthsAround(doc: SourceText, anchors: ReadonlyArray<readonly [number, number]>, fileWidth: (f: number) => number): number[] {
  const from = anchors.length ? minOf(anchors.map((a) => a[1])) : 0;
  const to = anchors.length ? maxOf(anchors.map((a) => a[1])) : 0;
  const widths: number[] = [];
  for (let f = Math.max(0, from - 40); f <= Math.min(doc.lineCount - 1, to + 40); f++) if (!isBlank(doc.line(f))) widths.push(fileWidth(f));
  return widths;
}

/**
 * The indentation unit: the most frequent step between consecutive indented lines. (A common divisor would be
 * thrown off by one continuation line aligned at an odd column; the usual step is not.)
 */
function unitOf(widths: number[]): number {
  const steps = new Map<number, number>();
  for (let i = 1; i < widths.length; i++) {
    const step = Math.abs(widths[i] - widths[i - 1]);
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  let best = 0;
  for (const [step, n] of steps) if (n > (steps.get(best) ?? 0) || (n === steps.get(best) && step < best)) best = step;
  return best;
}
