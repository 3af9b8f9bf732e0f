import type { Budget } from '../budget';
import type { SourceText } from '../document';
import { everyLineHolding, searchLines, type LineWindow } from '../lineSearch';
import { Needle } from '../needle';
import { canonicalLine, isBlank, isMeaningfulLine } from '../normalize';
import type { Candidate, Tier } from '../tier';
import { pairsKeepIndentLevels, type PairSource } from './indentation';
import { CANONICAL } from './lineWindows';
import { LinePairs } from '../linePairs';
import { firstIndex } from '../arrays';

/**
 * `// ... existing code ...`, `# ...`, `/* ... *\/`, `<!-- ... -->` or a bare `...` on a line of its own: the
 * model left out a run of lines. Words are allowed between the dots (`// ... rest of the function ...`).
 */
const MARKER = /^(?:\/\/+|#+|--|;+|\/\*+|<!--|\*)?\s*(?:\.{3}|…)[\w\s,'’()-]*(?:\.{3}|…)?\s*(?:\*+\/|-->)?$/;
const PHRASE =
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*(?:\.{3}|…)?\s*[([]?\s*(?:existing|unchanged|rest of|remaining|other|previous|same as before|omitted|snip|no changes)\b[\w\s,'’()-]*[)\]]?\s*(?:\.{3}|…)?\s*(?:\*+\/|-->)?$/i;

/** `...rest,` / `...args)`: dots glued to one name (and a closing comma or bracket) are a spread, not a marker. */
const SPREAD = /^(?:\.{3}|…)[\p{L}_$][\w$]*[,;)\]}]*$/u;

export function isElisionMarker(line: string): boolean {
  const t = line.trim();
  // An empty line needs no test of its own: both patterns require dots or a phrase.
  return t.length <= 80 && !SPREAD.test(t) && (MARKER.test(t) || PHRASE.test(t));
}


/**
 * The old text's pieces between markers are found in order, each the nearest after the one before, and the
 * whole chain must keep the old text's relative indentation (so a lone `}` cannot latch onto an inner block's
 * brace). The markers in the new text keep the elided lines exactly as they are in the file.
 */
export const elisionTier: Tier = {
  name: 'elision',
  lossless: false,
  find(ctx) {
    const { doc, needle } = ctx;
    const markers = needle.lines.map((l, j) => (isElisionMarker(l) ? j : -1)).filter((j) => j >= 0);
    if (markers.length === 0) return [];
    const segments = splitSegments(needle.lines, markers);
    // Evidence enough to anchor on: two meaningful lines, or one long enough to be distinctive (a function's
    // signature around `// ... existing code ...` and its closing brace); relative indentation does the rest.
    const meaningful = segments.flatMap((s) => s.lines).filter(isMeaningfulLine);
    // (No pieces at all — markers and blank lines only — is no meaningful line.)
    if (!(meaningful.length >= 2 || (meaningful.length === 1 && canonicalLine(meaningful[0]).length >= 24))) return [];
    const normalized = ['elided lines (… existing code …)', 'whitespace'];
    const out: Candidate[] = [];
    // Each piece is searched for once; a chain then takes, for each next piece, the first of its windows that
    // starts after the piece before ends (a binary search), so many places of the first piece cost linear time,
    // not one search of the rest of the file each.
    const found = segments.map((s) => findSegment(doc, s.lines, ctx.budget));
    const pieces: Pieces = { doc, segments, lines: needle.lines.length };
    for (const first of found[0]) {
      const chain = piecesChain(found, first);
      if (!chain) continue;
      // The nearest last piece can be an inner block's `}`: then the one that ends the first line's block is tried.
      const window = assemble(chain) ?? assemble(closedAtBlockEnd(doc, chain, found[found.length - 1]));
      if (!window) continue;
      out.push({ start: doc.lineStart(window.startLine), end: doc.lineEnd(window.endLine), score: 1, normalized, window, needleLines: needle.lines });
    }
    return nearestHeads(out);

    /** The chain's window; undefined when it breaks the relative indentation. */
    function assemble(chain: LineWindow[] | undefined): ChainWindow | undefined {
      if (!chain) return undefined;
      // Stryker disable next-line ArithmeticOperator: bounds on work (the budget counts the lines paired); the places found are the same
      ctx.budget.charge(chain.reduce((n, w) => n + w.pairs.size, 0));
      // The chain's pairs read where they are, window by window: no map of them is made for a chain refused here.
      const pairs: PairSource = { forEach: (visit) => forEachChainPair(pieces, chain, visit) };
      return pairsKeepIndentLevels(doc, needle.lines, pairs) ? new ChainWindow(pieces, chain) : undefined;
    }
  },
};

/**
 * A chain of piece windows read as one window of the whole old text. Its pairs and what each marker keeps are
 * written on first read: an ambiguous answer holds thousands of chains (a file cycling three lines, 8,000 JSON
 * objects) and reads neither, and written at once they held about 300 bytes a chain.
 */
class ChainWindow implements LineWindow {
  readonly startLine: number;
  readonly endLine: number;
  private built?: { pairs: LinePairs; elided: Map<number, [number, number]> };

  constructor(
    private readonly pieces: Pieces,
    private readonly chain: LineWindow[],
  ) {
    this.startLine = chain[0].startLine;
    this.endLine = chain[chain.length - 1].endLine;
  }

  get pairs(): LinePairs {
    return this.read().pairs;
  }

  get elided(): Map<number, [number, number]> {
    return this.read().elided;
  }

  private read() {
    return (this.built ??= { pairs: chainPairs(this.pieces, this.chain), elided: elidedLines(this.pieces, this.chain) });
  }
}

/** What every chain of one search shares: the document, the old text's pieces and its length in lines. */
interface Pieces {
  doc: SourceText;
  segments: Segment[];
  lines: number;
}

/**
 * The chain from a window of the first piece: each next piece's first window after the one before (a binary
 * search); undefined when a piece has none. An array of exactly one slot a piece: grown by pushing, each held ~150
 * bytes of spare slots, thousands of them in an ambiguous answer.
 */
function piecesChain(found: LineWindow[][], first: LineWindow): LineWindow[] | undefined {
  const chain = new Array<LineWindow>(found.length);
  chain[0] = first;
  for (let k = 1; k < found.length; k++) {
    const next = firstFrom(found[k], chain[k - 1].endLine + 1);
    if (!next) return undefined;
    chain[k] = next;
  }
  return chain;
}

/** Each piece's pairs, counted from the old text's first line. */
function chainPairs(pieces: Pieces, chain: LineWindow[]): LinePairs {
  const pairs = new LinePairs(pieces.lines);
  forEachChainPair(pieces, chain, (f, j) => pairs.set(j, f));
  return pairs;
}

/** Visits every pair of the chain's windows as a pair of the whole old text (its line counted from the first). */
function forEachChainPair({ segments }: Pieces, chain: LineWindow[], visit: (f: number, j: number) => void): void {
  chain.forEach((w, k) => w.pairs.forEach((f, j) => visit(f, segments[k].offset + j)));
}

/** Each marker's file lines: from after the piece before it to before the piece after it. */
function elidedLines({ doc, segments }: Pieces, chain: LineWindow[]): Map<number, [number, number]> {
  const elided = new Map<number, [number, number]>();
  chain.forEach((w, k) => {
    const marker = segments[k].markerAfter;
    if (marker === undefined) return;
    // Blank lines the old text has right next to a marker are its own, not elided: they stay in place.
    const from = skipBlank(doc, w.endLine + 1, trailingBlanks(segments[k].lines), +1);
    const to = skipBlank(doc, chain[k + 1].startLine - 1, leadingBlanks(segments[k + 1].lines), -1);
    elided.set(marker, [from, to]);
  });
  return elided;
}

/**
 * The chain with its last piece moved to where the block of its first line ends: the first line after it that is
 * not indented deeper (a function's `}` when its body has inner blocks, whose `}` came first). Every line between
 * is deeper than the head, so the span is the head's block and nothing past it; a closing line indented otherwise
 * (or another line there) is no such place, and nothing is found.
 */
function closedAtBlockEnd(doc: SourceText, chain: LineWindow[], lastPiece: LineWindow[]): LineWindow[] | undefined {
  if (chain.length < 2) return undefined;
  const end = blockEnds(doc)[chain[0].startLine];
  const closing = firstFrom(lastPiece, end);
  if (closing?.startLine !== end || end <= chain[chain.length - 2].endLine) return undefined;
  return [...chain.slice(0, -1), closing];
}

/**
 * For each file line, the first non-blank line after it indented no deeper (-1: none), where its block ends. One
 * pass with a stack of the lines still open (their indentation increasing), once per document.
 */
function blockEnds(doc: SourceText): Int32Array {
  return doc.memo('elision:block-ends', () => {
    const ends = new Int32Array(doc.lineCount).fill(-1);
    const open: Array<[line: number, width: number]> = [];
    for (let i = 0; i < doc.lineCount; i++) {
      if (doc.trimmedLength(i) === 0) continue;
      const width = doc.indentWidthOf(i);
      while (open.length && open[open.length - 1][1] >= width) ends[open.pop()![0]] = i;
      open.push([i, width]);
    }
    return ends;
  });
}

/**
 * A head line that stands in several methods (`this.save();`) chains to the same tail from each of them; the
 * marker then elides everything between a far head and the tail. The head nearest the tail is the one meant —
 * when only the head differs; the match says so.
 */
function nearestHeads(found: Candidate[]): Candidate[] {
  // The chains come in the order of their first piece's windows, document order: of the chains that share a tail
  // (an end), the last is the nearest head. Sorted by end, then that order, a tail's chains stand together, its
  // nearest head last: no map of tails (an ambiguous answer has thousands of them, nearly all with one head).
  const order = Int32Array.from(found.keys()).sort((a, b) => found[a].end - found[b].end || a - b);
  const out: Candidate[] = [];
  for (let k = 0; k < order.length; ) {
    let last = k;
    while (last + 1 < order.length && found[order[last + 1]].end === found[order[k]].end) last++;
    const c = found[order[last]];
    const n = last - k + 1;
    out.push(n === 1 ? c : { ...c, normalized: [...c.normalized, `the nearest of ${n} places its first lines stand before the rest`] });
    k = last + 1;
  }
  return out;
}

interface Segment {
  lines: string[];
  /** Index in the needle of the segment's first non-blank line: its window's pairs count from there (a piece's
   * needle sets its leading blank lines aside). */
  offset: number;
  /** Index in the needle of the marker that follows the segment, if any. */
  markerAfter?: number;
}

/** Pieces between markers; markers at the very start or end are dropped (nothing anchors what they elide). */
function splitSegments(lines: string[], markers: number[]): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  // The end of the old text closes the last piece as a marker would; what follows the last piece is forgotten below.
  for (const m of [...markers, lines.length]) {
    const piece = lines.slice(from, m);
    if (piece.some((l) => !isBlank(l))) segments.push({ lines: piece, offset: from + leadingBlanks(piece), markerAfter: m });
    // Markers with only blank lines between them stand for one run of lines: the last of them keeps it.
    else if (segments.length) segments[segments.length - 1].markerAfter = m;
    from = m + 1;
  }
  // A marker after the last piece (or the old text's end) elides nothing we can anchor: forget it. The chain
  // relies on this: only a piece with a piece after it has a marker.
  if (segments.length) segments[segments.length - 1].markerAfter = undefined;
  return segments;
}

/** Blank lines before a piece's first non-blank line (a piece always has one). */
function leadingBlanks(lines: string[]): number {
  return lines.findIndex((l) => !isBlank(l));
}

function trailingBlanks(lines: string[]): number {
  return leadingBlanks([...lines].reverse());
}

/**
 * Steps over up to `count` blank file lines from `line` in direction `dir`; returns the first line not stepped over.
 * It never leaves the file: it walks between two pieces of a chain, and stops at their lines, which are not blank.
 */
function skipBlank(doc: SourceText, line: number, count: number, dir: 1 | -1): number {
  while (count-- > 0 && isBlank(doc.line(line))) line += dir;
  return line;
}

/** What a piece's search is charged for each candidate line it starts from (see findSegment). */
const CANDIDATE_COST = 16;

/**
 * Every window of a piece, in document order (their starts increase with their anchor lines). Their pairs count
 * from the piece's first non-blank line (the segment's offset).
 */
function findSegment(doc: SourceText, lines: string[], budget: Budget): LineWindow[] {
  const needle = new Needle(lines.join('\n'));
  const anchor = needle.anchor();
  // The line tiers' canonical equivalence: a file line equal to a piece's line once trimmed is never keyed (a file
  // cycling three lines keyed all 30,000 and kept every key).
  const candidates = everyLineHolding(doc, anchor.token, budget);
  // Each candidate line is compared with the piece (about 40 ns, some 20 units of the budget's kind): an old text of
  // hundreds of one-line pieces, each on a word standing on every line, compared 40 million lines (1.6 s).
  budget.charge(candidates.length * CANDIDATE_COST);
  return searchLines(doc, needle.lines, CANONICAL, anchor.index, candidates, budget);
}

/**
 * The first window that starts at or after `fromLine` (the nearest piece after the one before). Its start, not its
 * anchor line: a piece anchored on a later line could otherwise begin on the very lines the piece before matched,
 * and one file line would stand for two old lines (`initialise();` before and after a marker, written twice).
 */
function firstFrom(windows: LineWindow[], fromLine: number): LineWindow | undefined {
  return windows[firstIndex(windows.length, (i) => windows[i].startLine >= fromLine)];
}
