// Helpers shared by the Fuzzy Edit integration tests: documents to edit, the extension's API,
// SEARCH/REPLACE text, and a clean slate between tests.
import * as vscode from 'vscode';
import type { FuzzyEditApi } from '../../src/extension/extension';
import type { RequestOutcome } from '../../src/extension/request/outcome';

export const EXTENSION_ID = 'fuzzy-edit.fuzzy-edit';

export async function api(): Promise<FuzzyEditApi> {
  const ext = vscode.extensions.getExtension<FuzzyEditApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} not found`);
  return ext.activate();
}

/**
 * An unsaved, untitled document holding `content`. VS Code reuses "Untitled-1", and right after the previous
 * test closed its document the extension host may hand that one back: then ask again.
 */
export async function openUntitled(content: string, language = 'typescript'): Promise<vscode.TextEditor> {
  let doc = await vscode.workspace.openTextDocument({ language, content });
  for (let i = 0; i < 5 && doc.getText() !== content; i++) {
    await new Promise((r) => setTimeout(r, 100));
    doc = await vscode.workspace.openTextDocument({ language, content });
  }
  if (doc.getText() !== content) throw new Error(`openUntitled: ${doc.uri.toString()} holds ${JSON.stringify(doc.getText())}`);
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** A file in the test workspace folder (a throw-away copy), written fresh and shown. */
export async function openWorkspaceFile(relPath: string, content: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder open');
  const uri = vscode.Uri.joinPath(folder.uri, relPath);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  // A document an earlier test edited may still be open in the extension host with that edit (closing its tab
  // does not dispose it at once): the editor reloads a clean one from the disk; a dirty one is reverted to it.
  const fresh = async () => {
    for (let i = 0; i < 40 && doc.getText() !== content; i++) await new Promise((r) => setTimeout(r, 50));
    return doc.getText() === content;
  };
  if (!(await fresh()) && doc.isDirty) await vscode.commands.executeCommand('workbench.action.files.revert');
  if (!(await fresh())) throw new Error(`openWorkspaceFile: ${relPath} holds ${JSON.stringify(doc.getText())}`);
  return editor;
}

export function searchReplace(oldText: string, newText: string, path?: string): string {
  return [...(path ? [path] : []), '<<<<<<< SEARCH', oldText, '=======', newText, '>>>>>>> REPLACE'].join('\n');
}

/** What a chat answer looks like: prose, a fenced SEARCH/REPLACE block, more prose. */
export function chatAnswer(...blocks: string[]): string {
  return ['Sure! Here is the change:', '', ...blocks.flatMap((b) => ['```ts', b, '```', '']), 'Let me know if it works.'].join('\n');
}

export function applyFromClipboard(args: Record<string, unknown>): Thenable<RequestOutcome> {
  return vscode.commands.executeCommand<RequestOutcome>('fuzzyEdit.applyFromClipboard', args);
}

/** Rejects pending edits, clears highlights, reverts and closes every editor. */
export async function cleanSlate(): Promise<void> {
  await vscode.commands.executeCommand('fuzzyEdit.rejectAll');
  for (let i = 0; i < 20 && vscode.window.tabGroups.all.some((g) => g.tabs.length > 0); i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

export function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}
