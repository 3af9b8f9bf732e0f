// Agent mode: the `fuzzy_edit` language-model tool (package.json `languageModelTools`). It applies through
// the same request path as the commands and the `fuzzyEdit.applyEdits` API (runRequest: all edits of a
// call or none, one undo, `fuzzyEdit.autoApply` decides what waits for review) and answers the model in
// words it can act on (lmToolResult.ts). Registration is feature-detected: a host without the LM API
// simply has no tool, and activation never fails because of it.
import * as vscode from 'vscode';
import { appliesAtOnce, engineOptions, readSettings } from './config';
import { revealPending, runRequest } from './editRequest';
import { describeOutcome, describePreview, type Preview } from './lmToolResult';
import type { ParsedEdit } from './parse';
import { engineOptionsFor, resolveText } from './resolve';
import type { Services } from './services';
import { displayName, findTarget, openDocument } from './targets';

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

export class FuzzyEditTool implements vscode.LanguageModelTool<FuzzyEditToolInput> {
  constructor(private readonly services: Services) {}

  async invoke(options: vscode.LanguageModelToolInvocationOptions<FuzzyEditToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const req = readToolInput(options.input);
    if ('problem' in req) return text(`Invalid input: ${req.problem} Nothing was changed.`);
    if (token.isCancellationRequested) return text('Cancelled; nothing was changed.');
    const outcome = await runRequest(this.services, req.edits, {
      defaultTarget: activeDocument(),
      // Never a modal in the middle of an agent's turn: if the file changed under the edit, refuse and say so.
      confirm: false,
      // The chat keeps the focus while edits apply; an edit waiting for review is shown, since the user must act.
      reveal: false,
      notify: false,
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
    for (const edit of req.edits) previews.push(await preview(edit, activeDocument()));
    const prepared = describePreview(previews);
    const o = options as { chatRequestId?: unknown; chatSessionId?: unknown; chatSessionResource?: unknown };
    const inChat = o.chatRequestId !== undefined || o.chatSessionId !== undefined || o.chatSessionResource !== undefined;
    return {
      invocationMessage: prepared.invocation,
      ...(inChat && prepared.confirmation ? { confirmationMessages: prepared.confirmation } : {}),
    };
  }
}

/** The edit against the document as it is now, as runRequest will resolve it; nothing is applied. */
async function preview(edit: ParsedEdit, fallback: vscode.Uri | undefined): Promise<Preview> {
  const uri = edit.path ? await findTarget(edit.path) : fallback;
  if (!uri) return { kind: 'refused', file: edit.path ?? 'no file', message: edit.path ? 'no such file in the workspace or among open editors.' : 'no file named and no editor open.' };
  const file = displayName(uri);
  let doc: vscode.TextDocument | undefined;
  try {
    doc = await openDocument(uri);
  } catch {
    doc = undefined;
  }
  if (!doc) return { kind: 'refused', file, message: 'cannot open it.' };
  const settings = readSettings(uri);
  const r = resolveText(doc.getText(), edit, engineOptionsFor(edit, engineOptions(settings)));
  if (r.kind === 'ok') return { kind: 'ok', file, matches: r.matches, appliesAtOnce: appliesAtOnce(r.tierKind, settings.autoApply) };
  return { kind: r.kind, file, message: r.message };
}
