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

/** The paired non-blank lines have the same indentation levels in the old text as in the file. */
export function pairsKeepIndentLevels(doc: SourceText, needleLines: string[], pairs: ReadonlyMap<number, number>): boolean {
  const needleWidths: number[] = [];
  const fileWidths: number[] = [];
  // Any order: both lists are built in the same order, and levels are compared place by place.
  for (const [j, f] of pairs) {
    if (isBlank(needleLines[j])) continue;
    needleWidths.push(indentWidth(indentOf(needleLines[j])));
    fileWidths.push(indentWidth(doc.indentOf(f)));
  }
  const a = indentLevels(needleWidths);
  const b = indentLevels(fileWidths);
  return a.every((level, i) => level === b[i]);
}

/** Indentation as levels: widths relative to the shallowest line, divided by their common unit. */
export function indentLevels(widths: number[]): number[] {
  const min = Math.min(...widths);
  const rel = widths.map((w) => w - min);
  const unit = rel.reduce((g, w) => gcd(g, w), 0) || 1;
  return rel.map((w) => w / unit);
}

export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function describeIndentChange(doc: SourceText, w: LineWindow, needleLines: string[]): string {
  const [j, f] = [...w.pairs].find(([jj]) => !isBlank(needleLines[jj]))!;
  const given = indentOf(needleLines[j]);
  const actual = doc.indentOf(f);
  const unit = (s: string) => (s.includes('\t') ? 'tabs' : 'spaces');
  if (given.length && actual.length && unit(given) !== unit(actual)) return `indentation (${unit(given)} in the old text, ${unit(actual)} in the file)`;
  return `indentation (${indentWidth(given)} → ${indentWidth(actual)} columns)`;
}
