// Which lines an edit removes and which it adds, for showing it inside the editor: the removed lines are
// marked where they stand, and each added line is shown beside a line that is there (an editor line cannot
// be inserted by an extension without proposed API). Pure (no `vscode`): unit-tested in test/unit.
import { diffArrays } from 'diff';
import { runsOf } from '../../core/lineRuns';
import { pushAll } from '../../core/arrays';

/** Added lines shown beside line `at` of the old text. */
export interface AddedRun {
  /** 0-based line of the old text the run is shown on. */
  at: number;
  /** The new lines, in order. */
  lines: string[];
  /** `replaces`: shown on a removed line it takes the place of; `inserted`: goes after the kept line `at`; `above`: goes before line `at` (an insertion at the very start). */
  role: 'replaces' | 'inserted' | 'above';
}

export interface LineChanges {
  /** 0-based lines of the old text that the edit removes (or rewrites). */
  removed: number[];
  /** 0-based lines of the new text that are not in the old one: where a written edit leaves its trace. */
  addedInNew: number[];
  /** The added lines, anchored on old lines for display. */
  runs: AddedRun[];
}

/** Beyond this many differing lines the diff stops (its work is bounded) and the whole block counts as rewritten. */
const MAX_EDIT_LENGTH = 400;

/**
 * Compares the old lines with the new ones. A hunk of r removed and a added lines shows added line k beside
 * removed line k; when a > r the rest join the last removed line. A pure insertion is shown after the kept
 * line above it. When the two differ in more than MAX_EDIT_LENGTH lines, every old line is removed and every
 * new line added (shown beside the last old line).
 */
export function lineChanges(oldLines: readonly string[], newLines: readonly string[]): LineChanges {
  const parts = diffArrays([...oldLines], [...newLines], { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: [...oldLines], removed: true, added: false, count: oldLines.length },
    { value: [...newLines], removed: false, added: true, count: newLines.length },
  ];
  const removed: number[] = [];
  const addedInNew: number[] = [];
  const runs: AddedRun[] = [];
  let oldAt = 0;
  let newAt = 0;
  let hunkRemoved: number[] = [];
  let hunkAdded: string[] = [];
  const flush = () => {
    if (hunkAdded.length > 0) {
      if (hunkRemoved.length > 0) {
        hunkAdded.forEach((line, k) => {
          const at = hunkRemoved[Math.min(k, hunkRemoved.length - 1)];
          const last = runs[runs.length - 1];
          if (last && last.at === at && last.role === 'replaces') last.lines.push(line);
          else runs.push({ at, lines: [line], role: 'replaces' });
        });
      } else {
        // After the kept line above; at the very start, before the first old line (and said so).
        runs.push(oldAt > 0 ? { at: oldAt - 1, lines: hunkAdded, role: 'inserted' } : { at: 0, lines: hunkAdded, role: 'above' });
      }
    }
    hunkRemoved = [];
    hunkAdded = [];
  };
  // Hunks end at lines both sides keep; a removed part and an added part in either order belong to one hunk.
  for (const run of runsOf(parts)) {
    if (run.kind === 'same') {
      flush();
      oldAt += run.count;
      newAt += run.count;
      continue;
    }
    for (let i = 0; i < run.removed; i++) hunkRemoved.push(oldAt + i);
    pushAll(removed, hunkRemoved.slice(hunkRemoved.length - run.removed));
    for (let i = 0; i < run.added; i++) addedInNew.push(newAt + i);
    pushAll(hunkAdded, newLines.slice(newAt, newAt + run.added));
    oldAt += run.removed;
    newAt += run.added;
  }
  flush();
  return { removed, addedInNew, runs };
}

/**
 * How a run reads beside a line: "→ new" for a line it replaces, "+ new" for one inserted after it ("+ above
 * this line: new" before the first line), several lines
 * joined by " ⏎ ", leading indentation dropped (the line it sits beside shows where it goes), cut at `max`.
 */
export function runLabel(run: AddedRun, max = 160): string {
  const body = run.lines.map((l) => l.trim() || '(blank line)').join('  ⏎  ');
  const text = `${run.role === 'replaces' ? '→' : run.role === 'above' ? '+ above this line:' : '+'} ${body}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
