// Node extension host variant of ./runner.ts (dist/test/node/index.js: code-server, desktop VS Code via
// @vscode/test-electron). mocha's browser build reads `location.search`, which does not exist in Node,
// so this uses mocha's Node API; `mocha` stays external and is required from node_modules at run time.
import Mocha from 'mocha';
import { runAndReport } from './report';

const mocha = new Mocha({ ui: 'tdd', reporter: 'spec', color: false, timeout: 20000 });
// Installs suite/test/setup/teardown globals, as `mocha.setup` does in the browser.
mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);

export function runMocha(): Promise<void> {
  return runAndReport(mocha);
}
