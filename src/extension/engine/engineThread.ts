// The engine runs in a worker, off the extension host's thread: every extension shares that thread, and a search
// of a 100,000-line document (above all the first one, before the JavaScript engine has optimised it) held it for
// 50-280 ms. The host reads the document's text and posts it once per read (every edit of a request to that
// document names it by its key); the worker resolves each edit with the same resolveText. A short text, and any
// text where no worker can be started or one fails, is resolved here: the same answer, only on this thread.
import type * as vscode from 'vscode';
import type { ApplyOptions } from '../../core';
import type { ParsedEdit } from '../request/parse';
import type { Resolved } from '../request/resolve';
import { textParts } from '../../core/textParts';
import type { EnginePort, ResolveReply, ResolveRequest } from './protocol';

/** Failed workers after which this session resolves on the extension host's thread only. */
const MAX_FAILURES = 3;
/** An idle worker is ended after this long (its memory back); the next request starts one again. */
const IDLE_MS = 5 * 60_000;
/**
 * An edit whose text, old text and new text together are shorter than this is resolved on the host's thread: the
 * engine takes a few milliseconds on it (the slowest crafted input of the bench, scaled to this size, about 20),
 * where starting a worker for it cost 160-690 ms before the first edit of a session was answered (measured in a
 * fresh code-server, most source files being this small). A long old text counts: the search grows with it too.
 */
export const WORKER_FROM_LENGTH = 64 * 1024;

export type EngineWhere = 'worker' | 'extension host';

interface Waiting {
  request: ResolveRequest;
  text: string;
  /** Resolves the edit on this thread instead (no worker, or it failed). */
  here: () => Resolved;
  done: (r: Resolved) => void;
}

export class EngineThread implements vscode.Disposable {
  private port: EnginePort | undefined;
  private failures = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Keys of the texts the current worker was sent. */
  private readonly sent = new Set<string>();
  private idle: ReturnType<typeof setTimeout> | undefined;
  private nextKey = 1;
  /** Where the last edit was resolved (for tests and the API). */
  lastWhere: EngineWhere | undefined;

  /** `workerFrom`: the length (text, old and new text together) from which an edit is resolved in the worker. */
  constructor(
    private readonly start: () => EnginePort | undefined,
    private readonly workerFrom = WORKER_FROM_LENGTH,
  ) {}

  /** A new name for a text read from a document (a document reopened restarts its versions: not a name). */
  textKey(): string {
    return `text ${this.nextKey++}`;
  }

  /**
   * Resolves `edit` against `text` in the worker; `key` (from textKey) names the text, which the worker keeps for
   * the next edit. `here` resolves it on this thread: a short edit of a short text, or when there is no worker or
   * it fails.
   */
  resolve(key: string, text: string, shared: boolean, edit: ParsedEdit, options: ApplyOptions, here: () => Resolved): Promise<Resolved> {
    if (text.length + edit.oldString.length + edit.newString.length < this.workerFrom) return Promise.resolve(this.resolveHere(here));
    const port = this.worker();
    if (!port) return Promise.resolve(this.resolveHere(here));
    return new Promise<Resolved>((done) => {
      const request: ResolveRequest = { id: this.nextId++, key, shared, edit, options };
      const waiting: Waiting = { request, text, here, done };
      this.waiting.set(request.id, waiting);
      void this.send(port, waiting, !this.sent.has(key));
    });
  }

  dispose(): void {
    this.failures = MAX_FAILURES;
    // An edit still waiting is answered (here), not left hanging.
    const left = [...this.waiting.values()];
    this.stop();
    for (const w of left) w.done(this.resolveHere(w.here));
  }

  /** Posts the request, with its text when the worker lacks it: a long text in parts, one per turn of the host. */
  private async send(port: EnginePort, w: Waiting, withText: boolean): Promise<void> {
    try {
      const parts = withText ? textParts(w.text) : [];
      if (withText) this.sent.add(w.request.key);
      if (parts.length > 1) {
        for (let k = 0; k < parts.length; k++) {
          if (k > 0) await new Promise((r) => setTimeout(r, 0));
          // The worker failed or was ended meanwhile: `failed` or `dispose` has answered this edit.
          if (this.port !== port) return;
          port.post({ key: w.request.key, part: k, parts: parts.length, text: parts[k] });
        }
      }
      port.post(withText && parts.length === 1 ? { ...w.request, text: w.text } : w.request);
    } catch (err) {
      // Options that cannot be copied (an API caller's): this edit is resolved here; the worker stays.
      console.error('Fuzzy Edit: could not send an edit to the engine worker; resolving it in the extension host', err);
      if (this.waiting.delete(w.request.id)) w.done(this.resolveHere(w.here));
    }
  }

  private worker(): EnginePort | undefined {
    if (!this.port && this.failures < MAX_FAILURES) {
      try {
        this.port = this.start();
      } catch (err) {
        console.error('Fuzzy Edit: the engine worker could not be started; resolving in the extension host', err);
      }
      if (!this.port) this.failures = MAX_FAILURES; // no worker in this host: not tried again
      const port = this.port;
      port?.onReply((reply) => this.port === port && this.replied(port, reply));
      port?.onFailure((why) => this.port === port && this.failed(why));
    }
    if (this.port) this.stopWhenIdle();
    return this.port;
  }

  private stopWhenIdle(): void {
    if (this.idle !== undefined) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.waiting.size === 0) this.stop();
      else this.stopWhenIdle();
    }, IDLE_MS);
    // In Node, a timer must not keep a process alive (the CLI's, a test runner's) for a worker nobody uses.
    (this.idle as { unref?: () => void }).unref?.();
  }

  private replied(port: EnginePort, reply: ResolveReply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    if ('needText' in reply) return void this.send(port, w, true);
    this.waiting.delete(reply.id);
    if ('resolved' in reply) {
      this.lastWhere = 'worker';
      w.done(reply.resolved);
    } else {
      console.error(`Fuzzy Edit: the engine worker failed on an edit (${reply.error}); resolving it in the extension host`);
      w.done(this.resolveHere(w.here));
    }
  }

  /** The worker is gone: what it had not answered is resolved here; the next request starts another. */
  private failed(why: string): void {
    console.error(`Fuzzy Edit: the engine worker stopped (${why})`);
    this.failures++;
    const left = [...this.waiting.values()];
    this.stop();
    for (const w of left) w.done(this.resolveHere(w.here));
  }

  private stop(): void {
    const port = this.port;
    this.port = undefined;
    this.sent.clear();
    this.waiting.clear();
    if (this.idle !== undefined) clearTimeout(this.idle);
    this.idle = undefined;
    port?.terminate();
  }

  private resolveHere(here: () => Resolved): Resolved {
    this.lastWhere = 'extension host';
    return here();
  }
}
