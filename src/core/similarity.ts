// What the similarity tiers share: where to look (candidate starts, found by cheap votes, never by sliding a
// window over the whole file) and how alike a window is to the old text (a line alignment with jsdiff, then
// character edit distance with fastest-levenshtein only on the lines that differ).

import { diffArrays } from 'diff';
import { distance } from 'fastest-levenshtein';
import type { SourceText } from './document';
import { linesContaining } from './lineSearch';
import type { Needle } from './needle';
import { canonicalLine, isBlank, isMeaningfulLine, wordTokens } from './normalize';
import type { SearchContext } from './tier';

export interface Scored {
  startLine: number;
  endLine: number;
  score: number;
  /** needle line → file line, for lines that are equal or close (so unchanged lines keep the file's text). */
  pairs: Map<number, number>;
  /** The first needle line that differs, and the file line it lines up with. */
  firstDifference?: { needleLine: number; fileLine: number };
}

const canonCache = new WeakMap<SourceText, Map<number, string>>();

export function canonicalFileLine(doc: SourceText, i: number): string {
  let cache = canonCache.get(doc);
  if (!cache) canonCache.set(doc, (cache = new Map()));
  let c = cache.get(i);
  if (c === undefined) cache.set(i, (c = canonicalLine(doc.line(i))));
  return c;
}

interface Side {
  index: number[];
  text: string[];
  length: number;
}

function needleSide(needle: Needle): Side {
  const index = needle.significant;
  const text = index.map((j) => canonicalLine(needle.lines[j]));
  return { index, text, length: text.reduce((n, t) => n + t.length + 1, 0) };
}

function fileSide(doc: SourceText, startLine: number, endLine: number): Side {
  const index: number[] = [];
  const text: string[] = [];
  let length = 0;
  for (let f = Math.max(0, startLine); f <= Math.min(endLine, doc.lineCount - 1); f++) {
    const t = canonicalFileLine(doc, f);
    if (t.length === 0) continue;
    index.push(f);
    text.push(t);
    length += t.length + 1;
  }
  return { index, text, length };
}

/**
 * Aligns the needle with file lines [startLine, endLine] and scores it: 1 − edits / length, where equal lines
 * cost nothing, lines that differ cost their character edit distance, and missing or extra lines their length.
 * With `trim`, the window shrinks to the aligned lines first (so surrounding context never counts).
 */
export function scoreWindow(ctx: SearchContext, needle: Needle, startLine: number, endLine: number, trim = false): Scored | undefined {
  const a = needleSide(needle);
  let b = fileSide(ctx.doc, startLine, endLine);
  if (a.text.length === 0 || b.text.length === 0) return undefined;
  let aligned = align(ctx, a, b);
  if (trim) {
    const lines = [...aligned.pairs.values()];
    if (lines.length === 0) return undefined;
    const lo = Math.min(...lines);
    const hi = Math.max(...lines);
    if (lo !== b.index[0] || hi !== b.index[b.index.length - 1]) {
      b = fileSide(ctx.doc, lo, hi);
      aligned = align(ctx, a, b);
    }
  }
  const total = Math.max(a.length, b.length);
  const score = Math.max(0, 1 - aligned.cost / total);
  return { startLine: b.index[0], endLine: b.index[b.index.length - 1], score, pairs: aligned.pairs, firstDifference: aligned.firstDifference };
}

function align(ctx: SearchContext, a: Side, b: Side) {
  ctx.budget.charge((a.text.length + b.text.length) * 16);
  // Windows that need more line edits than half their lines are not the place: stop jsdiff early.
  const changes = diffArrays(a.text, b.text, { maxEditLength: Math.ceil((a.text.length + b.text.length) / 2) + 2 }) ?? [
    { value: a.text, count: a.text.length, removed: true, added: false },
    { value: b.text, count: b.text.length, added: true, removed: false },
  ];
  const pairs = new Map<number, number>();
  let firstDifference: Scored['firstDifference'];
  let cost = 0;
  let i = 0;
  let k = 0;
  for (let c = 0; c < changes.length; c++) {
    const ch = changes[c];
    const n = ch.count ?? ch.value.length;
    if (!ch.added && !ch.removed) {
      for (let t = 0; t < n; t++) pairs.set(a.index[i + t], b.index[k + t]);
      i += n;
      k += n;
      continue;
    }
    // A removed run followed by an added one is a replacement: pair its lines. At the start of the alignment,
    // pair from the end (the lines next to the matching part belong together); elsewhere from the start.
    const removed = ch.removed ? n : 0;
    const next = ch.removed ? changes[c + 1] : undefined;
    const added = ch.added ? n : next?.added ? (next.count ?? next.value.length) : 0;
    if (next?.added) c++;
    const atStart = i === 0 && k === 0;
    const paired = Math.min(removed, added);
    const ra = atStart ? removed - paired : 0;
    const rb = atStart ? added - paired : 0;
    for (let t = 0; t < paired; t++) {
      const x = a.text[i + ra + t];
      const y = b.text[k + rb + t];
      ctx.budget.charge(x.length * y.length);
      const d = distance(x, y);
      cost += d;
      if (d <= Math.max(x.length, y.length) / 2) pairs.set(a.index[i + ra + t], b.index[k + rb + t]);
      if (!firstDifference) firstDifference = { needleLine: a.index[i + ra + t], fileLine: b.index[k + rb + t] };
    }
    for (let t = 0; t < removed; t++) if (t < ra || t >= ra + paired) cost += a.text[i + t].length + 1;
    for (let t = 0; t < added; t++) if (t < rb || t >= rb + paired) cost += b.text[k + t].length + 1;
    if (!firstDifference) {
      firstDifference = { needleLine: a.index[Math.min(i, a.index.length - 1)], fileLine: b.index[Math.min(k, b.index.length - 1)] };
    }
    i += removed;
    k += added;
  }
  return { pairs, cost, firstDifference };
}

/**
 * File lines where the needle's first line may sit, most promising first. Votes come from file lines equal
 * (trimmed) to a meaningful needle line, and from lines holding one of the needle's longest identifiers (so a
 * typo in any one line, or inner whitespace drift everywhere, still leaves a trace). Linear in the file.
 */
export function candidateStarts(ctx: SearchContext, needle: Needle, limit = 24): number[] {
  return ctx.doc.memo(`starts:${limit}:${needle.text}`, () => voteStarts(ctx, needle, limit));
}

function voteStarts(ctx: SearchContext, needle: Needle, limit: number): number[] {
  const { doc } = ctx;
  const votes = new Map<number, number>();
  const vote = (start: number, weight: number) => votes.set(start, (votes.get(start) ?? 0) + weight);
  const meaningful = needle.significant.filter((j) => isMeaningfulLine(needle.lines[j]));
  if (meaningful.length >= 2) {
    const byText = new Map<string, number[]>();
    for (const j of meaningful) {
      const t = needle.lines[j].trim();
      byText.set(t, [...(byText.get(t) ?? []), j]);
    }
    // Most lines are rejected on their trimmed length and first and last characters, read in place: no string
    // is allocated or hashed for them, which keeps this pass at a few milliseconds on 100,000 lines.
    const lengths = new Set<number>();
    const ends = new Set<number>();
    for (const t of byText.keys()) {
      lengths.add(t.length);
      ends.add(t.charCodeAt(0) * 65536 + t.charCodeAt(t.length - 1));
    }
    const all = doc.rawLines;
    for (let f = 0, n = all.length; f < n; f++) {
      const raw = all[f];
      let a = 0;
      let b = raw.length - 1;
      while (a <= b && isSpaceCode(raw.charCodeAt(a))) a++;
      while (b >= a && isSpaceCode(raw.charCodeAt(b))) b--;
      if (!lengths.has(b - a + 1) || !ends.has(raw.charCodeAt(a) * 65536 + raw.charCodeAt(b))) continue;
      const js = byText.get(raw.slice(a, b + 1));
      if (js) for (const j of js) vote(f - j, 1);
    }
  }
  // The longest identifiers of the whole needle (distinct lines), each a vote for where its line would put line 0.
  const tokens = meaningful
    .flatMap((j) => wordTokens(needle.lines[j]).slice(0, 1).map((token) => ({ token, j })))
    .sort((x, y) => y.token.length - x.token.length)
    .slice(0, 2);
  for (const { token, j } of tokens) {
    for (const f of linesContaining(doc, token)) vote(f - j, 0.5);
  }
  // Places with a fraction of the best place's votes are noise (a common line like `return result;`).
  const ranked = [...votes.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  const floor = (ranked[0]?.[1] ?? 0) * 0.3;
  return ranked
    .filter(([, v]) => v >= floor)
    .slice(0, limit)
    .map(([start]) => start);
}

function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 160 || c === 11 || c === 12;
}

/** The first `n` significant (non-blank) file lines at or after `from`; fewer at the end of the file. */
export function significantLines(doc: SourceText, from: number, n: number): number[] {
  const out: number[] = [];
  for (let f = Math.max(0, from); f < doc.lineCount && out.length < n; f++) if (!isBlank(doc.rawLine(f))) out.push(f);
  return out;
}

/** The file line that holds the `n`-th significant line at or after `from` (blank lines skipped). */
export function significantLineAfter(doc: SourceText, from: number, n: number): number | undefined {
  return significantLines(doc, from, n)[n - 1];
}
