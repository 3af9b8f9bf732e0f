// applySnippet: a bare code block (the new code only, possibly with `// ... existing code ...` markers) applied
// to a file without a model. The place is found by the snippet's lines that stand in the file (anchors.ts), the
// snippet is aligned with the file there (align.ts), and the new text is written by the engine's own three-way
// merge (replacement.ts) — then checked: only lines the snippet shows may change.

import { toMatch } from '../cascade';
import { SourceText } from '../document';
import { EditError } from '../errors';
import { canonicalLine, isBlank } from '../normalize';
import { buildReplacement } from '../replacement';
import type { Candidate } from '../tier';
import { writtenDiff } from '../writtenDiff';
import type { ApplyResult, FindResult, Hint, Match } from '../types';
import { alignBetween, alignEdge, newBlocks, type AlignContext, type Op } from './align';
import { findChains, findOccurrences, type Chain } from './anchors';
import { makeFrame, type Frame } from './frame';
import { LineMatcher } from './lineMatch';
import { CANONICAL_MARKER } from './markers';
import { parseSnippetBlock } from './parse';
import { SnippetLines } from './snippetLines';
import { findCloser, findHead, findUnitEnd } from './structure';

export interface SnippetOptions {
  /** Breaks a tie between equally good places only (a 0-based line, `{ line }` or `{ offset }`). */
  hint?: Hint;
  /** Re-indent the snippet to the place it lands in. Default true. */
  reindent?: boolean;
}

const MAX_CONTENT = 64 * 1024 * 1024;
const KEEP_TAG = '\u0000kept:';
const MAX_SNIPPET = 1024 * 1024;
/** A code block from a chat answer is rarely a few hundred lines; the limit keeps the work bounded. */
const MAX_SNIPPET_LINES = 5000;
/**
 * Evidence a place needs. Anchor weight counts 1 per line unique in the file, 1/k for a line found k times;
 * one line alone must be unique and long enough to be distinctive, or open the unit the snippet closes.
 */
const MIN_WEIGHT = 1.5;
const MIN_DISTINCTIVE_LENGTH = 24;
/** A unit head alone (`class Cart {`, `class A:`) must still name something. */
const MIN_HEAD_LENGTH = 8;
/** Lines found next to each other as the snippet has them, common ones included, this long together. */
const MIN_ADJACENT_LENGTH = 32;
/** Lines a snippet may remove by leaving them out between two lines it keeps (a statement or two deleted). */
const MAX_PURE_DELETION = 3;

/**
 * The whole new document text with the snippet applied, or an EditError (not_found, ambiguous, already_applied,
 * invalid_input, too_large) — in which case nothing was changed.
 */
export function applySnippet(content: string, snippet: string, options: SnippetOptions = {}): ApplyResult {
  validate(content, snippet);
  const block = parseSnippetBlock(snippet);
  const snip = new SnippetLines(block.code);
  if (snip.length > MAX_SNIPPET_LINES) throw new EditError('too_large', `The snippet has ${snip.length.toLocaleString('en-US')} lines; the limit is ${MAX_SNIPPET_LINES.toLocaleString('en-US')}. Apply it in parts.`);
  if (!snip.meaningful.some(Boolean)) throw new EditError('invalid_input', 'The snippet has no line of code to find in the file.');
  if (snip.marker.every((m, j) => m || snip.blank[j] || !snip.meaningful[j])) throw new EditError('invalid_input', 'The snippet is only elision markers.');
  const doc = new SourceText(content);
  const match = new LineMatcher(doc, snip);
  const places = findChains(snip, findOccurrences(doc, snip));
  if (places.length === 0) throw notFound(doc);
  const chain = choosePlace(doc, places, options.hint);
  const anchors: Array<[number, number]> = chain.pairs.map(([j, f]) => [j, f]);
  const frame = makeFrame(doc, snip, anchors);
  const anchorOps = new Map<number, Op>(anchors.map(([j, f]) => [j, { kind: 'keep', j, f }]));
  const head = findHead(doc, snip, frame, match, anchors[0]);
  if (head !== undefined) {
    anchors.unshift([0, head]);
    anchorOps.set(0, match.relation(0, head)!.kind === 'change' ? { kind: 'change', j: 0, f: head } : { kind: 'keep', j: 0, f: head });
  }
  const closer = findCloser(doc, snip, frame, match, anchors[anchors.length - 1]);
  if (closer !== undefined) {
    anchors.push([snip.length - 1, closer]);
    anchorOps.set(snip.length - 1, { kind: 'keep', j: snip.length - 1, f: closer });
  }
  const [lastJ, lastF] = anchors[anchors.length - 1];
  const unitEnd = closer === undefined && markerFollows(snip, lastJ) ? findUnitEnd(doc, frame, lastF) : undefined;
  // Places as good as this one (the hint did not choose between them) are named when each shares two lines or
  // a distinctive one with the snippet: a near-twin. Otherwise a weak place is no place.
  const rivals = chain.byHint ? [] : places.filter((p) => p !== chain && !clearlyBetter(chain, p));
  const telling = (p: Chain) => p.pairs.length >= 2 || snip.keys[p.pairs[0][0]].length >= MIN_DISTINCTIVE_LENGTH;
  if (rivals.length && telling(chain) && rivals.every(telling)) throw ambiguous(doc, [chain, ...rivals]);
  if (!enoughEvidence(snip, chain, closer !== undefined || unitEnd !== undefined)) throw notFound(doc, chain);
  if (rivals.length) throw ambiguous(doc, [chain, ...rivals]);

  const ctx: AlignContext = { doc, snip, match, cells: { used: 0 }, forcedNew: new Set(), frame };
  const alignAll = () => {
    const ops: Op[] = alignEdge(ctx, anchors[0][0], anchors[0][1], -1);
    anchors.forEach(([j, f], i) => {
      ops.push(anchorOps.get(j)!);
      const next = anchors[i + 1];
      if (next) ops.push(...alignBetween(ctx, j, f, next[0], next[1]));
    });
    ops.push(...alignEdge(ctx, lastJ, lastF, 1, unitEnd));
    return ops;
  };
  let ops = alignAll();
  // Lines inside a block the snippet adds are new: align again without pairing them (twice at most: a block
  // found new the second time can only be inside one found the first time).
  for (let pass = 0; pass < 2; pass++) {
    const forced = newBlocks(snip, ops);
    if ([...forced].every((j) => ctx.forcedNew.has(j))) break;
    forced.forEach((j) => ctx.forcedNew.add(j));
    ops = alignAll();
  }
  refuseUnplaced(snip, ops);
  refuseUnshownDeletions(doc, ops);
  return write(doc, snip, frame, ops, options.reindent !== false);
}

/**
 * New lines with an elision marker on both sides and no line of the file among them: the markers could share the
 * elided lines between them any way, so there is no telling where the new lines go.
 */
function refuseUnplaced(snip: SnippetLines, ops: Op[]): void {
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
function refuseUnshownDeletions(doc: SourceText, ops: Op[]): void {
  let deleted: number[] = [];
  let written = false;
  const check = () => {
    if (!written && deleted.length > MAX_PURE_DELETION) {
      throw new EditError(
        'invalid_input',
        `Applying the snippet would remove ${deleted.length} lines it does not show (lines ${deleted[0] + 1}–${deleted[deleted.length - 1] + 1}) and writes nothing in their place. Nothing was changed: add \`// ... existing code ...\` where lines stay.`,
      );
    }
    deleted = [];
    written = false;
  };
  for (const op of ops) {
    if (op.kind === 'keep' || op.kind === 'elide') check();
    else if (op.kind === 'delete' && !isBlank(doc.line(op.f))) deleted.push(op.f);
    else if (op.kind === 'insert' || op.kind === 'change') written = true;
  }
  check();
}

/** The next non-blank snippet line after `j` is an elision marker. */
function markerFollows(snip: SnippetLines, j: number): boolean {
  let k = j + 1;
  while (k < snip.length && snip.blank[k]) k++;
  return k < snip.length && snip.marker[k];
}

function validate(content: unknown, snippet: unknown): void {
  if (typeof content !== 'string') throw new EditError('invalid_input', 'The document content must be a string.');
  if (typeof snippet !== 'string') throw new EditError('invalid_input', 'The snippet must be a string.');
  if (snippet.trim().length === 0) throw new EditError('invalid_input', 'The snippet is empty.');
  if (content.length > MAX_CONTENT) throw new EditError('too_large', `The document is too large to edit safely (${content.length.toLocaleString('en-US')} characters).`);
  if (snippet.length > MAX_SNIPPET) throw new EditError('too_large', `The snippet is too large (${snippet.length.toLocaleString('en-US')} characters).`);
}

/** The best place; when others are as good, the one the hint is nearest to (marked), else the best. */
function choosePlace(doc: SourceText, places: Chain[], hint: Hint | undefined): Chain & { byHint?: boolean } {
  const [best] = places;
  const rivals = places.filter((p) => p === best || !clearlyBetter(best, p));
  if (rivals.length === 1) return best;
  const byHint = pickByHint(doc, rivals, hint);
  return byHint ? { ...byHint, byHint: true } : best;
}

function ambiguous(doc: SourceText, rivals: Chain[]): EditError {
  const candidates = [...rivals].sort((a, b) => a.startLine - b.startLine).map((p) => placeMatch(doc, p));
  const result: FindResult = { kind: 'ambiguous', tier: 'snippet', candidates };
  const where = candidates.slice(0, 10).map(lineRange).join(', ');
  return new EditError(
    'ambiguous',
    `The snippet fits ${candidates.length} places equally well (${where}): the lines it shares with the file do not tell them apart. ` +
      'Nothing was changed. Include a line that only the intended place has (its signature, a neighbouring line).',
    result,
  );
}

/**
 * A place is clearly better when it has twice the evidence, or when it has every snippet line the other has
 * and more: a near-twin that lacks a line the snippet shows is not a rival.
 */
function clearlyBetter(best: Chain, other: Chain): boolean {
  if (best.weight >= 2 * other.weight) return true;
  const mine = new Set(best.pairs.map(([j]) => j));
  return best.pairs.length > other.pairs.length && other.pairs.every(([j]) => mine.has(j));
}

function enoughEvidence(snip: SnippetLines, chain: Chain, closed: boolean): boolean {
  if (chain.pairs.length >= 2) {
    // Two lines or more: enough weight, or one line unique in the file with others around it in order, or
    // lines that stand next to each other exactly as in the snippet and say enough together.
    if (chain.weight >= MIN_WEIGHT || chain.counts.includes(1)) return true;
    let adjacent = 0;
    chain.pairs.forEach(([j, f], i) => {
      const prev = chain.pairs[i - 1];
      const next = chain.pairs[i + 1];
      if ((prev && f - prev[1] === j - prev[0]) || (next && next[1] - f === next[0] - j)) adjacent += snip.keys[j].length;
    });
    return adjacent >= MIN_ADJACENT_LENGTH;
  }
  // One line: it must stand nowhere else in the file, and be long, or be the snippet's first line opening the
  // unit the snippet closes (`class Cart {` … `}`): a common line inside foreign code (`return (`) is no unit head.
  const [j] = chain.pairs[0];
  const key = snip.keys[j];
  if (chain.weight !== 1) return false;
  return key.length >= MIN_DISTINCTIVE_LENGTH || (closed && j === 0 && key.length >= MIN_HEAD_LENGTH && /[{:]$/.test(key));
}

function pickByHint(doc: SourceText, places: Chain[], hint: Hint | undefined): Chain | undefined {
  if (hint === undefined || hint === null) return undefined;
  const line = typeof hint === 'number' ? hint : 'line' in hint ? hint.line : doc.lineAt(Math.max(0, Math.min(hint.offset, doc.content.length)));
  if (!Number.isFinite(line)) return undefined;
  const dist = (p: Chain) => (line < p.startLine ? p.startLine - line : line > p.endLine ? line - p.endLine : 0);
  const ranked = [...places].sort((a, b) => dist(a) - dist(b));
  return dist(ranked[0]) < dist(ranked[1]) ? ranked[0] : undefined;
}

function placeMatch(doc: SourceText, p: Chain): Match {
  return toMatch(doc, 'snippet', { start: doc.lineStart(p.startLine), end: doc.lineEnd(p.endLine), score: 0, normalized: [] });
}

function notFound(doc: SourceText, weak?: Chain): EditError {
  const result: FindResult = { kind: 'not_found', tried: ['snippet'] };
  let msg = 'No place in the file shares enough lines with the snippet to apply it safely.';
  if (weak) {
    const m = placeMatch(doc, weak);
    result.closest = { start: m.start, end: m.end, startLine: m.startLine, endLine: m.endLine, score: 0, text: m.text };
    msg += ` The closest place is ${lineRange(m)}, sharing ${weak.pairs.length} line(s) — not enough to be sure.`;
  }
  return new EditError('not_found', `${msg} Include the unchanged first line(s) of the code it replaces (a signature) and its last line.`, result);
}

function lineRange(m: { startLine: number; endLine: number }): string {
  return m.startLine === m.endLine ? `line ${m.startLine + 1}` : `lines ${m.startLine + 1}–${m.endLine + 1}`;
}

/**
 * The ops as an old text (what the snippet stands for in the file, in the snippet's frame) and a new text (the
 * snippet), handed to the engine's merge with the window they span; then the written result is checked.
 */
function write(doc: SourceText, snip: SnippetLines, frame: Frame, ops: Op[], reindent: boolean): ApplyResult {
  const oldLines: string[] = [];
  const newLines: string[] = [];
  const pairs = new Map<number, number>();
  const elided = new Map<number, [number, number]>();
  const fileLines: number[] = [];
  // New and changed lines are placed relative to the nearest line the snippet keeps, in the file's unit.
  const keptPairs = ops.flatMap((op) => (op.kind === 'keep' && !snip.blank[op.j] ? [[op.j, op.f] as const] : []));
  const placed = (j: number) => {
    const line = snip.lines[j];
    if (!reindent || snip.blank[j]) return snip.blank[j] ? '' : line;
    return frame.render(frame.expected(j, keptPairs.length ? keptPairs : undefined)) + line.trimStart();
  };
  let kept = 0;
  let changed = 0;
  let added = 0;
  let removed = 0;
  let elidedLines = 0;
  for (const op of ops) {
    switch (op.kind) {
      case 'keep': {
        // The same unique tag on both sides: the merge's own line diff can pair this line with no other (a `}`
        // with another `}`), and it writes the file's line for it, so the tag never reaches the file.
        const tagged = `${snip.lines[op.j]}${KEEP_TAG}${op.j}`;
        pairs.set(oldLines.length, op.f);
        oldLines.push(tagged);
        newLines.push(tagged);
        fileLines.push(op.f);
        if (!snip.blank[op.j]) kept++;
        break;
      }
      case 'change':
        pairs.set(oldLines.length, op.f);
        oldLines.push(doc.line(op.f));
        newLines.push(placed(op.j));
        fileLines.push(op.f);
        changed++;
        break;
      case 'delete':
        pairs.set(oldLines.length, op.f);
        oldLines.push(doc.line(op.f));
        fileLines.push(op.f);
        if (!isBlank(doc.line(op.f))) removed++;
        break;
      case 'insert':
        newLines.push(placed(op.j));
        if (!snip.blank[op.j]) added++;
        break;
      case 'elide':
        elided.set(oldLines.length, [op.from, op.to]);
        oldLines.push(CANONICAL_MARKER);
        newLines.push(CANONICAL_MARKER);
        if (op.to >= op.from) fileLines.push(op.from, op.to);
        elidedLines += Math.max(0, op.to - op.from + 1);
        break;
    }
  }
  const startLine = Math.min(...fileLines);
  const endLine = Math.max(...fileLines);
  const shown = kept + changed + added;
  const normalized = [
    `snippet: ${kept} line(s) as in the file, ${changed} changed, ${added} added, ${removed} removed` + (elidedLines ? `, ${elidedLines} kept under elision markers` : ''),
  ];
  if (keptPairs.some(([j, f]) => frame.fileWidth(f) !== snip.widths[j])) normalized.push('indentation');
  const candidate: Candidate = {
    start: doc.lineStart(startLine),
    end: doc.lineEnd(endLine),
    score: shown ? (kept + changed) / shown : 1,
    normalized,
    window: { startLine, endLine, pairs, elided, trusted: true },
    needleLines: oldLines,
  };
  const match = toMatch(doc, 'snippet', candidate);
  // Lines are already in the file's frame: the merge keeps the file's kept lines and writes the others as given.
  const replacement = buildReplacement(doc, candidate, newLines.join('\n'), false);
  const before = doc.content.slice(replacement.start, replacement.end);
  if (replacement.text === before || replacement.text.replace(/\r/g, '') === before.replace(/\r/g, '')) {
    const result: FindResult = { kind: 'already_applied', match };
    throw new EditError('already_applied', `The snippet looks applied already: every line it shows stands at ${lineRange(match)}. Nothing was changed.`, result);
  }
  verify(doc, snip, ops, replacement.text);
  const out = doc.content.slice(0, replacement.start) + replacement.text + doc.content.slice(replacement.end);
  const { review, ...span } = replacement;
  if (review.length) Object.assign(match, { needsReview: true, review });
  const edits = [{ ...span, match }];
  return { content: out, matches: [match], replacement: replacement.text, edits, diff: writtenDiff(doc.content, edits) };
}

/**
 * The post-condition: the file's lines the snippet keeps or elides are written exactly, in order, and every other
 * written line is one the snippet shows. Anything else means the merge would change what the snippet does not
 * show: refused.
 */
function verify(doc: SourceText, snip: SnippetLines, ops: Op[], text: string): void {
  const written = text.replace(/\r\n/g, '\n').split('\n');
  const protectedLines: number[] = [];
  for (const op of ops) {
    if (op.kind === 'keep' && !isBlank(doc.line(op.f))) protectedLines.push(op.f);
    if (op.kind === 'elide') for (let f = op.from; f <= op.to; f++) if (!isBlank(doc.line(f))) protectedLines.push(f);
  }
  let at = 0;
  for (const f of protectedLines) {
    const line = doc.line(f);
    while (at < written.length && written[at] !== line) at++;
    if (at === written.length) throw unsafe(f);
    at++;
  }
  const shown = new Set(snip.keys.filter((k, j) => !snip.marker[j]));
  const keptText = new Set(protectedLines.map((f) => canonicalLine(doc.line(f))));
  for (const line of written) {
    if (isBlank(line)) continue;
    const key = canonicalLine(line);
    if (!shown.has(key) && !keptText.has(key)) throw unsafe(undefined, line);
  }
}

function unsafe(f: number | undefined, line?: string): EditError {
  const what = f !== undefined ? `file line ${f + 1}` : `\`${(line ?? '').trim().slice(0, 80)}\``;
  return new EditError('invalid_input', `Applying the snippet would change lines it does not show (${what}). Nothing was changed: give the snippet with the lines around the change, or with \`// ... existing code ...\` where lines stay.`);
}
