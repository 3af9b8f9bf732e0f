// `files.exclude` for the `fuzzy_edit` tool: files the user hid from the explorer (build output, vendored
// code, .git) are not what an agent should edit; a model naming one is refused with the pattern that hides it.
import * as vscode from 'vscode';
import { relativeInside } from '../core/paths';
import { excludeHits, whenSibling } from './glob';

/** Which `files.exclude` pattern hides `uri`, in words, or undefined. */
export async function excludedReason(uri: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const rel = relativeInside(folder.uri.path, uri.path);
  if (!rel) return undefined;
  const excludes = vscode.workspace.getConfiguration('files', uri).get<Record<string, unknown>>('exclude') ?? {};
  for (const hit of excludeHits(rel, excludes)) {
    if (hit.when !== undefined && !(await exists(vscode.Uri.joinPath(folder.uri, whenSibling(hit.matched, hit.when))))) continue;
    return `files.exclude hides it (pattern "${hit.pattern}")`;
  }
  return undefined;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the user hid `uri` from search (`files.exclude` or `search.exclude`, `when` clauses honoured): such a file
 * is not one a bare name should find (node_modules, build output).
 */
export async function hiddenFromSearch(uri: vscode.Uri): Promise<boolean> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const rel = relativeInside(folder.uri.path, uri.path);
  if (!rel) return false;
  for (const section of ['files', 'search']) {
    const excludes = vscode.workspace.getConfiguration(section, uri).get<Record<string, unknown>>('exclude') ?? {};
    for (const hit of excludeHits(rel, excludes)) {
      if (hit.when !== undefined && !(await exists(vscode.Uri.joinPath(folder.uri, whenSibling(hit.matched, hit.when))))) continue;
      return true;
    }
  }
  return false;
}
