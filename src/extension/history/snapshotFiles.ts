// Snapshot texts of checkpoints (the files git cannot hold), in a folder of the extension's own storage, UTF-8:
// `<folder>/<checkpoint id>/<index>.txt`, or for a long text `<index>.<k>.txt`, a part of 256 Ki characters each,
// named `<index>.<n>parts`. Written through vscode.workspace.fs, so it works in both hosts (a disk folder in Node,
// the browser's storage in the web worker), and a part per turn of the extension host: encoding and sending the
// 2.7 MB text of a 100,000-line document in one go held the web worker host ~200 ms. Never a Memento (it serialises
// every key it holds on every update). Names are made here from the checkpoint's id and numbers, never from a
// document's path; a name read back from storage is checked again.
import * as vscode from 'vscode';
import { textParts } from '../../core/textParts';

export interface SnapshotFiles {
  /** Stores `text`; its name for `read`, or undefined when it cannot be kept as a file (the caller keeps it elsewhere). */
  write(checkpointId: string, index: number, text: string): Promise<string | undefined>;
  /** The text stored under `name`, or undefined when it is gone or the name is not one `write` makes. */
  read(name: string): Promise<string | undefined>;
  /** Removes every snapshot of the checkpoint; a missing folder is not an error. */
  drop(checkpointId: string): Promise<void>;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const ONE = /^[A-Za-z0-9-]{1,64}\/\d{1,6}\.txt$/;
const PARTS = /^([A-Za-z0-9-]{1,64}\/\d{1,6})\.(\d{1,6})parts$/;

export function snapshotFiles(folder: vscode.Uri): SnapshotFiles {
  return {
    async write(checkpointId, index, text) {
      // UTF-8 carries every document text: a document never holds a lone surrogate (its text crosses into the
      // extension host as UTF-8; an untitled buffer given "\uD800" holds U+FFFD).
      if (!ID.test(checkpointId) || !Number.isInteger(index) || index < 0) return undefined;
      const parts = textParts(text);
      const base = `${checkpointId}/${index}`;
      const files = parts.length === 1 ? [`${base}.txt`] : parts.map((_, k) => `${base}.${k}.txt`);
      try {
        // One part per write: each await lets the host go before the next part is encoded.
        for (let k = 0; k < parts.length; k++) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, files[k]), new TextEncoder().encode(parts[k]));
        return parts.length === 1 ? files[0] : `${base}.${parts.length}parts`;
      } catch (err) {
        console.error('Fuzzy Edit: could not write a checkpoint snapshot file; keeping it in extension storage instead', err);
        return undefined;
      }
    },
    async read(name) {
      const parts = PARTS.exec(name);
      if (!ONE.test(name) && !parts) return undefined;
      const files = parts ? Array.from({ length: Number(parts[2]) }, (_, k) => `${parts[1]}.${k}.txt`) : [name];
      try {
        let text = '';
        // A missing part fails the read: a snapshot is restored whole or not at all.
        for (const f of files) text += new TextDecoder('utf-8', { ignoreBOM: true }).decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, f)));
        return text;
      } catch {
        return undefined;
      }
    },
    async drop(checkpointId) {
      if (!ID.test(checkpointId)) return;
      try {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, checkpointId), { recursive: true, useTrash: false });
      } catch {
        // Already gone (storage cleared by hand): nothing to remove.
      }
    },
  };
}
