// Runs the integration suite inside code-server's *Node* (remote) extension host (package.json
// "main" entry). code-server 4.139.1 (VS Code 1.139) runs on Node 24 from npm, both under .tools/
// (scripts/host/install.sh code-server), on loopback; Debian Chromium opens the workbench with the
// `payload` query parameter that VS Code's own browser integration tests use
// (extensionDevelopmentPath / extensionTestsPath as vscode-remote:// URIs).
// Normally started by scripts/host/run.sh code-server.
//
// Usage: node scripts/host/run-code-server-tests.mjs [--tests dist/test/node/index.js] [--folder <dir>]
//          [--node24 <node 24 binary>] [--code-server <code-server package dir>]
//          [--extension .] [--verbose] [--screenshot out.png] [--timeout ms]
// Exit code: 0 when every test passed, 1 on failures, 124 on timeout, 2 on bad arguments.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ROOT, NODE24, CODE_SERVER_DIR,
  freePort, startCodeServer, codeServerUrl, runInChromium, toExitCode, stopProcess, parseRunnerArgs,
} from './lib.mjs';

const args = parseRunnerArgs(path.join(ROOT, 'dist/test/node/index.js'), {
  node24: { type: 'string', default: NODE24 },
  'code-server': { type: 'string', default: CODE_SERVER_DIR },
});

const tmp = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-cs-test-'));
const folder = path.resolve(args.folder ?? tmp);
const timeoutMs = Number(args.timeout);
let exitCode = 1;
let server;
try {
  const port = await freePort();
  server = await startCodeServer({
    port, tmp, folder, node24: args.node24, codeServerDir: args['code-server'], verbose: args.verbose,
    smokeTestDriver: true,
  });
  const url = codeServerUrl({ port, folder, extensionPath: args.extension, testsPath: args.tests });
  console.log(`Opening code-server on 127.0.0.1:${port} (Node extension host) in ${args.chromium}...`);
  const result = await runInChromium({
    url, userDataDir: path.join(tmp, 'chromium'), executablePath: args.chromium, timeoutMs,
    verbose: args.verbose, screenshot: args.screenshot,
  });
  exitCode = toExitCode(result, timeoutMs);
} catch (err) {
  console.error('Error running tests:', err);
} finally {
  await stopProcess(server);
  rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(exitCode);
