// Reviewing pending edits: hover, CodeLens, status, New Edit scratch document, Find Snippet.
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { applyFromClipboard, cleanSlate, hoverText, openUntitled, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';

suite('Fuzzy Edit: reviewing edits', () => {
  teardown(cleanSlate);

  test('the hover on a pending span names the tier, the score, the lines, and offers Apply', async () => {
    const editor = await openUntitled('first();\nsecond();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('second();', 'SECOND();'), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(1, 3));
    const text = hoverText(hovers);
    match(text, /Tier:\*\* `exact`/);
    match(text, /Score:\*\* 1\.00/);
    match(text, /line 2/);
    match(text, /command:fuzzyEdit\.applyPending/);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(0, 3));
    strictEqual(hoverText(none).includes('Fuzzy Edit'), false, 'no hover outside pending spans');
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// moved down\n'));
    const moved = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(2, 3)));
    match(moved, /line 3/, 'the span follows typing above it');
  });

  test('the hover shows what differs between the old text as given and the file', async () => {
    const editor = await openUntitled('if (ok) {\n    run();\n}\n');
    await applyFromClipboard({ text: searchReplace('if (ok) {\n  run();\n}', 'if (ok) {\n  run(1);\n}'), autoApply: 'never' });
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(1, 5)));
    match(text, /Tier:\*\* `indentation`/);
    match(text, /```diff/);
    match(text, /\n-··run\(\);|\n-  run\(\);/);
  });

  test('CodeLens above a pending span: Apply (tier, score) | Reject | Diff', async () => {
    const editor = await openUntitled('first();\nsecond();\n');
    await applyFromClipboard({ text: searchReplace('second();', 'SECOND();'), autoApply: 'never' });
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri, 10);
    const titles = lenses.map((l) => l.command?.title ?? '');
    ok(titles.includes('Apply (exact, 1.00)'), titles.join(' | '));
    ok(titles.includes('Reject'), titles.join(' | '));
    ok(titles.includes('Diff'), titles.join(' | '));
    strictEqual(lenses.find((l) => l.command?.title === 'Reject')?.range.start.line, 1);
  });

  test('New Edit opens a scratch document bound to the active file, with Resolve and Apply lenses', async () => {
    const target = await openWorkspaceFile('fuzzy-edit-fixtures/scratch-target.txt', 'value = 1\n');
    const scratchUri = await vscode.commands.executeCommand<vscode.Uri>('fuzzyEdit.newEdit');
    const scratch = await vscode.workspace.openTextDocument(scratchUri);
    strictEqual(scratch.languageId, 'fuzzy-edit');
    ok(scratch.getText().startsWith('Fuzzy Edit — scratch-target.txt\n'), scratch.getText());
    ok(scratch.getText().includes('\nfuzzy-edit-fixtures/scratch-target.txt\n------- SEARCH\n'), scratch.getText());
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', scratchUri, 10);
    const titles = lenses.map((l) => l.command?.title ?? '');
    ok(titles.includes('Resolve in fuzzy-edit-fixtures/scratch-target.txt'), titles.join(' | '));
    ok(titles.includes('Apply'), titles.join(' | '));

    const editor = await vscode.window.showTextDocument(scratch);
    const text = scratch.getText().replace('------- SEARCH\n\n------- REPLACE\n\n', '------- SEARCH\nvalue = 1\n------- REPLACE\nvalue = 2\n');
    await editor.edit((b) => b.replace(new vscode.Range(0, 0, scratch.lineCount, 0), text));
    const resolved = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.resolveScratch', scratchUri);
    strictEqual(resolved.status, 'pending', resolved.message);
    strictEqual(target.document.getText(), 'value = 1\n', 'Resolve only proposes');
    const applied = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyAllPending');
    strictEqual(applied.status, 'applied', applied.message);
    strictEqual(target.document.getText(), 'value = 2\n');
  });

  test('New Edit for an untitled document is bound to it (no path to write)', async () => {
    const target = await openUntitled('mode = a\n', 'plaintext');
    const scratchUri = await vscode.commands.executeCommand<vscode.Uri>('fuzzyEdit.newEdit');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', scratchUri, 10);
    const titles = lenses.map((l) => l.command?.title ?? '');
    ok(titles.includes(`Resolve in ${target.document.uri.path}`), titles.join(' | '));
    const scratch = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(scratchUri));
    const text = scratch.document.getText().replace('------- SEARCH\n\n------- REPLACE\n\n', '------- SEARCH\nmode = a\n------- REPLACE\nmode = b\n');
    await scratch.edit((b) => b.replace(new vscode.Range(0, 0, scratch.document.lineCount, 0), text));
    const applied = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyScratch', scratchUri);
    strictEqual(applied.status, 'applied', applied.message);
    strictEqual(target.document.getText(), 'mode = b\n');
  });

  test('Find Snippet reveals and selects an approximate snippet without changing anything', async () => {
    const editor = await openUntitled('a();\nfunction f() {\n    return 1;\n}\nb();\n');
    const found = await vscode.commands.executeCommand<{ status: string; matches: { tier: string; startLine: number }[] }>(
      'fuzzyEdit.findSnippet', { text: 'function f() {\n  return 1;\n}', target: editor.document.uri });
    strictEqual(found.status, 'found');
    strictEqual(found.matches[0].startLine, 1);
    const active = vscode.window.activeTextEditor;
    ok(active, 'an active editor');
    strictEqual(active.selection.start.line, 1);
    strictEqual(active.document.getText(), 'a();\nfunction f() {\n    return 1;\n}\nb();\n');
  });

  test('the pending count drives the fuzzyEdit.hasPending context (and Reject All clears it)', async () => {
    await openUntitled('x();\ny();\n');
    const outcome = await applyFromClipboard({ text: [searchReplace('x();', 'X();'), searchReplace('y();', 'Y();')].join('\n'), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    strictEqual(outcome.edits.filter((e) => e.pendingId).length, 2);
    const rejected = await vscode.commands.executeCommand<{ rejected: string[] }>('fuzzyEdit.rejectAll');
    strictEqual(rejected.rejected.length, 2);
  });
});
