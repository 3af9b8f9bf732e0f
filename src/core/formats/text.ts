// Helpers shared by the format parsers.
import type { EditFormat, FileEdit, ParseResult } from './types';

/** The lines (0-based) that mark a dialect's edits, and the ranges (inclusive) its edits' content fills. */
export interface DialectSpans {
  markers: number[];
  blocks: Array<[number, number]>;
}

/**
 * The spans of a dialect whose blocks run from a line `opens` accepts to the next line `closes` accepts (or the
 * text's end): SEARCH … REPLACE, Begin Patch … End Patch.
 */
export function blockSpans(lines: readonly string[], opens: (line: string) => boolean, closes: (line: string) => boolean): DialectSpans {
  const markers: number[] = [];
  const blocks: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!opens(lines[i])) continue;
    markers.push(i);
    let end = i + 1;
    while (end < lines.length && !closes(lines[end])) end++;
    blocks.push([i, end]);
    i = end;
  }
  return { markers, blocks };
}

/** The input as lines, with CRLF and lone CR read as line breaks (chat text copied on Windows, old Mac files). */
export function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** Thrown inside a parser at the first problem; `parseWith` turns it into a `ParseError`. `line` is 1-based. */
export class FormatSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs one dialect's parser and shapes its answer: the edits found, or the first syntax problem.
 * Finding no edit at all is an error too, so a caller never applies "nothing" believing it applied something.
 */
export function parseWith(format: EditFormat, parse: () => FileEdit[], nothingFound: string): ParseResult {
  try {
    const edits = parse();
    if (edits.length === 0) return { ok: false, format, line: 1, message: nothingFound };
    return { ok: true, format, edits };
  } catch (err) {
    if (err instanceof FormatSyntaxError) return { ok: false, format, line: err.line, message: err.message };
    throw err;
  }
}

/** An edit's two sides, read from whole lines, and how many lines of context were dropped from the start. */
export interface LineSides {
  oldString: string;
  newString: string;
  dropped: number;
}

/**
 * The old and new text of a change given as whole lines (a hunk, a chunk, a SEARCH/REPLACE block). A side is its
 * lines joined with ⏎, which says the change when both end in a line of text (or in the same blank line): the final
 * line break both end in is left out of both. Otherwise a side carries its line breaks, both do: a new side of no
 * lines or of blank lines only joins to '' or to layout (one blank line is `⏎`, not a deletion), and a side ending
 * in a blank line the other does not end in would lose that line (`y⏎⏎` → ``, not `y⏎` → ``, which left it).
 * `oldNoNewline` / `newNoNewline`: the side's last line ends the file without a line break ("\ No newline at end of
 * file").
 */
export function lineSides(oldLines: string[], newLines: string[], oldNoNewline = false, newNoNewline = false): LineSides {
  const dropped = blankSideAsContext(oldLines, newLines);
  let oldString = oldLines.join('\n');
  let newString = newLines.join('\n');
  const blankNew = newLines.length > 0 && newLines.every(isBlankLine);
  // Joined, a side ending in a blank line ends in a line break (or blanks), which a reader takes for the end of its
  // last line or for layout around the text (`  ⏎b` → `  ⏎` read as `b` deleted, not emptied).
  const [oldLast, newLast] = [oldLines[oldLines.length - 1], newLines[newLines.length - 1]];
  const endsBlank = oldLast !== newLast && (isBlankLine(oldLast) || (newLines.length > 0 && isBlankLine(newLast)));
  if (blankNew || endsBlank || (newLines.length === 0 && isBlankLine(oldLines[0]))) {
    if (!oldNoNewline) oldString += '\n';
    if (newLines.length > 0 && !newNoNewline) newString += '\n';
    return { oldString, newString, dropped };
  }
  // Only a change in "has a final line break" must show: a new side's break that ends no line of it (it has
  // none) belongs to the line above the hunk, which keeps it.
  if (oldNoNewline && !newNoNewline && newLines.length > 0) newString += '\n';
  if (newNoNewline && !oldNoNewline) oldString += '\n';
  return { oldString, newString, dropped };
}

function isBlankLine(line: string | undefined): boolean {
  return line !== undefined && line.trim() === '';
}

/**
 * A new side of one blank line joins to '' like an empty one. When the old side starts (or ends) with a blank
 * line, that is the line kept (blank or whitespace-only alike: the file's stays as it is): context, dropped from
 * both sides, and what is left is a deletion of the other lines. Returns how many lines were dropped from the start.
 */
function blankSideAsContext(oldLines: string[], newLines: string[]): number {
  if (newLines.length !== 1 || newLines[0].trim() !== '' || oldLines.length < 2) return 0;
  // The first blank line first: an old text left starting with a line break would read as quoted from the break
  // of the line above (`⏎y⏎` is found after any line), one left ending in its blank line (`y⏎⏎`) cannot.
  if (isBlankLine(oldLines[0])) {
    oldLines.shift();
    newLines.pop();
    return 1;
  }
  if (isBlankLine(oldLines[oldLines.length - 1])) {
    oldLines.pop();
    newLines.pop();
  }
  return 0;
}

/** A line of the input as an error message quotes it: in quotes, cut short when long (a message is one line). */
export function quoteLine(line: string, max = 120): string {
  return JSON.stringify(line.length > max ? line.slice(0, max) + '…' : line);
}

/** Markdown fence lines (``` or ~~~, with an optional info string); group 1 is the fence itself. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})[^`]*$/;

/**
 * What a fence's info string says: `ts src/x.ts`, `typescript:src/x.ts` (Cursor's), `src/x.ts`, `ts title="src/x.ts"`,
 * `ts path=src/x.ts`. A bare code block and a SEARCH/REPLACE block both read their file from it.
 */
export function fenceInfo(info: string): { lang?: string; path?: string } {
  const words = info.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  const out: { lang?: string; path?: string } = {};
  let first = words[0];
  const colon = /^([\w+#-]+):(.+)$/.exec(first);
  if (colon && looksLikePath(colon[2])) {
    out.lang = colon[1];
    out.path = colon[2];
    return out;
  }
  if (looksLikePath(first)) {
    out.path = first;
    return out;
  }
  out.lang = first;
  for (first of words.slice(1)) {
    const attr = /^(?:title|path|file|filename)=["']?([^"']+)["']?$/.exec(first);
    const candidate = attr ? attr[1] : first;
    if (looksLikePath(candidate)) {
      out.path = candidate;
      break;
    }
  }
  return out;
}

/** A word that names a file: has a dot-extension or a slash, and no characters a path would not have. */
function looksLikePath(word: string): boolean {
  // Dots alone (`.`, `..`) have neither: no path.
  return /^[\w@~./\\-]+$/.test(word) && (/\.[\w]+$/.test(word) || /[/\\]/.test(word));
}

/** The line that closes a fence opened with `fence`: the same character, at least as many of it. */
export function fenceCloser(fence: string): RegExp {
  return new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
}

/**
 * The fenced code blocks of `lines`, in order: the line that opens each (`start`) and the one that closes it
 * (`end`; `lines.length` when the text ends first). A closing line never opens the next block.
 */
export function fencedBlocks(lines: readonly string[]): Array<{ start: number; end: number }> {
  const blocks: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const close = fenceCloser(open[1]);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    blocks.push({ start: i, end: j });
    i = j;
  }
  return blocks;
}

