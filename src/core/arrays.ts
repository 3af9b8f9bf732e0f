// Array helpers that take any length. `target.push(...items)` and `Math.min(...xs)` pass every element as an
// argument, and V8 overflows its stack past about 125,000 of them: an old text of 200,000 short lines threw a
// RangeError out of applyEdit instead of an answer (found 2026-11-28).

/** Appends `items` to `target`, in order. */
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
  return target;
}

/** The least of `xs` (Infinity for none, as Math.min()). */
export function minOf(xs: Iterable<number>): number {
  let m = Infinity;
  for (const x of xs) if (x < m) m = x;
  return m;
}

/** The greatest of `xs` (-Infinity for none, as Math.max()). */
export function maxOf(xs: Iterable<number>): number {
  let m = -Infinity;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/**
 * The first index in [0, length) where `atOrPast` holds, `length` when none does: a binary search, for a predicate
 * that is false up to some index and true from there on (sorted arrays: "the first element ≥ x").
 */
export function firstIndex(length: number, atOrPast: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (atOrPast(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
