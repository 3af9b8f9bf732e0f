// Issue 13, side by side: the engine and two other matcher designs (bench/others.ts) on the same inputs, in one
// process, at 100,000 lines of real code. The issue's goal: every row at most 0.5 × the fastest other matcher
// (the exact hit is judged against one indexOf scan in the speed table instead: no matcher does less than that
// scan). Each matcher's answer is shown beside its time: being fast by finding nothing is not the same result.
import { createRequire } from 'node:module';
import type * as Core from '../src/core';
import { anchorStorm, absentLong, repetitive } from './crafted';
import { OTHER_MATCHERS } from './others';
import { ordinaryCases } from './perf';
import { timeInterleaved } from './timing';

const require = createRequire(import.meta.url);
const { applyEdit, isEditError } = require('../dist/core.js') as typeof Core;

export interface SideBySideRow {
  case: string;
  ours: { ms: number; answer: string };
  others: Record<string, { ms: number; answer: string }>;
  /** Our time over the fastest other matcher's. */
  ratio: number;
  judged: boolean;
  ok: boolean;
}

const LINES = 100_000;
const OURS = 'Fuzzy Edit';

function ourAnswer(content: string, old: string, next: string): string {
  try {
    const r = applyEdit(content, old, next);
    return `applied (${r.matches[0].tier})`;
  } catch (err) {
    if (isEditError(err)) return `refused (${err.code})`;
    throw err;
  }
}

export function runSideBySide(repeat = 9): SideBySideRow[] {
  const cases: Array<{ name: string; content: string; old: string }> = [
    ...ordinaryCases(LINES),
    ...[anchorStorm(LINES, 16_000), absentLong(LINES), repetitive(LINES)].map((c) => ({ name: c.name, content: c.content, old: c.args[1] as string })),
  ];
  const rows: SideBySideRow[] = [];
  for (const c of cases) {
    const next = `${c.old}\n// edited`;
    const runs: Record<string, () => unknown> = { [OURS]: () => ourAnswer(c.content, c.old, next) };
    for (const [name, match] of Object.entries(OTHER_MATCHERS)) runs[name] = () => match(c.content, c.old, next);
    // Every matcher is timed the same way, in the same rounds (see timeInterleaved).
    const ms = timeInterleaved(runs, repeat);
    const ours = { ms: ms[OURS], answer: ourAnswer(c.content, c.old, next) };
    const others: SideBySideRow['others'] = {};
    for (const [name, match] of Object.entries(OTHER_MATCHERS)) {
      const r = match(c.content, c.old, next);
      others[name] = { ms: ms[name], answer: 'content' in r ? 'applied' : `refused (${r.refused})` };
    }
    const fastest = Math.min(...Object.values(others).map((o) => o.ms));
    const judged = c.name !== 'exact hit';
    const ratio = ours.ms / fastest;
    rows.push({ case: c.name, ours, others, ratio, judged, ok: !judged || ratio <= 0.5 });
    process.stderr.write('.');
  }
  return rows;
}

export function printSideBySide(rows: SideBySideRow[]): void {
  const names = Object.keys(OTHER_MATCHERS);
  console.log(`| case (${LINES.toLocaleString('en-US')} lines) | Fuzzy Edit ms | ${names.map((n) => `${n} ms`).join(' | ')} | Fuzzy Edit ÷ fastest other | target | met |`);
  console.log(`|---|---:|${names.map(() => '---:').join('|')}|---:|---|:---:|`);
  for (const r of rows) {
    const cells = names.map((n) => `${r.others[n].ms.toFixed(1)} — ${r.others[n].answer}`);
    console.log(`| ${r.case} | ${r.ours.ms.toFixed(1)} — ${r.ours.answer} | ${cells.join(' | ')} | ${r.ratio.toFixed(2)} | ${r.judged ? '≤ 0.5' : '(vs scan, above)'} | ${r.judged ? (r.ok ? '✓' : '✗') : ''} |`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  printSideBySide(runSideBySide());
}
