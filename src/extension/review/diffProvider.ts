// "Show Diff": the document against the proposed result, through a read-only content provider.
import * as vscode from 'vscode';
import type { PendingEdits } from './pendingEdits';
import { displayName, openDocument } from '../request/targets';

export const PROPOSED_SCHEME = 'fuzzy-edit-proposed';

interface Query {
  uri: string;
  id?: string;
}

export class ProposedContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly shown = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly pending: PendingEdits) {
    this.subscriptions = [
      this.changed,
      pending.onDidChange(() => {
        for (const u of this.shown) this.changed.fire(vscode.Uri.parse(u));
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.shown.delete(d.uri.toString())),
    ];
  }

  uriFor(doc: vscode.Uri, id?: string): vscode.Uri {
    const query: Query = id ? { uri: doc.toString(), id } : { uri: doc.toString() };
    const name = doc.path.split('/').pop() || 'document';
    return vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `/${name}`, query: encodeURIComponent(JSON.stringify(query)) });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    this.shown.add(uri.toString());
    const q = JSON.parse(decodeURIComponent(uri.query)) as Query;
    const docUri = vscode.Uri.parse(q.uri);
    const doc = await openDocument(docUri);
    if (!doc) return '';
    const edits = q.id ? [this.pending.get(q.id)].filter((p) => !!p) : this.pending.forDocument(docUri);
    const spans = edits.flatMap((p) => p!.spans).sort((a, b) => b.start - a.start);
    let text = doc.getText();
    for (const s of spans) text = text.slice(0, s.start) + s.text + text.slice(s.end);
    return text;
  }

  async show(doc: vscode.Uri, id?: string): Promise<void> {
    const title = `${displayName(doc)} ↔ proposed (Fuzzy Edit)`;
    await vscode.commands.executeCommand('vscode.diff', doc, this.uriFor(doc, id), title, { preview: true });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
