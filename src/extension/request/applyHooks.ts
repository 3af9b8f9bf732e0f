// Observers of the one place where a request's edits are written (applyBatch in applyEdits.ts): the history
// records what was applied, and may take a checkpoint right before. Observers never block an edit: a
// failing observer is logged and skipped.
import type * as vscode from 'vscode';
import type { AppliedItem, ApplyItem } from './applyItems';

export interface ApplyObserver {
  /**
   * After every check, right before the WorkspaceEdit is applied (e.g. a checkpoint). Its result is handed to
   * `applied`. `textOf` gives a document's text as the edits were checked against it (already read: reading a
   * 100,000-line document again costs the extension host 10-25 ms).
   */
  before?(items: readonly ApplyItem[], docs: readonly vscode.TextDocument[], textOf: (doc: vscode.TextDocument) => string): Promise<unknown> | unknown;
  /** After the WorkspaceEdit was applied: `docs` hold the new text. */
  applied?(applied: readonly AppliedItem[], docs: readonly vscode.TextDocument[], token: unknown): void;
}

const observers = new Set<ApplyObserver>();

export function observeApply(observer: ApplyObserver): { dispose(): void } {
  observers.add(observer);
  return { dispose: () => observers.delete(observer) };
}

export type BeforeApply = { ok: true; docs: vscode.TextDocument[]; tokens: Map<ApplyObserver, unknown> } | { ok: false; message: string };

export async function beforeApply(items: readonly ApplyItem[], docs: Iterable<vscode.TextDocument>, textOf: (doc: vscode.TextDocument) => string): Promise<BeforeApply> {
  const list = [...docs];
  const tokens = new Map<ApplyObserver, unknown>();
  if (![...observers].some((o) => o.before)) return { ok: true, docs: list, tokens };
  const versions = list.map((d) => d.version);
  for (const o of observers) {
    if (!o.before) continue;
    try {
      // Each observer is awaited: a document typed into meanwhile is caught below, and `textOf` is still its text.
      tokens.set(o, await o.before(items, list, textOf));
    } catch (err) {
      console.error('Fuzzy Edit: an apply observer failed before applying', err);
    }
  }
  // The WorkspaceEdit was built for these versions: a document typed into meanwhile must not get it.
  if (list.some((d, i) => d.version !== versions[i])) {
    return { ok: false, message: 'A document changed while the checkpoint was taken; nothing was applied. Try again.' };
  }
  return { ok: true, docs: list, tokens };
}

export function afterApply(applied: readonly AppliedItem[], before: BeforeApply): void {
  if (!before.ok) return;
  for (const o of observers) {
    try {
      o.applied?.(applied, before.docs, before.tokens.get(o));
    } catch (err) {
      console.error('Fuzzy Edit: an apply observer failed after applying', err);
    }
  }
}
