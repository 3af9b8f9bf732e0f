// Snapshot texts of checkpoints (the files git cannot hold), one file per text in a folder of the extension's
// own storage: `<folder>/<checkpoint id>/<index>.txt`, UTF-8. Written through vscode.workspace.fs, so it works in
// both hosts (a disk folder in Node, the browser's storage in the web worker) and never blocks the extension host
// the way a Memento does (it serialises every key it holds on every update). Names are made here from the
// checkpoint's id and a number, never from a document's path; a name read back from storage is checked again.
import * as vscode from 'vscode';

export interface SnapshotFiles {
  /** Stores `text`; its name for `read`, or undefined when it cannot be kept as a file (the caller keeps it elsewhere). */
  write(checkpointId: string, index: number, text: string): Promise<string | undefined>;
  /** The text stored under `name`, or undefined when it is gone or the name is not one `write` makes. */
  read(name: string): Promise<string | undefined>;
  /** Removes every snapshot of the checkpoint; a missing folder is not an error. */
  drop(checkpointId: string): Promise<void>;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const NAME = /^([A-Za-z0-9-]{1,64})\/(\d{1,6})\.txt$/;

export function snapshotFiles(folder: vscode.Uri): SnapshotFiles {
  return {
    async write(checkpointId, index, text) {
      // UTF-8 carries every document text: a document never holds a lone surrogate (its text crosses into the
      // extension host as UTF-8; an untitled buffer given "\uD800" holds U+FFFD).
      if (!ID.test(checkpointId) || !Number.isInteger(index) || index < 0) return undefined;
      const name = `${checkpointId}/${index}.txt`;
      try {
        await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
        return name;
      } catch (err) {
        console.error('Fuzzy Edit: could not write a checkpoint snapshot file; keeping it in extension storage instead', err);
        return undefined;
      }
    },
    async read(name) {
      if (!NAME.test(name)) return undefined;
      try {
        return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name)));
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
