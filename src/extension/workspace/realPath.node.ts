// The Node host's variant of realPath.ts (chosen by esbuild.js): real paths from the disk.
export { caseInsensitiveFs, realPathOf, type RealPath } from './node/realPath';
