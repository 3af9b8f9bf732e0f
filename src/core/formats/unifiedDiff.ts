// Unified diffs (`git diff`, `diff -u`, and the hand-written ones models produce).
//
// Each hunk becomes a replace edit: old = context + '-' lines, new = context + '+' lines, resolved by the
// engine like any other edit. The hunk's line numbers are only a hint, and its line counts are advisory:
// models get both wrong routinely, which is also why this is not jsdiff's `parsePatch` (it rejects hunks
// whose counts are off, and its errors carry no line numbers).
import type { FileEdit, ParseResult } from './types';
import { FormatSyntaxError, parseWith, splitLines } from './text';

const GIT_HEADER = /^diff --git /;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Hand-written diffs sometimes drop the numbers: "@@ @@" or "@@ fn() @@" (and then rely on headers). */
const LOOSE_HUNK_HEADER = /^@@(?: .*)?$/;
const DEV_NULL = '/dev/null';

export function hasUnifiedDiff(text: string): boolean {
  const lines = splitLines(text);
  return lines.some((line, i) => HUNK_HEADER.test(line) || GIT_HEADER.test(line) || isFileHeaderPair(lines, i));
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
  let hasFileHeaders = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (GIT_HEADER.test(line)) {
      file = newFile(i, true);
      files.push(file);
      hasFileHeaders = false;
      i = readGitHeader(lines, i, file);
    } else if (isFileHeaderPair(lines, i)) {
      if (!file || hasFileHeaders || file.hunks.length > 0) files.push((file = newFile(i, false)));
      readFileHeaders(lines[i], lines[i + 1], file);
      hasFileHeaders = true;
      i++;
      expectHunkNext(lines, i + 1);
    } else if (HUNK_HEADER.test(line) || (file && LOOSE_HUNK_HEADER.test(line))) {
      if (!file) files.push((file = newFile(i, false)));
      const hunk = readHunk(lines, i);
      file.hunks.push(hunk.hunk);
      i = hunk.end - 1;
    }
    // Anything else is prose around the diff, or git's "index …" lines, and is skipped.
  }
  return files.flatMap(toEdits);
}

function newFile(line: number, git: boolean): FilePatch {
  return { line: line + 1, git, created: false, deleted: false, renamed: false, hunks: [] };
}

function isFileHeaderPair(lines: string[], i: number): boolean {
  return lines[i].startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ ');
}

/** Reads `diff --git a/x b/y` and its extended header lines; returns the index of the last one. */
function readGitHeader(lines: string[], start: number, file: FilePatch): number {
  const names = /^diff --git "?a\/(.+?)"? "?b\/(.+?)"?$/.exec(lines[start]);
  if (names) [file.oldPath, file.newPath] = [names[1], names[2]];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    let m: RegExpExecArray | null;
    if (/^new file mode /.test(line)) file.created = true;
    else if (/^deleted file mode /.test(line)) file.deleted = true;
    else if ((m = /^rename from (.+)$/.exec(line))) [file.oldPath, file.renamed] = [unquote(m[1]), true];
    else if ((m = /^rename to (.+)$/.exec(line))) [file.newPath, file.renamed] = [unquote(m[1]), true];
    else if (/^(?:Binary files |GIT binary patch)/.test(line)) {
      throw new FormatSyntaxError(i + 1, `Line ${i + 1}: binary patches are not supported (${file.newPath ?? file.oldPath ?? 'unknown file'}).`);
    } else if (!/^(?:index |old mode |new mode |similarity index |dissimilarity index |copy from |copy to )/.test(line)) break;
  }
  return i - 1;
}

function readFileHeaders(oldLine: string, newLine: string, file: FilePatch): void {
  const oldPath = headerPath(oldLine);
  const newPath = headerPath(newLine);
  // Git's a/ b/ prefixes; a plain `diff -u` names files as they are.
  const prefixed = file.git || (oldPath.startsWith('a/') && newPath.startsWith('b/')) || (oldPath === DEV_NULL && newPath.startsWith('b/')) || (oldPath.startsWith('a/') && newPath === DEV_NULL);
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

function unquote(path: string): string {
  return /^".*"$/.test(path) ? path.slice(1, -1).replace(/\\(.)/g, '$1') : path;
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
    // A blank line after a hunk whose counts are met separates it from what follows ("- a bullet", say).
    if (line === '' && countsMet && hunk.newLines.length >= expectNew!) break;
    // A removed line that reads "-- x" looks like a "--- " header: trust the counts while they are unmet.
    if (isFileHeaderPair(lines, i) && (expectOld === undefined || countsMet)) break;
    if (line.startsWith('\\')) {
      const last = kinds[kinds.length - 1];
      if (last === '-' || last === ' ') hunk.oldNoNewline = true;
      if (last === '+' || last === ' ') hunk.newNoNewline = true;
      continue;
    }
    // An empty line is an empty context line whose leading space an editor or a chat window ate.
    const kind = line === '' ? ' ' : line[0];
    if (kind !== ' ' && kind !== '-' && kind !== '+') break;
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
  let oldString = hunk.oldLines.join('\n');
  let newString = hunk.newLines.join('\n');
  // The span ends before the last line's newline; only a change in "has a final newline" must show in it.
  if (hunk.oldNoNewline && !hunk.newNoNewline) newString += '\n';
  if (hunk.newNoNewline && !hunk.oldNoNewline) oldString += '\n';
  return {
    kind: 'replace',
    ...(path !== undefined && { path }),
    oldString,
    newString,
    ...(hunk.oldStart !== undefined && hunk.oldStart > 0 && { hint: hunk.oldStart - 1 }),
    sourceLine: hunk.line,
  };
}
