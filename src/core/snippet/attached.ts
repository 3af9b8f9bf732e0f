// Lines that belong to the line below them: a doc comment, a decorator, a comment right above a function. A new
// method the snippet puts before an existing one goes above those, never between them and their function: placed
// after the marker's lines, it took the next method's JSDoc for its own (and with `@property`, its decorator).

import type { SourceText } from '../document';
import { isBlank } from '../normalize';
import type { Op } from './align';
import type { SnippetLines } from './snippetLines';

/** A comment or decorator line (`/**`, ` * x`, ` *\/`, `// x`, `# x`, `@cached`, `@Input()`). */
function isAttachable(line: string): boolean {
  return /^\s*(?:\/\*|\*|\/\/|#(?!!)|@[\w$.]+)/.test(line);
}

/**
 * The ops with each run of new lines that stands between a marker's lines and a kept unit head moved above the
 * comment and decorator lines right above that head (no blank line between them and it), when the marker's lines
 * end with them and the new lines stand beside the head (no deeper than it). The marker's lines are split in two (each part keeps the file's lines as they are), and a blank new
 * line that opened the run is dropped when the lines above already end in a blank one.
 */
export function newLinesAboveAttached(doc: SourceText, snip: SnippetLines, ops: Op[]): Op[] {
  const out: Op[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op.kind !== 'elide' || op.to < op.from) {
      out.push(op);
      continue;
    }
    let end = i + 1;
    while (end < ops.length && ops[end].kind === 'insert') end++;
    const next = ops[end];
    const inserted = ops.slice(i + 1, end) as Array<Extract<Op, { kind: 'insert' }>>;
    // Only before a unit's head (a line that opens a block), with new lines that are units beside it, not a block
    // wrapped around it (`if flag:` above a kept statement keeps the statement's comments inside it).
    const first = inserted.find((o) => !snip.blank[o.j]);
    if (next?.kind !== 'keep' || next.f !== op.to + 1 || !first || !/[{:]\s*$/.test(doc.line(next.f)) || snip.widths[first.j] > snip.widths[next.j]) {
      out.push(op);
      continue;
    }
    let top = op.to;
    while (top >= op.from && !isBlank(doc.line(top)) && isAttachable(doc.line(top))) top--;
    if (top === op.to) {
      out.push(op);
      continue;
    }
    const above: Op = { kind: 'elide', j: op.j, from: op.from, to: top };
    const run = top >= op.from && isBlank(doc.line(top)) && snip.blank[inserted[0].j] ? inserted.slice(1) : inserted;
    out.push(above, ...run, { kind: 'elide', j: op.j, from: top + 1, to: op.to });
    i = end - 1;
  }
  return out;
}
