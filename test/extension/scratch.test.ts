// The New Edit scratch document and demo/try-me.md hold SEARCH/REPLACE blocks that VS Code's merge-conflict
// extension must not take for a git conflict: its "Accept Current Change" CodeLens would destroy them. A control
// document with real conflict markers proves the extension is there and lenses it, so the "none" below can fail.
import * as vscode from 'vscode';
import { ok, strictEqual } from './assert';
import { cleanSlate, openUntitled, openWorkspaceFile } from './fuzzyEditFixtures';

const isMergeConflictLens = (l: vscode.CodeLens) => /^merge-conflict\./.test(l.command?.command ?? '');

async function lenses(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100)) ?? [];
}

/** The lenses of `uri` once the merge-conflict extension had time to scan it (it scans after a short delay). */
async function settledLenses(uri: vscode.Uri, until: (l: vscode.CodeLens[]) => boolean, ms = 4000): Promise<vscode.CodeLens[]> {
  const end = Date.now() + ms;
  let found = await lenses(uri);
  while (!until(found) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    found = await lenses(uri);
  }
  return found;
}

suite('no merge-conflict CodeLens on Fuzzy Edit text', () => {
  teardown(cleanSlate);

  suiteSetup(async function () {
    const ext = vscode.extensions.getExtension('vscode.merge-conflict');
    ok(ext, 'the built-in merge-conflict extension is present in this host');
    await ext.activate();
  });

  test('a real conflict gets its lenses (the control)', async () => {
    const conflict = await openUntitled(['a', '<<<<<<< HEAD', 'mine', '=======', 'theirs', '>>>>>>> branch', 'b', ''].join('\n'), 'plaintext');
    const found = await settledLenses(conflict.document.uri, (l) => l.some(isMergeConflictLens));
    ok(found.some(isMergeConflictLens), `merge-conflict lenses on a conflict: ${found.map((l) => l.command?.command).join(', ')}`);
  });

  test('the New Edit scratch document: its own language, a name as its first line (tab title), Resolve and Apply lenses, none from merge-conflict', async () => {
    await openWorkspaceFile('fuzzy-edit-fixtures/scratch-lens.txt', 'value = 1\n');
    const scratchUri = await vscode.commands.executeCommand<vscode.Uri>('fuzzyEdit.newEdit');
    const scratch = await vscode.workspace.openTextDocument(scratchUri);
    strictEqual(scratch.languageId, 'fuzzy-edit');
    strictEqual(scratch.lineAt(0).text, 'Fuzzy Edit — scratch-lens.txt');
    const editor = await vscode.window.showTextDocument(scratch);
    await editor.edit((b) => b.replace(new vscode.Range(0, 0, scratch.lineCount, 0), scratch.getText().replace('------- SEARCH\n\n------- REPLACE\n\n', '------- SEARCH\nvalue = 1\n------- REPLACE\nvalue = 2\n')));
    const found = await settledLenses(scratchUri, (l) => l.some(isMergeConflictLens));
    ok(found.some((l) => l.command?.command === 'fuzzyEdit.applyScratch'), 'the Apply lens is there');
    ok(!found.some(isMergeConflictLens), `no merge-conflict lens: ${found.map((l) => l.command?.command).join(', ')}`);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    ok(tab?.label.startsWith('Fuzzy Edit — scratch-lens.txt'), `tab title: ${tab?.label}`);
  });

  test('demo/try-me.md, opened as markdown: no merge-conflict lens', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    ok(folder, 'a workspace folder is open');
    const md = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, 'demo', 'try-me.md')));
    // Untitled: the merge-conflict extension lenses untitled and file documents in every host.
    const doc = await openUntitled(md, 'markdown');
    const found = await settledLenses(doc.document.uri, (l) => l.some(isMergeConflictLens));
    ok(!found.some(isMergeConflictLens), `no merge-conflict lens: ${found.map((l) => l.command?.command).join(', ')}`);
  });
});
