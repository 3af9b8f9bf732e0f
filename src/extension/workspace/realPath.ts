// Real paths where the host has no file system of its own (the web-worker host): unknown. Symbolic links
// cannot be seen through vscode.workspace.fs, so the path policy judges the names alone there. The Node host
// builds realPath.node.ts instead (esbuild.js picks a `.node.ts` sibling).
import type { RealPath } from './node/realPath';

export type { RealPath };

export const caseInsensitiveFs = false;

export async function realPathOf(_fsPath: string): Promise<RealPath | undefined> {
  return undefined;
}
