import { doubled } from '../buffers';
import type { SourceText } from '../document';
import type { LineWindow } from '../lineSearch';
import { indentOf, indentWidth, isBlank } from '../normalize';
import type { Tier } from '../tier';
import { findLineWindows } from './lineWindows';

/**
 * Same lines, same *relative* indentation, any base indentation and any unit: a block dedented, indented
 * further, or written with tabs for spaces (or two spaces for four) is still the same block.
 */
export const indentationTier: Tier = {
  name: 'indentation',
  lossless: true,
  find(ctx) {
    return findLineWindows(
      ctx,
      ctx.needle,
      {
        key: (l) => l.trimStart(),
        ignoreBlankLines: false,
        acceptWindow: sameRelativeIndentation,
        // Stryker disable next-line BooleanLiteral: speed only: the shared canonical search rules out only windows this key cannot find either
        refinesCanonical: true,
      },
      (c) => [describeIndentChange(ctx.doc, c.window!, c.needleLines!)],
    );
  },
};

export function sameRelativeIndentation(needleLines: string[], w: LineWindow, doc: SourceText): boolean {
  return pairsKeepIndentLevels(doc, needleLines, w.pairs);
}

/** Pairs of old line `j` and file line `f`, visited in any order: a window's map, or a chain of windows' pairs. */
export interface PairSource {
  forEach(visit: (f: number, j: number) => void): void;
}

/** The paired non-blank lines have the same indentation levels in the old text as in the file. */
export function pairsKeepIndentLevels(doc: SourceText, needleLines: string[], pairs: PairSource): boolean {
  const widths = needleWidths(needleLines);
  let n = 0;
  // Any order: both lists are built in the same order, and levels are compared place by place. Into buffers kept
  // between calls: an elision search checks thousands of chains, and two arrays each cost more than the check.
  pairs.forEach((f, j) => {
    if (widths[j] < 0) return;
    if (n === oldWidths.length) [oldWidths, fileWidths] = [doubled(oldWidths), doubled(fileWidths)];
    oldWidths[n] = widths[j];
    fileWidths[n++] = doc.indentWidthOf(f);
  });
  return sameIndentLevels(oldWidths, fileWidths, n);
}

let oldWidths: Int32Array = new Int32Array(64);
let fileWidths: Int32Array = new Int32Array(64);

/** Each old line's indentation width, -1 for a blank line: once per old text, whatever the windows checked. */
const widthsOf = new WeakMap<string[], Int32Array>();

function needleWidths(needleLines: string[]): Int32Array {
  let widths = widthsOf.get(needleLines);
  if (!widths) {
    widths = Int32Array.from(needleLines, (l) => (isBlank(l) ? -1 : indentWidth(indentOf(l))));
    widthsOf.set(needleLines, widths);
  }
  return widths;
}

/**
 * The first `n` widths of `a` and of `b` make the same levels: widths relative to the shallowest line, divided by
 * their common unit (4, 8, 12, 8 and 2, 4, 6, 4 are levels 0, 1, 2, 1 both).
 */
export function sameIndentLevels(a: ArrayLike<number>, b: ArrayLike<number>, n: number): boolean {
  let minA = Infinity;
  let minB = Infinity;
  for (let i = 0; i < n; i++) {
    minA = Math.min(minA, a[i]);
    minB = Math.min(minB, b[i]);
  }
  let unitA = 0;
  let unitB = 0;
  for (let i = 0; i < n; i++) {
    unitA = gcd(unitA, a[i] - minA);
    unitB = gcd(unitB, b[i] - minB);
  }
  unitA ||= 1;
  unitB ||= 1;
  for (let i = 0; i < n; i++) if ((a[i] - minA) / unitA !== (b[i] - minB) / unitB) return false;
  return true;
}

export function gcd(a: number, b: number): number {
  while (b) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

function describeIndentChange(doc: SourceText, w: LineWindow, needleLines: string[]): string {
  // The first paired old line that is not blank, looked up line by line: spelling the pairs out as entries cost an
  // ambiguous batch (2,000 edits, 20,000 places each) 65 of the 170 MB it allocated.
  // (A window pairs every non-blank old line, and an old text the line tiers search has one: the walk ends inside it.)
  let j = 0;
  while (j < needleLines.length - 1 && (isBlank(needleLines[j]) || !w.pairs.has(j))) j++;
  const f = w.pairs.get(j)!;
  const given = indentOf(needleLines[j]);
  const actual = doc.indentOf(f);
  const unit = (s: string) => (s.includes('\t') ? 'tabs' : 'spaces');
  if (given.length && actual.length && unit(given) !== unit(actual)) return `indentation (${unit(given)} in the old text, ${unit(actual)} in the file)`;
  return `indentation (${indentWidth(given)} → ${indentWidth(actual)} columns)`;
}
