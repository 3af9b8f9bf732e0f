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
  const { fail, ends, endsBelow, patterns } = automaton;
  let state = 0;
  let reported = 0;
  const maxReported = MAX_REPORTS_PER_CHARACTER * (content.length - from) + 1024;
  for (let i = from; i < content.length; i++) {
    const c = content.charCodeAt(i);
    let next = childOf(automaton, state, c);
    while (next < 0 && state !== 0) {
      state = fail[state];
      next = childOf(automaton, state, c);
    }
    state = next < 0 ? 0 : next;
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

/**
 * The trie in breadth-first order, each state's children numbered together and sorted by code unit: a state's
 * edges are a range of two arrays (no Map of edges, no object per state). 20,000 one-line texts make 600,000
 * states: a Map keyed by state × 65,536 + unit held 50 bytes an edge; these arrays hold 22 bytes a state.
 */
interface Automaton {
  /** The distinct non-empty texts. */
  patterns: string[];
  /** The code unit on the edge into each state (the root's is unused). */
  unit: Uint16Array;
  /** State s's children are the states childStart[s] … childStart[s + 1] − 1. */
  childStart: Int32Array;
  /** The root's child for each code unit, -1 for none: the root is where most characters of a text are read. */
  rootChild: Int32Array;
  /** The longest proper suffix of a state's text that is a state too. */
  fail: Int32Array;
  /** The text ending at a state (its index in `patterns`), -1 for none. */
  ends: Int32Array;
  /** The nearest state along the failure links (not the state itself) where a text ends, 0 for none. */
  endsBelow: Int32Array;
}

/** The child of state `s` by code unit `c`, -1 for none: a binary search of its sorted children. */
function childOf(a: Automaton, s: number, c: number): number {
  if (s === 0) return a.rootChild[c];
  let lo = a.childStart[s];
  let hi = a.childStart[s + 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const u = a.unit[mid];
    if (u === c) return mid;
    if (u < c) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * Built level by level from the sorted texts: the states at depth d are the runs of texts sharing their first d
 * code units, so a state's children are the runs its own run splits into by the next unit, in order.
 */
function build(texts: readonly string[]): Automaton {
  // Sorted by code unit (the default order of strings), distinct, non-empty.
  const patterns = [...new Set(texts)].filter((t) => t.length > 0).sort();
  let size = 1;
  for (const p of patterns) size += p.length;
  const unit = new Uint16Array(size);
  const childStart = new Int32Array(size + 1);
  const ends = new Int32Array(size).fill(-1);
  const parent = new Int32Array(size);
  // The states of one level, as runs [lo, hi) of patterns: the root is all of them.
  let level = { states: [0], lo: [0], hi: [patterns.length] };
  let states = 1;
  for (let depth = 0; level.states.length > 0; depth++) {
    const next = { states: [] as number[], lo: [] as number[], hi: [] as number[] };
    for (let k = 0; k < level.states.length; k++) {
      const s = level.states[k];
      childStart[s] = states;
      let i = level.lo[k];
      const hi = level.hi[k];
      // The text that ends here sorts first in the run (a prefix sorts before what extends it).
      if (i < hi && patterns[i].length === depth) ends[s] = i++;
      while (i < hi) {
        const c = patterns[i].charCodeAt(depth);
        let j = i + 1;
        while (j < hi && patterns[j].charCodeAt(depth) === c) j++;
        unit[states] = c;
        parent[states] = s;
        next.states.push(states++);
        next.lo.push(i);
        next.hi.push(j);
        i = j;
      }
    }
    level = next;
  }
  // Every state's range was started in turn (its level's loop); the last one ends where the states end.
  childStart[states] = states;
  const rootChild = new Int32Array(65536).fill(-1);
  for (let t = childStart[0]; t < childStart[1]; t++) rootChild[unit[t]] = t;
  const automaton: Automaton = { patterns, unit: unit.subarray(0, states), childStart: childStart.subarray(0, states + 1), rootChild, fail: new Int32Array(states), ends: ends.subarray(0, states), endsBelow: new Int32Array(states) };
  const { fail, endsBelow } = automaton;
  // Breadth first (the numbering's order): a state's failure link is set before its children's are.
  for (let t = 1; t < states; t++) {
    const s = parent[t];
    if (s === 0) continue; // depth 1: the root
    let f = fail[s];
    let g = childOf(automaton, f, unit[t]);
    while (g < 0 && f !== 0) {
      f = fail[f];
      g = childOf(automaton, f, unit[t]);
    }
    fail[t] = g < 0 ? 0 : g;
    endsBelow[t] = ends[fail[t]] >= 0 ? fail[t] : endsBelow[fail[t]];
  }
  return automaton;
}
