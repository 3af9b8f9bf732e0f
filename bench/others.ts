// Other matchers, for issue 13's side-by-side rows: clean-room re-implementations of the two designs other tools
// use, written here from their published descriptions (../shared/seeds), never their code. They stand for the
// designs, not for any tool's exact speed: each is written plainly and efficiently, in the same process as ours.
//
//   plain SEARCH/REPLACE   the exact text (one indexOf, refused when it occurs twice), then the same lines with
//                          their ends trimmed, window by window: what a simple applier does before giving up.
//   replacer cascade       a cascade of "replacers" tried in order, the first unique hit wins: exact, trimmed
//                          lines, first/last-line anchors with a Levenshtein-scored middle, whitespace collapsed,
//                          indentation removed, the text trimmed, anchors with half the middle lines equal.
//
// Each returns the new content, or a string saying why not ("not found", "ambiguous").
import { distance } from 'fastest-levenshtein';

export type OtherMatcher = (content: string, oldText: string, newText: string) => { content: string } | { refused: string };

export const OTHER_MATCHERS: Record<string, OtherMatcher> = {
  'plain SEARCH/REPLACE': plainApplier,
  'replacer cascade': replacerCascade,
};

function replaceUnique(content: string, found: string, newText: string): { content: string } | { refused: string } | undefined {
  const at = content.indexOf(found);
  if (at < 0) return undefined;
  if (content.indexOf(found, at + 1) >= 0) return { refused: 'ambiguous' };
  return { content: content.slice(0, at) + newText + content.slice(at + found.length) };
}

/** Exact, then trimmed lines over every window of the old text's length. */
function plainApplier(content: string, oldText: string, newText: string): { content: string } | { refused: string } {
  const exact = replaceUnique(content, oldText, newText);
  if (exact) return exact;
  const lines = content.split('\n');
  const wanted = oldText.split('\n').map((l) => l.trim());
  const hits: number[] = [];
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    let j = 0;
    while (j < wanted.length && lines[i + j].trim() === wanted[j]) j++;
    if (j === wanted.length) hits.push(i);
  }
  if (hits.length !== 1) return { refused: hits.length ? 'ambiguous' : 'not found' };
  return { content: [...lines.slice(0, hits[0]), newText, ...lines.slice(hits[0] + wanted.length)].join('\n') };
}

/** Candidate texts of the content that a replacer proposes for the old text, in order. */
type Replacer = (content: string, lines: string[], find: string) => Iterable<string>;

function replacerCascade(content: string, oldText: string, newText: string): { content: string } | { refused: string } {
  const lines = content.split('\n');
  let ambiguous = false;
  for (const replacer of REPLACERS) {
    for (const candidate of replacer(content, lines, oldText)) {
      const r = replaceUnique(content, candidate, newText);
      if (!r) continue;
      if ('refused' in r) {
        ambiguous = true;
        continue;
      }
      return r;
    }
  }
  return { refused: ambiguous ? 'ambiguous' : 'not found' };
}

/** The text of lines [i, i + n) of the content. */
const block = (lines: string[], i: number, n: number) => lines.slice(i, i + n).join('\n');

const exactReplacer: Replacer = (_c, _l, find) => [find];

function* trimmedLines(_c: string, lines: string[], find: string): Iterable<string> {
  const wanted = find.split('\n').map((l) => l.trim());
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    let j = 0;
    while (j < wanted.length && lines[i + j].trim() === wanted[j]) j++;
    if (j === wanted.length) yield block(lines, i, wanted.length);
  }
}

/** Blocks from a line equal (trimmed) to the old text's first to one equal to its last; the middle scored. */
function* anchorBlocks(_c: string, lines: string[], find: string, middle: (a: string[], b: string[]) => number, floor: (n: number) => number): Iterable<string> {
  const wanted = find.split('\n');
  if (wanted.length < 3) return;
  const first = wanted[0].trim();
  const last = wanted[wanted.length - 1].trim();
  // The nearest line after each equal to the last (one pass from the end, where a scan forward per first line
  // would be quadratic on a file full of the first line).
  const nextLast = new Int32Array(lines.length + 1).fill(-1);
  for (let k = lines.length - 1; k >= 0; k--) nextLast[k] = lines[k].trim() === last ? k : nextLast[k + 1];
  const found: Array<{ start: number; end: number }> = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    if (lines[i].trim() === first && nextLast[i + 2] >= 0) found.push({ start: i, end: nextLast[i + 2] });
  }
  let best: { start: number; end: number } | undefined;
  let bestScore = -1;
  for (const f of found) {
    const s = middle(wanted.slice(1, -1), lines.slice(f.start + 1, f.end));
    if (s > bestScore) [best, bestScore] = [f, s];
  }
  if (best && bestScore >= floor(found.length)) yield block(lines, best.start, best.end - best.start + 1);
}

/** Mean Levenshtein similarity of the middle lines, in order. */
function levenshteinMiddle(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 1;
  let sum = 0;
  for (let j = 0; j < n; j++) {
    const x = a[j].trim();
    const y = b[j].trim();
    const longest = Math.max(x.length, y.length);
    sum += longest === 0 ? 1 : 1 - distance(x, y) / longest;
  }
  return sum / n;
}

/** Share of the middle lines equal once trimmed. */
function equalMiddle(a: string[], b: string[]): number {
  let lines = 0;
  let equal = 0;
  for (let j = 0; j < Math.min(a.length, b.length); j++) {
    if (a[j].trim() || b[j].trim()) {
      lines++;
      if (a[j].trim() === b[j].trim()) equal++;
    }
  }
  return lines === 0 ? 1 : equal / lines;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function* whitespaceCollapsed(_c: string, lines: string[], find: string): Iterable<string> {
  const findLines = find.split('\n');
  const n = findLines.length;
  const wanted = collapse(find);
  const head = collapse(findLines[0]);
  for (let i = 0; i + n <= lines.length; i++) {
    if (head && collapse(lines[i]) !== head) continue; // the first line decides most windows
    if (collapse(block(lines, i, n)) === wanted) yield block(lines, i, n);
  }
}

function dedent(text: string): string {
  const ls = text.split('\n');
  const indents = ls.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const min = indents.length ? Math.min(...indents) : 0;
  return ls.map((l) => (l.trim() ? l.slice(min) : l)).join('\n');
}

function* indentationRemoved(_c: string, lines: string[], find: string): Iterable<string> {
  const findLines = find.split('\n');
  const n = findLines.length;
  const wanted = dedent(find);
  const head = findLines[0].trim();
  for (let i = 0; i + n <= lines.length; i++) {
    if (lines[i].trim() !== head) continue; // the first line decides most windows
    if (dedent(block(lines, i, n)) === wanted) yield block(lines, i, n);
  }
}

function* trimmedText(content: string, _l: string[], find: string): Iterable<string> {
  const t = find.trim();
  if (t !== find && content.includes(t)) yield t;
}

const REPLACERS: Replacer[] = [
  exactReplacer,
  trimmedLines,
  (c, l, f) => anchorBlocks(c, l, f, levenshteinMiddle, (candidates) => (candidates === 1 ? 0 : 0.3)),
  whitespaceCollapsed,
  indentationRemoved,
  trimmedText,
  (c, l, f) => anchorBlocks(c, l, f, equalMiddle, () => 0.5),
];
