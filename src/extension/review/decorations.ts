// What the editor shows of Fuzzy Edit's work. A pending edit: a bar in its tier kind's colour beside its lines
// (and a mark in the overview ruler), the lines it removes tinted red, and its new lines written beside them
// (inlinePreview.ts). Highlights (closest place, candidates, a found snippet): a background in their kind's
// colour. An applied edit: the lines it wrote stay tinted until the next change of that document, so a
// person sees what changed without having had to review it. Colours are contributed in package.json
// (`fuzzyEdit.*`). What was painted is kept per document (`rendered`) for the integration tests.
import * as vscode from 'vscode';
import type { TierKind } from '../../core';
import type { HighlightKind, Highlights } from './highlights';
import { previewOf, writtenLines, type PreviewLine } from './inlinePreview';
import type { PendingEdits } from './pendingEdits';

const KINDS: HighlightKind[] = ['exact', 'normalized', 'similarity', 'candidate'];
const TIER_KINDS: TierKind[] = ['exact', 'normalized', 'similarity'];

/** One decoration as painted: a highlight or pending bar (by kind), a removed or added line, a trace. */
export interface RenderedDecoration {
  kind: 'removed' | 'added' | 'trace' | `pending-${TierKind}` | `highlight-${HighlightKind}`;
  /** 0-based document line (the first line of a highlight). */
  line: number;
  /** For `added`: the new text shown beside the line. */
  text?: string;
}

function markType(kind: HighlightKind): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor(`fuzzyEdit.${kind}Background`),
    overviewRulerColor: new vscode.ThemeColor(`fuzzyEdit.${kind}OverviewRuler`),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
}

function barType(kind: TierKind): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderWidth: '0 0 0 3px',
    borderStyle: 'solid',
    borderColor: new vscode.ThemeColor(`fuzzyEdit.${kind}OverviewRuler`),
    overviewRulerColor: new vscode.ThemeColor(`fuzzyEdit.${kind}OverviewRuler`),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
  });
}

interface Trace {
  /** The document version the lines belong to: any later change ends the trace. */
  version: number;
  lines: number[];
}

export class Decorations implements vscode.Disposable {
  private readonly marks = new Map<HighlightKind, vscode.TextEditorDecorationType>();
  private readonly bars = new Map<TierKind, vscode.TextEditorDecorationType>(TIER_KINDS.map((k) => [k, barType(k)]));
  private readonly removedType = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('fuzzyEdit.removedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('fuzzyEdit.removedOverviewRuler'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly addedType = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('fuzzyEdit.addedForeground'),
      backgroundColor: new vscode.ThemeColor('fuzzyEdit.addedBackground'),
      margin: '0 0 0 2em',
    },
  });
  private readonly traceType = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('fuzzyEdit.appliedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('fuzzyEdit.exactOverviewRuler'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly traces = new Map<string, Trace>();
  private readonly painted = new Map<string, RenderedDecoration[]>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly pending: PendingEdits,
    private readonly highlights: Highlights,
  ) {
    this.disposables.push(
      pending.onDidChange(() => this.refreshAll()),
      highlights.onDidChange(() => this.refreshAll()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refreshAll()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        const key = e.document.uri.toString();
        const trace = this.traces.get(key);
        if (trace && e.contentChanges.length > 0 && e.document.version > trace.version) {
          this.traces.delete(key);
          this.refreshAll();
        }
      }),
      // A document opened again starts its versions over: an old trace must not match them.
      vscode.workspace.onDidCloseTextDocument((doc) => this.traces.delete(doc.uri.toString())),
    );
  }

  private mark(kind: HighlightKind): vscode.TextEditorDecorationType {
    let t = this.marks.get(kind);
    if (!t) this.marks.set(kind, (t = markType(kind)));
    return t;
  }

  refreshAll(): void {
    this.painted.clear();
    for (const editor of vscode.window.visibleTextEditors) this.refresh(editor);
  }

  /** What was painted in the visible editors of `uri` at the last refresh. */
  rendered(uri: vscode.Uri): RenderedDecoration[] {
    return [...(this.painted.get(uri.toString()) ?? [])];
  }

  private refresh(editor: vscode.TextEditor): void {
    const doc = editor.document;
    const painted: RenderedDecoration[] = [];
    const toRange = (start: number, end: number) => new vscode.Range(doc.positionAt(start), doc.positionAt(end));
    const lineRange = (l: PreviewLine) => doc.lineAt(Math.min(l.line, doc.lineCount - 1)).range;

    const marks = new Map<HighlightKind, vscode.Range[]>(KINDS.map((k) => [k, []]));
    for (const h of this.highlights.get(doc.uri)) {
      marks.get(h.kind)!.push(toRange(h.start, h.end));
      painted.push({ kind: `highlight-${h.kind}`, line: doc.positionAt(h.start).line });
    }
    for (const kind of KINDS) {
      const list = marks.get(kind)!;
      if (list.length > 0 || this.marks.has(kind)) editor.setDecorations(this.mark(kind), list);
    }

    const bars = new Map<TierKind, vscode.Range[]>(TIER_KINDS.map((k) => [k, []]));
    const removed: vscode.Range[] = [];
    const added: vscode.DecorationOptions[] = [];
    for (const p of this.pending.forDocument(doc.uri)) {
      for (const s of p.spans) {
        const preview = previewOf(doc, s);
        for (const l of preview.span) {
          bars.get(p.kind)!.push(lineRange(l));
          painted.push({ kind: `pending-${p.kind}`, line: l.line });
        }
        for (const l of preview.removed) {
          removed.push(lineRange(l));
          painted.push({ kind: 'removed', line: l.line });
        }
        for (const l of preview.added) {
          const end = lineRange(l).end;
          added.push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: l.text } } });
          painted.push({ kind: 'added', line: l.line, text: l.text });
        }
      }
    }
    for (const [kind, list] of bars) editor.setDecorations(this.bars.get(kind)!, list);
    editor.setDecorations(this.removedType, removed);
    editor.setDecorations(this.addedType, added);

    const trace = this.traces.get(doc.uri.toString());
    const traced = trace && trace.version === doc.version ? trace.lines.filter((l) => l < doc.lineCount) : [];
    editor.setDecorations(this.traceType, traced.map((line) => doc.lineAt(line).range));
    for (const line of traced) painted.push({ kind: 'trace', line });

    // A document shown in two editors is painted twice, the same way: kept once.
    if (!this.painted.has(doc.uri.toString())) this.painted.set(doc.uri.toString(), painted);
  }

  /**
   * Marks the lines an applied edit wrote until the document next changes. `after`: where each new text
   * stands now; `original`: the text each one replaced (same order).
   */
  trace(uri: vscode.Uri, written: readonly { after: { start: number; end: number }; original: string }[]): void {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!doc || written.length === 0) return;
    const lines = new Set<number>();
    for (const w of written) for (const l of writtenLines(doc, w.after, w.original)) lines.add(l);
    const key = uri.toString();
    const earlier = this.traces.get(key);
    // Two applies of one request into one document (e.g. the file edited twice) add up; an older trace is gone.
    if (earlier && earlier.version === doc.version) for (const l of earlier.lines) lines.add(l);
    this.traces.set(key, { version: doc.version, lines: [...lines].sort((a, b) => a - b) });
    this.refreshAll();
  }

  dispose(): void {
    for (const t of this.marks.values()) t.dispose();
    for (const t of this.bars.values()) t.dispose();
    this.removedType.dispose();
    this.addedType.dispose();
    this.traceType.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
