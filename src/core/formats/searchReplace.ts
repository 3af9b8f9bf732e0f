// SEARCH/REPLACE blocks, in the three dialects assistants write, and Fuzzy Edit's own:
//
//   aider                      cline                      roo                    fuzzy edit
//   path/to/file.py            ------- SEARCH             <<<<<<< SEARCH         path/to/file.py
//   ```python                  old                        :start_line:12         ------- SEARCH
//   <<<<<<< SEARCH             =======                    -------                old
//   old                        new                        old                    ------- REPLACE
//   =======                    +++++++ REPLACE            =======                new
//   new                                                   new                    ------- END
//   >>>>>>> REPLACE                                       >>>>>>> REPLACE
//   ```
//
// Fuzzy Edit's dialect (the New Edit template, demo/try-me.md) has no line starting `<<<<<<<`, `=======` or
// `>>>>>>>`: VS Code's merge-conflict extension decorates those as a git conflict, and its "Accept Current
// Change" CodeLens would destroy the block.
//
// The file path is the line before the block (or before its opening fence, or just inside it, as aider's
// "diff-fenced" puts it); a block that names none inherits the previous block's path.
import type { FileEdit, ParseResult } from './types';
import { blockSpans, FENCE, fenceInfo, FormatSyntaxError, lineSides, parseWith, splitLines, type DialectSpans } from './text';
import { asPath, designatedPath, pathsMentioned } from './pathNames';

export { asPath } from './pathNames';

const SEARCH = /^(<{5,9}|-{5,9}) ?SEARCH\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const REPLACE = /^(?:>{5,9}|\+{5,9}) ?REPLACE\s*$/;
/** Fuzzy Edit's divider and closer, after a dashes SEARCH line. */
const DASH_DIVIDER = /^-{5,9} ?REPLACE\s*$/;
const DASH_END = /^-{5,9} ?END\s*$/;
const START_LINE = /^:start_line:\s*(\d+)\s*$/;
const END_LINE = /^:end_line:\s*(\d+)\s*$/;
const METADATA_END = /^-{3,}\s*$/;
/** Roo escapes content lines that would read as markers with a backslash: `\=======`. */
const ESCAPED_MARKER = /^\\(?=[<=>+-]{5,9}|:start_line:|:end_line:)/;

export function hasSearchReplaceMarkers(text: string): boolean {
  return splitLines(text).some((line) => SEARCH.test(line));
}

/** Where the text's blocks are (their SEARCH lines, and each block's lines up to its end marker): see formats/index. */
export function searchReplaceSpans(lines: readonly string[]): DialectSpans {
  return blockSpans(lines, (line) => SEARCH.test(line), (line) => REPLACE.test(line) || DASH_END.test(line));
}

export function parseSearchReplace(text: string): ParseResult {
  return parseWith('search-replace', () => readBlocks(splitLines(text)), 'No SEARCH/REPLACE block found.');
}

function readBlocks(lines: string[]): FileEdit[] {
  const edits: FileEdit[] = [];
  let lastPath: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (REPLACE.test(lines[i]) || DASH_DIVIDER.test(lines[i])) {
      throw new FormatSyntaxError(i + 1, `"${lines[i].trim()}" at line ${i + 1} has no SEARCH marker before it.`);
    }
    // A stray end marker: most likely the block before it ended early, at a line of its new text that reads as
    // one (the rest of that text would be dropped without a word).
    if (DASH_END.test(lines[i]) && edits.length > 0) {
      throw new FormatSyntaxError(i + 1, `"${lines[i].trim()}" at line ${i + 1} closes no block: if a line of the block before it reads "${lines[i].trim()}", that block ended there; write that line escaped (\\${lines[i].trim()}).`);
    }
    const start = SEARCH.exec(lines[i]);
    if (!start) continue;
    // Stryker disable next-line MethodExpression: equivalent; the marker is one character repeated, so it starts and ends alike.
    const block = readBlock(lines, i, start[1].startsWith('<') ? 'angle' : 'dashes');
    // A short sentence ending in a colon that names one file ("In `b.py`:", "Same problem in b.py:") names the
    // block's file, the first block's too (not the caller's default). Otherwise a block that names no file goes to
    // the file of the block before it, unless the prose just before it names another in backticks (`Now see
    // \`b.py\` too:`): that block was applied to the previous file where its old text stood there too.
    const named = pathBefore(lines, i) ?? designatedBefore(lines, i);
    if (named === undefined && lastPath !== undefined) {
      const other = pathsMentionedBefore(lines, i).find((p) => p !== lastPath);
      if (other !== undefined) {
        throw new FormatSyntaxError(i + 1, `The block at line ${i + 1} names no file, and the text before it mentions ${other} while the block before it is for ${lastPath}: put the file's path on the line before the block.`);
      }
    }
    const path = named ?? lastPath;
    lastPath = path;
    const sourceLine = i + 1;
    if (block.search.length === 0) {
      // Aider's convention: an empty SEARCH part with a file name puts the REPLACE part in a new file.
      if (!path) throw new FormatSyntaxError(sourceLine, `The block at line ${sourceLine} has an empty SEARCH part and names no file: put the text to find between SEARCH and "=======".`);
      edits.push({ kind: 'create', path, content: withFinalNewline(block.replace.join('\n')), sourceLine });
    } else {
      const { oldString, newString } = lineSides(block.search, block.replace);
      edits.push({
        kind: 'replace',
        ...(path !== undefined && { path }),
        oldString,
        newString,
        ...(block.startLine !== undefined && { hint: Math.max(0, block.startLine - 1) }),
        sourceLine,
      });
    }
    i = block.end;
  }
  return edits;
}

interface Block {
  search: string[];
  replace: string[];
  /** Roo's `:start_line:`, 1-based as written. */
  startLine?: number;
  /** Index of the closing REPLACE line. */
  end: number;
}

function readBlock(lines: string[], open: number, opener: 'angle' | 'dashes'): Block {
  const at = `The block at line ${open + 1}`;
  let i = open + 1;
  let startLine: number | undefined;
  let sawMetadata = false;
  for (; i < lines.length; i++) {
    const startMatch = START_LINE.exec(lines[i]);
    if (startMatch) startLine = Number(startMatch[1]);
    else if (!END_LINE.test(lines[i])) break;
    sawMetadata = true;
  }
  // Roo ends its metadata with a dashes line; without metadata such a line is content (a YAML front matter, say).
  if (sawMetadata && i < lines.length && METADATA_END.test(lines[i])) i++;

  const search: string[] = [];
  // A dashes SEARCH line is cline's (divided by `=======`) or Fuzzy Edit's (by `------- REPLACE`, closed by `------- END`).
  const dividerName = opener === 'dashes' ? '"=======" or "------- REPLACE"' : '"======="';
  let ownDialect = false;
  for (; ; i++) {
    if (i >= lines.length) throw new FormatSyntaxError(open + 1, `${at} has no ${dividerName} line between its SEARCH and REPLACE parts.`);
    if (DIVIDER.test(lines[i])) break;
    if (opener === 'dashes' && DASH_DIVIDER.test(lines[i])) {
      ownDialect = true;
      break;
    }
    if (REPLACE.test(lines[i]) || SEARCH.test(lines[i]) || (opener === 'dashes' && DASH_END.test(lines[i]))) {
      throw new FormatSyntaxError(i + 1, `${at} has no ${dividerName} line between its SEARCH and REPLACE parts (reached "${lines[i].trim()}" at line ${i + 1}).`);
    }
    search.push(unescape(lines[i]));
  }
  const divider = i;
  const closer = ownDialect ? '------- END' : opener === 'angle' ? '>>>>>>> REPLACE' : '+++++++ REPLACE';
  const closes = ownDialect ? DASH_END : REPLACE;
  const replace: string[] = [];
  for (i++; ; i++) {
    if (i >= lines.length) throw new FormatSyntaxError(open + 1, `${at} is not closed: expected "${closer}" after the "${lines[divider].trim()}" at line ${divider + 1}.`);
    if (closes.test(lines[i])) break;
    if (ownDialect && (REPLACE.test(lines[i]) || DASH_DIVIDER.test(lines[i]))) {
      throw new FormatSyntaxError(i + 1, `${at} is not closed: expected "${closer}", found "${lines[i].trim()}" at line ${i + 1}.`);
    }
    if (SEARCH.test(lines[i])) {
      throw new FormatSyntaxError(open + 1, `${at} is not closed: expected "${closer}" before the next SEARCH marker at line ${i + 1}.`);
    }
    // A second divider: one of the two is a line of the text (a Markdown heading's underline), and which one divides
    // the parts cannot be told. Taking the first wrote the rest of the SEARCH part into the file as new text.
    if (!ownDialect && DIVIDER.test(lines[i])) {
      throw new FormatSyntaxError(
        i + 1,
        `${at} has two "=======" lines (lines ${divider + 1} and ${i + 1}): one of them is a line of the text, and which one divides the SEARCH part from the REPLACE part cannot be told. ` +
          'Write that line of the text as \\======= (escaped), or give the edit as a unified diff.',
      );
    }
    replace.push(unescape(lines[i]));
  }
  return { search, replace, startLine, end: i };
}

function unescape(line: string): string {
  return line.replace(ESCAPED_MARKER, '');
}

function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : text + '\n';
}

/**
 * The path written in the block's opening fence (```` ```python:b.py ````, ```` ```ts title="b.ts" ````), or on the
 * line just before the block, or before (or just inside) its opening fence or cline's `<diff>`.
 */
function pathBefore(lines: string[], searchIndex: number): string | undefined {
  let j = searchIndex - 1;
  const fence = j >= 0 ? FENCE.exec(lines[j]) : null;
  const inFence = fence ? fenceInfo(lines[j].trim().slice(fence[1].length)).path : undefined;
  if (fence || (j >= 0 && lines[j].trim() === '<diff>')) j--;
  while (j >= 0 && lines[j].trim() === '') j--;
  const named = j >= 0 ? asPath(lines[j]) : undefined;
  if (inFence !== undefined && named !== undefined && inFence !== named) {
    throw new FormatSyntaxError(searchIndex + 1, `The block at line ${searchIndex + 1} names two files: ${named} on the line before its fence, ${inFence} in the fence. Name one.`);
  }
  return inFence ?? named;
}

/** The nearest line of prose before a block (its fence and blank lines skipped), or undefined. */
function proseBefore(lines: string[], searchIndex: number): string | undefined {
  let j = searchIndex - 1;
  if (j >= 0 && (FENCE.test(lines[j]) || lines[j].trim() === '<diff>')) j--;
  while (j >= 0 && lines[j].trim() === '') j--;
  return j < 0 ? undefined : lines[j];
}

/** Files named in backticks on the nearest line of prose before a block. */
function pathsMentionedBefore(lines: string[], searchIndex: number): string[] {
  const prose = proseBefore(lines, searchIndex);
  return prose === undefined ? [] : pathsMentioned(prose);
}

/** The file a short sentence just before the block names as its own (see designatedPath). */
function designatedBefore(lines: string[], searchIndex: number): string | undefined {
  const prose = proseBefore(lines, searchIndex);
  return prose === undefined ? undefined : designatedPath(prose);
}
