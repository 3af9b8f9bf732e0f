// CodeLens above each pending span ("Apply (tier, score) | Reject | Diff") and at the top of a
// New Edit scratch document ("Resolve in ‹file›", "Apply").
import * as vscode from 'vscode';
import { parseEditRequest } from '../request/parse';
import type { PendingEdits } from './pendingEdits';
import type { ScratchDocs } from './scratch';
import { displayName } from '../request/targets';
import { formatScore } from './tierInfo';
import { escapeIcons } from '../messages/untrusted';

export class FuzzyEditCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly pending: PendingEdits,
    private readonly scratch: ScratchDocs,
  ) {
    this.subscriptions = [this.changed, pending.onDidChange(() => this.changed.fire()), scratch.onDidChange(() => this.changed.fire())];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    for (const p of this.pending.forDocument(doc.uri)) {
      const m = p.spans[0].match;
      const at = doc.lineAt(doc.positionAt(p.spans[0].start).line).range;
      const times = p.spans.length > 1 ? ` ×${p.spans.length}` : '';
      lenses.push(
        new vscode.CodeLens(at, { title: `Apply${times} (${m.tier}, ${formatScore(m.score)})`, command: 'fuzzyEdit.applyPending', arguments: [p.id] }),
        new vscode.CodeLens(at, { title: 'Reject', command: 'fuzzyEdit.rejectPending', arguments: [p.id] }),
        new vscode.CodeLens(at, { title: 'Diff', command: 'fuzzyEdit.showDiff', arguments: [p.id] }),
      );
    }
    if (this.scratch.isScratch(doc.uri)) {
      const parsed = parseEditRequest(doc.getText());
      const named = parsed.edits.find((e) => e.path)?.path ?? parsed.fileOps[0]?.path;
      const bound = this.scratch.targetOf(doc.uri);
      const name = named ?? (bound ? displayName(bound) : 'the active editor');
      const top = new vscode.Range(0, 0, 0, 0);
      lenses.push(
        new vscode.CodeLens(top, { title: `Resolve in ${escapeIcons(name)}`, command: 'fuzzyEdit.resolveScratch', arguments: [doc.uri] }),
        new vscode.CodeLens(top, { title: 'Apply', command: 'fuzzyEdit.applyScratch', arguments: [doc.uri] }),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
