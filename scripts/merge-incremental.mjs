// Builds one incremental state for a folder-wide Stryker run (`MUTATE=core`) from the per-glob runs in reports/, so
// that run re-tests only what the smaller runs cannot vouch for:
//
//   node scripts/merge-incremental.mjs core src/core/   → reports/stryker-incremental-core.json
//
// For each source file the newest report of it is taken (as scripts/mutation-score.mjs does). Test ids differ between
// reports, so tests are re-keyed by file and name. The runner records no test locations, so Stryker can only tell a
// changed test by its file's text: a test whose file changed since the report that used it is left out of that
// report's kill and coverage lists, which makes Stryker re-run the mutant (a kill is reused only when its killing test
// is unchanged; a survivor is re-run when a test it did not have before covers it).
// "Changed" is judged per test, not per file: a test is unchanged when its own `it(…)` call reads the same and the rest
// of its file (hooks, helpers, describe bodies, with every test left out) reads the same. Tests whose titles are built
// at run time are judged by the whole file. Helper modules a test imports are not compared.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const TEST_CALLS = new Set(['it', 'test', 'specify']);
const SUITE_CALLS = new Set(['describe', 'context', 'suite']);
const calleeName = (e) => (ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : undefined);
const squash = (text) => text.replace(/\s+/g, ' ').trim();

// A test file read as: each test's own call text with its context (the file's statements outside every suite and
// test, imports aside, and each enclosing suite's statements outside its tests and sub-suites), by full title (mocha's
// "suite title + ' ' + test title"). A test added, or a suite added beside, leaves the others' reading unchanged.
const shapes = new Map();
function shapeOf(source) {
  if (shapes.has(source)) return shapes.get(source);
  const sf = ts.createSourceFile('t.ts', source, ts.ScriptTarget.Latest, true);
  const isTestOrSuite = (n) => ts.isCallExpression(n) && [TEST_CALLS, SUITE_CALLS].some((set) => set.has(calleeName(n.expression)));
  // The node's text with every test and suite call inside it cut out.
  const outside = (node) => {
    const cuts = [];
    // (forEachChild stops at the first truthy answer, so the walk answers nothing.)
    const walk = (n) => {
      if (isTestOrSuite(n) || ts.isImportDeclaration(n)) cuts.push([n.getStart(sf), n.getEnd()]);
      else ts.forEachChild(n, walk);
    };
    ts.forEachChild(node, walk);
    let text = '';
    let at = node.getStart(sf);
    for (const [from, to] of cuts) {
      text += source.slice(at, from);
      at = to;
    }
    return squash(text + source.slice(at, node.getEnd())).replace(/(; )+/g, '; ');
  };
  const bodies = new Map();
  const visit = (node, titles, context) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const first = node.arguments[0];
      const title = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
      if (name && TEST_CALLS.has(name)) {
        if (titles && title !== undefined) {
          const full = [...titles, title].join(' ');
          bodies.set(full, bodies.has(full) ? null : `${squash(node.getText(sf))}\u0000${context}`);
        }
        return;
      }
      if (name && SUITE_CALLS.has(name)) {
        const inner = titles && title !== undefined ? [...titles, title] : undefined;
        for (const a of node.arguments.slice(1)) visit(a, inner, `${context}\u0000${outside(a)}`);
        return;
      }
    }
    ts.forEachChild(node, (c) => void visit(c, titles, context));
  };
  visit(sf, [], outside(sf));
  shapes.set(source, bodies);
  return bodies;
}
function testUnchanged(oldSource, newSource, title) {
  if (oldSource === newSource) return true;
  if (oldSource === undefined || newSource === undefined) return false;
  const body = shapeOf(oldSource).get(title);
  return typeof body === 'string' && body === shapeOf(newSource).get(title);
}

const [name, prefix] = process.argv.slice(2);
if (!name || !prefix) {
  console.error('usage: node scripts/merge-incremental.mjs NAME SOURCE_PREFIX   (e.g. core src/core/)');
  process.exit(2);
}
const dir = 'reports';
const out = `${dir}/stryker-incremental-${name}.json`;
const committedAt = (f) => Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', f], { encoding: 'utf8' }).trim()) || Date.now() / 1000;
const current = (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined);

const reports = fs
  .readdirSync(dir)
  .filter((f) => f.startsWith('stryker-incremental-') && f.endsWith('.json'))
  .map((f) => ({ f, at: committedAt(`${dir}/${f}`), r: JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')) }))
  .sort((a, b) => a.at - b.at);

// Newest report per source file.
const chosen = new Map();
for (const rep of reports) for (const file of Object.keys(rep.r.files)) if (file.startsWith(prefix)) chosen.set(file, rep);

const tests = new Map(); // key → merged id
const testFiles = {};
const idOf = (file, testName) => {
  const key = `${file}\n${testName}`;
  if (!tests.has(key)) {
    tests.set(key, String(tests.size));
    (testFiles[file] ??= { source: current(file), tests: [] }).tests.push({ id: tests.get(key), name: testName });
  }
  return tests.get(key);
};

const files = {};
const tally = { mutants: 0, killedKept: 0, killedRerun: 0, coverageDropped: 0 };
for (const [file, { r }] of chosen) {
  // Old id → merged id, for the tests of this report whose file is unchanged since.
  const map = new Map();
  for (const [tf, { source, tests: list }] of Object.entries(r.testFiles ?? {})) {
    for (const t of list) if (testUnchanged(source, current(tf), t.name)) map.set(t.id, idOf(tf, t.name));
  }
  const keep = (ids) => (ids ?? []).map((id) => map.get(id)).filter((id) => id !== undefined);
  const mutants = r.files[file].mutants.map((m) => {
    tally.mutants++;
    const killedBy = keep(m.killedBy);
    const coveredBy = keep(m.coveredBy);
    if (m.status === 'Killed') tally[killedBy.length ? 'killedKept' : 'killedRerun']++;
    if (coveredBy.length < (m.coveredBy ?? []).length) tally.coverageDropped++;
    return { ...m, killedBy, coveredBy };
  });
  files[file] = { ...r.files[file], mutants };
}

const newest = reports.at(-1).r;
fs.writeFileSync(out, JSON.stringify({ ...newest, files, testFiles, config: { ...newest.config, mutate: [`${prefix}**/*.ts`] } }));
console.log(`${out}: ${chosen.size} files, ${tally.mutants} mutants; kills reusable ${tally.killedKept}, kills to re-run ${tally.killedRerun} (their test file changed), ${tally.coverageDropped} with coverage dropped for the same reason`);
