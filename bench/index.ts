// `npm run bench`: everything the README's figures come from, in one run, with the date.
//   1. speed of the engine on 1k / 10k / 100k-line files (targets judged at 100k lines, as the issue states them)
//   1b. crafted inputs (issue 13): adversarial shapes, a 1,000,000-line growth check, peak extra heap per call
//   1c. side by side with two other matcher designs (bench/others.ts), on the same inputs
//   2. accuracy on the generated corpus, per drift class
//   3. edit kinds (the edits that trip a merge) on their own corpus
//   4. snippet apply (a bare code block) on its own corpus, per style, with p50/p99 time on 10,000-line files
//   5. parsers on inputs crafted to blow them up: time must grow linearly with size
//   6. the shipped artefacts: bundle sizes, .vsix size, and the extension's activation time
// Flags: --no-perf, --no-crafted, --no-accuracy, --no-snippet, --no-parsers, --no-package (skip building the .vsix).

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { runAccuracy } from './accuracy';
import { printEditKinds, runEditKinds } from './editKinds';
import { PROPERTY_SEED } from '../test/support/properties';
import { printParsers, runParsers } from './parsers';
import { printCrafted, runCrafted } from './crafted';
import { printPerf, runPerf } from './perf';
import { printSideBySide, runSideBySide } from './sideBySide';
import { runSnippetBench } from './snippet';

const args = new Set(process.argv.slice(2));
const require = createRequire(import.meta.url);

console.log(`# Fuzzy Edit bench — ${new Date().toISOString().slice(0, 10)}`);
console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0].toFixed(2)}\n`);

// The production build first: speed and sizes are those of what ships.
if (!args.has('--no-package')) execFileSync('npm', ['run', '--silent', 'package'], { stdio: 'ignore' });
else if (!existsSync('dist/core.js')) execFileSync('node', ['esbuild.js'], { stdio: 'inherit' });

let ok = true;
if (!args.has('--no-perf')) {
  console.log('## Speed (median of repeated runs)\n');
  const rows = runPerf();
  printPerf(rows);
  ok &&= rows.every((r) => r.lines !== 100_000 || r.ok !== false);
  console.log('');
}

if (!args.has('--no-crafted')) {
  console.log('## Crafted inputs (median; peak extra heap of one call)\n');
  const rows = runCrafted();
  printCrafted(rows);
  ok &&= rows.every((r) => r.ok);
  console.log('');
}

if (!args.has('--no-crafted')) {
  console.log('## Side by side with other matcher designs (issue 13)\n');
  const rows = runSideBySide();
  printSideBySide(rows);
  ok &&= rows.every((r) => r.ok);
  console.log('');
}

if (!args.has('--no-accuracy')) {
  console.log('## Accuracy\n');
  const report = runAccuracy();
  ok &&= report.pass;
  console.log('');
}

if (!args.has('--no-accuracy')) {
  // The edits that trip a merge (issue 9): the suite's seed for the figures, then a random one to look further.
  console.log('## Edit kinds (test/corpus/editKinds.ts)\n');
  const kindsOk = printEditKinds(runEditKinds(3000, PROPERTY_SEED), PROPERTY_SEED); // called first: `ok &&= f()` would skip it
  ok &&= kindsOk;
  const seed = Math.floor(Math.random() * 2 ** 31);
  console.log('');
  printEditKinds(runEditKinds(3000, seed), seed);
  console.log('(the random seed looks further; its findings are reported, not counted against the targets)\n');
}

if (!args.has('--no-snippet')) {
  console.log('## Snippet apply (bare code blocks)\n');
  const snippet = runSnippetBench(); // run it even when an earlier target failed (`ok &&= run()` would skip it)
  ok &&= snippet.pass;
  console.log('');
}

if (!args.has('--no-parsers')) {
  console.log('## Parsers on hostile input (linear time)\n');
  const rows = runParsers();
  printParsers(rows);
  ok &&= rows.every((r) => r.ok);
  console.log('');
}

printHostHolds();

console.log('## Artefacts\n');
const size = (f: string) => (existsSync(f) ? `${(statSync(f).size / 1024).toFixed(1)} KiB` : 'not built');
console.log('| artefact | size |');
console.log('|---|---:|');
for (const f of ['dist/extension.node.js', 'dist/extension.web.js', 'dist/engineWorker.node.js', 'dist/engineWorker.web.js', 'dist/core.js', 'dist/cli.js', 'fuzzy-edit.vsix']) console.log(`| ${f} | ${size(f)} |`);
console.log('');

const activation = measureActivation();
console.log(`Activation (Node, stub editor API): load ${activation.load.toFixed(2)} ms, activate() ${activation.activate.toFixed(2)} ms — target < 20 ms ${activation.load + activation.activate < 20 ? '✓' : '✗'}`);
ok &&= activation.load + activation.activate < 20;
console.log(`\nAll targets met: ${ok ? 'yes' : 'no'}`);

/**
 * Issue 13: no step of a request holds the extension host above ~50 ms on a 100,000-line document. Measured in a
 * real VS Code by the integration test test/extension/hostHold.test.ts (a timer in the host; npm test runs it in
 * both hosts), whose figures the host runner records in .bench/host-measures.jsonl: reported here with their time,
 * the newest of each host and case. Not counted in "All targets met": they come from the last test run, not this one.
 */
function printHostHolds(): void {
  const file = '.bench/host-measures.jsonl';
  console.log('## Extension host: the longest stretch one request holds it (from the last npm test)\n');
  if (!existsSync(file)) {
    console.log('No figures yet: `npm test` (or `bash scripts/host/run.sh code-server`) records them.\n');
    return;
  }
  type Hold = { at: string; kind: string; host: string; case: string; lines: number; longestMs: number; totalMs: number };
  const newest = new Map<string, Hold>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as Hold;
    if (m.kind === 'host-hold') newest.set(`${m.host}\u0000${m.case}`, m);
  }
  console.log('| host | case | lines | longest hold ms | whole request ms | target | met | measured |');
  console.log('|---|---|---:|---:|---:|---|:---:|---|');
  for (const m of newest.values()) {
    console.log(`| ${m.host} | ${m.case} | ${m.lines.toLocaleString('en-US')} | ${m.longestMs.toFixed(1)} | ${m.totalMs} | ≤ 50 ms | ${m.longestMs <= 50 ? '✓' : '✗'} | ${m.at.slice(0, 16).replace('T', ' ')} UTC |`);
  }
  console.log('');
}

/**
 * Loads the built Node bundle against a stand-in `vscode` module whose every member is a callable that returns
 * itself, and times loading plus `activate()`: the cost the extension itself adds before any command runs.
 */
function measureActivation(): { load: number; activate: number } {
  if (!existsSync('dist/extension.node.js')) execFileSync('node', ['esbuild.js'], { stdio: 'inherit' });
  const handler: ProxyHandler<object> = {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : key === 'then' ? undefined : stub),
    apply: () => stub,
    construct: () => stub,
    set: () => true,
    defineProperty: () => true,
  };
  const stub: object = new Proxy(function () {}, handler);
  const Module = require('node:module') as { _resolveFilename: (r: string, ...rest: unknown[]) => string };
  const resolve = Module._resolveFilename;
  Module._resolveFilename = (request: string, ...rest: unknown[]) => (request === 'vscode' ? 'vscode' : resolve(request, ...rest));
  // The bundle copies the module's own names (esbuild's namespace import): give it every name the real API has.
  const api = readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  const names = new Set([...api.matchAll(/^\s*export (?:namespace|class|enum|const|function|let) (\w+)/gm)].map((m) => m[1]));
  const exports = Object.fromEntries([...names].map((n) => [n, stub]));
  require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports } as unknown as NodeJS.Module;
  const t0 = performance.now();
  const ext = require(require.resolve('../dist/extension.node.js')) as { activate: (c: unknown) => unknown };
  const t1 = performance.now();
  const subscriptions: unknown[] = [];
  ext.activate({ subscriptions, workspaceState: stub, globalState: stub, extensionUri: stub, extension: stub, storageUri: stub, globalStorageUri: stub, asAbsolutePath: (p: string) => p });
  const t2 = performance.now();
  Module._resolveFilename = resolve;
  return { load: t1 - t0, activate: t2 - t1 };
}
