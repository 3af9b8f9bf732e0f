// Places shown without changing anything: the closest span of a refused edit, the candidates of an
// ambiguous one, a snippet found by Find Snippet. They go away on Escape or when the document changes.
import * as vscode from 'vscode';
import type { TierKind } from '../../core';

export type HighlightKind = TierKind | 'candidate';

export interface Highlight {
  start: number;
  end: number;
  kind: HighlightKind;
}

export class Highlights implements vscode.Disposable {
  private readonly byUri = new Map<string, Highlight[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.byUri.has(e.document.uri.toString())) this.clear(e.document.uri);
      }),
    );
  }

  set(uri: vscode.Uri, highlights: Highlight[]): void {
    this.byUri.set(uri.toString(), highlights);
    this.fire();
  }

  get(uri: vscode.Uri): Highlight[] {
    return this.byUri.get(uri.toString()) ?? [];
  }

  clear(uri?: vscode.Uri): void {
    if (uri) this.byUri.delete(uri.toString());
    else this.byUri.clear();
    this.fire();
  }

  private fire(): void {
    void vscode.commands.executeCommand('setContext', 'fuzzyEdit.hasHighlights', this.byUri.size > 0);
    this.changed.fire();
  }

  dispose(): void {
    this.byUri.clear();
    for (const d of this.disposables) d.dispose();
  }
}
