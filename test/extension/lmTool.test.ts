// Agent mode: the `fuzzy_edit` language-model tool, invoked for real through `vscode.lm.invokeTool` (no chat
// session: `toolInvocationToken: undefined`). What the model reads back, and what happens to the document.
// Where the host has no LM tool API the suite is skipped and says why.
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { FuzzyEditTool, type FuzzyEditToolInput } from '../../src/extension/agent/lmTool';
import type { Services } from '../../src/extension/services';
import { EngineThread } from '../../src/extension/engine/engineThread';
import { api, cleanSlate, openUntitled, openWorkspaceFile } from './fuzzyEditFixtures';

const TOOL = 'fuzzy_edit';

const CART = [
  'export function checkout(cart) {',
  '  let total = 0;',
  '  for (const line of cart.lines) {',
  '    total += line.price * line.qty;',
  '  }',
  '  return total;',
  '}',
  '',
].join('\n');

/** Why the tool cannot be exercised in this host, or undefined when it can. */
async function unavailable(): Promise<string | undefined> {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (!lm) return 'vscode.lm is missing in this host';
  if (typeof lm.invokeTool !== 'function') return 'vscode.lm.invokeTool is missing in this host';
  await api();
  const end = Date.now() + 5000;
  while (!(lm.tools ?? []).some((t) => t.name === TOOL)) {
    if (Date.now() > end) return `vscode.lm.tools does not list ${TOOL} (tools: ${(lm.tools ?? []).map((t) => t.name).join(', ') || 'none'})`;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Invokes the tool outside chat and returns its text; fails (instead of hanging) if a dialog blocks it. */
async function invoke(input: object): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('invokeTool did not answer in 15 s (a confirmation dialog?)')), 15000);
  });
  try {
    const result = await Promise.race([vscode.lm.invokeTool(TOOL, { input, toolInvocationToken: undefined }), timeout]);
    return result.content.map((p) => (p && typeof (p as { value?: unknown }).value === 'string' ? (p as { value: string }).value : '')).join('');
  } finally {
    clearTimeout(timer);
  }
}

function workspaceUri(rel: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, rel);
}

async function writeFile(rel: string, content: string): Promise<vscode.Uri> {
  const uri = workspaceUri(rel);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  return uri;
}

suite('Fuzzy Edit: the fuzzy_edit language-model tool (agent mode)', () => {
  suiteSetup(async function () {
    const why = await unavailable();
    if (why) {
      console.log(`    [skip] agent-mode tool tests: ${why}`);
      this.skip();
    }
  });
  teardown(cleanSlate);

  test('the tool is contributed and registered, with its input schema', () => {
    const info = vscode.lm.tools.find((t) => t.name === TOOL);
    ok(info, 'listed in vscode.lm.tools');
    const props = (info.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    for (const p of ['filePath', 'oldString', 'newString', 'replaceAll', 'edits']) ok(p in props, `inputSchema has ${p}`);
  });

  test('a file not open, old text with indentation drift: applied, and the result names the tier and the lines', async () => {
    const uri = await writeFile('fuzzy-edit-fixtures/cart.js', CART);
    const result = await invoke({
      filePath: 'fuzzy-edit-fixtures/cart.js',
      oldString: 'for (const line of cart.lines) {\n  total += line.price * line.qty;\n}',
      newString: 'for (const line of cart.lines) {\n  total += line.price * line.qty;\n  total -= line.discount ?? 0;\n}',
    });
    match(result, /^Applied to fuzzy-edit-fixtures\/cart\.js lines 3–5 \(tier: indentation, score 1\.00\)\.\n/, 'the result');
    // …and what was written, with the file's line numbers: the real result, not what the model meant.
    match(result, /What was written:\n```diff\n@@ -3,4 \+3,5 @@\n {3}for \(const line of cart\.lines\) \{\n(.*\n)*\+ {4}total -= line\.discount \?\? 0;\n/, 'the written diff');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc); // so that cleanSlate reverts the unsaved edit
    strictEqual(doc.getText(), CART.replace('    total += line.price * line.qty;\n', '    total += line.price * line.qty;\n    total -= line.discount ?? 0;\n'), 're-indented to the file');
  });

  test('an absent old string is refused: nothing changes, and the result gives the closest place, its text and the first difference', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/cart2.js', CART);
    const result = await invoke({
      filePath: 'fuzzy-edit-fixtures/cart2.js',
      oldString: 'for (const line of cart.items) {\n    total += line.cost * line.count;\n  }',
      newString: 'x',
    });
    match(result, /^Refused: /, 'a refusal');
    match(result, /not found/, 'says it was not found');
    match(result, /closest place is lines 3–5/, 'names the closest place');
    match(result, /First difference at line 3/, 'and the first difference');
    match(result, /The closest text, lines 3–5 of fuzzy-edit-fixtures\/cart2\.js, is:\n```\n {2}for \(const line of cart\.lines\) \{/, 'quotes the text to copy');
    strictEqual(editor.document.getText(), CART, 'unchanged');
    strictEqual(editor.document.isDirty, false);
  });

  test('an ambiguous old string is refused with the line range of every candidate; with replaceAll every one is replaced', async () => {
    const original = 'let x = 1;\nlog(x);\nlet y = 2;\nlog(x);\n';
    const editor = await openUntitled(original);
    const result = await invoke({ filePath: editor.document.uri.toString(), oldString: 'log(x);', newString: 'log(x, y);' });
    match(result, /^Refused: .*matches 2 places .*line 2, line 4/, 'both candidates');
    match(result, /Include more surrounding lines/, 'what to do next');
    strictEqual(editor.document.getText(), original);

    const all = await invoke({ filePath: editor.document.uri.toString(), oldString: 'log(x);', newString: 'log(x, y);', replaceAll: true });
    match(all, /^Applied to Untitled-\d+ lines 2, 4 \(2 occurrences\) \(tier: exact, score 1\.00\)\.\n/, 'replaceAll names every place');
    strictEqual(editor.document.getText(), 'let x = 1;\nlog(x, y);\nlet y = 2;\nlog(x, y);\n');
  });

  test('the edits array: all applied as one undo step, one result line each; with one refused, nothing at all', async () => {
    const editor = await openUntitled('const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const file = editor.document.uri.toString();
    const result = await invoke({
      filePath: file,
      edits: [
        { oldString: 'const a = 1;', newString: 'const a = 10;' },
        { oldString: 'const c = 3;', newString: 'const c = 30;' },
      ],
    });
    const lines = result.split('\n');
    strictEqual(lines[0], '2 edits: 2 applied.');
    match(lines[1], /^1\. Applied to Untitled-\d+ line 1 \(tier: exact, score 1\.00\)\.$/);
    match(lines[2], /^2\. Applied to Untitled-\d+ line 3 \(tier: exact, score 1\.00\)\.$/);
    strictEqual(editor.document.getText(), 'const a = 10;\nconst b = 2;\nconst c = 30;\n');
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), 'const a = 1;\nconst b = 2;\nconst c = 3;\n', 'one undo');

    const refused = await invoke({
      filePath: file,
      edits: [
        { oldString: 'const a = 1;', newString: 'const a = 10;' },
        { oldString: 'nothing like this exists anywhere', newString: 'x' },
      ],
    });
    const r = refused.split('\n');
    match(r[0], /^Nothing was changed: edit 2 of 2 was refused/);
    match(r[1], /^1\. Not applied \(found at Untitled-\d+ line 1 \(tier: exact, score 1\.00\)\)/);
    match(r[2], /^2\. Refused: Edit 2 of 2 .*not found/);
    strictEqual(editor.document.getText(), 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
  });

  test('autoApply "never": the result says the edit waits for review, and the document changes only when it is applied', async () => {
    const config = vscode.workspace.getConfiguration('fuzzyEdit');
    await config.update('autoApply', 'never', vscode.ConfigurationTarget.Global);
    try {
      const editor = await openUntitled('keep();\nmore();\n');
      const result = await invoke({ filePath: editor.document.uri.toString(), oldString: 'more();', newString: 'changed();' });
      match(result, /^Proposed for review in Untitled-\d+ line 2 \(tier: exact, score 1\.00\): it is NOT applied yet — the user must accept it/);
      strictEqual(editor.document.getText(), 'keep();\nmore();\n', 'unchanged while pending');
      strictEqual(vscode.window.activeTextEditor?.selection.active.line, 1, 'the pending edit is shown, the cursor on it');
      strictEqual((await api()).pendingIds().length, 1, 'one pending edit');
      const all = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyAllPending');
      strictEqual(all.status, 'applied');
      strictEqual(editor.document.getText(), 'keep();\nchanged();\n');
    } finally {
      await config.update('autoApply', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('invalid input and an unknown file are answered in words, changing nothing', async () => {
    match(await invoke({ oldString: 1, newString: 'x' }), /^Invalid input: `oldString` and `newString` must be strings/);
    match(await invoke({ filePath: 'no/such/file.ts', oldString: 'a', newString: 'b' }), /^Refused: .*no file "no\/such\/file\.ts"/);
  });
});

// prepareInvocation is what VS Code shows before running the tool; invokeTool outside chat asks for no
// confirmation, so it is called directly here (it resolves against the real documents, applies nothing).
suite('Fuzzy Edit: what the fuzzy_edit tool shows before it runs', () => {
  teardown(cleanSlate);
  // prepareInvocation resolves only: of the extension's services it uses the engine, here on the extension host's
  // thread (as where no worker can start; the worker gives the same answers: test/unit/engineThread.test.ts).
  const tool = new FuzzyEditTool({ engine: new EngineThread(() => undefined) } as unknown as Services);
  const none = new vscode.CancellationTokenSource().token;
  const prepare = async (input: FuzzyEditToolInput, inChat: boolean) =>
    (await tool.prepareInvocation({ input, ...(inChat ? { chatRequestId: 'request-1' } : {}) } as vscode.LanguageModelToolInvocationPrepareOptions<FuzzyEditToolInput>, none))!;
  /** A message as shown: markdown built by the extension, its untrusted parts (file names, refusals) escaped. */
  const shown = (m: string | vscode.MarkdownString | undefined) => {
    ok(m instanceof vscode.MarkdownString, 'a MarkdownString built by the extension');
    return m.value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  };
  const oldString = 'for (const line of cart.lines) {\n  total += line.price * line.qty;\n}';

  test('inside a chat request: a confirmation naming the lines and the tier; nothing is applied', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/cart3.js', CART);
    const input = { filePath: 'fuzzy-edit-fixtures/cart3.js', oldString, newString: 'x' };
    const p = await prepare(input, true);
    strictEqual(shown(p.invocationMessage), 'Editing fuzzy-edit-fixtures/cart3.js, lines 3–5 (indentation)');
    strictEqual(p.confirmationMessages?.title, 'Apply the edit?');
    strictEqual(shown(p.confirmationMessages?.message), 'Replace lines 3–5 of fuzzy-edit-fixtures/cart3.js (matched by indentation, score 1.00)?');
    strictEqual(editor.document.getText(), CART, 'nothing applied');
    strictEqual((await prepare(input, false)).confirmationMessages, undefined, 'outside chat: no modal dialog');
  });

  test('an edit that waits for review says so; a refused one needs no consent; several edits, one line each', async () => {
    const editor = await openUntitled('keep();\nmore();\n');
    const file = editor.document.uri.toString();
    const config = vscode.workspace.getConfiguration('fuzzyEdit');
    await config.update('autoApply', 'never', vscode.ConfigurationTarget.Global);
    try {
      const p = await prepare({ filePath: file, oldString: 'keep();', newString: 'x' }, true);
      match(shown(p.confirmationMessages?.message), /^Replace line 1 of Untitled-\d+ \(matched by exact, score 1\.00\)\? It will wait for your review in the editor\.$/);
    } finally {
      await config.update('autoApply', undefined, vscode.ConfigurationTarget.Global);
    }
    const refused = await prepare({ filePath: file, oldString: 'absent entirely from it', newString: 'x' }, true);
    strictEqual(refused.confirmationMessages, undefined);
    match(shown(refused.invocationMessage), /will be refused — The old text was not found/);
    const two = await prepare({ filePath: file, edits: [{ oldString: 'keep();', newString: 'a' }, { oldString: 'more();', newString: 'b' }] }, true);
    strictEqual(two.confirmationMessages?.title, 'Apply 2 edits?');
    match(shown(two.confirmationMessages?.message), /^1\. Replace line 1 of Untitled-\d+ \(matched by exact, score 1\.00\)\?\n2\. Replace line 2 of Untitled-\d+ /);
    strictEqual(editor.document.getText(), 'keep();\nmore();\n');
  });
});
