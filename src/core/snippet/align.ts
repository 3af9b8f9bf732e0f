// Which file line each snippet line stands for, between the lines that fix the place (anchors).
//
// Between two anchors the snippet and the file are aligned by a small edit-distance table where an elision
// marker absorbs any run of file lines for free: what it stands for stays as it is. Outside the first and the
// last anchor, snippet lines are paired with the adjacent file lines while they are the same (or changed, with
// the same line further out); the rest are new lines. The table is (snippet lines × file lines) between two
// anchors, bounded by MAX_CELLS.

import type { SourceText } from '../document';
import { EditError } from '../errors';
import { isBlank } from '../normalize';
import type { Frame } from './frame';
import type { LineMatcher } from './lineMatch';
import { isCloser, type SnippetLines } from './snippetLines';
import { minOf } from '../arrays';

export type Op =
  /** Snippet line j is file line f (equal, or with a slip the file's spelling undoes). */
  | { kind: 'keep'; j: number; f: number }
  /** Snippet line j is a changed version of file line f. */
  | { kind: 'change'; j: number; f: number }
  /** Snippet line j is new. */
  | { kind: 'insert'; j: number }
  /** File line f is not in the snippet's version of the region. */
  | { kind: 'delete'; f: number }
  /** Marker j stands for file lines from..to (inclusive; empty when to < from). */
  | { kind: 'elide'; j: number; from: number; to: number };

/**
 * Explicit costs. A kept line is free. A line that is a version of the file's line (lineMatch.ts decides) costs
 * 1 − similarity, less than one insert: next to a marker, which keeps file lines for free, "the file's line,
 * then the new one" must not beat "the new version of the file's line".
 */
const COST = {
  insert: 1,
  delete: 1,
  /** Blank lines are layout: adding or dropping one should not pull code lines out of alignment. */
  blank: 0.3,
  drift: 0.05,
  change: (similarity: number) => 1 - similarity,
  /**
   * A closing line (`});`) no block of the snippet's own needs, added rather than paired with the file's: more than
   * one line deleted, so that "the statement above it deleted, the `});` the file's" beats "a second `});` written
   * above the statement", a tie a marker after it settled the wrong way (a brace too many, silently).
   */
  insertCloser: 1.2,
};

/** Table cells per snippet: enough for a 100-line snippet over a 10,000-line elided gap. */
export const MAX_CELLS = 2_000_000;

export interface AlignContext {
  doc: SourceText;
  snip: SnippetLines;
  match: LineMatcher;
  cells: { used: number };
  /** Snippet lines that must be new: they sit inside a block the snippet adds (see newBlocks). */
  forcedNew: Set<number>;
  frame: Frame;
}

/** Ops from snippet line `ja` / file line `fa` (exclusive) to `jb` / `fb` (exclusive), in order. */
export function alignBetween(ctx: AlignContext, ja: number, fa: number, jb: number, fb: number): Op[] {
  const { snip, match, doc } = ctx;
  const R = jb - ja - 1;
  const C = fb - fa - 1;
  ctx.cells.used += (R + 1) * (C + 1);
  if (ctx.cells.used > MAX_CELLS) {
    throw new EditError('too_large', 'The snippet spans too much of the file to align safely: give a smaller snippet, with `// ... existing code ...` where lines stay.');
  }
  const W = C + 1;
  const cost = new Float64Array((R + 1) * W);
  // 0 diagonal, 1 up (snippet line consumed alone), 2 left (file line consumed alone)
  const move = new Uint8Array((R + 1) * W);
  const isMarker = (r: number) => r > 0 && snip.marker[ja + r];
  const insertCost = (r: number) => (snip.marker[ja + r] ? 0 : snip.blank[ja + r] ? COST.blank : isCloser(snip.lines[ja + r]) && !ctx.forcedNew.has(ja + r) ? COST.insertCloser : COST.insert);
  const deleteCost = (r: number, c: number) => (isMarker(r) ? 0 : isBlank(doc.line(fa + c)) ? COST.blank : COST.delete);
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c <= C; c++) {
      if (r === 0 && c === 0) continue;
      let best = Infinity;
      let m = 0;
      // Preference on ties, read backwards from the end: a marker absorbs as much as it can, then pairs.
      if (c > 0) {
        const v = cost[r * W + c - 1] + deleteCost(r, c);
        if (v < best) [best, m] = [v, 2];
      }
      if (r > 0 && c > 0 && !snip.marker[ja + r] && !ctx.forcedNew.has(ja + r)) {
        const rel = match.relation(ja + r, fa + c);
        if (rel) {
          const v = cost[(r - 1) * W + c - 1] + (rel.kind === 'equal' ? 0 : rel.kind === 'drift' ? COST.drift : COST.change(rel.similarity));
          if (v <= best) [best, m] = [v, 0];
        }
      }
      if (r > 0) {
        const v = cost[(r - 1) * W + c] + insertCost(r);
        if (v < best) [best, m] = [v, 1];
      }
      cost[r * W + c] = best;
      move[r * W + c] = m;
    }
  }
  const ops: Op[] = [];
  let r = R;
  let c = C;
  let absorbed: { j: number; to: number; from: number } | undefined;
  const flush = () => {
    if (absorbed) ops.push({ kind: 'elide', ...absorbed });
    absorbed = undefined;
  };
  while (r > 0 || c > 0) {
    // Row 0 holds only left moves and column 0 only up moves: the table already says where the edges go.
    const m = move[r * W + c];
    const j = ja + r;
    const f = fa + c;
    if (m === 2) {
      if (isMarker(r)) {
        // Stryker disable next-line ArithmeticOperator: `from` is set on the next line
        absorbed ??= { j, to: f, from: f + 1 };
        absorbed.from = f;
      } else ops.push({ kind: 'delete', f });
      c--;
    } else if (m === 1) {
      if (snip.marker[j]) {
        absorbed ??= { j, to: f, from: f + 1 };
        flush();
      } else ops.push({ kind: 'insert', j });
      r--;
    } else {
      const rel = match.relation(j, f)!;
      ops.push(rel.kind === 'change' ? { kind: 'change', j, f } : { kind: 'keep', j, f });
      r--;
      c--;
    }
  }
  flush();
  return ops.reverse();
}

/**
 * Snippet lines before the first anchor (`dir` −1) or after the last (`dir` +1): paired outwards with the file's
 * adjacent lines while they are the same lines, or changed ones with the same line further out; the others are
 * new, written next to the anchor.
 */
export function alignEdge(ctx: AlignContext, anchorJ: number, anchorF: number, dir: 1 | -1, unitEnd?: number): Op[] {
  const { snip, match, doc } = ctx;
  // After the last anchor, a marker in the unit the anchor opens: what follows it is aligned with the end of
  // that unit (a changed last statement), or added there (a method appended to a class without a closing line).
  if (dir === 1 && unitEnd !== undefined) return alignBetween(ctx, anchorJ, anchorF, snip.length, unitEnd + 1);
  const emptied = dir === 1 ? alignEmptiedBlock(ctx, anchorJ, anchorF) : undefined;
  if (emptied) return emptied;
  const toBlockEdge = alignToBlockEdge(ctx, anchorJ, anchorF, dir);
  if (toBlockEdge) return toBlockEdge;
  const beyondNewBlock = alignPastNewBlock(ctx, anchorJ, anchorF, dir);
  if (beyondNewBlock) return beyondNewBlock;
  const ops: Op[] = [];
  let j = anchorJ + dir;
  let f = anchorF + dir;
  const inSnippet = (k: number) => k >= 0 && k < snip.length;
  const open = (k: number, g: number) => inSnippet(k) && g >= 0 && g < doc.lineCount && !snip.marker[k] && !ctx.forcedNew.has(k);
  /** The snippet and the file go on with the same line beyond `j` / `f` (blank lines on both sides aside). */
  const sameBeyond = (k: number, g: number) => {
    for (k += dir, g += dir; open(k, g) && snip.blank[k] && isBlank(doc.line(g)); k += dir, g += dir);
    return open(k, g) && !snip.blank[k] && match.relation(k, g)?.kind === 'equal';
  };
  for (; open(j, f); j += dir, f += dir) {
    const rel = match.relation(j, f);
    // A line unlike the file's between the same lines on both sides (a doc comment's `/**` rewritten between the
    // anchor and a kept `}` above it) is that line changed; otherwise the lines beyond were written as new.
    if (!rel && !sameBeyond(j, f)) break;
    ops.push(!rel || rel.kind === 'change' ? { kind: 'change', j, f } : { kind: 'keep', j, f });
  }
  // A changed line extends an edge only with the same line beyond it: outermost, a line merely like the next one
  // may be new code written next to it (an import added after the imports), so it is added, not swapped in.
  // Blank lines alike: the snippet's blank lines outermost are its own layout, written with it.
  // Not a changed line that opens a block whose body a marker stands for (`def walk(self, extra):` / `# ...`): that
  // is the file's unit head changed, its body under the marker (added, the old head stayed above the body).
  const opensElided = (k: number) => {
    const m = snip.nextLine(k);
    return dir === 1 && /[{:]\s*$/.test(snip.lines[k]) && m < snip.length && snip.marker[m] && snip.widths[m] > snip.widths[k];
  };
  const outermostWeak = () => {
    const op = ops[ops.length - 1];
    return (op.kind === 'change' && !opensElided(op.j)) || (op.kind === 'keep' && snip.blank[op.j]);
  };
  while (ops.length && outermostWeak()) {
    ops.pop();
    j -= dir;
  }
  for (; inSnippet(j); j += dir) {
    // A marker at the edge elides nothing an anchor could bound: it is dropped. Anything beyond it has no place.
    if (snip.marker[j]) {
      for (let k = j + dir; inSnippet(k); k += dir) {
        if (!snip.blank[k] && !snip.marker[k]) {
          throw new EditError('not_found', `Snippet line ${k + 1} (\`${snip.lines[k].trim()}\`) is beyond an elision marker with no line of the file around it: there is no telling where it goes.`);
        }
      }
      break;
    }
    ops.push({ kind: 'insert', j });
  }
  // A line written as new that the file has just beyond the lines paired (blank lines aside): a `}` shown for
  // context above a line the snippet adds, or above a blank line it removes, would stand twice. The table pairs it.
  if (writesTwice(ctx, ops, anchorF, dir)) return alignPastNewBlock(ctx, anchorJ, anchorF, dir, true) ?? (dir === 1 ? ops : ops.reverse());
  return dir === 1 ? ops : ops.reverse();
}

/**
 * Whether an edge's ops (outwards) insert a line the file has right beyond the file lines they pair: among as many
 * of the file's next non-blank lines as lines are inserted (a changed last statement and its `}` shown after a new
 * line: the file's two lines stand there), with a few blank lines between.
 */
function writesTwice(ctx: AlignContext, ops: readonly Op[], anchorF: number, dir: 1 | -1): boolean {
  const { snip, match, doc } = ctx;
  let edge = anchorF;
  for (const op of ops) if (op.kind === 'keep' || op.kind === 'change') edge = op.f;
  const inserted = ops.filter((op): op is Extract<Op, { kind: 'insert' }> => op.kind === 'insert' && !snip.blank[op.j]);
  // A closing line one line further (`});` shown right below `if (…)`, the statement between left out: deleted).
  const reach = inserted.length + (inserted.some((op) => isCloser(snip.lines[op.j])) ? 1 : 0);
  const beyond: number[] = [];
  for (let g = edge + dir, blanks = 0; g >= 0 && g < doc.lineCount && beyond.length < Math.min(reach, 8) && blanks <= 3; g += dir) {
    if (isBlank(doc.line(g))) blanks++;
    else beyond.push(g);
  }
  return inserted.some((op) => beyond.some((g) => match.relation(op.j, g)?.kind === 'equal'));
}

/**
 * Edge lines up to an elision marker that hold a block the snippet adds (a new method written after the previous
 * method's `}`, shown for context): the walk outwards from the anchor stops at the new block, and the lines beyond
 * it were written as new too (that `}` twice). Aligned by the table instead, over as many file lines as those lines
 * could reach, the marker taking the rest: the new block is added, and the `}` beyond it pairs with the file's.
 * `always`: also without a new block (the walk wrote a line twice: see writesTwice).
 */
function alignPastNewBlock(ctx: AlignContext, anchorJ: number, anchorF: number, dir: 1 | -1, always = false): Op[] | undefined {
  const { snip, doc } = ctx;
  let markerJ = -1;
  let holdsNew = false;
  let lines = 0;
  for (let j = anchorJ + dir; j >= 0 && j < snip.length; j += dir) {
    if (snip.marker[j]) {
      markerJ = j;
      break;
    }
    if (ctx.forcedNew.has(j)) holdsNew = true;
    lines++;
  }
  if (markerJ < 0 || (!holdsNew && !always)) return undefined;
  // Lines beyond the marker have no place: alignEdge says so.
  for (let k = markerJ + dir; k >= 0 && k < snip.length; k += dir) if (!snip.blank[k] && !snip.marker[k]) return undefined;
  const reach = 2 * lines + 8;
  const ops =
    dir === 1
      ? alignBetween(ctx, anchorJ, anchorF, markerJ + 1, Math.min(doc.lineCount, anchorF + 1 + reach))
      : alignBetween(ctx, markerJ - 1, Math.max(-1, anchorF - 1 - reach), anchorJ, anchorF);
  // The marker at the edge bounds nothing: what it took stays as it is, outside the span.
  return ops.filter((op) => op.kind !== 'elide');
}

/**
 * Edge lines that reach as far as the file's block does: a hunk that ends with the last lines of a function body
 * (or starts with its first lines) shows them all, changed or not. When the file has no more lines there than
 * the snippet, they are aligned like lines between anchors (the block's edge as the other anchor); otherwise
 * the edge lines may be new code next to the anchor, and only equal lines are paired.
 */
function alignToBlockEdge(ctx: AlignContext, anchorJ: number, anchorF: number, dir: 1 | -1): Op[] | undefined {
  const { snip, doc, frame } = ctx;
  const edge: number[] = [];
  // A marker at the edge, shallower than the lines before it, stands for what follows the block (the class's other
  // methods after a method shown whole): those lines still reach the block's edge. Any other marker may stand
  // for lines of the block: then the edge lines may be new code next to the anchor.
  let outerMarker: number | undefined;
  for (let j = anchorJ + dir; j >= 0 && j < snip.length; j += dir) {
    if (snip.marker[j]) {
      if (edge.length === 0 || snip.widths[j] >= minOf(edge.map((e) => snip.widths[e])) || !onlyBlankBeyond(snip, j, dir)) return undefined;
      outerMarker = j;
      break;
    }
    if (!snip.blank[j]) edge.push(j);
  }
  if (edge.length === 0) return undefined;
  const depth = minOf(edge.map((j) => frame.expected(j)));
  let last = anchorF;
  let count = 0;
  // The block is closed by a shallower line (not the start or the end of the file at the top level).
  let closed = false;
  for (let f = anchorF + dir; f >= 0 && f < doc.lineCount; f += dir) {
    if (isBlank(doc.line(f))) continue;
    if (frame.fileWidth(f) < depth) {
      closed = true;
      break;
    }
    if (++count > edge.length) return undefined;
    last = f;
  }
  if (count === 0) return undefined;
  const ops = dir === 1 ? alignBetween(ctx, anchorJ, anchorF, outerMarker ?? snip.length, last + 1) : alignBetween(ctx, outerMarker ?? -1, last - 1, anchorJ, anchorF);
  // A line is removed only inside a block the snippet shows to its end (a replaced last statement); at the top
  // level of a file nothing closes the "block" (no line is shallower than depth 0): new code above a function is
  // added, and the `import` stays.
  const removes = ops.some((op) => op.kind === 'delete' && !isBlank(doc.line(op.f)));
  return removes && !closed ? undefined : ops;
}

/**
 * A block the snippet empties: after the last anchor, which opens a block in the file, the snippet shows only an
 * empty body (`pass`, `...`) or the block's closing line (`}` right after `) {`), then ends or goes on with a marker
 * no deeper than the anchor (what follows the block). The file's body is aligned with that one line: its lines are
 * deleted, which the snippet's safety checks name for review or refuse (kept, the body stayed beside the `pass` or
 * above the `}`, silently). Undefined for any other shape: an edge line that is code may be new code next to the
 * anchor, the block's own lines staying.
 */
function alignEmptiedBlock(ctx: AlignContext, anchorJ: number, anchorF: number): Op[] | undefined {
  const { snip, doc, frame } = ctx;
  const opener = doc.line(anchorF).trimEnd();
  const braces = opener.endsWith('{');
  if (!braces && !opener.endsWith(':')) return undefined;
  const k = snip.nextLine(anchorJ);
  if (k >= snip.length || snip.marker[k]) return undefined;
  const empties = braces ? isCloser(snip.lines[k]) && snip.widths[k] === snip.widths[anchorJ] : /^(?:pass|\.\.\.)$/.test(snip.lines[k].trim()) && snip.widths[k] > snip.widths[anchorJ];
  if (!empties) return undefined;
  const m = snip.nextLine(k);
  if (m < snip.length && !(snip.marker[m] && snip.widths[m] <= snip.widths[anchorJ] && onlyBlankBeyond(snip, m, 1))) return undefined;
  // The file's block: the lines deeper than the opener, then (with braces) its closing line at the opener's level.
  let last = anchorF;
  for (let f = anchorF + 1; f < doc.lineCount && f - anchorF <= MAX_EMPTIED; f++) {
    if (isBlank(doc.line(f))) continue;
    if (frame.fileWidth(f) <= frame.fileWidth(anchorF)) {
      if (braces && frame.fileWidth(f) === frame.fileWidth(anchorF) && ctx.match.relation(k, f)?.kind === 'equal') last = f;
      else if (braces) return undefined;
      break;
    }
    last = f;
  }
  // Nothing in the block (the snippet's line is the file's), or past the bound: no block to empty here.
  if (last === anchorF || last - anchorF > MAX_EMPTIED) return undefined;
  return alignBetween(ctx, anchorJ, anchorF, m, last + 1);
}

/** Lines of a body the snippet may empty (see alignEmptiedBlock): a larger block is left to the other rules. */
const MAX_EMPTIED = 200;

/** Nothing but blank lines beyond snippet line `j` in direction `dir`. */
function onlyBlankBeyond(snip: SnippetLines, j: number, dir: 1 | -1): boolean {
  for (let k = j + dir; k >= 0 && k < snip.length; k += dir) if (!snip.blank[k]) return false;
  return true;
}

/**
 * Snippet lines inside blocks the snippet adds: a line that is new and opens a block (the next line is deeper)
 * makes every deeper line after it new, and its closing line at its own depth too. Pairing them with the file
 * (a new method's `return` with the previous method's `return`) would overwrite code the snippet never showed.
 */
export function newBlocks(snip: SnippetLines, ops: Op[]): Set<number> {
  const out = new Set<number>();
  for (const op of ops) {
    if (op.kind !== 'insert' || out.has(op.j) || snip.blank[op.j]) continue;
    const w = snip.widths[op.j];
    let k = snip.nextLine(op.j);
    if (k >= snip.length || snip.marker[k] || snip.widths[k] <= w) continue;
    // A new line that closes a block as it opens one (`} else {`, `} catch (e) {`) continues the statement above
    // it: the closing line of its block closes that statement, the file's closing line, and is no new line.
    const continues = /^\s*[}\])]/.test(snip.lines[op.j]);
    for (; k < snip.length; k++) {
      if (snip.blank[k]) continue;
      if (snip.marker[k]) break;
      if (snip.widths[k] <= w) {
        if (snip.widths[k] === w && !snip.meaningful[k] && !continues) out.add(k);
        break;
      }
      out.add(k);
    }
  }
  return out;
}
