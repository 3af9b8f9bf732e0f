import { isTrimmedSpace, type SourceText } from '../document';
import { linesContaining } from '../lineSearch';
import { collapseWhitespace, isWordChar } from '../normalize';
import type { Candidate, SearchContext } from '../tier';

/** Below this, a reflowed match is too little text to be sure of (`x = 1;`). */
const MIN_TEXT = 16;
/** An anchor token on more lines than this is too common to start a reflow search from. */
const MAX_ANCHORS = 400;
/** File lines compared, at most: repetitive code could otherwise make this search quadratic. Past it, no reflow. */
const MAX_LINES_COMPARED = 200_000;

/**
 * The same code with its line breaks moved: a call or a condition the file wraps over several lines, written on
 * one (or the reverse, as a formatter would). Whitespace — line breaks included — is compared as the whitespace
 * tier does (kept only between two words). The span runs from the first to the last character of whole file
 * lines; the new text is merged into the file's own layout where it can be (see `mergeInto`).
 */
export function findReflowed(ctx: SearchContext): Candidate[] {
  const { doc, needle } = ctx;
  const target = collapseWhitespace(needle.text);
  const token = needle.anchor().token;
  if (target.length < MIN_TEXT || !token) return [];
  const anchors = linesContaining(doc, token);
  if (anchors.length > MAX_ANCHORS) return [];
  // The window's lines before the anchor line hold at most the text that precedes the token in the old text.
  const before = target.lastIndexOf(token);
  const reach = Math.min(needle.lines.length * 4 + 4, 400);
  const found = new Map<string, Candidate>();
  // The whitespace tier's own line key: the lines it already compared are not collapsed again.
  const piece = (e: number) => doc.lineKey(collapseWhitespace, e);
  const work = { lines: 0 };
  for (const f of anchors) {
    let spent = 0;
    for (let s = f; s >= 0 && f - s <= reach && spent <= before; s--) {
      // Stryker disable next-line AssignmentOperator: speed only: a count that never grows prunes nothing; windowEnd still decides every window
      if (s < f) spent += nonSpaceLength(doc.line(s));
      // Stryker disable next-line MethodExpression: speed only: windowEnd checks that the whole first line starts the text
      if (!target.startsWith(piece(s).slice(0, 1))) continue;
      const compared = work.lines;
      const e = windowEnd(doc, piece, s, f, target, reach, work);
      ctx.budget.charge(work.lines - compared);
      if (work.lines > MAX_LINES_COMPARED) return [];
      if (e === undefined) continue;
      const start = doc.lineStart(s) + (doc.line(s).length - doc.line(s).trimStart().length);
      const end = doc.lineStart(e) + doc.line(e).trimEnd().length;
      // The same line count is no sign the line tiers saw it: `f(a,\n  b, c)` for `f(a, b,\n  c)` moves a break and
      // keeps two lines. (A window equal line for line was found by them already: this tier runs only when they found none.)
      found.set(`${start}:${end}`, { start, end, score: 1, normalized: ['line breaks and whitespace'], mergeOld: needle.text.trim(), reflow: { oldLines: needle.lines, startLine: s, endLine: e } });
    }
  }
  // Stryker disable next-line MethodExpression,ArithmeticOperator: equivalent: each window is first found from the first anchor line in it, so they come in order of their start
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/**
 * The last line of a window starting at `s` (and reaching `f`) whose whitespace-collapsed text is `target`. The
 * collapsed text grows line by line (a space only where a line break separates two words), so a long old text
 * costs one pass, not one per line.
 */
function windowEnd(
  doc: SourceText,
  collapsedLine: (e: number) => string,
  s: number,
  f: number,
  target: string,
  reach: number,
  work: { lines: number },
): number | undefined {
  let at = 0; // how much of `target` the lines so far have matched
  for (let e = s; e < doc.lineCount && e - s <= reach; e++) {
    // Stryker disable next-line UpdateOperator: bounds on work (the lines compared count against the budget and the cap); the windows found are the same
    work.lines++;
    const piece = collapsedLine(e);
    // A blank line (an empty piece) passes both checks and adds nothing; at the start, `target[-1]` is no word
    // character, so no space is asked for there.
    if (isWordChar(target[at - 1]) && isWordChar(piece[0])) {
      if (target[at] !== ' ') return undefined;
      at++;
    }
    if (!target.startsWith(piece, at)) return undefined;
    at += piece.length;
    if (at === target.length) return e >= f && doc.line(s).trim() ? e : undefined;
  }
  return undefined;
}

function nonSpaceLength(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) if (!isTrimmedSpace(line.charCodeAt(i))) n++;
  return n;
}
