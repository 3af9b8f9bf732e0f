// Edits taken back with Ctrl+Z are not "applied" any more: the History view says "undone" (and a Redo says
// "applied" again). Each recorded request remembers, per document, a fingerprint of the text right after it and
// of the text before it; an Undo or Redo that leaves one of them marks the request's edits in that document.
// Only the fingerprints are kept, not the texts; the marks live for the session (undoneAt itself is stored).
import * as vscode from 'vscode';
import { fingerprintBefore, splicedFingerprint, textFingerprint, type HistoryEdit, type HistoryRequest } from '../../core/history';
import type { AppliedItem } from '../request/applyItems';
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

  /**
   * Watches `request`, just applied to `docs`. `applied` carries the text each document had right before: when
   * the request's edit is the one change since (the version moved by one), the text after is that text with the
   * spans written, and is fingerprinted so, piece by piece; the document is read again only otherwise.
   */
  track(request: HistoryRequest, docs: readonly vscode.TextDocument[], applied: readonly AppliedItem[]): void {
    for (const doc of docs) {
      const uri = doc.uri.toString();
      const edits = request.edits.filter((e) => e.uri === uri);
      if (edits.length === 0) continue;
      const mine = applied.filter((a) => a.item.uri.toString() === uri);
      const read = mine[0]?.before;
      const spans = mine.flatMap((a) => a.spans);
      const fingerprints =
        read && doc.version === read.version + 1 && lengthOf(doc) === lengthAfter(read.text, spans)
          ? { before: textFingerprint(read.text), after: splicedFingerprint(read.text, spans) }
          : fingerprintsOfDocument(doc, edits);
      this.marks.push({ uri, editIds: edits.map((e) => e.id), ...fingerprints });
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

/** Both fingerprints from the document as it is now (the text right after the request). */
function fingerprintsOfDocument(doc: vscode.TextDocument, edits: readonly HistoryEdit[]): { before: string; after: string } {
  const after = doc.getText();
  // The text before is fingerprinted piece by piece, never built (a copy of a large document to hash).
  return { after: textFingerprint(after), before: fingerprintBefore(after, edits) };
}

/** The document's length, from its last line (no copy of its text). */
function lengthOf(doc: vscode.TextDocument): number {
  return doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
}

/**
 * The length of `text` with `spans` written. A check that what VS Code wrote is what was asked: it would differ if
 * the editor had changed a line ending of the new text, say.
 */
function lengthAfter(text: string, spans: readonly { start: number; end: number; text: string }[]): number {
  return spans.reduce((n, s) => n + s.text.length - (s.end - s.start), text.length);
}
