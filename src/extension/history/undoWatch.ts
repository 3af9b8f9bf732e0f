// Edits taken back with Ctrl+Z are not "applied" any more: the History view says "undone" (and a Redo says
// "applied" again). Each recorded request remembers, per document, a fingerprint of the text right after it and
// of the text before it; an Undo or Redo that leaves one of them marks the request's edits in that document.
// Only the fingerprints are kept, not the texts; the marks live for the session (undoneAt itself is stored).
import * as vscode from 'vscode';
import { fingerprintBefore, FingerprintWork, splicedPieces, textFingerprint, type HistoryEdit, type HistoryRequest } from '../../core/history';
import type { AppliedItem } from '../request/applyItems';
import type { HistoryStore } from './store';

interface Mark {
  uri: string;
  editIds: string[];
  /** Fingerprints of the text before and right after the request; left to `work` while they are being hashed. */
  before?: string;
  after?: string;
  work?: FingerprintWork;
}

/** Requests watched, newest last: older ones are far down the undo stack. */
const MAX_MARKS = 200;

/** Characters hashed per turn of the extension host: under 10 ms in the web worker host (a profile there measured
 * about 30 ms for 1 Mi characters; Node hashes 4.5 million in 11 ms). */
const SLICE = 1 << 18;

export class UndoWatch implements vscode.Disposable {
  private marks: Mark[] = [];
  private readonly subscription: vscode.Disposable;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly store: () => HistoryStore) {
    this.subscription = vscode.workspace.onDidChangeTextDocument((e) => this.changed(e));
  }

  /**
   * Watches `request`, just applied to `docs`. `applied` carries the text each document had right before: when
   * the request's edit is the one change since (the version moved by one), the text after is that text with the
   * spans written; both are hashed from it a slice at a time, between turns of the extension host (two passes over
   * a 100,000-line text held it 15-35 ms). The document is read again, at once, only otherwise.
   */
  track(request: HistoryRequest, docs: readonly vscode.TextDocument[], applied: readonly AppliedItem[]): void {
    for (const doc of docs) {
      const uri = doc.uri.toString();
      const edits = request.edits.filter((e) => e.uri === uri);
      if (edits.length === 0) continue;
      const mine = applied.filter((a) => a.item.uri.toString() === uri);
      const read = mine[0]?.before;
      const spans = mine.flatMap((a) => a.spans);
      const mark: Mark = { uri, editIds: edits.map((e) => e.id) };
      if (read && doc.version === read.version + 1 && lengthOf(doc) === lengthAfter(read.text, spans)) {
        mark.work = new FingerprintWork([[read.text, 0, read.text.length]], splicedPieces(read.text, spans));
      } else Object.assign(mark, fingerprintsOfDocument(doc, edits));
      this.marks.push(mark);
    }
    if (this.marks.length > MAX_MARKS) this.marks = this.marks.slice(-MAX_MARKS);
    this.schedule();
  }

  /** Hashes the next slice of the oldest mark still being fingerprinted, then lets the host go. */
  private schedule(): void {
    if (this.timer !== undefined || !this.marks.some((m) => m.work)) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const m = this.marks.find((x) => x.work);
      if (m && m.work!.step(SLICE)) settle(m);
      this.schedule();
    }, 0);
  }

  private changed(e: vscode.TextDocumentChangeEvent): void {
    if (e.reason !== vscode.TextDocumentChangeReason.Undo && e.reason !== vscode.TextDocumentChangeReason.Redo) return;
    const uri = e.document.uri.toString();
    const mine = this.marks.filter((m) => m.uri === uri);
    if (mine.length === 0) return;
    // An Undo right after a request: its fingerprints are finished now.
    for (const m of mine) if (m.work) settle(m, true);
    const now = textFingerprint(e.document.getText());
    for (const m of mine) {
      if (now === m.before) this.store().markUndone(m.editIds, Date.now());
      else if (now === m.after) this.store().markUndone(m.editIds, undefined);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.marks = [];
  }
}

/** Takes a mark's fingerprints from its finished work (finishing it first when `now`). */
function settle(m: Mark, now = false): void {
  if (now) m.work!.step(Infinity);
  m.before = m.work!.before.value();
  m.after = m.work!.after.value();
  m.work = undefined; // the text it read can go
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
