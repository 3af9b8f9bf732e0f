// A line diff whose work is bounded, for the diffs the engine makes of whole edits (merge, verify, align, the
// written diff). jsdiff's Myers diff costs lines × differing lines: an edit that rewrites every line of a
// 2,000-line block (a rename, a re-indentation) made applyEdit take 1.3 s, 4,000 lines 5 s (measured 2026-11-28).
//
// Myers runs while its work stays within a bound; past it the lines that stand once in each text anchor the diff
// (patience diff's idea) and the stretches between anchors are diffed the same way; a stretch left when the work
// is spent is one region, its old lines removed and its new ones added. Every result is a true diff (the equal
// runs are equal lines, in order, and the runs spell out both texts); it is the shortest one whenever Myers
// finishes, which it does for every edit of ordinary size.

import { diffArrays } from 'diff';

export interface LineRun {
  value: string[];
  count: number;
  added: boolean;
  removed: boolean;
}

/** Myers may look this many differing lines deep in a stretch of any size (a stretch of ordinary size is diffed whole). */
const MIN_EDIT_LENGTH = 64;
/** Work (lines × differing lines) one Myers run may do, and all the runs of one diff together, per line diffed. */
const WORK_PER_RUN = 250_000;
const WORK_PER_LINE = 128;

/**
 * How many differing items (lines, or characters) a Myers diff of `items` in all may look through within `work`
 * (items × differing items): MIN_EDIT_LENGTH at least, more for fewer items.
 */
export function maxEditLengthFor(items: number, work = WORK_PER_RUN): number {
  return Math.max(MIN_EDIT_LENGTH, Math.floor(work / Math.max(1, items)));
}

/**
 * The line diff of `a` and `b`. With `equalEnds` (the default) the lines both start and end with are taken as equal
 * first (a lone `}` closing the block is the block's last line, not the first `}` inside it that Myers would
 * pick); without, the diff is Myers' own whenever Myers finishes.
 */
export function lineDiff(a: readonly string[], b: readonly string[], equalEnds = true): LineRun[] {
  const out: LineRun[] = [];
  const state = { out, budget: Math.max(WORK_PER_RUN, WORK_PER_LINE * (a.length + b.length)) };
  if (equalEnds) diffRange(a, 0, a.length, b, 0, b.length, state);
  else diffMiddle(a, 0, a.length, b, 0, b.length, state);
  return out;
}

/**
 * Myers' diff of `a` and `b` when it needs at most `maxEditLength` lines removed or added, else undefined. Where
 * Myers could not tell within the work bound, lineDiff's diff decides (undefined when it needs more).
 */
export function diffWithin(a: readonly string[], b: readonly string[], maxEditLength: number): LineRun[] | undefined {
  if (maxEditLength <= maxEditLengthFor(a.length + b.length)) {
    const changes = diffArrays([...a], [...b], { maxEditLength });
    return changes?.map((c) => ({ value: c.value, count: c.value.length, added: !!c.added, removed: !!c.removed }));
  }
  const runs = lineDiff(a, b, false);
  let edits = 0;
  for (const r of runs) if (r.added || r.removed) edits += r.count;
  return edits <= maxEditLength ? runs : undefined;
}

interface State {
  out: LineRun[];
  budget: number;
}

function diffRange(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, state: State): void {
  let head = 0;
  while (a0 + head < a1 && b0 + head < b1 && a[a0 + head] === b[b0 + head]) head++;
  let tail = 0;
  while (a1 - tail > a0 + head && b1 - tail > b0 + head && a[a1 - 1 - tail] === b[b1 - 1 - tail]) tail++;
  push(state.out, a.slice(a0, a0 + head), false, false);
  diffMiddle(a, a0 + head, a1 - tail, b, b0 + head, b1 - tail, state);
  push(state.out, a.slice(a1 - tail, a1), false, false);
}

/** Diffs a stretch that starts and ends with a differing line (or is empty on one side). */
function diffMiddle(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, state: State): void {
  const n = a1 - a0 + (b1 - b0);
  if (a0 === a1 || b0 === b1 || n === 0) return region(a, a0, a1, b, b0, b1, state);
  const maxEditLength = maxEditLengthFor(n);
  if (state.budget > 0) {
    state.budget -= n * Math.min(n, maxEditLength);
    const changes = diffArrays(a.slice(a0, a1), b.slice(b0, b1), { maxEditLength });
    if (changes) {
      for (const c of changes) push(state.out, c.value, !!c.added, !!c.removed);
      return;
    }
  }
  const anchors = state.budget > 0 ? uniqueAnchors(a, a0, a1, b, b0, b1) : [];
  if (anchors.length === 0) return region(a, a0, a1, b, b0, b1, state);
  let i = a0;
  let j = b0;
  for (const [x, y] of anchors) {
    diffRange(a, i, x, b, j, y, state);
    push(state.out, [a[x]], false, false);
    i = x + 1;
    j = y + 1;
  }
  diffRange(a, i, a1, b, j, b1, state);
}

/** Old lines removed, new lines added: the stretch as one region. */
function region(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, state: State): void {
  push(state.out, a.slice(a0, a1), false, true);
  push(state.out, b.slice(b0, b1), true, false);
}

/** Appends a run, joined to the last one when it is of the same kind (an empty run is dropped). */
function push(out: LineRun[], value: readonly string[], added: boolean, removed: boolean): void {
  if (value.length === 0) return;
  const last = out[out.length - 1];
  if (last && last.added === added && last.removed === removed) {
    for (const v of value) last.value.push(v);
    last.count = last.value.length;
    return;
  }
  out.push({ value: [...value], count: value.length, added, removed });
}

/**
 * Pairs of lines that stand exactly once in each stretch, the longest chain of them in order in both (patience
 * sorting, n log n): lines a diff cannot pair otherwise, so they are the shortest diff's anchors nearly always.
 */
function uniqueAnchors(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number): Array<[number, number]> {
  // For each line: where it stands in a (−1 once seen twice) and in b.
  const inA = new Map<string, number>();
  for (let i = a0; i < a1; i++) inA.set(a[i], inA.has(a[i]) ? -1 : i);
  const inB = new Map<string, number>();
  for (let j = b0; j < b1; j++) if (inA.has(b[j])) inB.set(b[j], inB.has(b[j]) ? -1 : j);
  const pairs: Array<[number, number]> = [];
  for (let i = a0; i < a1; i++) {
    const j = inB.get(a[i]);
    if (inA.get(a[i]) === i && j !== undefined && j >= 0) pairs.push([i, j]);
  }
  // Longest increasing subsequence of the b positions (pairs come in a order).
  const tails: number[] = [];
  const back = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < pairs[k][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[k] = tails[lo - 1];
    tails[lo] = k;
  }
  const chain: Array<[number, number]> = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k !== -1; k = back[k]) chain.push(pairs[k]);
  return chain.reverse();
}
