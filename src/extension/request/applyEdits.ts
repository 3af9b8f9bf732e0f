// Applies resolved edits as ONE WorkspaceEdit (one undo, across files), with the request's file operations
// (create, delete, move) after its text edits. Before writing, every document's version (and the text under
// each span) is checked against the one resolved; a changed document is re-resolved, and when the answer
// differs the user is asked. Any refusal leaves every buffer and file untouched.
import * as vscode from 'vscode';
import type { FindResult } from '../../core';
import type { AppliedItem, ApplyItem } from './applyItems';
import { afterApply, beforeApply } from './applyHooks';
import { addFileChange, recheckFileChanges, type FileChange } from './fileOps';
import { showMessage } from '../messages/notify';
import type { RefusalCode } from './outcome';
import { overlapping, resolveText, sameSpans, type Span } from './resolve';
import { displayName, openDocument, readOnlyReason } from './targets';
import { formatLines } from '../review/tierInfo';

export type BatchResult =
  | { ok: true; applied: AppliedItem[] }
  | { ok: false; code: RefusalCode; message: string; index?: number; result?: FindResult };

export interface BatchOptions {
  /** Answer to "the document changed; apply at the new place?" without asking (tests, API). */
  confirm?: boolean;
}

export async function applyBatch(items: readonly ApplyItem[], options: BatchOptions = {}, files: readonly FileChange[] = []): Promise<BatchResult> {
  if (items.length === 0 && files.length === 0) return { ok: true, applied: [] };
  const docs = new Map<string, vscode.TextDocument>();
  for (const item of items) {
    const key = item.uri.toString();
    if (!docs.has(key)) {
      let doc: vscode.TextDocument | undefined;
      try {
        doc = await openDocument(item.uri);
      } catch (err) {
        return { ok: false, code: 'no_target', index: item.index, message: `Cannot open ${displayName(item.uri)}: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (!doc) return { ok: false, code: 'no_target', index: item.index, message: `${displayName(item.uri)} was closed; nothing was changed.` };
      docs.set(key, doc);
    }
  }
  for (const doc of docs.values()) {
    const reason = readOnlyReason(doc);
    if (reason) return { ok: false, code: 'read_only', message: reason };
  }

  // The disk may have changed while the request's confirmation was open: checked before the spans are settled,
  // so that the version checks below still cover every wait until the WorkspaceEdit is applied.
  const stale = await recheckFileChanges(files);
  if (stale) return { ok: false, ...stale };

  // Re-resolve what was resolved against an older version of its document.
  const spansOf = new Map<ApplyItem, Span[]>();
  const moved: string[] = [];
  // Each document's text and version, read once (its items share them): the spans are checked against it, the
  // checkpoint keeps it, and the history fingerprints the text after the request from it.
  const read = new Map<string, { text: string; version: number }>();
  for (const item of items) {
    const doc = docs.get(item.uri.toString())!;
    let was = read.get(doc.uri.toString());
    if (!was) read.set(doc.uri.toString(), (was = { text: doc.getText(), version: doc.version }));
    const { text } = was;
    // Same version and the same text under every span (a document closed and reopened restarts its versions).
    if (doc.version === item.version && item.spans.every((sp) => text.slice(sp.start, sp.end) === sp.original)) {
      // A copy: the pending store shifts its own spans while the edit is applied.
      spansOf.set(item, item.spans.map((sp) => ({ ...sp })));
      continue;
    }
    const fresh = resolveText(text, item.edit, item.options);
    if (fresh.kind !== 'ok') {
      const why = fresh.kind === 'already_applied' ? 'it now looks already applied' : fresh.message;
      return {
        ok: false,
        code: fresh.kind === 'already_applied' ? 'already_applied' : fresh.code,
        index: item.index,
        result: fresh.kind === 'refused' ? fresh.result : undefined,
        message: `${displayName(item.uri)} changed since edit ${item.index + 1} was resolved, and it no longer applies: ${why}`,
      };
    }
    spansOf.set(item, fresh.spans);
    if (!sameSpans(fresh.spans, item.spans)) {
      const was = item.spans[0];
      const now = fresh.spans[0];
      moved.push(
        `Edit ${item.index + 1} in ${displayName(item.uri)}: ${formatLines(was.match.startLine, was.match.endLine)} → ${formatLines(now.match.startLine, now.match.endLine)} (${now.match.tier})`,
      );
    }
  }
  if (moved.length > 0) {
    const go =
      options.confirm ??
      (await showMessage(
        'warning',
        'The document changed since the edit was resolved, and the edit now resolves differently. Apply it where it resolves now?',
        ['Apply'],
        { detail: moved.join('\n') },
      )) === 'Apply';
    if (!go) return { ok: false, code: 'cancelled', message: 'Not applied: the document changed and the new resolution was not confirmed.' };
    for (const doc of docs.values()) {
      if (doc.version !== read.get(doc.uri.toString())!.version) {
        return { ok: false, code: 'cancelled', message: `${displayName(doc.uri)} changed again while asking; nothing was applied.` };
      }
    }
  }

  // One WorkspaceEdit for everything; spans of one document must not overlap.
  const we = new vscode.WorkspaceEdit();
  const perDoc = new Map<string, { item: ApplyItem; span: Span }[]>();
  for (const item of items) {
    const list = perDoc.get(item.uri.toString()) ?? [];
    for (const span of spansOf.get(item)!) list.push({ item, span });
    perDoc.set(item.uri.toString(), list);
  }
  for (const [key, list] of perDoc) {
    if (overlapping(list.map((x) => x.span))) {
      return { ok: false, code: 'overlap', message: `Two edits overlap in ${displayName(docs.get(key)!.uri)}; nothing was applied. Apply them one at a time.` };
    }
    const doc = docs.get(key)!;
    for (const { span } of list) we.replace(doc.uri, new vscode.Range(doc.positionAt(span.start), doc.positionAt(span.end)), span.text);
  }
  // Text edits first: a move comes after the edits of the file it moves (the edits were resolved against its source).
  for (const change of files) addFileChange(we, change);
  // Observers (the history's checkpoint) see the text edits right before they are written; the history records
  // text edits only, so a request of file operations alone is not shown to them.
  const hooks = items.length > 0 ? await beforeApply(items, docs.values(), (doc) => read.get(doc.uri.toString())?.text ?? doc.getText()) : undefined;
  if (hooks && !hooks.ok) return { ok: false, code: 'cancelled', message: hooks.message };
  let ok: boolean;
  try {
    ok = await vscode.workspace.applyEdit(we);
  } catch (err) {
    return { ok: false, code: 'apply_failed', message: `VS Code refused the edit: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!ok) return { ok: false, code: 'apply_failed', message: 'VS Code refused the edit (is the document read-only?); nothing was changed.' };

  // Where the new text stands now.
  const after = new Map<Span, { start: number; end: number }>();
  for (const list of perDoc.values()) {
    let delta = 0;
    for (const { span } of [...list].sort((a, b) => a.span.start - b.span.start)) {
      after.set(span, { start: span.start + delta, end: span.start + delta + span.text.length });
      delta += span.text.length - (span.end - span.start);
    }
  }
  const applied = items.map((item) => ({ item, spans: spansOf.get(item)!, after: spansOf.get(item)!.map((s) => after.get(s)!), before: read.get(item.uri.toString())! }));
  if (hooks) afterApply(applied, hooks); // the history records the request
  return { ok: true, applied };
}
