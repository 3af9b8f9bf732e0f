// Remembers recently active text editors, so "Apply Edit from Selection" can target the editor the
// person was in before the one holding the selection.
import * as vscode from 'vscode';

const IGNORED_SCHEMES = new Set(['output', 'fuzzy-edit-proposed', 'vscode-scm', 'comment', 'debug']);

export class EditorTracker implements vscode.Disposable {
  private recent: vscode.Uri[] = [];
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.note(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((e) => this.note(e));
  }

  private note(editor: vscode.TextEditor | undefined): void {
    if (!editor || IGNORED_SCHEMES.has(editor.document.uri.scheme)) return;
    const key = editor.document.uri.toString();
    this.recent = [editor.document.uri, ...this.recent.filter((u) => u.toString() !== key)].slice(0, 20);
  }

  /** The most recently active text document other than `uri` that is still open. */
  otherThan(uri: vscode.Uri | undefined): vscode.Uri | undefined {
    const key = uri?.toString();
    const open = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed).map((d) => d.uri.toString()));
    const recent = this.recent.find((u) => u.toString() !== key && open.has(u.toString()));
    if (recent) return recent;
    return vscode.window.visibleTextEditors.map((e) => e.document.uri).find((u) => u.toString() !== key && !IGNORED_SCHEMES.has(u.scheme));
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
