// Helpers shared by the format parsers.
import type { EditFormat, FileEdit, ParseResult } from './types';

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

/** A line of the input as an error message quotes it: in quotes, cut short when long (a message is one line). */
/**
 * A new side of one blank line joins to '' like an empty one: read as "delete the lines", the blank line went too.
 * When the old side starts (or ends) with a blank line, that is the line kept: it is context, dropped from both
 * sides, and what is left is a deletion of the other lines. Returns how many lines were dropped from the start.
 */
export function blankSideAsContext(oldLines: string[], newLines: string[]): number {
  if (newLines.length !== 1 || newLines[0].trim() !== '' || oldLines.length < 2) return 0;
  // The last blank line first: dropped from the start, an old side left ending in a blank line would join to a
  // final line break and no longer cover that line (`y` / `` reads as `y⏎`).
  if (oldLines[oldLines.length - 1].trim() === '') {
    oldLines.pop();
    newLines.pop();
    return 0;
  }
  if (oldLines[0].trim() === '') {
    oldLines.shift();
    newLines.pop();
    return 1;
  }
  return 0;
}

export function quoteLine(line: string, max = 120): string {
  return JSON.stringify(line.length > max ? line.slice(0, max) + '…' : line);
}

/** Markdown fence lines (``` or ~~~, with an optional info string); group 1 is the fence itself. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})[^`]*$/;

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

