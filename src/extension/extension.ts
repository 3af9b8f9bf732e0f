// Entry point for both hosts (Node and web worker). Activation only registers: no parsing, no file access.
import * as vscode from 'vscode';
import { applyEdit, findMatch } from '../core';
import { CodeBlockLensProvider } from './review/codeBlockLens';
import { FuzzyEditCodeLensProvider } from './review/codeLens';
import { applyEditsApi, registerCommands, type ApplyEditsOptions, type EditSpec } from './commands';
import { Decorations, type RenderedDecoration } from './review/decorations';
import { EngineThread, type EngineWhere } from './engine/engineThread';
import { startEngineWorker } from './engine/spawn';
import { PROPOSED_SCHEME, ProposedContentProvider } from './review/diffProvider';
import { EditorTracker } from './review/editorTracker';
import { Highlights } from './review/highlights';
import { registerHistory, type HistoryApi } from './history';
import { registerLmTool } from './agent/lmTool';
import { PendingHoverProvider } from './review/hover';
import { loggedLines, shownMessages, type ShownMessage } from './messages/notify';
import type { RequestOutcome } from './request/outcome';
import { PendingEdits } from './review/pendingEdits';
import { ScratchDocs } from './review/scratch';
import type { Services } from './services';
import { PendingStatusBar } from './review/statusBar';

export interface FuzzyEditApi {
  findMatch: typeof findMatch;
  applyEdit: typeof applyEdit;
  applyEdits(uri: vscode.Uri | string, edits: EditSpec[], options?: ApplyEditsOptions): Promise<RequestOutcome>;
  /** The outcome of the last request (any command or API call). */
  readonly lastOutcome: RequestOutcome | undefined;
  /** Ids of the edits waiting for review. */
  pendingIds(): string[];
  /** The record of applied edits, their checkpoints (history, rewind). */
  readonly history: HistoryApi;
  /** The last notifications, dialogs and status bar messages, as handed to VS Code (escaped): for tests. */
  shownMessages(): ShownMessage[];
  /** What the editors showing `uri` paint for Fuzzy Edit (pending preview, highlights, traces): for tests. */
  decorationsOf(uri: vscode.Uri): RenderedDecoration[];
  /** The last lines of the "Fuzzy Edit" output channel: for tests. */
  loggedLines(): string[];
  /** Where the last edit of a request was resolved: in the engine's worker, or on the extension host's thread. */
  engineWhere(): EngineWhere | undefined;
}

export function activate(context: vscode.ExtensionContext): FuzzyEditApi {
  const pending = new PendingEdits();
  const highlights = new Highlights();
  const services: Services = {
    pending,
    highlights,
    decorations: new Decorations(pending, highlights),
    tracker: new EditorTracker(),
    scratch: new ScratchDocs(),
    // Started at the first request, not at activation.
    engine: new EngineThread(() => startEngineWorker(context.extensionUri)),
  };
  const proposed = new ProposedContentProvider(pending);
  const codeLens = new FuzzyEditCodeLensProvider(pending, services.scratch);
  context.subscriptions.push(
    pending,
    highlights,
    services.decorations,
    services.tracker,
    services.scratch,
    services.engine,
    proposed,
    codeLens,
    new PendingStatusBar(pending),
    vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, proposed),
    vscode.languages.registerHoverProvider('*', new PendingHoverProvider(pending)),
    vscode.languages.registerCodeLensProvider('*', codeLens),
    vscode.languages.registerCodeLensProvider([{ language: 'markdown' }, { language: 'plaintext' }], new CodeBlockLensProvider(services.tracker, services.scratch)),
  );
  registerCommands(context, services, proposed);
  registerLmTool(context, services);
  const history = registerHistory(context);
  return {
    findMatch,
    applyEdit,
    applyEdits: (uri, edits, options) => applyEditsApi(services, uri, edits, options),
    get lastOutcome() {
      return services.lastOutcome;
    },
    pendingIds: () => pending.all().map((p) => p.id),
    history,
    shownMessages,
    decorationsOf: (uri) => services.decorations.rendered(uri),
    loggedLines,
    engineWhere: () => services.engine.lastWhere,
  };
}

export function deactivate(): void {}
