// Two small tools the line stages share: a jsdiff change list read as runs (equal lines, or a region where old
// lines give way to new ones), and the in-order pairing of a region's lines that are versions of one line.

/** The change shape jsdiff's array diffs return. */
export interface Change<T> {
  value: T[];
  count?: number;
  added?: boolean;
  removed?: boolean;
}

/** `same` equal lines on both sides, or a region where `removed` old lines give way to `added` new ones. */
export type Run = { kind: 'same'; count: number } | { kind: 'region'; removed: number; added: number };

/** The change list as runs, a removed part and the added part right after it forming one region. */
export function runsOf<T>(changes: readonly Change<T>[]): Run[] {
  const runs: Run[] = [];
  for (let c = 0; c < changes.length; c++) {
    const ch = changes[c];
    const n = ch.count ?? ch.value.length;
    if (!ch.added && !ch.removed) {
      runs.push({ kind: 'same', count: n });
      continue;
    }
    const next = ch.removed ? changes[c + 1] : undefined;
    const added = ch.added ? n : next?.added ? (next.count ?? next.value.length) : 0;
    if (next?.added) c++;
    runs.push({ kind: 'region', removed: ch.removed ? n : 0, added });
  }
  return runs;
}

/**
 * Pairs (a, b) of `n` old and `m` new items, both increasing: the pairing with the highest summed `score`, where
 * a negative score means "never pair these". A small dynamic programme: callers bound n × m.
 */
export function pairInOrder(n: number, m: number, score: (a: number, b: number) => number): Array<[number, number]> {
  const cols = m + 1;
  const best = new Float64Array((n + 1) * cols);
  // Stryker disable next-line UnaryOperator: every cell the walk below reads (a < n, b < m) is written first
  const take = new Float64Array((n + 1) * cols).fill(-1);
  for (let a = n - 1; a >= 0; a--) {
    for (let b = m - 1; b >= 0; b--) {
      const s = score(a, b);
      take[a * cols + b] = s;
      const skip = Math.max(best[(a + 1) * cols + b], best[a * cols + b + 1]);
      best[a * cols + b] = s >= 0 ? Math.max(skip, s + best[(a + 1) * cols + b + 1]) : skip;
    }
  }
  const pairs: Array<[number, number]> = [];
  let a = 0;
  let b = 0;
  while (a < n && b < m) {
    const s = take[a * cols + b];
    if (s >= 0 && best[a * cols + b] === s + best[(a + 1) * cols + b + 1]) pairs.push([a++, b++]);
    else if (best[(a + 1) * cols + b] >= best[a * cols + b + 1]) a++;
    else b++;
  }
  return pairs;
}

/** The `count` consecutive indices starting at `from`. */
export function indices(from: number, count: number): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => from + i);
}
