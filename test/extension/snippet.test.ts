// A bare code block (the new code only) from the clipboard or the fuzzy_edit tool, applied to a real editor:
// placed by the lines it shares with the file, shown for review like any other approximate edit, one undo.
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { parseEditRequest } from '../../src/extension/request/parse';
import { applyFromClipboard, cleanSlate, hoverText, openUntitled, openWorkspaceFile } from './fuzzyEditFixtures';

const CART = [
  'export class Cart {',
  '    add(item) {',
  '        this.items.push(item);',
  '        this.notify();',
  '    }',
  '',
  '    total() {',
  '        let sum = 0;',
  '        for (const item of this.items) {',
  '            sum += item.price;',
  '        }',
  '        return sum;',
  '    }',
  '}',
  '',
].join('\n');

const fenced = (code: string) => ['Here is the updated method:', '', '```js', code, '```', '', 'It now counts quantities.'].join('\n');

suite('Fuzzy Edit: bare code blocks (snippets)', () => {
  teardown(cleanSlate);

  test('a single code block, or code with no fence, that is no edit in another format reads as a bare block for the file it names', () => {
    const fenced = parseEditRequest('Here you go:\n```ts src/cart.ts\nfoo();\n```\n');
    strictEqual(fenced.format, 'bare-block');
    strictEqual(JSON.stringify(fenced.edits), JSON.stringify([{ path: 'src/cart.ts', oldString: '', newString: 'foo();', snippet: true }]));
    const unfenced = parseEditRequest('src/cart.ts\nadd(item) {\n  // ...\n}\n');
    strictEqual(JSON.stringify(unfenced.edits), JSON.stringify([{ path: 'src/cart.ts', oldString: '', newString: 'add(item) {\n  // ...\n}\n', snippet: true }]));
    const prose = parseEditRequest('Here you go:\n```ts\nfoo();\n```\n');
    strictEqual(prose.edits[0].path, undefined, 'prose before the fence is not a path');
    strictEqual(parseEditRequest('```\na\n```\n```\nb\n```\n```\nc\n```\n').edits.length, 0, 'three blocks are still refused');
  });

  test('a bare block from the clipboard, written at column 0 with two spaces, is placed in the active editor for review; applying is ONE undo step', async () => {
    const editor = await openUntitled(CART, 'javascript');
    const outcome = await applyFromClipboard({ text: fenced('total() {\n  let sum = 0;\n  for (const item of this.items) {\n    sum += item.price * item.qty;\n  }\n  return sum;\n}') });
    strictEqual(outcome.status, 'pending', outcome.message);
    const m = outcome.edits[0].matches[0];
    strictEqual(m.tier, 'snippet');
    strictEqual(m.startLine, 6);
    strictEqual(m.endLine, 12);
    strictEqual(editor.document.getText(), CART, 'nothing written before review');
    const hover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(9, 14)));
    match(hover, /Tier:\*\* `snippet`/);
    match(hover, /Code block as given/);

    await vscode.commands.executeCommand('fuzzyEdit.applyAllPending');
    strictEqual(editor.document.getText(), CART.replace('sum += item.price;', 'sum += item.price * item.qty;'), 're-indented into the four-space method');
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), CART, 'one undo restores the file');
  });

  test('a lazy block keeps the lines under `// ... existing code ...` and adds what it shows', async () => {
    const editor = await openUntitled(CART, 'javascript');
    const outcome = await applyFromClipboard({ text: fenced('    add(item) {\n        // ... existing code ...\n        this.log(item);\n    }') });
    strictEqual(outcome.status, 'pending', outcome.message);
    await vscode.commands.executeCommand('fuzzyEdit.applyAllPending');
    strictEqual(editor.document.getText(), CART.replace('        this.notify();\n', '        this.notify();\n        this.log(item);\n'));
  });

  test('a block that fits two near-twin methods equally is refused with both places; nothing changes', async () => {
    const twins = CART.replace('    total() {', '    subtotal() {\n        let sum = 0;\n        for (const item of this.items) {\n            sum += item.price;\n        }\n        return sum;\n    }\n\n    total() {');
    const editor = await openUntitled(twins, 'javascript');
    const outcome = await applyFromClipboard({ text: fenced('        for (const item of this.items) {\n            sum += item.price * 2;\n        }') });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'ambiguous');
    const candidates = outcome.edits[0].candidates ?? [];
    strictEqual(candidates.length, 2, JSON.stringify(outcome.edits[0]));
    ok(candidates[0].startLine < 12 && candidates[1].startLine > 12, JSON.stringify(candidates));
    strictEqual(editor.document.getText(), twins);
  });

  test('a markdown document (a saved chat answer) has "Apply to ‹file›" above a fenced bare block; it applies that block to the file its fence names', async () => {
    const target = await openWorkspaceFile('fuzzy-edit-fixtures/lens-cart.js', CART);
    const answer = ['# Answer', '', 'Log every item added:', '', '```js fuzzy-edit-fixtures/lens-cart.js', '    add(item) {', '        // ... existing code ...', '        this.log(item);', '    }', '```', '', '```js', '<<<<<<< SEARCH', 'a', '=======', 'b', '>>>>>>> REPLACE', '```', ''].join('\n');
    const md = await openUntitled(answer, 'markdown');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', md.document.uri, 10);
    const apply = lenses.filter((l) => l.command?.title.startsWith('Apply to'));
    // One lens above each block: the bare block, and the SEARCH/REPLACE block (no path: the editor used before).
    strictEqual(apply.length, 2, lenses.map((l) => l.command?.title).join(' | '));
    strictEqual(apply[0].command!.title, 'Apply to fuzzy-edit-fixtures/lens-cart.js');
    strictEqual(apply[0].range.start.line, 4);
    strictEqual(apply[1].range.start.line, 11);
    const outcome = await vscode.commands.executeCommand<{ status: string; message: string }>(apply[0].command!.command, ...(apply[0].command!.arguments ?? []));
    strictEqual(outcome.status, 'pending', outcome.message);
    await vscode.commands.executeCommand('fuzzyEdit.applyAllPending');
    strictEqual(target.document.getText(), CART.replace('        this.notify();\n', '        this.notify();\n        this.log(item);\n'));
  });

  test('the fuzzy_edit tool takes { filePath, snippet } instead of oldString/newString', async function () {
    const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
    if (typeof lm?.invokeTool !== 'function' || !(lm.tools ?? []).some((t) => t.name === 'fuzzy_edit')) {
      console.log('    [skip] the language-model tool API is not available in this host');
      this.skip();
    }
    const info = vscode.lm.tools.find((t) => t.name === 'fuzzy_edit');
    ok('snippet' in ((info?.inputSchema as { properties?: object } | undefined)?.properties ?? {}), 'inputSchema has snippet');
    const editor = await openUntitled(CART, 'javascript');
    const result = await vscode.lm.invokeTool('fuzzy_edit', {
      input: { filePath: editor.document.uri.toString(), snippet: '    add(item) {\n        // ...\n        this.log(item);\n    }' },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => (p && typeof (p as { value?: unknown }).value === 'string' ? (p as { value: string }).value : '')).join('');
    match(text, /snippet/, 'the result names the tier');
    await vscode.commands.executeCommand('fuzzyEdit.applyAllPending');
    strictEqual(editor.document.getText(), CART.replace('        this.notify();\n', '        this.notify();\n        this.log(item);\n'));
  });
});
