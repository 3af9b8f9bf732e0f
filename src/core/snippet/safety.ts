// What applySnippet refuses after aligning, before and after writing: new lines with no place, deletions the
// snippet only implies, and — the post-condition — any written change to a line the snippet does not show.

import type { SourceText } from '../document';
import { EditError } from '../errors';
import { canonicalLine, indentOf, indentWidth, isBlank } from '../normalize';
import type { Op } from './align';
import { isCloser, opensBracket, type SnippetLines } from './snippetLines';
import { nonBlankLine } from './structure';

/** Lines a snippet may remove by leaving them out between two lines it keeps (a statement or two deleted). */
const MAX_PURE_DELETION = 3;

/**
 * New lines with an elision marker on both sides and no line of the file among them: the markers could share the
 * elided lines between them any way, so there is no telling where the new lines go.
 */
export function refuseUnplaced(snip: SnippetLines, ops: Op[]): void {
  let sinceMarker: number[] | undefined;
  for (const op of ops) {
    if (op.kind === 'elide') {
      if (sinceMarker?.length) {
        const j = sinceMarker[0];
        throw new EditError('not_found', `Snippet line ${j + 1} (\`${snip.lines[j].trim().slice(0, 80)}\`) stands between two elision markers with no line of the file next to it: there is no telling where it goes. Include a line around it that the file has.`);
      }
      sinceMarker = [];
    } else if (op.kind === 'keep' || op.kind === 'change') {
      sinceMarker = undefined;
    } else if (op.kind === 'insert' && sinceMarker && !snip.blank[op.j]) {
      sinceMarker.push(op.j);
    }
  }
}


/**
 * File lines removed between two lines the snippet keeps, with no new or changed line of the snippet there: a
 * deletion the snippet only implies by leaving lines out. One or a few lines are an edit (a statement removed);
 * more are more likely lines the snippet did not mean to show (a forgotten marker): refused.
 */
export function refuseUnshownDeletions(doc: SourceText, snip: SnippetLines, ops: Op[]): void {
  const run = deletionRuns(doc, snip, ops, (op) => op.kind === 'keep' || op.kind === 'elide').find((r) => !r.written && r.deleted.length > MAX_PURE_DELETION);
  if (run) {
    const { deleted } = run;
    throw new EditError(
      'invalid_input',
      `Applying the snippet would remove ${deleted.length} lines it does not show (lines ${deleted[0] + 1}–${deleted[deleted.length - 1] + 1}) and writes nothing in their place. Nothing was changed: add \`// ... existing code ...\` where lines stay.`,
    );
  }
}

/**
 * The non-blank file lines the ops delete, in runs that end at each op `endsRun` accepts, each with whether the
 * snippet writes anything (any other op but a deletion) within it. A closing line whose block the snippet removes
 * is not counted: it goes with the line that opened the block, which the snippet shows (see closersOfRemovedBlocks).
 */
function deletionRuns(doc: SourceText, snip: SnippetLines, ops: Op[], endsRun: (op: Op) => boolean): { deleted: number[]; written: boolean; inserted: number[] }[] {
  const runs = [{ deleted: [] as number[], written: false, inserted: [] as number[] }];
  const implied = closersOfRemovedBlocks(doc, snip, ops);
  for (const op of ops) {
    const run = runs[runs.length - 1];
    if (op.kind === 'delete') {
      if (!isBlank(doc.line(op.f)) && !implied.has(op.f)) run.deleted.push(op.f);
    } else if (endsRun(op)) runs.push({ deleted: [], written: false, inserted: [] });
    else {
      run.written = true;
      if (op.kind === 'insert') run.inserted.push(op.j);
    }
  }
  return runs;
}

/**
 * Deleted file lines that only close a block (`}`, `});`) whose opening line the snippet changes into a line that
 * opens nothing (`if (coupon.percentOff > 0) {` rewritten as `if (coupon.percentOff <= 0) return subtotal;`): a
 * function given whole and rewritten leaves out the closers of the blocks it took apart, and has shown what became
 * of them. A block whose opening line is deleted too is left out whole: its closer counts. The opening line is the
 * nearest line above at the closer's width, every line between deeper: one pass with a stack of the last line at
 * each open width (linear in the span).
 */
function closersOfRemovedBlocks(doc: SourceText, snip: SnippetLines, ops: Op[]): Set<number> {
  const implied = new Set<number>();
  const deletedClosers = ops.filter((op): op is Extract<Op, { kind: 'delete' }> => op.kind === 'delete' && isCloser(doc.line(op.f)));
  if (deletedClosers.length === 0) return implied;
  const opOf = new Map<number, Op>();
  for (const op of ops) if (op.kind === 'keep' || op.kind === 'change' || op.kind === 'delete') opOf.set(op.f, op);
  const closers = new Set(deletedClosers.map((op) => op.f));
  let from = Infinity;
  for (const f of opOf.keys()) from = Math.min(from, f);
  const to = deletedClosers[deletedClosers.length - 1].f;
  const open: Array<{ width: number; f: number }> = [];
  for (let f = from; f <= to; f++) {
    if (isBlank(doc.line(f))) continue;
    const width = doc.indentWidthOf(f);
    while (open.length > 0 && open[open.length - 1].width > width) open.pop();
    const above = open.length > 0 && open[open.length - 1].width === width ? open.pop()! : undefined;
    if (above && closers.has(f) && opensBracket(doc.line(above.f))) {
      const op = opOf.get(above.f);
      if (op?.kind === 'change' && !opensBracket(snip.lines[op.j])) implied.add(f);
    }
    open.push({ width, f });
  }
  return implied;
}

/**
 * File lines the snippet deletes by leaving them out — a run of deleted lines with nothing written in their place,
 * between lines it shows — named for review: a bare code block cannot say whether a line it skips is removed or
 * forgotten (a changed signature followed directly by the loop below `let sum = 0;`), so the person decides. So are
 * lines deleted where the snippet writes new lines unlike them (`resembles`): three new lines before a line that
 * stands twice, placed by its second copy, deleted the code between the copies.
 */
export function unshownDeletionNote(doc: SourceText, snip: SnippetLines, ops: Op[], resembles: (j: number, f: number) => boolean = () => true): string | undefined {
  // A changed line ends a run too: what the snippet writes after it does not stand in for a line left out before.
  const runs = deletionRuns(doc, snip, ops, (op) => op.kind !== 'insert');
  const left = runs.flatMap((r) => (r.written ? [] : r.deleted));
  const quote = (f: number) => `\`${doc.line(f).trim().slice(0, 60)}\``;
  const what = (lines: number[]) => (lines.length === 1 ? `line ${lines[0] + 1} (${quote(lines[0])})` : `${lines.length} lines (line ${lines[0] + 1}: ${quote(lines[0])}, …)`);
  if (left.length > 0) {
    return `the snippet leaves out ${what(left)} with no \`// ... existing code ...\` marker, so ${left.length === 1 ? 'it is' : 'they are'} deleted: a marker keeps ${left.length === 1 ? 'it' : 'them'}`;
  }
  const unlike = runs.flatMap((r) => r.deleted.filter((f) => !r.inserted.some((j) => resembles(j, f))));
  if (unlike.length === 0) return undefined;
  return `${what(unlike)} ${unlike.length === 1 ? 'is' : 'are'} deleted, and the new lines written in ${unlike.length === 1 ? 'its' : 'their'} place are unlike ${unlike.length === 1 ? 'it' : 'them'}: check that ${unlike.length === 1 ? 'it is' : 'they are'} meant to go`;
}

/**
 * A file line that opens a block, removed and written again elsewhere by the snippet, while lines of its block stay
 * paired with the snippet: the snippet's new code repeats that block's body and was placed by it, so the file's
 * unit would lose its body to the new one (a new method above another with the same body). A line moved alone (a
 * statement reordered) is an edit; a head moved away from its body is not.
 */
export function refuseMovedHeads(doc: SourceText, snip: SnippetLines, ops: Op[]): void {
  const inserted = new Set<string>();
  for (const op of ops) if (op.kind === 'insert' && snip.meaningful[op.j]) inserted.add(snip.keys[op.j]);
  const paired = new Set<number>();
  for (const op of ops) if (op.kind === 'keep' || op.kind === 'change') paired.add(op.f);
  for (const op of ops) {
    if (op.kind !== 'delete' || !inserted.has(doc.lineKey(canonicalLine, op.f))) continue;
    const width = indentWidth(indentOf(doc.line(op.f)));
    for (let f = op.f + 1; f < doc.lineCount; f++) {
      if (isBlank(doc.line(f))) continue;
      if (indentWidth(indentOf(doc.line(f))) <= width) break;
      if (paired.has(f)) {
        throw new EditError(
          'not_found',
          `The snippet writes \`${doc.line(op.f).trim().slice(0, 80)}\` (file line ${op.f + 1}) in another place, but the lines of its block stay where they are, paired with new code that repeats them: there is no telling which is the file's and which the new code. Nothing was changed: give the new code as an old → new edit, or with fewer of the lines it repeats.`,
        );
      }
    }
  }
}

/**
 * The post-condition: the file's lines the snippet keeps or elides are written exactly, in order, and every other
 * written line is one the snippet shows. Anything else means the merge would change what the snippet does not
 * show: refused.
 */
export function verify(doc: SourceText, snip: SnippetLines, ops: Op[], text: string): void {
  const written = text.replace(/\r\n/g, '\n').split('\n');
  const protectedLines: number[] = [];
  for (const op of ops) {
    if (op.kind === 'keep' && !isBlank(doc.line(op.f))) protectedLines.push(op.f);
    if (op.kind === 'elide') for (let f = op.from; f <= op.to; f++) if (!isBlank(doc.line(f))) protectedLines.push(f);
  }
  let at = 0;
  const writtenAt = new Map<number, number>();
  for (const f of protectedLines) {
    const line = doc.line(f);
    while (at < written.length && written[at] !== line) at++;
    if (at === written.length) throw unsafe(`file line ${f + 1}`);
    writtenAt.set(f, at);
    at++;
  }
  refuseBodiesTaken(doc, snip, ops, written, writtenAt);
  const shown = new Set(snip.keys.filter((k, j) => !snip.marker[j]));
  const keptText = new Set(protectedLines.map((f) => canonicalLine(doc.line(f))));
  for (const line of written) {
    if (isBlank(line)) continue;
    const key = canonicalLine(line);
    if (!shown.has(key) && !keptText.has(key)) throw unsafe(`\`${line.trim().slice(0, 80)}\``);
  }
}

/**
 * The post-condition on structure: a file line the snippet keeps (or elides) that opens a block is still followed
 * by a deeper line, unless the snippet itself shows it followed by none (a block it empties). A snippet placed by
 * lines that only look like its own takes a block's body away from its head: a new method after a marker, placed
 * by the `self.send_response(404)` it shares with another method's `if`, left that `if` with no body.
 */
function refuseBodiesTaken(doc: SourceText, snip: SnippetLines, ops: Op[], written: string[], writtenAt: ReadonlyMap<number, number>): void {
  const shownAs = new Map<number, number>();
  for (const op of ops) if (op.kind === 'keep') shownAs.set(op.f, op.j);
  const width = (line: string) => indentWidth(indentOf(line));
  for (const [f, w] of writtenAt) {
    if (!/[{:([]\s*$/.test(doc.line(f))) continue;
    const fileNext = nonBlankLine(doc, f + 1, 1, doc.lineCount - 1);
    if (fileNext === undefined || doc.indentWidthOf(fileNext) <= doc.indentWidthOf(f)) continue;
    let next = w + 1;
    while (next < written.length && isBlank(written[next])) next++;
    if (next === written.length || width(written[next]) > width(written[w])) continue;
    const j = shownAs.get(f);
    if (j !== undefined) {
      const k = snip.nextLine(j);
      if (k === snip.length || snip.widths[k] <= snip.widths[j]) continue;
    }
    throw new EditError(
      'not_found',
      `Placed where its lines stand, the snippet would take the block \`${doc.line(f).trim().slice(0, 60)}\` opens (file line ${f + 1}) away from it: the lines it shares with that block are not its own. Nothing was changed: give the snippet with the lines around the new code as they stand in the file, or as an old → new edit.`,
    );
  }
}

/** `what`: the file line not written as it stands, or the written line the snippet does not show. */
function unsafe(what: string): EditError {
  return new EditError('invalid_input', `Applying the snippet would change lines it does not show (${what}). Nothing was changed: give the snippet with the lines around the change, or with \`// ... existing code ...\` where lines stay.`);
}
