// Applying edits in a real editor: the text that results, one undo, line endings, refusals, stale buffers,
// the auto-apply policy.
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { api, applyFromClipboard, chatAnswer, cleanSlate, openUntitled, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';

const TOTAL = [
  'export function total(items) {',
  '    let sum = 0;',
  '    for (const item of items) {',
  '        sum += item.price;',
  '    }',
  '    return sum;',
  '}',
  '',
].join('\n');

suite('Fuzzy Edit: applying edits', () => {
  teardown(cleanSlate);

  test('clipboard edit with indentation drift lands re-indented, and ONE undo restores the file byte for byte', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/total.js', TOTAL);
    const text = chatAnswer(
      searchReplace('for (const item of items) {\n    sum += item.price;\n}', 'for (const item of items) {\n    sum += item.price * item.quantity;\n}'),
    );
    const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const m = outcome.edits[0].matches[0];
    strictEqual(m.tier, 'indentation', 'the tier that matched');
    strictEqual(m.needsReview, false);
    strictEqual(editor.document.getText(), TOTAL.replace('sum += item.price;', 'sum += item.price * item.quantity;'));
    strictEqual(editor.selection.active.line, 2, 'the cursor moved to the applied edit');

    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), TOTAL, 'one undo restores everything');
    strictEqual(editor.document.isDirty, false, 'back to the saved bytes');
  });

  test('several blocks of one request are ONE undo step', async () => {
    const editor = await openUntitled('const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const text = chatAnswer(searchReplace('const a = 1;', 'const a = 10;'), searchReplace('const c = 3;', 'const c = 30;'));
    const outcome = await applyFromClipboard({ text, autoApply: 'exact' });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(editor.document.getText(), 'const a = 10;\nconst b = 2;\nconst c = 30;\n');
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
  });

  test('a request with one refused block changes nothing at all (the user answers "nothing")', async () => {
    const editor = await openUntitled('const a = 1;\nconst b = 2;\n');
    const text = chatAnswer(searchReplace('const a = 1;', 'const a = 10;'), searchReplace('nothing like this exists', 'x'));
    const outcome = await applyFromClipboard({ text, applyRest: false });
    strictEqual(outcome.status, 'refused');
    strictEqual(outcome.code, 'not_found');
    match(outcome.message, /^Edit 2 of 2/, 'the message says which block');
    strictEqual(outcome.edits[0].status, 'resolved', 'found, but not applied');
    strictEqual(outcome.edits[1].status, 'refused');
    strictEqual(editor.document.getText(), 'const a = 1;\nconst b = 2;\n');
  });

  test('one block refused, the user chooses "apply the others": they land as one undo step, the refusal is reported', async () => {
    const original = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
    const editor = await openUntitled(original);
    const text = chatAnswer(searchReplace('const a = 1;', 'const a = 10;'), searchReplace('nothing like this exists', 'x'), searchReplace('const c = 3;', 'const c = 30;'));
    const outcome = await applyFromClipboard({ text, applyRest: true, autoApply: 'exact' });
    strictEqual(outcome.status, 'partial', outcome.message);
    match(outcome.message, /1 of 3 edits refused and not applied: Edit 2 of 3/);
    strictEqual(outcome.edits.map((e) => e.status).join(','), 'applied,refused,applied');
    strictEqual(editor.document.getText(), 'const a = 10;\nconst b = 2;\nconst c = 30;\n');
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), original, 'one undo takes back both applied edits');
  });

  test('the API stays all or nothing unless applyRest is passed', async () => {
    const editor = await openUntitled('const a = 1;\nconst b = 2;\n');
    const edits = [{ oldString: 'const a = 1;', newString: 'const a = 10;' }, { oldString: 'nothing like this exists', newString: 'x' }];
    const none = await (await api()).applyEdits(editor.document.uri, edits, { autoApply: 'exact' });
    strictEqual(none.status, 'refused');
    strictEqual(editor.document.getText(), 'const a = 1;\nconst b = 2;\n');
    const rest = await (await api()).applyEdits(editor.document.uri, edits, { autoApply: 'exact', applyRest: true });
    strictEqual(rest.status, 'partial', rest.message);
    strictEqual(editor.document.getText(), 'const a = 10;\nconst b = 2;\n');
  });

  test('a CRLF document stays CRLF', async () => {
    const editor = await openUntitled('first();\r\nsecond();\r\nthird();\r\n');
    strictEqual(editor.document.eol, vscode.EndOfLine.CRLF);
    const outcome = await applyFromClipboard({ text: searchReplace('second();', 'second(1);\nsecond(2);'), autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(editor.document.getText(), 'first();\r\nsecond(1);\r\nsecond(2);\r\nthird();\r\n');
    strictEqual(editor.document.eol, vscode.EndOfLine.CRLF);
  });

  test('an ambiguous edit changes nothing and reports the candidates', async () => {
    const original = 'let x = 1;\nlog(x);\nlet y = 2;\nlog(x);\n';
    const editor = await openUntitled(original);
    const outcome = await applyFromClipboard({ text: searchReplace('log(x);', 'log(x, y);') });
    strictEqual(outcome.status, 'refused');
    strictEqual(outcome.code, 'ambiguous');
    const candidates = outcome.edits[0].candidates ?? [];
    strictEqual(candidates.length, 2, 'both places are reported');
    strictEqual(candidates.map((c) => c.startLine).join(','), '1,3');
    strictEqual(editor.document.getText(), original);
    strictEqual((await api()).pendingIds().length, 0, 'nothing pending either');
  });

  test('a stale buffer is re-resolved: typing above a pending edit does not misplace it', async () => {
    const editor = await openUntitled('alpha();\nbeta();\ngamma();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('beta();', 'BETA();'), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    const id = outcome.edits[0].pendingId;
    ok(id, 'a pending id');
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// a new first line\n'));
    const applied = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyPending', id);
    strictEqual(applied.status, 'applied', applied.message);
    strictEqual(editor.document.getText(), '// a new first line\nalpha();\nBETA();\ngamma();\n');
    strictEqual(vscode.window.activeTextEditor?.selection.active.line, 2, 'the cursor moved to the applied edit');
  });

  test('Apply Pending Edit without an argument (palette, Ctrl+K Ctrl+Enter) applies the edit under the cursor, only that one', async () => {
    const editor = await openUntitled('alpha();\nbeta();\ngamma();\n');
    const text = chatAnswer(searchReplace('alpha();', 'ALPHA();'), searchReplace('gamma();', 'GAMMA();'));
    const outcome = await applyFromClipboard({ text, autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    strictEqual((await api()).pendingIds().length, 2);
    editor.selection = new vscode.Selection(2, 3, 2, 3); // inside gamma();
    const applied = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyPending');
    strictEqual(applied.status, 'applied', applied.message);
    strictEqual(editor.document.getText(), 'alpha();\nbeta();\nGAMMA();\n', 'the edit under the cursor, not the first one');
    strictEqual((await api()).pendingIds().length, 1, 'the other edit still waits');
    editor.selection = new vscode.Selection(1, 0, 1, 0); // on no span: the document's remaining edit is meant
    await vscode.commands.executeCommand('fuzzyEdit.rejectPending');
    strictEqual((await api()).pendingIds().length, 0);
    strictEqual(editor.document.getText(), 'alpha();\nbeta();\nGAMMA();\n', 'rejecting changes nothing');
  });

  test('a stale buffer whose edit now resolves elsewhere asks first (and declining changes nothing)', async () => {
    const editor = await openUntitled('alpha();\nbeta();\ngamma();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('beta();', 'BETA();'), autoApply: 'never' });
    const id = outcome.edits[0].pendingId;
    ok(id, 'a pending id');
    // The matched line is rewritten and the same text appears further down.
    await editor.edit((b) => {
      b.replace(new vscode.Range(1, 0, 1, 7), 'delta();');
      b.insert(new vscode.Position(3, 0), 'beta();\n');
    });
    const before = editor.document.getText();
    const declined = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyPending', { id, confirm: false });
    strictEqual(declined.status, 'cancelled');
    strictEqual(editor.document.getText(), before, 'declining changes nothing');
    const accepted = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyPending', { id, confirm: true });
    strictEqual(accepted.status, 'applied', accepted.message);
    strictEqual(editor.document.getText(), 'alpha();\ndelta();\ngamma();\nBETA();\n');
  });

  test('reject leaves the document unchanged', async () => {
    const original = 'one();\ntwo();\n';
    const editor = await openUntitled(original);
    const outcome = await applyFromClipboard({ text: searchReplace('two();', 'TWO();'), autoApply: 'never' });
    strictEqual(outcome.status, 'pending');
    const rejected = await vscode.commands.executeCommand<{ rejected: string[] }>('fuzzyEdit.rejectPending', outcome.edits[0].pendingId);
    strictEqual(rejected.rejected.length, 1);
    strictEqual(editor.document.getText(), original);
    strictEqual((await api()).pendingIds().length, 0);
  });

  test('autoApply "never" (the setting) leaves even an exact match pending', async () => {
    const config = vscode.workspace.getConfiguration('fuzzyEdit');
    await config.update('autoApply', 'never', vscode.ConfigurationTarget.Global);
    try {
      const editor = await openUntitled('keep();\n');
      const outcome = await applyFromClipboard({ text: searchReplace('keep();', 'changed();') });
      strictEqual(outcome.status, 'pending', outcome.message);
      strictEqual(editor.document.getText(), 'keep();\n');
      const all = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyAllPending');
      strictEqual(all.status, 'applied');
      strictEqual(editor.document.getText(), 'changed();\n');
    } finally {
      await config.update('autoApply', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('autoApply "exact" holds back a lossless normalisation; "normalized" applies it at once', async () => {
    const editor = await openUntitled('if (ok) {\n    run();\n}\n');
    const text = searchReplace('if (ok) {\n  run();\n}', 'if (ok) {\n  run();\n  done();\n}');
    const held = await applyFromClipboard({ text, autoApply: 'exact' });
    strictEqual(held.status, 'pending', held.message);
    strictEqual(editor.document.getText(), 'if (ok) {\n    run();\n}\n');
    await vscode.commands.executeCommand('fuzzyEdit.rejectAll');
    const applied = await applyFromClipboard({ text, autoApply: 'normalized' });
    strictEqual(applied.status, 'applied', applied.message);
    strictEqual(applied.edits[0].matches[0].needsReview, false);
  });

  test('a similarity match always waits for review, whatever the policy', async () => {
    const original = 'function greet(name) {\n  const greeting = "Hello, " + name + "!";\n  console.log(greeting);\n  return greeting;\n}\n';
    const editor = await openUntitled(original);
    const old = 'function greet(name) {\n  const greeting = "Helo, " + name + "!";\n  console.log(greeting);\n  return greeting;\n}';
    const outcome = await applyFromClipboard({ text: searchReplace(old, old.replace('Helo', 'Hi')), autoApply: 'normalized' });
    strictEqual(outcome.status, 'pending', outcome.message);
    strictEqual(outcome.edits[0].matches[0].needsReview, true);
    strictEqual(editor.document.getText(), original, 'nothing applied before review');
    const applied = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyPending', outcome.edits[0].pendingId);
    strictEqual(applied.status, 'applied');
    ok(editor.document.getText().includes('"Hi, "'), editor.document.getText());
  });

  test('the file named before a block is edited, not the active editor', async () => {
    const target = await openWorkspaceFile('fuzzy-edit-fixtures/named.ts', 'export const answer = 41;\n');
    const other = await openUntitled('export const answer = 41;\n');
    strictEqual(vscode.window.activeTextEditor?.document, other.document);
    const outcome = await applyFromClipboard({ text: chatAnswer(searchReplace('export const answer = 41;', 'export const answer = 42;', 'fuzzy-edit-fixtures/named.ts')) });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(target.document.getText(), 'export const answer = 42;\n');
    strictEqual(other.document.getText(), 'export const answer = 41;\n');
  });

  test('one request naming two files edits both, in one WorkspaceEdit', async () => {
    const one = await openWorkspaceFile('fuzzy-edit-fixtures/one.ts', 'export const one = 1;\n');
    const two = await openWorkspaceFile('fuzzy-edit-fixtures/two.ts', 'export const two = 2;\n');
    const text = chatAnswer(
      searchReplace('export const one = 1;', 'export const one = 11;', 'fuzzy-edit-fixtures/one.ts'),
      searchReplace('export const two = 2;', 'export const two = 22;', 'fuzzy-edit-fixtures/two.ts'),
    );
    const outcome = await applyFromClipboard({ text });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(one.document.getText(), 'export const one = 11;\n');
    strictEqual(two.document.getText(), 'export const two = 22;\n');
  });

  test('Apply Edit from Selection edits the previously active editor', async () => {
    const target = await openUntitled('const mode = "dev";\n');
    const scratch = await openUntitled(searchReplace('const mode = "dev";', 'const mode = "prod";'), 'markdown');
    scratch.selection = new vscode.Selection(0, 0, scratch.document.lineCount, 0);
    const outcome = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.applyFromSelection');
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(target.document.getText(), 'const mode = "prod";\n');
  });

  test('fuzzyEdit.applyEdits and the API take (uri, edits, options) and return the outcome', async () => {
    const editor = await openUntitled('a();\nb();\n');
    const viaCommand = await vscode.commands.executeCommand<{ status: string; message: string }>(
      'fuzzyEdit.applyEdits', editor.document.uri, [{ oldString: 'a();', newString: 'A();' }], { autoApply: 'exact' });
    strictEqual(viaCommand.status, 'applied', viaCommand.message);
    const viaApi = await (await api()).applyEdits(editor.document.uri, [{ oldString: 'b();', newString: 'B();' }], { autoApply: 'never' });
    strictEqual(viaApi.status, 'pending');
    strictEqual(editor.document.getText(), 'A();\nb();\n');
    const refusedOutcome = await (await api()).applyEdits(editor.document.uri, [{ oldString: 'zzz', newString: 'y' }]);
    strictEqual(refusedOutcome.status, 'refused');
  });

  test('a read-only document is refused with a message', async () => {
    const editor = await openUntitled('ro();\n');
    const pending = await applyFromClipboard({ text: searchReplace('ro();', 'rw();'), autoApply: 'never' });
    const proposedUri = await vscode.commands.executeCommand<vscode.Uri>('fuzzyEdit.showDiff', pending.edits[0].pendingId);
    ok(proposedUri, 'Show Diff returns the proposed document');
    const proposed = await vscode.workspace.openTextDocument(proposedUri);
    strictEqual(proposed.getText(), 'rw();\n', 'the diff shows the proposed result');
    const outcome = await (await api()).applyEdits(proposedUri, [{ oldString: 'rw();', newString: 'x();' }]);
    strictEqual(outcome.status, 'refused');
    strictEqual(outcome.code, 'read_only');
    strictEqual(editor.document.getText(), 'ro();\n');
  });
});
