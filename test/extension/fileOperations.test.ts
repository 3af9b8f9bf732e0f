// Requests that create, delete or move files, through the editor commands: resolved before anything is
// written, applied as a whole after one confirmation (`confirmFiles` answers it here), refusals per part with
// "apply the others or nothing". Every file lives under one folder that each test removes.
import * as vscode from 'vscode';
import { match, ok, strictEqual } from './assert';
import { describeChange, summarizeChanges, type FileChange } from '../../src/extension/request/fileOps';
import { api, applyFromClipboard, cleanSlate, openWorkspaceFile } from './fuzzyEditFixtures';

const DIR = 'fuzzy-edit-files';
const CART = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', ''].join('\n');

function folder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  ok(f, 'a workspace folder is open');
  return f.uri;
}

const fileUri = (name: string) => vscode.Uri.joinPath(folder(), DIR, name);

async function exists(name: string): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(fileUri(name));
    return true;
  } catch {
    return false;
  }
}

async function bytesOf(name: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri(name)));
}

/** The file's text as the editor has it (a moved buffer may hold edits not saved yet). */
async function textOf(name: string): Promise<string> {
  return (await vscode.workspace.openTextDocument(fileUri(name))).getText();
}

function patch(...lines: string[]): string {
  return ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
}

suite('Fuzzy Edit: creating, deleting and moving files', () => {
  teardown(async () => {
    await cleanSlate();
    try {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), DIR), { recursive: true, useTrash: false });
    } catch {
      // Nothing was created.
    }
  });

  test('a git diff with a new file and a modified file: after the confirmation both are there, the new file with exactly its content', async () => {
    await openWorkspaceFile(`${DIR}/cart.js`, CART);
    const diff = [
      `diff --git a/${DIR}/tax.js b/${DIR}/tax.js`,
      'new file mode 100644',
      'index 0000000..1111111',
      '--- /dev/null',
      `+++ b/${DIR}/tax.js`,
      '@@ -0,0 +1,3 @@',
      '+export function withTax(amount) {',
      '+  return amount * 1.2;',
      '+}',
      `diff --git a/${DIR}/cart.js b/${DIR}/cart.js`,
      'index 2222222..3333333 100644',
      `--- a/${DIR}/cart.js`,
      `+++ b/${DIR}/cart.js`,
      '@@ -3,2 +3,2 @@',
      '   for (const item of items) sum += item.price;',
      '-  return sum;',
      '+  return withTax(sum);',
      '',
    ].join('\n');
    const outcome = await applyFromClipboard({ text: diff, confirmFiles: true });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(outcome.edits.map((e) => `${e.operation ?? 'edit'}:${e.status}`).join(','), 'edit:applied,create:applied', 'text edits first, then the file operations');
    strictEqual(outcome.edits[1].uri, fileUri('tax.js').toString());
    strictEqual(await bytesOf('tax.js'), 'export function withTax(amount) {\n  return amount * 1.2;\n}\n', 'the new file holds exactly its content');
    strictEqual(await textOf('cart.js'), CART.replace('  return sum;', '  return withTax(sum);'));
    strictEqual((await api()).pendingIds().length, 0, 'nothing left pending');
  });

  test('*** Delete File: gone after the confirmation; declined, nothing changes and the status is "cancelled"', async () => {
    await vscode.workspace.fs.writeFile(fileUri('old.js'), new TextEncoder().encode('legacy();\n'));
    const text = patch(`*** Delete File: ${DIR}/old.js`);
    const declined = await applyFromClipboard({ text, confirmFiles: false });
    strictEqual(declined.status, 'cancelled', declined.message);
    strictEqual(declined.edits[0].operation, 'delete');
    strictEqual(declined.edits[0].status, 'resolved', 'checked, not applied');
    strictEqual(await bytesOf('old.js'), 'legacy();\n', 'declining changes nothing');

    const outcome = await applyFromClipboard({ text, confirmFiles: true });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(outcome.edits[0].status, 'applied');
    strictEqual(await exists('old.js'), false, 'the file is gone');
  });

  test('*** Update File + *** Move to: the destination has the edited text, the source is gone', async () => {
    await openWorkspaceFile(`${DIR}/cart.js`, CART);
    const text = patch(`*** Update File: ${DIR}/cart.js`, `*** Move to: ${DIR}/lib/basket.js`, '@@', '-export function total(items) {', '+export function basketTotal(items) {');
    const outcome = await applyFromClipboard({ text, confirmFiles: true });
    strictEqual(outcome.status, 'applied', outcome.message);
    const move = outcome.edits[1];
    strictEqual(move.operation, 'rename');
    strictEqual(move.uri, fileUri('cart.js').toString());
    strictEqual(move.to, fileUri('lib/basket.js').toString());
    strictEqual(await exists('cart.js'), false, 'the source is gone');
    strictEqual(await textOf('lib/basket.js'), CART.replace('function total', 'function basketTotal'), 'edited, then moved');
    strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), fileUri('lib/basket.js').toString(), 'the moved file is shown');
  });

  test('*** Add File for a file that exists with other content is refused, and nothing changes', async () => {
    await vscode.workspace.fs.writeFile(fileUri('config.js'), new TextEncoder().encode('export default {};\n'));
    const outcome = await applyFromClipboard({ text: patch(`*** Add File: ${DIR}/config.js`, '+export default { debug: true };'), confirmFiles: true });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'file_exists');
    match(outcome.message, /config\.js: it exists; nothing was created/);
    strictEqual(await bytesOf('config.js'), 'export default {};\n');
  });

  test('a new file sent again with the same content is already applied', async () => {
    await vscode.workspace.fs.writeFile(fileUri('same.js'), new TextEncoder().encode('same();\r\n'));
    const outcome = await applyFromClipboard({ text: patch(`*** Add File: ${DIR}/same.js`, '+same();'), confirmFiles: true });
    strictEqual(outcome.status, 'already_applied', outcome.message);
    strictEqual(await bytesOf('same.js'), 'same();\r\n');
  });

  test('the create refused, a text edit resolved: with applyRest the text edit applies and the status is "partial"', async () => {
    await vscode.workspace.fs.writeFile(fileUri('config.js'), new TextEncoder().encode('export default {};\n'));
    await openWorkspaceFile(`${DIR}/cart.js`, CART);
    const text = patch(`*** Add File: ${DIR}/config.js`, '+export default { debug: true };', `*** Update File: ${DIR}/cart.js`, '@@', '-  let sum = 0;', '+  let sum = 10;');
    const none = await applyFromClipboard({ text, confirmFiles: true, applyRest: false, autoApply: 'exact' });
    strictEqual(none.status, 'refused', none.message);
    strictEqual(await textOf('cart.js'), CART, 'all or nothing without applyRest');

    const outcome = await applyFromClipboard({ text, confirmFiles: true, applyRest: true, autoApply: 'exact' });
    strictEqual(outcome.status, 'partial', outcome.message);
    strictEqual(outcome.edits.map((e) => e.status).join(','), 'applied,refused');
    match(outcome.message, /1 of 2 changes refused and not applied: Create .*config\.js: it exists/);
    strictEqual(await textOf('cart.js'), CART.replace('let sum = 0;', 'let sum = 10;'));
    strictEqual(await bytesOf('config.js'), 'export default {};\n');
  });

  test('an edit of a file the same request creates is refused with the reason; the creation can still apply on its own', async () => {
    const text = patch(`*** Add File: ${DIR}/fresh.js`, '+one();', `*** Update File: ${DIR}/fresh.js`, '@@', '-one();', '+two();');
    const outcome = await applyFromClipboard({ text, confirmFiles: true, applyRest: false });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'conflict');
    match(outcome.message, /fresh\.js is the new file this request creates \(line 2\)/);
    strictEqual(await exists('fresh.js'), false, 'nothing was created');
    const rest = await applyFromClipboard({ text, confirmFiles: true, applyRest: true });
    strictEqual(rest.status, 'partial', rest.message);
    strictEqual(await bytesOf('fresh.js'), 'one();\n');
  });

  test('a request with files is applied as a whole: a similarity match does not wait for review, the policy does not split it', async () => {
    await openWorkspaceFile(`${DIR}/greet.js`, 'function greet(name) {\n  const greeting = "Hello, " + name + "!";\n  console.log(greeting);\n  return greeting;\n}\n');
    const old = ['function greet(name) {', '  const greeting = "Helo, " + name + "!";', '  console.log(greeting);', '  return greeting;', '}'];
    const text = patch(`*** Add File: ${DIR}/notes.md`, '+# Notes', `*** Update File: ${DIR}/greet.js`, '@@', ...old.map((l) => `-${l}`), ...old.map((l) => `+${l.replace('Helo', 'Hi')}`));
    const outcome = await applyFromClipboard({ text, confirmFiles: true, autoApply: 'never' });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(outcome.edits[0].matches[0].needsReview, true, 'a similarity match, applied after the one confirmation');
    strictEqual((await api()).pendingIds().length, 0);
    match(await textOf('greet.js'), /"Hi, "/);
    strictEqual(await bytesOf('notes.md'), '# Notes\n');
  });

  test('the confirmation names each operation: "Create … (n lines)", "Delete …", "Move … → …"', () => {
    const changes: FileChange[] = [
      { kind: 'create', uri: fileUri('a.ts'), content: 'one\ntwo\n' },
      { kind: 'create', uri: fileUri('empty.ts'), content: '' },
      { kind: 'delete', uri: fileUri('b.ts') },
      { kind: 'rename', uri: fileUri('c.ts'), to: fileUri('d.ts') },
    ];
    strictEqual(
      changes.map(describeChange).join(' | '),
      `Create ${DIR}/a.ts (2 lines) | Create ${DIR}/empty.ts (empty) | Delete ${DIR}/b.ts | Move ${DIR}/c.ts → ${DIR}/d.ts`,
    );
    strictEqual(summarizeChanges([], changes), 'creates 2 files, deletes 1 file and moves 1 file');
  });

  test('a file with unsaved changes is not deleted', async () => {
    const editor = await openWorkspaceFile(`${DIR}/draft.js`, 'draft();\n');
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// typed, not saved\n'));
    const outcome = await applyFromClipboard({ text: patch(`*** Delete File: ${DIR}/draft.js`), confirmFiles: true });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'unsaved');
    match(outcome.message, /unsaved changes/);
    strictEqual(await exists('draft.js'), true);
  });
});
