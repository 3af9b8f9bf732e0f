// The documents edits go to: opening them, and whether they may be edited (read-only, binary). Which file a
// path names is the path policy's business (workspacePaths.ts). Uses only vscode.workspace APIs: runs in a web
// worker too.
import * as vscode from 'vscode';

/** Schemes whose documents are views, never edited. */
const READ_ONLY_SCHEMES = new Set(['output', 'git', 'gitfs', 'vscode-scm', 'fuzzy-edit-proposed', 'debug', 'vscode-settings']);

/**
 * The document at `uri`: the open one, else loaded from its file system. A closed untitled document is
 * gone (opening its URI would create an empty one under its name): undefined.
 */
export async function openDocument(uri: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  if (open || uri.scheme === 'untitled') return open;
  return vscode.workspace.openTextDocument(uri);
}

/** Why the document cannot be edited, or undefined when it can. */
export function readOnlyReason(doc: vscode.TextDocument): string | undefined {
  const scheme = doc.uri.scheme;
  if (READ_ONLY_SCHEMES.has(scheme) || vscode.workspace.fs.isWritableFileSystem(scheme) === false) {
    return `${displayName(doc.uri)} is read-only (${scheme}); nothing was changed.`;
  }
  return undefined;
}

export function displayName(uri: vscode.Uri): string {
  if (uri.scheme === 'untitled') return uri.path;
  const rel = vscode.workspace.asRelativePath(uri, false);
  return rel || uri.path.split('/').pop() || uri.toString();
}

/**
 * Why the document's text must not be edited, or undefined: a NUL means a binary file, and a file VS Code read
 * as UTF-8 although its bytes are not (U+FFFD in place of what it could not read) would be saved with those
 * bytes lost. Either way nothing of it is touched.
 */
export async function notTextReason(doc: vscode.TextDocument): Promise<string | undefined> {
  const text = doc.getText();
  if (text.includes('\0')) return `${displayName(doc.uri)} holds NUL bytes: it is a binary file, which Fuzzy Edit never edits; nothing was changed.`;
  const encoding = (doc as { encoding?: string }).encoding ?? 'utf8';
  if (!text.includes('\uFFFD') || doc.uri.scheme === 'untitled' || doc.isDirty || !/^utf-?8/i.test(encoding)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(doc.uri);
  } catch {
    return undefined; // not on a file system: the text is all there is
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    return `${displayName(doc.uri)} is not valid UTF-8 (VS Code shows U+FFFD for bytes it could not read, and saving would lose them): reopen it with its encoding first; nothing was changed.`;
  }
}
