// Replays the survivors of a Stryker report against today's tests without Stryker: each mutant is written into the
// source one at a time, the named test files run, and the source is restored. It answers "is this survivor killed by
// the tests written since?" in seconds per mutant, where a Stryker re-run costs a dry run and the whole suite.
//
//   node scripts/replay-survivors.mjs REPORT.json FILE [--only LINE[,LINE…]] [--list] -- TESTFILE…
//
// REPORT is a reports/stryker-incremental-*.json (or reports/mutation/mutation.json); FILE one source file in it.
// A mutant whose line moved since the run is found by its line's text nearest its old place; one whose text is gone
// is reported as "moved" and not run. Prints one line per mutant: killed / SURVIVED / moved, and a tally.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const [reportPath, file] = args;
const tests = dash >= 0 ? args.slice(dash + 1) : [];
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(',').map(Number)) : undefined;
const listOnly = args.includes('--list');
if (!reportPath || !file || (!listOnly && tests.length === 0)) {
  console.error('usage: node scripts/replay-survivors.mjs REPORT.json FILE [--only LINE,…] [--list] -- TESTFILE…');
  process.exit(2);
}

const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
const entry = report.files[file];
if (!entry) throw new Error(`${file} is not in ${reportPath}`);
const original = fs.readFileSync(file, 'utf8');
const oldLines = entry.source.split('\n');
const newLines = original.split('\n');

// The mutant's lines as they stood at the run, found again in today's source: the same text nearest the old place.
function relocate(start, end) {
  const block = oldLines.slice(start - 1, end);
  let best;
  for (let at = 1; at + block.length - 1 <= newLines.length; at++) {
    if (block.every((l, k) => newLines[at - 1 + k] === l) && (best === undefined || Math.abs(at - start) < Math.abs(best - start))) best = at;
  }
  return best === undefined ? undefined : best - start;
}

// Offsets of each line start, to turn Stryker's 1-based line/column into a string index.
const starts = [0];
for (let i = 0; i < original.length; i++) if (original[i] === '\n') starts.push(i + 1);
const indexOf = (line, column) => starts[line - 1] + column - 1;

let restored = false;
const restore = () => {
  if (!restored) fs.writeFileSync(file, original);
  restored = true;
};
process.on('SIGINT', () => (restore(), process.exit(130)));
process.on('SIGTERM', () => (restore(), process.exit(143)));

const EXPRESSION_MUTATORS = new Set(['LogicalOperator', 'ConditionalExpression', 'EqualityOperator', 'ArithmeticOperator', 'BooleanLiteral', 'UnaryOperator', 'MethodExpression', 'OptionalChaining']);
const tally = { killed: 0, survived: 0, moved: 0, timeout: 0 };
try {
  for (const m of entry.mutants) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const { start, end } = m.location;
    if (only && !only.has(start.line)) continue;
    const shift = relocate(start.line, end.line);
    const head = `${file}:${start.line}${shift ? `→${start.line + (shift ?? 0)}` : ''} ${m.mutatorName} ${JSON.stringify(m.replacement).slice(0, 70)}`;
    if (shift === undefined) {
      tally.moved++;
      console.log(`moved     ${head}`);
      continue;
    }
    const from = indexOf(start.line + shift, start.column);
    const to = indexOf(end.line + shift, end.column);
    // Stryker swaps an AST node; pasted as text, an operator mutant inside a longer chain (`a && b || c`) would bind
    // differently, so an expression's replacement is put in parentheses.
    const replacement = EXPRESSION_MUTATORS.has(m.mutatorName) ? `(${m.replacement})` : m.replacement;
    if (listOnly) {
      // The line as the mutant makes it, so a reader sees exactly what changed.
      const mutated = original.slice(starts[start.line + shift - 1], from) + '⟦' + replacement + '⟧' + original.slice(to, starts[end.line + shift] ?? original.length);
      console.log(`${m.status.padEnd(9)} ${head}\n          ${mutated.trim().replace(/\s*\n\s*/g, ' ⏎ ').slice(0, 220)}`);
      continue;
    }
    fs.writeFileSync(file, original.slice(0, from) + replacement + original.slice(to));
    restored = false;
    // mocha in this very process (not through npx, nor re-spawned for --node-option), so a mutant that loops for ever is
    // stopped with the one process that runs it.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'node_modules/mocha/bin/mocha.js', '--no-config', '--extension', 'ts', '--timeout', '20000', '--exit', ...tests], {
      encoding: 'utf8',
      timeout: 120_000,
      killSignal: 'SIGKILL',
    });
    restore();
    const failing = /(\d+) failing/.exec(run.stdout ?? '')?.[1];
    const killed = run.status !== 0 || run.signal;
    // A test that ran out of time may be a slow machine, not a kill: said apart, to be looked at.
    const timedOut = killed && /Timeout of \d+ms exceeded/.test(run.stdout ?? '');
    tally[timedOut ? 'timeout' : killed ? 'killed' : 'survived']++;
    console.log(`${timedOut ? 'timeout? ' : killed ? 'killed   ' : 'SURVIVED '} ${head}${killed ? ` (${failing ?? run.signal ?? 'error'} failing)` : ''}`);
  }
} finally {
  restore();
}
console.log(`${file}: ${tally.killed} killed, ${tally.timeout} timed out (a kill or a slow machine), ${tally.survived} survived, ${tally.moved} moved (of the report's survivors)`);
