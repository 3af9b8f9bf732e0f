// Every message the extension shows — notifications, modal dialogs, status bar messages — goes through here,
// whole: messages quote paths, lines of a file and parse errors, which a model or a paste wrote, and a
// notification turns `[label](command:…)` into a link that runs the command. Escaping at this one door
// (untrusted.ts) instead of at each quote means a new message cannot forget it; the lint config forbids the
// vscode.window calls anywhere else. The last messages are kept for the integration tests.
import * as vscode from 'vscode';
import { escapeIcons, plainText } from './untrusted';

export type MessageKind = 'info' | 'warning' | 'error' | 'status';

/** A message as it was handed to VS Code (escaped). */
export interface ShownMessage {
  kind: MessageKind;
  message: string;
  detail?: string;
  modal?: boolean;
}

const KEPT = 50;
const shown: ShownMessage[] = [];

function keep(m: ShownMessage): void {
  shown.push(m);
  if (shown.length > KEPT) shown.splice(0, shown.length - KEPT);
}

/** The last messages shown, oldest first (copies). */
export function shownMessages(): ShownMessage[] {
  return shown.map((m) => ({ ...m }));
}

/**
 * A notification, or with `dialog` a modal dialog (its `detail` escaped too). `items` are the extension's own
 * button labels. Resolves to the button chosen.
 */
export function showMessage<T extends string>(
  kind: Exclude<MessageKind, 'status'>,
  message: string,
  items: readonly T[] = [],
  dialog?: { detail?: string },
): Thenable<T | undefined> {
  const text = plainText(message);
  const detail = dialog?.detail === undefined ? undefined : plainText(dialog.detail);
  keep({ kind, message: text, ...(detail !== undefined ? { detail } : {}), ...(dialog ? { modal: true } : {}) });
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

/** A status bar message for `ms` milliseconds, after the extension's own `icon` (a codicon name). */
export function showStatus(icon: string, message: string, ms: number): void {
  const text = escapeIcons(message);
  keep({ kind: 'status', message: text });
  vscode.window.setStatusBarMessage(`$(${icon}) ${text}`, ms);
}
