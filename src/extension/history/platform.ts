// Where checkpoints can live besides extension storage. The web-worker host has no processes: no git.
// esbuild.js builds the Node host with platform.node.ts instead (a `.node.ts` sibling wins there).
import type { GitBackend } from './checkpoints';

export function gitBackend(): GitBackend | undefined {
  return undefined;
}
