// The document as the engine sees it: the original text (BOM, CR and all) plus a line index built lazily,
// once per call. Every tier reports spans in *original* offsets through this class, never in a normalised copy.

import type { SharedBudget } from './budget';
import { doubled } from './buffers';

const BOM = '\uFEFF';

/**
 * What depends on the text alone, so that the searches of many edits to one text (a batch) can share it: the line
 * index, the lines sliced so far, and (for a batch only) an index of lines by hash.
 */
interface TextIndex {
  lineNumbers: LineNumbers;
  /** Lines sliced so far. The file is never split as a whole: 100,000 line strings cost more to allocate and
   * collect than every tier's work together. A Map, not an array by line: `new Array(100_000)` costs 4 ms to
   * allocate and collect (measured), a third of a fuzzy hit, where a search slices a few dozen lines. */
  lines?: Map<number, string>;
  /** Set when the text is searched for many edits: then `linesHashed` is worth building. */
  many?: boolean;
  byHash?: LinesByHash;
  /** The request's work budget, when the text is searched for a batch. */
  budget?: SharedBudget;
  /** Each line's indentation width (tab size 4), -1 until counted. */
  indentWidths?: Int32Array;
  /** Where texts stand, found for many at once (a batch's one-line old texts): see knownPlaces. */
  places?: { of: Map<string, number[]>; limit: number };
}

/**
 * The file's lines by the hash of their text, as typed arrays (a hash table chained through `next`): a Map of
 * 40,000 lines cost 1.2 MB of heap, these arrays a third of that outside it.
 */
interface LinesByHash {
  /** Each line's hash. */
  hashes: Int32Array;
  /** The first line of each bucket (hash & mask), -1 when empty. */
  heads: Int32Array;
  /** The next line in the same bucket, -1 at the end: lines follow in document order. */
  next: Int32Array;
  mask: number;
}

/** The line starts of one text, built on first use: all a Match needs to say which lines it spans. */
export class LineNumbers {
  private index?: Int32Array;

  constructor(
    readonly content: string,
    private readonly bomLength: number,
  ) {}

  /** Whether the line starts are built already (reading a line number then costs a binary search, not a pass). */
  get built(): boolean {
    return this.index !== undefined;
  }

  /** Offset where each line starts: one `indexOf` per line break, no strings, no boxed numbers (the content is
   * at most 64 Mi characters, so an Int32Array holds any offset). */
  get starts(): Int32Array {
    if (!this.index) {
      const content = this.content;
      // Sized for lines of 32 characters on average (real code is longer): growing a large typed array costs more
      // than the whole pass of indexOf (measured: 4.9 ms from 1,024 slots, 2.4 ms from this guess, 100,000 lines).
      let starts: Int32Array = new Int32Array((content.length >> 5) + 1024);
      starts[0] = this.bomLength;
      let n = 1;
      let nl = content.indexOf('\n', this.bomLength);
      while (nl !== -1) {
        if (n === starts.length) starts = doubled(starts);
        starts[n++] = nl + 1;
        nl = content.indexOf('\n', nl + 1);
      }
      this.index = starts.subarray(0, n);
    }
    return this.index;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset in `content` where line `i` starts. */
  lineStart(i: number): number {
    return this.starts[i];
  }

  /** 0-based line containing `offset` (binary search over line starts). */
  lineAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    // Stryker disable next-line ArithmeticOperator: a start past the last is undefined in the subarray, never <= offset: the search only takes a step more
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

export class SourceText {
  /** 1 when the text starts with a byte-order mark: offsets still count it, matching never sees it. */
  readonly bomLength: number;
  private readonly index: TextIndex;
  // Per search: what one old text's tiers share. Never shared between edits (it grows with each old text).
  private memos = new Map<string, unknown>();
  private lineKeys = new Map<(line: string) => string, Map<number, string>>();

  /** With `sharing` (a document of the same text), the line index is built once for both. */
  constructor(readonly content: string, sharing?: SourceText) {
    this.bomLength = content.startsWith(BOM) ? 1 : 0;
    this.index = sharing && sharing.content === content ? sharing.index : { lineNumbers: new LineNumbers(content, this.bomLength) };
  }

  /**
   * A document for searching many old texts in this text (a batch): each search gets its own, sharing the index,
   * and, with `budget`, the request's work budget.
   */
  static forManySearches(content: string, budget?: SharedBudget): SourceText {
    const doc = new SourceText(content);
    doc.index.many = true;
    doc.index.budget = budget;
    return doc;
  }

  /** Records where `texts` stand (the first `limit` places of each), found in one pass for a batch. */
  setKnownPlaces(of: Map<string, number[]>, limit: number): void {
    this.index.places = { of, limit };
  }

  /** Where `text` stands (its first `limit` places), when recorded for it and for that many; else undefined. */
  knownPlaces(text: string, limit: number): number[] | undefined {
    const known = this.index.places;
    if (!known || limit > known.limit) return undefined;
    const at = known.of.get(text);
    return at && at.length > limit ? at.slice(0, limit) : at;
  }

  /** The work budget of the request this text is searched for (a batch's), shared by every document of it. */
  get sharedBudget(): SharedBudget | undefined {
    return this.index.budget;
  }

  /**
   * File lines whose raw text (CR included, LF excluded) hashes to `hash(text)`: candidates for a text that must
   * stand as a whole line, for searches repeated over one text. Undefined unless the text is searched many times
   * (one `indexOf` scan is cheaper than building the index once).
   */
  linesHashed(text: string): number[] | undefined {
    if (!this.index.many) return undefined;
    const { hashes, heads, next, mask } = (this.index.byHash ??= this.hashLines());
    const h = hashOf(text, 0, text.length) | 0;
    const found: number[] = [];
    for (let f = heads[h & mask]; f !== -1; f = next[f]) if (hashes[f] === h) found.push(f);
    return found;
  }

  private hashLines(): LinesByHash {
    const starts = this.lineStarts;
    const { content } = this;
    const n = starts.length;
    let size = 1;
    while (size < n) size *= 2;
    const mask = size - 1;
    const hashes = new Int32Array(n);
    const heads = new Int32Array(size).fill(-1);
    const next = new Int32Array(n);
    // From the last line up, each put at the head of its bucket: a bucket then lists its lines in document order.
    for (let i = n - 1; i >= 0; i--) {
      const end = i + 1 < n ? starts[i + 1] - 1 : content.length;
      const h = hashOf(content, starts[i], end) | 0;
      hashes[i] = h;
      next[i] = heads[h & mask];
      heads[h & mask] = i;
    }
    return { hashes, heads, next, mask };
  }

  /** Offset where each line starts (built on first use, once for every document sharing the index). */
  get lineStarts(): Int32Array {
    return this.index.lineNumbers.starts;
  }

  /** What a Match keeps to number its lines after the search: the text and its line starts, not the search's
   * caches (a refusal naming thousands of places would otherwise hold every memo of the search alive). */
  get lineNumbers(): LineNumbers {
    return this.index.lineNumbers;
  }

  get lineCount(): number {
    return this.index.lineNumbers.lineCount;
  }

  /** Line `i` without its line ending (LF or CRLF). */
  line(i: number): string {
    const lines = (this.index.lines ??= new Map());
    let line = lines.get(i);
    if (line === undefined) lines.set(i, (line = this.content.slice(this.lineStart(i), this.lineEnd(i))));
    return line;
  }

  /** Offset in `content` where line `i` starts. */
  lineStart(i: number): number {
    return this.index.lineNumbers.lineStart(i);
  }

  /** Offset just past line `i`'s content (before its CR/LF). */
  lineEnd(i: number): number {
    const starts = this.lineStarts;
    let end = i + 1 < starts.length ? starts[i + 1] - 1 : this.content.length;
    // An empty line's end is its start, and the character before a line's start is an LF (or the mark, or nothing).
    if (this.content.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** Length of line `i` trimmed, read in place (no string allocated): for length prefilters over many lines. */
  trimmedLength(i: number): number {
    const a = this.trimmedStart(i);
    return this.trimmedEnd(i, a) - a;
  }

  /** Whether line `i`, trimmed, is `text` (read in place: no string allocated). */
  trimmedIs(i: number, text: string): boolean {
    const a = this.trimmedStart(i);
    return this.trimmedEnd(i, a) - a === text.length && this.content.startsWith(text, a);
  }

  /** Offset of line `i`'s first character that is not whitespace (its end when it is all whitespace). */
  private trimmedStart(i: number): number {
    const end = this.lineEnd(i);
    let a = this.lineStart(i);
    while (a < end && isTrimmedSpace(this.content.charCodeAt(a))) a++;
    return a;
  }

  /** Offset just past line `i`'s last character that is not whitespace, searching no further back than `from`. */
  private trimmedEnd(i: number, from: number): number {
    let b = this.lineEnd(i);
    while (b > from && isTrimmedSpace(this.content.charCodeAt(b - 1))) b--;
    return b;
  }

  /** 0-based line containing `offset` (binary search over line starts). */
  lineAt(offset: number): number {
    return this.index.lineNumbers.lineAt(offset);
  }

  /** The line break used around `offset`: the one ending the line there, else the file's first one. */
  eolAt(offset: number): '\n' | '\r\n' {
    let nl = this.content.indexOf('\n', offset);
    if (nl < 0) nl = this.content.indexOf('\n');
    // No break at all (-1) or one at 0 has no character before it: charCodeAt is NaN there, never a CR.
    return this.content.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
  }

  /**
   * `key(line(i))`, computed once per document and key function: the tiers, the similarity passes and the reflow
   * search that compare the same lines the same way (canonical, whitespace-collapsed) share the work.
   */
  lineKey(key: (line: string) => string, i: number): string {
    // A Map, not an array by line: a search keys a few lines of a large file, and an array of 100,000 slots per
    // key function cost a fuzzy hit more (0.7 ms) than a Map of the keyed lines costs a file keyed everywhere.
    let cache = this.lineKeys.get(key);
    if (!cache) this.lineKeys.set(key, (cache = new Map()));
    let k = cache.get(i);
    if (k === undefined) cache.set(i, (k = key(this.line(i))));
    return k;
  }

  /** What `memo` holds for `key`, if it was computed already. */
  memoized<T>(key: string): T | undefined {
    return this.memos.get(key) as T | undefined;
  }

  /** Computes once per document: tiers share prefilter results (e.g. the lines holding a token). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  /**
   * `indentWidth(indentOf(i))`, read in place: no string sliced or kept (a chain check reads thousands of lines). With
   * the usual tab size, each line's width is counted once per text: the relative-indentation check of thousands of
   * windows over a file of deep indentation read the same indentation again for each (1.8 s for 4,800 windows of
   * 2,000 lines indented up to 200 columns).
   */
  indentWidthOf(i: number, tabSize = 4): number {
    if (tabSize !== 4) return indentColumns(this.content, this.lineStart(i), this.lineEnd(i), tabSize);
    const widths = (this.index.indentWidths ??= new Int32Array(this.lineCount).fill(-1));
    let w = widths[i];
    if (w < 0) widths[i] = w = indentColumns(this.content, this.lineStart(i), this.lineEnd(i), 4);
    return w;
  }

  /** Leading whitespace of line `i`. */
  indentOf(i: number): string {
    const l = this.line(i);
    return l.slice(0, l.length - l.trimStart().length);
  }
}

/**
 * FNV-1a (32 bits) over UTF-16 code units of `text[from, to)`, read in place. With `seed` (a hash returned before),
 * it goes on from there: the hash of texts one after the other without joining them.
 */
export function hashOf(text: string, from = 0, to = text.length, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Columns of the whitespace that `text[from, to)` starts with: a tab advances to the next multiple of `tabSize`,
 * any other whitespace character one column. Read in place (indentWidth and SourceText.indentWidthOf both count so).
 */
export function indentColumns(text: string, from: number, to: number, tabSize = 4): number {
  let col = 0;
  for (let a = from; a < to; a++) {
    const c = text.charCodeAt(a);
    if (!isTrimmedSpace(c)) break;
    col = c === 9 ? col + tabSize - (col % tabSize) : col + 1;
  }
  return col;
}

/** The characters `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator). */
export function isTrimmedSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
