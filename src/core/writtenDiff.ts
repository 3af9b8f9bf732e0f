// What an edit actually writes, as a compact unified diff with the file's own line numbers: the answer an agent
// reads back ("here is the snippet after your edit") and what a person reviews. Built from the spans alone, so
// it costs the size of the change, not of the file.

import { structuredPatch } from 'diff';
import type { SpanEdit } from './types';

/** A unified diff of `edits` (in document order, non-overlapping) applied to `content`, `context` lines around each. */
export function writtenDiff(content: string, edits: readonly SpanEdit[], context = 2): string {
  const lineStarts = startsOfLines(content);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lineEnd = (line: number) => (line + 1 < lineStarts.length ? lineStarts[line + 1] : content.length);
  const out: string[] = [];
  let shift = 0; // lines the edits so far added (or removed, negative)
  for (const edit of edits) {
    const first = Math.max(0, lineAt(edit.start) - context);
    const last = Math.min(lineStarts.length - 1, lineAt(Math.max(edit.start, edit.end - 1)) + context);
    const from = lineStarts[first];
    const to = lineEnd(last);
    const before = lf(content.slice(from, to));
    const after = lf(content.slice(from, edit.start) + edit.text + content.slice(edit.end, to));
    for (const hunk of structuredPatch('', '', before, after, '', '', { context }).hunks) {
      const oldStart = hunk.oldStart + first;
      const newStart = hunk.newStart + first + shift;
      out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`, ...hunk.lines.filter((l) => !l.startsWith('\\')));
    }
    shift += lineCount(after) - lineCount(before);
  }
  return out.join('\n');
}

function startsOfLines(content: string): number[] {
  const starts = [0];
  for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function lf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
