// The one line-window search. Most tiers are "find the file lines equivalent to the old text's lines" under a
// different line equivalence; they differ only in `LineEquivalence` (cf. jsdiff: one algorithm, each flavour a
// tiny override). Candidate lines come from the cheapest possible prefilter, so a 100,000-line file costs one
// `indexOf` scan, not one normalisation per line.

import type { Budget } from './budget';
import type { SourceText } from './document';
import { canonicalizeUnicode, isBlank } from './normalize';
import { LinePairs } from './linePairs';
import { doubled } from './buffers';
import { indexOfText } from './textSearch';

export interface LineEquivalence {
  /**
   * Two lines are equivalent when their keys are equal. A key may drop or change whitespace and read typographic
   * characters as ASCII (canonicalizeUnicode), nothing else: the one-pass search skips lines on that promise.
   */
  key(line: string): string;
  /** Blank lines on either side are not compared (a forgotten or an extra blank line). */
  ignoreBlankLines: boolean;
  /** A last check over a whole window (e.g. relative indentation). */
  acceptWindow?(needleLines: string[], window: LineWindow, doc: SourceText): boolean;
  /** The key is one of the trimmed line: lines equal once trimmed have equal keys (compared in place, unkeyed). */
  ignoresLineEdges?: boolean;
  /**
   * Lines with equal keys are equal once canonical (canonicalLine), so where the canonical search (blank lines
   * skipped) finds no window, neither does this one: the stricter line tiers share that one search.
   */
  refinesCanonical?: boolean;
}

export interface LineWindow {
  startLine: number;
  endLine: number;
  /** needle line index → file line, for every compared (non-blank when blanks are ignored) line. */
  pairs: ReadonlyMap<number, number>;
}

/** What keying a line in the one pass is charged (about 0.1 ms a thousand lines: a budget unit is some 2 ns). */
const KEY_COST = 64;

/**
 * Keying a line (a normalisation, often a regular expression) costs about this many comparisons of keyed lines:
 * the one pass keys every line, the aligning walk compares mostly lines keyed once already.
 */
const SCAN_COST = 2;

/** Whether searchLines makes one pass over the whole file (aligning from each candidate would cost more). */
export function isOnePass(doc: SourceText, needleLines: number, candidates: number): boolean {
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: which way to search is speed only (the same windows: lineSearch.test.ts checks them against the definition)
  return candidates * needleLines > SCAN_COST * doc.lineCount + 1000;
}

/**
 * Windows of `doc` equivalent to `needleLines`, each anchored on a candidate file line for needle line `anchor`.
 * Distinct windows only, in document order.
 *
 * Aligning from every candidate costs candidates × needle lines: on repetitive code (a file alternating two
 * lines, a long old text of them) that is quadratic. When that product would outgrow the file (SCAN_COST × its lines), the search is one
 * left-to-right pass instead (Knuth–Morris–Pratt over line keys), which finds the same windows in linear time.
 * Every line compared or keyed is charged to `budget`.
 */
export function searchLines(
  doc: SourceText,
  needleLines: string[],
  eq: LineEquivalence,
  anchor: number,
  candidateLines: Iterable<number>,
  budget?: Budget,
): LineWindow[] {
  const keys = needleLines.map((l) => eq.key(l));
  const candidates = Array.isArray(candidateLines) ? (candidateLines as number[]) : [...candidateLines];
  // (Candidates must be every line that may start a window: a list of linesContaining cut at its limit is not; its
  // callers list every such line then, see isCutList.)
  if (isOnePass(doc, keys.length, candidates.length)) return scanLines(doc, needleLines, keys, eq, anchor, budget);
  // Windows as found; sorted and made distinct at the end (a map by start line cost an ambiguous answer of 10,000
  // windows more than the windows).
  const found: LineWindow[] = [];
  // Each file line is keyed once: repetitive code puts the same lines in many candidate windows. A line equal to
  // the needle's once both are trimmed needs no key at all when the key ignores a line's edges (read in place).
  let compared = 0;
  const wanted = needleLines.map((l, j) => wantedLine(l, keys[j], eq));
  const keyOf = (f: number) => doc.lineKey(eq.key, f);
  const same = (f: number, j: number) => {
    compared++;
    return lineHasKey(doc, f, wanted[j], keyOf);
  };
  for (const line of candidates) {
    if (!same(line, anchor)) continue;
    const window = eq.ignoreBlankLines ? alignSkippingBlanks(doc, needleLines, same, anchor, line) : alignStrict(doc, needleLines.length, same, anchor, line);
    budget?.charge(compared);
    compared = 0;
    if (window && (!eq.acceptWindow || eq.acceptWindow(needleLines, window, doc))) found.push(window);
  }
  budget?.charge(compared);
  // The first window found at each start line, in document order (the sort is stable).
  found.sort((a, b) => a.startLine - b.startLine);
  return found.filter((w, i) => i === 0 || w.startLine !== found[i - 1].startLine);
}

/**
 * The windows `searchLines` finds, by one pass over the file: the needle's compared lines (all, or the non-blank
 * ones when blank lines are ignored) matched against the file's as sequences of keys. Lines are keyed as the pass
 * reaches them and not kept (keeping a key per line of a large file would cost more memory than the file).
 */
function scanLines(doc: SourceText, needleLines: string[], keys: string[], eq: LineEquivalence, anchor: number, budget?: Budget): LineWindow[] {
  const js = keys.map((_, j) => j).filter((j) => !eq.ignoreBlankLines || !isBlank(needleLines[j]));
  const pattern = js.map((j) => keys[j]);
  const m = pattern.length;
  const found: LineWindow[] = [];
  // Stryker disable next-line ConditionalExpression: unreachable: callers anchor on a compared line, so there is one at least
  if (m === 0) return found;
  budget?.charge(m + doc.lineCount);
  // fail[i]: length of the longest proper prefix of pattern[0..i] that is also its suffix.
  const fail = new Int32Array(m);
  // Stryker disable next-line EqualityOperator: a step past the pattern reads undefined (no key) and writes past the Int32Array (dropped)
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = fail[k - 1];
    if (pattern[i] === pattern[k]) k++;
    fail[i] = k;
  }
  // File lines of the current partial match (a ring of the last m compared lines).
  const lines = new Int32Array(m);
  // Pairs are recorded in the order the aligning walk records them (anchor, the lines after it, those before it).
  const a = eq.ignoreBlankLines ? Math.max(0, js.indexOf(anchor)) : 0;
  const { content } = doc;
  const shapes = asciiShapes(pattern);
  const ends = asciiEndsOf(pattern);
  let matched = 0;
  let seen = 0;
  for (let f = 0; f < doc.lineCount; f++) {
    const from = doc.lineStart(f);
    const to = doc.lineEnd(f);
    // The first and last characters first (a few reads from each end): they reject most lines of real code
    // before the whole line is walked for its shape.
    const edge = asciiEnds(content, from, to);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a line not rejected by its ends is shaped or keyed: speed only (the same windows: lineSearch.test.ts checks them against the definition)
    const shape = edge > 0 && ends !== undefined && !ends.has(edge) ? edge : asciiShape(content, from, to);
    let key: string | null;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: a line not rejected is keyed (and no shape is 16,384): speed only (the same windows: lineSearch.test.ts checks them against the definition)
    if (shape > 0 && (shape < 16384 || !shapes.has(shape))) {
      key = null; // equal to no line of the old text: not keyed at all
    } else {
      const text = content.slice(from, to);
      if (eq.ignoreBlankLines && isBlank(text)) continue;
      // Keying a line (a normalisation, often regular expressions) costs far more than comparing one: charged so.
      budget?.charge(KEY_COST);
      key = eq.key(text);
    }
    lines[seen++ % m] = f;
    while (matched > 0 && key !== pattern[matched]) matched = fail[matched - 1];
    if (key === pattern[matched]) matched++;
    if (matched < m) continue;
    matched = fail[m - 1];
    const pairs = new LinePairs(keys.length);
    // Stryker disable next-line ArithmeticOperator: seen ≥ m at a match, so seen + m + t is the same ring slot
    const at = (t: number) => lines[(seen - m + t) % m];
    for (let t = a; t < m; t++) pairs.set(js[t], at(t));
    for (let t = a - 1; t >= 0; t--) pairs.set(js[t], at(t));
    budget?.charge(m);
    const window = { startLine: pairs.get(js[0])!, endLine: f, pairs };
    if (!eq.acceptWindow || eq.acceptWindow(needleLines, window, doc)) found.push(window);
  }
  return found;
}

/**
 * A cheap necessary condition for two lines to have equal keys. Every key keeps a line's characters apart from
 * whitespace and typographic ones (see LineEquivalence.key), so lines with equal keys have the same characters
 * once whitespace is dropped and typographic ones are read as ASCII: the same count, first and last. For a line
 * of ASCII only, that shape is read in place (no string, no regular expression); 0 when it cannot be (a blank
 * line, a character past ASCII, a very long line): such a line is keyed.
 */
function asciiShape(text: string, from: number, to: number): number {
  let count = 0;
  let first = 0;
  let last = 0;
  // Stryker disable next-line ConditionalExpression,BlockStatement: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes (a line of shape 0 is keyed)
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // Stryker disable next-line ConditionalExpression: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes (a line of shape 0 is keyed)
    if (c >= 128) return 0;
    // Stryker disable next-line ConditionalExpression: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes (a line of shape 0 is keyed)
    if (isAsciiSpace(c)) continue;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes
    if (count++ === 0) first = c;
    last = c;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes
  return count === 0 || count >= 1 << 16 ? 0 : count * 16384 + first * 128 + last;
}

/**
 * The first and last characters of asciiShape (first × 128 + last, below 16,384), read from both ends of the line;
 * 0 when it has none or one of them is past ASCII.
 */
function asciiEnds(text: string, from: number, to: number): number {
  let a = from;
  let b = to - 1;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: past a blank line’s end the walk ends with a > b all the same
  while (a <= b && isAsciiSpace(text.charCodeAt(a))) a++;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: equivalent: before the line’s start the walk ends with a > b all the same
  while (b > a && isAsciiSpace(text.charCodeAt(b))) b--;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: ends of 0 leave the line to be shaped or keyed
  if (a > b) return 0;
  const first = text.charCodeAt(a);
  const last = text.charCodeAt(b);
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes; a first character past ASCII makes every usual old text’s ends undefined
  return first < 128 && last < 128 ? first * 128 + last : 0;
}

/** The ends of every key (a key with a non-ASCII character in the middle too); undefined when one has none to tell. */
function asciiEndsOf(keys: string[]): Set<number> | undefined {
  const ends = new Set<number>();
  for (const key of keys) {
    const text = canonicalizeUnicode(key);
    const edge = asciiEnds(text, 0, text.length);
    // A blank key is matched by blank lines only, which have no ends and are always keyed.
    // Stryker disable next-line all: speed only: without ends every line is shaped or keyed; a file line past ASCII at one end has no ends either
    if (edge === 0 && !isBlank(text)) return undefined;
    // Stryker disable next-line ConditionalExpression: equivalent: an end of 0 is never read (only ends above 0 reject)
    if (edge === 0) continue;
    ends.add(edge);
  }
  return ends;
}

function isAsciiSpace(c: number): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: speed only: one mapping for the old text’s keys and the file’s lines, so equal keys keep equal shapes and a line not rejected is keyed
  return c === 32 || (c >= 9 && c <= 13);
}

/** The shapes of the keys an ASCII line could match (a key with characters past ASCII once read as ASCII, none). */
function asciiShapes(keys: string[]): Set<number> {
  const shapes = new Set<number>();
  for (const key of keys) {
    const shape = keyShape(key);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: a shape of 0 is never looked up
    if (shape > 0) shapes.add(shape);
  }
  return shapes;
}

/** The shape of a key as an ASCII file line would have it (0 when no ASCII line can have that key). */
function keyShape(key: string): number {
  const text = canonicalizeUnicode(key);
  return asciiShape(text, 0, text.length);
}

function alignStrict(doc: SourceText, n: number, same: (f: number, j: number) => boolean, anchor: number, line: number): LineWindow | undefined {
  const start = line - anchor;
  if (start < 0 || start + n > doc.lineCount) return undefined;
  const pairs = new LinePairs(n);
  for (let j = 0; j < n; j++) {
    if (!same(start + j, j)) return undefined;
    pairs.set(j, start + j);
  }
  return { startLine: start, endLine: start + n - 1, pairs };
}

/** Walks outwards from the anchor pair, stepping over blank lines on both sides. */
function alignSkippingBlanks(
  doc: SourceText,
  needleLines: string[],
  same: (f: number, j: number) => boolean,
  anchor: number,
  line: number,
): LineWindow | undefined {
  // Pairs are collected flat, in a buffer kept between calls, and made a map only for a window that matches: most
  // candidates fail, and an ambiguous answer's thousands of windows each made an array (blank lines are told in
  // place, without cutting the line out).
  let n = 0;
  const record = (j: number, f: number) => {
    if (n === flatPairs.length) flatPairs = doubled(flatPairs);
    flatPairs[n++] = j;
    flatPairs[n++] = f;
  };
  record(anchor, line);
  const blank = (f: number) => doc.trimmedLength(f) === 0;
  let f = line;
  for (let j = anchor + 1; j < needleLines.length; j++) {
    if (isBlank(needleLines[j])) continue;
    f++;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: past the last line the walk ends in no window either way
    while (f < doc.lineCount && blank(f)) f++;
    if (f >= doc.lineCount || !same(f, j)) return undefined;
    record(j, f);
  }
  const end = f;
  f = line;
  for (let j = anchor - 1; j >= 0; j--) {
    if (isBlank(needleLines[j])) continue;
    f--;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: before the first line the walk ends in no window either way (line 0 blank is no old line)
    while (f >= 0 && blank(f)) f--;
    if (f < 0 || !same(f, j)) return undefined;
    record(j, f);
  }
  const pairs = new LinePairs(needleLines.length);
  for (let k = 0; k < n; k += 2) pairs.set(flatPairs[k], flatPairs[k + 1]);
  return { startLine: f, endLine: end, pairs };
}

/** alignSkippingBlanks' pairs (old line, file line, …) while it walks; grown as a long old text needs. */
let flatPairs: Int32Array = new Int32Array(256);

/** At most this many lines are listed for a token (a longer list is cut there: not every line holding it). */
export const MAX_TOKEN_LINES = 20000;

/** Whether a list of linesContaining is cut at its limit (then it is not every line holding the word). */
export function isCutList(lines: readonly number[]): boolean {
  return lines.length >= MAX_TOKEN_LINES;
}

/**
 * File lines that may be equivalent to a needle line containing `token`: one `indexOf` scan of the content.
 * Without a token (a line of braces) every line is a candidate; the equivalence then decides.
 */
export function linesContaining(doc: SourceText, token: string | undefined, limit = MAX_TOKEN_LINES, budget?: Budget): number[] {
  if (!token) return Array.from({ length: doc.lineCount }, (_, i) => i);
  // A list of the token at the full limit, already made (the line tiers scan for their anchor token first),
  // serves a shorter limit: the scan is not made twice.
  // Stryker disable next-line all: speed only: without the full list a shorter one is scanned for (linesContaining tests both orders)
  if (limit < MAX_TOKEN_LINES) {
    const full = doc.memoized<number[]>(`lines-with:${MAX_TOKEN_LINES}:${token}`);
    if (full) return full.length > limit ? full.slice(0, limit) : full;
  }
  return doc.memo(`lines-with:${limit}:${token}`, () => {
    // A search that scans for many words (one per piece of an old text with hundreds of `// ...` markers) pays for
    // each scan: it reads the whole text.
    budget?.charge(doc.content.length >> SCAN_CHARGE_SHIFT);
    return scanToken(doc, token, limit);
  });
}

/** A scan of the text for a word is charged its length / 2^SCAN_CHARGE_SHIFT (a 4.4 MB text: 275,000 units). */
const SCAN_CHARGE_SHIFT = 4;

/**
 * Every line holding `token` (every line without one): linesContaining's list, or, when that is cut at its limit,
 * the whole list. A search that must see every place uses this: from a cut list a second place past the cut went
 * unseen and one place looked unique (found 2026-11-28).
 */
export function everyLineHolding(doc: SourceText, token: string | undefined, budget?: Budget): number[] {
  const lines = linesContaining(doc, token, undefined, budget);
  return token && isCutList(lines) ? linesContaining(doc, token, Infinity, budget) : lines;
}

function scanToken(doc: SourceText, token: string, limit: number): number[] {
  const lines: number[] = [];
  forEachLineHolding(doc, token, (line) => lines.push(line) < limit);
  return lines;
}

/**
 * Calls `visit` with each file line holding `token`, in document order, while it returns true: one `indexOf` scan
 * of the content, a line once however often it holds the token.
 *
 * The scan looks for a piece of the token that starts at its rarest letter (see probeOf), then checks the whole
 * token there: V8 finds a pattern of up to six characters by looking for its first character with memchr, and a
 * longer one by Boyer–Moore–Horspool, which steps slowly through code whose letters repeat (measured on 100,000
 * lines of real code: `checker` 3.1 → 0.4 ms, `isBindingPattern` 1.6 → 0.1 ms, `discrepancies` 1.9 → 1.4 ms).
 */
function forEachLineHolding(doc: SourceText, token: string, visit: (line: number) => boolean): void {
  const content = doc.content;
  const starts = doc.lineStarts;
  let p = probeOf(token);
  let probe = token.slice(p, p + PROBE_LENGTH);
  let misses = 0;
  let line = 0;
  let at = content.indexOf(probe, p);
  while (at !== -1) {
    const start = at - p;
    if (!content.startsWith(token, start)) {
      // A piece standing far more often than the word (`29` of `limit29` in a file of numbered names) costs a step
      // here per place; past a few hundred, the whole word is searched for instead, where V8 skips them itself.
      // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: speed only: the piece or the whole word finds the same lines (lineSearch.test.ts checks the definition)
      if (++misses > MAX_PROBE_MISSES) {
        p = 0;
        probe = token;
        at = indexOfText(content, token, start + 1);
      } else {
        at = content.indexOf(probe, at + 1);
      }
      continue;
    }
    // Hits come in order: the line cursor only moves forward (one pass over the line starts in all, where a
    // binary search per hit cost more on a token that stands on thousands of lines).
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent: a line start past the last reads undefined, which no offset reaches
    while (line + 1 < starts.length && starts[line + 1] <= start) line++;
    if (!visit(line)) return;
    // Continue from the next line: one visit per line is enough.
    const next = line + 1 < starts.length ? starts[line + 1] : content.length;
    at = content.indexOf(probe, next + p);
  }
}

/** The longest pattern V8 still finds by its first character (a longer one is searched by Boyer–Moore–Horspool). */
const PROBE_LENGTH = 6;
/** Places where the piece stands and the word does not, before the word itself is searched for. */
const MAX_PROBE_MISSES = 256;
/**
 * Characters of a word from rarest to commonest: capitals and the rest first, then small letters (English text and
 * code alike), digits last (a file of numbered names or data holds them on every line).
 */
const COMMON_CHARACTERS = 'zqjxkvbywgpfmucdlhrsnioate0123456789';

/**
 * Where in `token` its rarest character stands (the first, among equals), leaving a piece of three characters at
 * least (or the whole word): a piece of one or two characters stands everywhere.
 */
export function probeOf(token: string): number {
  const rank = (i: number) => 1 + COMMON_CHARACTERS.indexOf(token[i]);
  const last = token.length - Math.min(3, token.length);
  let p = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: any piece of the word finds the same lines (probeOf's own test pins the choice)
  for (let i = 1; i <= last; i++) if (rank(i) < rank(p)) p = i;
  return p;
}

/**
 * Whether some file line holding `token` (a word of `line`) has `line`'s key under `eq`. Every such line is looked
 * at, however many there are, and none is kept: a proof of absence where a list of them would be cut at its limit
 * (MAX_TOKEN_LINES). Most are told apart on their trimmed text or their shape before they are keyed, and a line
 * keyed is not cached (a file of a million lines can hold the word on tens of thousands). Linear in the file; every
 * line looked at is charged to `budget`.
 */
export function someLineHoldingHasKey(doc: SourceText, token: string, line: string, eq: LineEquivalence, budget?: Budget): boolean {
  const wanted = wantedLine(line, eq.key(line), eq);
  const keyOf = (f: number) => eq.key(doc.content.slice(doc.lineStart(f), doc.lineEnd(f)));
  let found = false;
  let looked = 0;
  forEachLineHolding(doc, token, (f) => {
    looked++;
    found = lineHasKey(doc, f, wanted, keyOf);
    return !found;
  });
  budget?.charge(looked);
  return found;
}

/** An old line as file lines are compared with it: its key, its trimmed text (when the key ignores a line's edges) and its shape. */
interface WantedLine {
  key: string;
  trimmed?: string;
  shape: number;
}

function wantedLine(line: string, key: string, eq: LineEquivalence): WantedLine {
  // Stryker disable next-line ConditionalExpression,MethodExpression: an untrimmed line misses the fast path and is keyed: speed only (the same windows: lineSearch.test.ts checks them against the definition)
  return { key, trimmed: eq.ignoresLineEdges ? line.trim() : undefined, shape: keyShape(key) };
}

/**
 * Whether file line `f` has the wanted key: a line equal to it once both are trimmed needs no key at all when the
 * key ignores a line's edges (read in place), and a line of another shape (asciiShape: equal keys have equal shapes)
 * is told apart without keying it. `keyOf` keys the rest (cached or not, as the caller keeps them).
 */
function lineHasKey(doc: SourceText, f: number, wanted: WantedLine, keyOf: (f: number) => string): boolean {
  // Stryker disable next-line ConditionalExpression: without the fast path the line is keyed: speed only (the same windows: lineSearch.test.ts checks them against the definition)
  if (wanted.trimmed !== undefined && doc.trimmedIs(f, wanted.trimmed)) return true;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a key of shape 0 equals only lines of shape 0: speed only (the same windows: lineSearch.test.ts checks them against the definition)
  if (wanted.shape > 0) {
    const shape = asciiShape(doc.content, doc.lineStart(f), doc.lineEnd(f));
    // Stryker disable next-line ConditionalExpression: a line not rejected by its shape is keyed: speed only (the same windows: lineSearch.test.ts checks them against the definition)
    if (shape > 0 && shape !== wanted.shape) return false;
  }
  return keyOf(f) === wanted.key;
}
