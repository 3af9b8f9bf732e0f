// A real git repository in a temporary folder, for the history tests. The web-worker host runs no
// processes: none here. esbuild.js builds the Node suite with gitHost.node.ts instead.
import type { GitHost } from './gitHostTypes';

export const gitHost: GitHost | undefined = undefined;
