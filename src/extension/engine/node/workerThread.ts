// The engine's worker in the Node host (spawn.node.ts): a worker thread running dist/engineWorker.node.js, which
// sits beside the extension's bundle.
import * as path from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import type * as vscode from 'vscode';
import type { EnginePort, ResolveReply } from '../protocol';

export function startEngineWorker(_extensionUri: vscode.Uri): EnginePort | undefined {
  // Loaded at the first request, not with the extension: requiring it added 3-4 ms to the extension's load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Worker } = require('node:worker_threads') as typeof WorkerThreads;
  const worker = new Worker(path.join(__dirname, 'engineWorker.node.js'), { name: 'Fuzzy Edit engine' });
  // An idle worker must not keep the extension host's process alive.
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    onReply: (listener) => worker.on('message', (reply: ResolveReply) => listener(reply)),
    onFailure: (listener) => {
      worker.on('error', (err) => listener(err instanceof Error ? err.message : String(err)));
      worker.on('exit', (code) => listener(`the engine worker ended (exit code ${code})`));
    },
    terminate: () => void worker.terminate(),
  };
}
