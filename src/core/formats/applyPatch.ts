// The `*** Begin Patch` format of Codex's apply_patch tool:
//
//   *** Begin Patch
//   *** Update File: src/app.py
//   *** Move to: src/main.py          (optional: rename after the changes)
//   @@ class App                       (optional: a line above the change, to tell equal spans apart)
//    context
//   -removed
//   +added
//   *** End of File                    (optional: the chunk is at the end of the file)
//   *** Add File: notes.txt
//   +every line starts with '+'
//   *** Delete File: old.txt
//   *** End Patch
//
// Update chunks become replace edits (old = context + '-' lines, new = context + '+' lines) whose `@@`
// text is kept as `anchor`; Add → create, Delete → delete, Move → rename.
import type { FileEdit, ParseResult, ReplaceEdit } from './types';
import { blockSpans, FormatSyntaxError, lineSides, parseWith, quoteLine, splitLines, type DialectSpans } from './text';
import { pushAll } from '../arrays';

const BEGIN = /^\*\*\* Begin Patch\s*$/;
const END = /^\*\*\* End Patch\s*$/;
const ADD = header('*** Add File: ');
const DELETE = header('*** Delete File: ');
const UPDATE = header('*** Update File: ');
const MOVE = header('*** Move to: ');
const END_OF_FILE = /^\*\*\* End of File\s*$/;
const SECTION_END = /^\*\*\* /;

/**
 * A `*** Verb: name` header: `exec(line)` gives [line, name] with the name trimmed, like a RegExp match. Not
 * `/^… (.+?)\s*$/`: a lazy group before `\s*$` rescans trailing spaces from every character (quadratic).
 */
function header(prefix: string): { exec(line: string): [string, string] | null } {
  return {
    exec(line) {
      if (!line.startsWith(prefix)) return null;
      const name = line.slice(prefix.length).trim();
      return name === '' ? null : [line, name];
    },
  };
}

export function hasApplyPatch(text: string): boolean {
  return splitLines(text).some((line) => BEGIN.test(line.trim()));
}

/** Where the text's patches are (their Begin lines, and each patch's lines up to its End): see formats/index. */
export function applyPatchSpans(lines: readonly string[]): DialectSpans {
  return blockSpans(lines, (line) => BEGIN.test(line.trim()), (line) => END.test(line.trim()));
}

export function parseApplyPatch(text: string): ParseResult {
  return parseWith('apply-patch', () => readPatches(splitLines(text)), 'No "*** Begin Patch" … "*** End Patch" block found.');
}

/** Every patch in the text (prose, a shell heredoc or a fence around it is skipped). */
function readPatches(lines: string[]): FileEdit[] {
  const edits: FileEdit[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!BEGIN.test(lines[i].trim())) continue;
    i = readPatch(lines, i, edits);
  }
  return edits;
}

/** Reads one patch into `edits`; returns the index of its End Patch line. */
function readPatch(lines: string[], begin: number, edits: FileEdit[]): number {
  let i = begin + 1;
  while (true) {
    if (i >= lines.length) throw new FormatSyntaxError(begin + 1, `The patch at line ${begin + 1} is not closed: expected "*** End Patch".`);
    const line = lines[i].trim() === '' ? '' : lines[i];
    const sourceLine = i + 1;
    let m: [string, string] | null;
    if (END.test(line)) return i;
    if (line === '') i++;
    else if ((m = ADD.exec(line))) {
      const body: string[] = [];
      for (i++; i < lines.length && !SECTION_END.test(lines[i]); i++) {
        if (!lines[i].startsWith('+')) {
          throw new FormatSyntaxError(i + 1, `Line ${i + 1}: every line of an added file starts with "+" (adding ${m[1]}, line ${sourceLine}).`);
        }
        body.push(lines[i].slice(1));
      }
      edits.push({ kind: 'create', path: m[1], content: body.length === 0 ? '' : body.join('\n') + '\n', sourceLine });
    } else if ((m = DELETE.exec(line))) {
      edits.push({ kind: 'delete', path: m[1], sourceLine });
      i++;
    } else if ((m = UPDATE.exec(line))) {
      i = readUpdate(lines, i, m[1], edits);
    } else {
      throw new FormatSyntaxError(sourceLine, `Line ${sourceLine}: expected "*** Add File:", "*** Update File:", "*** Delete File:" or "*** End Patch", found ${quoteLine(lines[i])}.`);
    }
  }
}

interface Chunk {
  line: number;
  anchor: string[];
  oldLines: string[];
  newLines: string[];
  /** Kinds of the lines read: ' ', '-', '+', or '' for an empty line read as empty context. */
  kinds: string[];
}

/** Reads an Update File section; returns the index of the first line after it. */
function readUpdate(lines: string[], header: number, path: string, edits: FileEdit[]): number {
  let i = header + 1;
  const move = i < lines.length ? MOVE.exec(lines[i]) : null;
  if (move) i++;
  const chunks: Chunk[] = [];
  let chunk: Chunk | undefined;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (END_OF_FILE.test(line)) {
      chunk = undefined;
      continue;
    }
    if (SECTION_END.test(line)) break;
    if (line.startsWith('@@')) {
      // Consecutive "@@" lines narrow the place step by step (class, then method): they share one chunk.
      if (!chunk || chunk.kinds.length > 0) chunks.push((chunk = { line: i + 1, anchor: [], oldLines: [], newLines: [], kinds: [] }));
      const anchor = line.slice(2).trim();
      if (anchor) chunk.anchor.push(anchor);
      continue;
    }
    const kind = line === '' ? '' : line[0];
    if (kind !== '' && kind !== ' ' && kind !== '-' && kind !== '+') {
      throw new FormatSyntaxError(i + 1, `Line ${i + 1}: in the update of ${path}, expected a line starting with " ", "-", "+" or "@@", found ${quoteLine(line)}.`);
    }
    // The first chunk may omit its "@@" line.
    if (!chunk) chunks.push((chunk = { line: i + 1, anchor: [], oldLines: [], newLines: [], kinds: [] }));
    chunk.kinds.push(kind);
    if (kind !== '+') chunk.oldLines.push(line.slice(1));
    if (kind !== '-') chunk.newLines.push(line.slice(1));
  }
  const changes = chunks.map((c) => chunkEdit(c, path)).filter((e): e is ReplaceEdit => e !== undefined);
  if (changes.length === 0 && !move) throw new FormatSyntaxError(header + 1, `The update of ${path} at line ${header + 1} has no changes: expected lines starting with " ", "-" or "+".`);
  pushAll(edits, changes);
  if (move) edits.push({ kind: 'rename', path, to: move[1], sourceLine: header + 2 });
  return i;
}

function chunkEdit(chunk: Chunk, path: string): ReplaceEdit | undefined {
  // Blank lines at the end of a chunk are usually the gap before the next marker, not context.
  while (chunk.kinds[chunk.kinds.length - 1] === '') {
    chunk.kinds.pop();
    chunk.oldLines.pop();
    chunk.newLines.pop();
  }
  if (chunk.kinds.length === 0) return undefined;
  const { oldString, newString } = lineSides(chunk.oldLines, chunk.newLines);
  return {
    kind: 'replace',
    path,
    oldString,
    newString,
    ...(chunk.anchor.length > 0 && { anchor: chunk.anchor }),
    sourceLine: chunk.line,
  };
}
