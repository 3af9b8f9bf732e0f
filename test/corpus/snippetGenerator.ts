// The snippet corpus: bare code blocks as chat assistants print them (the new code only), made from real units
// (functions, methods, classes) of the files in ./sources, each with the outcome a careful person would want.
//
// A unit gets a careful edit in the file's own style (generator.ts's `carefulEdit`); the edited file is the
// ideal. The snippet is then written the way answers write it: the whole unit, its head and last line around
// `// ... existing code ...` and the changed lines, a hunk with context, at column 0, a new method in a class,
// context lines garbled. Refuse cases are built so that no careful reader could name one place (a twin unit
// that differs only where the snippet does not look, code from another file) or so that the edit is made.
//
// Deterministic: one seeded PRNG per style. `node --import tsx test/corpus/snippetGenerator.ts --write` dumps the
// cases to .bench/snippet-cases/ (ignored by git) for inspection.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { carefulEdit, commonIndent, fnv1a, HEADER_LINES, identifiersIn, indentOf, isBlank, loadSources, Rng, typo, type Source } from './generator';

export const SNIPPET_APPLY_STYLES = ['whole-unit', 'lazy-comment', 'lazy-block', 'lazy-bare', 'hunk', 'dedented', 'added-method', 'drifted'] as const;
export const SNIPPET_REFUSE_STYLES = ['near-twin', 'absent', 'already-applied'] as const;
export type SnippetApplyStyle = (typeof SNIPPET_APPLY_STYLES)[number];
export type SnippetRefuseStyle = (typeof SNIPPET_REFUSE_STYLES)[number];
export type SnippetStyle = SnippetApplyStyle | SnippetRefuseStyle;
export const SNIPPET_STYLES: readonly SnippetStyle[] = [...SNIPPET_APPLY_STYLES, ...SNIPPET_REFUSE_STYLES];

export const SNIPPET_REFUSE_CODE: Record<SnippetRefuseStyle, 'ambiguous' | 'not_found' | 'already_applied'> = {
  'near-twin': 'ambiguous',
  absent: 'not_found',
  'already-applied': 'already_applied',
};

export interface SnippetCase {
  id: string;
  style: SnippetStyle;
  source: string;
  /** The document (the source, or the source with a twin unit in it). */
  content: string;
  snippet: string;
  expect: 'apply' | 'refuse';
  /** Apply cases: the whole document after the edit a careful person would make. */
  ideal?: string;
  refuseCode?: 'ambiguous' | 'not_found' | 'already_applied';
  /** Apply cases: 0-based lines (inclusive) of the unit the snippet is meant for, in `content`. */
  target?: { startLine: number; endLine: number };
  note: string;
}

export const SNIPPET_SEED = 20261123;
export const SNIPPET_PER_STYLE = 40;

// ---------------------------------------------------------------------------------------------------------
// Units: a head line, a body, and (brace languages) the closing line at the head's indentation

interface Unit {
  src: Source;
  start: number;
  /** Last line (inclusive): the closing line in JS, the last non-blank body line in Python. */
  end: number;
  closer: boolean;
  isClass: boolean;
}

const JS_HEAD = /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\b|class\b|(?:static\s+|get\s+|set\s+|public\s+|private\s+|protected\s+|async\s+)*[\w$]+\s*\(.*\)\s*(?::\s*[\w<>[\], |]+)?\s*\{$|[\w$.]+\s*=\s*(?:async\s+)?function\b)/;
const JS_CONTROL = /^\s*(?:if|for|while|switch|catch|else|do|try|return|\}|with)\b/;
const PY_HEAD = /^\s*(?:async\s+)?(?:def|class)\s+\w+.*:\s*(?:#.*)?$/;

const unitCache = new Map<string, Unit[]>();

function findUnits(src: Source): Unit[] {
  const cached = unitCache.get(src.name);
  if (cached) return cached;
  const lines = src.lines;
  const units: Unit[] = [];
  for (let i = HEADER_LINES; i < lines.length; i++) {
    if (src.comment[i]) continue;
    const line = lines[i];
    const ind = indentOf(line).length;
    let end = -1;
    let closer = false;
    if (src.lang === 'js') {
      if (!/\{\s*$/.test(line) || !JS_HEAD.test(line) || JS_CONTROL.test(line)) continue;
      for (let k = i + 1; k < lines.length; k++) {
        if (isBlank(lines[k])) continue;
        const w = indentOf(lines[k]).length;
        if (w > ind) continue;
        if (w === ind && /^\s*\}/.test(lines[k])) [end, closer] = [k, true];
        break;
      }
    } else {
      if (!PY_HEAD.test(line)) continue;
      for (let k = i + 1; k < lines.length; k++) {
        if (isBlank(lines[k])) continue;
        if (indentOf(lines[k]).length <= ind) break;
        end = k;
      }
    }
    const n = end - i + 1;
    if (end < 0 || n < 4 || n > 40) continue;
    const text = lines.slice(i, end + 1);
    if (!text.every((l) => /^[\x20-\x7e\t]*$/.test(l))) continue;
    if (src.text.split(text.join('\n')).length !== 2) continue;
    units.push({ src, start: i, end, closer, isClass: /\bclass\b/.test(line) });
  }
  unitCache.set(src.name, units);
  return units;
}

/** The unit's body lines (between head and closer). */
function bodyOf(u: Unit): string[] {
  return u.src.lines.slice(u.start + 1, u.closer ? u.end : u.end + 1);
}

interface Edited {
  unit: Unit;
  head: string;
  closer?: string;
  body: string[];
  newBody: string[];
  /** Unchanged lines at the start and the end of the body. */
  prefix: number;
  suffix: number;
}

function editUnit(rng: Rng, u: Unit): Edited | null {
  const body = bodyOf(u);
  const mask = u.src.comment.slice(u.start + 1, u.start + 1 + body.length);
  const recs = carefulEdit({ rng, src: u.src, mask }, body);
  if (!recs) return null;
  const newBody = recs.map((r) => r.text);
  let prefix = 0;
  while (prefix < body.length && prefix < newBody.length && body[prefix] === newBody[prefix]) prefix++;
  let suffix = 0;
  while (suffix < body.length - prefix && suffix < newBody.length - prefix && body[body.length - 1 - suffix] === newBody[newBody.length - 1 - suffix]) suffix++;
  if (prefix === body.length && prefix === newBody.length) return null;
  const lines = u.src.lines;
  return { unit: u, head: lines[u.start], closer: u.closer ? lines[u.end] : undefined, body, newBody, prefix, suffix };
}

function idealOf(e: Edited): string {
  const lines = e.unit.src.lines;
  const before = lines.slice(0, e.unit.start + 1);
  const after = lines.slice(e.unit.closer ? e.unit.end : e.unit.end + 1);
  return [...before, ...e.newBody, ...after].join('\n') + '\n';
}

function wholeUnit(e: Edited): string[] {
  return [e.head, ...e.newBody, ...(e.closer !== undefined ? [e.closer] : [])];
}

/**
 * The changed run of the new body, widened by `c` lines of context each side, and further until each side has
 * a line of code (a blank line says nothing about where a deletion or an insertion was). Indices in newBody;
 * `from` may be -1 (the head) and `to` newBody.length (the closer).
 */
function shownRun(e: Edited, c: number): { from: number; to: number } {
  const all = wholeUnit(e);
  const code = (k: number) => k < 0 || k >= e.newBody.length || /[\w$]/.test(all[k + 1]);
  let from = e.prefix - c;
  let to = e.newBody.length - e.suffix - 1 + c;
  // A pure deletion or insertion needs a line on each side to say where it was.
  if (c === 0 && from > to) [from, to] = [from - 1, to + 1];
  while (from > -1 && !code(from)) from--;
  while (to < e.newBody.length && !code(to)) to++;
  return { from: Math.max(-1, from), to: Math.min(e.newBody.length, to) };
}

/** The new unit's lines from the changed run with `c` lines of context each side (head/closer when reached). */
function hunk(e: Edited, c: number): string[] {
  const all = wholeUnit(e);
  const { from, to } = shownRun(e, Math.max(1, c));
  return all.slice(from + 1, Math.min(all.length - 1, to + 1) + 1);
}

/** Head, a marker, the changed run with context, a marker, the closer: lines before and after it elided. */
function lazy(e: Edited, c: number, marker: string): string[] | null {
  const bodyIndent = indentOf(e.newBody.find((l) => !isBlank(l)) ?? e.head + '  ');
  const run = shownRun(e, c);
  const from = Math.max(0, run.from);
  const to = Math.min(e.newBody.length - 1, run.to);
  if ((from === 0 && to === e.newBody.length - 1) || from > to) return null;
  const out = [e.head];
  if (from > 0) out.push(bodyIndent + marker);
  out.push(...e.newBody.slice(from, to + 1));
  if (to < e.newBody.length - 1) out.push(bodyIndent + marker);
  if (e.closer !== undefined) out.push(e.closer);
  return out;
}

function dedent(lines: string[], src: Source, toTwoSpaces: boolean): string[] {
  const common = commonIndent(lines);
  return lines.map((l) => {
    if (isBlank(l)) return '';
    let rest = l.slice(common.length);
    if (!toTwoSpaces || src.unit === '  ') return rest;
    let levels = 0;
    while (rest.startsWith(src.unit)) {
      rest = rest.slice(src.unit.length);
      levels++;
    }
    return '  '.repeat(levels) + rest;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Cases

interface Ctx {
  rng: Rng;
  style: SnippetStyle;
}

type Maker = (c: Ctx, src: Source, sources: Source[]) => Omit<SnippetCase, 'id' | 'style' | 'source'> | null;

function pickEdited(rng: Rng, src: Source, test: (u: Unit) => boolean = () => true): Edited | null {
  const units = findUnits(src).filter(test);
  if (!units.length) return null;
  return editUnit(rng, rng.pick(units));
}

const applyCase = (e: Edited, snippet: string[], note: string, content?: string) => ({
  content: content ?? e.unit.src.text,
  snippet: snippet.join('\n') + '\n',
  expect: 'apply' as const,
  ideal: idealOf(e),
  target: { startLine: e.unit.start, endLine: e.unit.end },
  note,
});

const JS_MARKERS: Record<'lazy-comment' | 'lazy-block' | 'lazy-bare', string[]> = {
  'lazy-comment': ['// ... existing code ...', '// ...'],
  'lazy-block': ['/* ... */', '<!-- ... -->'],
  'lazy-bare': ['...', '// rest unchanged'],
};
const PY_MARKERS: Record<'lazy-comment' | 'lazy-bare', string[]> = {
  'lazy-comment': ['# ... existing code ...', '# ...'],
  'lazy-bare': ['...', '# rest unchanged'],
};

const MAKERS: Record<SnippetStyle, Maker> = {
  'whole-unit'(c, src) {
    const e = pickEdited(c.rng, src);
    return e && applyCase(e, wholeUnit(e), 'the whole edited unit');
  },
  'lazy-comment': lazyMaker('lazy-comment'),
  'lazy-block': lazyMaker('lazy-block'),
  'lazy-bare': lazyMaker('lazy-bare'),
  hunk(c, src) {
    const e = pickEdited(c.rng, src);
    if (!e) return null;
    const n = c.rng.int(1, 3);
    return applyCase(e, hunk(e, n), `the changed lines with ${n} line(s) of context`);
  },
  dedented(c, src) {
    const e = pickEdited(c.rng, src, (u) => indentOf(u.src.lines[u.start]).length > 0 || u.src.unit !== '  ');
    if (!e) return null;
    const whole = c.rng.chance(0.5);
    const two = c.rng.chance(0.5);
    const lines = dedent(whole ? wholeUnit(e) : hunk(e, 2), src, two);
    return applyCase(e, lines, `${whole ? 'whole unit' : 'hunk'} at column 0${two ? ', two-space indentation' : ''}`);
  },
  'added-method'(c, src) {
    const units = findUnits(src).filter((u) => u.isClass);
    if (!units.length) return null;
    const u = c.rng.pick(units);
    const body = bodyOf(u);
    const mi = indentOf(body.find((l) => !isBlank(l) && !u.src.comment[u.start + 1 + body.indexOf(l)]) ?? body[0]);
    if (!mi) return null;
    const ids = body.flatMap(identifiersIn).filter((id) => /^[a-z]\w+$/i.test(id));
    if (!ids.length) return null;
    const id = c.rng.pick(ids);
    const cap = id[0].toUpperCase() + id.slice(1);
    const name = src.lang === 'py' ? `describe_${id.toLowerCase()}` : `describe${cap}`;
    if (src.text.includes(name)) return null;
    const method =
      src.lang === 'py'
        ? [`${mi}def ${name}(self):`, `${mi}${src.unit}return repr(self.${id})`]
        : [`${mi}${name}() {`, `${mi}${src.unit}return String(this.${id});`, `${mi}}`];
    const head = u.src.lines[u.start];
    const marker = src.lang === 'py' ? '# ... existing code ...' : '// ... existing code ...';
    const snippet = [head, mi + marker, '', ...method, ...(u.closer ? [u.src.lines[u.end]] : [])];
    const lines = u.src.lines;
    const at = u.closer ? u.end : u.end + 1;
    const ideal = [...lines.slice(0, at), '', ...method, ...lines.slice(at)].join('\n') + '\n';
    return { content: src.text, snippet: snippet.join('\n') + '\n', expect: 'apply', ideal, target: { startLine: u.start, endLine: u.end }, note: `method ${name} added to the class` };
  },
  drifted(c, src) {
    const e = pickEdited(c.rng, src);
    if (!e) return null;
    const whole = c.rng.chance(0.5);
    const lines = whole ? wholeUnit(e) : hunk(e, 3);
    // Lines the edit keeps, as the file has them (never the changed run): those a model garbles in passing.
    const kept = lines.map((l, i) => i).filter((i) => /[A-Za-z]{4,}/.test(lines[i]) && src.lines.includes(lines[i]) && !e.newBody.slice(e.prefix, e.newBody.length - e.suffix).includes(lines[i]));
    if (!kept.length) return null;
    const notes: string[] = [];
    for (const i of [c.rng.pick(kept), c.rng.pick(kept)].filter((v, k, a) => a.indexOf(v) === k)) {
      const kind = c.rng.pick(['typo', 'trailing', 'quotes'] as const);
      const before = lines[i];
      if (kind === 'typo') lines[i] = typo(c.rng, before);
      else if (kind === 'trailing') lines[i] = before + '  ';
      else lines[i] = before.replace(/'([^'\n]*)'/g, '\u2018$1\u2019').replace(/"([^"\n]*)"/g, '\u201C$1\u201D');
      if (lines[i] !== before) notes.push(`${kind} on snippet line ${i + 1}`);
    }
    if (!notes.length) return null;
    return applyCase(e, lines, `${whole ? 'whole unit' : 'hunk'} with drifted context: ${notes.join(', ')}`);
  },
  'near-twin'(c, src) {
    const e = pickEdited(c.rng, src, (u) => u.closer || src.lang === 'py');
    if (!e) return null;
    const snippet = lazy(e, 1, src.lang === 'py' ? '# ... existing code ...' : '// ... existing code ...');
    if (!snippet) return null;
    // The twin differs from the unit on one body line the snippet elides: nothing it shows tells them apart.
    const run = shownRun(e, 1);
    const from = Math.max(0, run.from);
    const to = Math.min(e.newBody.length - 1, run.to);
    // Body lines before the shown run are the unchanged prefix; after it, the unchanged suffix (shifted by the edit).
    const shift = e.body.length - e.newBody.length;
    const elided = e.body.map((l, k) => k).filter((k) => (k < from || k > to + shift) && /[\w$]{3,}/.test(e.body[k]) && !/\\$/.test(e.body[k]) && !src.comment[e.unit.start + 1 + k]);
    if (!elided.length) return null;
    const k = c.rng.pick(elided);
    const unitLines = src.lines.slice(e.unit.start, e.unit.end + 1);
    const twin = unitLines.map((l, i) => (i === 1 + k ? l + (src.lang === 'py' ? '  # twin' : ' // twin') : l));
    const lines = src.lines;
    const content = [...lines.slice(0, e.unit.end + 1), '', ...twin, ...lines.slice(e.unit.end + 1)].join('\n') + '\n';
    return { content, snippet: snippet.join('\n') + '\n', expect: 'refuse', refuseCode: 'ambiguous', note: `a twin of the unit follows it, differing only on elided body line ${k + 1}` };
  },
  absent(c, src, sources) {
    const others = sources.filter((s) => s.lang === src.lang && s.name !== src.name);
    const donor = c.rng.pick(others);
    const e = pickEdited(c.rng, donor);
    if (!e) return null;
    const snippet = c.rng.chance(0.5) ? wholeUnit(e) : (lazy(e, 1, donor.lang === 'py' ? '# ... existing code ...' : '// ... existing code ...') ?? wholeUnit(e));
    return { content: src.text, snippet: snippet.join('\n') + '\n', expect: 'refuse', refuseCode: 'not_found', note: `a unit of ${donor.name}, not in this file` };
  },
  'already-applied'(c, src) {
    const e = pickEdited(c.rng, src);
    if (!e) return null;
    const snippet = c.rng.chance(0.5) ? wholeUnit(e) : hunk(e, 2);
    return { content: idealOf(e), snippet: snippet.join('\n') + '\n', expect: 'refuse', refuseCode: 'already_applied', note: 'the snippet is already in the file' };
  },
};

function lazyMaker(style: 'lazy-comment' | 'lazy-block' | 'lazy-bare'): Maker {
  return (c, src) => {
    const markers = src.lang === 'py' ? (style === 'lazy-block' ? undefined : PY_MARKERS[style]) : JS_MARKERS[style];
    if (!markers) return null;
    const e = pickEdited(c.rng, src);
    if (!e) return null;
    const marker = c.rng.pick(markers);
    // At least one line of context: new lines between two markers alone have no place anyone could name.
    const n = c.rng.int(1, 2);
    const lines = lazy(e, n, marker);
    return lines && applyCase(e, lines, `head, ${JSON.stringify(marker)}, the changed lines with ${n} line(s) of context, last line`);
  };
}

export interface SnippetGenerateOptions {
  seed?: number;
  perStyle?: number;
  styles?: readonly SnippetStyle[];
}

export function generateSnippetCases(o: SnippetGenerateOptions = {}): SnippetCase[] {
  const seed = o.seed ?? SNIPPET_SEED;
  const per = o.perStyle ?? SNIPPET_PER_STYLE;
  const sources = loadSources();
  const cases: SnippetCase[] = [];
  for (const style of o.styles ?? SNIPPET_STYLES) {
    const rng = new Rng(seed ^ fnv1a(style));
    const seen = new Set<string>();
    let made = 0;
    for (let attempt = 0; made < per && attempt < per * 60; attempt++) {
      const src = sources[attempt % sources.length];
      const made1 = MAKERS[style]({ rng, style }, src, sources);
      if (!made1) continue;
      const key = `${src.name}\n${made1.snippet}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cases.push({ id: `${style}-${String(made).padStart(3, '0')}`, style, source: src.name, ...made1 });
      made++;
    }
  }
  return cases;
}

/**
 * The same case in a document of at least `lines` lines: other sources' code appended (never the case's own
 * source, never a donor of an `absent` snippet), the ideal padded alike. For timing on large files.
 */
export function padded(c: SnippetCase, lines: number): SnippetCase {
  const have = c.content.split('\n').length;
  if (have >= lines) return c;
  const donor = /^a unit of (\S+),/.exec(c.note)?.[1];
  const filler: string[] = [];
  const others = loadSources().filter((s) => s.name !== c.source && s.name !== donor);
  for (let i = 0; filler.length < lines - have; i++) filler.push(...others[i % others.length].lines.slice(HEADER_LINES));
  const tail = '\n' + filler.slice(0, lines - have).join('\n') + '\n';
  return { ...c, content: c.content + tail, ideal: c.ideal === undefined ? undefined : c.ideal + tail };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const dir = fileURLToPath(new URL('../../.bench/snippet-cases/', import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const c of generateSnippetCases()) {
    writeFileSync(join(dir, `${c.id}.snippet.txt`), c.snippet);
    writeFileSync(join(dir, `${c.id}.json`), JSON.stringify({ ...c, content: undefined, ideal: undefined }, null, 2));
  }
  console.log(`wrote ${dir}`);
}
