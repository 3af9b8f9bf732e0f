// The edits waiting for review. Their spans follow the document as people type (offsets shift),
// and the version they were resolved against is kept, so applying re-resolves when the buffer changed.
import * as vscode from 'vscode';
import type { ResolvedEdit } from '../request/resolve';

/** A resolved edit waiting for review. Its `spans` are current offsets (shifted by later typing); `match` is as resolved. */
export interface PendingEdit extends ResolvedEdit {
  id: string;
  requestSize: number;
  /** A change touched a span since it was resolved. */
  touched: boolean;
}

export class PendingEdits implements vscode.Disposable {
  private readonly items = new Map<string, PendingEdit>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private nextId = 1;

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.follow(e)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.isUntitled) this.removeWhere((p) => p.uri.toString() === doc.uri.toString());
      }),
    );
  }

  newId(): string {
    return `fe${this.nextId++}`;
  }

  add(edits: PendingEdit[]): void {
    for (const e of edits) this.items.set(e.id, e);
    if (edits.length) this.fire();
  }

  get(id: string): PendingEdit | undefined {
    return this.items.get(id);
  }

  all(): PendingEdit[] {
    return [...this.items.values()];
  }

  get size(): number {
    return this.items.size;
  }

  forDocument(uri: vscode.Uri): PendingEdit[] {
    const key = uri.toString();
    return this.all()
      .filter((p) => p.uri.toString() === key)
      .sort((a, b) => a.spans[0].start - b.spans[0].start);
  }

  /** The pending edit whose span contains the offset (ends inclusive, so a cursor just after it counts). */
  at(uri: vscode.Uri, offset: number): PendingEdit | undefined {
    return this.forDocument(uri).find((p) => p.spans.some((s) => s.start <= offset && offset <= s.end));
  }

  remove(ids: Iterable<string>): void {
    let any = false;
    for (const id of ids) any = this.items.delete(id) || any;
    if (any) this.fire();
  }

  removeWhere(pred: (p: PendingEdit) => boolean): PendingEdit[] {
    const gone = this.all().filter(pred);
    this.remove(gone.map((p) => p.id));
    return gone;
  }

  clear(): PendingEdit[] {
    return this.removeWhere(() => true);
  }

  private follow(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const pending = this.forDocument(e.document.uri);
    if (pending.length === 0) return;
    // Changes of one event do not overlap; applied from the last to the first, offsets stay valid.
    const changes = [...e.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    for (const p of pending) {
      for (const c of changes) {
        const from = c.rangeOffset;
        const to = c.rangeOffset + c.rangeLength;
        const delta = c.text.length - c.rangeLength;
        for (const s of p.spans) {
          if (to <= s.start) {
            s.start += delta;
            s.end += delta;
          } else if (from < s.end) {
            p.touched = true;
            s.start = Math.min(s.start, from);
            s.end = Math.max(from + c.text.length, s.end + delta);
          }
        }
      }
    }
    this.fire();
  }

  private fire(): void {
    void vscode.commands.executeCommand('setContext', 'fuzzyEdit.hasPending', this.items.size > 0);
    this.changed.fire();
  }

  dispose(): void {
    this.items.clear();
    for (const d of this.disposables) d.dispose();
  }
}
