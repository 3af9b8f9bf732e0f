// Snippet apply on its own corpus (test/corpus/snippetGenerator.ts): per style, how often applySnippet writes the
// ideal file, changes only the intended unit, changes something it should not (silent wrong), or refuses — and
// how long it takes, on documents padded to 10,000 lines with other sources' code (the issue's file size).
//
//   node --import tsx bench/snippet.ts [--lines N] [--show-failures N]
//
// `runSnippetBench()` is what `npm run bench` calls.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSnippetCases, padded, SNIPPET_APPLY_STYLES, SNIPPET_STYLES, type SnippetCase } from '../test/corpus/snippetGenerator';
import { scoreSnippetCase, type SnippetScore } from '../test/corpus/snippetScore';

export const SNIPPET_TARGETS = { exact: 0.95, p99Ms: 20, silentWrong: 0 } as const;
/** Each case is timed this many times; its time is the median (one slow run is the machine, not the case). */
const REPEAT = 3;

interface Row {
  style: string;
  cases: number;
  exact: number;
  located: number;
  wrong: number;
  refused: number;
  refusedAsExpected: number;
  p50: number;
  p99: number;
}

export interface SnippetBenchReport {
  lines: number;
  rows: Row[];
  overall: Row;
  applyExact: number;
  applyCases: number;
  pass: boolean;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : 0;
}

function timed(c: SnippetCase): SnippetScore {
  const runs = Array.from({ length: REPEAT }, () => scoreSnippetCase(c));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(REPEAT / 2)];
  return { ...runs[0], ms };
}

function row(style: string, cs: SnippetCase[], scores: Map<string, SnippetScore>): Row {
  const ss = cs.map((c) => scores.get(c.id)!);
  const n = (o: string) => ss.filter((s) => s.outcome === o).length;
  const ms = ss.map((s) => s.ms);
  return {
    style,
    cases: cs.length,
    exact: n('exact'),
    located: n('exact') + n('located'),
    wrong: n('wrong'),
    refused: n('refused'),
    refusedAsExpected: ss.filter((s) => s.codeOk).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
  };
}

export function runSnippetBench(lines = 10_000, showFailures = 0): SnippetBenchReport {
  const cases = generateSnippetCases().map((c) => padded(c, lines));
  // Warm-up: the first calls pay for compilation, not for the algorithm.
  for (const c of cases.slice(0, 20)) scoreSnippetCase(c);
  const scores = new Map(cases.map((c) => [c.id, timed(c)]));
  const rows = SNIPPET_STYLES.map((s) => row(s, cases.filter((c) => c.style === s), scores));
  const overall = row('overall', cases, scores);
  const apply = cases.filter((c) => c.expect === 'apply');
  const totals = [row('all apply styles', apply, scores), row('all refuse styles', cases.filter((c) => c.expect === 'refuse'), scores), overall];
  const applyExact = apply.filter((c) => scores.get(c.id)!.outcome === 'exact').length;
  const pass = overall.wrong === SNIPPET_TARGETS.silentWrong && applyExact / apply.length >= SNIPPET_TARGETS.exact && overall.p99 <= SNIPPET_TARGETS.p99Ms;

  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const isApply = (style: string) => (SNIPPET_APPLY_STYLES as readonly string[]).includes(style);
  console.log(`Documents padded to ${lines.toLocaleString('en-US')} lines with other sources' code; time = median of ${REPEAT} runs per case.\n`);
  console.log('| style | cases | exact | located | silent wrong | refused | p50 ms | p99 ms | p99 ≤ 20 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|:---:|');
  for (const r of [...rows, ...totals]) {
    const refuse = r.style === 'all refuse styles' || (!isApply(r.style) && !r.style.startsWith('all ') && r.style !== 'overall');
    const total = r.style.startsWith('all ') || r.style === 'overall';
    const refused = refuse ? `${r.refused} (${r.refusedAsExpected} with the expected reason)` : String(r.refused);
    console.log(
      `| ${total ? `**${r.style}**` : r.style}${refuse && !total ? ' (refuse)' : ''} | ${r.cases} | ${refuse || r.style === 'overall' ? '–' : pct(r.exact, r.cases)} | ${refuse || r.style === 'overall' ? '–' : pct(r.located, r.cases)} | ${r.wrong} | ${refused} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${mark(r.p99 <= SNIPPET_TARGETS.p99Ms)} |`,
    );
  }
  console.log(
    `\nTargets: exact ≥ 95 % of apply cases: ${pct(applyExact, apply.length)} ${mark(applyExact / apply.length >= SNIPPET_TARGETS.exact)}; ` +
      `silent wrong = 0: ${overall.wrong} ${mark(overall.wrong === 0)}; p99 ≤ 20 ms: ${overall.p99.toFixed(2)} ms ${mark(overall.p99 <= SNIPPET_TARGETS.p99Ms)}`,
  );
  if (showFailures) {
    let shown = 0;
    for (const c of cases) {
      const s = scores.get(c.id)!;
      if (shown >= showFailures || s.outcome === 'exact' || (c.expect === 'refuse' && s.codeOk)) continue;
      shown++;
      console.log(`\n--- ${c.id} (${c.source}): ${s.outcome}${s.code ? ` ${s.code}` : ''} — ${c.note}\n${s.message ?? ''}\n${c.snippet}`);
    }
  }
  return { lines, rows, overall, applyExact, applyCases: apply.length, pass };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : undefined;
  };
  runSnippetBench(arg('--lines') ?? 10_000, arg('--show-failures') ?? 0);
}
