// Agent mode: the `fuzzy_edit` language-model tool (package.json `languageModelTools`). It applies through
// the same request path as the commands and the `fuzzyEdit.applyEdits` API (runRequest: all edits of a
// call or none, one undo, `fuzzyEdit.autoApply` decides what waits for review) and answers the model in
// words it can act on (lmToolResult.ts). Registration is feature-detected: a host without the LM API
// simply has no tool, and activation never fails because of it.
import * as vscode from 'vscode';
import { appliesAtOnce, engineOptions, readSettings } from '../config';
import { openTarget, revealPending, runRequest } from '../request/editRequest';
import { describeOutcome, describePreview, type Preview } from './lmToolResult';
import type { ParsedEdit } from '../request/parse';
import { engineOptionsFor, resolveText } from '../request/resolve';
import type { Services } from '../services';
import { displayName } from '../request/targets';
import { escapeMarkdown } from '../messages/untrusted';

export const TOOL_NAME = 'fuzzy_edit';

export interface ToolEditInput {
  filePath?: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
}

/** A bare code block instead of oldString/newString: the new code, placed where its lines stand in the file. */
export interface ToolSnippetInput {
  filePath?: string;
  snippet: string;
}

export interface FuzzyEditToolInput extends Partial<ToolEditInput> {
  /** Instead of oldString/newString: a bare code block (see ToolSnippetInput). */
  snippet?: string;
  /** Several edits, applied all together or not at all; `filePath` above is their default file. */
  edits?: Array<ToolEditInput | ToolSnippetInput>;
}

/** Registers the tool where the host has `vscode.lm.registerTool`; never throws. */
export function registerLmTool(context: vscode.ExtensionContext, services: Services): void {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerTool !== 'function') return;
  try {
    context.subscriptions.push(lm.registerTool<FuzzyEditToolInput>(TOOL_NAME, new FuzzyEditTool(services)));
  } catch (err) {
    console.warn(`Fuzzy Edit: the ${TOOL_NAME} tool is not available in this host: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The input as edits, or what is wrong with it (told to the model). */
export function readToolInput(input: unknown): { edits: ParsedEdit[] } | { problem: string } {
  if (!input || typeof input !== 'object') return { problem: 'the input must be an object { filePath, oldString, newString, replaceAll? }, { filePath, snippet } or { edits: [...] }.' };
  const i = input as Record<string, unknown>;
  const defaultPath = typeof i.filePath === 'string' && i.filePath.trim() ? i.filePath : undefined;
  let raw: unknown[];
  if (i.edits !== undefined) {
    if (!Array.isArray(i.edits) || i.edits.length === 0) return { problem: '`edits` must be a non-empty array of { filePath?, oldString, newString, replaceAll? }.' };
    if (i.oldString !== undefined || i.newString !== undefined || i.snippet !== undefined) return { problem: 'give either `oldString`/`newString` (or `snippet`) or `edits`, not both.' };
    raw = i.edits;
  } else raw = [i];
  const edits: ParsedEdit[] = [];
  for (let n = 0; n < raw.length; n++) {
    const e = raw[n] as Record<string, unknown> | null;
    const which = raw.length > 1 ? `edit ${n + 1}: ` : '';
    if (!e || typeof e !== 'object') return { problem: `${which}each edit must be an object { filePath?, oldString, newString, replaceAll? }.` };
    if (e.snippet !== undefined) {
      if (typeof e.snippet !== 'string' || !e.snippet.trim()) return { problem: `${which}\`snippet\` must be a non-empty string of code.` };
      if (e.oldString !== undefined || e.newString !== undefined || e.replaceAll !== undefined) return { problem: `${which}give either \`snippet\` or \`oldString\`/\`newString\`, not both.` };
      if (e.filePath !== undefined && typeof e.filePath !== 'string') return { problem: `${which}\`filePath\` must be a string.` };
      const path = (typeof e.filePath === 'string' && e.filePath.trim() ? e.filePath : undefined) ?? defaultPath;
      edits.push({ ...(path ? { path } : {}), oldString: '', newString: e.snippet, snippet: true });
      continue;
    }
    if (typeof e.oldString !== 'string' || typeof e.newString !== 'string') return { problem: `${which}\`oldString\` and \`newString\` must be strings.` };
    if (e.replaceAll !== undefined && typeof e.replaceAll !== 'boolean') return { problem: `${which}\`replaceAll\` must be a boolean.` };
    if (e.filePath !== undefined && typeof e.filePath !== 'string') return { problem: `${which}\`filePath\` must be a string.` };
    const path = (typeof e.filePath === 'string' && e.filePath.trim() ? e.filePath : undefined) ?? defaultPath;
    edits.push({ ...(path ? { path } : {}), oldString: e.oldString, newString: e.newString, ...(typeof e.replaceAll === 'boolean' ? { replaceAll: e.replaceAll } : {}) });
  }
  return { edits };
}

const text = (s: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(s)]);

/** Where edits that name no file go: the active editor. */
const activeDocument = () => vscode.window.activeTextEditor?.document.uri;

/** Inputs whose confirmation VS Code showed in chat, until invoked (bounded: a declined call is never invoked). */
const MAX_CONFIRMED = 100;

export class FuzzyEditTool implements vscode.LanguageModelTool<FuzzyEditToolInput> {
  private readonly confirmed = new Set<string>();

  constructor(private readonly services: Services) {}

  async invoke(options: vscode.LanguageModelToolInvocationOptions<FuzzyEditToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const req = readToolInput(options.input);
    if ('problem' in req) return text(`Invalid input: ${req.problem} Nothing was changed.`);
    if (token.isCancellationRequested) return text('Cancelled; nothing was changed.');
    // In chat, the user consented to what prepareInvocation showed. If it showed no confirmation (the preview was
    // refused or changed nothing) and the call now resolves after all (the file changed in between), nothing
    // applies without consent: every edit waits for the user's review in the editor instead.
    const inChat = options.toolInvocationToken !== undefined;
    const unconfirmed = inChat && !this.confirmed.delete(inputKey(options.input));
    const outcome = await runRequest(this.services, req.edits, {
      defaultTarget: activeDocument(),
      ...(unconfirmed ? { autoApply: 'never' as const } : {}),
      // Never a modal in the middle of an agent's turn: if the file changed under the edit, refuse and say so.
      confirm: false,
      // The chat keeps the focus while edits apply; an edit waiting for review is shown, since the user must act.
      reveal: false,
      notify: false,
      honourFilesExclude: true,
      source: 'tool',
      token,
    });
    const firstPending = outcome.edits.find((o) => o.pendingId)?.pendingId;
    if (firstPending) await revealPending(this.services.pending.get(firstPending));
    const files = req.edits.map((_, i) => {
      const uri = outcome.edits.find((o) => o.index === i)?.uri;
      return uri ? displayName(vscode.Uri.parse(uri)) : req.edits[i].path;
    });
    return text(describeOutcome(outcome, files));
  }

  /**
   * Resolves every edit (nothing is applied) so that the message names the tier and the lines. VS Code shows
   * a confirmation only inside a chat request: called from another extension outside chat (no chat request
   * id), the tool behaves like the `fuzzyEdit.applyEdits` command, without a modal dialog.
   */
  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<FuzzyEditToolInput>,
    _token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation> {
    const req = readToolInput(options.input);
    if ('problem' in req) return { invocationMessage: 'Fuzzy Edit: invalid input' };
    const previews: Preview[] = [];
    for (const edit of req.edits) previews.push(await preview(this.services, edit, activeDocument()));
    const prepared = describePreview(previews);
    const o = options as { chatRequestId?: unknown; chatSessionId?: unknown; chatSessionResource?: unknown };
    const inChat = o.chatRequestId !== undefined || o.chatSessionId !== undefined || o.chatSessionResource !== undefined;
    const key = inputKey(options.input);
    if (inChat && prepared.confirmation) {
      this.confirmed.add(key);
      if (this.confirmed.size > MAX_CONFIRMED) this.confirmed.delete(this.confirmed.values().next().value!);
    } else this.confirmed.delete(key);
    // Markdown, built here: file names and refusals in it are escaped (chat renders these messages as markdown).
    const md = (s: string) => new vscode.MarkdownString(s);
    return {
      invocationMessage: md(prepared.invocation),
      ...(inChat && prepared.confirmation ? { confirmationMessages: { title: prepared.confirmation.title, message: md(prepared.confirmation.message) } } : {}),
    };
  }
}

/** The identity of a call's input between prepareInvocation and invoke. */
function inputKey(input: unknown): string {
  return JSON.stringify(input) ?? '';
}

/**
 * The edit against the document as it is now, as runRequest will resolve it (the same target checks: the path
 * policy, files.exclude, Restricted Mode, binary files); nothing is applied. File names and messages come back
 * escaped for markdown.
 */
async function preview(services: Services, edit: ParsedEdit, fallback: vscode.Uri | undefined): Promise<Preview> {
  // Files in an editor tab: a document loaded in the background is not something the user sees.
  const open = new Set(
    vscode.window.tabGroups.all.flatMap((g) => g.tabs).flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri.toString()] : [])),
  );
  const t = await openTarget(edit, 'The edit', [], { defaultTarget: fallback, honourFilesExclude: true });
  if (!('doc' in t)) {
    const refusal = 'refused' in t ? t.refused.message : t.ruledOut;
    const file = 'refused' in t && t.refused.uri ? displayName(vscode.Uri.parse(t.refused.uri)) : (edit.path ?? 'no file');
    return { kind: 'refused', file: escapeMarkdown(file), message: escapeMarkdown(refusal.replace(/^The edit(?: \([^)]*\))?: /, '')) };
  }
  const doc = t.doc;
  const file = escapeMarkdown(displayName(doc.uri));
  const settings = readSettings(doc.uri);
  const text = doc.getText();
  const options = engineOptionsFor(edit, engineOptions(settings));
  // In the engine's worker, as a request's edits are (off the extension host's thread).
  const r = await services.engine.resolve(services.engine.textKey(), text, false, edit, options, () => resolveText(text, edit, options));
  if (r.kind === 'ok') {
    const notOpen = !open.has(doc.uri.toString());
    return { kind: 'ok', file, matches: r.matches, appliesAtOnce: appliesAtOnce(r.tierKind, settings.autoApply), ...(notOpen ? { notOpen } : {}) };
  }
  return { kind: r.kind, file, message: escapeMarkdown(r.message) };
}
