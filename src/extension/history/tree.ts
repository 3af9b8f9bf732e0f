// The "Fuzzy Edit History" view: requests (newest first) and their edits. Selecting an edit reveals it.
import * as vscode from 'vscode';
import type { HistoryEdit, HistoryRequest } from '../../core/history';
import { codeBlock, escapeMarkdown } from '../messages/untrusted';
import type { HistoryStore } from './store';
import { clockTime, dateIfNotToday, fullTime } from './time';

export type HistoryNode = { type: 'request'; id: string } | { type: 'edit'; id: string };

export const HISTORY_VIEW = 'fuzzyEdit.history';

export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly store: () => HistoryStore) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(node?: HistoryNode): HistoryNode[] {
    const store = this.store();
    if (!node) return [...store.requests].reverse().map((r) => ({ type: 'request', id: r.id }));
    if (node.type === 'request') return (store.request(node.id)?.edits ?? []).map((e) => ({ type: 'edit', id: e.id }));
    return [];
  }

  getParent(node: HistoryNode): HistoryNode | undefined {
    if (node.type === 'request') return undefined;
    const e = this.store().edit(node.id);
    return e ? { type: 'request', id: e.requestId } : undefined;
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    const store = this.store();
    if (node.type === 'request') {
      const r = store.request(node.id);
      return r ? requestItem(r, !!store.checkpoint(r.checkpointId)) : new vscode.TreeItem('(gone)');
    }
    const e = store.edit(node.id);
    return e ? editItem(e) : new vscode.TreeItem('(gone)');
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function fileName(uri: string): string {
  const path = vscode.Uri.parse(uri).path;
  return path.slice(path.lastIndexOf('/') + 1) || uri;
}

/** Where an edit stands: taken back through the history, undone in the editor (Ctrl+Z), or applied. */
function stateOf(e: HistoryEdit): 'reverted' | 'undone' | 'applied' {
  return e.revertedAt !== undefined ? 'reverted' : e.undoneAt !== undefined ? 'undone' : 'applied';
}

function requestItem(r: HistoryRequest, hasCheckpoint: boolean): vscode.TreeItem {
  const files = [...new Set(r.edits.map((e) => fileName(e.uri)))];
  const n = r.edits.length;
  const states = new Set(r.edits.map(stateOf));
  // Nothing of it left in the files: every edit reverted or undone.
  const gone = n > 0 && !states.has('applied');
  const state = gone ? (states.has('undone') ? (states.has('reverted') ? 'reverted and undone' : 'undone') : 'reverted') : states.size > 1 ? 'partly undone' : undefined;
  // The time leads the label: the view cuts the end of a long line, and the time is what tells requests apart.
  const item = new vscode.TreeItem(`${clockTime(r.time)} · ${n} edit${n === 1 ? '' : 's'} · ${files.join(', ')}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `request:${r.id}`;
  item.description = [dateIfNotToday(r.time, Date.now()), state, hasCheckpoint ? 'checkpoint' : undefined].filter((x) => x).join(' · ');
  item.tooltip = new vscode.MarkdownString(
    `**${n} edit${n === 1 ? '' : 's'}** applied ${fullTime(r.time)}${state ? ` (${state})` : ''}\n\n${files.map((f) => `- ${escapeMarkdown(f)}`).join('\n')}` +
      (hasCheckpoint ? '\n\nA checkpoint of these files was taken before: *Restore Checkpoint* puts them back.' : ''),
  );
  item.iconPath = new vscode.ThemeIcon(gone ? 'discard' : 'history');
  item.contextValue = `fuzzyEdit.request${gone ? '.reverted' : ''}${hasCheckpoint ? '.checkpoint' : ''}`;
  return item;
}

function editItem(e: HistoryEdit): vscode.TreeItem {
  const lines = e.startLine === e.endLine ? `${e.startLine + 1}` : `${e.startLine + 1}–${e.endLine + 1}`;
  const item = new vscode.TreeItem(`${fileName(e.uri)}:${lines}`, vscode.TreeItemCollapsibleState.None);
  item.id = `edit:${e.id}`;
  const state = stateOf(e);
  item.description = `${e.tier} ${e.score.toFixed(2)}` + (state === 'applied' ? '' : ` · ${state}`);
  const md = new vscode.MarkdownString();
  const undone = e.undoneAt !== undefined && state === 'undone' ? `; undone with Undo ${fullTime(e.undoneAt)}` : '';
  md.appendMarkdown(`**${escapeMarkdown(e.tier)}** (score ${e.score.toFixed(2)}), applied ${escapeMarkdown(fullTime(e.time))}${undone}\n\n`);
  // The edit's own text: in blocks it cannot close (untrusted.ts), never as markdown.
  md.appendMarkdown(codeBlock(e.oldText.slice(0, 1500), 'text'));
  md.appendMarkdown('→\n');
  md.appendMarkdown(codeBlock(e.newText.slice(0, 1500), 'text'));
  item.tooltip = md;
  item.resourceUri = vscode.Uri.parse(e.uri);
  item.iconPath = new vscode.ThemeIcon(state === 'applied' ? 'edit' : 'discard');
  item.contextValue = state === 'applied' ? 'fuzzyEdit.edit' : `fuzzyEdit.edit.${state}`;
  item.command = { command: 'fuzzyEdit.history.reveal', title: 'Reveal', arguments: [{ id: e.id }] };
  return item;
}
