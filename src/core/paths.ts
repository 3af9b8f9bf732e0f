// The path policy: every path an edit names is written by a model or a paste, so it is untrusted. One module
// decides which names may be touched, for the CLI and the extension alike. Pure string work (no file system):
// the front ends add what only they can see (symlinks, real paths, case sensitivity of the disk) and come back
// here to judge it (isInside, isGitSegment, findPathConflicts).

import { withoutTrailing } from './normalize';

/** Why a path is refused. Stable codes; `reason` is plain text without the path (callers quote it themselves). */
export type PathRefusalCode = 'empty' | 'nul' | 'uri' | 'absolute' | 'outside' | 'git' | 'root' | 'directory' | 'control';

export interface SafePath {
  ok: true;
  /** Workspace-relative, '/' separated, no '.', '..' or empty segments. */
  path: string;
}

export interface PathRefusal {
  ok: false;
  code: PathRefusalCode;
  reason: string;
}

export type PathCheck = SafePath | PathRefusal;

export interface CaseOptions {
  /** The file system ignores case (Windows, macOS by default): `A.txt` and `a.txt` are one file. */
  caseInsensitive?: boolean;
}

const REASONS: Record<PathRefusalCode, string> = {
  empty: 'the edit names no file (the path is empty)',
  nul: 'a file name cannot contain a NUL character',
  uri: 'a URI is not a workspace path: name the file relative to the workspace folder',
  absolute: 'an absolute path is not allowed: name the file relative to the workspace folder',
  outside: "the path leaves the workspace folder through '..'",
  git: 'files inside .git are never edited: a change there can run programs (hooks, core.fsmonitor)',
  root: 'the path names the workspace folder itself, not a file in it',
  directory: 'the path ends with a separator: it names a directory, not a file',
  control: 'a file name with control characters (line breaks, escape sequences) is refused: it cannot be shown safely',
};

/**
 * The workspace-relative form of `written`, or why it may not be touched. `\` counts as a separator (a
 * Windows-style name means the same file everywhere, and a `..\x` must not slip past on Windows). `..` is
 * resolved by the text alone; the front end must still resolve symlinks and check the real path (isInside).
 */
export function checkEditPath(written: string): PathCheck {
  if (written.trim() === '') return refuse('empty');
  if (written.includes('\0')) return refuse('nul');
  if (/[\x01-\x1f\x7f]/.test(written)) return refuse('control');
  const slashed = written.replace(/\\/g, '/');
  if (/^[a-z]:/i.test(slashed) || slashed.startsWith('/')) return refuse('absolute'); // C:\, C:x, /x, \\server
  if (/^[a-z][a-z0-9+.-]*:/i.test(slashed)) return refuse('uri');
  if (slashed.endsWith('/')) return refuse('directory');

  const kept: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (kept.length === 0) return refuse('outside');
      kept.pop();
      continue;
    }
    if (isGitSegment(segment)) return refuse('git');
    kept.push(segment);
  }
  if (kept.length === 0) return refuse('root');
  // `./C:x` or `a/../file:x` must not come out as a drive-relative path or a URI once normalised.
  const normalised = kept.join('/');
  if (/^[a-z]:/i.test(normalised)) return refuse('absolute');
  if (/^[a-z][a-z0-9+.-]*:/i.test(normalised)) return refuse('uri');
  return { ok: true, path: normalised };
}

function refuse(code: PathRefusalCode): PathRefusal {
  return { ok: false, code, reason: REASONS[code] };
}

// Characters some file systems ignore in names (HFS+ drops them; git refuses `.g\u200cit` for this reason).
const IGNORED_IN_NAMES = /[\u200b-\u200f\u202a-\u202e\u2060-\u2063\u206a-\u206f\ufeff]/g;

/**
 * Whether a single path segment names a git directory on some file system: `.git` in any case, and the forms
 * Windows and macOS read as `.git` (trailing dots or spaces, the 8.3 name `git~1`, ignorable characters, an NTFS
 * stream name after a colon).
 */
export function isGitSegment(segment: string): boolean {
  // NTFS reads `name:stream` as a stream of `name`: `.git::$INDEX_ALLOCATION` is the .git directory itself (the
  // trick of git's CVE-2019-1352), so only the part before a colon names the file.
  const colon = segment.indexOf(':');
  const file = colon === -1 ? segment : segment.slice(0, colon);
  const name = withoutTrailing(file.replace(IGNORED_IN_NAMES, ''), '. ').toLowerCase();
  return name === '.git' || name === 'git~1';
}

/** Whether any segment of `path` (either separator) is a git directory: a real path inside a repository's .git. */
export function hasGitSegment(path: string): boolean {
  return path.split(/[\\/]/).some(isGitSegment);
}

/**
 * A key under which two spellings of one file compare equal: separators unified, and on a case-insensitive file
 * system case and Unicode normalisation folded. Meant for paths already made canonical (checkEditPath, or a
 * real path from the disk).
 */
export function pathKey(path: string, options: CaseOptions = {}): string {
  const slashed = path.replace(/\\/g, '/');
  return options.caseInsensitive ? slashed.normalize('NFC').toLowerCase() : slashed;
}

/**
 * Whether the absolute path `child` is `root` or inside it, by text (pass real paths: symlinks resolved).
 * Either separator; a trailing separator on the root does not matter; `/a/bc` is not inside `/a/b`.
 */
export function isInside(root: string, child: string, options: CaseOptions = {}): boolean {
  return relativeInside(root, child, options) !== undefined;
}

/** `child` relative to `root` ('/' separated, '' for the root itself), or undefined when it is not inside. */
export function relativeInside(root: string, child: string, options: CaseOptions = {}): string | undefined {
  const base = withoutTrailing(pathKey(root, options), '/');
  const key = pathKey(child, options);
  // (The root written with a trailing separator takes the branch below: its empty segments are dropped, '' again.)
  if (key === base) return '';
  if (!key.startsWith(base + '/')) return undefined;
  // Cut the original (not the folded key) so the result keeps the file's own spelling; by segments, because
  // folding case can change a string's length but never its separators.
  const depth = base.split('/').length;
  return child.replace(/\\/g, '/').split('/').slice(depth).filter((s) => s !== '').join('/');
}

/** What findPathConflicts needs of an edit or file operation (a FileEdit fits). */
export interface NamedOperation {
  kind: string;
  /** The file the operation reads or changes; operations without one are skipped. */
  path?: string;
  /** A move's destination. */
  to?: string;
}

export type PathConflictCode = 'same_file' | 'move_onto';

export interface PathConflict {
  code: PathConflictCode;
  /** Positions in the given operations, ascending. Each one should be refused. */
  indexes: number[];
  /** The names as written, each once, in order of first mention. */
  names: string[];
  /** Plain text, without the names (callers quote them). */
  reason: string;
}

export interface ConflictOptions extends CaseOptions {
  /**
   * The identity of the file behind a name: by default pathKey (the text). A front end that can see the disk
   * passes the real path (symlinks resolved), so `b.txt → a.txt` is caught as one file.
   */
  key?: (path: string) => string;
}

/**
 * Operations in one batch that name one file in ways that cannot all happen: the same file under two names
 * (the second write would silently undo the first), or a move onto a name that another operation of the batch
 * creates or moves onto (the disk does not have that file yet, so both would "succeed" and one be lost). A move
 * onto a file that exists is left to the disk check of the caller (it refuses moves onto existing files).
 */
export function findPathConflicts(operations: readonly NamedOperation[], options: ConflictOptions = {}): PathConflict[] {
  const key = options.key ?? ((p: string) => pathKey(p, options));
  const groups = new Map<string, { index: number; name: string; makes: boolean; isTarget: boolean }[]>();
  const add = (index: number, name: string, makes: boolean, isTarget: boolean) => {
    const k = key(name);
    // Pushed, not copied: a request of thousands of edits to one file must not copy its list per edit.
    const group = groups.get(k);
    if (group) group.push({ index, name, makes, isTarget });
    else groups.set(k, [{ index, name, makes, isTarget }]);
  };
  operations.forEach((op, index) => {
    if (op.path !== undefined) add(index, op.path, op.kind === 'create', false);
    if (op.to !== undefined) add(index, op.to, true, true);
  });

  const conflicts: PathConflict[] = [];
  for (const entries of groups.values()) {
    const names = [...new Set(entries.map((e) => e.name))];
    const indexes = [...new Set(entries.map((e) => e.index))]; // ascending: operations are added in order
    if (names.length > 1) {
      conflicts.push({ code: 'same_file', indexes, names, reason: 'these names are one file: send all its edits under one name' });
    } else if (entries.some((e) => e.isTarget) && entries.filter((e) => e.makes).length > 1) {
      conflicts.push({ code: 'move_onto', indexes, names, reason: 'a move in this request ends on a name another operation of the same request also uses' });
    }
  }
  return conflicts;
}
