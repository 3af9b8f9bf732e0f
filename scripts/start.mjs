#!/usr/bin/env node
// `npm start`: build the extension and open the demo/ workspace in a real VS Code with Fuzzy Edit
// loaded from this repository in development mode ("[Extension Development Host]" in the title).
//
//   - Desktop VS Code when `code` is on PATH:  code --extensionDevelopmentPath=<repo> demo
//     (returns once the window is open; close the window when done).
//   - Otherwise code-server 4.139.1 on 127.0.0.1 (installed under .tools/ on first use: a few
//     minutes), with the extension installed as a link in its extensions directory (so the workbench
//     runs as a user gets it, notification toasts included). Open the printed URL; Ctrl-C stops it.
//     Its settings and state persist in .vscode-test/start/ (gitignored).
//
// Options: --code-server       use code-server even when `code` exists
//          --port <n>          code-server port (default 8080, or a free one when 8080 is taken)
//          --watch             rebuild on every change (esbuild --watch); reload the window to pick it up
//          --folder <dir>      another workspace instead of demo/
// Works on a fresh clone: runs `npm ci` first when node_modules is missing or older than the lockfile. Every
// step says what it does; the long ones (npm ci, the first code-server install) say every 20 s that they still run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const { values: args } = parseArgs({
  options: {
    'code-server': { type: 'boolean', default: process.env.FUZZY_EDIT_CODE_SERVER === '1' },
    port: { type: 'string', default: process.env.PORT },
    watch: { type: 'boolean', default: false },
    folder: { type: 'string', default: path.join(ROOT, 'demo') },
    verbose: { type: 'boolean', default: false },
  },
});
const folder = path.resolve(args.folder);

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`npm start: \`${cmd} ${argv.join(' ')}\` failed (${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

/** `run`, but asynchronous and saying every 20 s that it still runs: npm ci prints nothing for minutes. */
async function runWithProgress(what, cmd, argv, opts = {}) {
  const t0 = Date.now();
  const seconds = () => Math.round((Date.now() - t0) / 1000);
  const ticker = setInterval(() => console.log(`npm start:   ... still ${what} (${seconds()} s)`), 20000);
  const code = await new Promise((resolve) => spawn(cmd, argv, { stdio: 'inherit', ...opts }).once('exit', (c, sig) => resolve(c ?? sig)));
  clearInterval(ticker);
  if (code !== 0) {
    console.error(`npm start: ${what} failed (${code})`);
    process.exit(typeof code === 'number' ? code : 1);
  }
  console.log(`npm start: ${what}: done in ${seconds()} s`);
}

// 1. Dependencies (as scripts/test.sh does), then the build.
const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);
if (!existsSync('node_modules/.package-lock.json') || mtime('package-lock.json') > mtime('node_modules/.package-lock.json')) {
  console.log('npm start: installing dependencies (npm ci, a minute or two the first time)');
  await runWithProgress('installing dependencies', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}
console.log('npm start: building (node esbuild.js)');
run(process.execPath, ['esbuild.js']);
const watcher = args.watch ? spawn(process.execPath, ['esbuild.js', '--watch'], { stdio: 'inherit' }) : undefined;

// 2a. Desktop VS Code.
const code = args['code-server'] ? '' : spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim();
// The demo's walkthrough, opened beside the folder (any other folder opens as it is).
const firstFile = existsSync(path.join(folder, 'try-me.md')) ? path.join(folder, 'try-me.md') : undefined;
if (code) {
  console.log(`npm start: opening ${path.relative(ROOT, folder) || '.'} in VS Code (${code}) with the extension in development mode`);
  run(code, [`--extensionDevelopmentPath=${ROOT}`, folder, ...(firstFile ? [firstFile] : [])]);
  if (watcher) {
    console.log('npm start: rebuilding on change; run "Developer: Reload Window" to pick up a rebuild. Ctrl-C stops.');
    process.on('SIGINT', () => watcher.kill('SIGTERM'));
  }
} else {
  await startCodeServerSession();
}

// 2b. code-server.
async function startCodeServerSession() {
  const firstRun = !existsSync(path.join(ROOT, '.tools/code-server/node_modules/code-server/out/node/entry.js'));
  console.log(`npm start: no \`code\` command found; using code-server (VS Code in the browser)${firstRun ? ': installing it into .tools/ first, about 4 minutes the first time' : ''}`);
  await runWithProgress('checking code-server and its browser tools', 'bash', [path.join(ROOT, 'scripts/host/install.sh'), 'code-server']);
  console.log('npm start: starting code-server');
  const { startCodeServer, stopProcess } = await import('./host/lib.mjs');
  const port = await pickPort(args.port ? Number(args.port) : 8080, !args.port);
  const state = path.join(ROOT, '.vscode-test', 'start');
  const settingsFile = path.join(state, 'user-data', 'User', 'settings.json');
  const userSettings = existsSync(settingsFile) ? undefined : {
    'workbench.startupEditor': 'none',
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
  };
  mkdirSync(state, { recursive: true });
  // The extension is installed the way a user's is: a folder in code-server's extensions directory (a link to
  // this repository, so a rebuild is picked up on reload). Not through the URL's extensionDevelopmentPath
  // payload: a built workbench honours that only with the smoke-test driver, which also hides every
  // notification toast — the user would not see what Fuzzy Edit says.
  const extensions = path.join(state, 'extensions');
  mkdirSync(extensions, { recursive: true });
  const link = path.join(extensions, 'fuzzy-edit.fuzzy-edit-dev');
  rmSync(link, { force: true });
  symlinkSync(ROOT, link, 'dir');
  const server = await startCodeServer({ port, tmp: state, folder, verbose: args.verbose, userSettings, smokeTestDriver: false });
  // code-server opens the folder it was started with at its root URL, so the URL can be that short; the demo's
  // walkthrough is opened by the workbench's `payload` (openFile), which needs the folder in the URL too.
  // Readable: only what a URL query cannot hold as is gets escaped (a terminal still sees one link).
  const q = (text) => encodeURIComponent(text).replace(/%(2F|3A|2C|5B|5D)/g, (m) => decodeURIComponent(m));
  const url = firstFile
    ? `http://localhost:${port}/?folder=${q(path.resolve(folder))}&payload=${q(JSON.stringify([['openFile', `vscode-remote://localhost:${port}${encodeURI(firstFile)}`]]))}`
    : `http://localhost:${port}/`;
  writeFileSync(path.join(state, 'url.txt'), `${url}\n`);
  const rel = path.relative(ROOT, folder) || '.';
  console.log([
    '',
    `Fuzzy Edit is running in code-server (VS Code in the browser) with ${rel}/ open. Open:`,
    '',
    `  ${url}`,
    '',
    ...(firstFile ? [`(${path.relative(ROOT, firstFile)} opens with it; http://localhost:${port}/ opens the folder alone.)`] : []),
    `From another machine: ssh -L ${port}:127.0.0.1:${port} <this host>, then the same URL.`,
    'After a rebuild, run "Developer: Reload Window". Ctrl-C stops code-server.',
    '',
  ].join('\n'));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nnpm start: stopping code-server');
    watcher?.kill('SIGTERM');
    await stopProcess(server);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.once('exit', (c) => {
    if (!stopping) {
      console.error(`npm start: code-server exited (${c})`);
      watcher?.kill('SIGTERM');
      process.exit(1);
    }
  });
}

/** `preferred` when it is free on 127.0.0.1; otherwise any free port (or fail when it was asked for). */
function pickPort(preferred, fallback) {
  const listen = (p) => new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(p, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
  return listen(preferred).catch((err) => {
    if (!fallback) {
      console.error(`npm start: port ${preferred} is not free (${err.code})`);
      process.exit(1);
    }
    return listen(0);
  });
}
