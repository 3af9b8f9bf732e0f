// The engine's side of the worker: resolves each request with the same resolveText the extension host would call,
// on texts it keeps by document version. Runs in a Node worker thread or a web worker (workerNode.ts, workerWeb.ts).
import { SourceText } from '../../core/document';
import { resolveText } from '../request/resolve';
import type { ResolveReply, ResolveRequest } from './protocol';

/** Texts kept: a request goes to a few documents; the oldest is dropped first. */
const KEEP = 4;

export function serve(post: (reply: ResolveReply) => void): (request: ResolveRequest) => void {
  const texts = new Map<string, { text: string; index?: SourceText }>();
  return (request) => {
    try {
      if (request.text !== undefined) {
        texts.delete(request.key);
        texts.set(request.key, { text: request.text });
        while (texts.size > KEEP) texts.delete(texts.keys().next().value!);
      }
      const kept = texts.get(request.key);
      if (!kept) return post({ id: request.id, needText: true });
      if (request.shared) kept.index ??= new SourceText(kept.text);
      post({ id: request.id, resolved: resolveText(kept.text, request.edit, request.options, request.shared ? kept.index : undefined) });
    } catch (err) {
      post({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
