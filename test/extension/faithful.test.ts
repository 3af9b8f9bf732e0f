// Faithful apply in the editor (issue 9): what the extension reports is what it wrote. An edit the engine cannot
// write as asked is a refusal — in the command's notification and in the fuzzy_edit tool's answer — and the
// document is untouched; what was written is shown (the tool's answer, the hover's "Will write").
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { api, applyFromClipboard, chatAnswer, cleanSlate, hoverText, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';

const FILE = ['function total(items) {', '  let sum = 0;', '', '  for (const i of items) sum += i.price;', '  return sum;', '}', ''].join('\n');

suite('Fuzzy Edit: faithful apply — never "applied" for a change that was not written', () => {
  teardown(cleanSlate);

  test('an edit whose only change is a blank line at the edge of its old text: refused with the reason, never "applied", file untouched', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/faithful.js', FILE);
    const before = (await api()).shownMessages().map((m) => m.message);
    // Quoted dedented (the indentation tier matches whole lines, which never include the blank line above).
    const text = chatAnswer(searchReplace('\nfor (const i of items) sum += i.price;\nreturn sum;', 'for (const i of items) sum += i.price;\nreturn sum;', 'fuzzy-edit-fixtures/faithful.js'));
    const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
    strictEqual(outcome.status, 'refused', outcome.message);
    match(outcome.message, /blank lines at their start or end|nothing to change/, 'says why');
    strictEqual(editor.document.getText(), FILE, 'unchanged');
    strictEqual(editor.document.isDirty, false);
    // The messages shown since (the list keeps the last few: compare, do not count).
    const shown = (await api()).shownMessages().filter((m) => !before.includes(m.message));
    ok(shown.some((m) => (m.kind === 'error' || m.kind === 'warning') && /Nothing was changed|nothing to change/i.test(m.message)), `a refusal toast: ${JSON.stringify(shown)}`);
    ok(!shown.some((m) => /applied/i.test(m.message) && !/not applied|nothing/i.test(m.message)), 'no message says applied');
  });

  test('the fuzzy_edit tool answers such an edit "Refused" with the reason, never "Applied", and the file stays', async function () {
    const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
    if (typeof lm?.invokeTool !== 'function' || !(lm.tools ?? []).some((t) => t.name === 'fuzzy_edit')) this.skip();
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/faithful3.js', FILE);
    const result = await vscode.lm.invokeTool('fuzzy_edit', {
      input: { filePath: 'fuzzy-edit-fixtures/faithful3.js', oldString: '\nfor (const i of items) sum += i.price;\nreturn sum;', newString: 'for (const i of items) sum += i.price;\nreturn sum;' },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => ((p as { value?: unknown }).value as string) ?? '').join('');
    match(text, /^Refused: /, 'a refusal');
    match(text, /blank lines at their start or end/, 'the reason');
    ok(!/^Applied/m.test(text), 'never "Applied"');
    strictEqual(editor.document.getText(), FILE, 'unchanged');
  });

  test('the hover of a pending edit shows what it will write: the file’s lines (−) and the result (+), and why to look first', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/faithful2.js', FILE);
    // A similarity match (a typo in the old text) waits for review.
    const text = chatAnswer(searchReplace('  let sum = 0;\n\n  for (const i of itemz) sum += i.price;\n  return sum;', '  let sum = 0;\n\n  for (const i of itemz) sum += i.price;\n  return sum * 2;', 'fuzzy-edit-fixtures/faithful2.js'));
    const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
    strictEqual(outcome.status, 'pending', outcome.message);
    strictEqual(editor.document.getText(), FILE, 'nothing written before review');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(4, 4));
    const hover = hoverText(hovers);
    match(hover, /Will write/, 'a "Will write" section');
    match(hover, /- {2}return sum;\n\+ {2}return sum \* 2;/, 'the file’s line against the line written');
    ok(outcome.edits[0].diff?.includes('+  return sum * 2;'), `the outcome carries the written diff: ${outcome.edits[0].diff}`);
  });

  test('Apply on a hover that outlived its edit (applied already) is no error: a status line, the file as applied', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/faithful4.js', FILE);
    const outcome = await applyFromClipboard({ text: chatAnswer(searchReplace('  return sum;', '  return sum * 3;', 'fuzzy-edit-fixtures/faithful4.js')), autoApply: 'never' });
    const id = outcome.edits[0].pendingId;
    ok(id, `a pending edit: ${outcome.message}`);
    const first = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyPending', id);
    strictEqual(first.status, 'applied');
    const before = (await api()).shownMessages().map((m) => m.message);
    const again = await vscode.commands.executeCommand<{ status: string; code?: string }>('fuzzyEdit.applyPending', id);
    strictEqual(again.code, 'no_pending');
    const shown = (await api()).shownMessages().filter((m) => !before.includes(m.message));
    ok(!shown.some((m) => m.kind === 'error' || m.kind === 'warning'), `no error toast: ${JSON.stringify(shown)}`);
    ok(shown.some((m) => m.kind === 'status' && /applied or rejected already/.test(m.message)), 'a status line says why nothing happened');
    strictEqual(editor.document.getText(), FILE.replace('  return sum;', '  return sum * 3;'), 'applied once');
  });
});
