// Mutation testing (`npm run mutate`): seeds small bugs into the engine and the CLI one at a time and checks that
// the unit suite notices. Incremental: results of mutants whose code and covering tests did not change are taken
// from reports/stryker-incremental.json (committed), so a re-run after a change costs minutes, not hours.
// MUTATE=cli (or a glob) narrows the run; the HTML report lands in reports/mutation/ (git-ignored).
const only = process.env.MUTATE;
const folders = { core: ['src/core/**/*.ts'], cli: ['src/cli/**/*.ts', '!src/cli/main.ts'] };
const ownTests = (glob) => (glob === 'cli' || glob?.startsWith('src/cli/') ? ['test/cli/**/*.test.ts'] : glob?.startsWith('src/core/formats/') ? ['test/core/formats/**/*.test.ts'] : undefined);

export default {
  testRunner: 'mocha',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: only ? (folders[only] ?? [only]) : [...folders.core, ...folders.cli],
  // tsx compiles the mutated sources on the fly; properties run a fifth of their cases per mutant.
  testRunnerNodeArgs: ['--import', 'tsx'],
  // The accuracy corpus (1,440 generated cases, seconds per run) is left to `npm test` and `npm run bench`: here
  // every mutant would re-run it. Mutants are judged by the direct tests and the properties.
  // A folder is judged by its own tests (MUTATE=cli: test/cli, which no test of src/core imports; the formats: test/core/formats):
  // the dry run and each static mutant (a module-level constant, run against every test) take seconds, not minutes.
  // STRYKER_SPEC (comma-separated globs) judges a narrowed MUTATE by its direct tests only: on two cores a survivor
  // of a module every test reaches costs the whole suite, minutes; its direct tests take seconds.
  mochaOptions: { spec: process.env.STRYKER_SPEC?.split(',') ?? ownTests(only) ?? ['test/core/**/*.test.ts', 'test/cli/**/*.test.ts'], ignore: ['test/core/corpus.test.ts'] },
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `reports/stryker-incremental${only ? '-' + only.replace(/[^\w]+/g, '_') : ''}.json`,
  concurrency: 2,
  timeoutFactor: 3,
  timeoutMS: 20000,
  ignorePatterns: ['dist', '.tools', '.bench', 'reports', '*.vsix', 'media', 'demo'],
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
