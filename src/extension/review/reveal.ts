// Shows a span of a document: in the editor that already shows it (else a new one), scrolled into view,
// with the cursor at its start, the span selected, or the cursor left alone.
import * as vscode from 'vscode';

export async function revealSpan(uri: vscode.Uri, start: number, end: number, cursor: 'start' | 'select' | 'keep'): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString());
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: visible?.viewColumn, preserveFocus: false, preview: false });
  const range = new vscode.Range(doc.positionAt(start), doc.positionAt(end));
  if (cursor === 'start') editor.selection = new vscode.Selection(range.start, range.start);
  else if (cursor === 'select') editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
