// "Try a Demo Edit" (the Getting Started walkthrough, the empty History view): a small file and, beside it, a New
// Edit document holding an edit whose old text lost its indentation, the way chat answers often do. Clicking Apply
// shows the whole path: the match despite the drift, the re-indented result, one Undo, the History entry.
// Untitled documents only: it works without a folder, in the browser too, and never touches the user's files.
import * as vscode from 'vscode';
import type { ScratchDocs } from './scratch';

const FILE = [
  '// cart.js, a demo for Fuzzy Edit (this first line is the tab title of an untitled file).',
  '// The edit beside it was written flush left, the way chat answers often lose indentation:',
  '// click "Apply" above it, then Undo (Ctrl+Z) if you like.',
  'export class Cart {',
  '  constructor() {',
  '    this.items = [];',
  '  }',
  '',
  '  total() {',
  '    let sum = 0;',
  '    for (const item of this.items) {',
  '      sum += item.price;',
  '    }',
  '    return sum;',
  '  }',
  '}',
  '',
].join('\n');

const SEARCH = ['total() {', '  let sum = 0;', '  for (const item of this.items) {', '    sum += item.price;', '  }', '  return sum;', '}'].join('\n');
const REPLACE = ['total() {', '  let sum = 0;', '  for (const item of this.items) {', '    sum += item.price * item.quantity;', '  }', '  return sum;', '}'].join('\n');

/** Opens the demo file and its edit; returns the edit's (scratch) document. */
export async function openDemo(scratch: ScratchDocs): Promise<vscode.Uri> {
  const doc = await vscode.workspace.openTextDocument({ language: 'javascript', content: FILE });
  const file = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
  const edit = await scratch.open(file, { search: SEARCH, replace: REPLACE });
  return edit.document.uri;
}
