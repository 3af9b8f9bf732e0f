// Crafted inputs (issue 13): the shapes that made the engine slow or hungry, each with its target. Every row runs
// the built dist/core.js, like bench/perf.ts. Times are medians; "heap" is the live JS heap of one call above what
// was in use before it (see peakHeap), against the size of the file the call searched.
//   node --import tsx bench/crafted.ts            all rows
//   node --import tsx bench/crafted.ts --no-1m    without the 1,000,000-line rows
//   --only TEXT: the rows whose case contains TEXT; --repeat N: timed runs per row

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import type * as Core from '../src/core';
import { outcome, time } from './timing';

export interface CraftedRow {
  case: string;
  lines: number;
  /** Characters of the file searched. */
  size: number;
  ms: number;
  /** One `indexOf` scan of the file, timed alongside (the machine's speed at that moment). */
  scan: number;
  /** Peak extra heap in bytes. */
  heap: number;
  /** The time target, in words, and whether it was met (with the heap target: at most 2 × the file's size). */
  target: string;
  ok: boolean;
  outcome: string;
}

const require = createRequire(import.meta.url);
const { applyEdit, applySnippet, findMatch, resolveBatch, isEditError } = require('../dist/core.js') as typeof Core;
const SOURCE = readFileSync(require.resolve('typescript/lib/typescript.js'), 'utf8').split('\n');
/** No row at 100,000 lines may take longer (the bound for an editor). */
const MS_TARGET = 50;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** Shapes no real edit has (crafted to be slow): the bound for any input at all. */
const ANY_INPUT = { ms: 1000, targetWords: '≤ 1 s (any input)' };
/** Extra heap a call may use, as a multiple of the file's size; a file of a few short lines may use a few MB. */
const HEAP_TARGET = 2;
const HEAP_FLOOR = 4 * 1024 * 1024;
const heapLimit = (size: number) => Math.max(HEAP_TARGET * size, HEAP_FLOOR);


/**
 * Heap of one call above the heap in use before it: the most in use just after any garbage collection during it,
 * or after it (the result it returns). Short-lived garbage is not counted (V8 lets 16 MB or more of it pile up in
 * the young generation before any collection), but what survived two young collections and died since is, until
 * the next full collection: a call that allocates little and keeps nothing may show 0, one whose intermediate
 * structures live long enough to be promoted shows them. A bound on what the process holds, not the live peak.
 */
function peakHeap(run: () => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const profiler = new v8.GCProfiler();
  profiler.start();
  const result = run();
  gc();
  const after = process.memoryUsage().heapUsed;
  const stats = profiler.stop().statistics as Array<{ afterGC: { heapStatistics: { usedHeapSize: number } } }>;
  const peak = Math.max(after, ...stats.map((s) => s.afterGC.heapStatistics.usedHeapSize));
  void result;
  return Math.max(0, peak - before);
}

type Engine = 'findMatch' | 'applyEdit' | 'applyEditWithDiff' | 'resolveBatch' | 'applySnippet';

/** applyEdit, and the written diff read as the extension and the CLI read it. */
function applyEditWithDiff(...args: Parameters<typeof applyEdit>): Core.ApplyResult {
  const result = applyEdit(...args);
  void result.diff;
  return result;
}

/** A call of the engine, as data: run here for time, and in a worker for memory. */
function call(fn: Engine, ...args: unknown[]): { run: () => unknown; fn: Engine; args: unknown[] } {
  const f = { findMatch, applyEdit, applyEditWithDiff, resolveBatch, applySnippet }[fn] as (...a: unknown[]) => unknown;
  return { run: () => f(...args), fn, args };
}

export interface Case {
  name: string;
  lines: number;
  content: string;
  run: () => unknown;
  fn: Engine;
  args: unknown[];
  /** Time target in ms (default MS_TARGET). */
  ms?: number;
  targetWords?: string;
}

function measure(c: Case, repeat: number): CraftedRow {
  // A refusal is an outcome like any other: timed, not thrown.
  const run = () => {
    try {
      return c.run();
    } catch (err) {
      if (!isEditError(err)) throw err;
      return err;
    }
  };
  if (repeat === 0) {
    const t0 = performance.now();
    const result = outcome(c.run);
    return { case: c.name, lines: c.lines, size: c.content.length, ms: performance.now() - t0, scan: NaN, heap: NaN, target: '', ok: false, outcome: result };
  }
  const result = outcome(c.run);
  const ms = time(run, repeat, 1);
  const scan = time(() => c.content.indexOf('\u0000\u0001'), 15, 1);
  const heap = peakHeap(run);
  const limit = c.ms ?? MS_TARGET;
  const ok = ms <= limit && heap <= heapLimit(c.content.length);
  return { case: c.name, lines: c.lines, size: c.content.length, ms, scan, heap, target: c.targetWords ?? `≤ ${limit} ms`, ok, outcome: result };
}

/** `n` lines of real code (TypeScript's compiler), distinct copies past its length (identifiers renamed per copy). */
export function realLines(n: number, from = 10_000): string[] {
  const out: string[] = [];
  for (let copy = 0; out.length < n; copy++) {
    const part = SOURCE.slice(copy === 0 ? from : 0);
    for (const line of part) {
      if (out.length === n) break;
      out.push(copy === 0 ? line : line.replace(/\b([A-Za-z_]\w{3,})\b/g, `$1_${copy}`));
    }
  }
  return out;
}

/**
 * A 4-line old text from real code, and a file whose lines are real code interleaved with `blocks` look-alike
 * blocks: each has the four lines with one of them changed, so every line of the old text stands in thousands of
 * places and the four together nowhere.
 */
export function anchorStorm(n: number, blocks: number): Case {
  const old = ['        if (node.kind === SyntaxKind.Identifier) {', '            const symbol = checker.getSymbolAtLocation(node);', '            visit(symbol);', '        }'];
  const lines: string[] = [];
  const real = realLines(n);
  const every = Math.max(1, Math.floor((n - blocks * 4) / blocks));
  let r = 0;
  for (let b = 0; b < blocks && lines.length < n; b++) {
    for (let k = 0; k < every && r < real.length; k++) lines.push(real[r++]);
    // One line changed per block (a number on its last word, a comment before the brace): never the old text.
    const change = (l: string) => (/\w/.test(l) ? l.replace(/(\w+)(\W*)$/, `$1${b}$2`) : l.replace('}', `/* ${b} */ }`));
    lines.push(...old.map((l, k) => (k === b % 4 ? change(l) : l)));
  }
  while (lines.length < n) lines.push(real[r++]);
  const content = lines.join('\n');
  const oldText = old.join('\n');
  return { name: `anchor storm: 4-line old text, each line in ~${Math.round((blocks * 3) / 4).toLocaleString('en-US')} look-alike blocks`, lines: n, content, ...call('findMatch', content, oldText) };
}

/** A 500-line old text of real code that the file does not hold. */
export function absentLong(n: number): Case {
  const content = realLines(n).join('\n');
  // Real code from the end of the compiler source, its identifiers renamed: no file of any size holds it.
  const old = SOURCE.slice(190_000, 190_500)
    .map((l) => l.replace(/\b([A-Za-z_]\w{3,})\b/g, '$1Elsewhere'))
    .join('\n');
  return { name: 'absent: 500-line old text not in the file', lines: n, content, ...call('findMatch', content, old) };
}

/** A file that is a 6-line block repeated thousands of times (around real code), a 300-line old text of it with one line changed. */
export function repetitive(n: number): Case {
  const block = ['  {', '    type: "record",', '    fields: [],', '    validate: true,', '    version: 2,', '  },'];
  const real = realLines(n - Math.floor(n / 5));
  const rep: string[] = [];
  while (rep.length < Math.floor(n / 5)) rep.push(...block);
  const lines = [...real.slice(0, real.length / 2), ...rep, ...real.slice(real.length / 2)];
  const content = lines.join('\n');
  const oldLines = rep.slice(0, 300);
  oldLines[150] = '    validate: false,';
  const old = oldLines.join('\n');
  return { name: `repetitive: ${rep.length.toLocaleString('en-US')} lines of one 6-line block × a 300-line old text`, lines: n, content, ...call('applyEdit', content, old, `${old}\n// edited`) };
}

/** Elision on 8,000 similar JSON objects (40,000 lines): every piece of the old text stands in every object. */
function elisionJson(): Case {
  const lines = ['['];
  for (let i = 0; i < 8000; i++) lines.push('  {', `    "id": ${i},`, `    "name": "item ${i}",`, '    "enabled": true', i === 7999 ? '  }' : '  },');
  lines.push(']');
  const content = lines.join('\n');
  const old = ['    "enabled": true', '  },', '  // … existing items …', '    "enabled": true', '  },'].join('\n');
  return { name: 'elision: 8,000 similar JSON objects, old text with `// … existing items …`', lines: lines.length, content, ...call('applyEdit', content, old, old.replace(/true/g, 'false')), ...ANY_INPUT };
}

/** Elision on a file cycling three lines. */
function elisionCycle(n: number): Case {
  const lines = Array.from({ length: n }, (_, i) => `a${i % 3}`);
  const content = lines.join('\n');
  const old = ['a0', 'a1', '// ... existing code ...', 'a2', 'a0'].join('\n');
  return { name: `elision: a file cycling \`a0 a1 a2\``, lines: n, content, ...call('findMatch', content, old), ...ANY_INPUT };
}

/**
 * The exact search (indexOf) on a log of one repeated line, given an old text of a thousand of those lines with
 * the middle one changed: V8's indexOf compares such a text a long way back from its end at every line.
 */
function exactRepeated(): Case {
  const line = '2026-11-28T10:00:00Z INFO GET /health 200';
  const content = `${line}\n`.repeat(100_000);
  const oldLines = Array.from({ length: 1001 }, () => line);
  oldLines[500] = line.replace('200', '503');
  return { name: 'exact search: a log of one repeated line, 1,001 of its lines as the old text with the middle one changed', lines: 100_000, content, ...call('findMatch', content, oldLines.join('\n')), ...ANY_INPUT };
}

/**
 * A long edit that rewrites every line: 2,000 lines of real code given dedented, each given a trailing comment.
 * The merge, the check of what is written and the written diff each diff the old lines with the new ones.
 */
function longRewrite(): Case {
  const lines = realLines(100_000);
  const oldLines = lines.slice(50_000, 52_000).map((l) => l.trim());
  const old = oldLines.join('\n');
  const next = oldLines.map((l) => (l ? `${l} // checked` : l)).join('\n');
  return { name: 'apply: a 2,000-line old text given dedented, every line rewritten (with its written diff)', lines: lines.length, content: lines.join('\n'), ...call('applyEditWithDiff', lines.join('\n'), old, next), ...ANY_INPUT };
}

/** The similarity tiers' line diff: a 5,000-line old text whose lines all stand in the file, in reverse order. */
function reversedLong(): Case {
  const lines = realLines(100_000);
  const old = lines.slice(50_000, 55_000).reverse().join('\n');
  return { name: 'similarity: a 5,000-line old text of the file\'s lines in reverse order', lines: lines.length, content: lines.join('\n'), ...call('findMatch', lines.join('\n'), old), ...ANY_INPUT };
}

/** A batch of 20,000 one-line edits to one file of 20,000 lines: each old text a whole line (it could stand inside any). */
function batchOneLine(): Case {
  const lines = Array.from({ length: 20_000 }, (_, i) => `  total${i} = price${i} * quantity;`);
  const content = lines.join('\n');
  const edits: Core.ReplaceEdit[] = lines.map((l, i) => ({ kind: 'replace', sourceLine: i + 1, path: 'a.js', oldString: l.trim(), newString: l.trim().replace('quantity', 'count') }));
  return { name: 'batch: 20,000 one-line edits to one file', lines: lines.length, content, ...call('resolveBatch', new Map([['a.js', content]]), edits), ...ANY_INPUT };
}

/** A batch whose every edit stands in 20,000 places: each alone is told ambiguous in about 0.1 s. */
function batchAmbiguous(): Case {
  const content = '  step();\n'.repeat(20_000);
  const files = new Map([['a.js', content]]);
  const edits: Core.ReplaceEdit[] = Array.from({ length: 2000 }, (_, i) => ({ kind: 'replace', sourceLine: i + 1, path: 'a.js', oldString: 'step();\nstep();', newString: 'x' }));
  return { name: 'batch: 2,000 edits, each standing in 20,000 places', lines: 20_000, content, ...call('resolveBatch', files, edits), ...ANY_INPUT };
}

/** The indentation tier's relative-indentation check on thousands of windows of deeply indented lines. */
function deepIndentation(): Case {
  const lines = Array.from({ length: 50_000 }, (_, i) => `${' '.repeat(i % 200)}x${i % 10};`);
  const old = Array.from({ length: 2000 }, (_, i) => `${' '.repeat((i % 200) + 1)}x${i % 10};`).join('\n');
  return { name: 'indentation: 50,000 lines indented up to 200 columns, a 2,000-line old text of them one column deeper', lines: lines.length, content: lines.join('\n'), ...call('findMatch', lines.join('\n'), old), ...ANY_INPUT };
}

/** Lossless line tiers: a file alternating two lines, an old text of 5,000 of them whose last line differs. */
function alternating(): Case {
  const lines = Array.from({ length: 50_000 }, (_, i) => (i % 2 ? '  y = 2' : '  x = 1'));
  const content = lines.join('\n');
  const oldLines = lines.slice(0, 5000).map((l) => l.trimStart());
  oldLines[oldLines.length - 1] = 'z = 3';
  const old = oldLines.join('\n');
  return { name: 'lossless tiers: `  x = 1` / `  y = 2` alternating, 5,000-line old text, last line differs', lines: 50_000, content, ...call('findMatch', content, old), ...ANY_INPUT };
}

/** The candidate vote: the same shape with lines that vote (two words), every line a vote for every other. */
function alternatingWords(): Case {
  const lines = Array.from({ length: 50_000 }, (_, i) => (i % 2 ? '  yy = 22' : '  xx = 11'));
  const content = lines.join('\n');
  const oldLines = lines.slice(0, 5000).map((l) => l.trimStart());
  oldLines[oldLines.length - 1] = 'zz = 33';
  const old = oldLines.join('\n');
  return { name: 'candidate vote: `  xx = 11` / `  yy = 22` alternating, 5,000-line old text, last line differs', lines: 50_000, content, ...call('findMatch', content, old), ...ANY_INPUT };
}

/** A batch of 10,000 replace edits to one file of 10,000 small functions. */
function batch(): Case {
  const lines: string[] = [];
  const edits: Core.ReplaceEdit[] = [];
  for (let i = 0; i < 10_000; i++) {
    const body = [`function handler${i}(event) {`, `  return dispatch(event, ${i});`, '}'];
    lines.push(...body, '');
    edits.push({ kind: 'replace', sourceLine: i + 1, path: 'a.js', oldString: body.join('\n'), newString: body.join('\n').replace('dispatch', 'route') });
  }
  const content = lines.join('\n');
  const files = new Map([['a.js', content]]);
  return { name: 'batch: 10,000 edits to one file', lines: lines.length, content, ...call('resolveBatch', files, edits), ...ANY_INPUT };
}

/** A bare code block: a 300-line block repeated 32 times, given (with one change) as the snippet. */
function snippetRepeated(): Case {
  const block = Array.from({ length: 300 }, (_, i) => `  value${i % 150} = compute${i}(input);`);
  const content = Array.from({ length: 32 }, (_, k) => [`function copy${k}(input) {`, ...block, '}'].join('\n')).join('\n\n');
  const snippet = block.join('\n').replace('compute7(', 'computeSeven(');
  return { name: 'snippet: a 300-line block repeated 32 times, given as the snippet', lines: 32 * 303, content, ...call('applySnippet', content, snippet), ...ANY_INPUT };
}

/** A bare code block: a file of one line repeated, a 3,000-line snippet of it and one more line. */
function snippetIdentical(): Case {
  const content = 'xx = 1;\n'.repeat(50_000);
  return { name: 'snippet: 50,000 identical lines, a 3,000-line snippet of them', lines: 50_000, content, ...call('applySnippet', content, 'xx = 1;\n'.repeat(3000) + 'yy = 2;\n'), ...ANY_INPUT };
}

/** A bare code block changing one number in a 15,000-character line: lines this long are never edit-distanced. */
function snippetLongLine(): Case {
  const long = 'const data = [' + '1, '.repeat(5000) + '];';
  const content = `function f() {\n  ${long}\n  return data;\n}\n`;
  return { name: 'snippet: one number changed in a 15,000-character line', lines: 4, content, ...call('applySnippet', content, `function f() {\n  ${long.replace('[1, ', '[2, ')}\n  return data;\n}`) };
}

/** The rows judged against "no input takes more than about 1 s" (exported for A/B comparisons of two builds). */
export const CRAFTED_ANY_INPUT: Array<() => Case> = [elisionJson, () => elisionCycle(30_000), exactRepeated, longRewrite, reversedLong, deepIndentation, alternating, alternatingWords, batch, batchOneLine, batchAmbiguous, snippetRepeated, snippetIdentical, snippetLongLine];

export function runCrafted(options: { million?: boolean; repeat?: number; only?: string } = {}): CraftedRow[] {
  const rows: CraftedRow[] = [];
  // Cases are built one at a time (a 1,000,000-line file is 35 MB), and only those asked for.
  const run = (make: () => Case, repeat: number) => {
    const c = make();
    if (!options.only || c.name.includes(options.only)) rows.push(measure(c, options.repeat ?? repeat));
    process.stderr.write('.');
  };
  const at100k = [() => anchorStorm(100_000, 16_000), () => absentLong(100_000), () => repetitive(100_000)];
  for (const make of at100k) run(make, 7);
  for (const make of CRAFTED_ANY_INPUT) run(make, 3);
  if (options.million !== false) {
    // Growth: the same shapes at 1,000,000 lines (≈ 35 MB) may cost at most ~11 × their 100,000-line time.
    const big = [() => anchorStorm(1_000_000, 160_000), () => absentLong(1_000_000), () => repetitive(1_000_000)];
    big.forEach((make) => {
      const c = make();
      const base = rows.find((r) => r.lines === 100_000 && r.case.split(':')[0] === c.name.split(':')[0]);
      if (!base) return;
      const row = measure(c, 3);
      process.stderr.write('.');
      const limit = 11 * base.ms;
      row.target = `≤ 11 × 100k (${limit.toFixed(0)} ms)`;
      row.ok = row.ms <= limit && row.heap <= heapLimit(row.size);
      rows.push(row);
    });
  }
  return rows;
}

export function printCrafted(rows: CraftedRow[]): void {
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log('| case | lines | file MB | median ms | × scan | peak extra heap MB (× file) | target (heap ≤ 2 × file or 4 MB) | met | outcome |');
  console.log('|---|---:|---:|---:|---:|---:|---|:---:|---|');
  for (const r of rows) {
    console.log(`| ${r.case} | ${r.lines.toLocaleString('en-US')} | ${mb(r.size)} | ${r.ms.toFixed(1)} | ${(r.ms / r.scan).toFixed(0)} | ${mb(r.heap)} (${(r.heap / r.size).toFixed(2)}) | ${r.target} | ${r.ok ? '✓' : '✗'} | ${r.outcome} |`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const repeat = arg('--repeat');
  printCrafted(runCrafted({ million: !process.argv.includes('--no-1m'), only: arg('--only'), repeat: repeat ? Number(repeat) : undefined }));
}
