// "Apply to ‹file›" above each fenced code block of a markdown document (a saved chat answer) that is a bare
// code block, not an edit in some format: the block goes through Apply Edit from Clipboard's path (parsed as a
// snippet, placed by its lines, shown for review), aimed at the file its fence names (```` ```ts src/x.ts ````)
// or else at the editor used before this one.
import * as vscode from 'vscode';
import { parseEdits, parseSnippetBlock } from '../core';
import { fencedBlocks } from '../core/formats/text';
import type { EditorTracker } from './editorTracker';
import type { ScratchDocs } from './scratch';
import { displayName } from './targets';

export class CodeBlockLensProvider implements vscode.CodeLensProvider {
  constructor(
    private readonly tracker: EditorTracker,
    private readonly scratch: ScratchDocs,
  ) {}

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    // A New Edit scratch document has its own lenses (Resolve, Apply).
    if (doc.languageId !== 'markdown' || this.scratch.isScratch(doc.uri)) return [];
    const lines = doc.getText().replace(/\r\n?/g, '\n').split('\n');
    const other = this.tracker.otherThan(doc.uri);
    const lenses: vscode.CodeLens[] = [];
    for (const { start: i, end: j } of fencedBlocks(lines)) {
      const text = lines.slice(i, Math.min(j, lines.length - 1) + 1).join('\n');
      const block = parseSnippetBlock(text);
      const parsed = parseEdits(block.code);
      const bare = !parsed.ok && parsed.message.startsWith('No edit found') && /[\p{L}\p{N}_$]{2,}/u.test(block.code);
      const name = block.path ?? (other && displayName(other));
      if (bare && name) {
        lenses.push(
          new vscode.CodeLens(new vscode.Range(i, 0, i, 0), {
            title: `Apply to ${name}`,
            command: 'fuzzyEdit.applyFromClipboard',
            arguments: [{ text, ...(block.path === undefined && other ? { target: other.toString() } : {}) }],
          }),
        );
      }
    }
    return lenses;
  }
}
