// Speed of the engine on large files: the targets, measured on this machine, never in a unit test.
// Files are built from real code (TypeScript's own compiler source, a pinned devDependency), cut to size.
// Times the built dist/core.js (what the extension and outside tools run), not the TypeScript sources through a
// loader: a loader's cross-module getters would add their own cost to every hot loop.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Core from '../src/core';
import { outcome, time } from './timing';

export interface PerfRow {
  lines: number;
  case: string;
  ms: number;
  /** One indexOf scan of the same file, for the rows judged against it. */
  scan?: number;
  target?: string;
  ok?: boolean;
  outcome: string;
}

const require = createRequire(import.meta.url);
const { applyEdit, findMatch } = require('../dist/core.js') as typeof Core;
const SOURCE = readFileSync(require.resolve('typescript/lib/typescript.js'), 'utf8').split('\n');

/** A 12-line block from the middle of the file that occurs once and has nested indentation. */
function pickBlock(lines: string[]): { at: number; block: string[] } {
  const content = lines.join('\n');
  for (let at = Math.floor(lines.length / 2); at < lines.length - 12; at++) {
    const block = lines.slice(at, at + 12);
    const indents = new Set(block.map((l) => l.length - l.trimStart().length));
    if (indents.size < 2 || !block.every((l) => l.trim().length > 3)) continue;
    const text = block.join('\n');
    if (content.indexOf(text) === content.lastIndexOf(text)) return { at, block };
  }
  throw new Error('no block');
}

function dedent(lines: string[]): string[] {
  const min = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(min));
}

function typo(line: string): string {
  const i = line.search(/[a-z]{4}/);
  return i < 0 ? line + 'x' : line.slice(0, i + 1) + line[i + 2] + line[i + 1] + line.slice(i + 3);
}

/** The exact hit, the fuzzy hit and the absent block of the table, at `n` lines: for bench/sideBySide.ts. */
export function ordinaryCases(n: number): Array<{ name: string; content: string; old: string }> {
  const lines = SOURCE.slice(10_000, 10_000 + n);
  const content = lines.join('\n');
  const { block } = pickBlock(lines);
  const fuzzy = dedent(block);
  fuzzy[5] = typo(fuzzy[5]);
  return [
    { name: 'exact hit', content, old: block.join('\n') },
    { name: 'fuzzy hit (dedented + typo)', content, old: fuzzy.join('\n') },
    { name: 'no match at all', content, old: ABSENT },
  ];
}

/** Twelve lines of plausible code that no file of the table holds. */
const ABSENT = [
  'export function reconcileInventory(ledger: Ledger, counts: Map<string, number>) {',
  '    const discrepancies: Discrepancy[] = [];',
  '    for (const [sku, counted] of counts) {',
  '        const expected = ledger.balanceOf(sku);',
  '        if (Math.abs(expected - counted) > ledger.tolerance) {',
  '            discrepancies.push({ sku, expected, counted });',
  '        }',
  '    }',
  '    discrepancies.sort((a, b) => a.sku.localeCompare(b.sku));',
  '    ledger.flag(discrepancies);',
  '    return discrepancies.length === 0;',
  '}',
].join('\n');

export function runPerf(sizes = [1_000, 10_000, 100_000], repeat = 15): PerfRow[] {
  // One untimed round first: otherwise the first size would be timed while the JIT is still compiling the engine.
  measureSize(sizes[0], 3);
  return sizes.flatMap((n) => measureSize(n, repeat));
}

function measureSize(n: number, repeat: number): PerfRow[] {
  const rows: PerfRow[] = [];
  {
    const lines = SOURCE.slice(10_000, 10_000 + n); // past the export list at the top: real code
    const content = lines.join('\n');
    const { block } = pickBlock(lines);
    const old = block.join('\n');
    const newText = `${old}\n// edited`;
    // One full scan of the file for this very needle (made absent by a character no file has).
    const scan = time(() => content.indexOf(`${old}\u0000`), repeat * 3);
    rows.push({ lines: n, case: 'baseline: one indexOf scan', ms: scan, outcome: '-' });

    const exact = () => applyEdit(content, old, newText);
    const exactMs = time(exact, repeat * 3);
    rows.push({ lines: n, case: 'exact hit', ms: exactMs, scan, target: '≤ 1.5 × scan', ok: exactMs <= 1.5 * scan, outcome: outcome(exact) });

    const fuzzyLines = dedent(block);
    fuzzyLines[5] = typo(fuzzyLines[5]);
    const fuzzyOld = fuzzyLines.join('\n');
    const fuzzy = () => applyEdit(content, fuzzyOld, `${fuzzyOld}\n// edited`);
    const fuzzyMs = time(fuzzy, repeat);
    // Issue 13 asks more of the fuzzy hit and the refusal than the first target: within 10 × one scan of the file.
    rows.push({ lines: n, case: 'fuzzy hit (dedented + typo)', ms: fuzzyMs, scan, target: '≤ 10 ms and ≤ 10 × scan', ok: fuzzyMs <= 10 && fuzzyMs <= 10 * scan, outcome: outcome(fuzzy) });

    const absent = ABSENT;
    const none = () => findMatch(content, absent);
    const noneMs = time(none, repeat);
    rows.push({ lines: n, case: 'no match at all', ms: noneMs, scan, target: '≤ 15 ms and ≤ 10 × scan', ok: noneMs <= 15 && noneMs <= 10 * scan, outcome: outcome(none) });

    // Hundreds of identical anchor lines: the first and last lines of the old text occur everywhere.
    const anchors: string[] = [];
    for (let i = 0; i < 300; i++) anchors.push('    if (result) {', `        total += values[${i}];`, '        return result;', '    }');
    const adversarialContent = [...lines.slice(0, Math.max(0, n - anchors.length)), ...anchors].join('\n');
    const adversarialOld = ['if (result) {', '    total += valuesX[17] * weight;', '    log(total);', '    return result;', '}'].join('\n');
    const adversarial = () => findMatch(adversarialContent, adversarialOld);
    const adversarialMs = time(adversarial, repeat);
    rows.push({ lines: n, case: 'adversarial: 300 identical anchors', ms: adversarialMs, target: '≤ 100 ms', ok: adversarialMs <= 100, outcome: outcome(adversarial) });

    // A 500-line old text, dedented, with a typo in the middle.
    if (n >= 1000) {
      const start = Math.floor(n / 3);
      const big = dedent(lines.slice(start, start + 500));
      big[250] = typo(big[250]);
      const bigOld = big.join('\n');
      const large = () => findMatch(content, bigOld);
      const largeMs = time(large, Math.max(3, Math.floor(repeat / 3)));
      rows.push({ lines: n, case: 'adversarial: 500-line old text', ms: largeMs, target: '≤ 100 ms', ok: largeMs <= 100, outcome: outcome(large) });
    }
  }
  return rows;
}

export function printPerf(rows: PerfRow[]): void {
  console.log('| lines | case | median ms | × scan | target | met | outcome |');
  console.log('|---:|---|---:|---:|---|:---:|---|');
  for (const r of rows) {
    // The issue states its targets for a 100,000-line file; smaller files are shown for scale.
    const judged = r.lines === 100_000 && r.ok !== undefined;
    const times = r.scan ? (r.ms / r.scan).toFixed(1) : '';
    console.log(`| ${r.lines.toLocaleString('en-US')} | ${r.case} | ${r.ms.toFixed(3)} | ${times} | ${judged ? r.target : ''} | ${judged ? (r.ok ? '✓' : '✗') : ''} | ${r.outcome} |`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  printPerf(runPerf());
}
