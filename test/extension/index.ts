// Entry of the integration suite that runs inside a real VS Code extension host
// (scripts/host/run.sh web|code-server; npm run test:electron). esbuild.js bundles it twice:
// dist/test/web/index.js (mocha browser build) and dist/test/node/index.js (./runner → runner.node.ts).
// Keep `./runner` first (it installs mocha's tdd globals), then one import per test module.
import { runMocha } from './runner';
import './smoke.test';
import './demo.test';
import './parse.test';
import './applyEdits.test';
import './review.test';
import './lmTool.test';
import './history.test';
import './fileOperations.test';
import './security.test';
import './snippet.test';
import './faithful.test';
import './workspaceNames.test';
import './scratch.test';
import './keybindings.test';
import './walkthrough.test';
import './inlineReview.test';
import './progress.test';
import './hostHold.test';

export function run(): Promise<void> {
  return runMocha();
}
