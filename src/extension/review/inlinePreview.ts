// A pending edit shown in the editor itself, the way inline chat shows a proposal: the lines it removes or
// rewrites (marked where they stand) and the new lines (shown beside them), read from the document as it is
// now and the span's new text. And, after an edit is written, the lines it wrote (its trace).
import * as vscode from 'vscode';
import { lineChanges, runLabel } from './lineChanges';

/** A document line (0-based) and, for an added run, the text shown beside it. */
export interface PreviewLine {
  line: number;
  text?: string;
}

export interface Preview {
  /** Lines the edit removes or rewrites. */
  removed: PreviewLine[];
  /** New lines, each run beside one document line. */
  added: PreviewLine[];
  /** Every line of the span (the tier bar). */
  span: PreviewLine[];
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

/**
 * The whole lines around [start, end): from the start of its first line to the end of its last one. A span
 * that ends at the start of a line (it took a whole line and its line break) stops there.
 */
function lineRegion(doc: vscode.TextDocument, start: number, end: number): { first: number; from: number; to: number } {
  const first = doc.positionAt(start).line;
  const endPos = doc.positionAt(end);
  const to = end > start && endPos.character === 0 ? end : doc.offsetAt(doc.lineAt(endPos.line).range.end);
  return { first, from: doc.offsetAt(doc.lineAt(first).range.start), to };
}

/** The text at [from, to): only those lines are read (the whole text of a 100,000-line document, read for each of
 * 200 edits, held the extension host for seconds). */
function regionText(doc: vscode.TextDocument, from: number, to: number): string {
  return doc.getText(new vscode.Range(doc.positionAt(from), doc.positionAt(to)));
}

function lines(text: string): string[] {
  const list = text.split(/\r\n|\r|\n/);
  if (list.length > 1 && list[list.length - 1] === '') list.pop();
  return list;
}

/** What a pending span will do, in document lines. */
export function previewOf(doc: vscode.TextDocument, span: Replacement): Preview {
  const { first, from, to } = lineRegion(doc, span.start, span.end);
  const before = regionText(doc, from, to);
  const after = before.slice(0, span.start - from) + span.text + before.slice(span.end - from);
  const changes = lineChanges(lines(before), lines(after));
  const spanLines = lines(before).map((_, i) => ({ line: first + i }));
  return {
    removed: changes.removed.map((i) => ({ line: first + i })),
    added: changes.runs.map((run) => ({ line: first + run.at, text: runLabel(run) })),
    span: spanLines,
  };
}

/**
 * The lines an applied edit wrote, in the document after it: `after` is where its new text stands now,
 * `original` the text it replaced. A pure deletion marks the line where it happened.
 */
export function writtenLines(doc: vscode.TextDocument, after: { start: number; end: number }, original: string): number[] {
  const { first, from, to } = lineRegion(doc, after.start, after.end);
  const now = regionText(doc, from, to);
  const was = now.slice(0, after.start - from) + original + now.slice(after.end - from);
  const added = lineChanges(lines(was), lines(now)).addedInNew.map((i) => first + i);
  return added.length > 0 ? added : [first];
}
