// The accuracy corpus: realistic approximate edits on real source files, each with the outcome a careful
// person would want.
//
// Every case starts from a real file in ./sources (code that ships in npm packages) and a real block of it.
// A careful edit of that block, written in the file's own style, gives the ideal file. The model's copy of
// the block is then garbled the way models garble it (a "drift"), and the SAME drift is applied to the new
// text the model sends, because a model writes its new text from its own copy. The engine has to find the
// block and write the intended text in the file's style (indentation, line endings, the lines it never
// meant to touch). The refuse classes are built so that no careful reader could name a single place.
//
// Deterministic: one seeded PRNG per class (so adding a class never shifts another); no Math.random, no
// clock. `node --import tsx test/corpus/generator.ts --write` dumps the cases to test/corpus/cases/ (ignored
// by git) for inspection.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distance } from 'fastest-levenshtein';
import { structuredPatch } from 'diff';

// ---------------------------------------------------------------------------------------------------------
// Public shape

export const APPLY_CLASSES = [
  'exact',
  'indent-dedent',
  'indent-extra',
  'indent-tabs',
  'indent-relative',
  'trailing-whitespace',
  'inner-whitespace',
  'blank-lines',
  'escape',
  'unicode',
  'typo-middle',
  'wrong-identifier',
  'first-last-line',
  'single-line',
  'elision',
  'missing-line',
  'extra-line',
  'crlf',
  'boundary-whitespace',
  'combined',
  'twin-blocks',
  'wrapped',
  'reflowed',
] as const;

export const REFUSE_CLASSES = ['absent', 'hallucinated-middle', 'ambiguous-exact', 'ambiguous-indent', 'ambiguous-twins', 'already-applied'] as const;

export type ApplyClass = (typeof APPLY_CLASSES)[number];
export type RefuseClass = (typeof REFUSE_CLASSES)[number];
export type CaseClass = ApplyClass | RefuseClass;
export const CLASSES: readonly CaseClass[] = [...APPLY_CLASSES, ...REFUSE_CLASSES];
export type RefuseCode = 'not_found' | 'ambiguous' | 'already_applied';

export const REFUSE_CODE: Record<RefuseClass, RefuseCode> = {
  absent: 'not_found',
  'hallucinated-middle': 'not_found',
  'ambiguous-exact': 'ambiguous',
  'ambiguous-indent': 'ambiguous',
  'ambiguous-twins': 'ambiguous',
  'already-applied': 'already_applied',
};

export interface CorpusCase {
  id: string;
  class: CaseClass;
  /** The source file's name in test/corpus/sources, without the `.txt` that keeps tools off it. */
  source: string;
  /** The document: the source, possibly with CRLF line endings or a block duplicated into it. */
  content: string;
  oldString: string;
  newString: string;
  expect: 'apply' | 'refuse';
  /** Apply cases: the whole document after the edit a careful person would make. */
  ideal?: string;
  refuseCode?: RefuseCode;
  /** Apply cases: UTF-16 offsets in `content` of the text the edit is meant for (whole lines of a block, or a fragment of one line). */
  target?: { start: number; end: number };
  /** What was done to the model's text, in words (for failure reports). */
  note: string;
}

export interface GenerateOptions {
  seed?: number;
  /** Cases per class (default 48; `combined` gets twice as many because it mixes many pairs). */
  perClass?: number;
  classes?: readonly CaseClass[];
}

export const DEFAULT_SEED = 20240611;
export const DEFAULT_PER_CLASS = 48;

// ---------------------------------------------------------------------------------------------------------
// PRNG (mulberry32) and a string hash (FNV-1a)

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [v, w] of items) if ((x -= w) < 0) return v;
    return items[items.length - 1][0];
  }
}

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// Sources

export interface Source {
  /** e.g. `mocha-runner.js` */
  name: string;
  lang: 'js' | 'py';
  /** The file's text (LF, ends with a newline) and its lines (without the final empty one). */
  text: string;
  lines: string[];
  /** Per line: inside a comment, a docstring or a JSDoc block. */
  comment: boolean[];
  /** One indentation level as the file writes it: a tab, two or four spaces. */
  unit: string;
  /** Identifiers of the file's code, most frequent first. */
  idents: string[];
  identSet: Set<string>;
}

/** Our two header lines (package, version, license) are never picked as a block. */
export const HEADER_LINES = 2;
export const SOURCES_DIR = fileURLToPath(new URL('./sources/', import.meta.url));

let sourceCache: Source[] | undefined;

export function loadSources(): Source[] {
  if (!sourceCache) {
    const names = readdirSync(SOURCES_DIR)
      .filter((f) => f.endsWith('.txt'))
      .sort();
    sourceCache = names.map((f) => makeSource(f.slice(0, -'.txt'.length), readFileSync(join(SOURCES_DIR, f), 'utf8')));
  }
  return sourceCache;
}

function makeSource(name: string, text: string): Source {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const lang = name.endsWith('.py') ? 'py' : 'js';
  const comment = commentMask(lines, lang);
  const tabbed = lines.filter((l) => l.startsWith('\t')).length;
  const spaced = lines.filter((l) => /^ +\S/.test(l) && !/^ +\*/.test(l));
  let unit = '\t';
  if (tabbed <= spaced.length) {
    const odd = spaced.filter((l) => indentOf(l).length % 4 === 2).length;
    unit = odd > spaced.length * 0.1 ? '  ' : '    ';
  }
  const freq = new Map<string, number>();
  lines.forEach((l, i) => {
    if (comment[i]) return;
    for (const id of identifiersIn(l)) freq.set(id, (freq.get(id) ?? 0) + 1);
  });
  const idents = [...freq.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  return { name, lang, text, lines, comment, unit, idents, identSet: new Set(idents) };
}

function commentMask(lines: string[], lang: 'js' | 'py'): boolean[] {
  const mask: boolean[] = [];
  let inBlock = false;
  for (const line of lines) {
    const t = line.trim();
    if (lang === 'js') {
      if (inBlock) {
        mask.push(true);
        if (t.includes('*/')) inBlock = false;
      } else if (t.startsWith('//')) {
        mask.push(true);
      } else if (t.startsWith('/*')) {
        mask.push(true);
        inBlock = !t.includes('*/');
      } else mask.push(false);
    } else {
      const quotes = (t.match(/"""|'''/g) ?? []).length;
      if (inBlock) {
        mask.push(true);
        if (quotes % 2 === 1) inBlock = false;
      } else if (t.startsWith('#')) {
        mask.push(true);
      } else if (quotes % 2 === 1) {
        mask.push(true);
        inBlock = true;
      } else mask.push(quotes > 0 && /^[rubf]*("""|''')/i.test(t));
    }
  }
  return mask;
}

// ---------------------------------------------------------------------------------------------------------
// Text helpers

const KEYWORDS = new Set(
  (
    'if else for while do return function const let var new this typeof instanceof in of true false null undefined ' +
    'class extends super import export from default async await yield try catch finally throw switch case break ' +
    'continue delete void static get set public private protected readonly interface type enum implements as any ' +
    'string number boolean unknown never object def elif not and or is None True False pass lambda with raise ' +
    'except self cls print global nonlocal assert del require module exports use strict'
  ).split(' '),
);

export const indentOf = (l: string): string => /^[ \t]*/.exec(l)![0];
export const isBlank = (l: string): boolean => l.trim() === '';
/** Trimmed, inner whitespace runs collapsed: what a careful reader compares when whitespace is not the point. */
export const norm = (l: string): string => l.trim().replace(/\s+/g, ' ');
const nonWs = (s: string): number => s.replace(/\s+/g, '').length;
const isAscii = (s: string): boolean => /^[\x20-\x7e\t]*$/.test(s);
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (id: string): RegExp => new RegExp(`(?<![\\w$])${escapeRe(id)}(?![\\w$])`, 'g');

export function identifiersIn(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const id = m[0];
    if (id.length >= 3 && !KEYWORDS.has(id) && !/^\$+$/.test(id) && !/\d/.test(line[m.index! - 1] ?? '')) out.push(id);
  }
  return out;
}

function substantive(l: string): boolean {
  const t = l.trim();
  return t.length >= 4 && /[A-Za-z0-9]/.test(t);
}

function opensBlock(l: string, lang: 'js' | 'py'): boolean {
  return lang === 'py' ? /:\s*(#.*)?$/.test(l) : /[{([]\s*$/.test(l);
}

/** A line that ends a statement or opens a block: a statement can be inserted after it. */
function endsStatement(l: string, lang: 'js' | 'py'): boolean {
  const t = l.trimEnd();
  if (opensBlock(t, lang) && !/[([]\s*$/.test(t)) return true;
  if (/[,([+\-*/&|?:=.\\]$/.test(t) || /\b(?:and|or|not|in)$/.test(t)) return false;
  return (t.match(/`/g) ?? []).length % 2 === 0 && (t.match(/"""|'''/g) ?? []).length === 0;
}

/** A line that continues the previous one's expression. */
function continues(l: string): boolean {
  return /^\s*([.?:&|+\-*/,)\]]|=>)/.test(l) && !/^\s*(\/\/|\/\*|\*)/.test(l);
}

export function commonIndent(lines: readonly string[]): string {
  let common: string | undefined;
  for (const l of lines) {
    if (isBlank(l)) continue;
    const ind = indentOf(l);
    if (common === undefined) common = ind;
    else {
      let i = 0;
      while (i < common.length && i < ind.length && common[i] === ind[i]) i++;
      common = common.slice(0, i);
    }
  }
  return common ?? '';
}

/** Apply `f` to the parts of a line outside string literals (and outside a trailing comment). */
function mapCode(line: string, f: (code: string) => string): string {
  let out = '';
  let code = '';
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      out += ch;
      if (ch === '\\') out += line[++i] ?? '';
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      out += f(code) + ch;
      code = '';
      quote = ch;
      continue;
    }
    if ((ch === '/' && line[i + 1] === '/') || ch === '#') {
      out += f(code) + line.slice(i);
      return out;
    }
    code += ch;
  }
  return out + f(code);
}

function countOccurrences(hay: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

function lineOffsets(lines: readonly string[], eol: string): number[] {
  const offs: number[] = [];
  let o = 0;
  for (const l of lines) {
    offs.push(o);
    o += l.length + eol.length;
  }
  offs.push(o);
  return offs;
}

const normCache = new WeakMap<readonly string[], string[]>();
function normLines(lines: readonly string[]): string[] {
  let n = normCache.get(lines);
  if (!n) normCache.set(lines, (n = lines.map(norm)));
  return n;
}

/**
 * How many places of the file read like the block when whitespace is ignored and the lines in `wild` (the
 * ones the model got wrong) may say anything. A fair case has exactly one.
 */
function nearCount(fileLines: readonly string[], start: number, n: number, wild: ReadonlySet<number> = new Set()): number {
  const fl = normLines(fileLines);
  const bl = fl.slice(start, start + n);
  let count = 0;
  for (let p = 0; p + n <= fl.length; p++) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) if (!wild.has(i) && fl[p + i] !== bl[i]) ok = false;
    if (ok) count++;
  }
  return count;
}

function sequenceStarts(fl: readonly string[], seq: readonly string[]): number[] {
  const out: number[] = [];
  for (let p = 0; p + seq.length <= fl.length; p++) {
    let ok = true;
    for (let i = 0; i < seq.length && ok; i++) if (fl[p + i] !== seq[i]) ok = false;
    if (ok) out.push(p);
  }
  return out;
}

/** Quotes paired and brackets closed: a fragment a person would select. */
function balanced(s: string): boolean {
  for (const q of ['"', "'", '`']) if (s.split(q).length % 2 === 0) return false;
  let depth = 0;
  for (const ch of s.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth < 0) return false;
  }
  return depth === 0;
}

const toCRLF = (s: string): string => s.replace(/\r?\n/g, '\r\n');

/** Re-base the indentation of lines from `from` (their common indentation) to `to`. */
function rebase(lines: readonly string[], from: string, to: string): string[] {
  return lines.map((l) => (isBlank(l) ? '' : l.startsWith(from) ? to + l.slice(from.length) : to + l.trimStart()));
}

// ---------------------------------------------------------------------------------------------------------
// Blocks

interface Block {
  start: number;
  n: number;
}

interface PickOpts {
  min: number;
  max: number;
  test?: (lines: string[], mask: boolean[]) => boolean;
}

function drawLength(rng: Rng, min: number, max: number): number {
  if (max - min <= 3) return rng.int(min, max);
  const r = rng.next();
  if (r < 0.4) return rng.int(min, Math.min(max, min + 3));
  if (r < 0.8) return rng.int(Math.min(max, min + 3), Math.min(max, Math.max(min + 3, 9)));
  return rng.int(Math.min(max, Math.max(min, 10)), max);
}

/** Line i starts a statement (or a comment): where people and models begin the text they quote. */
function statementStart(src: Source, i: number): boolean {
  const line = src.lines[i];
  if (continues(line) || /^\s*[)\]}]/.test(line) && !/^\s*}\s*(else|catch|finally)\b/.test(line)) return false;
  for (let j = i - 1; j >= HEADER_LINES; j--) {
    const prev = src.lines[j];
    if (isBlank(prev)) return true;
    if (src.comment[j]) return !src.comment[i];
    return endsStatement(prev, src.lang) && !/[([]\s*$/.test(prev);
  }
  return true;
}

/** A block a model would plausibly quote: starts on a word, ends on a non-blank line, mostly code, unique. */
function pickBlock(rng: Rng, src: Source, o: PickOpts): Block | null {
  const lines = src.lines;
  for (let attempt = 0; attempt < 40; attempt++) {
    const n = drawLength(rng, o.min, o.max);
    if (lines.length - n <= HEADER_LINES) continue;
    const start = rng.int(HEADER_LINES, lines.length - n);
    const block = lines.slice(start, start + n);
    const mask = src.comment.slice(start, start + n);
    if (!/[\w$]/.test(block[0]) || isBlank(block[n - 1])) continue;
    if (!block.every(isAscii)) continue;
    const text = block.join('\n');
    if (nonWs(text) < (n === 1 ? 20 : 30)) continue;
    if (block.filter(substantive).length < Math.min(2, n)) continue;
    const code = mask.filter((c, i) => !c && !isBlank(block[i])).length;
    if (code * 2 < block.filter((l) => !isBlank(l)).length) continue;
    if (mask[0] && !/^\s*(\/\*\*?|\/\/|#|"""|''')/.test(block[0])) continue;
    if (rng.chance(0.85) && !statementStart(src, start)) continue;
    if (rng.chance(0.7) && indentOf(block[0]) !== commonIndent(block)) continue;
    if (o.test && !o.test(block, mask)) continue;
    if (nearCount(lines, start, n) !== 1) continue;
    return { start, n };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Careful edits: what the model means to change, written in the file's style

/** A line of the block as someone writes it. `orig` is its index in the file's block when it is that line
 *  unchanged, -1 when the edit wrote it, -2 when a drift invented it, -3 for an elision marker. */
export interface Rec {
  text: string;
  orig: number;
}

export interface EditCtx {
  rng: Rng;
  src: Source;
  /** Per block line: a comment line. */
  mask: readonly boolean[];
}

const isCode = (c: EditCtx, r: Rec): boolean => !isBlank(r.text) && (r.orig < 0 || !c.mask[r.orig]);

function blockIdents(c: EditCtx, recs: readonly Rec[]): string[] {
  const ids = recs.filter((r) => isCode(c, r)).flatMap((r) => identifiersIn(r.text));
  return ids.length ? ids : c.src.idents.slice(0, 40);
}

function pyName(id: string): string {
  return id.replace(/[A-Z]/g, (m) => '_' + m.toLowerCase()).replace(/^_/, '');
}

function fill(c: EditCtx, tpl: string, ids: readonly string[]): string {
  const pool = ids.length ? ids : ['value'];
  const a = c.rng.pick(pool);
  let b = c.rng.pick(pool);
  if (b === a) b = c.rng.pick(c.src.idents.slice(0, 30));
  const fix = (s: string) => (c.src.lang === 'py' ? pyName(s) : s).replace(/^\$/, '');
  return tpl.replace(/\$A/g, fix(a)).replace(/\$B/g, fix(b));
}

const INSERT_JS = [
  "if ($A == null) return;",
  "debug('$A %o', $A);",
  "console.warn('unexpected $A', $A);",
  '$A = $A ?? $B;',
  "assert.ok($A, '$A must be set');",
  '// NOTE: $A may be undefined here',
  "this.emit('$A', $B);",
];
const INSERT_PY = [
  'logger.debug("%s = %r", "$A", $A)',
  'assert $A is not None, "$A must be set"',
  '$A = $A or $B',
  '# NOTE: $A may be None here',
  'warnings.warn("$A is deprecated", DeprecationWarning)',
];
const COMMENT_PHRASES = ['keep in sync with $B', 'see $B', 'TODO: drop once $A is stable', 'fast path', 'checked above', 'may be empty'];
const STRING_SUFFIXES = [' (deprecated)', '-legacy', ' again', ':v2', ' [retry]'];

function renamed(rng: Rng, id: string, lang: 'js' | 'py'): string {
  const cap = id[0].toUpperCase() + id.slice(1);
  if (lang === 'py' || /[a-z0-9]_[a-z]/i.test(id)) return rng.pick([`${id}_value`, `new_${id}`, `${id}_list`, `resolved_${id}`]);
  return rng.pick([`next${cap}`, `${id}Ref`, `resolved${cap}`, `${id}List`, `_${id}`]);
}

type EditOp = (c: EditCtx, recs: Rec[]) => Rec[] | null;

const EDIT_OPS: Record<string, EditOp> = {
  rename(c, recs) {
    const ids = recs.filter((r) => isCode(c, r)).flatMap((r) => identifiersIn(r.text));
    if (!ids.length) return null;
    const id = c.rng.pick(ids);
    const to = renamed(c.rng, id, c.src.lang);
    if (c.src.identSet.has(to)) return null;
    const re = wordRe(id);
    return recs.map((r) => {
      if (!isCode(c, r)) return r;
      const t = r.text.replace(re, to);
      return t === r.text ? r : { text: t, orig: -1 };
    });
  },
  literal(c, recs) {
    const cands: { i: number; start: number; len: number; repl: string }[] = [];
    recs.forEach((r, i) => {
      if (!isCode(c, r)) return;
      for (const m of r.text.matchAll(/(?<![\w$.])\d+(?![\w.])/g))
        cands.push({ i, start: m.index!, len: m[0].length, repl: String(Number(m[0]) === 0 ? 1 : Number(m[0]) * 2) });
      for (const m of r.text.matchAll(/'([^'\\\n]{2,40})'|"([^"\\\n]{2,40})"/g)) {
        const q = m[0][0];
        const inner = m[1] ?? m[2];
        cands.push({ i, start: m.index!, len: m[0].length, repl: q + inner + c.rng.pick(STRING_SUFFIXES) + q });
      }
    });
    if (!cands.length) return null;
    const k = c.rng.pick(cands);
    const out = recs.slice();
    const t = out[k.i].text;
    out[k.i] = { text: t.slice(0, k.start) + k.repl + t.slice(k.start + k.len), orig: -1 };
    return out;
  },
  insert(c, recs) {
    const lang = c.src.lang;
    const at = recs
      .map((r, i) => i)
      .filter((i) => i + 1 < recs.length && isCode(c, recs[i]) && endsStatement(recs[i].text, lang) && !continues(recs[i + 1].text) && !/^\s*(\*|else\b|elif\b|except\b|catch\b|finally\b)/.test(recs[i + 1].text));
    if (!at.length) return null;
    const i = c.rng.pick(at);
    const cur = recs[i].text;
    let ind = indentOf(cur);
    if (opensBlock(cur, lang)) {
      const next = recs.slice(i + 1).find((r) => !isBlank(r.text));
      ind = next && indentOf(next.text).length > ind.length ? indentOf(next.text) : ind + c.src.unit;
    }
    const text = ind + fill(c, c.rng.pick(lang === 'py' ? INSERT_PY : INSERT_JS), blockIdents(c, recs));
    return [...recs.slice(0, i + 1), { text, orig: -1 }, ...recs.slice(i + 1)];
  },
  delete(c, recs) {
    const lang = c.src.lang;
    const at = recs
      .map((r, i) => i)
      .filter(
        (i) =>
          i > 0 &&
          i < recs.length - 1 &&
          isCode(c, recs[i]) &&
          substantive(recs[i].text) &&
          !opensBlock(recs[i].text, lang) &&
          endsStatement(recs[i].text, lang) &&
          endsStatement(recs[i - 1].text, lang) &&
          !continues(recs[i].text) &&
          !continues(recs[i + 1].text),
      );
    if (!at.length) return null;
    const i = c.rng.pick(at);
    return [...recs.slice(0, i), ...recs.slice(i + 1)];
  },
  comment(c, recs) {
    const py = c.src.lang === 'py';
    const at = recs
      .map((r, i) => i)
      .filter((i) => {
        const t = recs[i].text;
        return isCode(c, recs[i]) && substantive(t) && !t.includes(py ? '#' : '//') && !/\\$/.test(t) && (t.match(/`/g) ?? []).length % 2 === 0 && !/"""|'''/.test(t);
      });
    if (!at.length) return null;
    const i = c.rng.pick(at);
    const out = recs.slice();
    const phrase = fill(c, c.rng.pick(COMMENT_PHRASES), blockIdents(c, recs));
    out[i] = { text: out[i].text + (py ? '  # ' : ' // ') + phrase, orig: -1 };
    return out;
  },
  /** A run of two to four statements rewritten as one to four others. */
  rewrite(c, recs) {
    const lang = c.src.lang;
    const ok = (i: number) => isCode(c, recs[i]) && substantive(recs[i].text) && !opensBlock(recs[i].text, lang) && endsStatement(recs[i].text, lang) && !continues(recs[i].text) && !/^\s*[}\])]/.test(recs[i].text);
    const runs: [number, number][] = [];
    for (let i = 0; i < recs.length; i++) {
      if (i > 0 && !endsStatement(recs[i - 1].text, lang)) continue;
      let j = i;
      while (j < recs.length && j - i < 4 && ok(j) && indentOf(recs[j].text) === indentOf(recs[i].text)) j++;
      if (j - i >= 2 && (j >= recs.length || !continues(recs[j].text))) runs.push([i, j]);
    }
    if (!runs.length) return null;
    const [i, j] = c.rng.pick(runs);
    const ind = indentOf(recs[i].text);
    const ids = blockIdents(c, recs);
    const fresh: Rec[] = [];
    const want = c.rng.int(1, 4);
    for (let g = 0; g < 12 && fresh.length < want; g++) {
      const t = ind + fill(c, c.rng.pick(lang === 'py' ? INSERT_PY : INSERT_JS), ids);
      if (!fresh.some((r) => r.text === t)) fresh.push({ text: t, orig: -1 });
    }
    return [...recs.slice(0, i), ...fresh, ...recs.slice(j)];
  },
  replace(c, recs) {
    const lang = c.src.lang;
    const at = recs
      .map((r, i) => i)
      .filter(
        (i) =>
          isCode(c, recs[i]) &&
          substantive(recs[i].text) &&
          !opensBlock(recs[i].text, lang) &&
          endsStatement(recs[i].text, lang) &&
          (i === 0 || endsStatement(recs[i - 1].text, lang)) &&
          !continues(recs[i].text) &&
          (i + 1 >= recs.length || !continues(recs[i + 1].text)) &&
          !/^\s*[}\])]/.test(recs[i].text),
      );
    if (!at.length) return null;
    const i = c.rng.pick(at);
    const out = recs.slice();
    out[i] = { text: indentOf(out[i].text) + fill(c, c.rng.pick(lang === 'py' ? INSERT_PY : INSERT_JS), blockIdents(c, recs)), orig: -1 };
    return out;
  },
};

/** The intended new block, written in the file's style; null when no sensible edit was found. */
export function carefulEdit(c: EditCtx, lines: readonly string[], only?: readonly string[]): Rec[] | null {
  let recs: Rec[] = lines.map((text, orig) => ({ text, orig }));
  const want = lines.length >= 4 && c.rng.chance(0.2) ? 2 : 1;
  let done = 0;
  for (let tries = 0; tries < 12 && done < want; tries++) {
    const op = c.rng.weighted(
      (
        [
          ['rename', 3],
          ['literal', 2],
          ['insert', 3],
          ['delete', 1.5],
          ['comment', 1.5],
          ['replace', 2],
          ['rewrite', 1.5],
        ] as const
      ).filter(([name]) => !only || only.includes(name)),
    );
    const r = EDIT_OPS[op](c, recs);
    if (r) {
      recs = r;
      done++;
    }
  }
  if (!done || recs.map((r) => r.text).join('\n') === lines.join('\n')) return null;
  return recs;
}

// ---------------------------------------------------------------------------------------------------------
// Drafts: a case under construction

interface Global {
  prio: number;
  name: string;
  /** Applied to the old and to the new text; `side` tells which (a diff marks them differently). */
  f: (s: string, side: 'old' | 'new') => string;
}

interface Draft {
  rng: Rng;
  src: Source;
  /** The document's lines (the source, or the source with a block duplicated into it). */
  fileLines: string[];
  eol: '\n' | '\r\n';
  start: number;
  n: number;
  block: string[];
  mask: boolean[];
  careful: Rec[];
  oldRecs: Rec[];
  newRecs: Rec[];
  globals: Global[];
  notes: string[];
  /** Block lines the model got wrong: the fairness check lets them differ. */
  wild: Set<number>;
  /** Block lines no drift may touch (a twin's distinguishing line). */
  protect: Set<number>;
  /** Block lines a drift already changed. */
  touched: Set<number>;
  /** Exact occurrences of the old text at the target are fine for this class. */
  allowExact: boolean;
}

function draftAt(rng: Rng, src: Source, fileLines: string[], start: number, n: number, mask: boolean[]): Draft | null {
  const block = fileLines.slice(start, start + n);
  const careful = carefulEdit({ rng, src, mask }, block);
  if (!careful) return null;
  return {
    rng,
    src,
    fileLines,
    eol: '\n',
    start,
    n,
    block,
    mask,
    careful,
    oldRecs: block.map((text, orig) => ({ text, orig })),
    newRecs: careful.map((r) => ({ ...r })),
    globals: [],
    notes: [],
    wild: new Set(),
    protect: new Set(),
    touched: new Set(),
    allowExact: false,
  };
}

function draft(rng: Rng, src: Source, o: PickOpts): Draft | null {
  const b = pickBlock(rng, src, o);
  if (!b) return null;
  return draftAt(rng, src, src.lines, b.start, b.n, src.comment.slice(b.start, b.start + b.n));
}

/** Block line k is present, unchanged, in the careful new text and in both of the model's texts. */
function unchanged(d: Draft, k: number): boolean {
  if (d.protect.has(k) || d.touched.has(k)) return false;
  return d.careful.some((r) => r.orig === k) && d.oldRecs.some((r) => r.orig === k) && d.newRecs.some((r) => r.orig === k);
}

function unchangedLines(d: Draft, pred: (k: number, line: string) => boolean): number[] {
  const out: number[] = [];
  for (let k = 0; k < d.n; k++) if (unchanged(d, k) && pred(k, d.block[k])) out.push(k);
  return out;
}

const codeLine = (d: Draft, k: number): boolean => !d.mask[k] && !isBlank(d.block[k]);

/** Garble block line k the same way in the model's old and new text. */
function mutate(d: Draft, k: number, f: (t: string) => string): boolean {
  const t = d.block[k];
  const g = f(t);
  if (g === t) return false;
  for (const recs of [d.oldRecs, d.newRecs]) for (const r of recs) if (r.orig === k) r.text = g;
  d.touched.add(k);
  if (norm(g) !== norm(t)) d.wild.add(k);
  return true;
}

function removeLine(d: Draft, k: number): void {
  d.oldRecs = d.oldRecs.filter((r) => r.orig !== k);
  d.newRecs = d.newRecs.filter((r) => r.orig !== k);
  d.touched.add(k);
}

function insertAfter(d: Draft, k: number, rec: Rec): void {
  for (const key of ['oldRecs', 'newRecs'] as const) {
    const recs = d[key];
    const i = recs.findIndex((r) => r.orig === k);
    d[key] = [...recs.slice(0, i + 1), { ...rec }, ...recs.slice(i + 1)];
  }
}

/** In the model's new text, block line k is directly followed by block line k+1. */
function adjacentInNew(d: Draft, k: number): boolean {
  const i = d.newRecs.findIndex((r) => r.orig === k);
  return i >= 0 && d.newRecs[i + 1]?.orig === k + 1;
}

/** Lines k-1, k, k+1 stand together in the new text: leaving line k out keeps its place unambiguous. */
const keptBetween = (d: Draft, k: number): boolean => adjacentInNew(d, k - 1) && adjacentInNew(d, k);

function addGlobal(d: Draft, prio: number, name: string, f: (s: string, side: 'old' | 'new') => string): true {
  d.globals.push({ prio, name, f });
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Line-level garbling

const KEYBOARD = 'qwertyuiop asdfghjkl zxcvbnm';
function neighbourKey(rng: Rng, ch: string): string {
  const lower = ch.toLowerCase();
  const i = KEYBOARD.indexOf(lower);
  if (i < 0) return ch === 'a' ? 'b' : 'a';
  const opts = [KEYBOARD[i - 1], KEYBOARD[i + 1]].filter((x) => x && x !== ' ');
  const k = rng.pick(opts.length ? opts : ['e']);
  return ch === lower ? k : k.toUpperCase();
}

/** One slip of the keyboard inside a word of four letters or more. */
export function typo(rng: Rng, line: string): string {
  const words = [...line.matchAll(/[A-Za-z]{4,}/g)];
  if (!words.length) return line;
  const m = rng.pick(words);
  const w = m[0];
  const i = rng.int(1, w.length - 2);
  let v: string;
  switch (rng.int(0, 3)) {
    case 0:
      v = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      break;
    case 1:
      v = w.slice(0, i) + w.slice(i + 1);
      break;
    case 2:
      v = w.slice(0, i) + neighbourKey(rng, w[i]) + w.slice(i + 1);
      break;
    default:
      v = w.slice(0, i) + w[i] + w.slice(i);
  }
  return line.slice(0, m.index!) + v + line.slice(m.index! + w.length);
}

const SYNONYMS: Record<string, string[]> = {
  options: ['opts', 'config'],
  opts: ['options'],
  callback: ['cb', 'done'],
  cb: ['callback'],
  fn: ['func', 'callback'],
  error: ['err', 'e'],
  err: ['error', 'e'],
  index: ['idx', 'i'],
  idx: ['index'],
  value: ['val', 'v'],
  val: ['value'],
  result: ['res', 'ret'],
  results: ['result', 'res'],
  element: ['el', 'elem'],
  string: ['str', 's'],
  str: ['string', 's'],
  length: ['size', 'len'],
  event: ['evt', 'e'],
  message: ['msg'],
  args: ['params', 'argv'],
  item: ['entry', 'el'],
  items: ['entries', 'list'],
  key: ['name', 'k'],
  name: ['key', 'id'],
  path: ['filePath', 'p'],
  file: ['filename', 'f'],
  node: ['elem', 'n'],
  data: ['payload', 'obj'],
  text: ['str', 'content'],
  line: ['ln', 'row'],
  lines: ['rows'],
  version: ['ver', 'spec'],
  state: ['status'],
  parent: ['owner', 'scope'],
  target: ['dest'],
  source: ['src'],
};

/** Another plausible identifier where the file has `id`: a synonym, or a different name of the file. */
function wrongName(rng: Rng, src: Source, line: string): string {
  const occ = [...line.matchAll(/[A-Za-z_$][\w$]*/g)].filter((m) => m[0].length >= 3 && !KEYWORDS.has(m[0]));
  if (!occ.length) return line;
  const m = rng.pick(occ);
  const id = m[0];
  let to = SYNONYMS[id] ? rng.pick(SYNONYMS[id]) : '';
  if (!to) {
    const shape = (x: string) => `${/^[_$]/.test(x)}${/^[A-Z0-9_$]+$/.test(x)}${/^[a-z]/.test(x)}`;
    const pool = src.idents.slice(0, 80).filter((x) => x !== id && shape(x) === shape(id));
    if (!pool.length) return line;
    to = rng.pick(pool);
  }
  return line.slice(0, m.index!) + to + line.slice(m.index! + id.length);
}

const INNER_WS: ((l: string) => string)[] = [
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/(\S) {2,}(?=\S)/g, '$1 ')),
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/, (?=\S)/g, ',')),
  (l) => mapCode(l, (c) => c.replace(/\b(if|for|while|switch|catch|function) \(/g, '$1(')),
  (l) => mapCode(l, (c) => c.replace(/\b(if|for|while|switch|catch)\(/g, '$1 (')),
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/ (===|!==|==|=|\+|<=|>=|&&|\|\|) /, '$1')),
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/\((?=[\w$'"])/, '( ').replace(/(?<=[\w$'")])\)/, ' )')),
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/\{ (?=\S)/g, '{').replace(/(?<=\S) \}/g, '}')),
  (l) => indentOf(l) + mapCode(l.slice(indentOf(l).length), (c) => c.replace(/(?<=\S) (?=\S)/, '  ')),
];

const INVENT_JS: [number, string][][] = [
  [[0, 'const $A = $B.$C($D);']],
  [
    [0, 'if (!$A) {'],
    [1, 'return $B;'],
    [0, '}'],
  ],
  [
    [0, 'for (const $A of $B) {'],
    [1, '$C.push($A);'],
    [0, '}'],
  ],
  [[0, '$A.$C($B, $D);']],
  [[0, 'let $A = $B ? $C : null;']],
  [[0, "throw new Error('Unexpected $A');"]],
  [[0, 'await this.$C($A);']],
  [[0, 'const { $A, $B } = $C;']],
  [[0, '$A = Object.assign({}, $B, { $C: true });']],
  [[0, 'return $A.filter(Boolean);']],
  [[0, "$A.set('$C', $B);"]],
];
const INVENT_PY: [number, string][][] = [
  [[0, '$A = $B.$C($D)']],
  [
    [0, 'if not $A:'],
    [1, 'return $B'],
  ],
  [
    [0, 'for $A in $B:'],
    [1, '$C.append($A)'],
  ],
  [[0, 'raise ValueError(f"invalid $A: {$B!r}")']],
  [[0, '$A = [x for x in $C if x]']],
  [[0, 'logger.warning("skipping %s", $A)']],
  [[0, 'return $A, $B']],
  [[0, '$A.update($B=$C)']],
];

/** Plausible code that is not in the file: k lines at indentation `ind`, built from the file's names. */
function invent(rng: Rng, src: Source, k: number, ind: string, ids: readonly string[]): string[] {
  const pool = ids.length >= 4 ? ids : src.idents.slice(0, 60);
  const out: string[] = [];
  const lib = src.lang === 'py' ? INVENT_PY : INVENT_JS;
  for (let guard = 0; out.length < k && guard < 50; guard++) {
    const snip = rng.pick(lib);
    if (snip.length > k - out.length) continue;
    const names = [0, 1, 2, 3].map(() => {
      const x = rng.pick(pool).replace(/^\$/, '');
      return src.lang === 'py' ? pyName(x) : x;
    });
    for (const [lvl, t] of snip)
      out.push(
        ind +
          src.unit.repeat(lvl) +
          t
            .replace(/\$A/g, names[0])
            .replace(/\$B/g, names[1])
            .replace(/\$C/g, names[2])
            .replace(/\$D/g, names[3]),
      );
  }
  return out;
}

function codeIdents(lines: readonly string[], mask: readonly boolean[]): string[] {
  return lines.filter((l, k) => !mask[k]).flatMap(identifiersIn);
}

// ---------------------------------------------------------------------------------------------------------
// Drifts. Each returns false when it does not apply to this block (the case is then dropped).

type Drift = (d: Draft) => boolean;

function indentWidth(ws: string, unit: string): number {
  const tab = unit === '\t' ? 4 : unit.length;
  let w = 0;
  for (const ch of ws) w += ch === '\t' ? tab : 1;
  return w;
}

const reindentLines = (s: string, f: (ws: string) => string): string =>
  s
    .split('\n')
    .map((l) => (isBlank(l) ? l : f(indentOf(l)) + l.slice(indentOf(l).length)))
    .join('\n');

const DRIFTS: Record<string, { group: string; apply: Drift }> = {
  dedent: {
    group: 'indent',
    apply(d) {
      const base = commonIndent(d.block);
      if (!base) return false;
      // Usually all the way to column 0; sometimes only one level.
      const cut = base.length > d.src.unit.length && d.rng.chance(0.25) ? d.src.unit.length : base.length;
      d.notes.push(cut === base.length ? 'dedented to column 0' : 'dedented by one level');
      return addGlobal(d, 10, 'dedent', (s) => reindentLines(s, (ws) => (ws.startsWith(base.slice(0, cut)) ? ws.slice(cut) : ws.slice(Math.min(cut, ws.length)))));
    },
  },
  extra: {
    group: 'indent',
    apply(d) {
      const u = d.src.unit;
      const add = d.rng.weighted([
        [u, 5],
        [u + u, 2],
        [u === '\t' ? '    ' : u === '  ' ? '    ' : '  ', 2],
        ['        ', 1],
      ] as const);
      d.notes.push(`extra indentation ${JSON.stringify(add)}`);
      return addGlobal(d, 10, 'extra-indent', (s) => reindentLines(s, (ws) => add + ws));
    },
  },
  tabs: {
    group: 'indent',
    apply(d) {
      if (!d.block.some((l) => indentOf(l))) return false;
      if (d.src.unit === '\t') {
        const w = d.rng.pick([2, 4, 4]);
        d.notes.push(`tabs sent as ${w} spaces`);
        return addGlobal(d, 10, 'tabs', (s) => reindentLines(s, (ws) => ws.replace(/\t/g, ' '.repeat(w))));
      }
      const uw = d.src.unit.length;
      d.notes.push(`${uw}-space indentation sent as tabs`);
      return addGlobal(d, 10, 'tabs', (s) =>
        reindentLines(s, (ws) => {
          const w = indentWidth(ws, d.src.unit);
          return '\t'.repeat(Math.floor(w / uw)) + ' '.repeat(w % uw);
        }),
      );
    },
  },
  relative: {
    group: 'indent',
    apply(d) {
      const u = d.src.unit;
      const uw = u === '\t' ? 4 : u.length;
      const widths = new Set(d.block.filter((l) => !isBlank(l)).map((l) => indentWidth(indentOf(l), u)));
      if (widths.size < 2) return false;
      const baseW = Math.min(...widths);
      const newU = u === '\t' ? d.rng.pick([2, 3]) : uw === 2 ? 4 : 2;
      const baseLevels = Math.round(baseW / uw);
      const newBase = d.rng.pick([0, baseLevels * newU, baseLevels * newU + 1, newU]);
      d.notes.push(`relative indentation kept, ${newU}-space levels from column ${newBase}`);
      return addGlobal(d, 10, 'relative-indent', (s) =>
        reindentLines(s, (ws) => {
          const rel = Math.max(0, indentWidth(ws, u) - baseW);
          return ' '.repeat(newBase + Math.floor(rel / uw) * newU + (rel % uw));
        }),
      );
    },
  },
  'trailing-model': {
    group: 'ws',
    apply(d) {
      const ks = unchangedLines(d, () => true);
      if (!ks.length) return false;
      const count = d.rng.int(1, Math.max(1, Math.ceil(ks.length / 2)));
      let done = 0;
      for (let i = 0; i < count; i++) {
        const k = d.rng.pick(ks);
        const ws = isBlank(d.block[k]) ? indentOf(d.block[Math.min(k + 1, d.n - 1)]) || '  ' : d.rng.pick([' ', '  ', '\t', '    ']);
        if (mutate(d, k, (t) => t + ws)) done++;
      }
      d.notes.push(`trailing whitespace added to ${done} line(s)`);
      return done > 0;
    },
  },
  'trailing-file': {
    group: 'ws',
    apply(d) {
      const ks = unchangedLines(d, () => true);
      if (!ks.length) return false;
      const chosen = new Set<number>();
      const count = d.rng.int(1, Math.max(1, Math.ceil(ks.length / 2)));
      for (let i = 0; i < count; i++) chosen.add(d.rng.pick(ks));
      d.fileLines = d.fileLines.slice();
      for (const k of chosen) {
        const ws = isBlank(d.block[k]) ? indentOf(d.block[Math.min(k + 1, d.n - 1)]) || '  ' : d.rng.pick([' ', '  ', '\t']);
        d.fileLines[d.start + k] += ws;
        d.block[k] += ws;
        for (const r of d.careful) if (r.orig === k) r.text += ws;
        d.touched.add(k);
      }
      // A file with stray trailing whitespace has it elsewhere too.
      for (let i = 0; i < 3; i++) {
        const j = d.rng.int(HEADER_LINES, d.fileLines.length - 1);
        if ((j < d.start || j >= d.start + d.n) && !isBlank(d.fileLines[j])) d.fileLines[j] += ' ';
      }
      d.notes.push(`the file has trailing whitespace on ${chosen.size} line(s) of the block; the model sent none`);
      return true;
    },
  },
  'inner-ws': {
    group: 'ws',
    apply(d) {
      const ks = unchangedLines(d, (k) => codeLine(d, k));
      let done = 0;
      for (let i = 0; i < 6 && done < 2 && ks.length; i++) {
        const k = d.rng.pick(ks);
        if (mutate(d, k, d.rng.pick(INNER_WS))) done++;
      }
      d.notes.push(`spacing inside ${done} line(s) changed`);
      return done > 0;
    },
  },
  blank: {
    group: 'ws',
    apply(d) {
      const blanks = unchangedLines(d, (k, l) => k > 0 && k < d.n - 1 && isBlank(l) && keptBetween(d, k));
      const variant = d.rng.pick(blanks.length ? ['collapse', 'collapse', 'double', 'insert'] : ['insert']);
      if (variant === 'collapse') {
        for (const k of blanks) removeLine(d, k);
        d.notes.push(`${blanks.length} blank line(s) left out`);
        return true;
      }
      if (variant === 'double') {
        const k = d.rng.pick(blanks);
        insertAfter(d, k, { text: '', orig: -2 });
        d.touched.add(k);
        d.notes.push('a blank line doubled');
        return true;
      }
      const ks = unchangedLines(d, (k, l) => k < d.n - 1 && !isBlank(l) && !isBlank(d.block[k + 1]) && unchanged(d, k + 1) && adjacentInNew(d, k));
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      insertAfter(d, k, { text: '', orig: -2 });
      d.touched.add(k);
      d.notes.push('a blank line added');
      return true;
    },
  },
  typo: {
    group: 'corrupt',
    apply(d) {
      const ks = unchangedLines(d, (k, l) => k > 0 && k < d.n - 1 && codeLine(d, k) && /[A-Za-z]{4,}/.test(l));
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      d.notes.push(`typo in block line ${k + 1}`);
      return mutate(d, k, (t) => typo(d.rng, t));
    },
  },
  'wrong-ident': {
    group: 'corrupt',
    apply(d) {
      if (d.block.filter((l) => !isBlank(l)).length < 4) return false;
      const ks = unchangedLines(d, (k) => k > 0 && k < d.n - 1 && codeLine(d, k) && identifiersIn(d.block[k]).length > 0);
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      d.notes.push(`wrong identifier in block line ${k + 1}`);
      return mutate(d, k, (t) => wrongName(d.rng, d.src, t));
    },
  },
  'first-last': {
    group: 'corrupt',
    apply(d) {
      if (d.block.filter((l) => !isBlank(l)).length < 4) return false;
      const ks = unchangedLines(d, (k, l) => (k === 0 || k === d.n - 1) && substantive(l));
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      const line = d.block[k];
      const py = d.src.lang === 'py';
      const variants: [string, (t: string) => string][] = [
        ['typo', (t) => typo(d.rng, t)],
        ['wrong identifier', (t) => wrongName(d.rng, d.src, t)],
        ['trailing comment left out', (t) => t.replace(py ? /\s+#.*$/ : /\s+\/\/.*$/, '')],
        ['quote style swapped', (t) => mapCode(t, (c) => c).replace(/'([^'"\\]*)'/g, '"$1"')],
        ['semicolon left out', (t) => t.replace(/;\s*$/, '')],
        ['keyword left out', (t) => t.replace(/^(\s*)(export |async |static |public |private |protected |readonly )/, '$1')],
        ['declaration kind changed', (t) => t.replace(/^(\s*)(const|let|var) /, (m, ws: string, kw: string) => ws + (kw === 'const' ? 'let ' : 'const '))],
      ];
      if (k === d.n - 1) {
        // The model stopped quoting partway through the last line.
        const cuts = [...line.matchAll(/[\s,(]/g)].map((m) => m.index!).filter((i) => i > line.length / 2 && i < line.length - 3);
        if (cuts.length) {
          const cut = d.rng.pick(cuts);
          variants.push(['cut short', (t) => t.slice(0, cut)]);
        }
      }
      const usable = variants.filter(([, f]) => f(line) !== line).map(([name, f]) => [[name, f], name === 'typo' || name === 'wrong identifier' ? 2 : 1.5] as const);
      if (!usable.length) return false;
      const [name, f] = d.rng.weighted(usable);
      d.notes.push(`${k === 0 ? 'first' : 'last'} line: ${name}`);
      return mutate(d, k, f);
    },
  },
  missing: {
    group: 'corrupt',
    apply(d) {
      // One forgotten line among at least five: a slip, not a different block.
      if (d.block.filter((l) => !isBlank(l)).length < 5) return false;
      const ks = unchangedLines(d, (k, l) => k > 0 && k < d.n - 1 && substantive(l) && codeLine(d, k) && keptBetween(d, k));
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      removeLine(d, k);
      d.wild.add(k);
      d.notes.push(`block line ${k + 1} left out`);
      return true;
    },
  },
  'extra-line': {
    group: 'corrupt',
    apply(d) {
      // One invented line among at least five real ones.
      if (d.block.filter((l) => !isBlank(l)).length < 5) return false;
      const ks = unchangedLines(
        d,
        (k, l) =>
          k < d.n - 1 &&
          !isBlank(l) &&
          !d.mask[k] &&
          unchanged(d, k + 1) &&
          !isBlank(d.block[k + 1]) &&
          adjacentInNew(d, k) &&
          endsStatement(l, d.src.lang) &&
          !continues(d.block[k + 1]) &&
          !/^\s*(else\b|elif\b|except\b|catch\b|finally\b|\*)/.test(d.block[k + 1]),
      );
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      const next = d.block[k + 1];
      const ind = opensBlock(d.block[k], d.src.lang) ? indentOf(next) : indentOf(d.block[k]);
      const [line] = invent(d.rng, d.src, 1, ind, codeIdents(d.block, d.mask));
      if (!line || d.block.some((l) => norm(l) === norm(line))) return false;
      insertAfter(d, k, { text: line, orig: -2 });
      d.touched.add(k);
      d.notes.push(`an invented line after block line ${k + 1}`);
      return true;
    },
  },
  elision: {
    group: 'elision',
    apply(d) {
      if (d.n < 6) return false;
      const runs: [number, number][] = [];
      for (let a = 1; a < d.n - 2; a++)
        for (let b = a + 1; b < d.n - 1; b++) {
          let ok = true;
          for (let k = a; k <= b && ok; k++) ok = unchanged(d, k) && (k === b || adjacentInNew(d, k));
          if (!ok) break;
          if (d.block.slice(a, b + 1).some(substantive)) runs.push([a, b]);
        }
      if (!runs.length) return false;
      const [a, b] = d.rng.pick(runs);
      // The lines the model shows must pin the block down: one prefix/suffix pair within reach of each other.
      const fl = normLines(d.fileLines);
      const pre = d.block.slice(0, a).map(norm);
      const suf = d.block.slice(b + 1).map(norm);
      const ps = sequenceStarts(fl, pre);
      const ss = sequenceStarts(fl, suf);
      let pairs = 0;
      for (const p of ps) for (const s of ss) if (s >= p + pre.length + 1 && s - (p + pre.length) <= 80) pairs++;
      if (pairs !== 1) return false;
      const ind = indentOf(d.block.slice(a, b + 1).find((l) => !isBlank(l)) ?? d.block[a]);
      // The markers models write (Cursor-style, aider-style, bare). Most carry an ellipsis; some only words.
      const marker =
        ind +
        d.rng.weighted(
          d.src.lang === 'py'
            ? ([
                ['# ... existing code ...', 4],
                ['# ...', 2],
                ['# ... rest of the function unchanged ...', 2],
                ['...', 1],
                ['# (unchanged)', 1],
              ] as const)
            : ([
                ['// ... existing code ...', 4],
                ['// ...', 2],
                ['/* ... */', 1],
                ['// ... rest of the code unchanged ...', 2],
                ['...', 1],
                ['// (unchanged)', 1],
              ] as const),
        );
      for (const key of ['oldRecs', 'newRecs'] as const) {
        const recs = d[key];
        const i = recs.findIndex((r) => r.orig === a);
        const j = recs.findIndex((r) => r.orig === b);
        d[key] = [...recs.slice(0, i), { text: marker, orig: -3 }, ...recs.slice(j + 1)];
      }
      for (let k = a; k <= b; k++) d.touched.add(k);
      d.notes.push(`block lines ${a + 1}-${b + 1} elided as ${JSON.stringify(marker.trim())}`);
      return true;
    },
  },
  'crlf-file': {
    group: 'eol',
    apply(d) {
      if (d.n < 2) return false;
      d.eol = '\r\n';
      d.notes.push('CRLF file, LF old/new');
      return true;
    },
  },
  'crlf-model': {
    group: 'eol',
    apply(d) {
      if (d.n < 2) return false;
      d.notes.push('LF file, CRLF old/new');
      return addGlobal(d, 40, 'crlf-model', toCRLF);
    },
  },
  unicode: {
    group: 'unicode',
    apply(d) {
      const text = d.block.join('\n');
      // Typographic quotes are what models produce most; dashes, ellipses and no-break spaces less often.
      const kinds: [string, number][] = [];
      if (text.includes('"')) kinds.push(['double', 3]);
      if (text.includes("'")) kinds.push(['single', 3]);
      if (d.block.some((l, k) => d.mask[k] && / - |--/.test(l))) kinds.push(['dash', 2]);
      if (d.block.some((l, k) => d.mask[k] && /\.\.\./.test(l))) kinds.push(['ellipsis', 1]);
      if (unchangedLines(d, (k, l) => codeLine(d, k) && /\S \S/.test(l.trim())).length) kinds.push(['nbsp', 2]);
      if (!kinds.length) return false;
      const chosen = new Set([d.rng.weighted(kinds)]);
      if (d.rng.chance(0.35)) chosen.add(d.rng.weighted(kinds));
      const comment = d.src.lang === 'py' ? /^\s*#/ : /^\s*(\/\/|\/?\*)/;
      const smart = (s: string, q: string, open: string, close: string) =>
        s
          .split('\n')
          .map((l) => {
            let odd = false;
            return l.replace(new RegExp(q, 'g'), (_m, off: number) => {
              if (q === "'" && /[A-Za-z]/.test(l[off - 1] ?? '') && /[A-Za-z]/.test(l[off + 1] ?? '')) return close;
              odd = !odd;
              return odd ? open : close;
            });
          })
          .join('\n');
      for (const kind of chosen) {
        if (kind === 'double') addGlobal(d, 20, 'smart double quotes', (s) => smart(s, '"', '\u201c', '\u201d'));
        if (kind === 'single') addGlobal(d, 20, 'smart single quotes', (s) => smart(s, "'", '\u2018', '\u2019'));
        if (kind === 'dash')
          addGlobal(d, 20, 'dashes', (s) =>
            s
              .split('\n')
              .map((l) => (comment.test(l) ? l.replace(/ - /g, ' \u2013 ').replace(/--/g, '\u2014') : l))
              .join('\n'),
          );
        if (kind === 'ellipsis')
          addGlobal(d, 20, 'ellipsis', (s) =>
            s
              .split('\n')
              .map((l) => (comment.test(l) ? l.replace(/\.\.\./g, '\u2026') : l))
              .join('\n'),
          );
        if (kind === 'nbsp') {
          const ks = unchangedLines(d, (k, l) => codeLine(d, k) && /\S \S/.test(l.trim()));
          for (const k of new Set([d.rng.pick(ks), d.rng.pick(ks)]))
            mutate(d, k, (t) => indentOf(t) + mapCode(t.slice(indentOf(t).length), (c) => c.replace(/(?<=\S) (?=\S)/, '\u00a0')));
        }
      }
      d.notes.push(`unicode: ${[...chosen].join(', ')}`);
      return true;
    },
  },
  boundary: {
    group: 'boundary',
    apply(d) {
      const first = d.block[0];
      const nextLine = d.fileLines[d.start + d.n];
      const prevLine = d.fileLines[d.start - 1];
      const variants: [string, (s: string) => string, boolean][] = [
        ['first line sent without its indentation', (s) => s.replace(/^[ \t]+/, ''), indentOf(first) !== ''],
        ['a blank line before the block', (s) => '\n\n' + s, !isBlank(prevLine ?? '')],
        ['blank lines after the block', (s) => s + '\n\n', !isBlank(nextLine ?? 'x')],
        ['a newline after the block', (s) => s + '\n', true],
        ['the next line\u2019s indentation after the block', (s) => s + '\n' + indentOf(nextLine ?? '    '), indentOf(nextLine ?? '') !== ''],
        ['spaces before the block', (s) => '  ' + s, true],
        ['spaces after the block', (s) => s + '   ', true],
        ['surrounded by newlines', (s) => '\n' + s + '\n', true],
      ];
      const usable = variants.filter((v) => v[2]);
      const [name, f] = d.rng.pick(usable);
      d.notes.push(name);
      d.allowExact = true;
      return addGlobal(d, 30, 'boundary', f);
    },
  },
  // A statement the file wraps over two lines, quoted on one (as a model re-formats what it remembers).
  reflow: {
    group: 'layout',
    apply(d) {
      const opens = /[([{,]\s*$/;
      const ks = unchangedLines(
        d,
        (k, l) => k < d.n - 1 && codeLine(d, k) && unchanged(d, k + 1) && codeLine(d, k + 1) && opens.test(l) && !/\/\/|#|\/\*|`|'''|"""/.test(l + d.block[k + 1]) && adjacentInNew(d, k),
      );
      if (!ks.length) return false;
      const k = d.rng.pick(ks);
      const first = d.block[k].trimEnd();
      const joined = first + (/[([{]$/.test(first) ? '' : ' ') + d.block[k + 1].trim();
      mutate(d, k, () => joined);
      removeLine(d, k + 1);
      d.wild.add(k + 1);
      d.notes.push(`block lines ${k + 1}-${k + 2} joined into one`);
      return true;
    },
  },
  // What chat models wrap around the code they quote: a markdown fence, or a diff's markers on each side.
  wrapper: {
    group: 'wrapper',
    apply(d) {
      const lang = d.src.lang === 'py' ? 'python' : d.rng.pick(['js', 'ts', 'javascript', '']);
      const variants: [string, (s: string, side: 'old' | 'new') => string][] = [
        ['a markdown code fence around old and new', (s) => '```' + lang + '\n' + s + '\n```'],
        ['diff markers (- on the old lines, + on the new)', (s, side) => s.split('\n').map((l) => (side === 'old' ? '-' : '+') + l).join('\n')],
      ];
      const [name, f] = d.rng.pick(variants);
      d.notes.push(name);
      return addGlobal(d, 90, 'wrapper', f);
    },
  },
  escape: {
    group: 'escape',
    apply(d) {
      const text = d.block.join('\n') + '\n' + d.careful.map((r) => r.text).join('\n');
      const plain = !text.includes('\\');
      const variants: [string, (s: string) => string][] = [['JSON-escaped (\\n, \\", \\\\)', (s) => JSON.stringify(s).slice(1, -1)]];
      if (plain && d.n > 1) variants.push(['newlines sent as \\n', (s) => s.replace(/\n/g, '\\n')]);
      if (plain && text.includes('"')) variants.push(['double quotes sent as \\"', (s) => s.replace(/"/g, '\\"')]);
      if (plain && text.includes("'")) variants.push(["quotes sent as \\' and \\\"", (s) => s.replace(/(["'])/g, '\\$1')]);
      if (plain && d.n > 1 && /\t/.test(text)) variants.push(['tabs and newlines sent as \\t and \\n', (s) => s.replace(/\t/g, '\\t').replace(/\n/g, '\\n')]);
      const [name, f] = d.rng.pick(variants);
      d.notes.push(name);
      return addGlobal(d, 50, 'escape', f);
    },
  },
};

// ---------------------------------------------------------------------------------------------------------
// Finishing a case

function finishApply(d: Draft, cls: ApplyClass): Omit<CorpusCase, 'id'> | null {
  let oldS = d.oldRecs.map((r) => r.text).join('\n');
  let newS = d.newRecs.map((r) => r.text).join('\n');
  for (const g of [...d.globals].sort((a, b) => a.prio - b.prio)) {
    const o = g.f(oldS, 'old');
    if (o === oldS && g.name !== 'crlf-model') return null; // the drift did nothing to this block
    oldS = o;
    newS = g.f(newS, 'new');
  }
  if (oldS === newS || !oldS.trim()) return null;
  const eol = d.eol;
  const content = d.fileLines === d.src.lines && eol === '\n' ? d.src.text : d.fileLines.join(eol) + eol;
  const idealLines = [...d.fileLines.slice(0, d.start), ...d.careful.map((r) => r.text), ...d.fileLines.slice(d.start + d.n)];
  const ideal = idealLines.join(eol) + eol;
  if (ideal === content) return null;
  const offs = lineOffsets(d.fileLines, eol);
  const target = { start: offs[d.start], end: offs[d.start + d.n - 1] + d.fileLines[d.start + d.n - 1].length };
  // Fair: the old text is not verbatim somewhere else, and the block is the only place that reads like it.
  for (let i = content.indexOf(oldS); i >= 0; i = content.indexOf(oldS, i + 1)) {
    const inside = i < target.end && i + oldS.length > target.start;
    if (!inside || !d.allowExact) return null;
  }
  if (content.includes(newS)) return null;
  if (nearCount(d.fileLines, d.start, d.n, d.wild) !== 1) return null;
  if (readsElsewhere(d)) return null;
  return { class: cls, source: d.src.name, content, oldString: oldS, newString: newS, expect: 'apply', ideal, target, note: d.notes.join('; ') || 'verbatim' };
}

/**
 * The lines the model kept (garbled, invented and marker lines may be anything) stand together somewhere
 * other than exactly the block: another place reads at least as much like the old text, so the case is unfair.
 */
function readsElsewhere(d: Draft): boolean {
  const fl = normLines(d.fileLines);
  const seq = d.oldRecs.map((r) => (r.orig >= 0 && !d.wild.has(r.orig) ? norm(r.text) : null));
  if (seq.every((x) => x === null || x === '')) return true;
  for (let p = 0; p + seq.length <= fl.length; p++) {
    if (p === d.start && seq.length === d.n) continue;
    let ok = true;
    for (let i = 0; i < seq.length && ok; i++) if (seq[i] !== null && fl[p + i] !== seq[i]) ok = false;
    if (ok) return true;
  }
  return false;
}

type Builder = (rng: Rng, src: Source) => Omit<CorpusCase, 'id'> | null;

function driftClass(cls: ApplyClass, names: readonly string[], o: Partial<PickOpts> = {}): Builder {
  return (rng, src) => {
    const d = draft(rng, src, { min: o.min ?? 2, max: o.max ?? 20, test: o.test });
    if (!d) return null;
    for (const name of names) if (!DRIFTS[name].apply(d)) return null;
    return finishApply(d, cls);
  };
}

function oneOf(cls: ApplyClass, choices: readonly (readonly [string, number])[], o: Partial<PickOpts> = {}): Builder {
  return (rng, src) => driftClass(cls, [rng.weighted(choices)], o)(rng, src);
}

// ---------------------------------------------------------------------------------------------------------
// Special apply classes

const buildExact: Builder = (rng, src) => {
  const d = draft(rng, src, { min: 1, max: 20 });
  if (!d) return null;
  d.allowExact = true;
  d.notes.push('verbatim');
  return finishApply(d, 'exact');
};

const COMBINABLE_A = ['dedent', 'extra', 'tabs', 'crlf-file', 'crlf-model', 'unicode', 'boundary', 'escape', 'relative', 'wrapper'];
const COMBINABLE_B = ['trailing-model', 'trailing-file', 'inner-ws', 'blank', 'typo', 'wrong-ident', 'first-last', 'missing', 'extra-line', 'elision', 'dedent', 'crlf-file', 'reflow'];

const buildCombined: Builder = (rng, src) => {
  const b = rng.pick(COMBINABLE_B);
  const a = rng.pick(COMBINABLE_A.filter((x) => DRIFTS[x].group !== DRIFTS[b].group));
  const d = draft(rng, src, { min: b === 'elision' ? 6 : 3, max: 20 });
  if (!d) return null;
  if (!DRIFTS[b].apply(d) || !DRIFTS[a].apply(d)) return null;
  return finishApply(d, 'combined');
};

/** One line: whole, trimmed, mis-indented, a fragment of it, or with a slip, as models quote single lines. */
const buildSingleLine: Builder = (rng, src) => {
  const lines = src.lines;
  const variant = rng.weighted([
    ['whole', 2],
    ['trimmed', 2],
    ['indent', 2],
    ['fragment', 2],
    ['typo', 2],
  ] as const);
  for (let attempt = 0; attempt < 30; attempt++) {
    const i = rng.int(HEADER_LINES, lines.length - 1);
    const line = lines[i];
    if (src.comment[i] || !/^\s*[\w$'"`]/.test(line) || (rng.chance(0.8) && !statementStart(src, i)) || !isAscii(line) || nonWs(line) < 20 || nearCount(lines, i, 1) !== 1 || countOccurrences(src.text, line.trim()) !== 1) continue;
    const mask = [false];
    if (variant === 'fragment') {
      const body = line.trim();
      const toks = [...body.matchAll(/[\w$]+|[^\w$\s]+/g)];
      if (toks.length < 4) continue;
      const a = rng.int(0, toks.length - 3);
      const b = rng.int(a + 2, Math.min(toks.length - 1, a + 8));
      const off = indentOf(line).length;
      const fs = off + toks[a].index!;
      const fe = off + toks[b].index! + toks[b][0].length;
      const frag = line.slice(fs, fe);
      if (frag.length < 12 || countOccurrences(src.text, frag) !== 1 || !balanced(frag)) continue;
      const ed = carefulEdit({ rng, src, mask }, [frag], ['rename', 'literal']);
      if (!ed || ed.length !== 1) continue;
      const newFrag = ed[0].text;
      const offs = lineOffsets(lines, '\n');
      const start = offs[i] + fs;
      const ideal = src.text.slice(0, start) + newFrag + src.text.slice(start + frag.length);
      if (src.text.includes(newFrag)) continue;
      return { class: 'single-line', source: src.name, content: src.text, oldString: frag, newString: newFrag, expect: 'apply', ideal, target: { start, end: start + frag.length }, note: 'a fragment of one line' };
    }
    const d = draftAt(rng, src, src.lines, i, 1, mask);
    if (!d || d.careful.length !== 1) continue;
    if (variant === 'whole') {
      d.allowExact = true;
      d.notes.push('one whole line');
    } else if (variant === 'trimmed') {
      d.allowExact = true;
      d.notes.push('one line without its indentation');
      addGlobal(d, 10, 'trim', (s) => s.trim());
    } else if (variant === 'indent') {
      if (!(indentOf(line) ? DRIFTS.dedent : DRIFTS.extra).apply(d)) continue;
      d.allowExact = true; // less indentation than the file is a substring of the line: still the right place
    } else {
      if (line.trim().length < 30) continue;
      const t = typo(rng, line);
      if (t === line) continue;
      // Fair only when no other line of the file is nearly as close.
      const tt = t.trim();
      const dTarget = distance(tt, line.trim());
      const rival = lines.some((l, j) => j !== i && Math.abs(l.trim().length - tt.length) <= Math.max(6, tt.length * 0.3) && distance(tt, l.trim()) < Math.max(6, dTarget + tt.length * 0.2));
      if (rival) continue;
      mutate(d, 0, () => t);
      d.wild.clear(); // fairness was settled above: no other line is nearly as close
      addGlobal(d, 10, 'trim', (s) => s.trim());
      d.notes.push('one line, trimmed, with a typo');
    }
    const c = finishApply(d, 'single-line');
    if (c) return c;
  }
  return null;
};

/** Two near-identical blocks; the model names one of them, distinguishing line included, with a drift. */
interface Twins {
  fileLines: string[];
  origStart: number;
  twinStart: number;
  n: number;
  /** The line (in the block) where the two differ. */
  dl: number;
  mask: boolean[];
  orig: string[];
  twin: string[];
}

/**
 * The file with a near-identical copy of a block: the same lines but one (`dl`), put right before or after
 * it (copy-paste) or elsewhere at the same indentation. `vary` writes the copy's version of line dl.
 */
function makeTwins(rng: Rng, src: Source, b: Block, dls: readonly number[], vary: (line: string) => string): Twins | null {
  const orig = src.lines.slice(b.start, b.start + b.n);
  const mask = src.comment.slice(b.start, b.start + b.n);
  if (!dls.length) return null;
  const dl = rng.pick(dls);
  const twinLine = vary(orig[dl]);
  if (twinLine === orig[dl] || norm(twinLine) === norm(orig[dl])) return null;
  const twin = orig.slice();
  twin[dl] = twinLine;
  const ind = indentOf(orig[0]);
  let at: number;
  const r = rng.next();
  if (r < 0.3) at = b.start;
  else if (r < 0.6) at = b.start + b.n;
  else {
    const spots: number[] = [];
    for (let q = HEADER_LINES + 1; q < src.lines.length; q++)
      if ((q < b.start - 1 || q > b.start + b.n + 1) && indentOf(src.lines[q]) === ind && !isBlank(src.lines[q]) && isBlank(src.lines[q - 1])) spots.push(q);
    if (!spots.length) return null;
    at = rng.pick(spots);
  }
  const insert = at === b.start ? [...twin, ''] : at === b.start + b.n ? ['', ...twin] : [...twin, ''];
  const fileLines = [...src.lines.slice(0, at), ...insert, ...src.lines.slice(at)];
  const origStart = at <= b.start ? b.start + insert.length : b.start;
  const twinStart = at === b.start + b.n ? at + 1 : at;
  if (nearCount(fileLines, origStart, b.n) !== 1 || nearCount(fileLines, twinStart, b.n) !== 1) return null;
  return { fileLines, origStart, twinStart, n: b.n, dl, mask, orig, twin };
}

const buildTwins: Builder = (rng, src) => {
  const b = pickBlock(rng, src, { min: 3, max: 10 });
  if (!b) return null;
  const lines = src.lines.slice(b.start, b.start + b.n);
  const dls = lines.map((l, k) => k).filter((k) => !src.comment[b.start + k] && substantive(lines[k]) && identifiersIn(lines[k]).length > 0);
  const t = makeTwins(rng, src, b, dls, (line) =>
    rng.chance(0.5) ? wrongName(rng, src, line) : (EDIT_OPS.literal({ rng, src, mask: [false] }, [{ text: line, orig: 0 }])?.[0].text ?? wrongName(rng, src, line)),
  );
  if (!t) return null;
  const namedTwin = rng.chance(0.5);
  const d = draftAt(rng, src, t.fileLines, namedTwin ? t.twinStart : t.origStart, t.n, t.mask);
  if (!d) return null;
  d.protect.add(t.dl);
  const drift = rng.pick(['dedent', 'typo', 'trailing-model', 'crlf-file', 'tabs', 'missing', 'inner-ws', 'extra', 'wrong-ident']);
  if (!DRIFTS[drift].apply(d)) return null;
  d.notes.unshift(`${namedTwin ? 'the inserted twin' : 'the original'} of two blocks differing in line ${t.dl + 1}`);
  return finishApply(d, 'twin-blocks');
};

// ---------------------------------------------------------------------------------------------------------
// Refuse classes

function refuseCase(cls: RefuseClass, src: Source, content: string, oldS: string, newS: string, note: string): Omit<CorpusCase, 'id'> {
  return { class: cls, source: src.name, content, oldString: oldS, newString: newS, expect: 'refuse', refuseCode: REFUSE_CODE[cls], note };
}

function editText(rng: Rng, src: Source, lines: readonly string[]): string | null {
  const r = carefulEdit({ rng, src, mask: lines.map(() => false) }, lines);
  return r ? r.map((x) => x.text).join('\n') : null;
}

/** Old text that is not in the file: a block of another file of the same language, or invented code. */
const buildAbsent: Builder = (rng, src) => {
  const others = loadSources().filter((s) => s !== src && s.lang === src.lang);
  let lines: string[] | null = null;
  let note: string;
  if (others.length && rng.chance(0.6)) {
    const other = rng.pick(others);
    const b = pickBlock(rng, other, { min: 2, max: 12 });
    if (!b) return null;
    lines = other.lines.slice(b.start, b.start + b.n);
    note = `a block of ${other.name}`;
    if (rng.chance(0.5)) {
      const base = commonIndent(lines);
      lines = rebase(lines, base, src.unit.repeat(rng.int(0, 2)));
      note += ', re-indented in this file\u2019s style';
    }
  } else {
    const k = rng.int(2, 8);
    lines = invent(rng, src, k, src.unit.repeat(rng.int(0, 2)), src.idents.slice(0, 60));
    note = 'plausible invented code using the file\u2019s names';
  }
  if (lines.length < 2) return null;
  const fileSet = new Set(normLines(src.lines));
  const subst = lines.filter(substantive);
  const present = subst.filter((l) => fileSet.has(norm(l))).length;
  if (present * 2 >= subst.length || (fileSet.has(norm(lines[0])) && fileSet.has(norm(lines[lines.length - 1])))) return null;
  const oldS = lines.join('\n');
  if (src.text.includes(oldS)) return null;
  const newS = editText(rng, src, lines);
  if (!newS || src.text.includes(newS)) return null;
  return refuseCase('absent', src, src.text, oldS, newS, note);
};

/** Real first and last lines of a block; the middle invented. Applying would overwrite code the model never saw. */
const buildHallucinated: Builder = (rng, src) => {
  const b = pickBlock(rng, src, { min: 4, max: 14, test: (l) => substantive(l[0]) && substantive(l[l.length - 1]) });
  if (!b) return null;
  const block = src.lines.slice(b.start, b.start + b.n);
  const mid = block.slice(1, -1);
  if (nonWs(mid.join('')) < 20 || mid.filter(substantive).length < 1) return null;
  const k = Math.max(2, Math.min(6, mid.length + rng.int(-1, 1)));
  const ind = indentOf(mid.find((l) => !isBlank(l)) ?? block[0]);
  let inv: string[];
  let source = 'invented';
  if (rng.chance(0.4)) {
    // Real code of this file, from somewhere else: the model stitched two places together.
    const at = rng.int(HEADER_LINES, src.lines.length - k);
    if (Math.abs(at - b.start) < b.n + k) return null;
    const run = src.lines.slice(at, at + k);
    if (run.some((l, i) => isBlank(l) || src.comment[at + i]) || !run.every(isAscii)) return null;
    inv = rebase(run, commonIndent(run), ind);
    source = `lines ${at + 1}-${at + k} of the file`;
  } else inv = invent(rng, src, k, ind, codeIdents(block, src.comment.slice(b.start, b.start + b.n)));
  if (inv.length < 2) return null;
  const midSet = new Set(mid.map(norm));
  if (inv.some((l) => midSet.has(norm(l)))) return null;
  const a = mid.map(norm).join('\n');
  const c = inv.map(norm).join('\n');
  if (1 - distance(a, c) / Math.max(a.length, c.length) >= 0.5) return null;
  let lines = [block[0], ...inv, block[b.n - 1]];
  let note = `first and last lines real, ${mid.length} middle line(s) replaced by ${inv.length} (${source})`;
  if (rng.chance(0.3) && commonIndent(lines)) {
    lines = rebase(lines, commonIndent(lines), '');
    note += ', dedented';
  }
  const oldS = lines.join('\n');
  if (src.text.includes(oldS)) return null;
  const newS = editText(rng, src, lines);
  if (!newS || src.text.includes(newS)) return null;
  return refuseCase('hallucinated-middle', src, src.text, oldS, newS, note);
};

/** Shift every digit of a number by `k` (mod 10): same length, differs from the original in every digit. */
const shiftDigits = (num: string, k: number): string => num.replace(/\d/g, (d) => String((Number(d) + k) % 10));

/**
 * Two near-identical blocks and an old text that is equally far from both: the line that tells them apart
 * left out, or written with a third value. No careful reader can choose.
 */
const buildAmbiguousTwins: Builder = (rng, src) => {
  const third = rng.chance(0.4);
  const b = pickBlock(rng, src, { min: third ? 3 : 4, max: 10 });
  if (!b) return null;
  const lines = src.lines.slice(b.start, b.start + b.n);
  const code = (k: number) => !src.comment[b.start + k] && substantive(lines[k]);
  const numRe = /(?<![\w$.])\d+(?![\w.])/;
  let t: Twins | null;
  let oldLines: string[];
  let note: string;
  if (third) {
    const dls = lines.map((l, k) => k).filter((k) => code(k) && numRe.test(lines[k]));
    t = makeTwins(rng, src, b, dls, (line) => line.replace(numRe, (m) => shiftDigits(m, 1)));
    if (!t) return null;
    oldLines = t.orig.slice();
    oldLines[t.dl] = t.orig[t.dl].replace(numRe, (m) => shiftDigits(m, 2));
    note = `two blocks differing in one number of line ${t.dl + 1}; the old text has a third number there`;
  } else {
    const dls = lines.map((l, k) => k).filter((k) => k > 0 && k < b.n - 1 && code(k) && identifiersIn(lines[k]).length > 0);
    t = makeTwins(rng, src, b, dls, (line) => wrongName(rng, src, line));
    if (!t) return null;
    oldLines = t.orig.filter((l, k) => k !== t!.dl);
    note = `two blocks differing in line ${t.dl + 1}; the old text leaves that line out`;
  }
  const base = commonIndent(oldLines);
  if (base && rng.chance(0.3)) {
    oldLines = rebase(oldLines, base, '');
    note += ', dedented';
  }
  if (oldLines.filter((l) => !isBlank(l)).length < 3) return null;
  const content = t.fileLines.join('\n') + '\n';
  const oldS = oldLines.join('\n');
  const newS = editText(rng, src, oldLines);
  if (!newS || content.includes(oldS) || content.includes(newS)) return null;
  return refuseCase('ambiguous-twins', src, content, oldS, newS, note);
};

/** Blocks that occur more than once verbatim in the file (duplicated by hand, or already so). */
function naturalDuplicates(src: Source): { starts: number[]; n: number }[] {
  const byKey = new Map<string, number[]>();
  const L = src.lines;
  for (let i = HEADER_LINES; i + 1 < L.length; i++) {
    if (isBlank(L[i]) || isBlank(L[i + 1]) || !/[\w$]/.test(L[i]) || nonWs(L[i] + L[i + 1]) < 24) continue;
    const key = L[i] + '\n' + L[i + 1];
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  }
  const out: { starts: number[]; n: number }[] = [];
  for (const starts of byKey.values()) {
    if (starts.length < 2) continue;
    let n = 2;
    while (n < 8 && starts.every((s) => s + n < L.length && L[s + n] === L[starts[0] + n]) && starts.every((s, j) => j === 0 || starts[j - 1] + n + 1 <= s)) n++;
    while (n > 2 && isBlank(L[starts[0] + n - 1])) n--;
    out.push({ starts, n });
  }
  return out;
}

const dupCache = new WeakMap<Source, { starts: number[]; n: number }[]>();

function insertionSpots(lines: readonly string[], ind: string, avoidFrom: number, avoidTo: number): number[] {
  const spots: number[] = [];
  for (let q = HEADER_LINES + 1; q < lines.length; q++)
    if ((q < avoidFrom - 1 || q > avoidTo + 1) && !isBlank(lines[q]) && indentOf(lines[q]) === ind && (isBlank(lines[q - 1]) || /[;})]\s*$/.test(lines[q - 1]))) spots.push(q);
  return spots;
}

const buildAmbiguousExact: Builder = (rng, src) => {
  let dups = dupCache.get(src);
  if (!dups) dupCache.set(src, (dups = naturalDuplicates(src)));
  let fileLines: string[];
  let block: string[];
  let note: string;
  if (dups.length && rng.chance(0.4)) {
    const dup = rng.pick(dups);
    fileLines = src.lines;
    block = src.lines.slice(dup.starts[0], dup.starts[0] + dup.n);
    note = `a block the file already has ${dup.starts.length} times`;
  } else {
    const b = pickBlock(rng, src, { min: 2, max: 8 });
    if (!b) return null;
    block = src.lines.slice(b.start, b.start + b.n);
    const spots = insertionSpots(src.lines, indentOf(block[0]), b.start, b.start + b.n);
    const at = spots.length && rng.chance(0.6) ? rng.pick(spots) : b.start + b.n;
    const ins = at === b.start + b.n ? ['', ...block] : [...block, ''];
    fileLines = [...src.lines.slice(0, at), ...ins, ...src.lines.slice(at)];
    note = `a block duplicated ${at === b.start + b.n ? 'right after itself' : 'elsewhere at the same indentation'}`;
  }
  let oldLines = block;
  let newText = editText(rng, src, block);
  if (!newText) return null;
  let newLines = newText.split('\n');
  const base = commonIndent(block);
  if (base && rng.chance(0.3)) {
    oldLines = rebase(oldLines, base, '');
    newLines = rebase(newLines, base, '');
    note += ', old text dedented';
  }
  const content = fileLines === src.lines ? src.text : fileLines.join('\n') + '\n';
  const oldS = oldLines.join('\n');
  newText = newLines.join('\n');
  if (countOccurrences(content, block.join('\n')) < 2 || content.includes(newText)) return null;
  return refuseCase('ambiguous-exact', src, content, oldS, newText, note);
};

const buildAmbiguousIndent: Builder = (rng, src) => {
  const b = pickBlock(rng, src, { min: 2, max: 8 });
  if (!b) return null;
  const block = src.lines.slice(b.start, b.start + b.n);
  const u = src.unit;
  const L0 = commonIndent(block);
  const L1 = L0.length >= u.length && rng.chance(0.5) ? L0.slice(u.length) : L0 + u;
  const copy = rebase(block, L0, L1);
  const spots = insertionSpots(src.lines, L1, b.start, b.start + b.n);
  const at = spots.length && rng.chance(0.6) ? rng.pick(spots) : rng.chance(0.5) ? b.start : b.start + b.n;
  const ins = at === b.start + b.n ? ['', ...copy] : [...copy, ''];
  const fileLines = [...src.lines.slice(0, at), ...ins, ...src.lines.slice(at)];
  const levels = [L0, L1];
  const deeper = L0.length > L1.length ? L0 : L1;
  const shallower = L0.length > L1.length ? L1 : L0;
  const thirds = [deeper + u, deeper + u + u];
  if (shallower.length >= u.length) thirds.push(shallower.slice(u.length));
  if (shallower) thirds.push('');
  if (u === '    ') thirds.push(shallower + '  ');
  const L2 = rng.pick(thirds.filter((t) => !levels.includes(t)));
  const oldS = rebase(block, L0, L2).join('\n');
  const newText = editText(rng, src, block);
  if (!newText) return null;
  const newS = rebase(newText.split('\n'), L0, L2).join('\n');
  const content = fileLines.join('\n') + '\n';
  if (content.includes(oldS) || content.includes(newS)) return null;
  if (!content.includes(block.join('\n')) || !content.includes(copy.join('\n'))) return null;
  const w = (s: string) => JSON.stringify(s);
  return refuseCase('ambiguous-indent', src, content, oldS, newS, `the block at indentation ${w(L0)} and ${w(L1)}, old text at ${w(L2)}`);
};

/** The edit was made already: the old text is gone and the new text stands where it was. */
const buildAlreadyApplied: Builder = (rng, src) => {
  const d = draft(rng, src, { min: 1, max: 14 });
  if (!d) return null;
  const after = d.careful.map((r) => r.text);
  const fileLines = [...src.lines.slice(0, d.start), ...after, ...src.lines.slice(d.start + d.n)];
  let eol = '\n';
  let oldLines = d.block;
  let newLines = after;
  let note = 'the edit is already in the file';
  const r = rng.next();
  const base = commonIndent(d.block);
  if (r < 0.15 && base) {
    oldLines = rebase(oldLines, base, '');
    newLines = rebase(newLines, base, '');
    note += ', sent dedented';
  } else if (r < 0.3 && d.n > 1) {
    eol = '\r\n';
    note += ', CRLF file';
  }
  const content = fileLines.join(eol) + eol;
  const oldS = oldLines.join('\n');
  const newS = newLines.join('\n');
  if (content.includes(oldS) || content.replace(/\r\n/g, '\n').includes(d.block.join('\n'))) return null;
  if (!content.replace(/\r\n/g, '\n').includes(after.join('\n'))) return null;
  return refuseCase('already-applied', src, content, oldS, newS, note);
};

// ---------------------------------------------------------------------------------------------------------
// The class table

const BUILDERS: Record<CaseClass, Builder> = {
  exact: buildExact,
  'indent-dedent': driftClass('indent-dedent', ['dedent']),
  'indent-extra': driftClass('indent-extra', ['extra']),
  'indent-tabs': driftClass('indent-tabs', ['tabs']),
  'indent-relative': driftClass('indent-relative', ['relative'], { min: 3 }),
  'trailing-whitespace': oneOf('trailing-whitespace', [
    ['trailing-model', 1],
    ['trailing-file', 1],
  ]),
  'inner-whitespace': driftClass('inner-whitespace', ['inner-ws']),
  'blank-lines': (rng, src) => driftClass('blank-lines', ['blank'], { min: 3, test: rng.chance(0.7) ? (l) => l.slice(1, -1).some(isBlank) : undefined })(rng, src),
  escape: driftClass('escape', ['escape']),
  unicode: (rng, src) => driftClass('unicode', ['unicode'], { test: rng.chance(0.7) ? (l) => /["']/.test(l.join('\n')) : undefined })(rng, src),
  'typo-middle': driftClass('typo-middle', ['typo'], { min: 3 }),
  'wrong-identifier': driftClass('wrong-identifier', ['wrong-ident'], { min: 3 }),
  'first-last-line': driftClass('first-last-line', ['first-last'], { min: 3 }),
  'single-line': buildSingleLine,
  elision: driftClass('elision', ['elision'], { min: 6 }),
  'missing-line': driftClass('missing-line', ['missing'], { min: 4 }),
  'extra-line': driftClass('extra-line', ['extra-line'], { min: 3 }),
  crlf: oneOf('crlf', [
    ['crlf-file', 3],
    ['crlf-model', 1],
  ]),
  'boundary-whitespace': driftClass('boundary-whitespace', ['boundary']),
  combined: buildCombined,
  'twin-blocks': buildTwins,
  wrapped: driftClass('wrapped', ['wrapper']),
  reflowed: driftClass('reflowed', ['reflow'], { min: 3 }),
  absent: buildAbsent,
  'hallucinated-middle': buildHallucinated,
  'ambiguous-exact': buildAmbiguousExact,
  'ambiguous-indent': buildAmbiguousIndent,
  'ambiguous-twins': buildAmbiguousTwins,
  'already-applied': buildAlreadyApplied,
};

export function generateCorpus(opts: GenerateOptions = {}): CorpusCase[] {
  const seed = opts.seed ?? DEFAULT_SEED;
  const per = opts.perClass ?? DEFAULT_PER_CLASS;
  const sources = loadSources();
  const out: CorpusCase[] = [];
  for (const cls of opts.classes ?? CLASSES) {
    const want = cls === 'combined' ? per * 2 : per;
    const rng = new Rng(fnv1a(cls) ^ seed);
    const seen = new Set<string>();
    const offset = fnv1a(cls) % sources.length;
    let made = 0;
    for (let attempt = 0; made < want && attempt < want * 80; attempt++) {
      const src = sources[(offset + attempt) % sources.length];
      const c = BUILDERS[cls](rng, src);
      if (!c) continue;
      const key = `${c.source}\0${c.oldString}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id: `${cls}-${String(++made).padStart(3, '0')}`, ...c });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Scoring helpers: what "the engine found the right place" means

/** The smallest span of `before` that differs from `after` (common prefix and suffix removed). */
export function changedRegion(before: string, after: string): { start: number; end: number } {
  const m = Math.min(before.length, after.length);
  let p = 0;
  while (p < m && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < m - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return { start: p, end: before.length - s };
}

/**
 * Located: the document changed, and everything that changed lies within the target block widened by one
 * whole line on each side (room for a boundary blank line or a neighbouring brace) and touches the target.
 * Measured on the result, not on what the engine reports, so a misreported span cannot pass.
 */
export function isLocated(c: CorpusCase, output: string): boolean {
  if (!c.target || output === c.content) return false;
  const r = changedRegion(c.content, output);
  const t = c.target;
  const lineStart = (i: number) => c.content.lastIndexOf('\n', i - 1) + 1;
  const lineEnd = (i: number) => {
    const j = c.content.indexOf('\n', i);
    return j < 0 ? c.content.length : j;
  };
  const winStart = t.start > 0 ? lineStart(lineStart(t.start) - 1) : 0;
  const winEnd = t.end < c.content.length ? lineEnd(lineEnd(t.end) + 1) : c.content.length;
  return r.start >= winStart && r.end <= winEnd && r.start <= t.end && r.end >= t.start;
}

// ---------------------------------------------------------------------------------------------------------
// `--write`: dump the cases for inspection

function patchText(a: string, b: string): string {
  const p = structuredPatch('content', 'ideal', a, b, '', '', { context: 2 });
  return p.hunks.map((h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n` + h.lines.join('\n')).join('\n');
}

function writeCases(dir: string, cases: readonly CorpusCase[], full: boolean): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.gitignore'), '*\n');
  const sources = new Map(loadSources().map((s) => [s.name, s.text]));
  for (const c of cases) {
    const base = sources.get(c.source)!;
    const rec: Record<string, unknown> = {
      id: c.id,
      class: c.class,
      source: c.source,
      expect: c.expect,
      refuseCode: c.refuseCode,
      note: c.note,
      eol: c.content.includes('\r\n') ? 'CRLF' : 'LF',
      target: c.target,
      oldString: c.oldString,
      newString: c.newString,
      contentVsSource: c.content === base ? '(the source as is)' : c.content.replace(/\r\n/g, '\n') === base ? '(the source, CRLF)' : patchText(base, c.content.replace(/\r\n/g, '\n')),
      idealVsContent: c.ideal === undefined ? undefined : patchText(c.content.replace(/\r\n/g, '\n'), c.ideal.replace(/\r\n/g, '\n')),
    };
    if (full) Object.assign(rec, { content: c.content, ideal: c.ideal });
    mkdirSync(join(dir, c.class), { recursive: true });
    writeFileSync(join(dir, c.class, `${c.id}.json`), JSON.stringify(rec, null, 2) + '\n');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const val = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const t0 = performance.now();
  const cases = generateCorpus({
    seed: val('--seed') ? Number(val('--seed')) : undefined,
    perClass: val('--per-class') ? Number(val('--per-class')) : undefined,
    classes: val('--class') ? (val('--class')!.split(',') as CaseClass[]) : undefined,
  });
  const ms = performance.now() - t0;
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.class, (counts.get(c.class) ?? 0) + 1);
  for (const [k, v] of counts) console.log(`${k.padEnd(22)} ${v}`);
  console.log(`${cases.length} cases in ${ms.toFixed(0)} ms`);
  if (args.includes('--write')) {
    const dir = fileURLToPath(new URL('./cases/', import.meta.url));
    writeCases(dir, cases, args.includes('--full'));
    console.log(`written to ${dir}`);
  }
}
