// The file operations of a request (create, delete, move): where each path lands, whether it may happen,
// what the one confirmation says about it, and how it goes into the WorkspaceEdit. Checked before anything is
// written and again right before (the disk may change while a dialog is open). Only vscode.workspace.fs and
// WorkspaceEdit: runs in the web-worker host too.
import * as vscode from 'vscode';
import type { ApplyItem } from './applyItems';
import { showMessage } from '../messages/notify';
import type { EditOutcome, RefusalCode } from './outcome';
import type { FileOp } from './parse';
import { displayName } from './targets';
import { restrictedReason } from '../workspace/trustGate';
import { findTarget, newFileUri, placeNewFile, type PathRefusal } from '../workspace/workspacePaths';
import { findPathConflicts } from '../../core/paths';
import { formatLines, formatScore } from '../review/tierInfo';

/** A file operation with its URIs, as the WorkspaceEdit takes it. */
export type FileChange =
  | { kind: 'create'; uri: vscode.Uri; content: string }
  | { kind: 'delete'; uri: vscode.Uri }
  | { kind: 'rename'; uri: vscode.Uri; to: vscode.Uri };

/** One file operation, resolved. `change` is known whenever its paths could be resolved, even when refused. */
export interface ResolvedFileOp {
  op: FileOp;
  status: 'resolved' | 'already_applied' | 'refused';
  change?: FileChange;
  code?: RefusalCode;
  message?: string;
}

type Refusal = { code: RefusalCode; message: string };

/** Resolves every file operation against the workspace as it is now; nothing is written. */
export async function resolveFileOps(ops: readonly FileOp[], base: vscode.Uri | undefined): Promise<ResolvedFileOp[]> {
  const resolved: ResolvedFileOp[] = [];
  const restricted = restrictedReason(vscode.workspace.isTrusted, 'file_operation');
  for (const op of ops) {
    if (restricted) {
      resolved.push({ op, status: 'refused', code: 'untrusted', message: `${describeWritten(op)}: ${restricted}. Nothing was changed.` });
      continue;
    }
    if (op.kind === 'create') resolved.push(await resolveCreate(op, base));
    else if (op.kind === 'delete') resolved.push(await resolveDelete(op));
    else resolved.push(await resolveRename(op));
  }
  refuseSharedPaths(resolved);
  return resolved;
}

async function resolveCreate(op: Extract<FileOp, { kind: 'create' }>, base: vscode.Uri | undefined): Promise<ResolvedFileOp> {
  const placed = await placeNewFile(op.path, base);
  if (!placed.ok) return { op, status: 'refused', code: placed.code, message: `Create "${op.path}" is refused: ${placed.reason}. Nothing was created.` };
  const uri = placed.uri;
  const change: FileChange = { kind: 'create', uri, content: op.content };
  const name = displayName(uri);
  const why = notWritable(uri);
  if (why) return { op, status: 'refused', change, code: why.code, message: `Create ${name}: ${why.message}` };
  const stat = await statOf(uri);
  if (!stat) return { op, status: 'resolved', change };
  if (stat.type & vscode.FileType.Directory) return { op, status: 'refused', change, code: 'file_exists', message: `Create ${name}: a folder of that name exists; nothing was created.` };
  // Sending the same new file twice (an answer pasted again) is harmless: say so rather than refuse.
  if (sameText(await currentText(uri), op.content)) return { op, status: 'already_applied', change, message: `${name} already exists with this content; nothing to create.` };
  return {
    op,
    status: 'refused',
    change,
    code: 'file_exists',
    message: `Create ${name}: it exists; nothing was created. To change an existing file, send edits of its text instead of a new file.`,
  };
}

async function resolveDelete(op: Extract<FileOp, { kind: 'delete' }>): Promise<ResolvedFileOp> {
  const found = await findTarget(op.path);
  if (!found.ok && found.code === 'unsafe_path') return unsafeOp(op, found);
  const uri = found.ok ? found.uri : undefined;
  if (!uri || uri.scheme === 'untitled') return { op, status: 'refused', code: 'no_file', message: `Delete ${op.path}: no such file in the workspace; nothing was deleted.` };
  const change: FileChange = { kind: 'delete', uri };
  const why = notWritable(uri) ?? unsaved(uri, 'deleted');
  return why ? { op, status: 'refused', change, code: why.code, message: `Delete ${displayName(uri)}: ${why.message}` } : { op, status: 'resolved', change };
}

async function resolveRename(op: Extract<FileOp, { kind: 'rename' }>): Promise<ResolvedFileOp> {
  const what = `Move ${op.path} → ${op.to}`;
  const found = await findTarget(op.path);
  if (!found.ok && found.code === 'unsafe_path') return unsafeOp(op, found);
  const uri = found.ok ? found.uri : undefined;
  if (!uri || uri.scheme === 'untitled') return { op, status: 'refused', code: 'no_file', message: `${what}: no such file in the workspace; nothing was moved.` };
  // The destination is relative to the workspace folder of the file moved, not of the active editor.
  const placed = await placeNewFile(op.to, uri);
  if (!placed.ok) return { op, status: 'refused', code: placed.code, message: `${what}: "${op.to}" is refused: ${placed.reason}. Nothing was moved.` };
  const to = placed.uri;
  const change: FileChange = { kind: 'rename', uri, to };
  const why = notWritable(uri) ?? notWritable(to);
  if (why) return { op, status: 'refused', change, code: why.code, message: `${what}: ${why.message}` };
  if (await statOf(to)) return { op, status: 'refused', change, code: 'file_exists', message: `${what}: ${displayName(to)} exists; nothing was moved.` };
  return { op, status: 'resolved', change };
}

/** A delete or move whose path the policy refuses (outside the workspace, .git, a symlink out). */
function unsafeOp(op: FileOp, refusal: PathRefusal): ResolvedFileOp {
  const verb = op.kind === 'delete' ? 'deleted' : 'moved';
  return { op, status: 'refused', code: refusal.code, message: `${describeWritten(op)}: "${op.path}" is refused: ${refusal.reason}. Nothing was ${verb}.` };
}

/** The operation as written in the request (before its paths are resolved). */
function describeWritten(op: FileOp): string {
  return op.kind === 'rename' ? `Move ${op.path} → ${op.to}` : `${op.kind === 'create' ? 'Create' : 'Delete'} ${op.path}`;
}

/**
 * Why a text edit to `path` cannot be resolved because this request creates that file or moves another one
 * there: the file has no text yet to find the old text in. Undefined when the path is not one of those.
 */
export function claimedBy(files: readonly ResolvedFileOp[], path: string, base: vscode.Uri | undefined): string | undefined {
  const placed = newFileUri(path, base);
  if (!placed.ok) return undefined;
  const uri = placed.uri;
  const key = uri.toString();
  for (const f of files) {
    const c = f.change;
    if (c?.kind === 'create' && c.uri.toString() === key) {
      return `${displayName(uri)} is the new file this request creates (line ${f.op.sourceLine}), so there is no text to edit yet: put the text in the new file's content. Nothing was changed in it.`;
    }
    if (c?.kind === 'rename' && c.to.toString() === key) {
      return `${displayName(uri)} is where this request moves ${displayName(c.uri)} (line ${f.op.sourceLine}): address the edit to ${displayName(c.uri)}, the file as it is now.`;
    }
  }
  return undefined;
}

/**
 * A file both deleted and edited in one request is a contradiction the user must settle: both are refused.
 * `targets` are the text edits' files (undefined: not resolved); returns the refused text edits and why.
 */
export function refuseEditedDeletes(files: readonly ResolvedFileOp[], targets: readonly (vscode.Uri | undefined)[]): Map<number, string> {
  const refused = new Map<number, string>();
  for (const f of files) {
    if (f.change?.kind !== 'delete' || f.status === 'refused') continue;
    const key = f.change.uri.toString();
    const edited = targets.flatMap((t, i) => (t?.toString() === key ? [i] : []));
    if (edited.length === 0) continue;
    const name = displayName(f.change.uri);
    const which = edited.map((i) => i + 1).join(', ');
    refuseOp(f, 'conflict', `Delete ${name}: the request also edits it (edit ${which}); send either the deletion or the changes. Nothing was deleted.`);
    for (const i of edited) refused.set(i, `${name} is also deleted by this request (line ${f.op.sourceLine}); send either the deletion or the changes. Nothing was changed in it.`);
  }
  return refused;
}

/**
 * Operations of one request that cannot all happen, because the request is resolved against the disk before any
 * of them: a move onto a name another operation uses (created, moved there, deleted) — the shared batch check of
 * src/core/paths.ts, the CLI's too, which refuses each of them — and any other two operations on one path, of
 * which the later is refused.
 */
function refuseSharedPaths(files: ResolvedFileOp[]): void {
  const ops = files.map((f) => ({ kind: f.op.kind, path: f.change?.uri.toString(), ...(f.change?.kind === 'rename' ? { to: f.change.to.toString() } : {}) }));
  for (const c of findPathConflicts(ops)) {
    if (c.code !== 'move_onto') continue;
    const first = files[c.indexes[0]];
    for (const i of c.indexes) {
      if (files[i].status === 'refused') continue;
      const other = i === c.indexes[0] ? files[c.indexes[1]] : first;
      refuseOp(files[i], 'conflict', `${describeOp(files[i])}: ${c.reason} (line ${other.op.sourceLine}); send one operation per file. Nothing was changed.`);
    }
  }
  const seen = new Map<string, ResolvedFileOp>();
  for (const f of files) {
    const uris = pathsOf(f.change);
    const earlier = uris.map((u) => seen.get(u.toString())).find((e) => e !== undefined);
    if (earlier && f.status !== 'refused') {
      refuseOp(f, 'conflict', `${describeOp(f)}: line ${earlier.op.sourceLine} of the request already works on ${earlier.op.path}; send one operation per file. Nothing was changed.`);
    }
    for (const u of uris) if (!seen.has(u.toString())) seen.set(u.toString(), f);
  }
}

function refuseOp(f: ResolvedFileOp, code: RefusalCode, message: string): void {
  f.status = 'refused';
  f.code = code;
  f.message = message;
}

function pathsOf(c: FileChange | undefined): vscode.Uri[] {
  if (!c) return [];
  return c.kind === 'rename' ? [c.uri, c.to] : [c.uri];
}

/**
 * Why a resolved operation can no longer happen: the disk changed while the confirmation was open. Undefined
 * when each still can. Called right before the WorkspaceEdit, which would otherwise fail halfway.
 */
export async function recheckFileChanges(changes: readonly FileChange[]): Promise<Refusal | undefined> {
  for (const c of changes) {
    const name = displayName(c.uri);
    if (c.kind === 'create') {
      if (await statOf(c.uri)) return { code: 'file_exists', message: `${name} was created meanwhile; nothing was changed.` };
      continue;
    }
    if (!(await statOf(c.uri))) return { code: 'no_file', message: `${name} is gone meanwhile; nothing was changed.` };
    if (c.kind === 'delete') {
      const why = unsaved(c.uri, 'changed');
      if (why) return { code: why.code, message: `${name}: ${why.message}` };
    } else if (await statOf(c.to)) {
      return { code: 'file_exists', message: `${displayName(c.to)} was created meanwhile; ${name} was not moved and nothing was changed.` };
    }
  }
  return undefined;
}

/** Adds the operation to the WorkspaceEdit; never overwrites, never deletes a folder. */
export function addFileChange(we: vscode.WorkspaceEdit, c: FileChange): void {
  if (c.kind === 'create') we.createFile(c.uri, { contents: new TextEncoder().encode(c.content), overwrite: false });
  else if (c.kind === 'delete') we.deleteFile(c.uri, { recursive: false, ignoreIfNotExists: false });
  else we.renameFile(c.uri, c.to, { overwrite: false });
}

/** Where a file edited by this request is after it: moved files are at their destination. */
export function afterMoves(changes: readonly FileChange[], uri: vscode.Uri): vscode.Uri {
  const move = changes.find((c): c is Extract<FileChange, { kind: 'rename' }> => c.kind === 'rename' && c.uri.toString() === uri.toString());
  return move ? move.to : uri;
}

/** The files a person wants to see once applied: the ones created and the ones moved. */
export function filesToShow(changes: readonly FileChange[]): vscode.Uri[] {
  return changes.flatMap((c) => (c.kind === 'create' ? [c.uri] : c.kind === 'rename' ? [c.to] : []));
}

export function fileOutcome(f: ResolvedFileOp, index: number): EditOutcome {
  const o: EditOutcome = { index, status: f.status, matches: [], operation: f.op.kind };
  if (f.change) o.uri = f.change.uri.toString();
  if (f.change?.kind === 'rename') o.to = f.change.to.toString();
  if (f.code) o.code = f.code;
  if (f.message) o.message = f.message;
  return o;
}

/**
 * The one confirmation of a request with file operations: every change it makes, in the order they happen
 * (text edits, then file operations), with the tier and score of each text edit, so a similarity match is
 * seen before it lands. True when the user applies.
 */
export async function confirmChanges(items: readonly ApplyItem[], changes: readonly FileChange[]): Promise<boolean> {
  const lines = [...items.flatMap(describeTextEdit), ...changes.map(describeChange)];
  const choice = await showMessage('warning', `Fuzzy Edit: this request ${summarizeChanges(items, changes)}. Apply it as a whole?`, ['Apply'], { detail: lines.join('\n') });
  return choice === 'Apply';
}

/** "Create src/a.ts (12 lines)", "Delete src/b.ts", "Move src/c.ts → src/d.ts". */
export function describeChange(c: FileChange): string {
  if (c.kind === 'create') return `Create ${displayName(c.uri)} (${lineCount(c.content)})`;
  if (c.kind === 'delete') return `Delete ${displayName(c.uri)}`;
  return `Move ${displayName(c.uri)} → ${displayName(c.to)}`;
}

function describeOp(f: ResolvedFileOp): string {
  return f.change ? describeChange(f.change) : describeWritten(f.op);
}

/** "Edit src/e.ts lines 3–5 (indentation, score 1.00)", one line per replaced span. */
function describeTextEdit(item: ApplyItem): string[] {
  return item.spans.map((s) => {
    const m = s.match;
    const check = m.needsReview ? ' — a similarity match: check it' : '';
    return `Edit ${displayName(item.uri)} ${formatLines(m.startLine, m.endLine)} (${m.tier}, score ${formatScore(m.score)})${check}`;
  });
}

/** "creates 1 file, moves 1 file and edits 2 places". */
export function summarizeChanges(items: readonly ApplyItem[], changes: readonly FileChange[]): string {
  const count = (k: FileChange['kind']) => changes.filter((c) => c.kind === k).length;
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  const spans = items.reduce((n, it) => n + it.spans.length, 0);
  const parts = [
    count('create') > 0 ? `creates ${files(count('create'))}` : '',
    count('delete') > 0 ? `deletes ${files(count('delete'))}` : '',
    count('rename') > 0 ? `moves ${files(count('rename'))}` : '',
    spans > 0 ? `edits ${spans} place${spans === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0] ?? 'changes nothing';
}

function lineCount(content: string): string {
  const n = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  return n === 0 ? 'empty' : `${n} line${n === 1 ? '' : 's'}`;
}

async function statOf(uri: vscode.Uri): Promise<vscode.FileStat | undefined> {
  try {
    return await vscode.workspace.fs.stat(uri);
  } catch {
    return undefined;
  }
}

/** The file's text: the open buffer (unsaved changes included), else its bytes on disk. */
async function currentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** Equal up to line endings and a BOM: the request's text is always '\n'. */
function sameText(fileText: string, content: string): boolean {
  return fileText.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') === content;
}

function notWritable(uri: vscode.Uri): Refusal | undefined {
  if (vscode.workspace.fs.isWritableFileSystem(uri.scheme) !== false) return undefined;
  return { code: 'read_only', message: `${displayName(uri)} is on a read-only file system (${uri.scheme}); nothing was changed.` };
}

/** Deleting a file whose buffer holds unsaved changes would lose them without a trace. */
function unsaved(uri: vscode.Uri, what: string): Refusal | undefined {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  return doc?.isDirty ? { code: 'unsaved', message: `it has unsaved changes; save or revert them first. Nothing was ${what}.` } : undefined;
}
