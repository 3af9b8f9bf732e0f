// Unified diffs of two texts with bounded work: jsdiff's patches (structuredPatch, createTwoFilesPatch) diff the
// lines with Myers' algorithm, whose work grows with lines × differing lines: the written diff of an edit that
// rewrote 2,000 lines took 0.4 s, of 20,000 lines most of a minute (measured 2026-11-28). jsdiff makes the patch
// while its diff stays within a bound (the same patch as before for every edit of ordinary size); past it the
// hunks are made here from lineDiff's bounded diff, the way jsdiff makes them.

import { structuredPatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import { lineDiff, maxEditLengthFor } from './lineDiff';

/**
 * The structured patch of `before` → `after` with `context` lines around each change (file names as given; 4 lines
 * by default, as createTwoFilesPatch).
 */
export function boundedPatch(oldName: string, newName: string, before: string, after: string, context = 4): StructuredPatch {
  const maxEditLength = maxEditLengthFor(lineCount(before) + lineCount(after));
  const patch = structuredPatch(oldName, newName, before, after, undefined, undefined, { context, maxEditLength });
  if (patch) return patch;
  return { oldFileName: oldName, newFileName: newName, oldHeader: undefined, newHeader: undefined, hunks: hunksOf(before, after, context) };
}

/** A text's lines, each with its line break (the last one without, when the text does not end with one). */
function linesWithBreaks(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Lines of `text` (one more than its line breaks). */
export function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * The hunks of the line diff of `before` and `after`: each change with `context` equal lines around it, changes
 * whose context would meet joined into one hunk; line numbers 1-based, a side's start counted as structuredPatch
 * counts it (the line after the context, even when that side has no lines).
 */
export function hunksOf(before: string, after: string, context: number): StructuredPatchHunk[] {
  const runs = lineDiff(linesWithBreaks(before), linesWithBreaks(after));
  const hunks: StructuredPatchHunk[] = [];
  let oldLine = 1;
  let newLine = 1;
  let open: { oldStart: number; newStart: number; lines: string[] } | undefined;
  runs.forEach((run, r) => {
    if (run.added || run.removed) {
      if (!open) {
        const prev = r > 0 ? runs[r - 1].value.slice(-context) : [];
        const lead = context > 0 ? prev : [];
        open = { oldStart: oldLine - lead.length, newStart: newLine - lead.length, lines: lead.map((l) => ` ${l}`) };
      }
      for (const l of run.value) open.lines.push(`${run.added ? '+' : '-'}${l}`);
      if (run.added) newLine += run.count;
      else oldLine += run.count;
      return;
    }
    if (open) {
      const last = r === runs.length - 1;
      if (!last && run.count <= context * 2) {
        for (const l of run.value) open.lines.push(` ${l}`);
      } else {
        const trail = run.value.slice(0, Math.min(run.count, context));
        for (const l of trail) open.lines.push(` ${l}`);
        hunks.push(closed(open, oldLine + trail.length, newLine + trail.length));
        open = undefined;
      }
    }
    oldLine += run.count;
    newLine += run.count;
  });
  if (open) hunks.push(closed(open, oldLine, newLine));
  return hunks;
}

/** The hunk's counts, and its lines without their breaks ("\ No newline at end of file" after a line that had none). */
function closed(open: { oldStart: number; newStart: number; lines: string[] }, oldEnd: number, newEnd: number): StructuredPatchHunk {
  const lines: string[] = [];
  for (const l of open.lines) {
    if (l.endsWith('\n')) lines.push(l.slice(0, -1));
    else lines.push(l, '\\ No newline at end of file');
  }
  return { oldStart: open.oldStart, oldLines: oldEnd - open.oldStart, newStart: open.newStart, newLines: newEnd - open.newStart, lines };
}
