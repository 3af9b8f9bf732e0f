// The one line-window search. Most tiers are "find the file lines equivalent to the old text's lines" under a
// different line equivalence; they differ only in `LineEquivalence` (cf. jsdiff: one algorithm, each flavour a
// tiny override). Candidate lines come from the cheapest possible prefilter, so a 100,000-line file costs one
// `indexOf` scan, not one normalisation per line.

import type { SourceText } from './document';
import { isBlank } from './normalize';

export interface LineEquivalence {
  /** Two lines are equivalent when their keys are equal. */
  key(line: string): string;
  /** Blank lines on either side are not compared (a forgotten or an extra blank line). */
  ignoreBlankLines: boolean;
  /** A last check over a whole window (e.g. relative indentation). */
  acceptWindow?(needleLines: string[], window: LineWindow, doc: SourceText): boolean;
}

export interface LineWindow {
  startLine: number;
  endLine: number;
  /** needle line index → file line, for every compared (non-blank when blanks are ignored) line. */
  pairs: Map<number, number>;
}

/**
 * Windows of `doc` equivalent to `needleLines`, each anchored on a candidate file line for needle line `anchor`.
 * Distinct windows only, in document order.
 */
export function searchLines(
  doc: SourceText,
  needleLines: string[],
  eq: LineEquivalence,
  anchor: number,
  candidateLines: Iterable<number>,
): LineWindow[] {
  const keys = needleLines.map((l) => eq.key(l));
  const anchorKey = keys[anchor];
  const found = new Map<number, LineWindow>();
  // Each file line is keyed once: repetitive code puts the same lines in many candidate windows.
  const keyOf = (f: number) => doc.lineKey(eq.key, f);
  for (const line of candidateLines) {
    if (keyOf(line) !== anchorKey) continue;
    const window = eq.ignoreBlankLines ? alignSkippingBlanks(doc, needleLines, keys, keyOf, anchor, line) : alignStrict(doc, keys, keyOf, anchor, line);
    if (window && !found.has(window.startLine) && (!eq.acceptWindow || eq.acceptWindow(needleLines, window, doc))) {
      found.set(window.startLine, window);
    }
  }
  return [...found.values()].sort((a, b) => a.startLine - b.startLine);
}

function alignStrict(doc: SourceText, keys: string[], keyOf: (f: number) => string, anchor: number, line: number): LineWindow | undefined {
  const start = line - anchor;
  if (start < 0 || start + keys.length > doc.lineCount) return undefined;
  const pairs = new Map<number, number>();
  for (let j = 0; j < keys.length; j++) {
    if (keyOf(start + j) !== keys[j]) return undefined;
    pairs.set(j, start + j);
  }
  return { startLine: start, endLine: start + keys.length - 1, pairs };
}

/** Walks outwards from the anchor pair, stepping over blank lines on both sides. */
function alignSkippingBlanks(
  doc: SourceText,
  needleLines: string[],
  keys: string[],
  keyOf: (f: number) => string,
  anchor: number,
  line: number,
): LineWindow | undefined {
  const pairs = new Map<number, number>([[anchor, line]]);
  let f = line;
  for (let j = anchor + 1; j < keys.length; j++) {
    if (isBlank(needleLines[j])) continue;
    f++;
    while (f < doc.lineCount && isBlank(doc.line(f))) f++;
    if (f >= doc.lineCount || keyOf(f) !== keys[j]) return undefined;
    pairs.set(j, f);
  }
  const end = f;
  f = line;
  for (let j = anchor - 1; j >= 0; j--) {
    if (isBlank(needleLines[j])) continue;
    f--;
    while (f >= 0 && isBlank(doc.line(f))) f--;
    if (f < 0 || keyOf(f) !== keys[j]) return undefined;
    pairs.set(j, f);
  }
  return { startLine: f, endLine: end, pairs };
}

/**
 * File lines that may be equivalent to a needle line containing `token`: one `indexOf` scan of the content.
 * Without a token (a line of braces) every line is a candidate; the equivalence then decides.
 */
export function linesContaining(doc: SourceText, token: string | undefined, limit = 20000): number[] {
  if (!token) return Array.from({ length: doc.lineCount }, (_, i) => i);
  return doc.memo(`lines-with:${limit}:${token}`, () => scanToken(doc, token, limit));
}

function scanToken(doc: SourceText, token: string, limit: number): number[] {
  const lines: number[] = [];
  const content = doc.content;
  let at = content.indexOf(token);
  while (at !== -1 && lines.length < limit) {
    const line = doc.lineAt(at);
    lines.push(line);
    // Continue from the next line: one candidate per line is enough.
    const next = line + 1 < doc.lineCount ? doc.lineStart(line + 1) : content.length;
    at = content.indexOf(token, next);
  }
  return lines;
}
