// How fast-check runs in the unit suite: a fixed seed, so a failure seen once is seen again (and in CI) with the
// same counterexample. `npm run bench` runs the same properties with random seeds to look further; Stryker's
// mutation run scales the number of cases down (each mutant re-runs the properties that cover it).
import type { Parameters } from 'fast-check';

/** The seed of every property in `npm test`. Change it only on purpose, and say why in the commit. */
export const PROPERTY_SEED = 20261123;

/** FUZZY_EDIT_PROPERTY_SEED=random (the bench) draws a new seed per run; a number reproduces a reported one. */
function seed(): number | undefined {
  const wanted = process.env.FUZZY_EDIT_PROPERTY_SEED;
  if (wanted === 'random') return undefined;
  if (wanted && Number.isFinite(Number(wanted))) return Number(wanted);
  return PROPERTY_SEED;
}

/** `numRuns` cases (scaled by FUZZY_EDIT_PROPERTY_SCALE, e.g. 0.2 under Stryker), from the suite's seed. */
export function propertyRuns<T>(numRuns: number, extra: Parameters<T> = {}): Parameters<T> {
  const scale = Number(process.env.FUZZY_EDIT_PROPERTY_SCALE ?? '1');
  const runs = Math.max(10, Math.round(numRuns * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
  const s = seed();
  return { ...extra, numRuns: runs, ...(s === undefined ? {} : { seed: s }) };
}
