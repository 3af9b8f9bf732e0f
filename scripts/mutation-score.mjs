// Mutation score per file and per folder from every incremental report in reports/ (`node scripts/mutation-score.mjs`):
// for each file, the newest report made on the file as it is now, else the newest report of it (flagged).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const dir = 'reports';
const best = new Map();
for (const f of fs.readdirSync(dir).filter((f) => f.startsWith('stryker-incremental') && f.endsWith('.json'))) {
  // When the report was committed (checkouts reset file times); uncommitted: now.
  const mtime = Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', `${dir}/${f}`], { encoding: 'utf8' }).trim() || Date.now() / 1000) || Date.now() / 1000;
  const r = JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8'));
  for (const [file, d] of Object.entries(r.files)) {
    const cur = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const prev = best.get(file);
    const current = cur === d.source;
    // Prefer a report made on the file as it is now; among those (or among none), the newest file.
    if (!prev || (current && !prev.current) || (current === prev.current && prev.mtime < mtime)) best.set(file, { mtime, report: f, d, current });
  }
}
const rows = [];
const folders = new Map();
for (const [file, { report, d, current }] of [...best].sort()) {
  let det = 0, und = 0, ign = 0;
  for (const m of d.mutants) {
    if (m.status === 'Killed' || m.status === 'Timeout') det++;
    else if (m.status === 'Survived' || m.status === 'NoCoverage') und++;
    else ign++;
  }
  rows.push(`${file.padEnd(36)} ${String(det + und).padStart(5)} ${(100 * det / (det + und)).toFixed(1).padStart(6)} %  ${und} undetected, ${ign} ignored/other${current ? '' : '  (source changed since)'}  [${report}]`);
  const folder = file.split('/').slice(0, file.split('/').length - 1).join('/');
  for (const key of new Set([folder, folder.split('/').slice(0, 2).join("/")])) {
    const t = folders.get(key) ?? { det: 0, und: 0, files: new Set() };
    t.det += det; t.und += und; t.files.add(file); folders.set(key, t);
  }
}
console.log(rows.join('\n'));
for (const [k, t] of [...folders].sort()) console.log(`${k.padEnd(24)} ${t.files.size} files, ${t.det + t.und} mutants, ${(100 * t.det / (t.det + t.und)).toFixed(1)} %`);
