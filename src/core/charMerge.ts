// Merging one changed line: the old line (base), the file's line (ours) and the new line (theirs), character by
// character — but only where that is provably right. A difference between the old line and the file's (a typo,
// a curled quote) is carried into the new line only when the edit left that part of the line alone and the part
// stands exactly once in the new line; otherwise the new line is written as the model wrote it.

import { diffChars } from 'diff';
import type { SourceText } from './document';
import { canonicalizeUnicode, hasTypographicChars, typedDashes } from './normalize';
import { indexOfText } from './textSearch';
import { maxEditLengthFor } from './lineDiff';

/**
 * Applies the differences between `oldText` and `fileText` to `newText` where the edit left them alone, each
 * located by its surrounding characters. A typographic character the edit moved (`”` after inserted text) is
 * mapped wherever it occurs, since the file consistently has the other one. Anything else that cannot be placed
 * exactly once leaves the new text as the model wrote it.
 */
export function mergeInto(oldText: string, newText: string, fileText: string): string {
  return tryMergeInto(oldText, newText, fileText) ?? newText;
}

/** `mergeInto`, or undefined when a difference cannot be placed (the caller decides what to write then). */
export function tryMergeInto(oldText: string, newText: string, fileText: string): string | undefined {
  if (oldText === fileText) return newText;
  const parts = charDiff(oldText, fileText);
  const touched = parts && editedPositions(oldText, newText);
  // Texts too long and too different to diff within the bound: no difference is placed (the caller decides).
  if (!parts || !touched) return undefined;
  const charMap = new Map<string, string>();
  const conflicting = new Set<string>();
  let result = newText;
  let before = '';
  let at = 0; // position in oldText
  let shift = 0; // how much the differences placed so far lengthened `result`
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p.added && !p.removed) {
      before += p.value;
      at += p.value.length;
      continue;
    }
    const removed = p.removed ? p.value : '';
    const next = p.removed && parts[i + 1]?.added ? parts[++i].value : '';
    const added = p.added ? p.value : next;
    // Where the edit changed the line too (the file has `|-----------|`, the old text `|----------|`, the new
    // `|-------|`), the two differences are not independent: the file's cannot be carried over faithfully.
    const overlapsEdit = touchesEdit(touched, at, removed.length) && !isTypographicSwap(removed, added);
    // Where the difference must land in the new line: its old position carried through the edit.
    const expected = touched.toNew[at] + shift;
    at += removed.length;
    if (overlapsEdit) return undefined;
    const after = parts.slice(i + 1).filter((q) => !q.added).map((q) => q.value).join('');
    // Placed by the characters around it, both sides first; a line break the file has (and the old text not, or
    // the reverse) next to text the edit changed is placed by the one side the edit left alone. Spacing inside a
    // line is not: next to a change it would land on the wrong side of it.
    const contexts: Array<[string, string]> = [[before.slice(-6), after.slice(0, 6)]];
    // So is a character the file writes its own way (its em dash for a typed hyphen) next to a change: it must land
    // where the edit carried it, which is what keeps it from the wrong side.
    const swap = isTypographicSwap(removed, added);
    if ((!removed.trim() && !added.trim() && (removed + added).includes('\n')) || swap) contexts.push([before.slice(-6), ''], ['', after.slice(0, 6)]);
    // The left context of the next difference is read in `result`, where this one now stands as the file has it.
    before += added;
    // Placed by its context, once, and where the edit carried it: `pick(colo|r)` repeated three times by the edit
    // may have a unique context at the last copy, but the difference belongs to the first.
    // Found, and found there: a context that stands nowhere (-1) must not pass for a difference at the start.
    let found = -1;
    const placed = contexts.find(([left, right]) => {
      found = uniqueIndex(result, left + removed + right);
      return found >= 0 && found + left.length === expected;
    });
    if (placed) {
      const [left, right] = placed;
      result = result.slice(0, found) + left + added + right + result.slice(found + left.length + removed.length + right.length);
      shift += added.length - removed.length;
      // The same character where the edit adds it (`—no-audit` after `—ignore-scripts`) gets the file's form too:
      // a chat window's character only. An ASCII one the file writes otherwise here (a no-break space in a
      // comment, an em dash in prose) is no spelling for the rest of the line (`x + 1` got no-break spaces).
      if (swap && !isAscii(removed)) {
        if ((charMap.get(removed) ?? added) === added) charMap.set(removed, added);
        else conflicting.add(removed);
      }
    } else if (swap && !isAscii(removed) && (charMap.get(removed) ?? added) === added) {
      charMap.set(removed, added);
    } else {
      return undefined;
    }
  }
  for (const c of conflicting) charMap.delete(c);
  for (const [from, to] of charMap) result = result.split(from).join(to);
  return result;
}

function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}

/**
 * jsdiff's character diff, within a bound on its work: it costs characters × differing characters, and a line of
 * 20,000 characters with its quotes curled took 4.7 s (found 2026-11-28). Undefined when the two differ by more
 * than it may look through: 64 characters at least, more for shorter texts (every line of ordinary length).
 */
function charDiff(a: string, b: string): ReturnType<typeof diffChars> | undefined {
  return diffChars(a, b, { maxEditLength: maxEditLengthFor(a.length + b.length, CHAR_DIFF_WORK) });
}

/** Work (characters × differing characters) one character diff may do. */
const CHAR_DIFF_WORK = 1_000_000;

/** What the edit did to `oldText`: the characters it removed, and the points (before index k) it inserted at. */
interface EditShape {
  removed: Uint8Array;
  insertedAt: Uint8Array;
  /** Old position (a point before index k, k ≤ length) → the same point in the new text, -1 inside a removal. */
  toNew: Int32Array;
}

function editedPositions(oldText: string, newText: string): EditShape | undefined {
  const parts = charDiff(oldText, newText);
  if (!parts) return undefined;
  const shape = { removed: new Uint8Array(oldText.length), insertedAt: new Uint8Array(oldText.length + 1), toNew: new Int32Array(oldText.length + 1).fill(-1) };
  let at = 0;
  let to = 0;
  for (const part of parts) {
    const n = part.value.length;
    if (part.added) {
      shape.insertedAt[at] = 1;
      to += n;
    } else if (part.removed) {
      shape.removed.fill(1, at, at + n);
      at += n;
    } else {
      for (let k = 0; k < n; k++) shape.toNew[at + k] = to + k;
      at += n;
      to += n;
    }
  }
  // The end of the old text is the end of the new one. (After a removal at the very end it is read only for a
  // difference there, which meets the removal and is given up before its place is used.)
  shape.toNew[oldText.length] = to;
  return shape;
}

/**
 * Does the file's difference at old positions [at, at + length) (an insertion point when length is 0) meet the
 * edit's? It does when a removed character of the edit lies in it or right next to it, or the edit inserted at
 * one of its points.
 */
function touchesEdit(edit: EditShape, at: number, length: number): boolean {
  // Past the end a typed array reads undefined: no removal there.
  for (let k = Math.max(0, at - 1); k <= at + length; k++) if (edit.removed[k]) return true;
  for (let q = at; q <= at + length; q++) if (edit.insertedAt[q]) return true;
  return false;
}

/** Where `needle` stands in `text` if it stands there exactly once, else -1. */
function uniqueIndex(text: string, needle: string): number {
  const at = indexOfText(text, needle);
  // Not found, it is not found after -1 either: -1 comes back. An empty needle stands everywhere (also after 0): -1.
  return indexOfText(text, needle, at + 1) === -1 ? at : -1;
}

/**
 * The typographic characters the old text had where the file has other ones (`“` for `"`), learned from the
 * aligned lines; a character mapped two ways is left alone. The new text's lines get the file's characters.
 */
export function typographicMap(doc: SourceText, pairs: ReadonlyMap<number, number>, oldLines: string[]): Map<string, string> {
  const map = new Map<string, string>();
  const conflicting = new Set<string>();
  for (const [j, f] of pairs) {
    const old = oldLines[j].trim();
    const file = doc.line(f).trim();
    // Stryker disable next-line LogicalOperator: speed only: the same line, or lines without a typographic character (every character isTypographicSwap accepts is one), teach nothing below either
    if (old === file || !hasTypographicChars(old + file)) continue;
    // A line too long and too different to diff within the bound teaches nothing.
    const parts = charDiff(old, file) ?? [];
    for (let i = 0; i + 1 < parts.length; i++) {
      if (!parts[i].removed || !parts[i + 1].added) continue;
      // A run of them differs as one part (`“”“` for `"""`): pair it character by character.
      const from = [...parts[i].value];
      const to = [...parts[i + 1].value];
      // A dash the chat UI made of `--` (`—force` for `--force`): one character for the file's two.
      if (from.length === 1 && parts[i + 1].value === '--') to.splice(0, 2, '--');
      if (from.length !== to.length || !from.every((c, k) => isTypographicSwap(c, to[k]))) continue;
      from.forEach((c, k) => {
        if ((map.get(c) ?? to[k]) !== to[k]) conflicting.add(c);
        map.set(c, to[k]);
      });
    }
  }
  for (const c of conflicting) map.delete(c);
  // Opening and closing quotes are curled together (a chat UI does both): evidence for one is evidence for its mate.
  for (const [open, close] of QUOTE_PAIRS) {
    for (const [known, mate] of [[open, close], [close, open]]) {
      const to = map.get(known);
      // An unknown `to` (undefined) is never a character's ASCII form: nothing is set then.
      if (!map.has(mate) && !conflicting.has(mate) && canonicalizeUnicode(mate) === to) map.set(mate, to);
    }
  }
  return map;
}

const QUOTE_PAIRS: Array<[string, string]> = [
  ['\u2018', '\u2019'], // ‘ ’
  ['\u201C', '\u201D'], // “ ”
];

export function mapChars(line: string, map: Map<string, string>): string {
  if (map.size === 0) return line;
  let out = '';
  for (const c of line) out += map.get(c) ?? c;
  return out;
}

/** One typographic character for its ASCII form (or back): `“` and `"`, `–` and `-`; a dash for the `--` it was typed as. */
function isTypographicSwap(a: string, b: string): boolean {
  return a.length === 1 && a !== b && (canonicalizeUnicode(a) === canonicalizeUnicode(b) || (b === '--' && typedDashes(a) === b));
}