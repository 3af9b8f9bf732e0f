// Where a text stands in another, in time linear in the two whatever they hold.
//
// V8's indexOf skips through ordinary text far faster than any loop in JavaScript, but for a pattern longer than
// the 250 characters its Boyer–Moore tables cover, a text that matches the pattern's end a long way before it
// fails, over and over, costs pattern × text: an old text of repeated lines with one changed in its middle, on a
// file of those lines (a log, a data file) — 12.7 s for a 90,000-character pattern on a 3 MB text (measured
// 2026-11-28). So indexOf is given at most PIECE characters of it, and each place found is checked
// whole; when those checks could add up to more than a few passes over the text, the rest of the text is searched
// by Knuth–Morris–Pratt instead (linear, and slower than indexOf only on text where indexOf is fast anyway).

/** The longest pattern given to indexOf: V8's Boyer–Moore tables cover this much of a pattern (kBMMaxShift). */
const PIECE = 250;
/** Characters of whole-pattern checks allowed per character of the text searched, before Knuth–Morris–Pratt. */
const CHECK_PASSES = 4;

/** `text.indexOf(pattern, from)`, in linear time. */
export function indexOfText(text: string, pattern: string, from = 0): number {
  return indexesOfText(text, pattern, from, 1)[0] ?? -1;
}

/** `text.includes(pattern, from)`, in linear time. */
export function includesText(text: string, pattern: string, from = 0): boolean {
  return indexOfText(text, pattern, from) !== -1;
}

/** How many times `pattern` stands in `text` at or after `from` (overlapping ones too), without a list of them all. */
export function countOfText(text: string, pattern: string, from = 0): number {
  let count = 0;
  for (let at = from; ; ) {
    const found = indexesOfText(text, pattern, at, COUNT_CHUNK);
    count += found.length;
    if (found.length < COUNT_CHUNK) return count;
    at = found[found.length - 1] + 1;
  }
}

/** Places counted per search by countOfText (each search goes on where the last stopped: linear in all). */
const COUNT_CHUNK = 4096;

/**
 * Every place at or after `from` where `pattern` stands in `text` (overlapping ones too), the first `limit` of
 * them: what a loop of indexOf from each place found plus one gives, in one pass over the text.
 *
 * A long pattern is looked for by a piece of it (its last PIECE characters), each place found checked whole. That
 * piece of an old text of repeated lines stands at every repetition; after a few failed checks, the search takes
 * the piece where the last check failed instead (a changed line stands far less often than the lines around it,
 * often nowhere).
 */
export function indexesOfText(text: string, pattern: string, from = 0, limit = Infinity): number[] {
  if (pattern.length <= PIECE) {
    const found: number[] = [];
    for (let at = text.indexOf(pattern, from); at !== -1 && found.length < limit; at = text.indexOf(pattern, at + 1)) found.push(at);
    return found;
  }
  const start = Math.min(Math.max(0, Math.trunc(from) || 0), text.length);
  const m = pattern.length;
  // Each check is charged the whole pattern (it may compare that much, found or not).
  let budget = CHECK_PASSES * (text.length - start) + m;
  // The pattern's last piece first: V8 searches a long pattern by the tables of its last 250 characters, so this
  // skips through ordinary text as fast as indexOf of the whole pattern (the first piece was 10 % slower).
  let offset = m - PIECE;
  for (let switches = 0; ; switches++) {
    const piece = pattern.slice(offset, offset + PIECE);
    const found: number[] = [];
    let failed = 0;
    let switched = false;
    for (let hit = text.indexOf(piece, start + offset); hit !== -1 && found.length < limit; hit = text.indexOf(piece, hit + 1)) {
      const at = hit - offset;
      if (text.startsWith(pattern, at)) found.push(at);
      else failed++;
      budget -= m;
      if (budget < 0) return knuthMorrisPratt(text, pattern, start, limit);
      if (failed > FAILS_BEFORE_SWITCH && switches < MAX_SWITCHES && found.length === 0) {
        const next = failingPiece(text, pattern, at);
        budget -= next + PIECE;
        if (next !== offset) {
          offset = next;
          switched = true;
          break;
        }
      }
    }
    if (!switched) return found;
  }
}

/** Failed checks of one piece's places before the search takes another piece. */
const FAILS_BEFORE_SWITCH = 8;
/** Pieces tried in turn at most, before the budget decides. */
const MAX_SWITCHES = 4;

/** Where the piece of `pattern` (at a multiple of PIECE) that does not stand at `at` + its offset starts. */
function failingPiece(text: string, pattern: string, at: number): number {
  let offset = 0;
  while (offset + PIECE < pattern.length && text.startsWith(pattern.slice(offset, offset + PIECE), at + offset)) offset += PIECE;
  return offset;
}

/** The places at or after `from` where `pattern` (not empty) stands, the first `limit` of them: one pass. */
function knuthMorrisPratt(text: string, pattern: string, from: number, limit: number): number[] {
  const found: number[] = [];
  const m = pattern.length;
  // border[i]: the length of the longest proper prefix of pattern[0..i] that is also its suffix.
  const border = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    const c = pattern.charCodeAt(i);
    while (k > 0 && c !== pattern.charCodeAt(k)) k = border[k - 1];
    if (c === pattern.charCodeAt(k)) k++;
    border[i] = k;
  }
  for (let i = from, k = 0; i < text.length && found.length < limit; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== pattern.charCodeAt(k)) k = border[k - 1];
    if (c === pattern.charCodeAt(k)) k++;
    if (k === m) {
      found.push(i - m + 1);
      k = border[m - 1];
    }
  }
  return found;
}
