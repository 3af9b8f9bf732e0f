// Stage 3 of an edit's path (locate → align → merge → verify): a three-way merge of the old text (base), the
// file's window (ours) and the new text (theirs), line by line over the complete alignment.
// - an old line the edit keeps → the file's own line (its characters, its spacing), moved if the edit re-indents it;
// - an old line the edit deletes → its file line goes (a blank line, a drifted line: every paired line alike);
// - an old line the edit changes → the new line, with the file's spelling carried over only where provably right;
// - an old line the file does not have (invented) → nothing to keep or delete; new lines replacing it are inserted;
// - a file line the old text left out (forgotten) → kept where it is;
// - an elision marker of the old text → the file's elided lines, untouched;
// - an elision marker only in the new text (`// ... existing code ...` where the old text has lines) → the old
//   lines it stands for are kept, never replaced by the marker.

import { align, similarity, type Aligned } from './align';
import { indices, pairInOrder, runsOf, type Change } from './lineRuns';
import { mapChars, mergeInto, typographicMap } from './charMerge';
import type { SourceText } from './document';
import { EditError } from './errors';
import { indentStyle, renderIndent, unitRatio, type IndentStyle } from './indent';
import { lineDiff } from './lineDiff';
import { toLF } from './needle';
import { canonicalLine, indentOf, indentWidth, isBlank } from './normalize';
import type { Candidate } from './tier';
import { isElisionMarker } from './tiers/elision';
import { maxOf, minOf } from './arrays';

export interface MergedLines {
  /** The lines written in place of the window. */
  lines: string[];
  /** The new text as the merge read it: placeholders replaced by the old lines they stand for. */
  intended: string[];
  /** Plain words for interpretations a person should confirm (a placeholder kept lines; the indentation frame). */
  review: string[];
  /** The complete alignment the merge used. */
  alignment: Aligned[];
}

const OLD_MARKER = '\u0000elided';
const NEW_MARKER = '\u0000placeholder';
/** A new line this alike to an old one in the same changed region is its new version (merged onto its file line). */
const SAME_LINE = 0.6;
/** A file line this alike to an old line without a counterpart may be the line it stands for. */
const RESEMBLES = 0.8;
/** Region sizes above this pair their lines in order instead of by similarity (the pairing is quadratic). */
const MAX_REGION_PAIRING = 64 * 64;

export function mergeLines(doc: SourceText, c: Candidate, text: string, reindent: boolean, oldText?: string): MergedLines {
  const oldLines = c.needleLines!;
  const window = c.window!;
  const newLines = withoutEdgeBlanks(text, oldText);
  const alignment = align(doc, window, oldLines);
  const fileOf = new Map<number, number>();
  const elidedOf = new Map<number, [number, number]>();
  const claimed = new Set<number>();
  for (const a of alignment) {
    if (a.kind === 'pair') {
      fileOf.set(a.old, a.file);
      claimed.add(a.file);
    } else if (a.kind === 'elided') {
      elidedOf.set(a.old, [a.from, a.to]);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: keepOld writes every elided range and steps the cursor past it (every marker stays: markersStay); no deleted run spans one
      for (let f = a.from; f <= a.to; f++) claimed.add(f);
    }
  }

  // Markers line up k-th with k-th when the old text has them (elisions); otherwise a marker in the new text is
  // a placeholder for old lines, never a line to write.
  const oldElides = elidedOf.size > 0;
  // A marker-shaped line the old text has too (a doctest's `...`, a spread `...rest` the file writes) is a line
  // like any other: it stands for nothing.
  const oldTexts = new Set(oldLines.map((l) => l.trim()));
  const placeholder = newLines.map((l) => isElisionMarker(l) && (oldElides || !oldTexts.has(l.trim())));
  const marks = (n: number) => placeholder[n];
  // Which of two `}` lines an edit deletes decides the nesting: when the new text uses the old text's
  // indentations (one frame), lines are told apart by their column too.
  const columns = sameIndentations(oldLines, newLines);
  const oldKeys = lineKeys(oldLines, oldElides ? OLD_MARKER : undefined, columns, (j) => isElisionMarker(oldLines[j]));
  const newKeys = newLines.length === 1 && newLines[0] === '' ? [] : lineKeys(newLines, oldElides ? OLD_MARKER : NEW_MARKER, columns, marks);
  // Without elisions neither side has an OLD_MARKER key: both counts are 0.
  const count = (keys: string[]) => keys.filter((k) => k.startsWith(OLD_MARKER)).length;
  if (count(oldKeys) !== count(newKeys)) {
    throw new EditError(
      'invalid_input',
      `The old text leaves out lines at ${count(oldKeys)} place(s) ("… existing code …") but the new text has ${count(newKeys)}: ` +
        "keep the same markers in the new text where the file's lines must stay, or give the full text.",
    );
  }

  const style = indentStyle(doc, window);
  // An old text whose lines stand at the file's own columns is in the file's units, whatever step its widths
  // suggest (a forgotten line at the one step between them hides it).
  const sameColumns = [...fileOf].every(([j, f]) => isBlank(oldLines[j]) || indentWidth(indentOf(oldLines[j])) === indentWidth(doc.indentOf(f)));
  // (With no paired line nothing is re-indented, no anchor and no file line to move: the ratio is not read.)
  const ratio = sameColumns ? 1 : unitRatio(oldLines, newLines, style.unit);
  const typographic = typographicMap(doc, fileOf, oldLines);
  // What a chat window makes of ASCII (curled quotes, dashes) is taken back in the lines the edit adds; an ASCII
  // character the file writes otherwise in one place (a no-break space in a comment, a curled quote in a string) is
  // no spelling for them (it only lets a changed line be read against the file's).
  const chatTypography = new Map([...typographic].filter(([c]) => c.charCodeAt(0) >= 0x80));
  const house = fileHouseStyle(doc, window);
  // How an added line is written in the file's style: its typography, straight quotes where the file writes
  // them (curled ones came from a chat window), no trailing spaces the file's lines do not have.
  const styled = (raw: string) => {
    let line = mapChars(raw, chatTypography);
    if (house.straightQuotes) line = straightenQuotes(line);
    return house.trailingSpace ? line : line.trimEnd();
  };
  const changes = slideTowardPlaceholders(diffLines(oldKeys, newKeys), marks);
  if (oldElides && !markersStay(changes, oldKeys)) {
    // Old `A … B`, new `B … A`: the diff keeps `B` and deletes the marker with `A`, and the lines it stands for
    // would go with it (or move). Refused rather than written.
    throw new EditError(
      'merge_conflict',
      'The place was found, but the new text moves lines across a "… existing code …" marker, so the lines it leaves out cannot stay where they are: ' +
        'keep each line on its side of the marker, or give the full text. Nothing was changed.',
    );
  }
  const frame = newTextFrame(doc, changes, oldLines, newLines, fileOf, marks);
  const review: string[] = [];
  if (frame.unclear) review.push("the new text's indentation fits neither the old text nor the file");
  const ind = new Indenter(doc, oldLines, fileOf, ratio, style, reindent && frame.frame === 'old', reindent);

  const out: string[] = [];
  const intended: string[] = [];
  // Between two lines that stay (kept or changed), a line the edit inserts and a text line the old text left
  // out have no order the old and new text can tell: `A B F C` with old `A B C` and new `A X C` is `A X F C`
  // or `A F X C`. The merge writes one of them; a person says whether it is the one meant. (A forgotten blank
  // line is no question worth asking: either order reads the same.)
  const between = new Guesses(doc);
  let cursor = window.startLine;
  /** Emits the file lines before `f` that the old text did not mention (forgotten lines). */
  const flushBefore = (f: number) => {
    for (; cursor < f; cursor++) {
      if (claimed.has(cursor)) continue;
      out.push(doc.line(cursor));
      between.forgotten(cursor);
    }
  };
  /** …and steps past `f`, whose fate the caller decides. */
  const reach = (f: number) => {
    flushBefore(f);
    // Stryker disable next-line MethodExpression,ArithmeticOperator: line f is claimed, so the next flushBefore skips it anyway; the step only saves that look
    cursor = Math.max(cursor, f + 1);
  };
  const keepOld = (o: number, newLine?: string) => {
    const range = elidedOf.get(o);
    const f = fileOf.get(o);
    if (range) {
      flushBefore(range[0]);
      for (let k = range[0]; k <= range[1]; k++) out.push(doc.line(k));
      // Stryker disable next-line MethodExpression,ArithmeticOperator: the elided lines are claimed, so the next flushBefore skips them anyway; the step only saves that look
      cursor = Math.max(cursor, range[1] + 1);
      between.stays();
    } else if (f !== undefined) {
      reach(f);
      out.push(newLine === undefined ? doc.line(f) : ind.keep(f, newLine, oldLines[o]));
      between.stays();
    }
    // An invented old line the edit keeps: the file never had it, there is nothing to keep.
  };
  // An old line with no file line (invented) that the edit deletes or changes: nothing in the file carries that
  // change. Inside the match it is the model's own line; outside it (the old text's first lines, before a line
  // it forgot, are not where the match is) the file's line it meant is left as it is.
  const paired = [...fileOf.keys(), ...elidedOf.keys()];
  const [firstPaired, lastPaired] = [minOf(paired), maxOf(paired)];
  let unwritten: string | undefined;
  // Inside the match, a deleted line the model made up is no loss, unless a file line next to where it would
  // stand reads like it (`parseFileHeder` beside the file's two `parseFileHeader` lines): that may be the line
  // meant, left in place.
  const resembled = (o: number): boolean => {
    if (isBlank(oldLines[o])) return false;
    const near = new Set<number>([window.startLine - 1, window.endLine + 1]);
    for (const j of [o - 1, o + 1]) {
      const f = fileOf.get(j);
      if (f !== undefined) for (const g of [f - 1, f, f + 1]) near.add(g);
    }
    const key = canonicalLine(oldLines[o]);
    return [...near].some((f) => f >= 0 && f < doc.lineCount && similarity(key, doc.lineKey(canonicalLine, f)) >= RESEMBLES);
  };
  const noCounterpart = (o: number, changed: boolean) => {
    const outside = o < firstPaired || o > lastPaired;
    if (unwritten || !(outside || (changed && !isBlank(oldLines[o])) || resembled(o))) return;
    const what = isBlank(oldLines[o]) ? 'a blank line of the old text' : `the old text's line ${quoteLine(oldLines[o])}`;
    unwritten = `${what} is not in the file where the match is, so the edit's ${changed ? 'change' : 'deletion'} of it is a guess`;
  };
  const deleteOld = (o: number) => {
    const f = fileOf.get(o);
    if (f !== undefined) reach(f);
    else noCounterpart(o, false);
  };
  // A line the edit moves (deleted in one place, inserted as it was in another) is the file's line moved: its
  // spelling comes along (a typo of the quote is not written into the file).
  const moved = movedLines(changes, oldLines, fileOf);
  const insertNew = (raw: string, near: number) => {
    const from = isBlank(raw) ? undefined : moved.take(raw);
    const line = from ? ind.keep(from.file, raw, oldLines[from.old]) : styled(raw);
    out.push(isBlank(line) ? '' : from ? line : ind.insert(line, near));
    between.inserted(line);
  };
  const changeOld = (o: number, raw: string) => {
    const f = fileOf.get(o);
    // No file line to merge onto, or a blank one (no indentation to go by): placed like an inserted line.
    if (f === undefined || isBlank(oldLines[o])) {
      if (f !== undefined) reach(f);
      else noCounterpart(o, true);
      return insertNew(raw, o);
    }
    reach(f);
    // Both sides in the file's typography first, so that characters the edit adds (`‘x’` on a changed line)
    // come out as the file writes them.
    const newLine = styled(raw);
    if (isBlank(newLine)) return out.push('');
    // The file's own characters (its em dash for the hyphen typed, a no-break space) come back where the edit left
    // the line alone, placed by the merge: never spread over the part it changed.
    const merged = mergeInto(mapChars(oldLines[o], chatTypography).trim(), newLine.trim(), doc.line(f).trim());
    // Blanks at the end the edit left as they were (the old and new line end alike): the file's stay (two spaces
    // are a hard line break in Markdown). Changed or added there, they are written the file's way (styled).
    const end = trailingBlanks(raw) !== '' && trailingBlanks(raw) === trailingBlanks(oldLines[o]) ? trailingBlanks(doc.line(f)) : '';
    out.push(ind.change(f, merged, newLine, oldLines[o]) + end);
    between.stays();
  };

  let o = 0;
  let n = 0;
  let placeholders = 0;
  for (const run of runsOf(changes)) {
    if (run.kind === 'same') {
      for (let t = 0; t < run.count; t++, o++, n++) {
        keepOld(o, newLines[n]);
        intended.push(newLines[n]);
      }
      continue;
    }
    const region = { olds: indices(o, run.removed), news: indices(n, run.added) };
    placeholders += mergeRegion(region, Math.max(0, o - 1), oldLines, newLines, marks, { keepOld, deleteOld, insertNew, changeOld }, intended);
    o += run.removed;
    n += run.added;
  }
  reach(window.endLine + 1);
  if (placeholders > 0) review.push('a "… existing code …" line in the new text kept the old lines it stands for');
  if (unwritten) review.push(unwritten);
  if (between.guess) review.push(between.guess);
  const slid = slidingDeletion(doc, changes, { oldKeys, oldLines, newLines, marks }, fileOf, claimed);
  if (slid) review.push(slid);
  const twin = twinOldLines(doc, changes, oldLines, fileOf);
  if (twin) review.push(twin);
  return { lines: out, intended, review, alignment };
}

/**
 * A placeholder in the new text stands for the old lines the diff removes beside it. Blank lines make the diff's
 * choice arbitrary: old `a, "", b, c, "", r` and new `a, // ..., "", r2` keep the first blank line, so `b, c`
 * and the second blank line are removed away from the placeholder, which then stands for nothing (and b, c were
 * deleted). A run kept between a placeholder and a removal slides down over the removal when the removal holds
 * the same lines further on: the same lines kept, and the placeholder beside the lines it stands for.
 */
export function slideTowardPlaceholders(changes: Change<string>[], marks: (n: number) => boolean): Change<string>[] {
  const out = [...changes];
  let n = 0;
  for (let i = 0; i + 2 < out.length; i++) {
    const [placed, kept, removed] = [out[i], out[i + 1], out[i + 2]];
    const count = placed.count ?? placed.value.length;
    if (!placed.added) {
      if (!placed.removed) n += count;
      continue;
    }
    n += count;
    if (!marks(n - 1) || kept.added || kept.removed || !removed.removed) continue;
    const k = kept.value.length;
    // A few lines (the blank lines the diff chose among): the search below is removed lines × k.
    if (k > MAX_SLID) continue;
    const from = removed.value.findIndex((_, p) => p > 0 && p + k <= removed.value.length && kept.value.every((key, t) => removed.value[p + t] === key));
    if (from < 0) continue;
    const before = [...kept.value, ...removed.value.slice(0, from)];
    const after = removed.value.slice(from + k);
    const stays: Change<string> = { value: removed.value.slice(from, from + k), count: k, removed: false, added: false };
    const tail: Change<string>[] = after.length ? [{ value: after, count: after.length, removed: true, added: false }] : [];
    // A region is its removed lines, then its added ones (see runsOf): the lines removed join any removed before.
    const prior = i > 0 && out[i - 1].removed ? out[i - 1] : undefined;
    if (prior) {
      const value = [...prior.value, ...before];
      out.splice(i - 1, 4, { ...prior, value, count: value.length }, placed, stays, ...tail);
    } else {
      out.splice(i, 3, { value: before, count: before.length, removed: true, added: false }, placed, stays, ...tail);
      i++;
    }
    // Past the lines that stay (the loop steps past the placeholder's run).
    i++;
    n += k;
  }
  return out;
}

/** Lines a kept run may have to slide toward a placeholder (see slideTowardPlaceholders). */
const MAX_SLID = 4;

/** The blanks a line ends with. */
function trailingBlanks(line: string): string {
  return line.slice(line.trimEnd().length);
}

/** Every marker of the old text is one the diff keeps (an equal line of the new text), none deleted or replaced. */
function markersStay(changes: Change<string>[], oldKeys: string[]): boolean {
  let o = 0;
  for (const run of runsOf(changes)) {
    if (run.kind === 'same') {
      o += run.count;
      continue;
    }
    for (let j = o; j < o + run.removed; j++) if (oldKeys[j].startsWith(OLD_MARKER)) return false;
    o += run.removed;
  }
  return true;
}

/**
 * The old lines the diff removes that have a file line, by their text: an inserted new line with the same text
 * (indentation aside) is that line moved. Each is taken once.
 */
function movedLines(changes: Change<string>[], oldLines: string[], fileOf: Map<number, number>): { take(line: string): { old: number; file: number } | undefined } {
  // Each text's removed old lines in order, and how many of them are taken (a list copied for each line added, and
  // shifted for each taken, was quadratic in an edit of thousands of equal lines).
  const removed = new Map<string, { js: number[]; taken: number }>();
  let o = 0;
  for (const run of runsOf(changes)) {
    if (run.kind === 'region') {
      for (let j = o; j < o + run.removed; j++) {
        if (isBlank(oldLines[j]) || !fileOf.has(j)) continue;
        const k = oldLines[j].trim();
        const entry = removed.get(k);
        if (entry) entry.js.push(j);
        else removed.set(k, { js: [j], taken: 0 });
      }
    }
    o += run.kind === 'same' ? run.count : run.removed;
  }
  return {
    take(line) {
      const entry = removed.get(line.trim());
      const j = entry && entry.taken < entry.js.length ? entry.js[entry.taken++] : undefined;
      return j === undefined ? undefined : { old: j, file: fileOf.get(j)! };
    },
  };
}

/**
 * Two equal old lines (two ` *` lines of a comment), one paired with a file line and one without a counterpart,
 * with no pair between them: either could be the file's line. When the edit keeps one and deletes or changes
 * the other, which file line goes is a guess.
 */
function twinOldLines(doc: SourceText, changes: Change<string>[], oldLines: string[], fileOf: Map<number, number>): string | undefined {
  // Stryker disable next-line ArrayDeclaration: an unset entry reads undefined, which compares with true and false as false does
  const goes = new Array<boolean>(oldLines.length).fill(false);
  let o = 0;
  for (const run of runsOf(changes)) {
    if (run.kind === 'region') for (let t = 0; t < run.removed; t++) goes[o + t] = true;
    o += run.kind === 'same' ? run.count : run.removed;
  }
  const key = (j: number) => canonicalLine(oldLines[j]);
  for (const [j, f] of fileOf) {
    if (isBlank(oldLines[j])) continue;
    for (const step of [-1, 1]) {
      for (let k = j + step; k >= 0 && k < oldLines.length && !fileOf.has(k); k += step) {
        if (key(k) === key(j) && goes[k] !== goes[j]) {
          return `the old text has ${quoteLine(oldLines[j])} twice where the file has it once (line ${f + 1}): whether the edit keeps that line or not is a guess`;
        }
      }
    }
  }
  return undefined;
}

/**
 * Watches the lines written between two lines that stay, for an inserted line and a forgotten text line in one
 * such stretch: their order is the merge's guess. Keeps the first guess, in words.
 */
class Guesses {
  guess?: string;
  private insertedLine?: string;
  private forgottenLine?: number;

  constructor(private readonly doc: SourceText) {}

  /** A line that stays (kept, changed, elided): a fixed point, the stretch ends. */
  stays(): void {
    this.insertedLine = undefined;
    this.forgottenLine = undefined;
  }

  inserted(line: string): void {
    if (isBlank(line)) return;
    this.insertedLine ??= line;
    if (this.forgottenLine !== undefined) this.record(this.forgottenLine);
  }

  forgotten(f: number): void {
    if (isBlank(this.doc.line(f))) return;
    this.forgottenLine ??= f;
    if (this.insertedLine !== undefined) this.record(f);
  }

  private record(f: number): void {
    this.guess ??=
      `the old text leaves out line ${f + 1} (${quoteLine(this.doc.line(f))}), so whether ${quoteLine(this.insertedLine!)} goes before or after it is a guess`;
  }
}

/**
 * Two equal old lines with only deleted lines between them, one kept and one deleted (old `R, _, A, _, S` →
 * new `R, _, S` deletes `A` and either blank line), or one changed and one deleted (`x, x` → `x2`): the old → new
 * diff could have deleted either. That choice is a guess when a text line the old text left out stands between
 * their file lines: the result differs by which side of it the remaining line is on.
 */
function slidingDeletion(
  doc: SourceText,
  changes: Change<string>[],
  lines: { oldKeys: string[]; oldLines: string[]; newLines: string[]; marks: (n: number) => boolean },
  fileOf: Map<number, number>,
  claimed: Set<number>,
): string | undefined {
  const { oldKeys, oldLines, newLines } = lines;
  // Each old line's fate: deleted, or kept — equal in the new text, or paired with a new version of itself (changed:
  // old `x, x` → new `x2` changes one and deletes the other, and which is which is the guess, as for a kept line).
  const fate = new Array<'kept' | 'deleted'>(oldKeys.length).fill('kept');
  let o = 0;
  let n = 0;
  for (const run of runsOf(changes)) {
    if (run.kind === 'same') {
      o += run.count;
      n += run.count;
      continue;
    }
    const olds = indices(o, run.removed);
    const news = indices(n, run.added);
    for (const j of olds) fate[j] = 'deleted';
    for (const [a] of pairVersions(olds, news, oldLines, newLines, lines.marks)) fate[olds[a]] = 'kept';
    o += run.removed;
    n += run.added;
  }
  const across = (lo: number, hi: number): string | undefined => {
    const files = indices(lo, hi - lo + 1)
      .map((j) => fileOf.get(j))
      .filter((f): f is number => f !== undefined);
    // Between the first and the last (none when fewer than two).
    for (let f = minOf(files) + 1, last = maxOf(files); f < last; f++) {
      if (claimed.has(f) || isBlank(doc.line(f))) continue;
      return `the old text leaves out line ${f + 1} (${quoteLine(doc.line(f))}), and which of two equal lines around it the edit deletes is a guess`;
    }
    return undefined;
  };
  // Each run of deleted lines against the kept lines at its two ends: linear in the old text.
  for (let a = 0; a < fate.length; ) {
    if (fate[a] !== 'deleted') {
      a++;
      continue;
    }
    let b = a;
    while (fate[b] === 'deleted') b++; // past the end fate[b] is undefined
    const run = new Map<string, number[]>();
    for (let j = a; j < b; j++) run.set(oldKeys[j], [...(run.get(oldKeys[j]) ?? []), j]);
    // The kept lines at its ends (a run ends at a kept line; before the first line or after the last, oldKeys[end]
    // is undefined, which no run holds).
    for (const end of [a - 1, b]) {
      for (const j of run.get(oldKeys[end]) ?? []) {
        const guess = across(Math.min(j, end), Math.max(j, end));
        if (guess) return guess;
      }
    }
    a = b;
  }
  return undefined;
}

function quoteLine(line: string): string {
  const t = line.trim();
  return `\`${t.length > 50 ? t.slice(0, 47) + '…' : t}\``;
}

const CURLED_QUOTES = /[\u2018\u2019\u201C\u201D]/g;

/**
 * Whether a new text gives the merge anything to do when its old text matched whole lines exactly: a placeholder
 * line to keep lines for, curled quotes or trailing spaces to write in the file's style.
 */
export function needsLineMerge(newText: string): boolean {
  return newText.search(CURLED_QUOTES) >= 0 || /[ \t]$/m.test(newText) || hasPlaceholder(newText);
}

/** The text has a line that is an elision marker (`// ... existing code ...`): lines to keep, only the merge can. */
export function hasPlaceholder(text: string): boolean {
  return text.split('\n').some(isElisionMarker);
}

/** Curled quotes as delimiters become straight; an apostrophe between letters (`It’s` in a string) stays. */
function straightenQuotes(line: string): string {
  return line.replace(CURLED_QUOTES, (q, at: number) => {
    if (/\p{L}/u.test(line[at - 1] ?? '') && /\p{L}/u.test(line[at + 1] ?? '')) return q;
    return q === '\u201C' || q === '\u201D' ? '"' : "'";
  });
}

/**
 * How the file writes the lines around the match: straight quotes and no curled ones anywhere in the window
 * (so a curled quote in an added line came from a chat window), and whether any line keeps trailing spaces.
 */
function fileHouseStyle(doc: SourceText, window: { startLine: number; endLine: number }): { straightQuotes: boolean; trailingSpace: boolean } {
  let straight = false;
  let curled = false;
  let trailingSpace = false;
  for (let f = window.startLine; f <= window.endLine; f++) {
    const line = doc.line(f);
    if (/["']/.test(line)) straight = true;
    if (line.search(CURLED_QUOTES) >= 0) curled = true;
    if (/\S[ \t]+$/.test(line)) trailingSpace = true;
  }
  return { straightQuotes: straight && !curled, trailingSpace };
}

interface Writers {
  keepOld(o: number): void;
  deleteOld(o: number): void;
  insertNew(line: string, near: number): void;
  changeOld(o: number, line: string): void;
}

/**
 * A run of old lines the edit replaces by a run of new lines. Lines of both runs are paired by similarity, in
 * order (a changed line merges onto its old line's file line); unpaired old lines are deleted, unpaired new lines
 * inserted — except that a placeholder among the new lines keeps the old lines between the pairs around it.
 * Returns how many placeholders kept lines.
 */
function mergeRegion(
  region: { olds: number[]; news: number[] },
  before: number,
  oldLines: string[],
  newLines: string[],
  /** Whether new line `n` is a placeholder for old lines. */
  marks: (n: number) => boolean,
  w: Writers,
  intended: string[],
): number {
  const { olds, news } = region;
  const pairs = pairVersions(olds, news, oldLines, newLines, marks);
  /** The old line an inserted line is indented against: the old line just above it (in the region, or before it). */
  const near = (k: number) => (k > 0 ? olds[k - 1] : before);
  let kept = 0;
  let a = 0; // index into olds
  let b = 0; // index into news
  for (const [pa, pb] of [...pairs, [olds.length, news.length] as [number, number]]) {
    const between = news.slice(b, pb);
    const marker = between.findIndex(marks);
    if (marker < 0) {
      for (; a < pa; a++) w.deleteOld(olds[a]);
      for (const k of between) {
        w.insertNew(newLines[k], near(pa));
        intended.push(newLines[k]);
      }
    } else {
      // New lines before the placeholder, the old lines it stands for, then the new lines after it.
      for (const k of between.slice(0, marker)) {
        w.insertNew(newLines[k], near(a));
        intended.push(newLines[k]);
      }
      if (a < pa) kept++;
      for (; a < pa; a++) {
        w.keepOld(olds[a]);
        intended.push(oldLines[olds[a]]);
      }
      for (const k of between.slice(marker + 1)) {
        if (marks(k)) continue;
        w.insertNew(newLines[k], near(pa));
        intended.push(newLines[k]);
      }
    }
    if (pa < olds.length) {
      w.changeOld(olds[pa], newLines[news[pb]]);
      intended.push(newLines[news[pb]]);
    }
    a = pa + 1;
    b = pb + 1;
  }
  return kept;
}

/**
 * Old and new lines of a region that are versions of one line, in order: the pairing that maximises the summed
 * similarity of pairs at least half alike (blank lines pair with blank lines only). Large regions pair by
 * position instead.
 */
export function pairVersions(olds: number[], news: number[], oldLines: string[], newLines: string[], marks: (n: number) => boolean): Array<[number, number]> {
  const sim = (a: number, b: number) => {
    const x = oldLines[olds[a]];
    const y = newLines[news[b]];
    if (marks(news[b]) || isBlank(x) !== isBlank(y)) return -1;
    if (isBlank(x)) return 1;
    // One line replaced by one line is that line changed, however much.
    if (olds.length === 1 && news.length === 1) return 1;
    // A line given a comment (`}` → `} // changed`) is that line, punctuation or not.
    if (commented(x.trim(), y.trim())) return 1;
    const s = Math.max(similarity(canonicalLine(x), canonicalLine(y)), kept(canonicalLine(x), canonicalLine(y)));
    return s >= SAME_LINE ? s : -1;
  };
  if (olds.length * news.length > MAX_REGION_PAIRING) {
    const pairs: Array<[number, number]> = [];
    for (let k = 0; k < Math.min(olds.length, news.length); k++) {
      if (sim(k, k) >= 0) pairs.push([k, k]);
    }
    return pairs;
  }
  return pairInOrder(olds.length, news.length, sim);
}

/** `line` is `old` with a comment after it (`} // changed`, `x = 1  # note`). */
function commented(old: string, line: string): boolean {
  return old !== '' && line.startsWith(old) && /^\s+(?:\/\/|#|\/\*|--)/.test(line.slice(old.length));
}

/**
 * How much of `old` the new line keeps at its start and end: `x;` → `x; // note` keeps all of it. A line of
 * mere punctuation (` *\/`, `}`) is kept by any line that happens to end alike: it says nothing; so do the
 * punctuation ends of a short line (`x();` and `setup();` share only `();`).
 */
export function kept(old: string, line: string): number {
  let head = 0;
  while (head < old.length && old[head] === line[head]) head++; // past the end of line, line[head] is undefined
  let tail = 0;
  while (tail < old.length - head && tail < line.length - head && old[old.length - 1 - tail] === line[line.length - 1 - tail]) tail++;
  // What is kept must hold a word: the `();` that `x();` shares with `setup();` keeps nothing of it.
  if (!/[\p{L}\p{N}_$]/u.test(old.slice(0, head) + old.slice(old.length - tail))) return 0;
  return (head + tail) / old.length;
}

/**
 * How each written line gets its indentation. In the old text's frame (the usual case: a model quotes the old
 * text dedented and writes the new text the same way) a line moves by its offset from its old line, in file
 * units, from the file line that old line stands for. In the file's frame the new text is written as it is.
 */
class Indenter {
  private readonly anchorFor: (j: number) => [number, number] | undefined;

  constructor(
    private readonly doc: SourceText,
    private readonly oldLines: string[],
    fileOf: Map<number, number>,
    private readonly ratio: number,
    private readonly style: IndentStyle,
    /** Shift lines from the old text's frame to the file's. */
    private readonly shift: boolean,
    /** Re-indentation at all (the caller's `reindent`). */
    private readonly reindent: boolean,
  ) {
    this.anchorFor = anchors(oldLines, fileOf);
  }

  /** A kept line: the file's text; moved alike if the edit re-indents it. */
  keep(f: number, newLine: string, oldLine: string): string {
    const fileLine = this.doc.line(f);
    if (!this.reindent) return fileLine;
    if (!this.shift) {
      // The new text stands in the file's frame: its indentation is the one to write.
      return indentOf(newLine) === this.doc.indentOf(f) ? fileLine : this.indented(indentWidth(indentOf(newLine)), fileLine);
    }
    const delta = indentWidth(indentOf(newLine)) - indentWidth(indentOf(oldLine));
    if (delta === 0) return fileLine;
    return this.indented(indentWidth(this.doc.indentOf(f)) + this.scaled(delta), fileLine);
  }

  /** A changed line merged onto file line `f`. */
  change(f: number, merged: string, newLine: string, oldLine: string): string {
    if (!this.shift) return indentOf(newLine) + merged;
    const delta = indentWidth(indentOf(newLine)) - indentWidth(indentOf(oldLine));
    return renderIndent(Math.max(0, indentWidth(this.doc.indentOf(f)) + this.scaled(delta)), this.style) + merged;
  }

  /** An inserted line, placed relative to the old line nearest to where it goes. */
  insert(line: string, near: number): string {
    if (!this.shift) return line;
    const anchor = this.anchorFor(near);
    if (!anchor) return line;
    const [j, f] = anchor;
    const delta = indentWidth(indentOf(line)) - indentWidth(indentOf(this.oldLines[j]));
    return this.indented(indentWidth(this.doc.indentOf(f)) + this.scaled(delta), line);
  }

  /**
   * A move in the model's columns as a move in the file's: whole steps converted, the rest (a comment's ` * `
   * one column in, an alignment) kept as it is.
   */
  private scaled(delta: number): number {
    if (this.ratio === 1) return delta;
    const step = this.style.unit / this.ratio;
    const steps = Math.round(delta / step);
    return Math.round(steps * this.style.unit + (delta - steps * step));
  }

  private indented(width: number, line: string): string {
    return renderIndent(Math.max(0, width), this.style) + line.trimStart();
  }
}

/**
 * Which frame the new text is written in. The lines it keeps from the old text say it: their indentation in the
 * new text equals the old text's (shift to the file) or the file's (write as is). Without a kept line that can
 * tell, the first changed line is compared the same way.
 */
function newTextFrame(
  doc: SourceText,
  changes: Change<string>[],
  oldLines: string[],
  newLines: string[],
  fileOf: Map<number, number>,
  marks: (n: number) => boolean,
): { frame: 'old' | 'file'; unclear: boolean } {
  let fitsOld = 0;
  let fitsFile = 0;
  let telling = 0;
  const vote = (o: number, n: number) => {
    const f = fileOf.get(o);
    if (f === undefined || isBlank(oldLines[o]) || isBlank(newLines[n]) || marks(n)) return;
    const oldIndent = indentWidth(indentOf(oldLines[o]));
    const fileIndent = indentWidth(doc.indentOf(f));
    if (oldIndent === fileIndent) return; // both frames agree here
    const newIndent = indentWidth(indentOf(newLines[n]));
    telling++;
    if (newIndent === oldIndent) fitsOld++;
    // Text written in the file's frame is indented with the file's characters: a tab where the file has spaces
    // came with the old text's frame.
    else if (newIndent === fileIndent && indentOf(newLines[n]).includes('\t') === doc.indentOf(f).includes('\t')) fitsFile++;
  };
  let o = 0;
  let n = 0;
  let firstChanged: [number, number] | undefined;
  for (const ch of changes) {
    const count = ch.count ?? ch.value.length;
    if (ch.added) {
      if (firstChanged && firstChanged[1] < 0) firstChanged[1] = n;
      n += count;
    } else if (ch.removed) {
      firstChanged ??= [o, -1];
      o += count;
    } else {
      for (let t = 0; t < count; t++) vote(o + t, n + t);
      o += count;
      n += count;
    }
  }
  if (telling === 0 && firstChanged && firstChanged[1] >= 0) vote(firstChanged[0], firstChanged[1]);
  if (fitsFile > fitsOld) return { frame: 'file', unclear: false };
  return { frame: 'old', unclear: telling > 0 && fitsOld === 0 };
}


/**
 * The old → new line diff, with the lines both texts start and end with taken as equal first: a lone `}` that
 * closes the block is the block's last line, not the first `}` inside it that a plain diff would pick.
 */
export function diffLines(a: readonly string[], b: readonly string[]): Change<string>[] {
  // Bounded work (see lineDiff): an edit rewriting thousands of lines costs lines, not lines × lines.
  return lineDiff(a, b);
}

/** Lines keyed for the old → new diff: the text without its indentation (spacing inside a line counts), markers numbered. */
export function lineKeys(lines: string[], marker: string | undefined, columns: boolean, isMarker: (i: number) => boolean): string[] {
  let k = 0;
  return lines.map((l, i) => {
    if (marker !== undefined && isMarker(i)) return `${marker}${k++}`;
    return columns && !isBlank(l) ? `${indentOf(l)}${l.trim()}` : l.trim();
  });
}

/** Every indentation the new text uses is one the old text uses: both are written in one frame. */
export function sameIndentations(oldLines: string[], newLines: string[]): boolean {
  const old = new Set(oldLines.filter((l) => !isBlank(l)).map(indentOf));
  return newLines.every((l) => isBlank(l) || old.has(indentOf(l)));
}

/**
 * The new text's lines without the blank lines at its edges that stand for the old text's (the line tiers set
 * those aside, so they are no part of the match): as many as the old text has there, or all of them when the
 * old text is not known. A blank line beyond those is the edit's own: one the old text had inside, kept.
 */
export function withoutEdgeBlanks(text: string, oldText: string | undefined): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const edges = oldText === undefined ? { lead: Infinity, trail: Infinity } : blankEdges(toLF(oldText));
  let a = 0;
  let b = lines.length;
  while (a < b && a < edges.lead && isBlank(lines[a])) a++;
  while (b > a && lines.length - b < edges.trail && isBlank(lines[b - 1])) b--;
  return a === b ? [''] : lines.slice(a, b);
}

/** How many blank lines a text starts and ends with (a final line break ends its last line; all blank: all lead). */
export function blankEdges(text: string): { lead: number; trail: number } {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let lead = 0;
  while (lead < lines.length && isBlank(lines[lead])) lead++;
  let trail = 0;
  while (trail < lines.length - lead && isBlank(lines[lines.length - 1 - trail])) trail++;
  return { lead, trail };
}

/** For an old line index, the nearest old line (at or before it, else after it) that lines up with a file line. */
export function anchors(oldLines: string[], pairs: ReadonlyMap<number, number>): (j: number) => [number, number] | undefined {
  const paired = [...pairs].filter(([j]) => !isBlank(oldLines[j])).sort((a, b) => a[0] - b[0]);
  // The last pair at or before `j`, else the first after it: a binary search (a walk from the start for each of
  // thousands of inserted lines was quadratic).
  return (j) => {
    let lo = 0;
    let hi = paired.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (paired[mid][0] <= j) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? paired[lo - 1] : paired[0];
  };
}
