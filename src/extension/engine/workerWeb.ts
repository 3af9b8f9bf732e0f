// Entry of the engine's web worker, started from the web-worker extension host (dist/engineWorker.web.js).
import { serve } from './serve';
import type { EngineMessage, ResolveReply } from './protocol';

const scope = self as unknown as { postMessage(reply: ResolveReply): void; onmessage: ((e: { data: EngineMessage }) => void) | null };
const handle = serve((reply) => scope.postMessage(reply));
scope.onmessage = (e) => handle(e.data);
