// Where a path written in an edit may land: the editor's side of the one path policy (src/core/paths.ts).
// The core judges the text (`..` that escapes, either separator; absolute paths; URIs; .git at any level; NUL);
// this module adds what only the editor knows: the workspace folders and their scheme (file:, or a virtual
// workspace's own), the open documents, and on the Node host the real path behind every symbolic link, which
// must stay inside the folder and out of .git (realPath.node.ts). Untitled documents have no path: allowed.
import * as vscode from 'vscode';
import { checkEditPath, hasGitSegment, pathKey, relativeInside } from '../../core/paths';
import { similarNames } from '../../core/similarNames';
import { hiddenFromSearch } from './filesExclude';
import { caseInsensitiveFs, realPathOf } from './realPath';

/**
 * Why a path may not be touched: `unsafe_path` (the policy), `no_target` (allowed, but nothing there; with the
 * workspace's closest names when it was searched), or `ambiguous_path` (a bare name that several workspace files have).
 */
export type PathRefusal =
  | { ok: false; code: 'unsafe_path'; reason: string }
  | { ok: false; code: 'no_target'; reason: string; suggestions?: string[] }
  | { ok: false; code: 'ambiguous_path'; reason: string; candidates: vscode.Uri[] };
export type Placement = { ok: true; uri: vscode.Uri } | PathRefusal;

export interface FindOptions {
  /**
   * Look through the workspace for a name that is not where it says (`server.py` for `src/server.py`): a text
   * edit's file. Off for deletions and moves, which must name their file exactly.
   */
  searchWorkspace?: boolean;
}

/** Folders never searched for a bare name, whatever the settings say: other people's code, VCS data, environments. */
const NEVER_SEARCHED_NAMES = ['node_modules', 'bower_components', 'jspm_packages', '.git', '.hg', '.svn', '.venv', 'venv', '__pycache__'];
const NEVER_SEARCHED = `**/{${NEVER_SEARCHED_NAMES.join(',')}}/**`;

/** Whether a bare name may find `uri`: not in a NEVER_SEARCHED folder, not hidden by files.exclude or search.exclude. */
async function searchable(uri: vscode.Uri): Promise<boolean> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const rel = folder ? relativeInside(folder.uri.path, uri.path, caseOpts(uri.scheme)) : undefined;
  if (rel === undefined || rel.split('/').some((s) => NEVER_SEARCHED_NAMES.includes(s))) return false;
  return !(await hiddenFromSearch(uri));
}

/** Files of one name considered at most (a quick pick of more helps nobody). */
const MAX_NAME_HITS = 50;

const unsafe = (reason: string): PathRefusal => ({ ok: false, code: 'unsafe_path', reason });
const folders = () => vscode.workspace.workspaceFolders ?? [];
const caseOpts = (scheme: string) => ({ caseInsensitive: scheme === 'file' && caseInsensitiveFs });

/** A path as written: an untitled document's URI, or a clean workspace-relative path and the folders it may be in. */
type Written = { kind: 'untitled'; uri: vscode.Uri } | { kind: 'relative'; rel: string; in: readonly vscode.WorkspaceFolder[] } | PathRefusal;

function readWritten(path: string): Written {
  const p = path.trim();
  if (p.includes('\0')) return unsafe('a file name cannot contain a NUL character');
  // A URI (two letters or more before the colon: `C:` is a drive).
  if (/^[a-z][\w+.-]+:/i.test(p)) {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(p, true);
    } catch {
      return unsafe('it is not a valid URI');
    }
    if (uri.scheme === 'untitled') return { kind: 'untitled', uri };
    return inFolders(uri) ?? unsafe(`a ${uri.scheme}: URI outside the workspace folders is not a workspace file`);
  }
  const slashed = p.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-z]:/i.test(slashed)) {
    // On disk (file:) an absolute path is a file path; under a virtual folder (the web host's), a path in its scheme.
    const onDisk = /^[a-z]:/i.test(slashed) || slashed.startsWith('//') ? vscode.Uri.file(p) : vscode.Uri.file(slashed);
    for (const f of folders()) {
      if (f.uri.scheme !== 'file' && !slashed.startsWith('/')) continue; // a drive letter means a disk
      const found = inFolders(f.uri.scheme === 'file' ? onDisk : f.uri.with({ path: slashed }), f);
      if (found) return found;
    }
    return unsafe('an absolute path outside the workspace folders is not allowed: name the file relative to the workspace folder');
  }
  const checked = checkEditPath(p);
  return checked.ok ? { kind: 'relative', rel: checked.path, in: folders() } : unsafe(checked.reason);
}

/** The folder-relative form of `uri` in the workspace folder holding it (or in `only`), checked by the core policy. */
function inFolders(uri: vscode.Uri, only?: vscode.WorkspaceFolder): Written | undefined {
  for (const f of only ? [only] : folders()) {
    if (f.uri.scheme !== uri.scheme || f.uri.authority !== uri.authority) continue;
    const rel = relativeInside(f.uri.path, uri.path, caseOpts(uri.scheme));
    if (rel === undefined) continue;
    const checked = checkEditPath(rel);
    return checked.ok ? { kind: 'relative', rel: checked.path, in: [f] } : unsafe(checked.reason);
  }
  return undefined;
}

/** Where `rel` can be in `folder`: under it, or (multi-root) `folderName/rest` under that folder. */
function candidatesIn(folder: vscode.WorkspaceFolder, rel: string): vscode.Uri[] {
  const out = [vscode.Uri.joinPath(folder.uri, rel)];
  if (rel.startsWith(folder.name + '/')) out.push(vscode.Uri.joinPath(folder.uri, rel.slice(folder.name.length + 1)));
  return out;
}

const openDocs = () => vscode.workspace.textDocuments.filter((d) => !d.isClosed);
const sameUri = (a: vscode.Uri, b: vscode.Uri) => a.scheme === b.scheme && a.authority === b.authority && pathKey(a.path, caseOpts(a.scheme)) === pathKey(b.path, caseOpts(b.scheme));

/**
 * The existing file an edit names (open, or on disk), under the policy; `no_target` when the path is allowed but
 * nothing is there. A bare name may match one open document by its end, among documents the policy allows; with
 * `searchWorkspace`, the workspace's files too (one → it, several → `ambiguous_path`, none → suggestions).
 */
export async function findTarget(path: string, options: FindOptions = {}): Promise<Placement> {
  const w = readWritten(path);
  if ('ok' in w) return w;
  const missing: PathRefusal = { ok: false, code: 'no_target', reason: 'no such file in the workspace or among open editors' };
  if (w.kind === 'untitled') {
    const open = openDocs().find((d) => d.uri.toString() === w.uri.toString());
    return open ? { ok: true, uri: open.uri } : missing;
  }
  const candidates = w.in.flatMap((f) => candidatesIn(f, w.rel));
  const open = openDocs().find((d) => candidates.some((c) => sameUri(c, d.uri)));
  if (open) return checkPlace(open.uri, 'file');
  for (const c of candidates) if (await isFile(c)) return checkPlace(c, 'file');
  // Last resort: a single open document, allowed by the policy, whose path ends with the name given.
  const bySuffix = openDocs().filter((d) => d.uri.path.endsWith('/' + w.rel) && !refusedByName(d.uri));
  if (!options.searchWorkspace) return bySuffix.length === 1 ? checkPlace(bySuffix[0].uri, 'file') : missing;
  // ...or the workspace's files whose path ends with it (`server.py` → `src/server.py`), open ones included.
  const found = new Map<string, vscode.Uri>();
  for (const d of bySuffix) if (await searchable(d.uri)) found.set(d.uri.toString(), d.uri);
  for (const uri of await filesEndingWith(w.rel, w.in)) found.set(uri.toString(), uri);
  const allowed: vscode.Uri[] = [];
  for (const uri of found.values()) if ((await checkPlace(uri, 'file')).ok) allowed.push(uri);
  if (allowed.length === 1) return { ok: true, uri: allowed[0] };
  if (allowed.length > 1) {
    allowed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { ok: false, code: 'ambiguous_path', reason: `${allowed.length} files in the workspace are named "${w.rel}"`, candidates: allowed };
  }
  const suggestions = await closestNames(w.rel, w.in);
  return suggestions.length > 0 ? { ...missing, suggestions } : missing;
}

/**
 * The files under `folders` whose path ends with `rel` at a separator, skipping what the user hid from search
 * (files.exclude, search.exclude) and NEVER_SEARCHED. vscode.workspace.findFiles works in the web host too.
 */
async function filesEndingWith(rel: string, folders: readonly vscode.WorkspaceFolder[]): Promise<vscode.Uri[]> {
  // Glob characters in a name stand for themselves: each becomes `?`, and the suffix is compared below.
  const glob = '**/' + rel.replace(/[[\]{}*?!]/g, '?');
  const out: vscode.Uri[] = [];
  for (const folder of folders) {
    let hits: vscode.Uri[];
    try {
      hits = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), NEVER_SEARCHED, MAX_NAME_HITS);
    } catch {
      continue; // no file search in this host: open documents are all there is
    }
    for (const uri of hits) {
      const inFolder = relativeInside(folder.uri.path, uri.path, caseOpts(uri.scheme));
      if (inFolder === undefined || !(inFolder === rel || inFolder.endsWith('/' + rel))) continue;
      if (!(await searchable(uri))) continue;
      out.push(uri);
    }
  }
  return out;
}

/** Workspace-relative names close to `rel`'s file name, for "did you mean …". */
async function closestNames(rel: string, folders: readonly vscode.WorkspaceFolder[]): Promise<string[]> {
  const ext = /\.[A-Za-z0-9_-]+$/.exec(rel)?.[0];
  const paths: string[] = [];
  for (const folder of folders) {
    try {
      const hits = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, ext ? `**/*${ext}` : '**/*'), NEVER_SEARCHED, 2000);
      for (const uri of hits) if (await searchable(uri)) paths.push(vscode.workspace.asRelativePath(uri, folders.length > 1));
    } catch {
      // no file search in this host
    }
  }
  return similarNames(rel, paths);
}

/**
 * The URI a file that does not exist yet would get (create, move destination), by the text alone: relative paths
 * under the workspace folder holding `base` (else the first folder). Use placeNewFile to also check the disk.
 */
export function newFileUri(path: string, base: vscode.Uri | undefined): Placement {
  const w = readWritten(path);
  if ('ok' in w) return w;
  if (w.kind === 'untitled') return unsafe('an untitled document is not a file to create');
  const folder = w.in.length === 1 ? w.in[0] : ((base && vscode.workspace.getWorkspaceFolder(base)) ?? w.in[0]);
  if (!folder) return unsafe(`"${w.rel}" is relative and no workspace folder is open; open the project's folder first`);
  return { ok: true, uri: vscode.Uri.joinPath(folder.uri, w.rel) };
}

/** newFileUri, and where writing there would really land (symlinked folders included) is allowed too. */
export async function placeNewFile(path: string, base: vscode.Uri | undefined): Promise<Placement> {
  const placed = newFileUri(path, base);
  return placed.ok ? checkPlace(placed.uri, 'new') : placed;
}

/** Whether a document named without a path (the active editor) may be edited: anything but .git. */
export function defaultTargetRefusal(uri: vscode.Uri): PathRefusal | undefined {
  if (uri.scheme === 'untitled') return undefined;
  return hasGitSegment(uri.path) ? unsafe('files inside .git are never edited: a change there can run programs (hooks, core.fsmonitor)') : undefined;
}

/** Why the policy refuses `uri` by its name alone (outside every workspace folder, in .git…), or undefined. */
function refusedByName(uri: vscode.Uri): string | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const rel = folder && relativeInside(folder.uri.path, uri.path, caseOpts(uri.scheme));
  if (rel === undefined) return 'it is outside the workspace folders';
  const checked = checkEditPath(rel);
  return checked.ok ? undefined : checked.reason;
}

/**
 * The last word on a URI the policy produced: inside a workspace folder by name, and on the Node host by real
 * path (every symlink followed), never in .git, a regular file (`file`) or nothing yet (`new`).
 */
export async function checkPlace(uri: vscode.Uri, expect: 'file' | 'new'): Promise<Placement> {
  const byName = refusedByName(uri);
  if (byName) return unsafe(byName);
  const folder = vscode.workspace.getWorkspaceFolder(uri)!;
  if (uri.scheme !== 'file') return { ok: true, uri };
  let real, root;
  try {
    [real, root] = await Promise.all([realPathOf(uri.fsPath), realPathOf(folder.uri.fsPath)]);
  } catch (err) {
    return unsafe(`its real path cannot be resolved (${(err as { code?: string }).code ?? String(err)})`);
  }
  if (!real || !root) return { ok: true, uri }; // no real paths in this host: the names were checked above
  const rel = relativeInside(root.path, real.path, { caseInsensitive: caseInsensitiveFs });
  if (rel === undefined) return unsafe('a symbolic link leads it out of the workspace folder');
  if (hasGitSegment(rel)) return unsafe('a symbolic link leads it into .git, where files are never edited');
  if (real.kind === 'other') return unsafe('it is not a regular file (a device, FIFO or socket)');
  if (expect === 'file' && real.kind !== 'file') return { ok: false, code: 'no_target', reason: 'it is not a file' };
  return { ok: true, uri };
}

/**
 * The identity of the file behind a URI, for "one file under two names": its real path on the Node host
 * (case-folded where the disk ignores case), else the URI itself.
 */
export async function identityOf(uri: vscode.Uri): Promise<string> {
  if (uri.scheme !== 'file') return uri.toString();
  try {
    const real = await realPathOf(uri.fsPath);
    if (real) return 'file:' + pathKey(real.path, { caseInsensitive: caseInsensitiveFs });
  } catch {
    // Unresolvable: the name is all there is.
  }
  return 'file:' + pathKey(uri.fsPath, { caseInsensitive: caseInsensitiveFs });
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}
