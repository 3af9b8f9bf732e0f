// mocha bootstrap for the web-worker extension host (dist/test/web/index.js).
// Importing this module loads mocha's browser build (which defines the global `mocha`) and installs
// the tdd globals (suite/test/setup/teardown/suiteSetup/suiteTeardown). index.ts imports it BEFORE
// any *.test module. The Node build (dist/test/node) swaps this file for runner.node.ts (esbuild.js).
import 'mocha/mocha.js';

mocha.setup({ ui: 'tdd', reporter: 'spec', color: false, timeout: 20000 });

export function runMocha(): Promise<void> {
  return new Promise((resolve, reject) => {
    let passed = 0;
    let pending = 0;
    try {
      mocha
        .run((failures) => {
          if (pending > 0) console.log(`${pending} pending`);
          // Plain closing line that log scanners (and people) understand.
          console.log(`${passed} passed, ${failures} failed`);
          if (failures > 0) reject(new Error(`${failures} tests failed.`));
          else resolve();
        })
        .on('pass', () => passed++)
        .on('pending', () => pending++);
    } catch (err) {
      console.error(err);
      reject(err);
    }
  });
}
