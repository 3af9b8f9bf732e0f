// Which document an edit is for: the file named before the block (relative to a workspace folder,
// absolute, or a URI), else the default target. Uses only vscode.workspace APIs: runs in a web worker too.
import * as vscode from 'vscode';

/** Schemes whose documents are views, never edited. */
const READ_ONLY_SCHEMES = new Set(['output', 'git', 'gitfs', 'vscode-scm', 'fuzzy-edit-proposed', 'debug', 'vscode-settings']);

export async function findTarget(path: string): Promise<vscode.Uri | undefined> {
  const p = path.trim().replace(/\\/g, '/');
  if (/^[a-z][\w+.-]*:/i.test(p) && !/^[a-z]:\//i.test(p)) {
    const uri = vscode.Uri.parse(p);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
    if (open) return open.uri;
    return uri.scheme !== 'untitled' && (await exists(uri)) ? uri : undefined;
  }
  const rel = p.replace(/^\.\//, '');
  const openDocs = vscode.workspace.textDocuments.filter((d) => !d.isClosed);
  const byRelative = openDocs.find((d) => vscode.workspace.asRelativePath(d.uri, false) === rel || d.uri.path === p);
  if (byRelative) return byRelative.uri;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const candidates: vscode.Uri[] = [];
    if (p.startsWith('/')) {
      if (p.startsWith(folder.uri.path.replace(/\/$/, '') + '/')) candidates.push(folder.uri.with({ path: p }));
    } else {
      candidates.push(vscode.Uri.joinPath(folder.uri, rel));
      if (rel.startsWith(folder.name + '/')) candidates.push(vscode.Uri.joinPath(folder.uri, rel.slice(folder.name.length + 1)));
    }
    for (const c of candidates) if (await exists(c)) return c;
  }
  if (p.startsWith('/')) {
    const file = vscode.Uri.file(p);
    if (await exists(file)) return file;
  }
  // Last resort: a single open document whose path ends with the name given.
  const bySuffix = openDocs.filter((d) => d.uri.path.endsWith('/' + rel));
  return bySuffix.length === 1 ? bySuffix[0].uri : undefined;
}

/**
 * The document at `uri`: the open one, else loaded from its file system. A closed untitled document is
 * gone (opening its URI would create an empty one under its name): undefined.
 */
export async function openDocument(uri: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  if (open || uri.scheme === 'untitled') return open;
  return vscode.workspace.openTextDocument(uri);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return (stat.type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
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
