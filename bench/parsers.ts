// Parser time against input size, on inputs crafted to blow parsers up (issue 10, item 14): each must grow
// linearly. Measured at n and 4n; a quadratic parser shows a ratio near 16, a linear one near 4. Timed here,
// never in a unit test (test/core/formats/hostile.test.ts only checks that they finish with the right answer).
import { parseEdits } from '../src/core';

export interface ParserRow {
  case: string;
  kb: number;
  ms: number;
  /** Time at 4n over time at n. */
  ratio: number;
  ok: boolean;
}

const CALL = '{"file_path": "a.txt", "old_string": "x", "new_string": "y"}';
const BLOCK = '\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n';

/** Each case builds an input of about `n` characters. */
const CASES: Record<string, (n: number) => string> = {
  'nested arrays around a tool call': (n) => '['.repeat(n / 2) + CALL + ']'.repeat(n / 2),
  'unclosed { after a tool call': (n) => CALL + '\n' + '{'.repeat(n),
  'unclosed [{"a": after a tool call': (n) => CALL + '\n' + '[{"a":'.repeat(n / 6),
  'quotes and brackets woven': (n) => CALL + '\n' + '"[\\"'.repeat(n / 4),
  'nested broken arrays beside a tool call': (n) => CALL + '\n' + '['.repeat(n / 2) + 'x' + ']'.repeat(n / 2),
  'many tool calls': (n) => Array.from({ length: n / CALL.length }, () => CALL).join('\n'),
  'apply_patch header, spaces before the name': (n) => `*** Begin Patch\n*** Add File: ${' '.repeat(n)}x\n+a\n*** End Patch\n`,
  'path line of emphasis characters': (n) => 'a' + '*'.repeat(n) + 'b' + BLOCK,
  'many SEARCH/REPLACE blocks': (n) => Array.from({ length: n / 50 }, (_, i) => `f${i}.txt${BLOCK}`).join(''),
  'many diff hunks': (n) => '--- a/x\n+++ b/x\n' + Array.from({ length: n / 30 }, (_, i) => `@@ -${i + 1} +${i + 1} @@\n-a${i}\n+b${i}`).join('\n') + '\n',
};

/** Linear enough: 4× the input takes at most this many times as long (16 would be quadratic). */
const MAX_RATIO = 8;

function time(text: string): number {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    parseEdits(text);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[2];
}

export function runParsers(n = 100_000): ParserRow[] {
  return Object.entries(CASES).map(([name, make]) => {
    const small = make(n);
    const large = make(4 * n);
    const [a, b] = [time(small), time(large)];
    // Below a millisecond the ratio is noise: count it as linear.
    const ratio = a < 1 ? 1 : b / a;
    return { case: name, kb: Math.round(large.length / 1024), ms: b, ratio, ok: ratio <= MAX_RATIO };
  });
}

export function printParsers(rows: ParserRow[]): void {
  console.log('| input (4n) | size | time | time(4n) / time(n) |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.case} | ${r.kb} KB | ${r.ms.toFixed(1)} ms | ${r.ratio.toFixed(1)} ${r.ok ? '✓' : '✗'} |`);
}

if (process.argv[1]?.endsWith('parsers.ts')) printParsers(runParsers());
