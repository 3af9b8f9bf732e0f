// "New Edit": an untitled document holding an empty SEARCH/REPLACE block, bound to a file. Its language is
// Fuzzy Edit's own (`fuzzy-edit`, package.json) and its block uses Fuzzy Edit's dialect (------- SEARCH /
// ------- REPLACE / ------- END): as markdown with `<<<<<<<` markers, VS Code's merge-conflict extension took it
// for a git conflict and offered "Accept Current Change", which destroys the template.
import * as vscode from 'vscode';
import { scratchTemplate, SCRATCH_LANGUAGE } from './scratchTemplate';
import { displayName } from '../request/targets';

export class ScratchDocs implements vscode.Disposable {
  private readonly targets = new Map<string, vscode.Uri>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.workspace.onDidCloseTextDocument((doc) => {
      if (this.targets.delete(doc.uri.toString())) this.changed.fire();
    });
  }

  isScratch(uri: vscode.Uri): boolean {
    return this.targets.has(uri.toString());
  }

  /** The file the scratch document was opened for (its path line may name another). */
  targetOf(uri: vscode.Uri): vscode.Uri | undefined {
    return this.targets.get(uri.toString());
  }

  /** Opens a scratch document for `target`, starting from its selection, or from `filled` (the demo edit). */
  async open(target: vscode.TextEditor | undefined, filled?: { search: string; replace: string }): Promise<vscode.TextEditor> {
    const selected = filled?.search ?? (target && !target.selection.isEmpty ? target.document.getText(target.selection) : '');
    const uri = target?.document.uri;
    const content = scratchTemplate(uri && displayName(uri), uri && pathLine(uri), selected, filled?.replace ?? selected);
    const doc = await this.newDocument(content);
    if (target) this.targets.set(doc.uri.toString(), target.document.uri);
    this.changed.fire();
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    const line = content.split('\n').findIndex((l) => l.startsWith('------- SEARCH')) + 1;
    const pos = new vscode.Position(line, 0);
    editor.selection = new vscode.Selection(pos, selected && !filled ? doc.lineAt(line + selected.split('\n').length - 1).range.end : pos);
    return editor;
  }

  /**
   * An untitled Fuzzy Edit document holding `content`. VS Code reuses "Untitled-N" names, and right after one
   * was closed the extension host may hand back the closed document under that name: then ask again.
   */
  private async newDocument(content: string): Promise<vscode.TextDocument> {
    let doc = await vscode.workspace.openTextDocument({ language: SCRATCH_LANGUAGE, content });
    for (let i = 0; i < 3 && doc.getText() !== content; i++) {
      await new Promise((r) => setTimeout(r, 100));
      doc = await vscode.workspace.openTextDocument({ language: SCRATCH_LANGUAGE, content });
    }
    return doc;
  }

  dispose(): void {
    this.targets.clear();
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** The path line naming the target: workspace-relative, else absolute; none for an untitled document (it has no path: the binding names it). */
export function pathLine(uri: vscode.Uri): string | undefined {
  if (uri.scheme === 'untitled') return undefined;
  if (!vscode.workspace.getWorkspaceFolder(uri)) return uri.scheme === 'file' ? uri.fsPath : uri.toString();
  return displayName(uri);
}
