// Edits to one file are each matched against the file's original text (batch.ts). A request written as a
// sequence (Claude's MultiEdit, aider's blocks: each edit applied to the text the one before left) can have an
// edit whose old text is what an earlier edit writes: undoing it, editing the line it added, changing it again.
// Matched against the original, such an edit finds the text the earlier edit replaced (reported "applied
// already", and dropped), or a look-alike elsewhere (written there): never what was meant. It is refused instead.

import { toLF } from './needle';
import type { ReplaceEdit } from './formats/types';

/** Earlier edits looked at per line of an old text: a line every edit writes (`}`) is never the longest one. */
const MAX_WRITERS_PER_LINE = 8;

/**
 * For each edit (by its place in `edits`) whose old text an earlier edit of `indexes` writes — it stands in that
 * edit's new text more often than in its old text — the earlier edit's place. Linear in the texts: each new
 * text's lines are listed once, and an old text is looked for only in the few new texts holding its longest line.
 */
export function dependentEdits(indexes: readonly number[], edits: readonly { kind: string }[]): Map<number, number> {
  const writers = new Map<string, number[]>();
  const dependent = new Map<number, number>();
  const before: number[] = [];
  for (const k of indexes) {
    const edit = edits[k] as ReplaceEdit;
    if (typeof edit.oldString !== 'string' || typeof edit.newString !== 'string') continue;
    const old = toLF(edit.oldString).trim();
    const longest = old.split('\n').reduce((a, l) => (l.trim().length > a.length ? l.trim() : a), '');
    // A replace-all (a rename) is any part of a line: every earlier edit is looked at. (Each such edit scans the
    // whole file for its places anyway: this adds the request's new texts to that.)
    const candidates = edit.replaceAll ? before : longest ? (writers.get(longest) ?? []) : [];
    for (const m of candidates) {
      const earlier = edits[m] as ReplaceEdit;
      if (old && count(toLF(earlier.newString), old) > count(toLF(earlier.oldString), old)) {
        dependent.set(k, m);
        break;
      }
    }
    before.push(k);
    for (const line of new Set(toLF(edit.newString).split('\n').map((l) => l.trim()))) {
      if (!line) continue;
      const list = writers.get(line);
      if (!list) writers.set(line, [k]);
      else if (list.length < MAX_WRITERS_PER_LINE) list.push(k);
    }
  }
  return dependent;
}

/** Occurrences of `part` in `text` (`part` non-empty). */
function count(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}
