// Where each of many texts stands in one text, in one pass (Aho–Corasick). A batch of 20,000 one-line edits to one
// file looked for each old text with its own scan of the file: 20,000 × the file (2.3 s; 50,000 edits 13.6 s,
// measured 2026-11-28). Texts with two line breaks are found through the file's line index instead (substring.ts);
// a one-line text can stand inside any line, so the whole text is read, but once for all of them.

/**
 * Places of each text in `content` at or after `from` (overlapping ones too), the first `limit` of each; undefined
 * when texts that end in one another (`a`, `aa`, `aaa` … on a line of `a`s) would report more places than a few
 * passes over the content (then each is better searched on its own).
 */
export function placesOfAll(content: string, texts: readonly string[], from: number, limit: number): Map<string, number[]> | undefined {
  const automaton = build(texts);
  const found = new Map<string, number[]>();
  for (const t of automaton.patterns) found.set(t, []);
  const { edges, fail, ends, endsBelow, patterns } = automaton;
  let state = 0;
  let reported = 0;
  const maxReported = MAX_REPORTS_PER_CHARACTER * (content.length - from) + 1024;
  for (let i = from; i < content.length; i++) {
    const c = content.charCodeAt(i);
    let next = edges.get(state * ALPHABET + c);
    while (next === undefined && state !== 0) {
      state = fail[state];
      next = edges.get(state * ALPHABET + c);
    }
    state = next ?? 0;
    // Every text ending here: this state's own, then those of the states its failure links lead to.
    for (let s = ends[state] >= 0 ? state : endsBelow[state]; s > 0; s = endsBelow[s]) {
      if (++reported > maxReported) return undefined;
      const p = patterns[ends[s]];
      const places = found.get(p)!;
      if (places.length < limit) places.push(i - p.length + 1);
    }
  }
  return found;
}

/** Places reported per character of the content, at most, before the search gives up (see placesOfAll). */
const MAX_REPORTS_PER_CHARACTER = 4;

/** UTF-16 code units: an edge is keyed state × ALPHABET + unit (below 2^53 for any text the engine accepts). */
const ALPHABET = 65536;

interface Automaton {
  /** The distinct non-empty texts. */
  patterns: string[];
  /** The trie's edges: state × ALPHABET + code unit → state. */
  edges: Map<number, number>;
  /** The longest proper suffix of a state's text that is a state too. */
  fail: Int32Array;
  /** The text ending at a state (its index in `patterns`), -1 for none. */
  ends: Int32Array;
  /** The nearest state along the failure links (not the state itself) where a text ends, 0 for none. */
  endsBelow: Int32Array;
}

function build(texts: readonly string[]): Automaton {
  const patterns = [...new Set(texts)].filter((t) => t.length > 0);
  let size = 1;
  for (const p of patterns) size += p.length;
  const edges = new Map<number, number>();
  const ends = new Int32Array(size).fill(-1);
  // Each state's children as a list (first child, next sibling), for the breadth-first pass below.
  const firstChild = new Int32Array(size).fill(-1);
  const nextSibling = new Int32Array(size).fill(-1);
  const unit = new Int32Array(size);
  let states = 1;
  patterns.forEach((p, k) => {
    let s = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      let t = edges.get(s * ALPHABET + c);
      if (t === undefined) {
        t = states++;
        edges.set(s * ALPHABET + c, t);
        unit[t] = c;
        nextSibling[t] = firstChild[s];
        firstChild[s] = t;
      }
      s = t;
    }
    ends[s] = k;
  });
  const fail = new Int32Array(states);
  const endsBelow = new Int32Array(states);
  // Breadth first: a state's failure link is set before its children's are.
  const queue = new Int32Array(states);
  let head = 0;
  let tail = 0;
  for (let t = firstChild[0]; t !== -1; t = nextSibling[t]) queue[tail++] = t;
  while (head < tail) {
    const s = queue[head++];
    for (let t = firstChild[s]; t !== -1; t = nextSibling[t]) {
      let f = fail[s];
      let g = edges.get(f * ALPHABET + unit[t]);
      while (g === undefined && f !== 0) {
        f = fail[f];
        g = edges.get(f * ALPHABET + unit[t]);
      }
      fail[t] = g ?? 0;
      endsBelow[t] = ends[fail[t]] >= 0 ? fail[t] : endsBelow[fail[t]];
      queue[tail++] = t;
    }
  }
  return { patterns, edges, fail, ends: ends.subarray(0, states), endsBelow };
}
