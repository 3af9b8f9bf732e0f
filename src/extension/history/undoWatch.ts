// Edits taken back with Ctrl+Z are not "applied" any more: the History view says "undone" (and a Redo says
// "applied" again). Each recorded request remembers, per document, a fingerprint of the text right after it and
// of the text before it; an Undo or Redo that leaves one of them marks the request's edits in that document.
// Only the fingerprints are kept, not the texts; the marks live for the session (undoneAt itself is stored).
import * as vscode from 'vscode';
import { fingerprintBefore, textFingerprint, type HistoryRequest } from '../../core/history';
import type { HistoryStore } from './store';

interface Mark {
  uri: string;
  editIds: string[];
  before: string;
  after: string;
}

/** Requests watched, newest last: older ones are far down the undo stack. */
const MAX_MARKS = 200;

export class UndoWatch implements vscode.Disposable {
  private marks: Mark[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: () => HistoryStore) {
    this.subscription = vscode.workspace.onDidChangeTextDocument((e) => this.changed(e));
  }

  /** Watches `request`, just applied to `docs` (their text is the text right after it). */
  track(request: HistoryRequest, docs: readonly vscode.TextDocument[]): void {
    for (const doc of docs) {
      const uri = doc.uri.toString();
      const edits = request.edits.filter((e) => e.uri === uri);
      if (edits.length === 0) continue;
      const after = doc.getText();
      // The text before is fingerprinted piece by piece, never built (a copy of a large document to hash).
      this.marks.push({ uri, editIds: edits.map((e) => e.id), after: textFingerprint(after), before: fingerprintBefore(after, edits) });
    }
    if (this.marks.length > MAX_MARKS) this.marks = this.marks.slice(-MAX_MARKS);
  }

  private changed(e: vscode.TextDocumentChangeEvent): void {
    if (e.reason !== vscode.TextDocumentChangeReason.Undo && e.reason !== vscode.TextDocumentChangeReason.Redo) return;
    const uri = e.document.uri.toString();
    const mine = this.marks.filter((m) => m.uri === uri);
    if (mine.length === 0) return;
    const now = textFingerprint(e.document.getText());
    for (const m of mine) {
      if (now === m.before) this.store().markUndone(m.editIds, Date.now());
      else if (now === m.after) this.store().markUndone(m.editIds, undefined);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.marks = [];
  }
}
