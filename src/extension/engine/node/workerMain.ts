// Entry of the engine's worker thread in the Node extension host (dist/engineWorker.node.js).
import { parentPort } from 'node:worker_threads';
import { serve } from '../serve';
import type { EngineMessage } from '../protocol';

const port = parentPort!;
const handle = serve((reply) => port.postMessage(reply));
port.on('message', (message: EngineMessage) => handle(message));
