// The edit-kind corpus: the accuracy corpus (generator.ts) varies how the *old* text drifts from the file; this
// one varies the *edit* — the changes that trip a merge: deleting or inserting a blank line, deleting or
// changing exactly the drifted line, deleting a line next to one the model forgot, an old text with one line
// borrowed from elsewhere in the file. Blocks come from the same real sources. Each case knows the one right
// result: the edit script applied to the block's own lines in the file. Used by a property in the unit suite
// (test/core/editScripts.test.ts, fixed seed) and by `npm run bench` (random seed, more cases).
import fc from 'fast-check';
import { loadSources } from './generator';

export const EDIT_KINDS = ['delete-line', 'delete-blank', 'insert-line', 'insert-blank', 'change-line', 'delete-drifted', 'change-drifted', 'next-to-forgotten', 'borrowed-line'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];
export const DRIFTS = ['none', 'dedent', 'typo', 'trailing', 'tabs'] as const;
export type Drift = (typeof DRIFTS)[number];

export interface EditCase {
  kind: EditKind;
  drift: Drift;
  source: string;
  content: string;
  oldString: string;
  newString: string;
  /** The file with the edit applied to the block's own lines. */
  expected: string;
  /**
   * Also right, when the edit changes the very line that carries a typo: that line written as the new text has
   * it (the merge carries the file's spelling over only where it can prove it; otherwise the new line as given).
   */
  alsoRight?: string;
}

type Op = { kind: 'delete' | 'insert' | 'insert-blank' | 'change'; at: number };

const sources = loadSources();

/** A random edit case, or undefined when the draw does not make one (too little text, an ambiguous edge). */
export const editCaseArbitrary: fc.Arbitrary<EditCase | undefined> = fc
  .record({
    source: fc.nat({ max: sources.length - 1 }),
    at: fc.nat(),
    size: fc.integer({ min: 4, max: 10 }),
    kind: fc.constantFrom(...EDIT_KINDS),
    drift: fc.constantFrom(...DRIFTS),
    line: fc.nat(),
    extra: fc.array(fc.record({ kind: fc.constantFrom<Op['kind']>('delete', 'insert', 'change'), at: fc.nat() }), { maxLength: 2 }),
  })
  .map((draw) => makeCase(draw));

function makeCase(draw: { source: number; at: number; size: number; kind: EditKind; drift: Drift; line: number; extra: Op[] }): EditCase | undefined {
  const src = sources[draw.source];
  const lines = src.lines;
  const start = draw.at % Math.max(1, lines.length - draw.size);
  const block = lines.slice(start, start + draw.size);
  // Blank lines at a block's edges are no part of any match (a known limit), so blocks start and end with text.
  if (block.filter((l) => /[A-Za-z]{3}/.test(l)).length < 3 || !block[0].trim() || !block[block.length - 1].trim()) return undefined;
  const n = block.length;
  const pick = (test: (i: number) => boolean): number | undefined => {
    const ok = block.map((_, i) => i).filter(test);
    return ok.length ? ok[draw.line % ok.length] : undefined;
  };
  const text = (i: number) => block[i].trim().length > 12 && i > 0 && i < n - 1;
  let drift: Drift = draw.drift;
  let driftLine = pick((i) => block[i].trim().length > 0);
  let forgotten: number | undefined;
  let borrowed: { at: number; line: string } | undefined;
  const ops: Op[] = [];
  switch (draw.kind) {
    case 'delete-line':
      ops.push({ kind: 'delete', at: pick(text) ?? -1 });
      break;
    case 'delete-blank':
      ops.push({ kind: 'delete', at: pick((i) => !block[i].trim()) ?? -1 });
      break;
    case 'insert-line':
      ops.push({ kind: 'insert', at: pick((i) => i < n - 1) ?? -1 });
      break;
    case 'insert-blank':
      ops.push({ kind: 'insert-blank', at: pick((i) => i < n - 1 && block[i].trim().length > 0 && block[i + 1].trim().length > 0) ?? -1 });
      break;
    case 'change-line':
      ops.push({ kind: 'change', at: pick(text) ?? -1 });
      break;
    case 'delete-drifted':
    case 'change-drifted': {
      drift = 'typo';
      driftLine = pick(text);
      ops.push({ kind: draw.kind === 'delete-drifted' ? 'delete' : 'change', at: driftLine ?? -1 });
      break;
    }
    case 'next-to-forgotten': {
      forgotten = pick((i) => i > 0 && i < n - 2 && block[i].trim().length > 0);
      if (forgotten === undefined) return undefined;
      // The lines on both sides of the forgotten one alike (two blank lines): which one the edit deletes cannot
      // be told from the old and new text — not a question with one answer.
      // Nor when the forgotten line reads like the one deleted (` *   }` and ` * }`): either may be the one meant.
      const alike = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
      if (alike(block[forgotten - 1], block[forgotten + 1]) || alike(block[forgotten], block[forgotten + 1])) return undefined;
      ops.push({ kind: 'delete', at: forgotten + 1 });
      break;
    }
    case 'borrowed-line': {
      const at = pick(text);
      const elsewhere = lines.filter((l, k) => (k < start - 3 || k > start + n + 3) && l.trim().length > 20 && !block.includes(l));
      if (at === undefined || elsewhere.length === 0) return undefined;
      borrowed = { at, line: elsewhere[draw.line % elsewhere.length].trim() };
      ops.push({ kind: 'change', at: at === 1 ? n - 2 : 1 });
      break;
    }
  }
  // A second or third change anywhere else, as real edits have.
  for (const e of draw.extra) ops.push({ kind: e.kind, at: e.at % n });
  const touched = new Set(ops.map((o) => o.at));
  if (ops.some((o) => o.at < 0 || o.at >= n)) return undefined;
  // The forgotten line and the borrowed line are the model's, not the edit's: the edit leaves them alone, and
  // nothing is inserted right before a forgotten line (before or after it would both be right).
  if (forgotten !== undefined && (touched.has(forgotten) || ops.some((o) => o.at === forgotten! - 1 && o.kind !== 'delete'))) return undefined;
  if (borrowed && ops.some((o) => Math.abs(o.at - borrowed!.at) <= 1)) return undefined;

  // The model indents every line alike: a line borrowed from elsewhere is dedented or tab-indented as the rest.
  const indent = (i: number): string => (block[i].trim() || i === 0 ? block[i].match(/^\s*/)![0] : indent(i - 1));
  const common = Math.min(...block.filter((l) => l.trim()).map((l) => l.match(/^\s*/)![0].length));
  const quote = (i: number): string => {
    const line = borrowed?.at === i ? indent(i) + borrowed.line : block[i];
    if (drift === 'dedent') return line.slice(Math.min(common, line.match(/^\s*/)![0].length));
    if (drift === 'tabs') return line.replace(/^( {2})+/, (m) => '\t'.repeat(m.length / 2));
    if (borrowed?.at === i) return line;
    if (drift === 'trailing' && i === driftLine) return line + '   ';
    if (drift === 'typo' && i === driftLine && line.trim().length > 12) {
      const mid = line.match(/^\s*/)![0].length + Math.floor(line.trim().length / 2);
      return line.slice(0, mid) + line.slice(mid + 1);
    }
    return line;
  };
  const quoteIndent = (i: number): string => (block[i].trim() || i === 0 ? quote(i).match(/^\s*/)![0] : quoteIndent(i - 1));
  const skip = (i: number) => i === forgotten;
  const oldLines = block.map((_, i) => i).filter((i) => !skip(i)).map(quote);
  // The old text (without its forgotten line, with its typo) may stand as it is, indentation aside, somewhere
  // else in the file and not at the block: then it names that place, and the engine taking it is no wrong
  // result. (Standing at the block and elsewhere too, it is ambiguous: a refusal the corpus keeps asking for.)
  if (standsAt(lines, oldLines, (at) => at !== start) && !standsAt(lines, oldLines, (at) => at === start)) return undefined;
  const newLines = script(block, ops, quote, quoteIndent, skip);
  const fileLines = script(block, ops, (i) => block[i], indent, () => false);
  // A new text that starts or ends with a blank line reads two ways ("x\n" ends with a line break, or with a
  // blank line); an edit that changes nothing is not an edit.
  if (newLines.join('\n') === oldLines.join('\n') || !newLines.length || !newLines[0].trim() || !newLines[newLines.length - 1].trim()) return undefined;
  const before = lines.slice(0, start);
  const after = lines.slice(start + n);
  const changedTypo = drift === 'typo' && ops.some((o) => o.kind === 'change' && o.at === driftLine);
  const asGiven = changedTypo ? script(block, ops, (i) => (i === driftLine ? quote(i) : block[i]), indent, () => false) : undefined;
  return {
    kind: draw.kind,
    drift,
    source: src.name,
    content: src.text,
    oldString: oldLines.join('\n'),
    newString: newLines.join('\n'),
    expected: [...before, ...fileLines, ...after].join('\n') + '\n',
    ...(asGiven && { alsoRight: [...before, ...asGiven, ...after].join('\n') + '\n' }),
  };
}

/** Applies `ops` (indices into the block) to lines written by `render`; lines `skip` leaves out are not written. */
function script(block: string[], ops: Op[], render: (i: number) => string, indentOf: (i: number) => string, skip: (i: number) => boolean): string[] {
  const out: Array<{ text: string; from?: number }> = block.map((_, i) => ({ text: render(i), from: i }));
  ops.forEach((op, k) => {
    const at = out.findIndex((l) => l.from === op.at);
    if (at < 0) return;
    if (op.kind === 'delete') out.splice(at, 1);
    else if (op.kind === 'insert') out.splice(at + 1, 0, { text: `${indentOf(op.at)}inserted_${k}();` });
    else if (op.kind === 'insert-blank') out.splice(at + 1, 0, { text: '' });
    else out[at] = { text: block[op.at].trim() ? `${render(op.at).trimEnd()} /* edited ${k} */` : `${indentOf(op.at)}edited_${k}();`, from: op.at };
  });
  return out.filter((l) => l.from === undefined || !skip(l.from)).map((l) => l.text);
}

/** Whether `quoted` stands in `lines` at a line `where` accepts, as consecutive lines equal once trimmed. */
function standsAt(lines: readonly string[], quoted: readonly string[], where: (at: number) => boolean): boolean {
  const want = quoted.map((l) => l.trim());
  for (let at = 0; at + want.length <= lines.length; at++) {
    if (!where(at)) continue;
    let k = 0;
    while (k < want.length && lines[at + k].trim() === want[k]) k++;
    if (k === want.length) return true;
  }
  return false;
}
