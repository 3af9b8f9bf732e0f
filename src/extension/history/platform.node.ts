// The Node host's variant of platform.ts (chosen by esbuild.js): checkpoints of git workspaces are shadow commits.
import { NodeGitBackend } from './node/gitCheckpoints';
import type { GitBackend } from './checkpoints';

export function gitBackend(): GitBackend | undefined {
  return new NodeGitBackend();
}
