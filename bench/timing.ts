// What the speed tables share: the median of repeated runs after a warm-up, and a call's outcome in a word. Both
// time the built dist/core.js (the artefact users load), never the TypeScript sources.
import { createRequire } from 'node:module';
import type * as Core from '../src/core';

const require = createRequire(import.meta.url);
const { isEditError } = require('../dist/core.js') as typeof Core;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The median time of `repeat` runs after `warmup` runs that let the JIT settle. */
export function time(run: () => unknown, repeat: number, warmup = 3): number {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/**
 * The median times of several calls measured side by side: each warmed up alike, then timed in rounds, one run of
 * each per round in a rotating order. A machine that speeds up or slows down for a while (this one does, by up to
 * 2 ×) then weighs on every call alike, and none is judged on fewer runs than another.
 */
export function timeInterleaved(runs: Record<string, () => unknown>, repeat: number, warmup = 3): Record<string, number> {
  const names = Object.keys(runs);
  for (const name of names) for (let i = 0; i < warmup; i++) runs[name]();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < repeat; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const t0 = performance.now();
      runs[name]();
      samples[name].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

/** What a call of the engine answered: the tier that applied, the kind found, a batch's count, or the refusal. */
export function outcome(run: () => unknown): string {
  try {
    const r = run() as { matches?: Array<{ tier: string }>; kind?: string; outcomes?: Array<{ status: string }> };
    if (r.outcomes) return `${r.outcomes.filter((o) => o.status === 'resolved').length.toLocaleString('en-US')} of ${r.outcomes.length.toLocaleString('en-US')} resolved`;
    return r.matches ? `applied (${r.matches[0].tier})` : String(r.kind);
  } catch (err) {
    return isEditError(err) ? `refused (${err.code})` : `error: ${String(err)}`;
  }
}
