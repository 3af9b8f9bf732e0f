// Unified diffs (`git diff`, `diff -u`, and the hand-written ones models produce).
//
// Each hunk becomes a replace edit: old = context + '-' lines, new = context + '+' lines, resolved by the
// engine like any other edit. The hunk's line numbers are only a hint, and its line counts are advisory:
// models get both wrong routinely, which is also why this is not jsdiff's `parsePatch` (it rejects hunks
// whose counts are off, and its errors carry no line numbers).
import { pathsMentioned } from './pathNames';
import type { FileEdit, ParseResult } from './types';
import { FormatSyntaxError, lineSides, parseWith, quoteLine, splitLines, type DialectSpans } from './text';

const GIT_HEADER = /^diff --git /;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Hand-written diffs sometimes drop the numbers: "@@ @@" or "@@ fn() @@" (and then rely on headers). */
const LOOSE_HUNK_HEADER = /^@@(?: .*)?$/;
const DEV_NULL = '/dev/null';

export function hasUnifiedDiff(text: string): boolean {
  const lines = splitLines(text);
  return lines.some((line, i) => HUNK_HEADER.test(line) || GIT_HEADER.test(line) || isFileHeaderPair(lines, i));
}

/**
 * Where the text's diff is (its git, file and hunk header lines, and each hunk's lines: those that start with a
 * space, `+`, `-` or a backslash after its header): see formats/index.
 */
export function unifiedDiffSpans(lines: readonly string[]): DialectSpans {
  const markers: number[] = [];
  const blocks: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (GIT_HEADER.test(lines[i]) || isFileHeaderPair(lines as string[], i)) markers.push(i);
    if (!HUNK_HEADER.test(lines[i])) continue;
    markers.push(i);
    let end = i + 1;
    while (end < lines.length && /^[ +\\-]/.test(lines[end])) end++;
    blocks.push([i, end - 1]);
    i = end - 1;
  }
  return { markers, blocks };
}

export function parseUnifiedDiff(text: string): ParseResult {
  return parseWith('unified-diff', () => readDiff(splitLines(text)), 'No unified diff hunk found: expected "--- a/file", "+++ b/file" and "@@ -l,n +l,n @@" lines.');
}

interface FilePatch {
  line: number;
  oldPath?: string;
  newPath?: string;
  git: boolean;
  created: boolean;
  deleted: boolean;
  renamed: boolean;
  hunks: Hunk[];
}

interface Hunk {
  line: number;
  /** 1-based, as written; undefined for a header without numbers. */
  oldStart?: number;
  oldLines: string[];
  newLines: string[];
  /** "\ No newline at end of file" after the side's last line. */
  oldNoNewline: boolean;
  newNoNewline: boolean;
}

function readDiff(lines: string[]): FileEdit[] {
  const files: FilePatch[] = [];
  let file: FilePatch | undefined;
  /** Whether `file` has read its ---/+++ pair: a second pair starts the next file. */
  // Stryker disable next-line BooleanLiteral: equivalent; it is read only once a file exists, and each way one comes to exist sets it.
  let hasFileHeaders = false;
  /** Just past the last hunk read: prose between it and the next hunk of the same file is checked. */
  let lastHunkEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (GIT_HEADER.test(line)) {
      file = newFile(i, true);
      files.push(file);
      hasFileHeaders = false;
      i = readGitHeader(lines, i, file);
    } else if (isFileHeaderPair(lines, i)) {
      const afterHunk = file !== undefined && file.hunks.length > 0 && lines[i - 1] !== '';
      if (!file || hasFileHeaders || file.hunks.length > 0) files.push((file = newFile(i, false)));
      // Right after a hunk's last line, `--- x` / `+++ y` may be a removed `-- x` and an added `++ y` that the
      // hunk's counts left out: with a hunk after them they are a header, with none that change would be dropped.
      if (afterHunk && !hunkFollows(lines, i + 2)) {
        throw new FormatSyntaxError(i + 1, `Lines ${i + 1}–${i + 2}: ${quoteLine(lines[i])} and ${quoteLine(lines[i + 1])} right after a hunk read as the next file's header, but no hunk follows them: if they are a removed and an added line of the hunk above, give that hunk its right line counts.`);
      }
      readFileHeaders(lines[i], lines[i + 1], file);
      hasFileHeaders = true;
      i++;
      expectHunkNext(lines, i + 1);
    } else if (HUNK_HEADER.test(line) || (file && LOOSE_HUNK_HEADER.test(line))) {
      // Stryker disable next-line BooleanLiteral: equivalent; a file begun by a bare hunk has no names, so git's rules (which name to edit, a rename) have nothing to act on.
      if (!file) files.push((file = newFile(i, false)));
      if (file.hunks.length > 0) refuseOtherFileNamed(lines, lastHunkEnd, i, file);
      const hunk = readHunk(lines, i);
      file.hunks.push(hunk.hunk);
      i = hunk.end - 1;
      lastHunkEnd = hunk.end;
    }
    // Anything else is prose around the diff, or git's "index …" lines, and is skipped.
  }
  return files.flatMap(toEdits);
}

/**
 * A hunk with no file headers of its own belongs to the file of the hunk before it, unless the prose between them
 * names another file ("And in `b.py`:", a fence later): it was applied to the previous file where its lines stood
 * there too. Refused, as a SEARCH/REPLACE block after such prose is.
 */
function refuseOtherFileNamed(lines: string[], from: number, hunkLine: number, file: FilePatch): void {
  const names = [file.oldPath, file.newPath].filter((p): p is string => p !== undefined);
  const same = (p: string) => names.some((n) => n === p || n.endsWith(`/${p}`));
  for (let j = from; j < hunkLine; j++) {
    const other = pathsMentioned(lines[j]).find((p) => !same(p));
    if (other !== undefined) {
      throw new FormatSyntaxError(hunkLine + 1, `The hunk at line ${hunkLine + 1} names no file, and the text before it (line ${j + 1}) mentions ${other} while the hunk before it is for ${names[names.length - 1] ?? 'another file'}: give the hunk its --- / +++ lines.`);
    }
  }
}

function newFile(line: number, git: boolean): FilePatch {
  return { line: line + 1, git, created: false, deleted: false, renamed: false, hunks: [] };
}

function isFileHeaderPair(lines: string[], i: number): boolean {
  return lines[i].startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ ');
}

/** Reads `diff --git a/x b/y` and its extended header lines; returns the index of the last one. */
function readGitHeader(lines: string[], start: number, file: FilePatch): number {
  const names = gitHeaderNames(lines[start].slice('diff --git '.length));
  if (names) [file.oldPath, file.newPath] = names;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    let m: RegExpExecArray | null;
    if (/^new file mode /.test(line)) file.created = true;
    else if (/^deleted file mode /.test(line)) file.deleted = true;
    else if ((m = /^rename from (.+)$/.exec(line))) [file.oldPath, file.renamed] = [unquote(m[1]), true];
    else if ((m = /^rename to (.+)$/.exec(line))) [file.newPath, file.renamed] = [unquote(m[1]), true];
    else if (/^copy (?:from|to) /.test(line)) {
      // A copy keeps its source: read as the rename its two names look like, it moved the source away.
      throw new FormatSyntaxError(i + 1, `Line ${i + 1}: git copies are not supported (${file.oldPath ?? 'a file'} copied to ${file.newPath ?? 'another'}): nothing was changed. Send the new file as a whole instead ("new file mode", every line added).`);
    }
    else if (/^(?:Binary files |GIT binary patch)/.test(line)) {
      throw new FormatSyntaxError(i + 1, `Line ${i + 1}: binary patches are not supported (${file.newPath ?? file.oldPath ?? 'unknown file'}).`);
    } else if (!/^(?:index |old mode |new mode |similarity index |dissimilarity index )/.test(line)) break;
  }
  return i - 1;
}

function readFileHeaders(oldLine: string, newLine: string, file: FilePatch): void {
  const oldPath = headerPath(oldLine);
  const newPath = headerPath(newLine);
  // Git's a/ b/ prefixes; a plain `diff -u` names files as they are. With one side /dev/null, only the other
  // side's name is kept, stripped of its prefix when it has one.
  const prefixed = file.git || (oldPath.startsWith('a/') && newPath.startsWith('b/')) || oldPath === DEV_NULL || newPath === DEV_NULL;
  const strip = (p: string, prefix: string) => (prefixed && p.startsWith(prefix) ? p.slice(2) : p);
  if (oldPath === DEV_NULL) file.created = true;
  else file.oldPath = strip(oldPath, 'a/');
  if (newPath === DEV_NULL) file.deleted = true;
  else file.newPath = strip(newPath, 'b/');
}

/** The path of a `--- ` / `+++ ` line, without diff -u's tab and timestamp. */
function headerPath(line: string): string {
  return unquote(line.slice(4).split('\t')[0].trim());
}

/**
 * The two names of `diff --git a/x b/y`, without their prefixes, or undefined when they can't be told apart
 * (the ---/+++ lines name the files then). Read by hand, not by a regex: names may be C-quoted, and a lazy
 * pattern over an unbounded line backtracks.
 */
function gitHeaderNames(rest: string): [string, string] | undefined {
  let oldName: string;
  let newPart: string;
  if (rest.startsWith('"')) {
    const end = quotedEnd(rest);
    if (end < 0 || rest[end] !== ' ') return undefined;
    [oldName, newPart] = [unquote(rest.slice(0, end)), rest.slice(end + 1)];
  } else if (rest.endsWith('"') && rest.includes(' "')) {
    const at = rest.lastIndexOf(' "');
    [oldName, newPart] = [rest.slice(0, at), rest.slice(at + 1)];
  } else {
    // Unquoted names may hold spaces: "a/X b/X" (the usual case, no rename) splits in the middle.
    const half = (rest.length - 1) / 2;
    const at = Number.isInteger(half) && rest[half] === ' ' && rest.slice(2, half) === rest.slice(half + 3) ? half : rest.indexOf(' b/');
    if (at < 0) return undefined;
    [oldName, newPart] = [rest.slice(0, at), rest.slice(at + 1)];
  }
  const newName = unquote(newPart);
  if (!oldName.startsWith('a/') || !newName.startsWith('b/')) return undefined;
  return [oldName.slice(2), newName.slice(2)];
}

/** Index just past the closing quote of the C-quoted string at the start of `text`; -1 when it is not closed. */
function quotedEnd(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  // Stryker disable next-line UnaryOperator: equivalent; 1 is no closing position either (a caller then finds no space after a name, or a name of one quote).
  return -1;
}

const C_ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Git's C-quoted names: `"b/caf\303\251.txt"` is `b/café.txt`. Octal escapes are bytes of the UTF-8 name, so
 * the name is rebuilt as bytes and decoded once. A name that is not quoted (or not closed) is taken as written.
 */
function unquote(path: string): string {
  if (path.length < 2 || !path.startsWith('"') || quotedEnd(path) !== path.length) return path;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 1; i < path.length - 1; i++) {
    const c = path[i];
    if (c !== '\\') {
      const code = path.codePointAt(i)!;
      if (code > 0xffff) i++;
      bytes.push(...encoder.encode(String.fromCodePoint(code)));
      continue;
    }
    const next = path[++i];
    const octal = /^[0-7]{1,3}/.exec(path.slice(i, i + 3));
    if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else {
      bytes.push(C_ESCAPES[next] ?? next.charCodeAt(0));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Whether a hunk header is the next line that is not blank or a git "index" line (after a file header). */
function hunkFollows(lines: string[], from: number): boolean {
  for (let j = from; j < lines.length; j++) {
    if (lines[j].trim() === '' || lines[j].startsWith('index ')) continue;
    return lines[j].startsWith('@@');
  }
  return false;
}

/** After a ---/+++ pair, '+'/'-' lines without an "@@" header are a broken diff, not prose. */
function expectHunkNext(lines: string[], i: number): void {
  if (i < lines.length && /^[-+ ]/.test(lines[i]) && !isFileHeaderPair(lines, i)) {
    throw new FormatSyntaxError(i + 1, `Line ${i + 1}: hunk without header: expected "@@ -start,count +start,count @@" after the file header at line ${i - 1}.`);
  }
}

function readHunk(lines: string[], start: number): { hunk: Hunk; end: number } {
  const header = HUNK_HEADER.exec(lines[start]);
  const expectOld = header ? Number(header[2] ?? 1) : undefined;
  const expectNew = header ? Number(header[4] ?? 1) : undefined;
  const hunk: Hunk = { line: start + 1, oldLines: [], newLines: [], oldNoNewline: false, newNoNewline: false };
  if (header) hunk.oldStart = Number(header[1]);
  /** Kinds of the body lines read, for trimming and for "\ No newline". */
  const kinds: string[] = [];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const countsMet = expectOld !== undefined && hunk.oldLines.length >= expectOld;
    if (line.startsWith('@@') || GIT_HEADER.test(line)) break;
    // A blank line after a hunk whose counts are met separates it from what follows ("- a bullet", say); unless
    // added or context lines follow it: then the counts were short, and ending the hunk here would drop the rest
    // of its change (a blank context line whose space was eaten, where the undercount ran out).
    if (line === '' && countsMet && hunk.newLines.length >= expectNew!) {
      if (changeLinesFollow(lines, i + 1)) {
        throw new FormatSyntaxError(i + 2, `Line ${i + 2}: the hunk at line ${start + 1} says it has ${expectOld} old and ${expectNew} new lines, but more of its lines follow the blank line at line ${i + 1}: give the hunk its right line counts ("@@ -start,count +start,count @@"), or drop them.`);
      }
      break;
    }
    // A removed line that reads "-- x" looks like a "--- " header: trust the counts while they are unmet.
    if (isFileHeaderPair(lines, i) && (expectOld === undefined || countsMet)) {
      // Without counts, only the next hunk's header tells a file header from a removed "-- x" and an added "++ y":
      // taking them for a header without hunks would silently drop that change.
      if (expectOld === undefined && !(lines[i + 2] ?? '').startsWith('@@')) {
        throw new FormatSyntaxError(i + 1, `Line ${i + 1}: in the hunk at line ${start + 1}, ${quoteLine(line)} and ${quoteLine(lines[i + 1])} read as a removed and an added line or as the next file's header, and no "@@" line follows to tell: give the hunk its line counts ("@@ -start,count +start,count @@").`);
      }
      break;
    }
    if (line.startsWith('\\')) {
      const last = kinds[kinds.length - 1];
      if (last === '-' || last === ' ') hunk.oldNoNewline = true;
      if (last === '+' || last === ' ') hunk.newNoNewline = true;
      continue;
    }
    // An empty line is an empty context line whose leading space an editor or a chat window ate.
    const kind = line === '' ? ' ' : line[0];
    if (kind !== ' ' && kind !== '-' && kind !== '+') {
      // Prose after the hunk ends it; a stray line with more of the hunk after it is a broken hunk, and ending
      // the hunk there would silently drop the lines after it.
      if (hunkLinesFollow(lines, i + 1)) {
        throw new FormatSyntaxError(i + 1, `Line ${i + 1}: in the hunk at line ${start + 1}, expected a line starting with " ", "-" or "+", found ${quoteLine(line)}.`);
      }
      break;
    }
    kinds.push(line === '' ? '' : kind);
    if (kind !== '+') hunk.oldLines.push(line.slice(1));
    if (kind !== '-') hunk.newLines.push(line.slice(1));
  }
  // Blank lines after the hunk are usually the gap before the prose that follows; keep those the counts need.
  while (kinds[kinds.length - 1] === '' && (expectOld === undefined || hunk.oldLines.length > expectOld)) {
    kinds.pop();
    hunk.oldLines.pop();
    hunk.newLines.pop();
  }
  if (kinds.length === 0) throw new FormatSyntaxError(start + 1, `The hunk at line ${start + 1} is empty: expected lines starting with " ", "-" or "+" after "${lines[start]}".`);
  return { hunk, end: i };
}

/**
 * Whether lines that can only be a hunk's come after `from` (before a blank line, a header or the end): an added
 * line, or a context line, among lines that all read as hunk lines. A list of "- items" is prose.
 */
function changeLinesFollow(lines: string[], from: number): boolean {
  let telling = false;
  for (let j = from; j < lines.length; j++) {
    const line = lines[j];
    if (line.trim() === '' || line.startsWith('@@') || GIT_HEADER.test(line) || isFileHeaderPair(lines, j)) break;
    if (line[0] !== '+' && line[0] !== '-' && line[0] !== ' ') return false;
    if (line[0] === '+' || line[0] === ' ') telling = true;
  }
  return telling;
}

/** Whether lines that read as hunk lines come after `from` before a blank line, a header or the end. */
function hunkLinesFollow(lines: string[], from: number): boolean {
  for (let j = from; j < lines.length; j++) {
    const line = lines[j];
    if (line.trim() === '' || line.startsWith('@@') || GIT_HEADER.test(line) || isFileHeaderPair(lines, j)) return false;
    if (line[0] === '+' || line[0] === '-' || line[0] === ' ') return true;
  }
  return false;
}

function toEdits(file: FilePatch): FileEdit[] {
  const sourceLine = file.line;
  const path = file.oldPath ?? file.newPath;
  if (file.created) {
    if (!file.newPath) throw new FormatSyntaxError(sourceLine, `The new file at line ${sourceLine} has no name.`);
    const added = file.hunks.flatMap((h) => h.newLines);
    const noNewline = file.hunks.some((h) => h.newNoNewline);
    return [{ kind: 'create', path: file.newPath, content: added.length === 0 ? '' : added.join('\n') + (noNewline ? '' : '\n'), sourceLine }];
  }
  if (file.deleted) {
    if (!file.oldPath) throw new FormatSyntaxError(sourceLine, `The deleted file at line ${sourceLine} has no name.`);
    // The '-' lines say what the writer believes the file holds: the deletion is refused when it holds else.
    const removed = file.hunks.flatMap((h) => h.oldLines);
    const noNewline = file.hunks.some((h) => h.oldNoNewline);
    const oldContent = removed.length === 0 ? '' : removed.join('\n') + (noNewline ? '' : '\n');
    return [{ kind: 'delete', path: file.oldPath, ...(file.hunks.length > 0 && { oldContent }), sourceLine }];
  }
  // Plain `diff -u old new` names a backup as the old file ("x.orig"): the new name is the one to edit.
  const target = file.git ? path : (file.newPath ?? file.oldPath);
  const edits: FileEdit[] = file.hunks.map((hunk) => hunkEdit(hunk, target));
  if (file.git && (file.renamed || file.oldPath !== file.newPath) && file.oldPath && file.newPath) {
    edits.push({ kind: 'rename', path: file.oldPath, to: file.newPath, sourceLine });
  }
  return edits;
}

function hunkEdit(hunk: Hunk, path: string | undefined): FileEdit {
  const sides = lineSides(hunk.oldLines, hunk.newLines, hunk.oldNoNewline, hunk.newNoNewline);
  let { oldString, newString } = sides;
  if (hunk.oldStart !== undefined) hunk.oldStart += sides.dropped;
  // The file's last lines deleted, the last without a line break: the line above keeps its break (a deletion of
  // whole lines at the end otherwise takes the break before them, which was that line's, a blank one's included).
  // Said from that break: `⏎l` → `` read as `x⏎l` → `x`; `⏎⏎l` → `⏎` keeps it.
  // (Not when the line above is to end the file without a break itself: the context line that said so was dropped.)
  if (hunk.oldNoNewline && !hunk.newNoNewline && hunk.newLines.length === 0 && hunk.oldStart !== undefined && hunk.oldStart > 1) {
    [oldString, newString] = [`\n${oldString}`, '\n'];
    hunk.oldStart--;
  }
  return {
    kind: 'replace',
    ...(path !== undefined && { path }),
    oldString,
    newString,
    ...(hunk.oldStart !== undefined && hunk.oldStart > 0 && { hint: hunk.oldStart - 1 }),
    sourceLine: hunk.line,
  };
}
