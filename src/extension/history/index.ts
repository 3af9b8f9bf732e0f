// History, rewind and checkpoints: every request applied through Fuzzy Edit (commands, LM tool, API) is
// recorded by observing applyBatch, the one place where edits are written; a checkpoint of the touched
// files is taken right before a batch. The view, the commands and the storage are wired here.
import * as vscode from 'vscode';
import { CONTEXT_LINES, contextAround, type HistoryEdit, type HistoryRequest } from '../../core/history';
import type { AppliedItem, ApplyItem } from '../request/applyItems';
import { observeApply } from '../request/applyHooks';
import { takeCheckpoint, wantsCheckpoint, type Checkpoint, type CheckpointPolicy } from './checkpoints';
import { registerHistoryCommands } from './commands';
import { gitBackend } from './platform';
import { HistoryStore } from './store';
import { snapshotFiles } from './snapshotFiles';
import { HISTORY_VIEW, HistoryTreeProvider } from './tree';
import { restrictedReason } from '../workspace/trustGate';
import { UndoWatch } from './undoWatch';

/** For tests and other extensions. */
export interface HistoryApi {
  /** The requests, oldest first (copies). */
  requests(): HistoryRequest[];
  checkpoint(id: string): Checkpoint | undefined;
  /** The folder of snapshot files (a checkpoint file's `snapshot` is a name in it). */
  readonly snapshotFolder: vscode.Uri;
  /** Resolves when the history is in storage. */
  flush(): Promise<void>;
  /** Disposes the store and creates it again from storage, as a window reload does. */
  reload(): Promise<void>;
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

function checkpointPolicy(): CheckpointPolicy {
  const v = vscode.workspace.getConfiguration('fuzzyEdit').get<string>('checkpoints.when', 'batch');
  return v === 'always' || v === 'never' ? v : 'batch';
}

export function registerHistory(context: vscode.ExtensionContext): HistoryApi {
  const storage = context.workspaceState;
  const git = gitBackend();
  // The workspace's own storage folder; a window without a folder has only the global one.
  const snapshotFolder = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'checkpoints');
  const files = snapshotFiles(snapshotFolder);
  let store = new HistoryStore(storage, git, files);
  const tree = new HistoryTreeProvider(() => store);
  let listener = store.onDidChange(() => tree.refresh());
  const view = vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  const undoWatch = new UndoWatch(() => store);

  const observer = observeApply({
    async before(items: readonly ApplyItem[], docs: readonly vscode.TextDocument[], textOf: (doc: vscode.TextDocument) => string) {
      const spans = items.reduce((n, it) => n + it.spans.length, 0);
      if (!wantsCheckpoint(checkpointPolicy(), spans, docs.length)) return undefined;
      // git runs the repository's configuration (hooks, fsmonitor): only in a trusted workspace; else a snapshot.
      const cp = await takeCheckpoint(newId(), docs, restrictedReason(vscode.workspace.isTrusted, 'checkpoint') ? undefined : git, storage, files, textOf);
      store.addCheckpoint(cp);
      return cp.id;
    },
    applied(applied: readonly AppliedItem[], docs: readonly vscode.TextDocument[], token: unknown) {
      const request = toRequest(applied, docs, typeof token === 'string' ? token : undefined);
      store.record(request);
      undoWatch.track(request, docs, applied);
    },
  });

  registerHistoryCommands(context, () => store);
  context.subscriptions.push(
    tree,
    view,
    undoWatch,
    observer,
    { dispose: () => (listener.dispose(), store.dispose()) },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('fuzzyEdit.history.max')) store.rebound();
    }),
  );

  return {
    requests: () => JSON.parse(JSON.stringify(store.requests)) as HistoryRequest[],
    checkpoint: (id) => store.checkpoint(id),
    snapshotFolder,
    flush: async () => void (await store.flush()),
    reload: async () => {
      await store.flush();
      listener.dispose();
      store.dispose();
      store = new HistoryStore(storage, git, files);
      listener = store.onDidChange(() => tree.refresh());
      tree.refresh();
    },
  };
}

function toRequest(applied: readonly AppliedItem[], docs: readonly vscode.TextDocument[], checkpointId: string | undefined): HistoryRequest {
  const id = newId();
  const time = Date.now();
  const edits: HistoryEdit[] = [];
  for (const a of applied) {
    const doc = docs.find((d) => d.uri.toString() === a.item.uri.toString());
    a.spans.forEach((span, i) => {
      const at = a.after[i];
      const lineOf = (o: number) => (doc ? doc.positionAt(o).line : 0);
      edits.push({
        id: `${id}.${edits.length}`,
        requestId: id,
        uri: a.item.uri.toString(),
        time,
        tier: span.match.tier,
        score: span.match.score,
        oldText: span.original,
        newText: span.text,
        start: at.start,
        end: at.end,
        startLine: lineOf(at.start),
        endLine: lineOf(Math.max(at.start, at.end - 1)),
        ...(doc ? contextInDocument(doc, at.start, at.end) : { before: '', after: '' }),
      });
    });
  }
  return { id, time, edits, ...(checkpointId ? { checkpointId } : {}) };
}

/**
 * `contextAround(doc.getText(), start, end)`, read from the lines around the edit only: the whole text of a
 * 100,000-line document (16 ms to join in a Node host) was read after every request just for these few lines.
 * The window starts a line before the first line contextAround reads and ends a line after its last, so the lines
 * it finds there are the ones it finds in the whole text.
 */
function contextInDocument(doc: vscode.TextDocument, start: number, end: number): { before: string; after: string } {
  const from = new vscode.Position(Math.max(0, doc.positionAt(start).line - CONTEXT_LINES - 1), 0);
  const to = new vscode.Position(doc.positionAt(end).line + CONTEXT_LINES + 2, 0);
  const offset = doc.offsetAt(from);
  return contextAround(doc.getText(new vscode.Range(from, to)), start - offset, end - offset);
}
