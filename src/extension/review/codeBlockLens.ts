// "Apply to ‹file›" above each edit of a markdown or plain-text document (a saved chat answer, try-me.md): a
// SEARCH/REPLACE block, a unified diff or an apply_patch block, fenced or not (editBlocks.ts), and in markdown
// also a fenced bare code block. Every lens runs Apply Edit from Clipboard with the block's text, so it takes
// the same path as the commands: parsed, resolved, applied or shown for review, refused with its reasons.
// An edit that names no file, and a bare block whose fence names none, go to the editor used before this one.
import * as vscode from 'vscode';
import { parseEdits, parseSnippetBlock } from '../../core';
import { editBlocksOf } from './editBlocks';
import type { EditorTracker } from './editorTracker';
import type { ScratchDocs } from './scratch';
import { displayName } from '../request/targets';
import { escapeIcons } from '../messages/untrusted';

const MAX_NAMES = 3;

export class CodeBlockLensProvider implements vscode.CodeLensProvider {
  constructor(
    private readonly tracker: EditorTracker,
    private readonly scratch: ScratchDocs,
  ) {}

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    // A New Edit scratch document has its own lenses (Resolve, Apply).
    if (this.scratch.isScratch(doc.uri)) return [];
    const other = this.tracker.otherThan(doc.uri);
    const target = other ? { target: other.toString() } : {};
    const lenses: vscode.CodeLens[] = [];
    const lens = (line: number, names: string[], args: Record<string, unknown>) =>
      lenses.push(
        new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
          title: `Apply to ${escapeIcons(nameList(names))}`,
          command: 'fuzzyEdit.applyFromClipboard',
          arguments: [{ ...args, source: 'codelens' }],
        }),
      );
    const { edits, bare } = editBlocksOf(doc.getText());
    for (const block of edits) {
      const { request } = block;
      const named = [...new Set([...request.edits.map((e) => e.path), ...request.fileOps.map((op) => op.path)])];
      const names = named.map((p) => p ?? (other && displayName(other)));
      if (names.some((n) => n === undefined)) continue; // an edit with nowhere to go
      lens(block.line, names as string[], { text: block.text, ...target });
    }
    if (doc.languageId !== 'markdown') return sortByLine(lenses);
    for (const { line, text } of bare) {
      const block = parseSnippetBlock(text);
      const parsed = parseEdits(block.code);
      const isCode = !parsed.ok && parsed.message.startsWith('No edit found') && /[\p{L}\p{N}_$]{2,}/u.test(block.code);
      const name = block.path ?? (other && displayName(other));
      if (isCode && name) lens(line, [name], { text, ...(block.path === undefined ? target : {}) });
    }
    return sortByLine(lenses);
  }
}

function nameList(names: readonly string[]): string {
  if (names.length <= MAX_NAMES) return names.join(', ');
  return `${names.slice(0, MAX_NAMES).join(', ')} and ${names.length - MAX_NAMES} more files`;
}

function sortByLine(lenses: vscode.CodeLens[]): vscode.CodeLens[] {
  return lenses.sort((a, b) => a.range.start.line - b.range.start.line);
}
