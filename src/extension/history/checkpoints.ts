// Checkpoints: the content of the files a request touches, taken right before it is applied. In a git
// repository on the Node host, a shadow commit under refs/fuzzy-edit/checkpoints/<id> (see
// ../node/gitCheckpoints.ts); otherwise (web host, no git, untitled documents) a snapshot of the texts, one file
// each in the extension's storage folder (snapshotFiles.ts). Restoring puts the touched files back; it never
// resets or cleans anything else.
import type * as vscode from 'vscode';
import type { SnapshotFiles } from './snapshotFiles';

/** A file's content inside a shadow commit. */
export interface GitFileRef {
  root: string;
  commit: string;
  /** Relative to `root`, with forward slashes. */
  path: string;
}

export interface GitBackend {
  /** Shadow-commits the repository of each file; per file, where its content is, or undefined (not in a repository). */
  checkpoint(id: string, files: readonly { fsPath: string; text: string }[]): Promise<(GitFileRef | undefined)[]>;
  read(ref: GitFileRef): Promise<string>;
  drop(root: string, id: string): Promise<void>;
}

export interface CheckpointFile {
  uri: string;
  /** Set when the content is in a shadow commit. */
  git?: GitFileRef;
  /** Set when the content is in a snapshot file (its name in the snapshot folder); with neither, it is in the Memento. */
  snapshot?: string;
}

export interface Checkpoint {
  id: string;
  time: number;
  files: CheckpointFile[];
}

/**
 * Memento key of a checkpoint's snapshot texts (uri → text): where every snapshot was kept before snapshot files,
 * and still where one goes when its file cannot be written. Kept for reading only where it can be: the extension
 * host sends the WHOLE Memento on every update, so a 2 MB snapshot in it was serialised again with each later save
 * of the history (50–80 ms of a held extension host per save, for a 100,000-line document).
 */
export const snapshotKey = (id: string) => `fuzzyEdit.checkpoint.${id}`;

export type CheckpointPolicy = 'batch' | 'always' | 'never';

/** Whether a request of `edits` spans in `files` documents gets a checkpoint. */
export function wantsCheckpoint(policy: CheckpointPolicy, edits: number, files: number): boolean {
  if (policy === 'never') return false;
  if (policy === 'always') return true;
  return edits > 1 || files > 1;
}

/** Takes a checkpoint of `docs` as the editor holds them now. Git first where it can, storage for the rest. */
export async function takeCheckpoint(
  id: string,
  docs: readonly vscode.TextDocument[],
  git: GitBackend | undefined,
  storage: vscode.Memento,
  files?: SnapshotFiles,
  textOf: (doc: vscode.TextDocument) => string = (doc) => doc.getText(),
): Promise<Checkpoint> {
  const texts = docs.map(textOf);
  let refs: (GitFileRef | undefined)[] = docs.map(() => undefined);
  const onDisk = docs.map((d, i) => ({ d, i })).filter(({ d }) => d.uri.scheme === 'file');
  if (git && onDisk.length > 0) {
    try {
      const found = await git.checkpoint(
        id,
        onDisk.map(({ d, i }) => ({ fsPath: d.uri.fsPath, text: texts[i] })),
      );
      onDisk.forEach(({ i }, k) => (refs[i] = found[k]));
    } catch (err) {
      console.error('Fuzzy Edit: git checkpoint failed; keeping a snapshot in extension storage instead', err);
      refs = docs.map(() => undefined);
    }
  }
  const names: (string | undefined)[] = docs.map(() => undefined);
  const snapshot: Record<string, string> = {};
  for (let i = 0; i < docs.length; i++) {
    if (refs[i]) continue;
    names[i] = await files?.write(id, i, texts[i]);
    if (names[i] === undefined) snapshot[docs[i].uri.toString()] = texts[i];
  }
  if (Object.keys(snapshot).length > 0) await storage.update(snapshotKey(id), snapshot);
  return {
    id,
    time: Date.now(),
    files: docs.map((d, i) => ({ uri: d.uri.toString(), ...(refs[i] ? { git: refs[i] } : {}), ...(names[i] !== undefined ? { snapshot: names[i] } : {}) })),
  };
}

/** The content of every file of the checkpoint, or why it cannot be read. */
export async function readCheckpoint(
  cp: Checkpoint,
  git: GitBackend | undefined,
  storage: vscode.Memento,
  files?: SnapshotFiles,
): Promise<{ ok: true; texts: Map<string, string> } | { ok: false; message: string }> {
  const snapshot = storage.get<Record<string, string>>(snapshotKey(cp.id)) ?? {};
  const texts = new Map<string, string>();
  for (const f of cp.files) {
    if (f.git) {
      if (!git) return { ok: false, message: `The checkpoint of ${f.uri} is a git commit, and git cannot run in this extension host.` };
      try {
        texts.set(f.uri, await git.read(f.git));
      } catch (err) {
        return { ok: false, message: `Cannot read ${f.git.path} from checkpoint ${f.git.commit.slice(0, 10)}: ${err instanceof Error ? err.message : String(err)}` };
      }
    } else if (f.snapshot !== undefined) {
      const text = await files?.read(f.snapshot);
      if (text === undefined) return { ok: false, message: `The checkpoint's snapshot of ${f.uri} cannot be read (storage was cleared?).` };
      texts.set(f.uri, text);
    } else if (typeof snapshot[f.uri] === 'string') texts.set(f.uri, snapshot[f.uri]);
    else return { ok: false, message: `The checkpoint no longer holds ${f.uri} (storage was cleared?).` };
  }
  return { ok: true, texts };
}

/** Forgets a checkpoint: its private ref and its snapshot. */
export async function dropCheckpoint(cp: Checkpoint, git: GitBackend | undefined, storage: vscode.Memento, files?: SnapshotFiles): Promise<void> {
  // Updating a key that is not there still sends the whole Memento: only a snapshot kept there is removed.
  if (storage.get(snapshotKey(cp.id)) !== undefined) await storage.update(snapshotKey(cp.id), undefined);
  if (cp.files.some((f) => f.snapshot !== undefined)) await files?.drop(cp.id);
  const roots = new Set(cp.files.flatMap((f) => (f.git ? [f.git.root] : [])));
  for (const root of roots) {
    try {
      await git?.drop(root, cp.id);
    } catch (err) {
      console.error('Fuzzy Edit: could not delete checkpoint ref', err);
    }
  }
}
