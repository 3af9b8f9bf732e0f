// A bare file name in an edit (`greeting.py` before a block, in a tool call or a path line) is looked up through
// the workspace, not only among open editors: one file → that one; several → the person picks (here through
// the `pickFile` argument), nobody to pick → refused with the candidates; none → "did you mean …".
import * as vscode from 'vscode';
import type { RequestOutcome } from '../../src/extension/request/outcome';
import { ok, strictEqual } from './assert';
import { applyFromClipboard, cleanSlate, openWorkspaceFile } from './fuzzyEditFixtures';

const block = (path: string, oldText: string, newText: string) => [path, '------- SEARCH', oldText, '------- REPLACE', newText, '------- END'].join('\n');

function fileUri(rel: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, rel);
}

async function textOf(rel: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri(rel)));
}

/** The fuzzy_edit tool's answer, or undefined when this host has no language-model tools. */
async function invokeTool(input: object): Promise<string | undefined> {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.invokeTool !== 'function' || !(lm.tools ?? []).some((t) => t.name === 'fuzzy_edit')) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('invokeTool did not answer in 15 s (a dialog?)')), 15000);
  });
  try {
    const result = await Promise.race([lm.invokeTool('fuzzy_edit', { input, toolInvocationToken: undefined }), timeout]);
    return result.content.map((p) => (p && typeof (p as { value?: unknown }).value === 'string' ? (p as { value: string }).value : '')).join('');
  } finally {
    clearTimeout(timer);
  }
}

async function closeAll(): Promise<void> {
  await cleanSlate();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

suite('a bare file name resolves through the workspace', () => {
  teardown(cleanSlate);

  test('one file of that name in a subfolder, not open: the edit goes to it', async () => {
    await closeAll();
    ok(!vscode.workspace.textDocuments.some((d) => d.uri.path.endsWith('/greeting.py') && !d.isClosed), 'greeting.py is not open');
    const outcome = await applyFromClipboard({ text: block('greeting.py', '    return "Hello, " + name', '    return "Hi, " + name'), autoApply: 'exact' });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(outcome.edits[0].uri, fileUri('pkg/nested/greeting.py').toString());
    const doc = await vscode.workspace.openTextDocument(fileUri('pkg/nested/greeting.py'));
    ok(doc.getText().includes('"Hi, "'), doc.getText());
    await vscode.commands.executeCommand('undo');
    await doc.save();
  });

  test('several files of that name: the one picked gets the edit; with nobody to pick, refused with every candidate', async () => {
    await openWorkspaceFile('fuzzy-edit-fixtures/a/twin.txt', 'side = a\n');
    await openWorkspaceFile('fuzzy-edit-fixtures/b/twin.txt', 'side = a\n');
    await closeAll();
    const text = block('twin.txt', 'side = a', 'side = b');
    const picked = await applyFromClipboard({ text, autoApply: 'exact', pickFile: { 'twin.txt': 'fuzzy-edit-fixtures/b/twin.txt' } });
    strictEqual(picked.status, 'applied', picked.message);
    strictEqual(picked.edits[0].uri, fileUri('fuzzy-edit-fixtures/b/twin.txt').toString());
    const b = await vscode.workspace.openTextDocument(fileUri('fuzzy-edit-fixtures/b/twin.txt'));
    strictEqual(b.getText(), 'side = b\n');
    await b.save();
    strictEqual(await textOf('fuzzy-edit-fixtures/a/twin.txt'), 'side = a\n', 'the other file is untouched');

    const wrongPick = await applyFromClipboard({ text, autoApply: 'exact', pickFile: { 'twin.txt': 'elsewhere/twin.txt' } });
    strictEqual(wrongPick.status, 'refused', wrongPick.message);
    strictEqual(wrongPick.code, 'ambiguous_path');

    // The LM tool has nobody to ask: it refuses and names both, so the model can send the path.
    const said = await invokeTool({ filePath: 'twin.txt', oldString: 'side = a', newString: 'side = c' });
    if (said === undefined) console.log('    [skip] the fuzzy_edit tool is not available in this host');
    else {
      ok(/several files are named "twin\.txt"/.test(said), said);
      ok(said.includes('fuzzy-edit-fixtures/a/twin.txt') && said.includes('fuzzy-edit-fixtures/b/twin.txt'), said);
    }
    strictEqual(await textOf('fuzzy-edit-fixtures/a/twin.txt'), 'side = a\n', 'a refused edit changes nothing');
  });

  test('no file of that name: refused, with the closest names ("did you mean …")', async () => {
    const outcome: RequestOutcome = await applyFromClipboard({ text: block('greetings.py', 'return 1', 'return 2') });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'no_target');
    ok(outcome.message.includes('did you mean "pkg/nested/greeting.py"'), outcome.message);
  });

  test('a file under node_modules is never found by a bare name', async () => {
    await openWorkspaceFile('node_modules/fe-dep/only-in-deps.js', 'module.exports = 1;\n');
    await closeAll();
    const outcome = await applyFromClipboard({ text: block('only-in-deps.js', 'module.exports = 1;', 'module.exports = 2;'), autoApply: 'exact' });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'no_target');
    strictEqual(await textOf('node_modules/fe-dep/only-in-deps.js'), 'module.exports = 1;\n');
  });
});
