// Resolves a whole request (many edits, many files) before anything is written, so a caller can apply
// everything, only the files whose edits all resolved, or nothing.
//
// Rules:
// - Every replace edit to a file is matched against the file's ORIGINAL text (what the writer saw), never
//   against the text left by the edits before it; the spans are then composed bottom-up.
// - Edits to one file whose spans overlap are all refused as a `conflict`: which one was meant is unknowable.
// - An edit whose old text an earlier edit of the request writes is refused as a `conflict`: the request was
//   written as a sequence, and against the original text that edit means something else (dependentEdits.ts).
// - An apply_patch `@@` line limits the search to the lines from it on; one the file lacks holds the edit for review.
// - Only create edits make files; a create over an existing file is refused (`already_applied` when its
//   content is already there). Delete and rename need the file; a deleted file takes no other edit.
// - Names are checked against the batch, not only the disk (findPathConflicts): one file under two names, or a
//   move onto a name another edit of the batch uses, refuses those edits as a `conflict` (each would "succeed"
//   against the disk as it was, and one would silently undo the other).
// - A deletion that says what the file holds (a diff's '-' lines) is refused unless the file holds that.
// - A file is `complete` when none of its edits was refused, except as `already_applied`: an edit whose
//   result is already in the file does not hold back the others (re-running a half-applied request finishes it).
import { SourceText } from './document';
import { applyEdit, resolveEditSpans } from './engine';
import { SHARED_BUDGET, SharedBudget } from './budget';
import { placesOfAll } from './multiSearch';
import { OCCURRENCES_LIMIT } from './tiers/substring';
import { withLazyDiff } from './writtenDiff';
import { EditError, isEditError } from './errors';
import type { ApplyOptions, EditErrorCode, SpanEdit } from './types';
import type { CreateEdit, DeleteEdit, FileEdit, RenameEdit, ReplaceEdit } from './formats/types';
import { findPathConflicts, type CaseOptions } from './paths';
import { spliceAll } from './splice';
import { dependentEdits } from './dependentEdits';
import { toLF } from './needle';

/** The text of a file, or undefined when there is none. A Map or a lookup function (e.g. reading a disk). */
export type FileSource = ReadonlyMap<string, string> | ((path: string) => string | undefined);

export interface BatchOptions extends ApplyOptions, CaseOptions {
  /** The file for edits that name none (a bare SEARCH block). */
  defaultPath?: string;
  /** Called after each edit is resolved: progress for long batches. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The identity of the file behind a path (default: the path itself, case-folded with `caseInsensitive`). A
   * front end that sees the disk passes the real path, so a symlink and its target are known as one file.
   */
  pathKey?: (path: string) => string;
  /**
   * Why an existing file cannot be edited as text (binary, not UTF-8), or undefined when it can. Such a file
   * takes no edit that rewrites it; it can still be deleted when the deletion does not claim its content.
   */
  notText?: (path: string) => string | undefined;
}

/** Why an edit was refused: the engine's codes, plus the batch's own. */
export type RefusalCode = EditErrorCode | 'conflict' | 'no_file' | 'file_exists' | 'no_path' | 'not_text';

export interface ResolvedEdit {
  status: 'resolved';
  /** Position in the batch's `edits`. */
  index: number;
  edit: FileEdit;
  path: string;
  /** Replace edits: the spans to replace in the original text, each with its match (tier, score, lines). Otherwise empty. */
  spans: SpanEdit[];
  /** Replace edits: what they write, as a unified diff of the file's lines (see `ApplyResult.diff`). */
  diff?: string;
}

export interface RefusedEdit {
  status: 'refused';
  index: number;
  edit: FileEdit;
  path?: string;
  code: RefusalCode;
  /** Written for a person or a model to act on. */
  message: string;
}

export type EditOutcome = ResolvedEdit | RefusedEdit;

export interface FileResult {
  path: string;
  /** The text before the batch; undefined when the batch creates the file. */
  before: string | undefined;
  /** The text after the resolved edits; undefined when the batch deletes the file. */
  after: string | undefined;
  /** Where the file moves to, when renamed. */
  renamedTo?: string;
  /** No edit to this file was refused (see `already_applied` above): safe to write. */
  complete: boolean;
  /** Positions in the batch's `edits` of the edits to this file. */
  edits: number[];
}

export interface BatchResult {
  /** Every edit resolved. */
  ok: boolean;
  /** One per edit, in the order given. */
  outcomes: EditOutcome[];
  /** Every file an edit addressed, in order of first mention. Files whose `after` equals `before` are included. */
  files: FileResult[];
}

export function resolveBatch(files: FileSource, edits: readonly FileEdit[], options: BatchOptions = {}): BatchResult {
  const { defaultPath, onProgress, pathKey, notText, caseInsensitive, ...applyOptions } = options;
  const read = typeof files === 'function' ? files : (path: string) => files.get(path);
  // Stryker disable next-line ArrayDeclaration: every slot is set by index before it is read; the length only sizes it once
  const outcomes: EditOutcome[] = new Array(edits.length);
  const byPath = new Map<string, number[]>();
  let done = 0;
  const settle = (outcome: EditOutcome) => {
    outcomes[outcome.index] = outcome;
    onProgress?.(++done, edits.length);
  };

  // An edit that is no edit (a model's tool call is untrusted JSON) is refused on its own, and set aside: a
  // placeholder without a path stands in its slot, so no later step reads it.
  const malformed = new Set<number>();
  edits.forEach((edit, index) => {
    const problem = malformedEdit(edit);
    if (problem === undefined) return;
    malformed.add(index);
    settle(refused(index, edit, undefined, 'invalid_input', `Edit ${index + 1} cannot be read: ${problem}. Nothing was changed by it.`));
  });
  const named = edits.map((edit, index) =>
    malformed.has(index) ? PLACEHOLDER : (edit.path === undefined || namesDefault(edit, defaultPath, read)) && defaultPath !== undefined ? { ...edit, path: defaultPath } : edit,
  );
  const conflicting = new Set<number>();
  for (const conflict of findPathConflicts(named, { caseInsensitive, ...(pathKey && { key: pathKey }) })) {
    const names = conflict.names.join(' and ');
    for (const index of conflict.indexes) {
      conflicting.add(index);
      settle(refused(index, edits[index], named[index].path, 'conflict', `${names}: ${conflict.reason} (edits ${list(conflict.indexes)}).`));
    }
  }

  named.forEach((edit, index) => {
    if (conflicting.has(index) || malformed.has(index)) return;
    const path = edit.path;
    if (path === undefined) {
      settle(refused(index, edit, undefined, 'no_path', 'The edit names no file: write the file path on the line before the block.'));
    } else {
      const indexes = byPath.get(path);
      if (indexes) indexes.push(index);
      else byPath.set(path, [index]);
    }
  });

  // One work budget for the whole request: thousands of edits that each stand in thousands of places must end in a
  // refusal, not minutes of searching (each edit alone stays within its own budget).
  const budget = new SharedBudget(SHARED_BUDGET);
  const results = [...byPath].map(([path, indexes]) => {
    const reason = notText && read(path) !== undefined ? notText(path) : undefined;
    if (reason !== undefined) return refuseNotText(path, read(path), indexes, edits, reason, settle);
    return resolveFile(path, read(path), indexes, edits, read, applyOptions, settle, budget);
  });
  // A file any of whose edits was refused for a conflict is held back too, even if its other edits resolved.
  for (const index of conflicting) {
    const path = named[index].path;
    const file = results.find((r) => r.path === path);
    if (file && !file.edits.includes(index)) file.edits = [...file.edits, index].sort((a, b) => a - b);
    else if (!file && path !== undefined) results.push({ path, before: read(path), after: read(path), edits: [index] });
  }
  const fileResults = results.map((r) => ({ ...r, complete: r.edits.every((i) => isHarmless(outcomes[i])) }));
  return { ok: outcomes.every((o) => o.status === 'resolved'), outcomes, files: fileResults };
}

/** Stands in a malformed edit's slot (never resolved: it names no file). */
const PLACEHOLDER: FileEdit = { kind: 'replace', sourceLine: 0, oldString: '', newString: '' };

/** What makes `edit` no edit at all, or undefined when it has a known kind and the fields that kind needs. */
function malformedEdit(edit: unknown): string | undefined {
  if (typeof edit !== 'object' || edit === null) return 'it is not an object';
  const e = edit as Record<string, unknown>;
  if (!['replace', 'create', 'delete', 'rename'].includes(e.kind as string)) return `its kind is ${e.kind === undefined ? 'missing' : JSON.stringify(String(e.kind).slice(0, 40))}, not one of replace, create, delete, rename`;
  if (e.path !== undefined && typeof e.path !== 'string') return 'its path is not a string';
  if (e.kind !== 'replace' && typeof e.path !== 'string') return `a ${e.kind as string} edit names no file`;
  if (e.kind === 'create' && typeof e.content !== 'string') return "a new file's content is not a string";
  if (e.kind === 'rename' && typeof e.to !== 'string') return "a rename's new path is not a string";
  return undefined;
}

/**
 * Whether a replace edit's path, which names no file there is, is the default file's name written otherwise (the
 * prose says `main.py`, `./src/main.py`, `src\\main.py` for the open `src/main.py`): then it is that file.
 */
function namesDefault(edit: FileEdit, defaultPath: string | undefined, read: (path: string) => string | undefined): boolean {
  if (edit.kind !== 'replace' || edit.path === undefined || defaultPath === undefined || edit.path === defaultPath) return false;
  const plain = (p: string) => p.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  const [given, target] = [plain(edit.path), plain(defaultPath)];
  // (Never through `..`: a path that leaves its folder names another file, refused as it stands.)
  if (given.length === 0 || given.split('/').includes('..')) return false;
  // The file is read last (a disk read for a FileSource that is one), only for a name that is the default's.
  return (given === target || target.endsWith(`/${given}`) || given.endsWith(`/${target}`)) && read(edit.path) === undefined;
}

/** Lines a hunk's number may be off by and still land on its place. */
const NUMBER_SLACK = 2;

/** Whether `text` stands exactly once in `content` (line breaks as LF on both sides). */
function standsOnce(content: string, text: string): boolean {
  const [c, t] = [toLF(content), toLF(text)];
  const at = t ? c.indexOf(t) : -1;
  return at !== -1 && c.indexOf(t, at + 1) === -1;
}

function isHarmless(outcome: EditOutcome): boolean {
  return outcome.status === 'resolved' || outcome.code === 'already_applied';
}

function refused(index: number, edit: FileEdit, path: string | undefined, code: RefusalCode, message: string): RefusedEdit {
  return { status: 'refused', index, edit, ...(path !== undefined && { path }), code, message };
}

/** One file's edits: structural checks first (create/delete/rename), then the replace edits through the engine. */
function resolveFile(
  path: string,
  original: string | undefined,
  indexes: number[],
  edits: readonly FileEdit[],
  read: (path: string) => string | undefined,
  options: ApplyOptions,
  settle: (outcome: EditOutcome) => void,
  budget: SharedBudget,
): Omit<FileResult, 'complete'> {
  const of = (kind: FileEdit['kind']) => indexes.filter((i) => edits[i].kind === kind);
  const [creates, deletes, renames, replaces] = [of('create'), of('delete'), of('rename'), of('replace')];
  const refuseAll = (which: number[], code: RefusalCode, message: string) => which.forEach((i) => settle(refused(i, edits[i], path, code, message)));
  const resolve = (i: number, spans: SpanEdit[] = []) => settle({ status: 'resolved', index: i, edit: edits[i], path, spans });
  const result: Omit<FileResult, 'complete'> = { path, before: original, after: original, edits: indexes };

  if (deletes.length > 0 && indexes.length > 1) {
    refuseAll(indexes, 'conflict', `${path} is both deleted and edited in this request (edits ${list(indexes)}): send either the deletion or the changes.`);
    return result;
  }
  if (deletes.length > 0) {
    if (original === undefined) {
      refuseAll(deletes, 'no_file', `${path} does not exist, so it cannot be deleted.`);
      return result;
    }
    const mismatch = deletionMismatch(original, edits[deletes[0]] as DeleteEdit, options);
    if (mismatch !== undefined) {
      refuseAll(deletes, 'not_found', `${path} was not deleted: ${mismatch}`);
    } else {
      resolve(deletes[0]);
      result.after = undefined;
    }
    return result;
  }

  let base = original;
  if (creates.length > 1) {
    refuseAll(creates, 'conflict', `${path} is created more than once in this request (edits ${list(creates)}).`);
  } else if (creates.length === 1) {
    const edit = edits[creates[0]] as CreateEdit;
    if (original === undefined) {
      resolve(creates[0]);
      base = edit.content; // replace edits to a new file apply to what it is created with
    } else if (original === edit.content) {
      refuseAll(creates, 'already_applied', `${path} already exists with this content. Nothing was changed.`);
    } else {
      refuseAll(creates, 'file_exists', `${path} already exists: to change it, send edits of its text instead of a new file.`);
    }
  }

  if (base === undefined) {
    refuseAll(replaces, 'no_file', `${path} does not exist. Only a new-file edit creates files: check the path.`);
  } else {
    result.after = applyReplaces(path, base, replaces, edits, options, settle, budget);
  }

  if (renames.length > 1) {
    refuseAll(renames, 'conflict', `${path} is renamed more than once in this request (edits ${list(renames)}).`);
  } else if (renames.length === 1) {
    const to = (edits[renames[0]] as RenameEdit).to;
    if (base === undefined) {
      refuseAll(renames, 'no_file', `${path} does not exist, so it cannot be renamed.`);
    } else if (read(to) !== undefined) {
      refuseAll(renames, 'file_exists', `${path} cannot be renamed to ${to}: that file already exists.`);
    } else {
      resolve(renames[0]);
      result.renamedTo = to;
    }
  }
  return result;
}

/**
 * Why a deletion that states the file's content (a diff's '-' lines) must not happen: the file holds something
 * else, and deleting it would lose text the writer never saw. The content is matched like the old text of any
 * edit, and must cover the whole file (up to surrounding whitespace) without needing review.
 */
function deletionMismatch(original: string, edit: DeleteEdit, options: ApplyOptions): string | undefined {
  if (edit.oldContent === undefined) return undefined;
  const differs = 'the file does not hold the text the deletion shows; deleting it would lose lines the edit did not show.';
  if (edit.oldContent.trim() === '') return original.trim() === '' ? undefined : differs;
  let spans: SpanEdit[];
  try {
    // Stryker disable next-line StringLiteral: only where the content stands is read, not what would replace it
    spans = applyEdit(original, edit.oldContent, '', options).edits;
  } catch (err) {
    if (!isEditError(err)) throw err;
    return `${differs} (${err.message})`;
  }
  const [span] = spans;
  const outside = original.slice(0, span.start) + original.slice(span.end);
  // A second place (a replaceAll in the options) stands outside the first, so it is never blank outside.
  if (span.match.needsReview || outside.trim() !== '') return differs;
  return undefined;
}

/** Every edit to a file that is not text is refused, except a deletion that does not claim to know its content. */
function refuseNotText(
  path: string,
  original: string | undefined,
  indexes: number[],
  edits: readonly FileEdit[],
  reason: string,
  settle: (outcome: EditOutcome) => void,
): Omit<FileResult, 'complete'> {
  const result: Omit<FileResult, 'complete'> = { path, before: original, after: original, edits: indexes };
  const deletes = indexes.filter((i) => edits[i].kind === 'delete' && (edits[i] as DeleteEdit).oldContent === undefined);
  if (deletes.length === 1 && indexes.length === 1) {
    settle({ status: 'resolved', index: deletes[0], edit: edits[deletes[0]], path, spans: [] });
    result.after = undefined;
    return result;
  }
  for (const i of indexes) settle(refused(i, edits[i], path, 'not_text', `${path} was left untouched: ${reason}`));
  return result;
}

/** One-line old texts in one file from which they are searched in one pass (fewer: a scan each is faster). */
const MANY_ONE_LINE_TEXTS = 256;

/** Resolves the replace edits against `base`, refuses overlapping ones, and returns the text with the rest applied. */
function applyReplaces(path: string, base: string, indexes: number[], edits: readonly FileEdit[], options: ApplyOptions, settle: (outcome: EditOutcome) => void, budget: SharedBudget): string {
  // Each edit resolved, as the outcome it will be unless it overlaps another (built once: a batch holds 10,000).
  const found: ResolvedEdit[] = [];
  // The file is indexed once for all its edits (each edit re-indexing it made many edits to one file quadratic).
  const doc = SourceText.forManySearches(base, budget);
  // Many one-line old texts: each would be its own scan of the file (a text with two line breaks is found through the
  // line index instead), so they are found in one pass for all of them.
  const oneLine = indexes.map((i) => (edits[i] as ReplaceEdit).oldString).filter((t) => typeof t === 'string' && t.length > 0 && !/[\r\n]/.test(t));
  if (oneLine.length >= MANY_ONE_LINE_TEXTS) {
    const places = placesOfAll(base, oneLine, doc.bomLength, OCCURRENCES_LIMIT);
    if (places) doc.setKnownPlaces(places, OCCURRENCES_LIMIT);
  }
  const numbers = doc.lineNumbers;
  const dependent = dependentEdits(indexes, edits);
  // How far the file has moved from the line numbers the request was written against, as the last edit placed by
  // its own line number found it (GNU patch's offset): the next hunk's number is read with it (a file with 25 lines
  // more on top put a hunk in the first of two twin functions, nearer its stale number).
  let offset = 0;
  for (const index of indexes) {
    const edit = edits[index] as ReplaceEdit;
    // (An old text that stands exactly once in the original means that place, whatever an earlier edit writes: a
    // move, or a new function with a line like the one the next edit changes.)
    const writer = dependent.get(index);
    if (writer !== undefined && (edit.replaceAll || !standsOnce(base, edit.oldString))) {
      settle(refused(index, edit, path, 'conflict', `This edit's old text is text that edit ${list([writer])} writes in ${path}: the edits build on each other, but every edit to a file is matched against its original text, where this one would change something else or nothing. Nothing was changed in ${path}: merge the two edits into one, or send this one once the other is applied.`));
      continue;
    }
    const anchored = anchorHint(base, edit.anchor);
    const numbered = typeof edit.hint === 'number' && Number.isFinite(edit.hint) ? edit.hint : undefined;
    const hint = numbered !== undefined ? Math.max(0, numbered + offset) : (edit.hint ?? anchored);
    try {
      const { edits: spans } = resolveEditSpans(doc, base, edit.oldString, edit.newString, {
        ...options,
        ...(hint !== undefined && { hint }),
        ...(edit.replaceAll && { replaceAll: true }),
      });
      // An `@@` line the file does not have: the edit is placed without it (a model's anchor can be a version of
      // the line), and a person is asked.
      if (edit.anchor?.length && anchored === undefined) {
        const note = `the @@ line \`${edit.anchor[0].trim().slice(0, 60)}\` is not in ${path}: placed without it`;
        for (const span of spans) Object.assign(span.match, { needsReview: true, review: [...(span.match.review ?? []), note] });
      }
      // The offset chose among places, and the number as written chooses another: the one a number lands on is
      // meant (the hunk before was found far from a made-up number, or the file moved by that much); when both or
      // neither land on theirs, which is meant cannot be told.
      if (numbered !== undefined && offset !== 0 && spans[0]?.match.chosenByHint) {
        const asWritten = resolveEditSpans(doc, base, edit.oldString, edit.newString, { ...options, hint: numbered }).edits;
        if (asWritten[0]?.start !== spans[0].start) {
          const landsOn = (line: number, span: SpanEdit) => span.match.startLine - NUMBER_SLACK <= line && line <= span.match.endLine + NUMBER_SLACK;
          const [raw, moved] = [landsOn(numbered, asWritten[0]), landsOn(numbered + offset, spans[0])];
          if (raw === moved) {
            const lines = [asWritten[0].match.startLine, spans[0].match.startLine].map((l) => l + 1);
            throw new EditError('ambiguous', `The old text stands in several places; its line number (${numbered + 1}) points at line ${lines[0]}, and read with the offset the edit before it was found at (${offset > 0 ? '+' : ''}${offset}) at line ${lines[1]}: which is meant cannot be told. Nothing was changed: include more surrounding lines in the old text.`);
          }
          if (raw) spans.splice(0, spans.length, ...asWritten);
        }
      }
      if (numbered !== undefined && spans.length > 0) offset = spans[0].match.startLine - numbered;
      // Only the spans are made, never the file's new text (times 10,000). The diff is written on first read (as
      // ApplyResult's): resolving 10,000 edits need not diff them all.
      found.push(withLazyDiff({ status: 'resolved' as const, index, edit, path, spans }, numbers, spans));
    } catch (err) {
      if (!isEditError(err)) throw err;
      // "Applied already, or meant where the old text nearly stands?" is not done: it holds the file back.
      const unsure = err.result?.kind === 'already_applied' && err.result.oldNear !== undefined;
      const below = anchored !== undefined && edit.hint === undefined && err.code === 'not_found' ? ` Only the lines from the @@ line \`${edit.anchor![edit.anchor!.length - 1].trim().slice(0, 60)}\` (line ${anchored.after + 1}) on were searched: the edit names that place.` : '';
      settle(refused(index, edit, path, unsure ? 'ambiguous' : err.code, err.message + below));
    }
  }

  const overlapping = overlaps(found);
  const kept = found.filter((f) => !overlapping.has(f.index));
  for (const f of found) {
    const others = overlapping.get(f.index);
    if (others) {
      const where = lineRange(f.spans[0]);
      const more = others.size === MAX_NAMED_OVERLAPS ? ' (and perhaps others)' : '';
      settle(refused(f.index, edits[f.index], path, 'conflict', `This edit (${where}) overlaps edit ${list([...others].sort((a, b) => a - b))}${more} in ${path}: all edits to a file are matched against its original text and must not overlap. Merge them into one edit.`));
    } else {
      settle(f);
    }
  }
  return spliceAll(base, kept.flatMap((f) => f.spans));
}

/** For each edit whose spans overlap another edit's: the indexes of those others. */
function overlaps(found: readonly { index: number; spans: readonly SpanEdit[] }[]): Map<number, Set<number>> {
  // Every span with the edit it belongs to, in order of start: numbers into two lists, not an object per span.
  const all: SpanEdit[] = [];
  const owner: number[] = [];
  for (const f of found) {
    for (const span of f.spans) {
      all.push(span);
      owner.push(f.index);
    }
  }
  const order = all.map((_, k) => k).sort((a, b) => all[a].start - all[b].start);
  const spans = order.map((k) => all[k]);
  const owners = order.map((k) => owner[k]);
  // Each edit names a few of the edits it overlaps: 20,000 edits on one line overlap in 200 million pairs, and
  // listing every one ran out of memory (a refusal naming 19,999 edits helps no one either).
  const result = new Map<number, Set<number>>();
  const mark = (a: number, b: number) => {
    let named = result.get(a);
    if (!named) result.set(a, (named = new Set()));
    if (named.size < MAX_NAMED_OVERLAPS) named.add(b);
  };
  // Spans are sorted by start: one overlaps an earlier one exactly when it starts before the furthest end so far
  // (that span is one it overlaps), and a later one exactly when the next span starts before it ends. One edit's
  // own spans never overlap (the engine refuses that), so every overlap found is between two edits.
  let furthest = -1;
  let furthestOwner = -1;
  for (let i = 0; i < spans.length; i++) {
    if (spans[i].start < furthest) {
      mark(owners[i], furthestOwner);
      mark(furthestOwner, owners[i]);
    }
    for (let j = i + 1, named = 0; j < spans.length && spans[j].start < spans[i].end && named < MAX_NAMED_OVERLAPS; j++, named++) {
      mark(owners[i], owners[j]);
      mark(owners[j], owners[i]);
    }
    if (spans[i].end > furthest) [furthest, furthestOwner] = [spans[i].end, owners[i]];
  }
  return result;
}

/** Edits an overlap refusal names at most (it says when there may be more). */
const MAX_NAMED_OVERLAPS = 5;


/**
 * apply_patch `@@` anchors name lines above the change (outermost first). The innermost one found, searching
 * each below the previous, says where the change is: in the first place below it (as codex's apply_patch seeks
 * from it). Places above it are not searched at all (cascade's belowAnchor); a place holding its line counts.
 */
function anchorHint(text: string, anchors: string[] | undefined): { after: number } | undefined {
  if (!anchors?.length) return undefined;
  const lines = text.split('\n');
  let from = 0;
  let found: number | undefined;
  for (const anchor of anchors) {
    const wanted = anchor.trim();
    const at = lines.findIndex((line, i) => i >= from && line.trim() === wanted);
    const loose = at >= 0 ? at : lines.findIndex((line, i) => i >= from && line.includes(wanted));
    if (loose < 0) break;
    [found, from] = [loose, loose + 1];
  }
  return found === undefined ? undefined : { after: found };
}

function lineRange(span: SpanEdit): string {
  const { startLine, endLine } = span.match;
  return startLine === endLine ? `line ${startLine + 1}` : `lines ${startLine + 1}–${endLine + 1}`;
}

/** 1-based edit numbers, as a person counts them. */
function list(indexes: number[]): string {
  return indexes.map((i) => `#${i + 1}`).join(', ');
}
