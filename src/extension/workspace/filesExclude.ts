// `files.exclude` and `search.exclude`: files the user hid from the explorer or from search (build output,
// vendored code, .git). The `fuzzy_edit` tool refuses a file `files.exclude` hides, with the pattern; a bare file
// name is never looked up among files either setting hides.
import * as vscode from 'vscode';
import { relativeInside } from '../../core/paths';
import { excludeHits, whenSibling } from './glob';

/** Which `files.exclude` pattern hides `uri`, in words, or undefined. */
export async function excludedReason(uri: vscode.Uri): Promise<string | undefined> {
  const hit = await firstHit(uri, ['files']);
  return hit && `files.exclude hides it (pattern "${hit}")`;
}

/** Whether `files.exclude` or `search.exclude` hides `uri` (`when` clauses honoured). */
export async function hiddenFromSearch(uri: vscode.Uri): Promise<boolean> {
  return (await firstHit(uri, ['files', 'search'])) !== undefined;
}

/** The first pattern of `<section>.exclude`, in the order given, that hides `uri`. */
async function firstHit(uri: vscode.Uri, sections: readonly ('files' | 'search')[]): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const rel = relativeInside(folder.uri.path, uri.path);
  if (!rel) return undefined;
  for (const section of sections) {
    const excludes = vscode.workspace.getConfiguration(section, uri).get<Record<string, unknown>>('exclude') ?? {};
    for (const hit of excludeHits(rel, excludes)) {
      if (hit.when !== undefined && !(await exists(vscode.Uri.joinPath(folder.uri, whenSibling(hit.matched, hit.when))))) continue;
      return hit.pattern;
    }
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
