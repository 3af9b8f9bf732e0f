// mocha bootstrap for the web-worker extension host (dist/test/web/index.js).
// Importing this module loads mocha's browser build (which defines the global `mocha`) and installs
// the tdd globals (suite/test/setup/teardown/suiteSetup/suiteTeardown). index.ts imports it BEFORE
// any *.test module. The Node build (dist/test/node) swaps this file for runner.node.ts (esbuild.js).
import 'mocha/mocha.js';
import { runAndReport } from './report';

mocha.setup({ ui: 'tdd', reporter: 'spec', color: false, timeout: 20000 });

export function runMocha(): Promise<void> {
  return runAndReport(mocha);
}
