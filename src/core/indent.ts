// Indentation: the file's style where an edit lands, how the model's indentation maps onto it, and in which
// frame the new text was written (the old text's, to be shifted to the file, or already the file's own).

import type { SourceText } from './document';
import { indentOf, indentWidth, isBlank } from './normalize';
import { gcd } from './tiers/indentation';
import { minOf } from './arrays';

export interface IndentStyle {
  tabs: boolean;
  unit: number;
}

/** The file's indentation where the match is: tabs or spaces, and the width of one level. */
export function indentStyle(doc: SourceText, w: { startLine: number; endLine: number }): IndentStyle {
  return doc.memo(`indent-style:${w.startLine}:${w.endLine}`, () => {
    const around = (from: number, to: number) => {
      const indents: string[] = [];
      for (let f = Math.max(0, from); f <= Math.min(to, doc.lineCount - 1); f++) if (!isBlank(doc.line(f))) indents.push(doc.indentOf(f));
      return indents;
    };
    let indents = around(w.startLine, w.endLine);
    // Tabs or spaces as the window's own indented lines write them: a file may mix them (a tab-indented function
    // among space-indented ones), and Python refuses a block that mixes them.
    const own = indents.filter((s) => s !== '');
    let unit = unitOf(indents.map((s) => indentWidth(s)));
    // Lines all alike, or no usual step among them (a doc comment's ` * ` lines, one column in, half the window):
    // the step is read from the lines around.
    if (!STANDARD_UNITS.includes(unit)) {
      indents = around(w.startLine - 200, w.endLine + 200);
      unit = unitOf(indents.map((s) => indentWidth(s))) || 4;
    }
    const votes = own.length > 0 ? own : indents;
    const tabs = votes.filter((s) => s.startsWith('\t')).length > votes.filter((s) => s.startsWith(' ')).length;
    return { tabs, unit: tabs ? 4 : unit };
  });
}

/** One indentation step of these line widths (0 when they are all alike). */
export function unitOf(widths: number[]): number {
  const min = minOf(widths);
  const common = widths.reduce((g, w) => gcd(g, w - min), 0);
  if (common === 0 || STANDARD_UNITS.includes(common)) return common;
  // A few lines off the grid (a block comment's ` * ` lines one column in, a continuation aligned under a
  // bracket) hide the step the rest share: the largest usual step that most lines keep is it.
  let best = common;
  let bestCount = 0;
  for (const u of STANDARD_UNITS) {
    const count = widths.filter((w) => (w - min) % u === 0).length;
    if (count > bestCount && widths.some((w) => w - min >= u && (w - min) % u === 0)) [best, bestCount] = [u, count];
  }
  return bestCount * 2 > widths.length ? best : common;
}

/** The indentation steps a person uses (largest first); any other is an alignment, not a level. */
const STANDARD_UNITS = [8, 4, 3, 2];

/** How many file columns one column of the model's indentation is worth (2-space text into a 4-space file: 2). */
export function unitRatio(oldLines: string[], newLines: string[], fileUnit: number): number {
  // A block comment's ` * ` lines stand one column right of their `/**`: an alignment, not a level. Where they are
  // most of the lines (a tab-quoted doc comment), they would hide the step the code lines take.
  const levels = [...oldLines, ...newLines].filter((l) => !isBlank(l) && !l.trimStart().startsWith('*'));
  const widths = levels.map((l) => indentWidth(indentOf(l)));
  const unit = unitOf(widths);
  // Only a recognisable indentation unit is converted; odd alignments (continuation lines) are kept as they are.
  const standard = (u: number) => STANDARD_UNITS.includes(u);
  return standard(unit) && standard(fileUnit) ? fileUnit / unit : 1;
}

export function renderIndent(width: number, style: IndentStyle): string {
  return style.tabs ? '\t'.repeat(Math.floor(width / 4)) + ' '.repeat(width % 4) : ' '.repeat(width);
}

/**
 * Each line's nesting level within its text: the rank of its indentation among the indentations the text uses
 * (so a tab-indented quote and a 2-space file agree, and a ` * ` comment line does not upset the count). Blank
 * lines get -1.
 */
export function nestingLevels(lines: readonly string[]): number[] {
  const widths = lines.map((l) => (isBlank(l) ? -1 : indentWidth(indentOf(l))));
  const rank = new Map([...new Set(widths.filter((w) => w >= 0))].sort((a, b) => a - b).map((w, i) => [w, i]));
  return widths.map((w) => (w < 0 ? -1 : rank.get(w)!));
}
