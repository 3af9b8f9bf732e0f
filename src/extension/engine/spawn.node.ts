// The Node host's variant of spawn.ts (chosen by esbuild.js): the engine's worker is a worker thread.
export { startEngineWorker } from './node/workerThread';
