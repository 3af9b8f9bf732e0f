// Accuracy of the engine on the corpus (test/corpus): per class, how often it finds the intended block,
// writes exactly the ideal file, edits the wrong place, or refuses. Generated in memory at every run.
//
//   node --import tsx bench/accuracy.ts [--class NAME[,NAME]] [--show-failures N] [--seed N] [--per-class N] [--no-json]
//
// `runAccuracy()` is what `npm run bench` calls; it prints the table and writes .bench/accuracy.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { structuredPatch } from 'diff';
import { applyEdit, isEditError } from '../src/core';
import { APPLY_CLASSES, CLASSES, generateCorpus, isLocated, type CaseClass, type CorpusCase } from '../test/corpus/generator';

export const TARGETS = {
  /** Apply cases where the change landed on the intended block. */
  located: 0.97,
  /** Apply cases whose result is exactly the ideal file. */
  exact: 0.9,
  /** Silent wrong edits (a wrong span, or any change where refusing was right), over all cases. */
  falseEdits: 0.002,
} as const;

export type Outcome =
  | 'exact' // apply case: the ideal file
  | 'inexact' // apply case: changed at the right place, but not the ideal text
  | 'wrong-span' // apply case: changed somewhere else (a silent wrong edit)
  | 'refused' // an EditError
  | 'noop' // returned without changing anything
  | 'false-edit' // refuse case: changed the document
  | 'crash'; // threw something that is not an EditError

export interface CaseResult {
  id: string;
  class: CaseClass;
  source: string;
  expect: 'apply' | 'refuse';
  outcome: Outcome;
  located: boolean;
  /** The EditError code when refused. */
  code?: string;
  /** Refuse cases: refused with the code the corpus expects. */
  codeOk?: boolean;
  ms: number;
  message?: string;
}

export interface ClassStats {
  class: CaseClass;
  expect: 'apply' | 'refuse';
  cases: number;
  located: number;
  exact: number;
  wrongSpan: number;
  falseEdits: number;
  refused: number;
  codeOk: number;
  crashed: number;
  ms: number;
}

export interface AccuracyReport {
  seed?: number;
  cases: number;
  ms: number;
  classes: ClassStats[];
  overall: {
    applyCases: number;
    refuseCases: number;
    located: number;
    exact: number;
    wrongSpan: number;
    falseEdits: number;
    refuseClassFalseEdits: number;
    refused: number;
    crashed: number;
  };
  rates: { located: number; exact: number; falseEdits: number };
  targets: { located: boolean; exact: boolean; falseEdits: boolean; noFalseEditWhereRefusingIsRight: boolean };
  pass: boolean;
  results: CaseResult[];
}

export interface AccuracyOptions {
  seed?: number;
  perClass?: number;
  classes?: readonly CaseClass[];
  /** Print the first N failing cases with a compact diff. */
  showFailures?: number;
  /** Print the table (default true). */
  print?: boolean;
  /** Where to write the JSON report; false to skip. Default .bench/accuracy.json at the repository root. */
  jsonPath?: string | false;
  log?: (line: string) => void;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Run one case through the engine. `output` is the resulting document when the engine applied an edit. */
export function evaluateCase(c: CorpusCase): { result: CaseResult; output?: string; error?: unknown } {
  const base = { id: c.id, class: c.class, source: c.source, expect: c.expect };
  const t0 = performance.now();
  let output: string;
  try {
    output = applyEdit(c.content, c.oldString, c.newString).content;
  } catch (err) {
    const ms = performance.now() - t0;
    if (isEditError(err)) {
      const result: CaseResult = { ...base, outcome: 'refused', located: false, code: err.code, ms, message: err.message.split('\n')[0] };
      if (c.expect === 'refuse') result.codeOk = err.code === c.refuseCode;
      return { result, error: err };
    }
    return { result: { ...base, outcome: 'crash', located: false, ms, message: String((err as Error)?.stack ?? err).split('\n').slice(0, 3).join(' | ') }, error: err };
  }
  const ms = performance.now() - t0;
  let outcome: Outcome;
  let located = false;
  if (output === c.content) outcome = 'noop';
  else if (c.expect === 'refuse') outcome = 'false-edit';
  else {
    located = isLocated(c, output);
    outcome = !located ? 'wrong-span' : output === c.ideal ? 'exact' : 'inexact';
  }
  return { result: { ...base, outcome, located, ms }, output };
}

function statsFor(cls: CaseClass, rs: readonly CaseResult[]): ClassStats {
  const expect = (APPLY_CLASSES as readonly string[]).includes(cls) ? 'apply' : 'refuse';
  return {
    class: cls,
    expect,
    cases: rs.length,
    located: rs.filter((r) => r.located).length,
    exact: rs.filter((r) => r.outcome === 'exact').length,
    wrongSpan: rs.filter((r) => r.outcome === 'wrong-span').length,
    falseEdits: rs.filter((r) => r.outcome === 'wrong-span' || r.outcome === 'false-edit').length,
    refused: rs.filter((r) => r.outcome === 'refused').length,
    codeOk: rs.filter((r) => r.codeOk).length,
    crashed: rs.filter((r) => r.outcome === 'crash').length,
    ms: rs.reduce((s, r) => s + r.ms, 0),
  };
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');
const mark = (ok: boolean): string => (ok ? '✓' : '✗');

function table(report: AccuracyReport): string[] {
  const head = ['class', 'cases', 'located', 'exact', 'wrong span', 'false edit', 'refused', 'code ok', ''];
  const rows: string[][] = [];
  for (const s of report.classes) {
    const apply = s.expect === 'apply';
    const bad = apply ? s.located < TARGETS.located * s.cases || s.exact < TARGETS.exact * s.cases : s.falseEdits > 0;
    rows.push([
      s.class + (apply ? '' : ' (refuse)'),
      String(s.cases),
      apply ? pct(s.located, s.cases) : '–',
      apply ? pct(s.exact, s.cases) : '–',
      apply ? String(s.wrongSpan) : '–',
      String(s.falseEdits),
      apply ? String(s.refused) : `${s.refused} (${pct(s.refused, s.cases)})`,
      apply ? '–' : pct(s.codeOk, s.cases),
      (bad ? '✗' : '') + (s.crashed ? ` ${s.crashed} crashed` : ''),
    ]);
  }
  const o = report.overall;
  const sep = head.map(() => '');
  rows.push(sep);
  rows.push([
    'all apply classes',
    String(o.applyCases),
    `${pct(o.located, o.applyCases)} ${mark(report.targets.located)}`,
    `${pct(o.exact, o.applyCases)} ${mark(report.targets.exact)}`,
    String(o.wrongSpan),
    String(o.wrongSpan),
    String(report.classes.filter((s) => s.expect === 'apply').reduce((n, s) => n + s.refused, 0)),
    '–',
    '',
  ]);
  rows.push([
    'all refuse classes',
    String(o.refuseCases),
    '–',
    '–',
    '–',
    `${o.refuseClassFalseEdits} ${mark(report.targets.noFalseEditWhereRefusingIsRight)}`,
    pct(report.classes.filter((s) => s.expect === 'refuse').reduce((n, s) => n + s.refused, 0), o.refuseCases),
    pct(report.classes.filter((s) => s.expect === 'refuse').reduce((n, s) => n + s.codeOk, 0), o.refuseCases),
    '',
  ]);
  rows.push(['overall', String(report.cases), '', '', '', `${o.falseEdits} = ${(report.rates.falseEdits * 100).toFixed(2)}% ${mark(report.targets.falseEdits)}`, String(o.refused), '', o.crashed ? `${o.crashed} crashed` : '']);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const lines = [fmt(head), widths.map((w) => '─'.repeat(w)).join('  ')];
  for (const r of rows) lines.push(r === sep ? widths.map((w) => '─'.repeat(w)).join('  ') : fmt(r));
  lines.push(
    `targets: located ≥ ${TARGETS.located * 100}% ${mark(report.targets.located)}, exact result ≥ ${TARGETS.exact * 100}% ${mark(report.targets.exact)}, ` +
      `silent wrong edits ≤ ${TARGETS.falseEdits * 100}% ${mark(report.targets.falseEdits)}, none where refusing is right ${mark(report.targets.noFalseEditWhereRefusingIsRight)}` +
      `  (${report.cases} cases, ${(report.ms / 1000).toFixed(1)} s)`,
  );
  return lines;
}

/** Make whitespace visible: → tab, · trailing space, ␍ CR, ⍽ no-break space. */
export function visible(s: string): string {
  return s
    .replace(/\t/g, '→')
    .replace(/\u00a0/g, '⍽')
    .replace(/\r/g, '␍')
    .replace(/ +$/gm, (m) => '·'.repeat(m.length));
}

function clip(lines: string[], max: number): string[] {
  return lines.length <= max ? lines : [...lines.slice(0, max), `… ${lines.length - max} more line(s)`];
}

function compactDiff(a: string, b: string, aName: string, bName: string): string[] {
  const p = structuredPatch(aName, bName, a, b, '', '', { context: 1 });
  const out = [`--- ${aName}  +++ ${bName}`];
  for (const h of p.hunks) out.push(`@@ line ${h.oldStart} @@`, ...h.lines.map((l) => l[0] + visible(l.slice(1))));
  return clip(out, 40);
}

const FAILURE_ORDER: Outcome[] = ['false-edit', 'wrong-span', 'crash', 'inexact', 'refused', 'noop'];

function failureText(c: CorpusCase, r: CaseResult, output: string | undefined): string[] {
  const head = `■ ${c.id} [${c.source}] ${r.outcome}${r.code ? ` (${r.code})` : ''} — ${c.note}`;
  const lines = [head];
  const indent = (xs: string[]) => xs.map((x) => '    ' + x);
  lines.push('  old:', ...indent(clip(visible(c.oldString).split('\n'), 12)));
  if (r.outcome === 'inexact' || r.outcome === 'wrong-span') lines.push('  ideal → got:', ...indent(compactDiff(c.ideal!, output!, 'ideal', 'got')));
  else if (r.outcome === 'false-edit') lines.push(`  expected refusal (${c.refuseCode}); content → got:`, ...indent(compactDiff(c.content, output!, 'content', 'got')));
  else if (c.expect === 'apply') {
    lines.push('  new:', ...indent(clip(visible(c.newString).split('\n'), 8)));
    if (r.message) lines.push(`  engine: ${r.message}`);
    lines.push('  content → ideal:', ...indent(compactDiff(c.content, c.ideal!, 'content', 'ideal')));
  } else if (r.message) lines.push(`  engine: ${r.message} (expected ${c.refuseCode})`);
  return lines;
}

export function runAccuracy(opts: AccuracyOptions = {}): AccuracyReport {
  const log = opts.log ?? ((l: string) => console.log(l));
  const print = opts.print ?? true;
  const t0 = performance.now();
  const cases = generateCorpus({ seed: opts.seed, perClass: opts.perClass, classes: opts.classes });
  const results: CaseResult[] = [];
  const failures: { c: CorpusCase; r: CaseResult; output?: string }[] = [];
  const wantFailures = opts.showFailures ?? 0;
  for (const c of cases) {
    const { result, output } = evaluateCase(c);
    results.push(result);
    const failed = c.expect === 'apply' ? result.outcome !== 'exact' : result.outcome === 'false-edit' || result.outcome === 'crash' || result.codeOk === false;
    // Keep enough of each kind to show the worst ones first without holding every output in memory.
    if (failed && wantFailures > 0 && failures.filter((f) => f.r.outcome === result.outcome).length < wantFailures) failures.push({ c, r: result, output });
  }
  const classes = (opts.classes ?? CLASSES).map((cls) => statsFor(cls, results.filter((r) => r.class === cls))).filter((s) => s.cases > 0);
  const apply = classes.filter((s) => s.expect === 'apply');
  const refuse = classes.filter((s) => s.expect === 'refuse');
  const sum = (xs: ClassStats[], k: keyof ClassStats) => xs.reduce((n, s) => n + (s[k] as number), 0);
  const overall = {
    applyCases: sum(apply, 'cases'),
    refuseCases: sum(refuse, 'cases'),
    located: sum(apply, 'located'),
    exact: sum(apply, 'exact'),
    wrongSpan: sum(apply, 'wrongSpan'),
    falseEdits: sum(classes, 'falseEdits'),
    refuseClassFalseEdits: sum(refuse, 'falseEdits'),
    refused: sum(classes, 'refused'),
    crashed: sum(classes, 'crashed'),
  };
  const rates = {
    located: overall.applyCases ? overall.located / overall.applyCases : 1,
    exact: overall.applyCases ? overall.exact / overall.applyCases : 1,
    falseEdits: cases.length ? overall.falseEdits / cases.length : 0,
  };
  const targets = {
    located: rates.located >= TARGETS.located,
    exact: rates.exact >= TARGETS.exact,
    falseEdits: rates.falseEdits <= TARGETS.falseEdits,
    noFalseEditWhereRefusingIsRight: overall.refuseClassFalseEdits === 0,
  };
  const report: AccuracyReport = {
    seed: opts.seed,
    cases: cases.length,
    ms: performance.now() - t0,
    classes,
    overall,
    rates,
    targets,
    pass: Object.values(targets).every(Boolean) && overall.crashed === 0,
    results,
  };
  if (print) {
    log('Accuracy (test/corpus, generated in memory)');
    for (const l of table(report)) log(l);
  }
  if (wantFailures > 0) {
    const byCase = new Map(cases.map((c) => [c.id, c]));
    failures.sort((a, b) => FAILURE_ORDER.indexOf(a.r.outcome) - FAILURE_ORDER.indexOf(b.r.outcome));
    const shown = failures.slice(0, wantFailures);
    log('');
    log(shown.length ? `First ${shown.length} failing case(s), worst kind first:` : 'No failing cases.');
    for (const f of shown) for (const l of failureText(byCase.get(f.c.id)!, f.r, f.output)) log(l);
  }
  const jsonPath = opts.jsonPath === undefined ? resolve(ROOT, '.bench/accuracy.json') : opts.jsonPath;
  if (jsonPath) {
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, JSON.stringify(report, null, 1) + '\n');
  }
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const values = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
  const one = (flag: string) => values(flag)[0];
  const classes = values('--class').flatMap((v) => v.split(','));
  const unknown = classes.filter((c) => !(CLASSES as readonly string[]).includes(c));
  if (unknown.length) {
    console.error(`unknown class(es): ${unknown.join(', ')}\nclasses: ${CLASSES.join(', ')}`);
    process.exit(2);
  }
  const report = runAccuracy({
    classes: classes.length ? (classes as CaseClass[]) : undefined,
    showFailures: one('--show-failures') ? Number(one('--show-failures')) : 0,
    seed: one('--seed') ? Number(one('--seed')) : undefined,
    perClass: one('--per-class') ? Number(one('--per-class')) : undefined,
    jsonPath: args.includes('--no-json') ? false : undefined,
  });
  if (args.includes('--strict') && !report.pass) process.exit(1);
}
