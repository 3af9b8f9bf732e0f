// Starts the engine's worker. The web-worker extension host: a nested web worker from the extension's own
// dist/engineWorker.web.js (VS Code's extension host lets `new Worker` load an extension's file).
// esbuild.js builds the Node host with spawn.node.ts instead (a `.node.ts` sibling wins there).
import * as vscode from 'vscode';
import type { EnginePort, ResolveReply } from './protocol';

export function startEngineWorker(extensionUri: vscode.Uri): EnginePort | undefined {
  const WorkerOf = (globalThis as { Worker?: new (url: string, options?: { name?: string }) => WebWorker }).Worker;
  if (!WorkerOf) return undefined;
  const worker = new WorkerOf(vscode.Uri.joinPath(extensionUri, 'dist', 'engineWorker.web.js').toString(true), { name: 'Fuzzy Edit engine' });
  return {
    post: (message) => worker.postMessage(message),
    onReply: (listener) => worker.addEventListener('message', (e) => listener((e as MessageEvent<ResolveReply>).data)),
    onFailure: (listener) => {
      worker.addEventListener('error', (e) => listener((e as ErrorEvent).message || 'the engine worker failed to load'));
      worker.addEventListener('messageerror', () => listener('a reply of the engine worker could not be read'));
    },
    terminate: () => worker.terminate(),
  };
}

interface WebWorker {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (e: unknown) => void): void;
  terminate(): void;
}
