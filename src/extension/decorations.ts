// Paints pending spans in their tier kind's colour (with overview-ruler marks), highlights in theirs,
// and flashes spans just applied. Colours are contributed in package.json (`fuzzyEdit.*`).
import * as vscode from 'vscode';
import type { TierKind } from '../core';
import type { HighlightKind, Highlights } from './highlights';
import type { PendingEdits } from './pendingEdits';

const KINDS: HighlightKind[] = ['exact', 'normalized', 'similarity', 'candidate'];
const FLASH_MS = 800;

function markType(kind: HighlightKind): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor(`fuzzyEdit.${kind}Background`),
    overviewRulerColor: new vscode.ThemeColor(`fuzzyEdit.${kind}OverviewRuler`),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
}

export class Decorations implements vscode.Disposable {
  private readonly marks = new Map<HighlightKind, vscode.TextEditorDecorationType>();
  private readonly flashes = new Map<TierKind, vscode.TextEditorDecorationType>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly pending: PendingEdits,
    private readonly highlights: Highlights,
  ) {
    this.disposables.push(
      pending.onDidChange(() => this.refreshAll()),
      highlights.onDidChange(() => this.refreshAll()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refreshAll()),
    );
  }

  private mark(kind: HighlightKind): vscode.TextEditorDecorationType {
    let t = this.marks.get(kind);
    if (!t) this.marks.set(kind, (t = markType(kind)));
    return t;
  }

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.refresh(editor);
  }

  private refresh(editor: vscode.TextEditor): void {
    const doc = editor.document;
    const ranges = new Map<HighlightKind, vscode.Range[]>(KINDS.map((k) => [k, []]));
    const toRange = (start: number, end: number) => new vscode.Range(doc.positionAt(start), doc.positionAt(end));
    for (const p of this.pending.forDocument(doc.uri)) for (const s of p.spans) ranges.get(p.kind)!.push(toRange(s.start, s.end));
    for (const h of this.highlights.get(doc.uri)) ranges.get(h.kind)!.push(toRange(h.start, h.end));
    for (const kind of KINDS) {
      const list = ranges.get(kind)!;
      if (list.length > 0 || this.marks.has(kind)) editor.setDecorations(this.mark(kind), list);
    }
  }

  /** Shows the applied spans in their tier colour once. */
  flash(uri: vscode.Uri, spans: readonly { start: number; end: number }[], kind: TierKind): void {
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === uri.toString());
    if (editors.length === 0 || spans.length === 0) return;
    let type = this.flashes.get(kind);
    if (!type) {
      type = vscode.window.createTextEditorDecorationType({ backgroundColor: new vscode.ThemeColor(`fuzzyEdit.${kind}Background`) });
      this.flashes.set(kind, type);
    }
    const t = type;
    for (const e of editors) e.setDecorations(t, spans.map((s) => new vscode.Range(e.document.positionAt(s.start), e.document.positionAt(s.end))));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      for (const e of editors) e.setDecorations(t, []);
    }, FLASH_MS);
    this.timers.add(timer);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    for (const t of this.marks.values()) t.dispose();
    for (const t of this.flashes.values()) t.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
