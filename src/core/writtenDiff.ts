// What an edit actually writes, as a compact unified diff with the file's own line numbers: the answer an agent
// reads back ("here is the snippet after your edit") and what a person reviews. Built from the spans alone, so
// it costs the size of the change, not of the file.

import type { LineNumbers } from './document';
import { boundedPatch, lineCount } from './patch';
import { pushAll } from './arrays';
import { spliceAll } from './splice';
import type { SpanEdit } from './types';

/**
 * A unified diff of `edits` (in document order, non-overlapping) applied to `doc`, `context` lines around each.
 * Line numbers come from the document's own line index (built on first use, shared with the engine's).
 */
export function writtenDiff(doc: Pick<LineNumbers, 'content' | 'lineAt' | 'lineStart' | 'lineCount'>, edits: readonly SpanEdit[], context = 2): string {
  const { content } = doc;
  const out: string[] = [];
  let shift = 0; // lines the edits so far added (or removed, negative)
  const lastLineOf = (edit: SpanEdit) => doc.lineAt(Math.max(edit.start, edit.end - 1));
  for (let i = 0; i < edits.length; ) {
    // Edits whose context would touch or overlap are diffed together: apart, their hunks would repeat lines (an
    // edit applied in several places listed `@@ -1,3` then `@@ -1,4`), and a reader could not apply them in turn.
    let j = i;
    let lastEdited = lastLineOf(edits[i]);
    while (j + 1 < edits.length && doc.lineAt(edits[j + 1].start) - context <= lastEdited + context + 1) {
      j++;
      lastEdited = Math.max(lastEdited, lastLineOf(edits[j]));
    }
    const group = edits.slice(i, j + 1);
    i = j + 1;
    const first = Math.max(0, doc.lineAt(group[0].start) - context);
    // The last line only bounds the work: a wider slice diffs to the same hunks (structuredPatch keeps `context`
    // lines itself), so mutants that widen it are equivalent.
    // Stryker disable next-line MethodExpression,ArithmeticOperator: widening the slice changes no output
    const last = Math.min(doc.lineCount - 1, lastEdited + context);
    const from = doc.lineStart(first);
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression,EqualityOperator: as above
    const to = last + 1 < doc.lineCount ? doc.lineStart(last + 1) : content.length;
    const slice = content.slice(from, to);
    const before = lf(slice);
    const after = lf(spliceAll(slice, group.map((e) => ({ start: e.start - from, end: e.end - from, text: e.text }))));
    // Stryker disable next-line StringLiteral: file names and headers are not part of the hunks used here
    for (const hunk of boundedPatch('', '', before, after, context).hunks) {
      // A side with no lines names the line before the hunk (unified diff's convention; jsdiff's formatPatch does
      // the same, its structuredPatch does not).
      const oldStart = hunk.oldStart + first - (hunk.oldLines === 0 ? 1 : 0);
      const newStart = hunk.newStart + first + shift - (hunk.newLines === 0 ? 1 : 0);
      out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
      pushAll(out, hunk.lines.filter((l) => !l.startsWith('\\')));
    }
    shift += lineCount(after) - lineCount(before);
  }
  return out.join('\n');
}

function lf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

type DiffSource = Pick<LineNumbers, 'content' | 'lineAt' | 'lineStart' | 'lineCount'>;

/**
 * Each result's diff once read, and until then the spans it is written from; each spans list's text. Two weak
 * entries rather than one small object per result: a batch holds 10,000 results.
 */
const diffs = new WeakMap<object, string | readonly SpanEdit[]>();
const texts = new WeakMap<readonly SpanEdit[], DiffSource>();

/** One getter for every result: its diff is written on first read and kept. */
function readDiff(this: object): string {
  const known = diffs.get(this)!;
  if (typeof known === 'string') return known;
  const diff = writtenDiff(texts.get(known)!, known);
  diffs.set(this, diff);
  return diff;
}

/**
 * The same descriptor for every result. A getter closure of each result's own gives each result a hidden class of
 * its own and dictionary-mode fields, half a kilobyte each (a batch of 10,000 edits held 8 MB of them).
 */
const DIFF_PROPERTY: PropertyDescriptor = { enumerable: true, configurable: true, get: readDiff };

/**
 * `target` with a `diff` field: `writtenDiff(numbers, edits)`, written on first read and kept (an exact hit should
 * cost one scan of the file, and a batch of 10,000 edits need not diff them all). An own, enumerable field, so JSON
 * and spreading read it like a data field. It keeps the text's line numbers, never the search's document.
 */
export function withLazyDiff<T extends object>(target: T, numbers: DiffSource, edits: readonly SpanEdit[]): T & { readonly diff: string } {
  diffs.set(target, edits);
  texts.set(edits, numbers);
  return Object.defineProperty(target, 'diff', DIFF_PROPERTY) as T & { readonly diff: string };
}
