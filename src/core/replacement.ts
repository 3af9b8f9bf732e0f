// Writing the new text into the matched span. The new text is written the way the old text had to be read:
// unescaped if the old was, re-indented if indentation was ignored, with the file's line endings, and with the
// file's own characters on every line the edit does not change.

import { diffArrays, diffChars } from 'diff';
import type { SourceText } from './document';
import { EditError } from './errors';
import { toLF } from './needle';
import { canonicalLine, canonicalizeUnicode, hasTypographicChars, indentOf, indentWidth, isBlank } from './normalize';
import type { Candidate } from './tier';
import { gcd } from './tiers/indentation';
import { isElisionMarker } from './tiers/elision';

export interface Replacement {
  start: number;
  end: number;
  text: string;
}

export function buildReplacement(doc: SourceText, c: Candidate, newString: string, reindent: boolean): Replacement {
  let text = toLF(newString);
  if (c.transformNew) text = c.transformNew(text);
  let { start, end } = c;
  if (c.window && c.needleLines) {
    text = writeLines(doc, c, text, reindent);
  } else if (c.mergeOld !== undefined) {
    // The file's text on an LF view: its CRs come back with the line ending below, once.
    const merged = tryMergeInto(c.mergeOld, text.trim(), toLF(doc.content.slice(start, end)));
    text = merged ?? (c.reflow ? reindentReflowed(doc, c.reflow, text) : text.trim());
  } else if (c.trimmedBoundary) {
    const { leading, trailing } = c.trimmedBoundary;
    if (leading && text.startsWith(leading)) text = text.slice(leading.length);
    if (trailing && text.endsWith(trailing)) text = text.slice(0, text.length - trailing.length);
  }
  const eol = doc.eolAt(start);
  if (eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  if (text.length === 0) ({ start, end } = widenToWholeLines(doc, start, end));
  return { start, end, text };
}

/** An empty replacement of whole lines removes the lines, line breaks included (not a blank line left behind). */
function widenToWholeLines(doc: SourceText, start: number, end: number): { start: number; end: number } {
  const first = doc.lineAt(start);
  const last = doc.lineAt(Math.max(start, end - 1));
  if (start !== doc.lineStart(first) || end !== doc.lineEnd(last)) return { start, end };
  if (last + 1 < doc.lineCount) return { start, end: doc.lineStart(last + 1) };
  if (first > 0) return { start: doc.lineEnd(first - 1), end };
  return { start, end };
}

const MARKER_KEY = '\u0000elided';

/**
 * Line tiers: a three-way merge of the old text (base), the file's window (ours) and the new text (theirs).
 * - an old line the edit keeps → the file's own line (its characters, its spacing), moved if the edit re-indents it;
 * - an old line the edit changes → the change merged onto the file's line, re-indented to the file;
 * - an old line the file does not have (the model invented it) that the edit keeps → dropped;
 * - a file line the old text left out (the model forgot it) → kept where it is;
 * - an elision marker → the file's elided lines, untouched.
 */
function writeLines(doc: SourceText, c: Candidate, text: string, reindent: boolean): string {
  const oldLines = c.needleLines!;
  const window = c.window!;
  const newLines = stripBoundaryBlankLines(text.split('\n'));
  const elided = window.elided ?? new Map<number, [number, number]>();
  const oldKeys = markerKeys(oldLines);
  const newKeys = newLines.length === 1 && newLines[0] === '' ? [] : markerKeys(newLines);
  const oldMarkers = oldKeys.filter((k) => k.startsWith(MARKER_KEY)).length;
  const newMarkers = newKeys.filter((k) => k.startsWith(MARKER_KEY)).length;
  if (elided.size > 0 && oldMarkers !== newMarkers) {
    throw new EditError(
      'invalid_input',
      `The old text leaves out lines at ${oldMarkers} place(s) ("… existing code …") but the new text has ${newMarkers}: ` +
        "keep the same markers in the new text where the file's lines must stay, or give the full text.",
    );
  }
  const style = indentStyle(doc, window);
  const ratio = unitRatio(oldLines, newLines, style.unit);
  const anchorFor = anchors(oldLines, window.pairs);
  const claimed = new Set(window.pairs.values());
  for (const [a, b] of elided.values()) for (let f = a; f <= b; f++) claimed.add(f);

  const out: string[] = [];
  let cursor = window.startLine;
  /** Emits the file lines before `f` that the old text did not mention (forgotten lines, blank lines). */
  const keepUnmentionedBefore = (f: number) => {
    for (; cursor < f; cursor++) if (!claimed.has(cursor)) out.push(doc.line(cursor));
    cursor = Math.max(cursor, f + 1);
  };
  const typographic = typographicMap(doc, window.pairs, oldLines);
  const writeNew = (raw: string, anchorIndex: number) => {
    if (isElisionMarker(raw)) return; // a marker the old text had at its edge: nothing to keep
    const line = mapChars(raw, typographic);
    if (!reindent || isBlank(line)) return out.push(isBlank(line) ? '' : line);
    out.push(reindentLine(doc, line, oldLines, anchorFor(anchorIndex), ratio, style));
  };

  let o = 0; // old line index
  let n = 0; // new line index
  const changes = diffArrays(oldKeys, newKeys);
  for (let ci = 0; ci < changes.length; ci++) {
    const change = changes[ci];
    const count = change.count ?? change.value.length;
    if (change.removed) {
      // Old lines the edit replaces or deletes. Replaced ones (followed by added lines) lend their file line
      // to a line-by-line merge; the file lines of deleted ones are consumed.
      const next = changes[ci + 1];
      const added = next?.added ? (next.count ?? next.value.length) : 0;
      for (let t = 0; t < count; t++) {
        const f = window.pairs.get(o);
        if (f !== undefined) keepUnmentionedBefore(f);
        if (t < added) {
          // Both sides in the file's typography first, so that characters the edit adds (`‘x’` on a changed
          // line) come out as the file writes them, not as the model did.
          const merged = mergeChangedLine(doc, f, mapChars(oldLines[o], typographic), mapChars(newLines[n], typographic), ratio, style, reindent);
          if (merged === undefined) writeNew(newLines[n], o);
          else out.push(merged);
          n++;
        }
        o++;
      }
      for (let t = count; t < added; t++) writeNew(newLines[n++], o - 1);
      if (next?.added) ci++;
      continue;
    }
    if (change.added) {
      for (let t = 0; t < count; t++) writeNew(newLines[n++], Math.max(0, o - 1));
      continue;
    }
    for (let t = 0; t < count; t++, o++, n++) {
      const range = elided.get(o);
      const f = window.pairs.get(o);
      if (range) {
        keepUnmentionedBefore(range[0]);
        for (let k = range[0]; k <= range[1]; k++) out.push(doc.line(k));
        cursor = Math.max(cursor, range[1] + 1);
      } else if (f !== undefined) {
        keepUnmentionedBefore(f);
        out.push(keepFileLine(doc, f, newLines[n], oldLines[o], ratio, style, reindent));
      }
      // An old line with no file line, kept by the edit: the model invented it; the file never had it.
    }
  }
  keepUnmentionedBefore(window.endLine + 1);
  return out.join('\n');
}

/**
 * A changed line whose old version lines up with file line `f`: where the old line and the file differ (a
 * typo, typographic quotes), the file's version wins unless the edit itself touched that part.
 */
function mergeChangedLine(
  doc: SourceText,
  f: number | undefined,
  oldLine: string,
  newLine: string,
  ratio: number,
  style: IndentStyle,
  reindent: boolean,
): string | undefined {
  if (f === undefined || isBlank(newLine)) return undefined;
  const merged = mergeInto(oldLine.trim(), newLine.trim(), doc.line(f).trim());
  if (!reindent) return indentOf(newLine) + merged;
  const delta = indentWidth(indentOf(newLine)) - indentWidth(indentOf(oldLine));
  const width = Math.max(0, indentWidth(doc.indentOf(f)) + Math.round(delta * ratio));
  return renderIndent(width, style) + merged;
}

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
function tryMergeInto(oldText: string, newText: string, fileText: string): string | undefined {
  if (oldText === fileText) return newText;
  const parts = diffChars(oldText, fileText);
  const charMap = new Map<string, string>();
  let result = newText;
  let before = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p.added && !p.removed) {
      before += p.value;
      continue;
    }
    const removed = p.removed ? p.value : '';
    const next = p.removed && parts[i + 1]?.added ? parts[++i].value : '';
    const added = p.added ? p.value : next;
    const after = parts.slice(i + 1).filter((q) => !q.added).map((q) => q.value).join('');
    // Placed by the characters around it, both sides first; a line break the file has (and the old text not, or
    // the reverse) next to text the edit changed is placed by the one side the edit left alone. Spacing inside a
    // line is not: next to a change it would land on the wrong side of it.
    const contexts: Array<[string, string]> = [[before.slice(-6), after.slice(0, 6)]];
    if (!removed.trim() && !added.trim() && (removed + added).includes('\n')) contexts.push([before.slice(-6), ''], ['', after.slice(0, 6)]);
    // The left context of the next difference is read in `result`, where this one now stands as the file has it.
    before += added;
    const placed = contexts.find(([left, right]) => uniqueIndex(result, left + removed + right) >= 0);
    if (placed) {
      const [left, right] = placed;
      const at = uniqueIndex(result, left + removed + right);
      result = result.slice(0, at) + left + added + right + result.slice(at + left.length + removed.length + right.length);
    } else if (isTypographicSwap(removed, added) && (charMap.get(removed) ?? added) === added) {
      charMap.set(removed, added);
    } else {
      return undefined;
    }
  }
  for (const [from, to] of charMap) result = result.split(from).join(to);
  return result;
}

/**
 * The new text of a reflowed match whose layout could not be merged into the file's: written as the model wrote
 * it, but re-indented to the file (its first line lines up with the file's first line of the span).
 */
function reindentReflowed(doc: SourceText, r: NonNullable<Candidate['reflow']>, newString: string): string {
  const lines = stripBoundaryBlankLines(toLF(newString).split('\n'));
  const first = r.oldLines.findIndex((l) => !isBlank(l));
  const style = indentStyle(doc, r);
  const ratio = unitRatio(r.oldLines, lines, style.unit);
  return lines.map((l, i) => (i === 0 ? l.trimStart() : reindentLine(doc, l, r.oldLines, [Math.max(0, first), r.startLine], ratio, style))).join('\n');
}

/** Where `needle` stands in `text` if it stands there exactly once, else -1. */
function uniqueIndex(text: string, needle: string): number {
  if (!needle) return -1;
  const at = text.indexOf(needle);
  return at >= 0 && text.indexOf(needle, at + 1) < 0 ? at : -1;
}

/**
 * The typographic characters the old text had where the file has other ones (`“` for `"`), learned from the
 * aligned lines; a character mapped two ways is left alone. The new text's lines get the file's characters.
 */
function typographicMap(doc: SourceText, pairs: Map<number, number>, oldLines: string[]): Map<string, string> {
  const map = new Map<string, string>();
  const conflicting = new Set<string>();
  for (const [j, f] of pairs) {
    const old = oldLines[j].trim();
    const file = doc.line(f).trim();
    if (old === file || !hasTypographicChars(old + file)) continue;
    const parts = diffChars(old, file);
    for (let i = 0; i + 1 < parts.length; i++) {
      if (!parts[i].removed || !parts[i + 1].added) continue;
      // A run of them differs as one part (`“”“` for `"""`): pair it character by character.
      const from = [...parts[i].value];
      const to = [...parts[i + 1].value];
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
      if (to !== undefined && !map.has(mate) && !conflicting.has(mate) && canonicalizeUnicode(mate) === to) map.set(mate, to);
    }
  }
  return map;
}

const QUOTE_PAIRS: Array<[string, string]> = [
  ['\u2018', '\u2019'], // ‘ ’
  ['\u201C', '\u201D'], // “ ”
];

function mapChars(line: string, map: Map<string, string>): string {
  if (map.size === 0) return line;
  let out = '';
  for (const c of line) out += map.get(c) ?? c;
  return out;
}

/** One typographic character for its ASCII form (or back): `“` and `"`, `–` and `-`. */
function isTypographicSwap(a: string, b: string): boolean {
  return a.length === 1 && a !== b && canonicalizeUnicode(a) === canonicalizeUnicode(b);
}

/** Lines keyed for alignment: canonical text, and the k-th elision marker on both sides lines up with the k-th. */
function markerKeys(lines: string[]): string[] {
  let k = 0;
  return lines.map((l) => (isElisionMarker(l) ? `${MARKER_KEY}${k++}` : canonicalLine(l)));
}

function stripBoundaryBlankLines(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && isBlank(lines[a])) a++;
  while (b > a && isBlank(lines[b - 1])) b--;
  return a === b ? [''] : lines.slice(a, b);
}

/** An unchanged line: the file's text; if the edit moved it (an added block level), the file's text moved alike. */
function keepFileLine(doc: SourceText, f: number, newLine: string, oldLine: string, ratio: number, style: IndentStyle, reindent: boolean): string {
  const delta = indentWidth(indentOf(newLine)) - indentWidth(indentOf(oldLine));
  if (delta === 0 || !reindent) return doc.line(f);
  const width = Math.max(0, indentWidth(doc.indentOf(f)) + Math.round(delta * ratio));
  return renderIndent(width, style) + doc.line(f).trimStart();
}

function reindentLine(doc: SourceText, line: string, oldLines: string[], anchor: [number, number] | undefined, ratio: number, style: IndentStyle): string {
  if (isBlank(line)) return '';
  if (!anchor) return line;
  const [j, f] = anchor;
  const delta = indentWidth(indentOf(line)) - indentWidth(indentOf(oldLines[j]));
  const width = Math.max(0, indentWidth(doc.indentOf(f)) + Math.round(delta * ratio));
  return renderIndent(width, style) + line.trimStart();
}

/** For an old line index, the nearest old line (at or before it, else after it) that lines up with a file line. */
function anchors(oldLines: string[], pairs: Map<number, number>): (j: number) => [number, number] | undefined {
  const paired = [...pairs].filter(([j]) => !isBlank(oldLines[j])).sort((a, b) => a[0] - b[0]);
  return (j) => {
    let best: [number, number] | undefined;
    for (const p of paired) {
      if (p[0] <= j) best = p;
      else return best ?? p;
    }
    return best;
  };
}

interface IndentStyle {
  tabs: boolean;
  unit: number;
}

/** The file's indentation where the match is: tabs or spaces, and the width of one level. */
function indentStyle(doc: SourceText, w: { startLine: number; endLine: number }): IndentStyle {
  return doc.memo(`indent-style:${w.startLine}:${w.endLine}`, () => {
    const around = (from: number, to: number) => {
      const indents: string[] = [];
      for (let f = Math.max(0, from); f <= Math.min(to, doc.lineCount - 1); f++) if (!isBlank(doc.line(f))) indents.push(doc.indentOf(f));
      return indents;
    };
    let indents = around(w.startLine, w.endLine);
    let unit = unitOf(indents.map((s) => indentWidth(s)));
    if (!unit) {
      indents = around(w.startLine - 200, w.endLine + 200);
      unit = unitOf(indents.map((s) => indentWidth(s))) || 4;
    }
    const tabs = indents.filter((s) => s.startsWith('\t')).length > indents.filter((s) => s.startsWith(' ')).length;
    return { tabs, unit: tabs ? 4 : unit };
  });
}

function unitOf(widths: number[]): number {
  const min = Math.min(...widths);
  return widths.reduce((g, w) => gcd(g, w - min), 0);
}

/** How many file columns one column of the model's indentation is worth (2-space text into a 4-space file: 2). */
function unitRatio(oldLines: string[], newLines: string[], fileUnit: number): number {
  const widths = [...oldLines, ...newLines].filter((l) => !isBlank(l)).map((l) => indentWidth(indentOf(l)));
  const unit = unitOf(widths);
  // Only a recognisable indentation unit is converted; odd alignments (continuation lines) are kept as they are.
  const standard = (u: number) => u === 2 || u === 3 || u === 4 || u === 8;
  return standard(unit) && standard(fileUnit) ? fileUnit / unit : 1;
}

function renderIndent(width: number, style: IndentStyle): string {
  return style.tabs ? '\t'.repeat(Math.floor(width / 4)) + ' '.repeat(width % 4) : ' '.repeat(width);
}
