// Runs the suite and ends with one plain line — "N passed, M failed" — that log scanners (and people) understand.
// Shared by the web-worker runner (mocha's browser build) and the Node runner (mocha's Node API).
import type Mocha from 'mocha';

export function runAndReport(mocha: Mocha): Promise<void> {
  return new Promise((resolve, reject) => {
    let passed = 0;
    let pending = 0;
    try {
      mocha
        .run((failures) => {
          if (pending > 0) console.log(`${pending} pending`);
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
