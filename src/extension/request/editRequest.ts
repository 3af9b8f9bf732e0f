// One request (a clipboard, a selection, a scratch document, an API call): resolve every edit, refuse
// the whole request if any edit is refused (or apply the others, when the user or caller says so), apply what
// the auto-apply policy allows as ONE WorkspaceEdit, and keep the rest pending for review. A request that also
// creates, deletes or moves files is applied as a whole after one confirmation instead.
import * as vscode from 'vscode';
import type { ApplyOptions } from '../../core';
import { applyBatch, type BatchOptions } from './applyEdits';
import type { AppliedItem, ApplyItem } from './applyItems';
import { appliesAtOnce, engineOptions, readSettings, type AutoApply } from '../config';
import { afterMoves, claimedBy, confirmChanges, describeChange, fileOutcome, filesToShow, refuseEditedDeletes, resolveFileOps, type FileChange, type ResolvedFileOp } from './fileOps';
import { logLine, showMessage, showStatus, withProgressNotification, withStatusSpinner } from '../messages/notify';
import { summarize, type EditOutcome, type RefusalCode, type RefusalEvidence, type RequestOutcome } from './outcome';
import type { FileOp, ParsedEdit } from './parse';
import type { PendingEdit } from '../review/pendingEdits';
import { showRefusal } from '../messages/refusalToast';
import { revealSpan } from '../review/reveal';
import { engineOptionsFor, overlapping, resolveText } from './resolve';
import type { Services } from '../services';
import { displayName, notTextReason, openDocument, readOnlyReason } from './targets';
import { restrictedReason } from '../workspace/trustGate';
import { excludedReason } from '../workspace/filesExclude';
import { defaultTargetRefusal, findTarget, identityOf } from '../workspace/workspacePaths';
import { findPathConflicts } from '../../core/paths';
import { SourceText } from '../../core/document';
import { formatScore } from '../review/tierInfo';
import { pickFile } from './pickFile';
import { oncePerVersion } from './documentTexts';

export interface RequestContext extends BatchOptions {
  /** Where edits without a file path go. */
  defaultTarget?: vscode.Uri;
  /** Overrides the `fuzzyEdit.autoApply` setting. */
  autoApply?: AutoApply;
  /** Overrides the settings' engine options (API callers). */
  engineOptions?: ApplyOptions;
  /** Move the cursor to (and show) the applied or pending edit. */
  reveal: boolean;
  /** Show messages; off for programmatic calls. */
  notify: boolean;
  /**
   * When some edits of the request are refused: `true` applies the others, `false` applies nothing. Unset: ask
   * (when `notify`), else nothing — a programmatic request stays all or nothing unless it says otherwise.
   */
  applyRest?: boolean;
  /**
   * A request that creates, deletes or moves files is applied as a whole after one confirmation: `true` applies
   * it, `false` declines (nothing changes). Unset: ask (when `notify`), else apply.
   */
  confirmFiles?: boolean;
  /** Refuse files that `files.exclude` hides (the `fuzzy_edit` tool: the user hid them from view). */
  honourFilesExclude?: boolean;
  /**
   * A bare file name that several workspace files have (`server.py`): the one meant, by name as written →
   * workspace-relative path, instead of the quick pick. Without an entry and without `notify`, refused.
   */
  pickFile?: Readonly<Record<string, string>>;
  /** Where the request came from, for the log ("clipboard", "tool", "api"…; the extension's own words). */
  source?: string;
  /** Stops resolving (the request is `cancelled`, nothing changes): e.g. the chat cancelled the tool call. */
  token?: vscode.CancellationToken;
  /** A request still resolving after this many milliseconds shows a cancellable progress notification (default 400). */
  progressAfterMs?: number;
}

export async function runRequest(services: Services, edits: readonly ParsedEdit[], ctx: RequestContext, fileOps: readonly FileOp[] = []): Promise<RequestOutcome> {
  const count = edits.length + fileOps.length;
  const title = `Fuzzy Edit: applying ${count} ${fileOps.length > 0 ? 'change' : 'edit'}${count === 1 ? '' : 's'}`;
  const run = () => resolveAndApply(services, edits, fileOps, ctx);
  const outcome = await (ctx.notify && count > 0 ? withStatusSpinner(title, run) : run());
  return remember(services, ctx.source ?? 'request', outcome);
}

/** The outcome of a request: kept for the API and tests (`lastOutcome`) and logged, one line. */
export function remember(services: Services, source: string, outcome: RequestOutcome): RequestOutcome {
  services.lastOutcome = outcome;
  const files = [...new Set(outcome.edits.flatMap((e) => (e.uri ? [displayName(vscode.Uri.parse(e.uri))] : [])))];
  logLine(source, outcome.status + (outcome.code ? ` (${outcome.code})` : ''), files, outcome.message);
  return outcome;
}

async function resolveAndApply(services: Services, edits: readonly ParsedEdit[], fileOps: readonly FileOp[], ctx: RequestContext): Promise<RequestOutcome> {
  const n = edits.length;
  if (n === 0 && fileOps.length === 0) return refuse(services, ctx, 'no_edits', 'No edit to apply.');
  const label = labeller(n);

  // 0. File operations: where each path lands and whether it may happen. Nothing is written yet.
  const files = await resolveFileOps(fileOps, ctx.defaultTarget);
  // 1. Targets and their documents.
  const targets = await openTargets(edits, files, ctx, label);
  if ('refused' in targets) return refuse(services, ctx, targets.refused.code, targets.refused.message, [targets.refused]);
  // 2. Resolve every edit against the text as it is now.
  const resolved = await resolveEdits(services, edits, fileOps, targets, ctx, label);
  if (!resolved) return cancelled(ctx);
  const { outcomes, items } = resolved;
  files.forEach((f, j) => outcomes.push(fileOutcome(f, n + j)));
  const refusedOp = files.find((f) => f.status === 'refused');
  const firstRefusal = resolved.firstRefusal ?? (refusedOp ? { code: refusedOp.code!, message: refusedOp.message! } : undefined);
  const changes = files.flatMap((f) => (f.status === 'resolved' && f.change ? [f.change] : []));
  const overlap = targets.docs.find((doc) => doc && overlapping(items.filter((it) => it.uri.toString() === doc.uri.toString()).flatMap((it) => it.spans)));
  if (overlap) return refuse(services, ctx, 'overlap', `Two edits overlap in ${displayName(overlap.uri)}; nothing was changed.`, outcomes);

  // 3. Refusals refuse the whole request, unless the user (or caller) says to apply the rest.
  const noun = files.length > 0 ? 'changes' : 'edits';
  let refusedNote: string | undefined;
  if (firstRefusal) {
    const settled = await settleRefusals(outcomes, firstRefusal, items.length + changes.length, noun, ctx);
    if ('refuse' in settled) return refuse(services, ctx, firstRefusal.code, settled.refuse, outcomes, firstRefusal.evidence);
    refusedNote = settled.note;
  }
  if (items.length === 0 && changes.length === 0) {
    const message = outcomes.length > 1 ? `Every ${noun.slice(0, -1)} is already applied; nothing to do.` : `Already applied: ${outcomes[0].message ?? 'nothing to do.'}`;
    if (ctx.notify) void showMessage('info', message);
    return { status: 'already_applied', message, edits: outcomes };
  }
  if (changes.length > 0) return applyWithFiles(services, items, changes, outcomes, ctx, refusedNote);
  return applyOrReview(services, n, items, outcomes, ctx, refusedNote);
}

type FirstRefusal = { code: RefusalCode; message: string; evidence?: RefusalEvidence };
type OpenedTargets = { docs: (vscode.TextDocument | undefined)[]; ruledOut: Map<number, string> };

function labeller(n: number): (i: number, uri?: vscode.Uri) => string {
  return (i, uri) => (n > 1 ? `Edit ${i + 1} of ${n}` : 'The edit') + (uri ? ` (${displayName(uri)})` : '');
}

/**
 * Step 1: the document of every text edit, or the refusal of the whole request. `ruledOut` holds, by index, the
 * edits the file operations rule out, with why: an edit of a file this request creates has no text to resolve
 * against yet; a file both edited and deleted is a contradiction.
 */
async function openTargets(
  edits: readonly ParsedEdit[],
  files: readonly ResolvedFileOp[],
  ctx: RequestContext,
  label: (i: number, uri?: vscode.Uri) => string,
): Promise<OpenedTargets | { refused: EditOutcome & { code: RefusalCode; message: string } }> {
  const docs: (vscode.TextDocument | undefined)[] = [];
  const ruledOut = new Map<number, string>();
  // Edits naming the same path (or none: the default target) share one lookup: each check of a document reads
  // its whole text, and a request of 200 edits to one large file read it 200 times.
  const opened = new Map<string, vscode.TextDocument>();
  for (let i = 0; i < edits.length; i++) {
    const key = edits[i].path ?? '';
    const known = opened.get(key);
    if (known && !known.isClosed) {
      docs.push(known);
      continue;
    }
    const t = await openTarget(edits[i], label(i), files, ctx);
    if ('doc' in t) opened.set(key, t.doc);
    if ('refused' in t) return { refused: { ...t.refused, index: i } };
    if ('ruledOut' in t) ruledOut.set(i, `${label(i)}: ${t.ruledOut}`);
    docs.push('doc' in t ? t.doc : undefined);
  }
  const twoNames = await oneFileTwoNames(docs, files);
  if (twoNames) return { refused: { index: 0, status: 'refused', matches: [], code: 'conflict', message: twoNames } };
  for (const [i, why] of refuseEditedDeletes(files, docs.map((d) => d?.uri))) ruledOut.set(i, `${label(i, docs[i]?.uri)}: ${why}`);
  return { docs, ruledOut };
}

/**
 * Step 2: every edit resolved against its document's text as it is now, or undefined when cancelled. Each edit
 * is resolved in one go; between edits the extension host is let go (a long request never freezes the editor),
 * and once a request has taken longer than PROGRESS_AFTER_MS a cancellable progress notification shows the rest.
 * A document typed into meanwhile is caught before writing: applyBatch re-checks every version.
 */
async function resolveEdits(
  services: Services,
  edits: readonly ParsedEdit[],
  fileOps: readonly FileOp[],
  { docs, ruledOut }: OpenedTargets,
  ctx: RequestContext,
  label: (i: number, uri?: vscode.Uri) => string,
): Promise<{ outcomes: EditOutcome[]; items: ApplyItem[]; firstRefusal?: FirstRefusal } | undefined> {
  const n = edits.length;
  const outcomes: EditOutcome[] = [];
  const items: ApplyItem[] = [];
  let firstRefusal: FirstRefusal | undefined;
  // Each document's text, read once per version, and its line index built once when several edits go to it.
  // Not the hash index of every line the core batch builds (SourceText.forManySearches): that is one step of
  // about 100 ms on a 100,000-line document, where an indexOf per edit costs a millisecond in each step.
  const editsTo = new Map<vscode.TextDocument, number>();
  for (const doc of docs) if (doc) editsTo.set(doc, (editsTo.get(doc) ?? 0) + 1);
  const textOf = oncePerVersion((doc) => {
    const text = doc.getText();
    const shared = (editsTo.get(doc) ?? 0) > 1;
    return { text, version: doc.version, key: services.engine.textKey(), shared, index: shared ? new SourceText(text) : undefined };
  });
  const resolveOne = async (i: number): Promise<void> => {
    const conflict = ruledOut.get(i);
    if (conflict !== undefined) {
      outcomes.push({ index: i, ...(docs[i] ? { uri: docs[i]!.uri.toString() } : {}), status: 'refused', matches: [], code: 'conflict', message: conflict });
      firstRefusal ??= { code: 'conflict', message: conflict };
      return;
    }
    const doc = docs[i]!;
    const settings = readSettings(doc.uri);
    const options = engineOptionsFor(edits[i], { ...engineOptions(settings), ...ctx.engineOptions });
    const { text, version, key, shared, index } = textOf(doc);
    // In the engine's worker; on this thread where there is none. `version` is the text's: the document may change
    // while the worker resolves (applyBatch then re-checks it).
    const r = await services.engine.resolve(key, text, shared, edits[i], options, () => resolveText(text, edits[i], options, index));
    const uri = doc.uri.toString();
    if (r.kind === 'ok') {
      items.push({ index: i, uri: doc.uri, version, edit: edits[i], options, spans: r.spans, kind: r.tierKind });
      outcomes.push({ index: i, uri, status: 'resolved', matches: r.matches.map(summarize), diff: r.diff });
    } else if (r.kind === 'already_applied') {
      outcomes.push({ index: i, uri, status: 'already_applied', matches: r.match ? [summarize(r.match)] : [], message: r.message });
    } else {
      const o: EditOutcome = { index: i, uri, status: 'refused', matches: [], code: r.code, message: `${label(i, doc.uri)}: ${r.message}` };
      if (r.result?.kind === 'ambiguous') {
        o.candidates = r.result.candidates.map(summarize);
        if (r.result.places !== undefined) o.places = r.result.places;
      }
      if (r.result?.kind === 'not_found' && r.result.closest) o.closest = r.result.closest;
      outcomes.push(o);
      firstRefusal ??= {
        code: r.code,
        message: o.message!,
        evidence: {
          uri: doc.uri,
          result: r.result,
          text,
          version,
          languageId: doc.languageId,
          ...(n > 1 ? { label: `Edit ${i + 1} of ${n}` } : {}),
          ...(edits[i].snippet ? { snippet: true } : {}),
          // An exact text found in several places: the person may choose to change them all, after a confirmation.
          replaceAll: () => runRequest(services, edits.map((e, j) => (j === i ? { ...e, replaceAll: true } : e)), ctx, fileOps),
        },
      };
    }
  };
  const done = await stepwise(n, resolveOne, ctx);
  return done ? { outcomes, items, firstRefusal } : undefined;
}

/** After this long, a request still resolving shows a cancellable progress notification. */
const PROGRESS_AFTER_MS = 400;

/**
 * Runs `step(0)` … `step(count - 1)`, letting the extension host go between steps; false when cancelled (by
 * `ctx.token`, or the progress notification's Cancel) before the last step.
 */
async function stepwise(count: number, step: (i: number) => Promise<void>, ctx: Pick<RequestContext, 'token' | 'notify' | 'progressAfterMs'>): Promise<boolean> {
  const started = Date.now();
  const after = ctx.progressAfterMs ?? PROGRESS_AFTER_MS;
  let i = 0;
  for (; i < count; i++) {
    if (ctx.token?.isCancellationRequested) return false;
    if (ctx.notify && i > 0 && Date.now() - started >= after) break;
    await step(i);
    if (count > 1) await yieldToHost();
  }
  if (i === count) return true;
  const from = i;
  return withProgressNotification(`Fuzzy Edit: resolving ${count} edits`, async (report, cancelled) => {
    for (let j = from; j < count; j++) {
      if (cancelled() || ctx.token?.isCancellationRequested) return false;
      report(`${j + 1} of ${count}`, 100 / count);
      await step(j);
      await yieldToHost();
    }
    return true;
  });
}

function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function cancelled(ctx: RequestContext): RequestOutcome {
  const message = 'Cancelled while resolving; nothing was changed.';
  if (ctx.notify) showStatus('circle-slash', `Fuzzy Edit: ${message}`, 5000);
  return { status: 'cancelled', code: 'cancelled', message, edits: [] };
}

/**
 * Step 3: some edits are refused. Applying the rest needs `ctx.applyRest` or the user's yes; otherwise the whole
 * request is refused with the first refusal's words (`refuse`). `note` tells what was left out.
 */
async function settleRefusals(
  outcomes: readonly EditOutcome[],
  first: FirstRefusal,
  rest: number,
  noun: string,
  ctx: RequestContext,
): Promise<{ refuse: string } | { note: string }> {
  const total = outcomes.length;
  const refusedCount = outcomes.filter((o) => o.status === 'refused').length;
  const others = refusedCount - 1;
  const message = first.message + (others > 0 ? ` (${others} more ${others > 1 ? noun : noun.slice(0, -1)} refused.)` : '') + (total > 1 && !/nothing was changed/i.test(first.message) ? ' Nothing was changed.' : '');
  const go = rest > 0 && (ctx.applyRest ?? (ctx.notify ? await askApplyRest(outcomes, rest, noun) : false));
  if (!go) return { refuse: message };
  return { note: `${refusedCount} of ${total} ${noun} refused and not applied: ${first.message}` + (others > 0 ? ` (${others} more.)` : '') };
}

/** Steps 4 and 5: the auto-apply policy splits the edits into applied at once and pending review; then the result is shown. */
async function applyOrReview(services: Services, n: number, items: readonly ApplyItem[], outcomes: EditOutcome[], ctx: RequestContext, refusedNote: string | undefined): Promise<RequestOutcome> {
  // 4. The policy splits: apply at once, or wait for review. Pending edits are registered first so
  // their spans follow the automatic edits of the same request.
  const now: ApplyItem[] = [];
  const review: PendingEdit[] = [];
  for (const item of items) {
    const policy = ctx.autoApply ?? readSettings(item.uri).autoApply;
    if (appliesAtOnce(item.kind, policy)) now.push(item);
    else {
      const id = services.pending.newId();
      review.push({ id, index: item.index, requestSize: n, uri: item.uri, version: item.version, edit: item.edit, options: item.options, spans: item.spans.map((s) => ({ ...s })), kind: item.kind, touched: false });
      outcomes[item.index].status = 'pending';
      outcomes[item.index].pendingId = id;
    }
  }
  services.pending.add(review);
  const batch = await applyBatch(now, ctx);
  if (!batch.ok) {
    services.pending.remove(review.map((p) => p.id));
    for (const o of outcomes) {
      if (o.status !== 'pending') continue;
      o.status = 'resolved';
      delete o.pendingId;
    }
    return refuse(services, ctx, batch.code, batch.message, outcomes);
  }
  for (const a of batch.applied) outcomes[a.item.index].status = 'applied';

  // 5. Show the result.
  await showApplied(services, batch.applied, ctx.reveal && review.length === 0);
  if (review.length > 0 && ctx.reveal) await revealPending(services.pending.get(review[0].id));
  const applied = batch.applied.length;
  const tiers = (list: { spans: { match: { tier: string; score: number } }[] }[]) =>
    [...new Set(list.map((x) => `${x.spans[0].match.tier} ${formatScore(x.spans[0].match.score)}`))].join(', ');
  let message: string;
  if (review.length === 0) message = `Applied ${applied} edit${applied === 1 ? '' : 's'} (${tiers(batch.applied)}).`;
  else {
    message =
      (applied > 0 ? `Applied ${applied} edit${applied === 1 ? '' : 's'}; ` : '') +
      `${review.length} edit${review.length === 1 ? ' waits' : 's wait'} for review (${tiers(review)}). Its new lines are shown beside the marked ones; hover them for the details.`;
  }
  if (ctx.notify) {
    if (review.length === 0) showStatus('check', `Fuzzy Edit: ${message}`, 5000);
    else {
      void showMessage('info', `Fuzzy Edit: ${message}`, ['Apply All', 'Show Diff', 'Reject All']).then((choice) => {
        if (choice === 'Apply All') void vscode.commands.executeCommand('fuzzyEdit.applyAllPending');
        else if (choice === 'Show Diff') void vscode.commands.executeCommand('fuzzyEdit.showDiff', review[0].id);
        else if (choice === 'Reject All') void vscode.commands.executeCommand('fuzzyEdit.rejectAll');
      });
    }
  }
  if (refusedNote) {
    message = `${message} ${refusedNote}`;
    if (ctx.notify) void showMessage('warning', `Fuzzy Edit: ${message}`);
    return { status: 'partial', message, edits: outcomes };
  }
  return { status: review.length === 0 ? 'applied' : applied > 0 ? 'mixed' : 'pending', message, edits: outcomes };
}

export type Target = { doc: vscode.TextDocument } | { ruledOut: string } | { refused: EditOutcome & { code: RefusalCode; message: string } };

/**
 * The document a text edit goes to. `ruledOut`: the request creates that file (or moves one there), so this edit
 * alone is refused; `refused`: no document the policy lets it edit, which refuses the whole request.
 */
export async function openTarget(
  e: ParsedEdit,
  label: string,
  files: readonly ResolvedFileOp[],
  ctx: Pick<RequestContext, 'defaultTarget' | 'honourFilesExclude' | 'pickFile'> & { notify?: boolean },
): Promise<Target> {
  const claim = e.path ? claimedBy(files, e.path, ctx.defaultTarget) : undefined;
  if (claim) return { ruledOut: claim };
  const refusal = (code: RefusalCode, message: string, uri?: vscode.Uri): Target => ({
    refused: { index: 0, ...(uri ? { uri: uri.toString() } : {}), status: 'refused', matches: [], code, message },
  });
  let uri: vscode.Uri | undefined;
  if (e.path) {
    const found = await findTarget(e.path, { searchWorkspace: true });
    if (!found.ok && found.code === 'ambiguous_path') {
      const picked = await pickFile(e.path, found.candidates, ctx);
      if (!picked.ok) return refusal(picked.code, `${label}: ${picked.message}`);
      uri = picked.uri;
    } else if (!found.ok) {
      const didYouMean = found.code === 'no_target' && found.suggestions?.length ? ` (did you mean ${found.suggestions.map((s) => `"${s}"`).join(' or ')}?)` : '';
      return found.code === 'no_target'
        ? refusal('no_target', `${label}: no file "${e.path}" in the workspace or among open editors${didYouMean}; nothing was changed.`)
        : refusal('unsafe_path', `${label}: "${e.path}" is refused: ${found.reason}. Nothing was changed.`);
    } else uri = found.uri;
  } else {
    uri = ctx.defaultTarget;
    if (!uri) return refusal('no_target', `${label} names no file and there is no editor to apply it to; open the file first.`);
    const why = defaultTargetRefusal(uri);
    if (why) return refusal('unsafe_path', `${label}: ${displayName(uri)} is refused: ${why.reason}. Nothing was changed.`, uri);
  }
  if (ctx.honourFilesExclude) {
    const hidden = await excludedReason(uri);
    if (hidden) return refusal('unsafe_path', `${label}: ${displayName(uri)} is refused: ${hidden}. Nothing was changed.`, uri);
  }
  const isOpen = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  const restricted = isOpen ? undefined : restrictedReason(vscode.workspace.isTrusted, 'closed_file');
  if (restricted) return refusal('untrusted', `${label}: ${displayName(uri)} is not open, and ${restricted}. Nothing was changed.`, uri);
  let doc: vscode.TextDocument | undefined;
  let why = 'it was closed';
  try {
    doc = await openDocument(uri);
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  if (!doc) return refusal('no_target', `${label}: cannot open ${displayName(uri)}: ${why}; nothing was changed.`, uri);
  const ro = readOnlyReason(doc);
  if (ro) return refusal('read_only', ro, uri);
  const binary = await notTextReason(doc);
  if (binary) return refusal('not_text', `${label}: ${binary}`, uri);
  return { doc };
}

/**
 * One file under two names in one request (a symlink and its target; `A.txt` and `a.txt` where the disk ignores
 * case): VS Code would hold two documents for it, and the second save would undo the first. Keyed by real path
 * (workspacePaths.identityOf) through the shared batch check; why, or undefined when every file has one name.
 */
async function oneFileTwoNames(docs: readonly (vscode.TextDocument | undefined)[], files: readonly ResolvedFileOp[]): Promise<string | undefined> {
  const ops: { kind: string; path: string; to?: string }[] = [
    ...docs.flatMap((d) => (d ? [{ kind: 'replace', path: d.uri.toString() }] : [])),
    ...files.flatMap((f) => (f.change ? [{ kind: f.change.kind, path: f.change.uri.toString(), ...(f.change.kind === 'rename' ? { to: f.change.to.toString() } : {}) }] : [])),
  ];
  const identities = new Map<string, string>();
  for (const name of ops.flatMap((op) => (op.to ? [op.path, op.to] : [op.path]))) {
    if (!identities.has(name)) identities.set(name, await identityOf(vscode.Uri.parse(name)));
  }
  const same = findPathConflicts(ops, { key: (name) => identities.get(name) ?? name }).find((c) => c.code === 'same_file');
  if (!same) return undefined;
  const names = same.names.map((u) => displayName(vscode.Uri.parse(u))).join(' and ');
  return `${names} are one file (${same.reason}); nothing was changed.`;
}

/**
 * A request that creates, deletes or moves files: file operations have no span to highlight and review one by
 * one, and half of such a request (the edits in, the new file still waiting) leaves the project inconsistent.
 * So it is applied as a whole after ONE confirmation that lists every change, tier and score included: the
 * auto-apply policy does not split it, and a similarity match is seen before it lands.
 */
async function applyWithFiles(
  services: Services,
  items: ApplyItem[],
  changes: FileChange[],
  outcomes: EditOutcome[],
  ctx: RequestContext,
  refusedNote: string | undefined,
): Promise<RequestOutcome> {
  const go = ctx.confirmFiles ?? (ctx.notify ? await confirmChanges(items, changes) : true);
  if (!go) return refuse(services, ctx, 'cancelled', 'Not applied: the request was not confirmed; nothing was changed.', outcomes);
  const batch = await applyBatch(items, ctx, changes);
  if (!batch.ok) return refuse(services, ctx, batch.code, batch.message, outcomes);
  for (const a of batch.applied) outcomes[a.item.index].status = 'applied';
  for (const o of outcomes) if (o.operation && o.status === 'resolved') o.status = 'applied';

  if (ctx.reveal) await showFiles(changes);
  await showApplied(services, batch.applied, ctx.reveal, changes);
  const edited = batch.applied.length;
  let message = `Applied: ${changes.map(describeChange).join(', ')}` + (edited > 0 ? `, and ${edited} edit${edited === 1 ? '' : 's'}.` : '.');
  if (refusedNote) message = `${message} ${refusedNote}`;
  if (ctx.notify) {
    if (refusedNote) void showMessage('warning', `Fuzzy Edit: ${message}`);
    else showStatus('check', `Fuzzy Edit: ${message}`, 5000);
  }
  return { status: refusedNote ? 'partial' : 'applied', message, edits: outcomes };
}

/** Opens the files the request created or moved, each in its own tab; the first one is left in front. */
async function showFiles(changes: readonly FileChange[]): Promise<void> {
  const uris = filesToShow(changes);
  for (const uri of [...uris].reverse()) {
    try {
      await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: uri !== uris[0] });
    } catch {
      // Not a text file (an image, say): it was created all the same.
    }
  }
}

/** Some parts of a request are refused: the user chooses between the others and nothing. */
async function askApplyRest(outcomes: readonly EditOutcome[], rest: number, noun: string): Promise<boolean> {
  const reasons = outcomes.filter((o) => o.status === 'refused').map((o) => o.message ?? `Edit ${o.index + 1} was refused.`);
  const button = rest === 1 ? `Apply the Other ${noun === 'edits' ? 'Edit' : 'Change'}` : `Apply the Other ${rest}`;
  const choice = await showMessage(
    'warning',
    `Fuzzy Edit: ${reasons.length} of ${outcomes.length} ${noun} cannot be applied. Apply the other ${rest === 1 ? 'one' : rest}, or nothing?`,
    [button],
    { detail: reasons.join('\n\n') },
  );
  return choice === button;
}

/** Applies pending edits (by id) as one WorkspaceEdit; they stay pending when refused. */
export async function applyPending(services: Services, ids: readonly string[], ctx: RequestContext): Promise<RequestOutcome> {
  const pending = ids.map((id) => services.pending.get(id)).filter((p): p is PendingEdit => !!p);
  if (pending.length === 0) {
    // A hover or CodeLens still on screen after its edit was applied or rejected: nothing to do is no error.
    const message = 'No pending edit to apply: it was applied or rejected already.';
    if (ctx.notify) showStatus('info', `Fuzzy Edit: ${message}`, 5000);
    return remember(services, 'pending', { status: 'refused', code: 'no_pending', message, edits: [] });
  }
  const items: ApplyItem[] = pending.map((p, i) => ({ index: i, uri: p.uri, version: p.version, edit: p.edit, options: p.options, spans: p.spans, kind: p.kind, pendingId: p.id }));
  const batch = await applyBatch(items, ctx);
  const outcomes: EditOutcome[] = pending.map((p, i) => ({ index: i, uri: p.uri.toString(), status: 'pending', pendingId: p.id, matches: p.spans.map((s) => summarize(s.match)) }));
  if (!batch.ok) return remember(services, 'pending', refuse(services, ctx, batch.code, batch.message, outcomes));
  services.pending.remove(pending.map((p) => p.id));
  for (const o of outcomes) o.status = 'applied';
  await showApplied(services, batch.applied, ctx.reveal);
  const message = `Applied ${pending.length} pending edit${pending.length === 1 ? '' : 's'}.`;
  if (ctx.notify) showStatus('check', `Fuzzy Edit: ${message}`, 5000);
  return remember(services, 'pending', { status: 'applied', message, edits: outcomes });
}

/** Marks the lines written (until the document next changes) and moves the cursor to the first one (in its file's new place, if it was moved). */
async function showApplied(services: Services, applied: readonly AppliedItem[], reveal: boolean, changes: readonly FileChange[] = []): Promise<void> {
  const first = applied.find((a) => a.after.length > 0);
  if (first && reveal) await revealSpan(afterMoves(changes, first.item.uri), first.after[0].start, first.after[0].end, 'start');
  // One trace per document: each repaints every visible editor, so a trace per edit repainted them once per edit
  // (200 edits to one document held the extension host 100-300 ms).
  const written = new Map<string, { uri: vscode.Uri; spans: { after: { start: number; end: number }; original: string }[] }>();
  for (const a of applied) {
    const uri = afterMoves(changes, a.item.uri);
    const entry = written.get(uri.toString()) ?? { uri, spans: [] };
    a.after.forEach((after, i) => entry.spans.push({ after, original: a.spans[i].original }));
    written.set(uri.toString(), entry);
  }
  for (const { uri, spans } of written.values()) services.decorations.trace(uri, spans);
}

export async function revealPending(p: PendingEdit | undefined): Promise<void> {
  if (p) await revealSpan(p.uri, p.spans[0].start, p.spans[0].end, 'start');
}

function refuse(
  services: Services,
  ctx: RequestContext,
  code: RefusalCode,
  message: string,
  edits: EditOutcome[] = [],
  evidence?: RefusalEvidence,
): RequestOutcome {
  if (evidence?.result?.kind === 'not_found' || evidence?.result?.kind === 'ambiguous') services.lastRefusal = { ...evidence, result: evidence.result };
  if (ctx.notify) showRefusal(services, code, message, evidence);
  return { status: code === 'cancelled' ? 'cancelled' : 'refused', code, message, edits };
}
