// The number of pending edits, in the status bar while there are any.
import * as vscode from 'vscode';
import type { PendingEdits } from './pendingEdits';

export class PendingStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('fuzzyEdit.pending', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly pending: PendingEdits) {
    this.item.name = 'Fuzzy Edit: pending edits';
    this.item.command = 'fuzzyEdit.nextPending';
    this.subscription = pending.onDidChange(() => this.update());
    this.update();
  }

  private update(): void {
    const n = this.pending.size;
    if (n === 0) {
      this.item.hide();
      return;
    }
    this.item.text = `$(diff) ${n} pending`;
    this.item.tooltip = `Fuzzy Edit: ${n} edit${n === 1 ? '' : 's'} waiting for review. Click to go to the next one.`;
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
