// The "Fuzzy Edit History" view: requests (newest first) and their edits. Selecting an edit reveals it.
import * as vscode from 'vscode';
import type { HistoryEdit, HistoryRequest } from '../../core/history';
import { codeBlock, escapeMarkdown } from '../untrusted';
import type { HistoryStore } from './store';

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

function time(t: number): string {
  return new Date(t).toLocaleString();
}

function requestItem(r: HistoryRequest, hasCheckpoint: boolean): vscode.TreeItem {
  const files = [...new Set(r.edits.map((e) => fileName(e.uri)))];
  const n = r.edits.length;
  const reverted = n > 0 && r.edits.every((e) => e.revertedAt !== undefined);
  const item = new vscode.TreeItem(`${n} edit${n === 1 ? '' : 's'} · ${files.join(', ')}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `request:${r.id}`;
  item.description = time(r.time) + (reverted ? ' · reverted' : '') + (hasCheckpoint ? ' · checkpoint' : '');
  item.tooltip = new vscode.MarkdownString(
    `**${n} edit${n === 1 ? '' : 's'}** applied ${time(r.time)}\n\n${files.map((f) => `- ${escapeMarkdown(f)}`).join('\n')}` + (hasCheckpoint ? '\n\nA checkpoint of these files was taken before: *Restore Checkpoint* puts them back.' : ''),
  );
  item.iconPath = new vscode.ThemeIcon(reverted ? 'discard' : 'history');
  item.contextValue = `fuzzyEdit.request${reverted ? '.reverted' : ''}${hasCheckpoint ? '.checkpoint' : ''}`;
  return item;
}

function editItem(e: HistoryEdit): vscode.TreeItem {
  const lines = e.startLine === e.endLine ? `${e.startLine + 1}` : `${e.startLine + 1}–${e.endLine + 1}`;
  const item = new vscode.TreeItem(`${fileName(e.uri)}:${lines}`, vscode.TreeItemCollapsibleState.None);
  item.id = `edit:${e.id}`;
  item.description = `${e.tier} ${e.score.toFixed(2)}` + (e.revertedAt !== undefined ? ' · reverted' : '');
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**${escapeMarkdown(e.tier)}** (score ${e.score.toFixed(2)}), ${escapeMarkdown(time(e.time))}\n\n`);
  // The edit's own text: in blocks it cannot close (untrusted.ts), never as markdown.
  md.appendMarkdown(codeBlock(e.oldText.slice(0, 1500), 'text'));
  md.appendMarkdown('→\n');
  md.appendMarkdown(codeBlock(e.newText.slice(0, 1500), 'text'));
  item.tooltip = md;
  item.resourceUri = vscode.Uri.parse(e.uri);
  item.iconPath = new vscode.ThemeIcon(e.revertedAt !== undefined ? 'discard' : 'edit');
  item.contextValue = e.revertedAt !== undefined ? 'fuzzyEdit.edit.reverted' : 'fuzzyEdit.edit';
  item.command = { command: 'fuzzyEdit.history.reveal', title: 'Reveal', arguments: [{ id: e.id }] };
  return item;
}
