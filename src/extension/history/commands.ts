// The history's commands: Reveal, Show Diff, Revert (an edit or a whole request) and Restore Checkpoint.
// Each takes `{ id, confirm? }` (or a tree node) and returns an outcome; `confirm` answers the modal for tests.
import * as vscode from 'vscode';
import { minimalEdit, planRevert, planRevertAll, type HistoryEdit } from '../../core/history';
import { showMessage, showStatus } from '../messages/notify';
import { revealSpan } from '../review/reveal';
import { displayName, openDocument } from '../request/targets';
import { restrictedReason } from '../workspace/trustGate';
import { readCheckpoint } from './checkpoints';
import type { HistoryStore } from './store';

export interface HistoryArgs {
  /** An edit id (reveal, showDiff, revert), a request id (revertRequest, restoreCheckpoint). */
  id?: string;
  /** Answer to the confirmation instead of a modal. */
  confirm?: boolean;
}

export interface HistoryOutcome {
  status: 'done' | 'refused' | 'cancelled';
  message: string;
  code?: string;
  /** The documents changed (revert, restore). */
  files?: string[];
  /** Reveal: where the edit's new text stands now (0-based lines). */
  startLine?: number;
  endLine?: number;
}

export const HISTORY_SCHEME = 'fuzzy-edit-history';

function idOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && typeof (arg as { id?: unknown }).id === 'string') return (arg as { id: string }).id;
  return undefined;
}

function confirmOf(arg: unknown): boolean | undefined {
  return arg && typeof arg === 'object' && typeof (arg as HistoryArgs).confirm === 'boolean' ? (arg as HistoryArgs).confirm : undefined;
}

export function registerHistoryCommands(context: vscode.ExtensionContext, store: () => HistoryStore): void {
  const register = (id: string, fn: (arg?: unknown) => Promise<HistoryOutcome>) =>
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (arg?: unknown) => {
        const outcome = await fn(arg);
        if (outcome.status === 'refused') void showMessage('error', `Fuzzy Edit: ${outcome.message}`);
        else if (outcome.status === 'done' && outcome.files) showStatus('discard', `Fuzzy Edit: ${outcome.message}`, 5000);
        return outcome;
      }),
    );
  register('fuzzyEdit.history.reveal', (arg) => reveal(store(), idOf(arg)));
  register('fuzzyEdit.history.showDiff', (arg) => showDiff(store(), idOf(arg)));
  register('fuzzyEdit.history.revert', (arg) => {
    const e = store().edit(idOf(arg) ?? '');
    return e ? revertEdits(store(), [e], confirmOf(arg)) : Promise.resolve(noSuch('edit'));
  });
  register('fuzzyEdit.history.revertRequest', (arg) => {
    const id = idOf(arg) ?? '';
    const r = store().request(id) ?? store().request(store().edit(id)?.requestId ?? '');
    if (!r) return Promise.resolve(noSuch('request'));
    // An edit undone in the editor (Ctrl+Z) is not in the file any more: nothing of it to revert.
    const left = r.edits.filter((e) => e.revertedAt === undefined && e.undoneAt === undefined);
    if (left.length === 0) return Promise.resolve({ status: 'refused', code: 'already_reverted', message: 'Every edit of this request is reverted or undone already.' } as HistoryOutcome);
    // Newest first: the request's spans were written together, so: last in the document first.
    return revertEdits(store(), [...left].reverse(), confirmOf(arg));
  });
  register('fuzzyEdit.history.restoreCheckpoint', (arg) => restoreCheckpoint(store(), idOf(arg), confirmOf(arg)));
  register('fuzzyEdit.history.clear', async (arg) => {
    const go = confirmOf(arg) ?? (await showMessage('warning', 'Clear the Fuzzy Edit history and delete its checkpoints?', ['Clear'], {})) === 'Clear';
    if (!go) return { status: 'cancelled', message: 'The history was kept.' };
    store().clear();
    return { status: 'done', message: 'History cleared.' };
  });
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(HISTORY_SCHEME, {
      provideTextDocumentContent(uri: vscode.Uri): string {
        // /<edit id>/<old|new>/<file name>
        const [, id, side] = uri.path.split('/');
        const e = store().edit(id);
        return e ? (side === 'old' ? e.oldText : e.newText) : '';
      },
    }),
  );
}

function noSuch(what: string): HistoryOutcome {
  return { status: 'refused', code: 'not_found', message: `No such ${what} in the history (it may have been pruned).` };
}

async function reveal(store: HistoryStore, id: string | undefined): Promise<HistoryOutcome> {
  const e = store.edit(id ?? '');
  if (!e) return noSuch('edit');
  const uri = vscode.Uri.parse(e.uri);
  const doc = await openDocument(uri).catch(() => undefined);
  if (!doc) return { status: 'refused', code: 'no_target', message: `${displayName(uri)} cannot be opened.` };
  const plan = e.revertedAt === undefined ? planRevert(doc.getText(), e) : undefined;
  if (!plan || plan.kind === 'refused') {
    await vscode.window.showTextDocument(doc, { preview: false });
    const why = e.revertedAt !== undefined ? 'this edit was reverted' : plan?.kind === 'refused' ? plan.message.replace(/;? ?nothing was (reverted|changed)\.?/i, '.') : '';
    void showMessage('info', `Fuzzy Edit: the edit's text is no longer in ${displayName(uri)}: ${why}`);
    return { status: 'done', code: 'gone', message: why };
  }
  await revealSpan(uri, plan.found.start, plan.found.end, 'select');
  return { status: 'done', message: `Lines ${plan.found.startLine + 1}–${plan.found.endLine + 1}`, startLine: plan.found.startLine, endLine: plan.found.endLine };
}

async function showDiff(store: HistoryStore, id: string | undefined): Promise<HistoryOutcome> {
  const e = store.edit(id ?? '');
  if (!e) return noSuch('edit');
  const name = vscode.Uri.parse(e.uri).path.split('/').pop() || 'file';
  const side = (s: string) => vscode.Uri.from({ scheme: HISTORY_SCHEME, path: `/${e.id}/${s}/${name}` });
  await vscode.commands.executeCommand('vscode.diff', side('old'), side('new'), `${name}: applied edit (${e.tier}, lines ${e.startLine + 1}–${e.endLine + 1})`);
  return { status: 'done', message: 'Diff shown.' };
}

/** Reverts `edits` (newest first) as ONE WorkspaceEdit: all of them or none. */
async function revertEdits(store: HistoryStore, edits: readonly HistoryEdit[], confirm: boolean | undefined): Promise<HistoryOutcome> {
  const already = edits.find((e) => e.revertedAt !== undefined);
  if (already) return { status: 'refused', code: 'already_reverted', message: 'This edit was reverted already.' };
  const byUri = new Map<string, HistoryEdit[]>();
  for (const e of edits) byUri.set(e.uri, [...(byUri.get(e.uri) ?? []), e]);
  const we = new vscode.WorkspaceEdit();
  const reviews: string[] = [];
  const versions: [vscode.TextDocument, number][] = [];
  for (const [key, list] of byUri) {
    const uri = vscode.Uri.parse(key);
    const restricted = notOpenInRestrictedMode(uri);
    if (restricted) return { status: 'refused', code: 'untrusted', message: `${restricted} Nothing was reverted.` };
    const doc = await openDocument(uri).catch(() => undefined);
    if (!doc) return { status: 'refused', code: 'no_target', message: `${displayName(uri)} cannot be opened; nothing was reverted.` };
    const text = doc.getText();
    const all = planRevertAll(text, list);
    if (all.kind === 'refused') {
      const which = edits.length > 1 ? `Edit at ${displayName(uri)}:${all.edit.startLine + 1}: ` : `${displayName(uri)}: `;
      return { status: 'refused', code: all.plan.code, message: which + all.plan.message + (edits.length > 1 ? ' (The whole request was left as it is.)' : '') };
    }
    for (const p of all.plans) if (p.kind === 'review' && p.message) reviews.push(`${displayName(uri)}: ${p.message}`);
    const m = minimalEdit(text, all.content);
    we.replace(uri, new vscode.Range(doc.positionAt(m.start), doc.positionAt(m.end)), m.text);
    versions.push([doc, doc.version]);
  }
  if (reviews.length > 0) {
    const go =
      confirm ??
      (await showMessage('warning', 'Revert an edit whose text was changed since?', ['Revert'], { detail: reviews.join('\n') })) === 'Revert';
    if (!go) return { status: 'cancelled', code: 'review', message: reviews.join(' ') };
    if (versions.some(([d, v]) => d.version !== v)) return { status: 'cancelled', message: 'A document changed while asking; nothing was reverted.' };
  }
  if (!(await vscode.workspace.applyEdit(we))) return { status: 'refused', code: 'apply_failed', message: 'VS Code refused the edit; nothing was reverted.' };
  store.markReverted(edits.map((e) => e.id));
  const files = [...byUri.keys()];
  return { status: 'done', message: `Reverted ${edits.length} edit${edits.length === 1 ? '' : 's'} (one undo brings ${edits.length === 1 ? 'it' : 'them'} back).`, files };
}

/** Puts the files of a request's checkpoint back as they were before it, as ONE WorkspaceEdit, after confirmation. */
async function restoreCheckpoint(store: HistoryStore, id: string | undefined, confirm: boolean | undefined): Promise<HistoryOutcome> {
  const r = store.request(id ?? '') ?? store.request(store.edit(id ?? '')?.requestId ?? '');
  const cp = store.checkpoint(r?.checkpointId ?? id);
  if (!cp) return { status: 'refused', code: 'no_checkpoint', message: 'No checkpoint was taken for this request (or it was pruned).' };
  // Reading a shadow commit runs git in the repository, which a workspace must be trusted for.
  const read = await readCheckpoint(cp, vscode.workspace.isTrusted ? store.git : undefined, store.storage, store.files);
  if (!read.ok) return { status: 'refused', code: 'unreadable', message: read.message + ' Nothing was restored.' };
  const names = cp.files.map((f) => displayName(vscode.Uri.parse(f.uri)));
  const go =
    confirm ??
    (await showMessage(
      'warning',
      `Restore ${names.length} file${names.length === 1 ? '' : 's'} to the checkpoint of ${new Date(cp.time).toLocaleString()}?`,
      ['Restore'],
      { detail: `Their current content is replaced (one undo brings it back); no other file is touched:\n${names.join('\n')}` },
    )) === 'Restore';
  if (!go) return { status: 'cancelled', message: 'Nothing was restored.' };
  const we = new vscode.WorkspaceEdit();
  const changed: string[] = [];
  for (const f of cp.files) {
    const uri = vscode.Uri.parse(f.uri);
    const restricted = notOpenInRestrictedMode(uri);
    if (restricted) return { status: 'refused', code: 'untrusted', message: `${restricted} Nothing was restored.` };
    const doc = await openDocument(uri).catch(() => undefined);
    if (!doc) return { status: 'refused', code: 'no_target', message: `${displayName(uri)} cannot be opened (an untitled document that was closed?); nothing was restored.` };
    const text = doc.getText();
    const m = minimalEdit(text, read.texts.get(f.uri)!);
    if (m.start === m.end && m.text === '') continue;
    we.replace(uri, new vscode.Range(doc.positionAt(m.start), doc.positionAt(m.end)), m.text);
    changed.push(f.uri);
  }
  if (changed.length > 0 && !(await vscode.workspace.applyEdit(we))) return { status: 'refused', code: 'apply_failed', message: 'VS Code refused the edit; nothing was restored.' };
  if (r) store.markReverted(r.edits.filter((e) => e.revertedAt === undefined && changed.includes(e.uri)).map((e) => e.id));
  return {
    status: 'done',
    message: changed.length === 0 ? 'The files already match the checkpoint.' : `Restored ${changed.length} file${changed.length === 1 ? '' : 's'} to the checkpoint.`,
    files: changed,
  };
}

/** Restricted Mode edits only documents that are open (trustGate.ts): why `uri` may not be, or undefined. */
function notOpenInRestrictedMode(uri: vscode.Uri): string | undefined {
  const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  const why = open ? undefined : restrictedReason(vscode.workspace.isTrusted, 'closed_file');
  return why && `${displayName(uri)} is not open, and ${why}.`;
}
