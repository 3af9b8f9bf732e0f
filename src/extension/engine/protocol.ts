// Messages between the extension host and the engine's worker (engineThread.ts ↔ serve.ts). Plain data only:
// they are copied by structured clone. A document's text crosses once per version: later edits to the same version
// name it by `key`, and the worker asks for the text again when it no longer holds it.
import type { ApplyOptions } from '../../core';
import type { ParsedEdit } from '../request/parse';
import type { Resolved } from '../request/resolve';

export interface ResolveRequest {
  id: number;
  /** Names the text (EngineThread.textKey: one per text read from a document). */
  key: string;
  /** Sent with the first request of a key, or when the worker asked for it (a long one in TextParts before it). */
  text?: string;
  /** Several edits of the request go to this text: the worker indexes its lines once for all of them. */
  shared: boolean;
  edit: ParsedEdit;
  options: ApplyOptions;
}

/**
 * One part of a long text, sent before the request that names its key: posting a 2.7 MB string in one message held
 * the web worker extension host 20-40 ms (a profile there); parts go one per turn of the host. The worker joins them
 * once all have come.
 */
export interface TextPart {
  key: string;
  part: number;
  parts: number;
  text: string;
}

export type EngineMessage = ResolveRequest | TextPart;

export type ResolveReply = { id: number; resolved: Resolved } | { id: number; needText: true } | { id: number; error: string };

/** The extension host's end of a started worker (spawn.ts, spawn.node.ts). */
export interface EnginePort {
  post(message: EngineMessage): void;
  onReply(listener: (reply: ResolveReply) => void): void;
  /** The worker failed to load, threw outside a request, or ended. */
  onFailure(listener: (why: string) => void): void;
  terminate(): void;
}
