// What a person sees before and after an edit is written, and what a refusal offers them: the inline preview
// of a pending edit, the trace of an edit applied at once, the refusal's toast and its correction for the
// assistant, the request log, and the "Apply to ‹file›" CodeLens over an edit in a markdown answer.
import * as vscode from 'vscode';
import { deepStrictEqual, match, ok, strictEqual } from './assert';
import { api, applyFromClipboard, chatAnswer, cleanSlate, hoverText, openUntitled, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';

async function painted(uri: vscode.Uri, kind?: string): Promise<{ kind: string; line: number; text?: string }[]> {
  const all = (await api()).decorationsOf(uri);
  return kind ? all.filter((d) => d.kind === kind) : all;
}

/** The number of the last message shown so far (the kept list is capped: its length stops growing). */
async function lastSeq(): Promise<number> {
  const all = (await api()).shownMessages();
  return all[all.length - 1]?.seq ?? 0;
}

/** The messages shown after the one numbered `before`. */
async function shownSince(before: number): Promise<{ kind: string; message: string; items?: string[] }[]> {
  return (await api()).shownMessages().filter((m) => (m.seq ?? 0) > before);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CART = [
  'export class Cart {',
  '  total(): number {',
  '    let sum = 0;',
  '    for (const line of this.lines) {',
  '      sum += line.price * line.quantity;',
  '    }',
  '    return sum;',
  '  }',
  '}',
  '',
].join('\n');

suite('Fuzzy Edit: seeing an edit before and after it is written', () => {
  teardown(cleanSlate);

  test('a pending edit shows its removed lines marked and its new lines beside them, in the editor', async () => {
    const editor = await openUntitled('a();\nb();\nc();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('b();', 'B(1);\nB(2);'), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    const uri = editor.document.uri;
    deepStrictEqual(await painted(uri, 'removed'), [{ kind: 'removed', line: 1 }]);
    deepStrictEqual(await painted(uri, 'added'), [{ kind: 'added', line: 1, text: '→ B(1);  ⏎  B(2);' }]);
    deepStrictEqual((await painted(uri, 'pending-exact')).map((d) => d.line), [1]);
    strictEqual(editor.document.getText(), 'a();\nb();\nc();\n', 'nothing written yet');

    await vscode.commands.executeCommand('fuzzyEdit.rejectAll');
    deepStrictEqual(await painted(uri), [], 'rejected: the preview is gone');
  });

  test('an inserted line is shown after the line above it, with nothing marked removed', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/preview-cart.ts', CART);
    const old = '    for (const line of this.lines) {\n      sum += line.price * line.quantity;\n    }';
    const neu = '    for (const line of this.lines) {\n      if (line.quantity <= 0) continue;\n      sum += line.price * line.quantity;\n    }';
    const outcome = await applyFromClipboard({ text: searchReplace(old, neu), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    deepStrictEqual(await painted(editor.document.uri, 'removed'), []);
    deepStrictEqual(await painted(editor.document.uri, 'added'), [{ kind: 'added', line: 3, text: '+ if (line.quantity <= 0) continue;' }]);
  });

  test('the hover reads file → result: the file’s line (−) then what will be written (+)', async () => {
    const editor = await openUntitled('first();\nsecond();\n');
    await applyFromClipboard({ text: searchReplace('second();', 'SECOND();'), autoApply: 'never' });
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(1, 3)));
    match(text, /\*\*Will write\*\*[^`]*```diff\n-second\(\);\n\+SECOND\(\);\n```/);
  });

  test('an edit applied at once leaves its written lines marked until the document next changes', async () => {
    const editor = await openUntitled('one();\ntwo();\nthree();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('two();', 'TWO();\nTWO_AND_A_HALF();'), autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const uri = editor.document.uri;
    deepStrictEqual((await painted(uri, 'trace')).map((d) => d.line), [1, 2]);
    await sleep(1500);
    deepStrictEqual((await painted(uri, 'trace')).map((d) => d.line), [1, 2], 'still marked after a while: no flash that is gone before one looks');
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// typed\n'));
    deepStrictEqual(await painted(uri, 'trace'), [], 'the next change ends the trace');
  });

  test('a request of several edits to one document marks the lines of every edit', async () => {
    const editor = await openUntitled(['a();', 'b();', 'c();', 'd();', 'e();', ''].join('\n'));
    const outcome = await applyFromClipboard({
      text: chatAnswer(searchReplace('b();', 'B();'), searchReplace('d();', 'D();\nD2();'), searchReplace('e();', 'E();')),
      autoApply: 'normalized',
    });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(editor.document.getText(), ['a();', 'B();', 'c();', 'D();', 'D2();', 'E();', ''].join('\n'));
    deepStrictEqual((await painted(editor.document.uri, 'trace')).map((d) => d.line), [1, 3, 4, 5]);
  });
});

suite('Fuzzy Edit: a refusal speaks to the person and offers a next step', () => {
  teardown(cleanSlate);

  test('not found: plain words first, Show Closest / Copy Correction / Details, and the request is logged', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/refusal-cart.ts', CART);
    const before = await lastSeq();
    const old = '  total(): number {\n    let total = 0;\n    for (const item of this.items) {\n      total += item.cost * item.count;\n    }\n    return total;';
    const outcome = await applyFromClipboard({ text: searchReplace(old, 'x', 'fuzzy-edit-fixtures/refusal-cart.ts') });
    strictEqual(outcome.code, 'not_found', outcome.message);
    match(outcome.message, /tried:/, 'the outcome keeps the engine’s full reasons for callers');
    const toast = (await shownSince(before)).find((m) => m.kind === 'error');
    ok(toast, 'an error toast');
    match(toast.message, /^Fuzzy Edit: Couldn't find this code in fuzzy-edit-fixtures\/refusal-cart\.ts — the closest place, lines 2–7, is 47 % similar/);
    strictEqual(/tried|similarity,|block-anchor/.test(toast.message), false, `no tier list in the toast: ${toast.message}`);
    deepStrictEqual(toast.items, ['Show Closest', 'Copy Correction for the Assistant', 'Details']);
    strictEqual(editor.document.getText(), CART, 'nothing changed');
    const log = (await api()).loggedLines();
    match(log[log.length - 1], /\[clipboard\] refused \(not_found\) "fuzzy-edit-fixtures\/refusal-cart\.ts": "The edit/);
  });

  test("Copy Correction for the Assistant puts the file's actual lines at the closest place on the clipboard", async () => {
    await openWorkspaceFile('fuzzy-edit-fixtures/correction-cart.ts', CART);
    const old = '  total(): number {\n    let total = 0;\n    for (const item of this.items) {\n      total += item.cost * item.count;\n    }\n    return total;';
    const outcome = await applyFromClipboard({ text: searchReplace(old, 'x', 'fuzzy-edit-fixtures/correction-cart.ts') });
    strictEqual(outcome.code, 'not_found', outcome.message);
    const prompt = await vscode.commands.executeCommand<string>('fuzzyEdit.copyCorrection');
    const clipboard = await vscode.env.clipboard.readText();
    strictEqual(clipboard, prompt, 'the correction is what the clipboard holds');
    match(clipboard, /did not apply/);
    ok(clipboard.includes('    for (const line of this.lines) {\n      sum += line.price * line.quantity;\n    }'), `quotes the file's lines: ${clipboard}`);
    match(clipboard, /you wrote "let total = 0;", the file has "let sum = 0;"/);
  });

  test('ambiguous: Show Candidates, and Replace All… only when the text is exactly in each place', async () => {
    await openUntitled('x = 1;\ny();\nx = 1;\n');
    let before = await lastSeq();
    const exact = await applyFromClipboard({ text: searchReplace('x = 1;', 'x = 2;') });
    strictEqual(exact.code, 'ambiguous', exact.message);
    let toast = (await shownSince(before)).find((m) => m.kind === 'error');
    match(toast?.message ?? '', /^Fuzzy Edit: This code appears in 2 places in .* \(lines 1, 3\)/);
    deepStrictEqual(toast?.items, ['Show Candidates', 'Replace All…', 'Copy Correction for the Assistant', 'Details']);

    await cleanSlate();
    await openUntitled('if (a) {\n    run();\n}\nif (a) {\n    run();\n}\n');
    before = await lastSeq();
    const loose = await applyFromClipboard({ text: searchReplace('if (a) {\n  run();\n}', 'if (a) {\n  go();\n}') });
    strictEqual(loose.code, 'ambiguous', loose.message);
    toast = (await shownSince(before)).find((m) => m.kind === 'error');
    deepStrictEqual(toast?.items, ['Show Candidates', 'Copy Correction for the Assistant', 'Details'], 'no Replace All for a normalised match');
  });
});

  test('Replace All… replaces every exact occurrence after the confirmation, as one undo; declined or stale, nothing changes', async () => {
    const editor = await openUntitled('x = 1;\ny();\nx = 1;\n');
    const refusal = await applyFromClipboard({ text: searchReplace('x = 1;', 'x = 2;') });
    strictEqual(refusal.code, 'ambiguous', refusal.message);
    const declined = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.replaceAllRefused', { confirm: false });
    strictEqual(declined.status, 'cancelled');
    strictEqual(editor.document.getText(), 'x = 1;\ny();\nx = 1;\n');
    const replaced = await vscode.commands.executeCommand<{ status: string; message: string }>('fuzzyEdit.replaceAllRefused', { confirm: true });
    strictEqual(replaced.status, 'applied', replaced.message);
    strictEqual(editor.document.getText(), 'x = 2;\ny();\nx = 2;\n');
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), 'x = 1;\ny();\nx = 1;\n', 'one undo restores both');

    const again = await applyFromClipboard({ text: searchReplace('x = 1;', 'x = 3;') });
    strictEqual(again.code, 'ambiguous', again.message);
    await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'x = 1;\n'));
    const stale = await vscode.commands.executeCommand<{ status: string; code: string }>('fuzzyEdit.replaceAllRefused', { confirm: true });
    strictEqual(stale.code, 'conflict', 'the file changed since the places were shown');
    strictEqual(editor.document.getText(), 'x = 1;\ny();\nx = 1;\nx = 1;\n');
  });

suite('Fuzzy Edit: "Apply to ‹file›" over an edit in a markdown answer', () => {
  teardown(cleanSlate);

  test('a fenced SEARCH/REPLACE block naming a file gets the lens, and the lens applies it through the command', async () => {
    const target = await openWorkspaceFile('fuzzy-edit-fixtures/lens-target.ts', 'export const rate = 0.2;\n');
    const answer = ['Change the rate:', '', 'fuzzy-edit-fixtures/lens-target.ts', '```ts', '<<<<<<< SEARCH', 'export const rate = 0.2;', '=======', 'export const rate = 0.25;', '>>>>>>> REPLACE', '```', ''].join('\n');
    const md = await openUntitled(answer, 'markdown');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', md.document.uri, 10);
    const apply = lenses.filter((l) => l.command?.title.startsWith('Apply to'));
    strictEqual(apply.length, 1, lenses.map((l) => l.command?.title).join(' | '));
    strictEqual(apply[0].command!.title, 'Apply to fuzzy-edit-fixtures/lens-target.ts');
    strictEqual(apply[0].range.start.line, 3);
    const outcome = await vscode.commands.executeCommand<{ status: string; message: string }>(apply[0].command!.command, ...(apply[0].command!.arguments ?? []));
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(target.document.getText(), 'export const rate = 0.25;\n');
    const log = (await api()).loggedLines();
    match(log[log.length - 1], /\[codelens\] applied "fuzzy-edit-fixtures\/lens-target\.ts"/);
  });

  test('a plain-text document: an unfenced unified diff gets the lens too', async () => {
    await openWorkspaceFile('fuzzy-edit-fixtures/lens-diff.ts', 'a();\nb();\n');
    const notes = ['Patch:', '--- a/fuzzy-edit-fixtures/lens-diff.ts', '+++ b/fuzzy-edit-fixtures/lens-diff.ts', '@@ -1,2 +1,2 @@', ' a();', '-b();', '+c();', ''].join('\n');
    const doc = await openUntitled(notes, 'plaintext');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.document.uri, 10);
    const titles = lenses.map((l) => `${l.range.start.line}: ${l.command?.title}`);
    deepStrictEqual(titles, ['1: Apply to fuzzy-edit-fixtures/lens-diff.ts']);
  });
});
