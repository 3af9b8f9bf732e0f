// The engine's worker and the extension host's end of it: the same answer as resolving on the host's thread, a
// text sent once per read, asked for again when the worker no longer holds it, and every edit still answered when
// the worker cannot start, cannot be sent an edit, or fails while edits wait.
import { deepStrictEqual, strictEqual } from 'node:assert';
import type { ApplyOptions } from '../../src/core';
import { EngineThread, WORKER_FROM_LENGTH } from '../../src/extension/engine/engineThread';
import type { EngineMessage, EnginePort, ResolveReply } from '../../src/extension/engine/protocol';
import { serve } from '../../src/extension/engine/serve';
import type { ParsedEdit } from '../../src/extension/request/parse';
import { resolveText, type Resolved } from '../../src/extension/request/resolve';

const TEXT = 'function a() {\n  return 1;\n}\n\nfunction b() {\n    return 2;\n}\n';
const edit = (oldString: string, newString: string) => ({ oldString, newString }) as ParsedEdit;

/** A worker in this process: `serve` behind a port that delivers on a later turn, as a real one does. */
function fakeWorker(log: EngineMessage[]): EnginePort & { fail(why: string): void; terminated: boolean } {
  let reply: (r: ResolveReply) => void = () => undefined;
  let failure: (why: string) => void = () => undefined;
  const handle = serve((r) => setTimeout(() => reply(r), 0));
  const port = {
    terminated: false,
    post(message: EngineMessage) {
      structuredClone(message); // throws on what a worker could not be sent
      log.push(message);
      setTimeout(() => handle(structuredClone(message)), 0);
    },
    onReply: (l: (r: ResolveReply) => void) => void (reply = l),
    onFailure: (l: (why: string) => void) => void (failure = l),
    terminate: () => void (port.terminated = true),
    fail: (why: string) => failure(why),
  };
  return port;
}

/** EngineThread's length from which a text goes to the worker, for the tests of the worker: every text (theirs are short). */
const ALWAYS = 0;

const here = (text: string, e: ParsedEdit, options: ApplyOptions = {}) => () => resolveText(text, e, options);

/** An EngineThread whose workers are fake ones, each kept in `workers` as it is started. */
function threadOfFakeWorkers(workerFrom = ALWAYS): { workers: ReturnType<typeof fakeWorker>[]; thread: EngineThread } {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  const thread = new EngineThread(() => {
    const w = fakeWorker([]);
    workers.push(w);
    return w;
  }, workerFrom);
  return { workers, thread };
}

describe('engine worker: serve', () => {
  it('asks for a text it does not hold, resolves with it once sent, and keeps the last four texts', () => {
    const replies: ResolveReply[] = [];
    const handle = serve((r) => replies.push(r));
    const e = edit('return 2;', 'return 20;');
    handle({ id: 1, key: 'k1', shared: false, edit: e, options: {} });
    deepStrictEqual(replies[0], { id: 1, needText: true });
    handle({ id: 2, key: 'k1', text: TEXT, shared: false, edit: e, options: {} });
    deepStrictEqual((replies[1] as { resolved: Resolved }).resolved, resolveText(TEXT, e, {}));
    for (let k = 2; k <= 5; k++) handle({ id: 10 + k, key: `k${k}`, text: TEXT, shared: true, edit: e, options: {} });
    handle({ id: 20, key: 'k1', shared: false, edit: e, options: {} });
    deepStrictEqual(replies[replies.length - 1], { id: 20, needText: true }, 'the oldest text was dropped');
    handle({ id: 21, key: 'k5', shared: true, edit: e, options: {} });
    strictEqual((replies[replies.length - 1] as { resolved: Resolved }).resolved.kind, 'ok', 'a recent one is kept');
  });

  it('joins a text sent in parts (in any order, a part sent twice) before the request that names it', () => {
    const replies: ResolveReply[] = [];
    const handle = serve((r) => replies.push(r));
    const e = edit('return 2;', 'return 20;');
    const cut = TEXT.indexOf('function b');
    handle({ key: 'k', part: 1, parts: 2, text: TEXT.slice(cut) });
    handle({ key: 'k', part: 1, parts: 2, text: TEXT.slice(cut) });
    handle({ id: 1, key: 'k', shared: false, edit: e, options: {} });
    deepStrictEqual(replies[0], { id: 1, needText: true }, 'not before every part has come');
    handle({ key: 'k', part: 0, parts: 2, text: TEXT.slice(0, cut) });
    handle({ id: 2, key: 'k', shared: false, edit: e, options: {} });
    deepStrictEqual((replies[1] as { resolved: Resolved }).resolved, resolveText(TEXT, e, {}));
  });

  it('answers a refusal as the host would (code, message, closest place)', () => {
    const replies: ResolveReply[] = [];
    const e = edit('function nowhere() {\n  return elsewhere(42);\n}', 'x');
    serve((r) => replies.push(r))({ id: 1, key: 'k', text: TEXT, shared: false, edit: e, options: {} });
    deepStrictEqual((replies[0] as { resolved: Resolved }).resolved, resolveText(TEXT, e, {}));
  });
});

describe('engine worker: EngineThread', () => {
  it('resolves a short edit of a short text on this thread without starting a worker; a long one in the worker', async () => {
    const { workers, thread } = threadOfFakeWorkers(WORKER_FROM_LENGTH);
    const a = edit('return 1;', 'return 10;');
    deepStrictEqual(await thread.resolve('k', TEXT, false, a, {}, here(TEXT, a)), resolveText(TEXT, a, {}));
    strictEqual(thread.lastWhere, 'extension host');
    strictEqual(workers.length, 0, 'no worker started for it');
    const long = 'x'.repeat(WORKER_FROM_LENGTH) + '\n' + TEXT;
    deepStrictEqual(await thread.resolve('long', long, false, a, {}, here(long, a)), resolveText(long, a, {}));
    strictEqual(thread.lastWhere, 'worker');
    strictEqual(workers.length, 1);
    // A short text with a long old text: the search grows with both, so it goes to the worker too.
    const longOld = edit(`${'// filler\n'.repeat(WORKER_FROM_LENGTH / 10)}return 1;`, 'return 10;');
    thread.lastWhere = undefined;
    deepStrictEqual(await thread.resolve('k', TEXT, false, longOld, {}, here(TEXT, longOld)), resolveText(TEXT, longOld, {}));
    strictEqual(thread.lastWhere, 'worker');
    thread.dispose();
  });

  it('resolves in the worker: the same answer as on this thread; a text crosses once per key', async () => {
    const log: EngineMessage[] = [];
    const thread = new EngineThread(() => fakeWorker(log), ALWAYS);
    const a = edit('return 1;', 'return 10;');
    const b = edit('return 2;', 'return 20;');
    deepStrictEqual(await thread.resolve('k', TEXT, true, a, {}, here(TEXT, a)), resolveText(TEXT, a, {}));
    strictEqual(thread.lastWhere, 'worker');
    deepStrictEqual(await thread.resolve('k', TEXT, true, b, {}, here(TEXT, b)), resolveText(TEXT, b, {}));
    deepStrictEqual(log.map((r) => r.text !== undefined), [true, false], 'the second edit names the text it was sent');
    thread.dispose();
  });

  it('sends a long text in parts of 256 Ki characters, then the request; the answer is the same', async () => {
    const log: EngineMessage[] = [];
    const thread = new EngineThread(() => fakeWorker(log), ALWAYS);
    const long = 'x'.repeat(600_000) + '\n' + TEXT;
    const a = edit('return 1;', 'return 10;');
    deepStrictEqual(await thread.resolve('long', long, false, a, {}, here(long, a)), resolveText(long, a, {}));
    strictEqual(thread.lastWhere, 'worker');
    deepStrictEqual(log.map((m) => ('part' in m ? `part ${m.part}/${m.parts}` : `request${m.text === undefined ? '' : ' with text'}`)), ['part 0/3', 'part 1/3', 'part 2/3', 'request']);
    thread.dispose();
  });

  it('sends a text again when the worker asks for it (it dropped it)', async () => {
    const log: EngineMessage[] = [];
    const thread = new EngineThread(() => fakeWorker(log), ALWAYS);
    const a = edit('return 1;', 'return 10;');
    for (let k = 0; k < 6; k++) await thread.resolve(`k${k}`, TEXT, false, a, {}, here(TEXT, a));
    log.length = 0;
    deepStrictEqual(await thread.resolve('k0', TEXT, false, a, {}, here(TEXT, a)), resolveText(TEXT, a, {}));
    deepStrictEqual(log.map((r) => r.text !== undefined), [false, true], 'named, asked for, sent');
    thread.dispose();
  });

  it('resolves on this thread when no worker can start, or an edit cannot be sent to one', async () => {
    const a = edit('return 1;', 'return 10;');
    const none = new EngineThread(() => undefined, ALWAYS);
    deepStrictEqual(await none.resolve('k', TEXT, false, a, {}, here(TEXT, a)), resolveText(TEXT, a, {}));
    strictEqual(none.lastWhere, 'extension host');
    const throwing = new EngineThread(() => {
      throw new Error('no Worker here');
    }, ALWAYS);
    deepStrictEqual(await throwing.resolve('k', TEXT, false, a, {}, here(TEXT, a)), resolveText(TEXT, a, {}));
    strictEqual(throwing.lastWhere, 'extension host');

    const log: EngineMessage[] = [];
    const thread = new EngineThread(() => fakeWorker(log), ALWAYS);
    const uncopyable = { hint: () => 1 } as unknown as ApplyOptions;
    strictEqual((await thread.resolve('k', TEXT, false, a, uncopyable, here(TEXT, a))).kind, 'ok');
    strictEqual(thread.lastWhere, 'extension host', 'options a worker cannot be sent');
    strictEqual((await thread.resolve('k', TEXT, false, a, {}, here(TEXT, a))).kind, 'ok');
    strictEqual(thread.lastWhere, 'worker', 'the worker is still used for the next edit');
    thread.dispose();
  });

  it('answers an edit still waiting when it is disposed (the extension deactivated), and ends the worker', async () => {
    const { workers, thread } = threadOfFakeWorkers();
    const a = edit('return 1;', 'return 10;');
    const waiting = thread.resolve('k', TEXT, false, a, {}, here(TEXT, a));
    thread.dispose();
    deepStrictEqual(await waiting, resolveText(TEXT, a, {}));
    strictEqual(workers[0].terminated, true);
  });

  it('answers the edits waiting on a worker that fails, here; the next edit starts another worker', async () => {
    const { workers, thread } = threadOfFakeWorkers();
    const a = edit('return 1;', 'return 10;');
    const waiting = thread.resolve('k', TEXT, false, a, {}, here(TEXT, a));
    workers[0].fail('crashed');
    deepStrictEqual(await waiting, resolveText(TEXT, a, {}));
    strictEqual(thread.lastWhere, 'extension host');
    strictEqual(workers[0].terminated, true);
    strictEqual((await thread.resolve('k', TEXT, false, a, {}, here(TEXT, a))).kind, 'ok');
    strictEqual(workers.length, 2, 'a new worker');
    strictEqual(thread.lastWhere, 'worker', 'the new worker was sent the text again');
    // After three failures, this session stays on the extension host's thread.
    workers[1].fail('crashed');
    await thread.resolve('k', TEXT, false, a, {}, here(TEXT, a));
    workers[2].fail('crashed');
    strictEqual((await thread.resolve('k', TEXT, false, a, {}, here(TEXT, a))).kind, 'ok');
    strictEqual(workers.length, 3);
    strictEqual(thread.lastWhere, 'extension host');
    thread.dispose();
  });
});
