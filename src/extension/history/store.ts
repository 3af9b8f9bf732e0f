// The history of applied edits, kept in extension storage (workspaceState): it survives reloads. Bounded by
// `fuzzyEdit.history.max` requests; a request that falls off takes its checkpoint with it.
import * as vscode from 'vscode';
import { DEFAULT_HISTORY_MAX, HistoryLog, type HistoryEdit, type HistoryRequest } from '../../core/history';
import { dropCheckpoint, type Checkpoint, type GitBackend } from './checkpoints';
import type { SnapshotFiles } from './snapshotFiles';

const HISTORY_KEY = 'fuzzyEdit.history.v1';
const CHECKPOINTS_KEY = 'fuzzyEdit.checkpoints.v1';

export function historyMax(): number {
  const n = Number(vscode.workspace.getConfiguration('fuzzyEdit').get<number>('history.max', DEFAULT_HISTORY_MAX));
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : DEFAULT_HISTORY_MAX;
}

export class HistoryStore implements vscode.Disposable {
  private readonly log: HistoryLog;
  private checkpoints: Checkpoint[];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private saving: Promise<unknown> = Promise.resolve();

  constructor(
    readonly storage: vscode.Memento,
    readonly git: GitBackend | undefined,
    readonly files?: SnapshotFiles,
  ) {
    this.log = new HistoryLog(storage.get<HistoryRequest[]>(HISTORY_KEY) ?? [], historyMax());
    const cps = storage.get<Checkpoint[]>(CHECKPOINTS_KEY);
    this.checkpoints = Array.isArray(cps) ? cps.filter((c) => c && typeof c.id === 'string' && Array.isArray(c.files)) : [];
  }

  get requests(): readonly HistoryRequest[] {
    return this.log.requests;
  }

  request(id: string): HistoryRequest | undefined {
    return this.log.request(id);
  }

  edit(id: string): HistoryEdit | undefined {
    return this.log.edit(id);
  }

  checkpoint(id: string | undefined): Checkpoint | undefined {
    return id === undefined ? undefined : this.checkpoints.find((c) => c.id === id);
  }

  addCheckpoint(cp: Checkpoint): void {
    this.checkpoints.push(cp);
    this.save();
  }

  record(request: HistoryRequest): void {
    this.forget(this.log.add(request));
    this.save();
  }

  markReverted(ids: readonly string[]): void {
    this.log.markReverted(ids, Date.now());
    this.save();
  }

  /** Marks edits undone in the editor (`time`) or applied again by a Redo (`undefined`). */
  markUndone(ids: readonly string[], time: number | undefined): void {
    if (this.log.markUndone(ids, time)) this.save();
  }

  /** Applies a changed `fuzzyEdit.history.max`. */
  rebound(): void {
    const dropped = this.log.setMax(historyMax());
    if (dropped.length > 0) {
      this.forget(dropped);
      this.save();
    }
  }

  clear(): void {
    this.forget(this.log.clear());
    // Checkpoints that no request refers to (a request refused after its checkpoint was taken).
    this.forgetCheckpoints(this.checkpoints.map((c) => c.id));
    this.save();
  }

  /** Resolves when everything recorded so far is in storage. */
  flush(): Promise<unknown> {
    return this.saving;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private forget(dropped: readonly HistoryRequest[]): void {
    this.forgetCheckpoints(dropped.flatMap((r) => (r.checkpointId ? [r.checkpointId] : [])));
  }

  private forgetCheckpoints(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const gone = this.checkpoints.filter((c) => ids.includes(c.id));
    this.checkpoints = this.checkpoints.filter((c) => !ids.includes(c.id));
    for (const cp of gone) this.saving = this.saving.then(() => dropCheckpoint(cp, this.git, this.storage, this.files)).catch(() => undefined);
  }

  private save(): void {
    const requests = JSON.parse(JSON.stringify(this.log.toJSON())) as HistoryRequest[];
    const checkpoints = JSON.parse(JSON.stringify(this.checkpoints)) as Checkpoint[];
    this.saving = this.saving
      .then(() => Promise.all([this.storage.update(HISTORY_KEY, requests), this.storage.update(CHECKPOINTS_KEY, checkpoints)]))
      .catch((err) => console.error('Fuzzy Edit: could not save the history', err));
    this.changed.fire();
  }
}
