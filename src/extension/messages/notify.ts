// Every message the extension shows — notifications, modal dialogs, status bar messages — goes through here,
// whole: messages quote paths, lines of a file and parse errors, which a model or a paste wrote, and a
// notification turns `[label](command:…)` into a link that runs the command. Escaping at this one door
// (untrusted.ts) instead of at each quote means a new message cannot forget it; the lint config forbids the
// vscode.window calls anywhere else. The last messages are kept for the integration tests.
import * as vscode from 'vscode';
import { escapeIcons, plainText } from './untrusted';

export type MessageKind = 'info' | 'warning' | 'error' | 'status' | 'progress' | 'busy';

/** A message as it was handed to VS Code (escaped). */
export interface ShownMessage {
  kind: MessageKind;
  message: string;
  detail?: string;
  modal?: boolean;
  /** The buttons offered (the extension's own labels). */
  items?: string[];
  /** Counts every message shown since activation: the kept list is capped, so tests compare this. */
  seq?: number;
}

const KEPT = 50;
const shown: ShownMessage[] = [];

let seq = 0;

function keep(m: ShownMessage): void {
  shown.push({ ...m, seq: ++seq });
  if (shown.length > KEPT) shown.splice(0, shown.length - KEPT);
}

/** The last messages shown, oldest first (copies). */
export function shownMessages(): ShownMessage[] {
  return shown.map((m) => ({ ...m, ...(m.items ? { items: [...m.items] } : {}) }));
}

/**
 * A notification, or with `dialog` a modal dialog (its `detail` escaped too). `items` are the extension's own
 * button labels. Resolves to the button chosen.
 */
export function showMessage<T extends string>(
  kind: Exclude<MessageKind, 'status' | 'progress' | 'busy'>,
  message: string,
  items: readonly T[] = [],
  dialog?: { detail?: string },
): Thenable<T | undefined> {
  const text = plainText(message);
  const detail = dialog?.detail === undefined ? undefined : plainText(dialog.detail);
  keep({ kind, message: text, ...(detail !== undefined ? { detail } : {}), ...(dialog ? { modal: true } : {}), ...(items.length ? { items: [...items] } : {}) });
  const args: [string, ...T[]] = [text, ...items];
  const options: vscode.MessageOptions = { modal: true, ...(detail !== undefined ? { detail } : {}) };
  switch (kind) {
    case 'info':
      return dialog ? vscode.window.showInformationMessage(text, options, ...items) : vscode.window.showInformationMessage(...args);
    case 'warning':
      return dialog ? vscode.window.showWarningMessage(text, options, ...items) : vscode.window.showWarningMessage(...args);
    case 'error':
      return dialog ? vscode.window.showErrorMessage(text, options, ...items) : vscode.window.showErrorMessage(...args);
  }
}

/**
 * A quick pick of untrusted labels (file names an edit wrote): each label and the title escaped (a quick pick
 * renders `$(icon)` syntax). Resolves to the index chosen, undefined when dismissed.
 */
export async function pickOne(title: string, placeHolder: string, labels: readonly string[]): Promise<number | undefined> {
  const items = labels.map((label, index) => ({ label: escapeIcons(label), index }));
  const choice = await vscode.window.showQuickPick(items, { title: escapeIcons(title), placeHolder });
  return choice?.index;
}

/**
 * A cancellable progress notification around `task` (its title is the extension's own words; each `report`
 * message escaped, as file names may be quoted). `cancelled()` says whether the user pressed Cancel.
 */
export async function withProgressNotification<T>(
  title: string,
  task: (report: (message: string, increment: number) => void, cancelled: () => boolean) => Promise<T>,
): Promise<T> {
  keep({ kind: 'progress', message: plainText(title) });
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: plainText(title), cancellable: true }, (progress, token) =>
    task((message, increment) => progress.report({ message: plainText(message), increment }), () => token.isCancellationRequested),
  );
}

/**
 * A spinner and `title` (the extension's own words) in the status bar while `task` runs: from the click on, a request
 * shows it is under way, also while VS Code itself holds it (the first file of a language opened starts that
 * language's extension in the same host: 1-5 s before "Applied" in a fresh code-server, measured).
 */
export async function withStatusSpinner<T>(title: string, task: () => Promise<T>): Promise<T> {
  const text = escapeIcons(title);
  keep({ kind: 'busy', message: text });
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: text }, task);
}

/** A status bar message for `ms` milliseconds, after the extension's own `icon` (a codicon name). */
export function showStatus(icon: string, message: string, ms: number): void {
  const text = escapeIcons(message);
  keep({ kind: 'status', message: text });
  vscode.window.setStatusBarMessage(`$(${icon}) ${text}`, ms);
}

let channel: vscode.OutputChannel | undefined;
const MAX_LOGGED = 2000;

/** The "Fuzzy Edit" output channel, created on first use (activation stays free of UI). */
function requestLog(): vscode.OutputChannel {
  return (channel ??= vscode.window.createOutputChannel('Fuzzy Edit'));
}

/** Untrusted text for the log: one line, quoted, control characters escaped, cut short when long. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > MAX_LOGGED ? `${text.slice(0, MAX_LOGGED)}…` : text);
}

/**
 * One line in the "Fuzzy Edit" output channel: when, where the request came from (the extension's own word),
 * its outcome, the files and the message, quoted. A plain output channel renders no command links.
 */
export function logLine(source: string, outcome: string, files: readonly string[], message: string): void {
  const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  const where = files.length ? ` ${files.map(quoted).join(', ')}` : '';
  const line = `${when} [${source}] ${outcome}${where}: ${quoted(message)}`;
  logged.push(line);
  if (logged.length > KEPT) logged.splice(0, logged.length - KEPT);
  requestLog().appendLine(line);
}

const logged: string[] = [];

/** The last lines written to the log, oldest first: for the integration tests. */
export function loggedLines(): string[] {
  return [...logged];
}

/** Shows the output channel (a refusal's Details). */
export function showLog(): void {
  requestLog().show(true);
}
