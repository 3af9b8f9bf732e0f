// Writing the new text into the matched span. The new text is written the way the old text had to be read:
// unescaped if the old was, re-indented if indentation was ignored, with the file's line endings, and with the
// file's own characters on every line the edit does not change. Whole-line matches go through the line stages
// (align → merge → verify); a match inside a line is merged character by character.

import { tryMergeInto } from './charMerge';
import type { SourceText } from './document';
import { EditError } from './errors';
import { indentStyle, renderIndent, unitRatio } from './indent';
import { blankEdges, hasPlaceholder, mergeLines, needsLineMerge } from './merge';
import { toLF } from './needle';
import { canonicalLine, indentOf, indentWidth, isBlank, withoutTrailing } from './normalize';
import type { Candidate } from './tier';
import { verifyLines } from './verify';
import { LinePairs } from './linePairs';
import { isElisionMarker } from './tiers/elision';

export interface Replacement {
  start: number;
  end: number;
  text: string;
  /** Why a person should look at this before it is written (an interpretation, a discrepancy the check found). */
  review: string[];
}

/**
 * The replacement for candidate `c`, checked against the change asked for. Throws `already_applied` or
 * `merge_conflict` when what would be written is not that change: nothing at all, or (for `lossless` matches,
 * which are written without review) more or less than asked. Similarity matches get the discrepancy as a reason
 * to review instead.
 */
export function buildReplacement(doc: SourceText, candidate: Candidate, newString: string, reindent: boolean, lossless = false, oldString?: string): Replacement {
  let text = toLF(newString);
  if (candidate.transformNew) text = candidate.transformNew(text);
  // A span from the LF of a CRLF line break (an LF old text starting with its line break, found as it is): the CR
  // goes with it, or the new text's CRLF would follow a stray CR.
  if (doc.content[candidate.start] === '\n' && doc.content[candidate.start - 1] === '\r') candidate = { ...candidate, start: candidate.start - 1 };
  const blank = blankLineFor(doc, candidate, text, oldString);
  if (blank) return blank;
  // Whether the new text as given ends in a line break (wholeLines writes one after the last line it reads).
  const givenBreak = (candidate.trimmedBoundary?.trailing ? withoutTrailingBoundary(text, candidate.trimmedBoundary.trailing) : text).endsWith('\n');
  const whole = wholeLines(doc, candidate, text);
  const c = whole?.candidate ?? candidate;
  if (whole) text = whole.text;
  if (candidate.trimmedBoundary) {
    // Whitespace the old text had around the span and the file has not, taken off the new text alike; written
    // as whole lines, the first line's indentation stays (it is compared with the old text's, as given).
    const { trailing } = candidate.trimmedBoundary;
    // Stryker disable next-line StringLiteral: equivalent: written as whole lines, the blank lines left at the new text's start are dropped by the line merge (withoutEdgeBlanks), as many as the old text had
    const leading = c === candidate ? candidate.trimmedBoundary.leading : candidate.trimmedBoundary.leading.slice(0, candidate.trimmedBoundary.leading.lastIndexOf('\n') + 1);
    if (leading && text.startsWith(leading)) text = text.slice(leading.length);
    if (trailing) text = withoutTrailingBoundary(text, trailing);
  }
  let { start, end } = c;
  const review: string[] = [];
  let keepsOneLine = false;
  // Stryker disable next-line StringLiteral: equivalent: without an old text only the snippet writes, and its window is whole lines, never a partial edge line
  const partial = partialEdgeLine(doc, c, oldString ?? c.needleLines?.join('\n'));
  if (partial) review.push(partial);
  // Stryker disable next-line LogicalOperator: equivalent: a candidate has a window exactly when it has needle lines (lineCandidate, elision, the closest window, the snippet, wholeLines)
  if (c.window && c.needleLines) {
    // A span widened to whole lines (wholeLines) holds the blank lines at its edges that the old text quoted: the
    // merge reads the edges of that window, not of the old text as given.
    const written = text;
    const merged = mergeLines(doc, c, text, reindent, whole && !candidate.trimmedBoundary ? c.needleLines.join('\n') : oldString);
    const span: string[] = [];
    for (let f = c.window.startLine; f <= c.window.endLine; f++) span.push(doc.line(f));
    const verdict = verifyLines(c.needleLines, merged.intended, span, merged.lines, merged.alignment, c.window.startLine);
    if (verdict.nothingWritten) refuseNothingWritten(span, merged.intended);
    if (verdict.problems.length && lossless) {
      throw new EditError('merge_conflict', `The place was found, but the edit cannot be written as asked: ${verdict.problems.join('; ')}. Nothing was changed.`);
    }
    review.push(...merged.review, ...verdict.problems);
    // The merge reads a final line break as the end of the new text's last line. At the end of a file without one,
    // a new text ending in a break its old text did not end in adds the file's final line break: nowhere else holds it.
    // (The break as given: read as whole lines for its trailing blanks, `a\nb` → `a\nb ` added one, 2026-11-28.)
    const addsFinalBreak = givenBreak && text.endsWith('\n') && !toLF(oldString ?? c.needleLines.join('\n')).endsWith('\n') && c.window.endLine === doc.lineCount - 1 && !doc.content.endsWith('\n');
    text = merged.lines.join('\n') + (addsFinalBreak ? '\n' : '');
    // One blank line joins to nothing, as no line does: when the new text is that line, it is written as the empty
    // line it is (its line break kept), not read below as a deletion of the span's lines (a whitespace-only new text
    // deleted them all). An empty new text deletes them, a blank file line among them too (the merge keeps lines the
    // old text does not quote, and wrote that one alone).
    keepsOneLine = merged.lines.length === 1 && written !== '' && text === '';
  } else {
    // Written as text, a "… existing code …" line would replace the code it stands for: it can stand for lines
    // only where the old text is whole lines.
    if (placeholderOver(text, oldString ?? '')) {
      throw new EditError(
        'merge_conflict',
        'The place was found, but the new text has a "… existing code …" line where the old text is only part of a line, so the lines it stands for cannot be kept: ' +
          'give the old text as whole lines, or the full new text. Nothing was changed.',
      );
    }
    if (c.mergeOld !== undefined) {
      // The file's text on an LF view: its CRs come back with the line ending below, once.
      const merged = tryMergeInto(c.mergeOld, text.trim(), toLF(doc.content.slice(start, end)));
      text = merged ?? (c.reflow ? reindentReflowed(doc, c.reflow, text) : text.trim());
    }
    const before = toLF(doc.content.slice(start, end));
    if (text === before) refuseNothingWritten(before.split('\n'), text.split('\n'));
  }
  const eol = doc.eolAt(start);
  if (eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  if (text.length === 0 && !keepsOneLine) ({ start, end } = widenToWholeLines(doc, start, end));
  return { start, end, text, review };
}

/**
 * Whole lines, quoted through their line break, replaced by line breaks only (a diff's lines replaced by one blank
 * line): as many blank lines in their place. Every tier and the merge read a new text of blank lines as none (a
 * deletion), and a trimmed boundary takes the break off; so this is settled first, from the lines the span covers
 * and the blank lines at the old text's edges, which the line tiers set aside (no part of their window). Not when
 * the span is part of a line (`y⏎` found in `yy⏎`), nor for an old text from a line break (`⏎y⏎`, which may be
 * quoted from the end of the line above): those are read on the usual path.
 */
function blankLineFor(doc: SourceText, c: Candidate, text: string, oldString: string | undefined): Replacement | undefined {
  if (!/^\n+$/.test(text) || oldString === undefined) return undefined;
  const old = toLF(oldString);
  if (!old.endsWith('\n') || old.startsWith('\n')) return undefined;
  const lines = old.slice(0, -1).split('\n');
  const { lead, trail } = blankEdges(old);
  if (lead === lines.length) return undefined;
  const content = doc.content;
  let end = c.end;
  if (end > c.start && content[end - 1] === '\n') end--;
  if (end > c.start && content[end - 1] === '\r') end--;
  let [first, last] = [doc.lineAt(c.start), doc.lineAt(end)];
  if (content.slice(doc.lineStart(first), c.start).trim() !== '' || content.slice(end, doc.lineEnd(last)).trim() !== '') return undefined;
  if (lead + trail > 0) {
    // A window without the blank edges: they are the lines around it, which must be blank in the file too.
    if (last - first + 1 === lines.length - lead - trail) [first, last] = [first - lead, last + trail];
    if (last - first + 1 !== lines.length || first < 0 || last >= doc.lineCount) return undefined;
    for (let k = 0; k < lines.length; k++) if (isBlank(lines[k]) && !isBlank(doc.line(first + k))) return undefined;
  }
  const [from, to] = [doc.lineStart(first), doc.lineEnd(last)];
  if (content.slice(from, to).trim() === '' && text === '\n') refuseNothingWritten([''], ['']);
  // The lines' own breaks but the last stay as the file has them; the blank lines after the first are added.
  return { start: from, end: to, text: doc.eolAt(from).repeat(text.length - 1), review: [] };
}

/** The new text has a placeholder line (`// ... existing code ...`) the old text does not have. */
function placeholderOver(text: string, oldText: string): boolean {
  const old = new Set(toLF(oldText).split('\n').map((l) => l.trim()));
  return text.split('\n').some((l) => isElisionMarker(l) && !old.has(l.trim()));
}

/**
 * An old text of several lines whose first line matched only the end of a file line, or whose last line only the
 * start of one (`}` of `} else if (…) {`): the text stands there, but not as the lines it quotes. A person should
 * look (the engine cannot tell a quote of part of a line from a forgotten line elsewhere).
 */
function partialEdgeLine(doc: SourceText, c: { start: number; end: number }, oldString: string | undefined): string | undefined {
  if (!oldString || !withoutTrailing(oldString, '\n').includes('\n')) return undefined;
  // Read around the span in the text itself: an exact hit must not build the file's line index for this.
  const content = doc.content;
  const lineFrom = content.lastIndexOf('\n', c.start - 1) + 1;
  const lineOf = (from: number) => {
    const to = content.indexOf('\n', from);
    return content.slice(from, to === -1 ? content.length : to).trim();
  };
  // An old text from a line break (`⏎f`) is quoted from the end of the line above, as a diff deleting a file's
  // last lines says it: its first line is no part of a line.
  if (content.slice(lineFrom, c.start).trim() !== '' && !toLF(oldString).startsWith('\n')) return `the old text's first line is only the end of the file's line \`${lineOf(lineFrom)}\``;
  // `c.end - 1` is the span's last character: an old text of several lines never matches an empty span.
  if (content[c.end - 1] !== '\n') {
    const next = content.indexOf('\n', c.end);
    const after = content.slice(c.end, next === -1 ? content.length : next);
    if (after.trim() !== '') return `the old text's last line is only the start of the file's line \`${lineOf(content.lastIndexOf('\n', c.end - 1) + 1)}\``;
  }
  return undefined;
}

/** The change would leave the file as it is: it has the new text already, or the merge lost the change. */
function refuseNothingWritten(span: readonly string[], intended: readonly string[]): never {
  const flat = (lines: readonly string[]) => lines.filter((l) => !isBlank(l)).map(canonicalLine).join('\n');
  if (flat(span) === flat(intended)) throw new EditError('already_applied', 'The edit looks applied already: the file has the new text where the old text was found. Nothing was changed.');
  throw new EditError('merge_conflict', 'The place was found, but writing the edit there would change nothing: the change could not be carried into the file. Nothing was changed.');
}

/**
 * A match inside a line whose surroundings are only indentation (`    y();` found in `        y();`) is a match
 * of whole lines that started in the indentation. When the old or the new text has several lines, it is written
 * as whole lines, so new lines land at the file's indentation (not four columns left, outside the block). So is a
 * quote from after a line's indentation through the end of its line break (`b = 2\n`): deleting it deletes the
 * line, not the text after its indentation (which glued that indentation onto the next line).
 */
function wholeLines(doc: SourceText, c: Candidate, newText: string): { candidate: Candidate; text: string } | undefined {
  if (c.window || c.mergeOld !== undefined || c.reflow) return undefined;
  let start = c.start;
  let spanText = toLF(doc.content.slice(start, c.end));
  let text = newText;
  // Read around the span without the file's line index: an exact hit must stay one scan of the file.
  const content = doc.content;
  // An old text quoted from the line break before its first line (`\nfoo();`), and a new text starting with it too:
  // the line above is no part of the edit (read as its first line, a blank one was deleted with the old text's).
  // (Not a new text of that break alone: `\nX` → `\n` empties X's line, and shifted it would delete that line.)
  const shifted = spanText.length > 1 && spanText.startsWith('\n') && text.startsWith('\n') && text !== '\n';
  if (shifted) {
    start = content.indexOf('\n', start) + 1;
    spanText = spanText.slice(1);
    text = text.slice(1);
  }
  if (spanText.length === 0) return undefined;
  // What needs none of the merge is written as given (from the line after that break, when shifted): the merge
  // reads blank and whitespace-only lines as layout, which a literal replacement keeps as they are.
  const asGiven = shifted ? { candidate: { ...c, start }, text } : undefined;
  const leadIn = content.slice(Math.max(content.lastIndexOf('\n', start - 1) + 1, doc.bomLength), start);
  // From the line break of a line holding anything, whitespace too: the quote starts at that line's end, written
  // as given (read as whole lines, the old text's first line took that line for itself).
  if (spanText.startsWith('\n') && leadIn !== '') return asGiven;
  // The indentation the old text gave its first line, where the tier matched without it.
  const given = c.trimmedBoundary?.leading.replace(/^[^]*\n/, '') ?? '';
  let last: number;
  if (spanText.endsWith('\n')) {
    // Through the line break: whole lines but for the indentation before the span. A span from a line's start is
    // whole lines already (written as given, unless the new text has a placeholder for lines to keep), and a new
    // text without the break would join the next line: as given.
    if (leadIn.trim() || (text !== '' && !text.endsWith('\n')) || spanText.trim() === '') return asGiven;
    if (!leadIn && !given && !hasPlaceholder(text)) return asGiven;
    spanText = spanText.slice(0, -1);
    last = doc.lineAt(c.end - 1);
  } else {
    // One line for one line is written in place, unless the new text indents it otherwise than the old text did
    // (matched without its indentation: the new indentation would be written after the file's).
    const reindented = c.trimmedBoundary !== undefined && firstIndent(text) !== given;
    if (!spanText.includes('\n') && !text.trim().includes('\n') && !reindented) return asGiven;
    const lineEnd = content.indexOf('\n', c.end);
    // Stryker disable next-line Regex: equivalent: only whether the tail is empty or blank is read, and taking away its first CR instead of a last one changes neither
    const tail = content.slice(c.end, lineEnd === -1 ? content.length : lineEnd).replace(/\r$/, '');
    if (leadIn.trim() || tail.trim()) return asGiven;
    // A span of whole lines whose new text needs nothing of the merge (no indentation to place, no placeholder
    // to keep lines for, nothing to restyle) is written as given, as it always was: unless the old text gave its
    // first line an indentation the file's has not (its lines are then re-indented like that line).
    if (!leadIn && !tail && !given && (shifted ? !hasPlaceholder(text) : !needsLineMerge(text))) return asGiven;
    last = doc.lineAt(Math.max(start, c.end - 1));
  }
  let first = doc.lineAt(start);
  let needleLines = spanText.split('\n');
  if (needleLines.length !== last - first + 1) return asGiven;
  // The new text's lines as the merge reads them: a final line break ends the last line, it adds no blank line.
  let newLines = text.split('\n');
  if (newLines.length > 1 && newLines[newLines.length - 1] === '') newLines.pop();
  // Blank lines at the edges of both the span and the new text are lines the edit keeps: outside the window (the
  // merge would read the new text's as the old text's edges, and delete the span's).
  let lead = 0;
  while (lead < needleLines.length - 1 && lead < newLines.length - 1 && isBlank(needleLines[lead]) && isBlank(newLines[lead])) lead++;
  let trail = 0;
  const inner = (k: number) => Math.min(needleLines.length, newLines.length) - lead - k > 1;
  while (inner(trail) && isBlank(needleLines[needleLines.length - 1 - trail]) && isBlank(newLines[newLines.length - 1 - trail])) trail++;
  if (lead || trail) {
    needleLines = needleLines.slice(lead, needleLines.length - trail);
    newLines = newLines.slice(lead, newLines.length - trail);
    first += lead;
    last -= trail;
  }
  // Written with a final line break, so that the merge keeps a blank last line as a line (see withoutEdgeBlanks).
  text = newLines.length === 1 && newLines[0] === '' ? '' : `${newLines.join('\n')}\n`;
  const cut = given === '' && needleLines.length > 1 ? withCutLead(needleLines, text, leadIn) : undefined;
  if (cut) text = cut;
  needleLines[0] = given + (cut ? leadIn : '') + needleLines[0];
  const pairs = LinePairs.from(needleLines.map((_, j) => [j, first + j] as [number, number]));
  return { candidate: { ...c, start: doc.lineStart(first), end: doc.lineEnd(last), window: { startLine: first, endLine: last, pairs }, needleLines }, text };
}

/** The indentation of a text's first non-blank line. */
function firstIndent(text: string): string {
  const line = text.split('\n').find((l) => !isBlank(l)) ?? '';
  return indentOf(line);
}

/**
 * The new text without the whitespace the old text had after its span (`  \n` after `  y();  \n`): its blanks
 * and as many line breaks as that had, whatever blanks stand between them (`  z();\n` loses its `\n` for it).
 */
function withoutTrailingBoundary(text: string, trailing: string): string {
  let breaks = 0;
  for (const ch of trailing) if (ch === '\n') breaks++;
  let i = text.length;
  for (; i > 0; i--) {
    const ch = text[i - 1];
    if (ch === '\n') {
      if (breaks === 0) break;
      breaks--;
    } else if (ch !== ' ' && ch !== '\t' && ch !== '\r') break;
  }
  return text.slice(0, i);
}

/**
 * An old text of several lines copied from the middle of its first line (`y();` / `    }` found in `        y();` /
 * `    }`): its other lines stand at the file's columns, so its first line stood where the file's does, and the new
 * text, copied alike, has its first line there too. The new text is read from the line's start, as a literal
 * replacement would write it: its lines up to the old first line (`@staticmethod` / `def f(self):` for a quote
 * cut before `def f(self):`), if all are written at column 0 as that line was; otherwise its first line only;
 * none when the new text starts indented (not copied alike). Otherwise the first line reads a level out of its
 * block and the lines below lose their pairs.
 */
function withCutLead(needleLines: readonly string[], text: string, leadIn: string): string | undefined {
  // A new text starting with indentation was not copied alike: both are compared as given.
  if (/^\s/.test(text)) return undefined;
  const lines = text.split('\n');
  const firstOld = needleLines[0].trim();
  const upTo = lines.findIndex((l) => l.trim() === firstOld);
  const cut = upTo > 0 && lines.slice(0, upTo + 1).every((l) => !/^\s/.test(l)) ? upTo + 1 : 1;
  for (let i = 0; i < cut; i++) if (lines[i] !== '') lines[i] = leadIn + lines[i];
  return lines.join('\n');
}

/**
 * An empty replacement of whole lines removes the lines, line breaks included (not a blank line left behind); so
 * does one of all a line holds but its indentation (`b = 2` of `    b = 2`: no line of indentation is left).
 */
function widenToWholeLines(doc: SourceText, start: number, end: number): { start: number; end: number } {
  const first = doc.lineAt(start);
  const last = doc.lineAt(Math.max(start, end - 1));
  const [from, to] = [doc.lineStart(first), doc.lineEnd(last)];
  if (doc.content.slice(from, start).trim() !== '' || doc.content.slice(end, to).trim() !== '') return { start, end };
  // From the break of the line above to a line's end: whole lines with the break before them already (that line,
  // whitespace-only or not, stays).
  if (start > from && /^\r?\n/.test(doc.content.slice(start, start + 2)) && end === to) return { start, end };
  if (last + 1 < doc.lineCount) return { start: from, end: doc.lineStart(last + 1) };
  if (first > 0) return { start: doc.lineEnd(first - 1), end: to };
  return { start: from, end: to };
}

/**
 * The new text of a reflowed match whose layout could not be merged into the file's: written as the model wrote
 * it, but re-indented to the file (its first line lines up with the file's first line of the span).
 */
function reindentReflowed(doc: SourceText, r: NonNullable<Candidate['reflow']>, newString: string): string {
  const lines = toLF(newString).trim().split('\n');
  const style = indentStyle(doc, r);
  const ratio = unitRatio(r.oldLines, lines, style.unit);
  return lines
    .map((l, i) => {
      // The text was trimmed: its first line starts with code, where the file's first line of the span does.
      if (i === 0) return l;
      if (isBlank(l)) return '';
      // The old text's lines start with one that is not blank: the needle sets the blank lines around it aside.
      const delta = indentWidth(indentOf(l)) - indentWidth(indentOf(r.oldLines[0]));
      return renderIndent(Math.max(0, indentWidth(doc.indentOf(r.startLine)) + Math.round(delta * ratio)), style) + l.trimStart();
    })
    .join('\n');
}
