// applySnippet: a bare code block (the new code only, possibly with `// ... existing code ...` markers) applied
// to a file without a model. The place is found by the snippet's lines that stand in the file (anchors.ts,
// place.ts), whole units are closed by structure (structure.ts), the snippet is aligned with the file there
// (align.ts), and the new text is written by the engine's own three-way merge (write.ts) — then checked: only
// lines the snippet shows may change (safety.ts).

import { SourceText } from '../document';
import { isBlank } from '../normalize';
import { EditError } from '../errors';
import type { ApplyResult, Hint } from '../types';
import { alignBetween, alignEdge, newBlocks, type AlignContext, type Op } from './align';
import { findChains, findOccurrences } from './anchors';
import { makeFrame, type Frame } from './frame';
import { LineMatcher } from './lineMatch';
import { parseSnippetBlock } from './parse';
import { choosePlace, notFound, refuseTwinPastMarker, refuseUnlessClear } from './place';
import { refuseMovedHeads, refuseUnplaced, refuseUnshownDeletions, unshownDeletionNote } from './safety';
import { isCloser, SnippetLines } from './snippetLines';
import { blockCloserAnchors, findCloser, findHead, findUnitEnd, firstCodeLine, nonBlankLine } from './structure';
import { write } from './write';
import { newLinesAboveAttached } from './attached';
import { pushAll } from '../arrays';

export interface SnippetOptions {
  /** Breaks a tie between equally good places only (a 0-based line, `{ line }` or `{ offset }`). */
  hint?: Hint;
  /** Re-indent the snippet to the place it lands in. Default true. */
  reindent?: boolean;
}

const MAX_CONTENT = 64 * 1024 * 1024;
const MAX_SNIPPET = 1024 * 1024;
/** A code block from a chat answer is rarely a few hundred lines; the limit keeps the work bounded. */
const MAX_SNIPPET_LINES = 5000;

/**
 * The whole new document text with the snippet applied, or an EditError (not_found, ambiguous, already_applied,
 * invalid_input, too_large) — in which case nothing was changed.
 */
export function applySnippet(content: string, snippet: string, options: SnippetOptions = {}): ApplyResult {
  validate(content, snippet);
  const block = parseSnippetBlock(snippet);
  const snip = new SnippetLines(block.code);
  if (snip.length > MAX_SNIPPET_LINES) throw new EditError('too_large', `The snippet has ${snip.length.toLocaleString('en-US')} lines; the limit is ${MAX_SNIPPET_LINES.toLocaleString('en-US')}. Apply it in parts.`);
  // Markers and braces only: say which (a marker is never a meaningful line, so one test decides both).
  if (!snip.meaningful.some(Boolean)) {
    throw new EditError('invalid_input', snip.marker.some(Boolean) ? 'The snippet is only elision markers.' : 'The snippet has no line of code to find in the file.');
  }
  const doc = new SourceText(content);
  const match = new LineMatcher(doc, snip);
  const occurrences = findOccurrences(doc, snip);
  const places = findChains(snip, occurrences);
  if (places.length === 0) throw notFound(doc);
  const chain = choosePlace(doc, places, options.hint);
  const anchors: Array<[number, number]> = chain.pairs.map(([j, f]) => [j, f]);
  const frame = makeFrame(doc, snip, anchors, underNewOpener(snip, new Set(anchors.map(([j]) => j))));
  const anchorOps = new Map<number, Op>(anchors.map(([j, f]) => [j, { kind: 'keep', j, f }]));
  const head = findHead(doc, snip, frame, match, anchors[0]);
  if (head !== undefined) {
    const h = firstCodeLine(snip);
    anchors.unshift([h, head]);
    anchorOps.set(h, match.relation(h, head)!.kind === 'change' ? { kind: 'change', j: h, f: head } : { kind: 'keep', j: h, f: head });
  }
  const closer = findCloser(doc, snip, frame, match, anchors[anchors.length - 1]);
  if (closer !== undefined) {
    anchors.push([snip.length - 1, closer]);
    anchorOps.set(snip.length - 1, { kind: 'keep', j: snip.length - 1, f: closer });
  }
  const withClosers = blockCloserAnchors(doc, snip, frame, match, anchors);
  for (const [j, f] of withClosers) if (!anchorOps.has(j)) anchorOps.set(j, { kind: 'keep', j, f });
  anchors.splice(0, anchors.length, ...withClosers);
  refuseCrossedUnits(doc, snip, frame, anchors);
  const [lastJ, lastF] = anchors[anchors.length - 1];
  // (A closer is the snippet's last line: no marker follows it.)
  const unitEnd = markerFollows(snip, lastJ) ? findUnitEnd(doc, frame, lastF) : closer === undefined ? endOfReturningUnit(doc, snip, frame, anchors) : undefined;
  refuseUnlessClear(doc, snip, places, chain, closer !== undefined || unitEnd !== undefined);
  refuseTwinPastMarker(doc, snip, match, occurrences.lines, anchors, findUnitEnd(doc, frame, anchors[0][1]));

  const ctx: AlignContext = { doc, snip, match, cells: { used: 0 }, forcedNew: new Set(), frame };
  const alignAll = () => {
    const ops: Op[] = alignEdge(ctx, anchors[0][0], anchors[0][1], -1);
    anchors.forEach(([j, f], i) => {
      ops.push(anchorOps.get(j)!);
      const next = anchors[i + 1];
      if (next) pushAll(ops, alignBetween(ctx, j, f, next[0], next[1]));
    });
    pushAll(ops, alignEdge(ctx, lastJ, lastF, 1, unitEnd));
    return ops;
  };
  let ops = alignAll();
  // Lines inside a block the snippet adds are new: align again without pairing them (twice at most: a block
  // found new the second time can only be inside one found the first time).
  for (let pass = 0; pass < 2; pass++) {
    const forced = newBlocks(snip, ops);
    if ([...forced].every((j) => ctx.forcedNew.has(j))) break;
    forced.forEach((j) => ctx.forcedNew.add(j));
    ops = alignAll();
  }
  refuseUnplaced(snip, ops);
  ops = newLinesAboveAttached(doc, snip, ops);
  refuseUnshownDeletions(doc, snip, ops);
  refuseMovedHeads(doc, snip, ops);
  const note = unshownDeletionNote(doc, snip, ops, (j, f) => match.relation(j, f) !== null || sharesName(snip.lines[j], doc.line(f)));
  const twice = writtenAgainNote(doc, snip, ops, occurrences.lines, (j) => frame.expected(j));
  const closedEarly = closedBeforeNote(doc, snip, ops);
  const beside = besideOldVersionNote(doc, snip, ops, (j, f) => {
    const rel = match.relation(j, f);
    // Closer than lines that only start alike (`if (this.closed) {` beside `if (i % 2 && …) {`): a version of it.
    return rel?.kind === 'change' && rel.similarity >= MIN_VERSION_SIMILARITY;
  });
  const tail = closer === undefined ? unitGoesOnNote(doc, snip, frame, anchors, ops) : undefined;
  const notes = [note, twice, closedEarly, beside, tail].filter((n): n is string => n !== undefined);
  return write(doc, snip, frame, ops, options.reindent !== false, notes, (j, f) => match.relation(j, f) !== null);
}


/**
 * Snippet lines in the block of an opening line (`if (strict) {`, `try:`) that places nothing (no anchor): lines there
 * may be the file's, wrapped in a new block, a level deeper than the file has them.
 */
function underNewOpener(snip: SnippetLines, anchored: ReadonlySet<number>): (j: number) => boolean {
  return (j) => {
    // Up past the lines of the block at j's level (and deeper ones) to the line that opens it; past an opening line
    // the file has, to the one that opens its block (a whole body wrapped moves its inner blocks too), up to a marker
    // or the snippet's first line (a unit's head, changed: its inner blocks are the file's, as they stand).
    const head = firstCodeLine(snip);
    for (let at = j, k = snip.opener(j); k !== undefined; at = k, k = snip.opener(k)) {
      if (!anchored.has(k) && /[{(:[]\s*$/.test(snip.lines[k])) return at === j || k !== head;
    }
    return false;
  };
}

/**
 * An anchor the snippet shows inside the block of an anchor before it (deeper, every line between deeper too,
 * markers included) must stand inside that block in the file: a head, a marker, then a changed tail whose kept
 * `return result` stands only in a later function put the new lines into that function (the marker stood for the
 * rest of the file's unit and past it).
 */
function refuseCrossedUnits(doc: SourceText, snip: SnippetLines, frame: Frame, anchors: ReadonlyArray<readonly [number, number]>): void {
  for (let i = 0; i + 1 < anchors.length; i++) {
    const [j1, f1] = anchors[i];
    // Anchors stand in file order: the last one inside j1's block is the one furthest in the file.
    let lo = i;
    let hi = anchors.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (anchors[mid][0] <= snip.blockEnd(j1)) lo = mid;
      else hi = mid - 1;
    }
    // (Not a class: its body may hold a line at column 0 (a string, a comment) that ends its unit early by indentation.)
    if (lo === i || !isDefinitionHead(doc.line(f1)) || isClassHead(doc.line(f1))) continue;
    const end = findUnitEnd(doc, frame, f1);
    const [j2, f2] = anchors[lo];
    if (end !== undefined && f2 > end) {
      throw new EditError(
        'not_found',
        `Snippet line ${j2 + 1} (\`${snip.lines[j2].trim().slice(0, 60)}\`) stands inside \`${snip.lines[j1].trim().slice(0, 60)}\` in the snippet, but the file has it only past the end of that block (line ${f2 + 1}; the block ends at line ${end + 1}): the snippet does not fit there. Nothing was changed: give the lines around the change as they stand in the file.`,
      );
    }
  }
}

/**
 * A function's, method's or class's first line. Only such a unit is closed to what follows it: a `try:` or an
 * `if (…) {` goes on in sibling clauses a marker may hide (`except:`, `} else {`), so a line the snippet shows
 * inside one can stand past its end in the file.
 */
function isDefinitionHead(line: string): boolean {
  if (/^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def|class|function\*?|fn|func|sub|interface|struct|impl)\b/.test(line)) return true;
  const call = /^\s*(?:(?:public|private|protected|static|async|override|readonly|get|set)\s+)*([\w$]+)\s*\([^)]*\)\s*(?::\s*[^{]+)?\{\s*$/.exec(line);
  return call !== null && !/^(?:if|for|while|switch|catch|with|else|do|try|return|await|yield)$/.test(call[1]);
}

/** A class's first line (`class A:`, `export default abstract class B {`). */
function isClassHead(line: string): boolean {
  return /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\b/.test(line);
}

/** Lines beyond the span a line written again is looked for in (a marker at the snippet's edge keeps them). */
const NEARBY = 3;

/**
 * A line the snippet adds that the file has where the snippet does not show it (under a marker, or just beyond the
 * lines it spans): a line moved into a new place, shown there only, is written twice (the marker keeps it where it
 * was), and a person should say which. Named for review.
 */
function writtenAgainNote(doc: SourceText, snip: SnippetLines, ops: readonly Op[], found: ReadonlyArray<number[] | undefined>, widthOf: (j: number) => number): string | undefined {
  const [from, to] = fileSpan(ops);
  // Ranges of file lines the snippet does not show; the third field: only a line at the new line's level or deeper.
  const kept: Array<[number, number, boolean?]> = ops.flatMap((op) => (op.kind === 'elide' ? [[op.from, op.to] as [number, number]] : []));
  // Where the snippet does not show the file: under its markers, and just beyond the span; past a marker at the
  // snippet's edge, the lines of the span's block up to it (`# ...` above a line moved down from there keeps it).
  // Past the lines next to the span, a line at the new line's level or deeper only: the function's last
  // `return null;` is no line moved into a loop above it (a line moved out of a block, `timeout = …` out of its
  // `if`, is deeper where it was).
  const width = spanWidth(doc, from, to);
  kept.push([from - NEARBY, from - 1], [to + 1, to + NEARBY]);
  if (snip.marker[0]) kept.push([blockEdge(doc, from, width, -1), from - NEARBY - 1, true]);
  if (snip.marker[snip.length - 1]) kept.push([to + NEARBY + 1, blockEdge(doc, to, width, +1), true]);
  for (const op of ops) {
    // A distinctive line only: `break;`, `return x;` stand near any place.
    if (op.kind !== 'insert' || !snip.meaningful[op.j] || snip.keys[op.j].length < MIN_MOVED_LENGTH) continue;
    const level = (f: number) => doc.indentWidthOf(f) >= widthOf(op.j);
    const there = (found[op.j] ?? []).find((f) => kept.some(([a, b, leveled]) => f >= a && f <= b && (!leveled || level(f))));
    if (there !== undefined) return `line ${there + 1} (\`${doc.line(there).trim().slice(0, 60)}\`) stays where it is, and the snippet writes it again: if it moved, delete it there`;
  }
  return undefined;
}

/**
 * A line the snippet adds next to a file line it does not show (under a marker, or past the span's edge) that is
 * much like it (`return retNext` beside `return ret`): the snippet changed that line, or added one like it, and
 * only a person can say which. Written as added, the old line staying: named for review (it was silent).
 */
function besideOldVersionNote(doc: SourceText, snip: SnippetLines, ops: readonly Op[], isVersion: (j: number, f: number) => boolean): string | undefined {
  const [first, last] = fileSpan(ops);
  // The unshown file line next to ops[i] in direction `dir`: under a marker, or past the span; undefined when the
  // line there is one the snippet shows (kept, changed or deleted: the new line stands beside it on purpose).
  // Read once per op an inserted run ends at (a run of thousands of new lines asks the same of each of its lines):
  // for each op, the nearest op after (before) it that is no insertion, found in one pass each way.
  const after = new Int32Array(ops.length + 1).fill(ops.length);
  for (let k = ops.length - 1; k >= 0; k--) after[k] = ops[k].kind === 'insert' ? after[k + 1] : k;
  const before = new Int32Array(ops.length).fill(-1);
  for (let k = 0; k < ops.length; k++) before[k] = ops[k].kind === 'insert' ? (k > 0 ? before[k - 1] : -1) : k;
  const seen = new Map<number, number | undefined>();
  const unshown = (i: number, dir: 1 | -1): number | undefined => {
    const k = dir > 0 ? after[i + 1] : i > 0 ? before[i - 1] : -1;
    const key = k * 2 + (dir > 0 ? 1 : 0);
    if (!seen.has(key)) seen.set(key, unshownAt(k, dir));
    return seen.get(key);
  };
  const unshownAt = (k: number, dir: 1 | -1): number | undefined => {
    if (k < 0 || k >= ops.length) return nonBlankLine(doc, dir > 0 ? last + 1 : first - 1, dir, dir > 0 ? last + NEARBY : first - NEARBY);
    const op = ops[k];
    if (op.kind !== 'elide') return undefined;
    if (op.to >= op.from) return nonBlankLine(doc, dir > 0 ? op.from : op.to, dir, dir > 0 ? op.to : op.from);
    // An empty elision: the lines beyond it, as the walk over the ops went on.
    return unshown(k, dir);
  };
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    // A distinctive line only, as for a line written again: `return None;` is much like any `return x;`.
    if (op.kind !== 'insert' || !snip.meaningful[op.j] || snip.keys[op.j].length < MIN_MOVED_LENGTH) continue;
    for (const dir of [1, -1] as const) {
      const f = unshown(i, dir);
      if (f !== undefined && isVersion(op.j, f)) {
        return `line ${f + 1} (\`${doc.line(f).trim().slice(0, 60)}\`) stays ${dir > 0 ? 'after' : 'before'} the new line \`${snip.lines[op.j].trim().slice(0, 60)}\`, which is much like it: if the snippet changed it, delete it there`;
      }
    }
  }
  return undefined;
}

/**
 * The head (its file line) of the function or class a snippet without markers starts at, placed there: what a
 * snippet of a whole unit (or of its first lines) looks like. Undefined otherwise.
 */
function markerlessUnitHead(doc: SourceText, snip: SnippetLines, anchors: ReadonlyArray<readonly [number, number]>): number | undefined {
  if (snip.marker.some(Boolean) || anchors.length === 0) return undefined;
  const [j, f] = anchors[0];
  return j === firstCodeLine(snip) && isDefinitionHead(doc.line(f)) ? f : undefined;
}

/** A line that ends what runs: `return`, `raise`, `throw`. */
const ENDING = /^\s*(?:return|raise|throw)\b/;

/**
 * The last line of the function the snippet gives whole, when it can only be whole: no marker, its first line the
 * function's head (placed), its last line a `return` or `raise` at the level of the function's body. Lines after
 * such a line could never run: the file's lines past it in the function are the old end the snippet rewrote (they
 * were kept after the new `return`). Undefined otherwise (a snippet of a function's first lines keeps the rest).
 * (The snippet's last line is never blank: SnippetLines drops blank lines at its edges.)
 */
function endOfReturningUnit(doc: SourceText, snip: SnippetLines, frame: Frame, anchors: ReadonlyArray<readonly [number, number]>): number | undefined {
  const f = markerlessUnitHead(doc, snip, anchors);
  if (f === undefined) return undefined;
  const head = firstCodeLine(snip);
  const last = snip.length - 1;
  const body = snip.nextLine(head);
  // In a language of braces a statement may go on below without a sign (`return a` / `  ? b : c`): there it ends at `;`.
  const braces = /\{\s*$/.test(doc.line(f));
  if (last <= head || body >= snip.length || !endsStatement(snip.lines[last]) || (braces && !/;\s*$/.test(snip.lines[last])) || snip.widths[last] !== snip.widths[body]) return undefined;
  // Past the last placed line only: a unit that ends before it (by indentation) is no end to align to.
  const end = findUnitEnd(doc, frame, f);
  return end !== undefined && end > anchors[anchors.length - 1][1] ? end : undefined;
}

/** A `return`, `raise` or `throw` that ends on its line: brackets closed, no operator or comma left open (an
 * answer cut off at `return (` is no end of anything). */
function endsStatement(line: string): boolean {
  if (!ENDING.test(line) || /[([{,\\+\-*/%&|=<>?:]\s*$/.test(line)) return false;
  let depth = 0;
  for (const c of line) {
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
  }
  return depth === 0;
}

/**
 * A snippet without markers that starts at a function's or class's head and ends inside it, where the file's unit
 * goes on (a Python function has no closing line to say where the snippet ends): the lines after it stay, which is
 * right for a snippet of the function's first lines and wrong for the whole function with its end rewritten (the
 * old last lines were kept after the new ones). Named for review, with the lines, either way.
 */
function unitGoesOnNote(doc: SourceText, snip: SnippetLines, frame: Frame, anchors: ReadonlyArray<readonly [number, number]>, ops: readonly Op[]): string | undefined {
  // Only a snippet that ends as a function ends (a `return` or `raise`): one that stops mid-body shows its first
  // lines, and the rest staying is what it means.
  const f = markerlessUnitHead(doc, snip, anchors);
  if (f === undefined || !ENDING.test(snip.lines[snip.length - 1])) return undefined;
  const end = findUnitEnd(doc, frame, f);
  const [, last] = fileSpan(ops);
  if (end === undefined || end <= last) return undefined;
  const shown = end - last === 1 ? `line ${end + 1} stays` : `lines ${last + 2}–${end + 1} stay`;
  return `the snippet ends before \`${doc.line(f).trim().slice(0, 60)}\` does: its ${shown} after the snippet's last line; if the snippet is the whole ${isClassHead(doc.line(f)) ? 'class' : 'function'}, ${end - last === 1 ? 'it is' : 'they are'} to go`;
}

/**
 * The first and last file lines the ops cover: the lines they pair or delete, and those under a marker (an empty
 * elision stands between paired lines, so it covers none).
 */
function fileSpan(ops: readonly Op[]): [number, number] {
  let [first, last] = [Infinity, -Infinity];
  for (const op of ops) {
    if (op.kind === 'elide') {
      if (op.to >= op.from) [first, last] = [Math.min(first, op.from), Math.max(last, op.to)];
    } else if (op.kind !== 'insert') [first, last] = [Math.min(first, op.f), Math.max(last, op.f)];
  }
  return [first, last];
}

/** How alike a new line and the unshown file line beside it must be to be named as its version (besideOldVersionNote). */
const MIN_VERSION_SIMILARITY = 0.55;

/** A line written again this long at least is named (see writtenAgainNote). */
const MIN_MOVED_LENGTH = 12;

/** Lines past a marker at the snippet's edge a line written again is looked for in, at most (see blockEdge). */
const MARKED_EDGE = 60;

/** The least indentation of the span's non-blank file lines. */
function spanWidth(doc: SourceText, from: number, to: number): number {
  let width = Infinity;
  for (let f = Math.max(0, from); f <= Math.min(to, doc.lineCount - 1); f++) if (!isBlank(doc.line(f))) width = Math.min(width, doc.indentWidthOf(f));
  return width;
}

/**
 * The farthest line from `edge` in direction `dir` still in the block the span stands in (blank, or indented at
 * least `width`), MARKED_EDGE lines at most: a top-level span's block is the whole file (a line moved in from the
 * next function is named; so is one that function has of its own, a false alarm a person dismisses), and a line
 * copied on purpose far from it is no line moved.
 */
function blockEdge(doc: SourceText, edge: number, width: number, dir: 1 | -1): number {
  let f = edge;
  for (let k = edge + dir; k >= 0 && k < doc.lineCount && Math.abs(k - edge) <= MARKED_EDGE; k += dir) {
    if (!isBlank(doc.line(k)) && doc.indentWidthOf(k) < width) break;
    f = k;
  }
  return f;
}

/**
 * A closing line (`}`) the snippet adds right before a file line that closes the same block and goes on with it
 * (`} else {`, `} catch (e) {`): the snippet ends the block there (it drops the `else`?) but the file's branch stays
 * after it, a brace too many. Which was meant a person must say: named for review.
 */
function closedBeforeNote(doc: SourceText, snip: SnippetLines, ops: readonly Op[]): string | undefined {
  let after = -1;
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i];
    if (op.kind === 'keep' || op.kind === 'change' || op.kind === 'delete') after = op.f;
    else if (op.kind === 'elide') after = op.from;
    else if (op.kind === 'insert' && isCloser(snip.lines[op.j])) {
      // The file line the inserted closer stands before: the next one the ops pair, else the one after the span.
      let f = after >= 0 ? after : nextPaired(ops, i);
      while (f >= 0 && f < doc.lineCount && isBlank(doc.line(f))) f++;
      if (f < 0 || f >= doc.lineCount) continue;
      const line = doc.line(f).trim();
      if (line[0] === snip.lines[op.j].trim()[0] && /\w/.test(line)) {
        return `the snippet closes a block right before line ${f + 1} (\`${line.slice(0, 60)}\`), which closes it too and goes on: check whether that branch is meant to go`;
      }
      // Right after the line that opens the block, whose body in the file stands below (`if (x) {` then `}` shown for
      // a block kept as it is, or emptied?): the body is left below the `}`, a brace too many.
      const head = ops[i - 1];
      if (head && (head.kind === 'keep' || head.kind === 'change') && /\{\s*$/.test(doc.line(head.f)) && f === nonBlankLine(doc, head.f + 1, 1, doc.lineCount - 1) && doc.indentWidthOf(f) > doc.indentWidthOf(head.f)) {
        return `the snippet closes \`${doc.line(head.f).trim().slice(0, 60)}\` right after it, and the file's block goes on below (line ${f + 1}, \`${line.slice(0, 60)}\`): check whether its lines are meant to go`;
      }
    }
  }
  return undefined;
}

/** The file line after the last line the ops pair before op `i` (where a closer inserted at the end stands). */
function nextPaired(ops: readonly Op[], i: number): number {
  for (let k = i - 1; k >= 0; k--) {
    const op = ops[k];
    if (op.kind === 'keep' || op.kind === 'change' || op.kind === 'delete') return op.f + 1;
    if (op.kind === 'elide') return op.to + 1;
  }
  return -1;
}

/** Words that say nothing of what a line is about (`const`, `self`): no evidence that two lines are one. */
const PLAIN_WORDS = new Set(['const', 'let', 'var', 'this', 'self', 'return', 'if', 'else', 'elif', 'for', 'while', 'in', 'of', 'def', 'function', 'new', 'await', 'async', 'true', 'false', 'null', 'None', 'True', 'False', 'undefined', 'and', 'not', 'or']);

/**
 * Whether a new line names something a removed line names (a rewritten statement, a renamed variable's other
 * uses) or the removed line has no word at all (a `}`): then it may stand in for that line.
 */
function sharesName(newLine: string, fileLine: string): boolean {
  const names = (line: string) => (line.match(/[A-Za-z_$][\w$]{2,}/g) ?? []).filter((w) => !PLAIN_WORDS.has(w));
  const removed = names(fileLine);
  if (removed.length === 0) return !/\w/.test(fileLine);
  const added = new Set(names(newLine));
  return removed.some((w) => added.has(w));
}

/** The next non-blank snippet line after `j` is an elision marker. */
function markerFollows(snip: SnippetLines, j: number): boolean {
  const k = snip.nextLine(j);
  return k < snip.length && snip.marker[k];
}


function validate(content: unknown, snippet: unknown): void {
  if (typeof content !== 'string') throw new EditError('invalid_input', 'The document content must be a string.');
  if (typeof snippet !== 'string') throw new EditError('invalid_input', 'The snippet must be a string.');
  if (snippet.trim().length === 0) throw new EditError('invalid_input', 'The snippet is empty.');
  if (content.length > MAX_CONTENT) throw new EditError('too_large', `The document is too large to edit safely (${content.length.toLocaleString('en-US')} characters).`);
  if (snippet.length > MAX_SNIPPET) throw new EditError('too_large', `The snippet is too large (${snippet.length.toLocaleString('en-US')} characters).`);
}

