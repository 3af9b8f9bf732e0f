// Where a checkpoint keeps the texts git cannot hold: snapshot files, the Memento only when a file cannot be
// written, and checkpoints of earlier versions (their texts in the Memento) still restore. The Memento is sent
// whole by the extension host on every update, so a test counts its updates.
import assert, { deepStrictEqual, ok, strictEqual } from 'node:assert';
import type * as vscode from 'vscode';
import { dropCheckpoint, readCheckpoint, snapshotKey, takeCheckpoint, type Checkpoint } from '../../src/extension/history/checkpoints';
import type { SnapshotFiles } from '../../src/extension/history/snapshotFiles';

function doc(uri: string, text: string): vscode.TextDocument {
  return { uri: { toString: () => uri, scheme: 'untitled', fsPath: '' }, getText: () => text } as unknown as vscode.TextDocument;
}

class Memento {
  readonly values = new Map<string, unknown>();
  updates = 0;
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.updates++;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

/** Snapshot files in memory; `failing` refuses every write (a full disk). */
function files(failing = false): SnapshotFiles & { stored: Map<string, string>; dropped: string[] } {
  const stored = new Map<string, string>();
  const dropped: string[] = [];
  return {
    stored,
    dropped,
    async write(id, index, text) {
      if (failing) return undefined;
      stored.set(`${id}/${index}.txt`, text);
      return `${id}/${index}.txt`;
    },
    async read(name) {
      return stored.get(name);
    },
    async drop(id) {
      dropped.push(id);
      for (const k of [...stored.keys()]) if (k.startsWith(`${id}/`)) stored.delete(k);
    },
  };
}

const asMemento = (m: Memento) => m as unknown as vscode.Memento;

describe('checkpoints: where the texts are kept', () => {
  const docs = [doc('untitled:a', 'alpha\r\n'), doc('untitled:b', 'beta\n')];

  it('keeps each text in a snapshot file, and never updates the Memento for it', async () => {
    const memento = new Memento();
    const f = files();
    const cp = await takeCheckpoint('cp-1', docs, undefined, asMemento(memento), f);
    deepStrictEqual(cp.files, [
      { uri: 'untitled:a', snapshot: 'cp-1/0.txt' },
      { uri: 'untitled:b', snapshot: 'cp-1/1.txt' },
    ]);
    strictEqual(memento.updates, 0, 'the Memento is not touched');
    const read = await readCheckpoint(cp, undefined, asMemento(memento), f);
    ok(read.ok);
    deepStrictEqual([...read.texts], [['untitled:a', 'alpha\r\n'], ['untitled:b', 'beta\n']]);

    await dropCheckpoint(cp, undefined, asMemento(memento), f);
    deepStrictEqual(f.dropped, ['cp-1']);
    strictEqual(f.stored.size, 0, 'the files are deleted');
    strictEqual(memento.updates, 0, 'dropping updates no Memento key that is not there (an update sends them all)');
  });

  it('takes the texts the request was checked against when given them, without reading the documents again', async () => {
    const unread = { uri: { toString: () => 'untitled:c', scheme: 'untitled', fsPath: '' }, getText: () => assert.fail('read again') } as unknown as vscode.TextDocument;
    const f = files();
    const cp = await takeCheckpoint('cp-4', [unread], undefined, asMemento(new Memento()), f, () => 'as checked\n');
    strictEqual(f.stored.get(cp.files[0].snapshot!), 'as checked\n');
  });

  it('keeps a text in the Memento when its file cannot be written, and restores it from there', async () => {
    const memento = new Memento();
    const f = files(true);
    const cp = await takeCheckpoint('cp-2', docs, undefined, asMemento(memento), f);
    ok(cp.files.every((x) => x.snapshot === undefined), 'no snapshot file');
    deepStrictEqual(memento.get(snapshotKey('cp-2')), { 'untitled:a': 'alpha\r\n', 'untitled:b': 'beta\n' });
    const read = await readCheckpoint(cp, undefined, asMemento(memento), f);
    ok(read.ok);
    strictEqual(read.texts.get('untitled:a'), 'alpha\r\n');
    await dropCheckpoint(cp, undefined, asMemento(memento), f);
    strictEqual(memento.get(snapshotKey('cp-2')), undefined, 'the Memento key is removed');
    deepStrictEqual(f.dropped, [], 'no snapshot files to delete');
  });

  it('restores a checkpoint of an earlier version (its texts in the Memento, no snapshot names)', async () => {
    const memento = new Memento();
    await memento.update(snapshotKey('old'), { 'untitled:a': 'alpha\r\n' });
    const cp: Checkpoint = { id: 'old', time: 1, files: [{ uri: 'untitled:a' }] };
    const read = await readCheckpoint(cp, undefined, asMemento(memento), files());
    ok(read.ok);
    strictEqual(read.texts.get('untitled:a'), 'alpha\r\n');
  });

  it('says which file it cannot read when a snapshot file is gone, and restores nothing', async () => {
    const cp: Checkpoint = { id: 'cp-3', time: 1, files: [{ uri: 'untitled:a', snapshot: 'cp-3/0.txt' }] };
    const read = await readCheckpoint(cp, undefined, asMemento(new Memento()), files());
    strictEqual(read.ok, false);
    ok(!read.ok && /snapshot of untitled:a cannot be read/.test(read.message), !read.ok ? read.message : '');
  });
});
