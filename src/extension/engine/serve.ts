// The engine's side of the worker: resolves each request with the same resolveText the extension host would call,
// on texts it keeps by document version. Runs in a Node worker thread or a web worker (workerNode.ts, workerWeb.ts).
import { SourceText } from '../../core/document';
import { resolveText } from '../request/resolve';
import type { EngineMessage, ResolveReply, TextPart } from './protocol';

/** Texts kept: a request goes to a few documents; the oldest is dropped first. */
const KEEP = 4;

export function serve(post: (reply: ResolveReply) => void): (message: EngineMessage) => void {
  const texts = new Map<string, { text: string; index?: SourceText }>();
  const partial = new Map<string, { parts: string[]; count: number }>();
  const keep = (key: string, text: string) => {
    texts.delete(key);
    texts.set(key, { text });
    while (texts.size > KEEP) texts.delete(texts.keys().next().value!);
  };
  const addPart = (p: TextPart) => {
    const got = partial.get(p.key) ?? { parts: new Array<string>(p.parts), count: 0 };
    if (got.parts[p.part] === undefined) got.count++;
    got.parts[p.part] = p.text;
    partial.set(p.key, got);
    if (got.count < p.parts) return;
    partial.delete(p.key);
    keep(p.key, got.parts.join(''));
  };
  return (message) => {
    if ('part' in message) return addPart(message);
    const request = message;
    try {
      if (request.text !== undefined) keep(request.key, request.text);
      const kept = texts.get(request.key);
      if (!kept) return post({ id: request.id, needText: true });
      if (request.shared) kept.index ??= new SourceText(kept.text);
      post({ id: request.id, resolved: resolveText(kept.text, request.edit, request.options, request.shared ? kept.index : undefined) });
    } catch (err) {
      post({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
