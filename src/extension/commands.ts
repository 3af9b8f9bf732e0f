// Every command. Each one can run without UI interaction: arguments replace the clipboard, the
// selection, the target and the modal answer, and each returns a result object.
import * as vscode from 'vscode';
import { findMatch, placeCount, type ApplyOptions } from '../core';
import { places } from './messages/refusalText';
import { engineOptions, isAutoApply, readSettings, type AutoApply } from './config';
import type { ProposedContentProvider } from './review/diffProvider';
import { openDemo } from './review/demo';
import { applyPending, remember, revealPending, runRequest, type RequestContext } from './request/editRequest';
import { showMessage, showStatus } from './messages/notify';
import { refused, summarize, type MatchSummary, type RequestOutcome } from './request/outcome';
import { parseEditRequest, type ParsedEdit } from './request/parse';
import type { PendingEdit } from './review/pendingEdits';
import { copyCorrection, replaceAllRefused, SHOW_CLOSEST, showPlaces } from './messages/refusalToast';
import { revealSpan } from './review/reveal';
import type { Services } from './services';
import { displayName, openDocument } from './request/targets';
import { formatLines, formatScore, tierKind } from './review/tierInfo';

/** What tests and other extensions may pass instead of UI input. */
export interface CommandArgs {
  /** Instead of the clipboard or the selection. */
  text?: string;
  /** Instead of the active (or previously active) editor. */
  target?: vscode.Uri | string;
  /** Instead of the `fuzzyEdit.autoApply` setting. */
  autoApply?: AutoApply;
  /** Answer to the "document changed" question instead of a modal. */
  confirm?: boolean;
  /** Answer to "some edits are refused: apply the others?" instead of a modal. */
  applyRest?: boolean;
  /** Answer to "this request creates, deletes or moves files: apply it as a whole?" instead of a modal. */
  confirmFiles?: boolean;
  /** A pending edit, for the pending-edit commands. */
  id?: string;
  /**
   * Instead of the quick pick for a bare file name several workspace files have: name as written →
   * workspace-relative path of the one meant, e.g. `{ "server.py": "src/server.py" }`.
   */
  pickFile?: Record<string, string>;
  /** Apply Edit from Clipboard run by a CodeLens over the edit's text (the log says so). */
  source?: 'codelens';
  /** Stops resolving a long request (outcome `cancelled`, nothing changes). */
  token?: vscode.CancellationToken;
  /** A request still resolving after this many milliseconds shows a cancellable progress notification (default 400). */
  progressAfterMs?: number;
}

export interface EditSpec {
  oldString: string;
  newString: string;
  replaceAll?: boolean;
}

export interface ApplyEditsOptions extends ApplyOptions {
  autoApply?: AutoApply;
  confirm?: boolean;
  /** Some edits refused: apply the others (default false: all or nothing). */
  applyRest?: boolean;
  /** Show the document and move the cursor to the edit (default false). */
  reveal?: boolean;
}

export interface FindOutcome {
  status: 'found' | 'ambiguous' | 'not_found' | 'refused';
  message: string;
  uri?: string;
  matches: MatchSummary[];
  candidates?: MatchSummary[];
  /** How many places there are in all, when `candidates` lists only the first of them. */
  places?: number;
}

export function registerCommands(context: vscode.ExtensionContext, services: Services, proposed: ProposedContentProvider): void {
  const register = (id: string, fn: (...args: never[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  const interactive = (a: CommandArgs, source: string): RequestContext => ({
    source,
    autoApply: a.autoApply,
    confirm: a.confirm,
    applyRest: a.applyRest,
    confirmFiles: a.confirmFiles,
    pickFile: a.pickFile,
    token: a.token,
    progressAfterMs: a.progressAfterMs,
    reveal: true,
    notify: true,
  });

  const fromText = async (text: string, defaultTarget: vscode.Uri | undefined, ctx: RequestContext): Promise<RequestOutcome> => {
    const source = ctx.source ?? 'request';
    const parsed = parseEditRequest(text);
    if (parsed.problems.length > 0 || (parsed.edits.length === 0 && parsed.fileOps.length === 0)) {
      const message = parsed.problems.join(' ') || 'No edit found.';
      if (ctx.notify) void showMessage('error', `Fuzzy Edit: ${message} Nothing was changed.`);
      return remember(services, source, refused('no_edits', message));
    }
    return runRequest(services, parsed.edits, { ...ctx, defaultTarget }, parsed.fileOps);
  };

  register('fuzzyEdit.applyFromClipboard', async (arg?: unknown) => {
    const a = args(arg);
    const text = a.text ?? (await vscode.env.clipboard.readText());
    return fromText(text, toUri(a.target) ?? vscode.window.activeTextEditor?.document.uri, interactive(a, a.source === 'codelens' ? 'codelens' : 'clipboard'));
  });

  register('fuzzyEdit.applyFromSelection', async (arg?: unknown) => {
    const a = args(arg);
    const source = vscode.window.activeTextEditor;
    const text = a.text ?? (source && !source.selection.isEmpty ? source.document.getText(source.selection) : undefined);
    if (!text) {
      const message = 'Select the edit first: SEARCH/REPLACE blocks, or two code blocks (old text, then new text).';
      void showMessage('info', `Fuzzy Edit: ${message}`);
      return remember(services, 'selection', refused('no_edits', message));
    }
    return fromText(text, toUri(a.target) ?? services.tracker.otherThan(source?.document.uri), interactive(a, 'selection'));
  });

  register('fuzzyEdit.newEdit', async () => {
    const editor = await services.scratch.open(vscode.window.activeTextEditor);
    return editor.document.uri;
  });
  register('fuzzyEdit.tryDemo', () => openDemo(services.scratch));

  const scratchText = async (arg: unknown): Promise<{ text: string; target?: vscode.Uri } | undefined> => {
    const uri = toUri(arg instanceof vscode.Uri || typeof arg === 'string' ? arg : args(arg).target) ?? vscode.window.activeTextEditor?.document.uri;
    if (!uri) return undefined;
    const doc = await vscode.workspace.openTextDocument(uri);
    return { text: doc.getText(), target: services.scratch.targetOf(uri) ?? services.tracker.otherThan(uri) };
  };
  register('fuzzyEdit.resolveScratch', async (arg?: unknown) => {
    const s = await scratchText(arg);
    return s ? fromText(s.text, s.target, { ...interactive(args(arg), 'scratch'), autoApply: 'never' }) : refused('no_edits', 'No scratch document.');
  });
  register('fuzzyEdit.applyScratch', async (arg?: unknown) => {
    const s = await scratchText(arg);
    return s ? fromText(s.text, s.target, interactive(args(arg), 'scratch')) : refused('no_edits', 'No scratch document.');
  });

  register('fuzzyEdit.findSnippet', async (arg?: unknown): Promise<FindOutcome> => {
    const a = args(arg);
    const editor = vscode.window.activeTextEditor;
    let snippet = a.text;
    let target = toUri(a.target);
    if (snippet === undefined && editor && !editor.selection.isEmpty) {
      snippet = editor.document.getText(editor.selection);
      target ??= services.tracker.otherThan(editor.document.uri);
    }
    snippet ??= await vscode.env.clipboard.readText();
    target ??= editor?.document.uri;
    if (!target || !snippet.trim()) {
      const message = !target ? 'Open the file to search first.' : 'Select or copy the snippet to find first.';
      void showMessage('info', `Fuzzy Edit: ${message}`);
      return { status: 'refused', message, matches: [] };
    }
    return findSnippet(services, snippet.replace(/\r\n?/g, '\n'), target);
  });

  const pendingFor = (arg: unknown): PendingEdit | undefined => {
    const id = typeof arg === 'string' ? arg : args(arg).id;
    if (id) return services.pending.get(id);
    const editor = vscode.window.activeTextEditor;
    if (!editor) return services.pending.all()[0];
    const here = services.pending.at(editor.document.uri, editor.document.offsetAt(editor.selection.active));
    return here ?? services.pending.forDocument(editor.document.uri)[0] ?? services.pending.all()[0];
  };

  register('fuzzyEdit.applyPending', async (arg?: unknown) => {
    const p = pendingFor(arg);
    return applyPending(services, p ? [p.id] : [], interactive(args(arg), 'pending'));
  });
  register('fuzzyEdit.applyAllPending', async (arg?: unknown) => {
    const a = args(arg);
    const target = toUri(a.target);
    const list = target ? services.pending.forDocument(target) : services.pending.all();
    return applyPending(services, list.map((p) => p.id), interactive(a, 'pending'));
  });
  register('fuzzyEdit.rejectPending', (arg?: unknown) => {
    const p = pendingFor(arg);
    if (p) services.pending.remove([p.id]);
    return { rejected: p ? [p.id] : [] };
  });
  register('fuzzyEdit.rejectAll', () => {
    const gone = services.pending.clear();
    services.highlights.clear();
    return { rejected: gone.map((p) => p.id) };
  });
  register('fuzzyEdit.showDiff', async (arg?: unknown) => {
    const p = pendingFor(arg);
    if (!p) {
      void showMessage('info', 'Fuzzy Edit: no pending edit to compare.');
      return undefined;
    }
    const explicit = typeof arg === 'string' || !!args(arg).id;
    await proposed.show(p.uri, explicit ? p.id : undefined);
    return proposed.uriFor(p.uri, explicit ? p.id : undefined);
  });
  register('fuzzyEdit.nextPending', async () => {
    const editor = vscode.window.activeTextEditor;
    const all = services.pending.all();
    const here = editor ? editor.document.offsetAt(editor.selection.active) : -1;
    const sameDoc = editor ? services.pending.forDocument(editor.document.uri) : [];
    const next = sameDoc.find((p) => p.spans[0].start > here) ?? all.find((p) => !sameDoc.includes(p)) ?? sameDoc[0];
    await revealPending(next);
    return next?.id;
  });
  register('fuzzyEdit.clearHighlights', () => services.highlights.clear());

  // The refusal toast's Replace All… (not in the palette: it acts on the refusal just shown). `confirm`
  // answers the confirmation instead of the modal.
  register('fuzzyEdit.replaceAllRefused', (arg?: unknown) => replaceAllRefused(services, args(arg).confirm));

  // The last edit refused for want of a place: a message for the assistant quoting the file's lines there.
  register('fuzzyEdit.copyCorrection', async () => {
    const r = services.lastRefusal;
    if (!r) {
      void showMessage('info', 'Fuzzy Edit: no refused edit to correct.');
      return undefined;
    }
    return copyCorrection({ result: r.result, fileName: displayName(r.uri), text: r.text, languageId: r.languageId, ...(r.label ? { label: r.label } : {}), ...(r.snippet ? { snippet: true } : {}) });
  });

  register('fuzzyEdit.applyEdits', (uri: vscode.Uri | string, edits: EditSpec[], options?: ApplyEditsOptions) => applyEditsApi(services, uri, edits, options));
}

/** `applyEdits(uri, edits, options)`: the API and the `fuzzyEdit.applyEdits` command. */
export async function applyEditsApi(services: Services, uri: vscode.Uri | string, edits: EditSpec[], options: ApplyEditsOptions = {}): Promise<RequestOutcome> {
  const target = toUri(uri);
  const valid = Array.isArray(edits) && edits.every((e) => e && typeof e.oldString === 'string' && typeof e.newString === 'string');
  if (!target || !valid) return refused('invalid_input', 'applyEdits(uri, edits, options) takes a URI and an array of { oldString, newString, replaceAll? }.');
  const { autoApply, confirm, applyRest, reveal, ...engine } = options;
  const parsed: ParsedEdit[] = edits.map((e) => ({ oldString: e.oldString, newString: e.newString, ...(e.replaceAll !== undefined ? { replaceAll: e.replaceAll } : {}) }));
  return runRequest(services, parsed, {
    defaultTarget: target,
    autoApply: isAutoApply(autoApply) ? autoApply : undefined,
    confirm,
    applyRest,
    engineOptions: engine,
    reveal: reveal === true,
    notify: false,
    source: 'api',
  });
}

async function findSnippet(services: Services, snippet: string, target: vscode.Uri): Promise<FindOutcome> {
  const doc = await openDocument(target);
  if (!doc) return { status: 'refused', message: `${displayName(target)} is not open.`, matches: [] };
  const { replaceAll: _r, reindent: _i, ...options } = engineOptions(readSettings(target));
  const r = findMatch(doc.getText(), snippet, options);
  const uri = target.toString();
  if (r.kind === 'match' || r.kind === 'already_applied') {
    const matches = r.kind === 'match' ? r.matches : [r.match];
    services.highlights.set(target, matches.map((m) => ({ start: m.start, end: m.end, kind: tierKind(m) })));
    const m = matches[0];
    await revealSpan(target, m.start, m.end, 'select');
    const message = `Found at ${formatLines(m.startLine, m.endLine)} of ${displayName(target)} (${m.tier}, ${formatScore(m.score)}${m.normalized.length ? `; normalised: ${m.normalized.join(', ')}` : ''}).`;
    showStatus('search', `Fuzzy Edit: ${message}`, 8000);
    return { status: 'found', message, uri, matches: matches.map(summarize) };
  }
  if (r.kind === 'ambiguous') {
    await showPlaces(services, target, r.candidates);
    const count = placeCount(r);
    const message = `${count} places in ${displayName(target)} match equally (${r.tier}): ${places(r.candidates, count)}. Select more lines to make it unique.`;
    void showMessage('warning', `Fuzzy Edit: ${message}`);
    return { status: 'ambiguous', message, uri, matches: [], candidates: r.candidates.map(summarize), ...(r.places !== undefined && { places: r.places }) };
  }
  const closest = r.closest;
  const message = closest
    ? `Not found in ${displayName(target)}. Closest: ${formatLines(closest.startLine, closest.endLine)} (similarity ${formatScore(closest.score)}).`
    : `Not found in ${displayName(target)} (tried: ${r.tried.join(', ')}).`;
  if (closest) {
    void showMessage('warning', `Fuzzy Edit: ${message}`, [SHOW_CLOSEST]).then((c) => {
      if (c) void showPlaces(services, target, [closest]);
    });
  } else void showMessage('warning', `Fuzzy Edit: ${message}`);
  return { status: 'not_found', message, uri, matches: [] };
}

function args(arg: unknown): CommandArgs {
  return arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as CommandArgs) : {};
}

function toUri(v: unknown): vscode.Uri | undefined {
  if (v instanceof vscode.Uri) return v;
  if (typeof v === 'string' && v) return vscode.Uri.parse(v);
  return undefined;
}
