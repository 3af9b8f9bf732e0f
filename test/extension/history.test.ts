// History, rewind and checkpoints in a real editor: every applied request is recorded; Revert takes one edit
// back even after other changes; a request reverts all or nothing; a checkpoint brings every touched file
// back; the record survives a reload. In the Node host, checkpoints of a git repository are shadow commits
// that leave the user's index, HEAD and branches alone (gitHost.node.ts makes real repositories).
import * as vscode from 'vscode';
import type { HistoryRequest } from '../../src/core/history';
import type { HistoryOutcome } from '../../src/extension/history/commands';
import { match, ok, strictEqual, waitFor } from './assert';
import { api, applyFromClipboard, chatAnswer, cleanSlate, openUntitled, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';
import { gitHost } from './gitHost';

const TOTAL = ['export function total(items) {', '    let sum = 0;', '    for (const item of items) {', '        sum += item.price;', '    }', '    return sum;', '}', ''].join('\n');
const UTIL = ['export function greet(name) {', "    return 'Hello, ' + name;", '}', ''].join('\n');

async function lastRequest(): Promise<HistoryRequest> {
  const list = (await api()).history.requests();
  ok(list.length > 0, 'the history has a request');
  return list[list.length - 1];
}

function run(command: string, args: Record<string, unknown>): Thenable<HistoryOutcome> {
  return vscode.commands.executeCommand<HistoryOutcome>(`fuzzyEdit.history.${command}`, args);
}

/** Types text at the start of a document, as a person would (not through Fuzzy Edit). */
async function typeAtTop(doc: vscode.TextDocument, text: string): Promise<void> {
  const we = new vscode.WorkspaceEdit();
  we.insert(doc.uri, new vscode.Position(0, 0), text);
  ok(await vscode.workspace.applyEdit(we), 'edit applied');
}

suite('Fuzzy Edit: history, rewind and checkpoints', () => {
  teardown(cleanSlate);

  test('an applied edit is recorded with its file, tier, score, old and new text and request', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    const outcome = await (await api()).applyEdits(editor.document.uri, [{ oldString: 'sum += item.price;', newString: 'sum += item.price * item.qty;' }], { autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const r = await lastRequest();
    strictEqual(r.edits.length, 1);
    const e = r.edits[0];
    strictEqual(e.uri, editor.document.uri.toString());
    strictEqual(e.requestId, r.id);
    strictEqual(e.tier, 'exact');
    strictEqual(e.score, 1);
    strictEqual(e.oldText, 'sum += item.price;');
    strictEqual(e.newText, 'sum += item.price * item.qty;');
    strictEqual(e.startLine, 3);
    strictEqual(r.checkpointId, undefined, 'one edit in one file: no checkpoint by default');
  });

  test('each edit keeps the two lines around it as the whole text has them: at the first line, the last, in CRLF', async () => {
    // The context is read from the lines around the edit only (not the document's whole text): the same lines.
    const lines = ['first();', 'a();', 'b();', 'c();', 'd();', 'last();'];
    const editor = await openUntitled(lines.join('\r\n'), 'javascript');
    const outcome = await (await api()).applyEdits(editor.document.uri, [
      { oldString: 'first();', newString: 'first(1);' },
      { oldString: 'c();', newString: 'c(3);' },
      { oldString: 'last();', newString: 'last(6);' },
    ], { autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const text = editor.document.getText();
    const r = await lastRequest();
    strictEqual(r.edits.length, 3);
    for (const e of r.edits) {
      const line = (o: number) => text.lastIndexOf('\n', o - 1) + 1;
      // Up to two whole lines before the edit's line, and to the end of the second line after it (CRLF kept).
      const from = line(line(line(e.start) - 1) - 1);
      let to = e.end;
      for (let k = 0; k < 3 && to < text.length; k++) to = text.indexOf('\n', to) < 0 ? text.length : text.indexOf('\n', to) + 1;
      strictEqual(e.before, text.slice(from, e.start), `before ${e.newText}`);
      strictEqual(e.after, text.slice(e.end, to), `after ${e.newText}`);
    }
    strictEqual(r.edits[1].before, 'a();\r\nb();\r\n');
    strictEqual(r.edits[1].after, '\r\nd();\r\nlast(6);');
  });

  test('Undo and Redo of a request of two multi-line edits in a CRLF document mark both edits undone, then applied', async () => {
    // The text right after the request is fingerprinted from the text before it and the spans written: the new
    // lines are written with the document's CRLF, so a Redo (back to that text) is recognised.
    const text = ['function a() {', '  return 1;', '}', '', 'function b() {', '  return 2;', '}', ''].join('\r\n');
    const editor = await openUntitled(text, 'javascript');
    const outcome = await (await api()).applyEdits(editor.document.uri, [
      { oldString: '  return 1;', newString: '  const one = 1;\n  return one;' },
      { oldString: '  return 2;', newString: '  const two = 2;\n  return two;' },
    ], { autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const after = editor.document.getText();
    ok(after.includes('  const one = 1;\r\n  return one;'), 'written with CRLF');
    const ids = (await lastRequest()).edits.map((e) => e.id);
    strictEqual(ids.length, 2);
    const marks = async () => (await api()).history.requests().flatMap((r) => r.edits).filter((e) => ids.includes(e.id)).map((e) => e.undoneAt !== undefined);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), text, 'one undo took both edits back');
    await waitFor(async () => (await marks()).join() === 'true,true', 'both edits marked undone');
    await vscode.commands.executeCommand('redo');
    strictEqual(editor.document.getText(), after, 'the redo wrote both again');
    await waitFor(async () => (await marks()).join() === 'false,false', 'both edits marked applied again');
  });

  test('in a document of 3.5 million characters, an Undo at once after the request marks it undone, and a Redo applied again', async () => {
    // Its fingerprints are hashed a slice per turn of the extension host (an Undo that came first would finish them;
    // here the slices are done before the Undo's change arrives, in both hosts).
    const lines = Array.from({ length: 120_000 }, (_, i) => `    const value${i} = read(${i}); // line ${i}`);
    const text = lines.join('\n');
    const editor = await openUntitled(text, 'plaintext');
    const outcome = await (await api()).applyEdits(editor.document.uri, [{ oldString: lines[60_000], newString: '    const changed = true;' }], { autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    // At once: the editor of the document is the active one.
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), text, 'the undo took the edit back');
    const id = (await lastRequest()).edits[0].id;
    const after = text.replace(lines[60_000], '    const changed = true;');
    const edit = async () => (await api()).history.requests().flatMap((r) => r.edits).find((e) => e.id === id);
    await waitFor(async () => (await edit())?.undoneAt !== undefined, 'the history marks the edit undone');
    await vscode.commands.executeCommand('redo');
    strictEqual(editor.document.getText(), after, 'the redo wrote it again');
    await waitFor(async () => (await edit())?.undoneAt === undefined, 'the history marks the edit applied again');
  });

  test('an edit undone with Undo (Ctrl+Z) is marked undone, not applied; Redo marks it applied again', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-undo.js', TOTAL);
    const outcome = await applyFromClipboard({ text: searchReplace('sum += item.price;', 'sum += item.price * item.qty;'), autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const id = (await lastRequest()).edits[0].id;
    const edit = async () => (await api()).history.requests().flatMap((r) => r.edits).find((e) => e.id === id);
    strictEqual((await edit())?.undoneAt, undefined, 'applied: not undone');
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    strictEqual(editor.document.getText(), TOTAL, 'the undo took the edit back');
    await waitFor(async () => (await edit())?.undoneAt !== undefined, 'the history marks the edit undone');
    const revert = await run('revert', { id, confirm: true });
    strictEqual(revert.status, 'refused', 'nothing to revert: the edit is not in the file');
    strictEqual(editor.document.getText(), TOTAL);
    await vscode.commands.executeCommand('redo');
    ok(editor.document.getText().includes('sum += item.price * item.qty;'), 'the redo applied it again');
    await waitFor(async () => (await edit())?.undoneAt === undefined, 'the history marks the edit applied again');
  });

  test('apply → edit elsewhere → Revert restores only that edit, as one undo step', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    const doc = editor.document;
    const outcome = await applyFromClipboard({ text: searchReplace('sum += item.price;', 'sum += item.price * item.qty;'), autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const edit = (await lastRequest()).edits[0];
    await typeAtTop(doc, '// a comment typed later\n');
    const changedLater = doc.getText().replace('    return sum;', '    return sum * 2;');
    const we = new vscode.WorkspaceEdit();
    we.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), changedLater);
    await vscode.workspace.applyEdit(we);

    const revealed = await run('reveal', { id: edit.id });
    strictEqual(revealed.startLine, 4, 'reveal finds the edit where it moved');
    const reverted = await run('revert', { id: edit.id });
    strictEqual(reverted.status, 'done', reverted.message);
    strictEqual(doc.getText(), '// a comment typed later\n' + TOTAL.replace('    return sum;', '    return sum * 2;'), 'only that edit was taken back');
    ok((await lastRequest()).edits[0].revertedAt, 'marked reverted');
    await vscode.commands.executeCommand('undo');
    ok(doc.getText().includes('sum += item.price * item.qty;'), 'one undo brings the edit back');

    const again = await run('revert', { id: edit.id });
    strictEqual(again.status, 'refused', 'a reverted edit is not reverted twice');
  });

  test('Revert refuses with an explanation when the edited text changed since, and changes nothing', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    const doc = editor.document;
    await applyFromClipboard({ text: searchReplace('sum += item.price;', 'sum += item.price * item.qty;'), autoApply: 'normalized' });
    const edit = (await lastRequest()).edits[0];
    const we = new vscode.WorkspaceEdit();
    const at = doc.getText().indexOf('sum += item.price * item.qty;');
    we.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'sum += item.price * item.qty;'.length)), 'sum = add(sum, lineTotalOf(item, rates));');
    await vscode.workspace.applyEdit(we);
    const before = doc.getText();
    const outcome = await run('revert', { id: edit.id });
    strictEqual(outcome.status, 'refused');
    strictEqual(outcome.code, 'changed');
    match(outcome.message, /changed since/);
    strictEqual(doc.getText(), before, 'nothing changed');
  });

  test('checkpoint → batch over two files (one unsaved) → Restore Checkpoint brings both back byte for byte', async () => {
    const total = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    const util = await openWorkspaceFile('fuzzy-edit-fixtures/history-util.js', UTIL.replace(/\n/g, '\r\n'));
    await typeAtTop(util.document, '// unsaved\r\n');
    const utilBefore = util.document.getText();
    ok(util.document.isDirty, 'util has unsaved changes');
    const text = chatAnswer(
      searchReplace('let sum = 0;', 'let sum = 0, count = 0;', 'fuzzy-edit-fixtures/history-total.js'),
      searchReplace('return sum;', 'return { sum, count };', 'fuzzy-edit-fixtures/history-total.js'),
      searchReplace("return 'Hello, ' + name;", 'return `Hello, ${name}!`;', 'fuzzy-edit-fixtures/history-util.js'),
    );
    const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const r = await lastRequest();
    strictEqual(r.edits.length, 3);
    ok(r.checkpointId, 'a batch gets a checkpoint');
    const cp = (await api()).history.checkpoint(r.checkpointId!);
    ok(cp, 'the checkpoint is stored');
    strictEqual(cp.files.length, 2);
    ok(cp.files.every((f) => !f.git), 'not a git repository: snapshots in extension storage');
    // Each text is a file of the extension's storage folder (not the Memento, which the host sends whole on every update).
    const history = (await api()).history;
    const snapshotOf = async (uri: vscode.Uri) => {
      const name = cp.files.find((f) => f.uri === uri.toString())?.snapshot;
      ok(name, `${uri.toString()} has a snapshot file`);
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(history.snapshotFolder, name)));
    };
    strictEqual(await snapshotOf(total.document.uri), TOTAL, 'the snapshot is the text before the batch');
    strictEqual(await snapshotOf(util.document.uri), utilBefore, 'the unsaved text, CRLF included');

    await typeAtTop(total.document, '// later\n');
    const cancelled = await run('restoreCheckpoint', { id: r.id, confirm: false });
    strictEqual(cancelled.status, 'cancelled');
    const restored = await run('restoreCheckpoint', { id: r.id, confirm: true });
    strictEqual(restored.status, 'done', restored.message);
    strictEqual(total.document.getText(), TOTAL);
    strictEqual(util.document.getText(), utilBefore, 'the unsaved text, CRLF included');
    await total.document.save();
    strictEqual(new TextDecoder().decode(await vscode.workspace.fs.readFile(total.document.uri)), TOTAL, 'saved bytes');

    // Clearing the history forgets the checkpoint, and its snapshot files with it.
    strictEqual((await run('clear', { confirm: true })).status, 'done');
    await history.flush();
    const folder = vscode.Uri.joinPath(history.snapshotFolder, cp.id);
    let gone = false;
    await vscode.workspace.fs.stat(folder).then(() => undefined, () => (gone = true));
    ok(gone, `the snapshot folder ${folder.toString()} is deleted`);
  });

  test('a long document (600,000 characters) is checkpointed in parts and restored byte for byte', async () => {
    // Parts of 262,144 characters: an emoji (a surrogate pair) stands across the first cut, in CRLF lines.
    const head = 'x'.repeat(262_143) + '\u{1F600}';
    const lines = Array.from({ length: 10_000 }, (_, i) => `  item${i} = read(${i}); // é`);
    const text = head + '\r\n' + lines.join('\r\n') + '\r\n';
    const editor = await openUntitled(text, 'plaintext');
    const outcome = await (await api()).applyEdits(editor.document.uri, [
      { oldString: '  item10 = read(10); // é', newString: '  item10 = 10;' },
      { oldString: '  item9000 = read(9000); // é', newString: '  item9000 = 9000;' },
    ], { autoApply: 'normalized' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const r = await lastRequest();
    const cp = (await api()).history.checkpoint(r.checkpointId!);
    ok(cp, 'a batch gets a checkpoint');
    match(cp.files[0].snapshot ?? '', /\.3parts$/, 'three parts');
    const restored = await run('restoreCheckpoint', { id: r.id, confirm: true });
    strictEqual(restored.status, 'done', restored.message);
    strictEqual(editor.document.getText(), text, 'byte for byte, the emoji whole');
  });

  test('Revert Request takes back every edit of the request, all or nothing', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    const doc = editor.document;
    const text = chatAnswer(searchReplace('let sum = 0;', 'let sum = 0, count = 0;'), searchReplace('return sum;', 'return { sum, count };'));
    strictEqual((await applyFromClipboard({ text, autoApply: 'normalized' })).status, 'applied');
    const r = await lastRequest();
    strictEqual(r.edits.length, 2);

    // Change the second edit's text: the whole request is refused.
    const at = doc.getText().indexOf('return { sum, count };');
    const we = new vscode.WorkspaceEdit();
    we.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'return { sum, count };'.length)), 'return buildSummaryObject(sum, count, extra);');
    await vscode.workspace.applyEdit(we);
    const changed = doc.getText();
    const refused = await run('revertRequest', { id: r.id });
    strictEqual(refused.status, 'refused', refused.message);
    strictEqual(doc.getText(), changed, 'nothing reverted');

    await vscode.commands.executeCommand('undo');
    await typeAtTop(doc, '// typed\n');
    const outcome = await run('revertRequest', { id: r.id });
    strictEqual(outcome.status, 'done', outcome.message);
    strictEqual(doc.getText(), '// typed\n' + TOTAL);
  });

  test('the history survives a reload (the store re-created from storage)', async () => {
    const editor = await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    await applyFromClipboard({ text: searchReplace('sum += item.price;', 'sum += item.price * item.qty;'), autoApply: 'normalized' });
    const r = await lastRequest();
    const history = (await api()).history;
    await history.reload();
    const again = history.requests().find((x) => x.id === r.id);
    ok(again, 'the request is still there');
    strictEqual(JSON.stringify(again), JSON.stringify(r));
    const outcome = await run('revert', { id: r.edits[0].id });
    strictEqual(outcome.status, 'done', outcome.message);
    strictEqual(editor.document.getText(), TOTAL);
  });

  test('Show Diff opens the old and new text side by side', async () => {
    await openWorkspaceFile('fuzzy-edit-fixtures/history-total.js', TOTAL);
    await applyFromClipboard({ text: searchReplace('sum += item.price;', 'sum += item.price * item.qty;'), autoApply: 'normalized' });
    const e = (await lastRequest()).edits[0];
    strictEqual((await run('showDiff', { id: e.id })).status, 'done');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    const input = tab.input as vscode.TabInputTextDiff;
    strictEqual((await vscode.workspace.openTextDocument(input.original)).getText(), 'sum += item.price;');
    strictEqual((await vscode.workspace.openTextDocument(input.modified)).getText(), 'sum += item.price * item.qty;');
  });
});

suite('Fuzzy Edit: git checkpoints (Node host)', () => {
  teardown(cleanSlate);

  test('a batch in a git repository is checkpointed as a shadow commit; the index, HEAD and branches stay as they were; restore brings the files back', async function () {
    if (!gitHost) {
      this.skip();
      return;
    }
    // Inside the workspace folder: edits may name only files in the workspace (the path policy).
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    ok(workspace?.scheme === 'file', 'the workspace folder is on disk');
    const repo = gitHost.tempRepo({ 'src/total.js': TOTAL, 'src/util.js': UTIL, '.gitignore': 'ignored.txt\n' }, workspace.fsPath);
    // code-server saves after a delay by default: "nothing saved" is about Fuzzy Edit, so the host must not save either.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    try {
      repo.write('src/util.js', UTIL + '// staged change\n');
      repo.git('add', 'src/util.js'); // the user's index differs from HEAD
      repo.write('notes.txt', 'untracked notes\n');
      const head = repo.git('rev-parse', 'HEAD');
      const index = repo.indexDigest();
      const status = repo.git('status', '--porcelain');
      const refsBefore = repo.git('for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/tags', 'refs/stash');

      const total = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(repo.path('src/total.js'))), { preview: false });
      const util = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(repo.path('src/util.js'))), { preview: false });
      await typeAtTop(util.document, '// unsaved\n');
      const utilBefore = util.document.getText();
      const text = chatAnswer(
        searchReplace('let sum = 0;', 'let sum = 0, count = 0;', total.document.uri.toString()),
        searchReplace("return 'Hello, ' + name;", 'return `Hello, ${name}!`;', util.document.uri.toString()),
      );
      const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
      strictEqual(outcome.status, 'applied', outcome.message);
      const r = await lastRequest();
      ok(r.checkpointId, 'checkpoint taken');
      const cp = (await api()).history.checkpoint(r.checkpointId!);
      ok(cp && cp.files.every((f) => f.git), 'both files are in a shadow commit');
      const ref = `refs/fuzzy-edit/checkpoints/${cp.id}`;
      const commit = repo.git('rev-parse', ref);
      strictEqual(commit, cp.files[0].git!.commit);
      strictEqual(repo.git('rev-parse', `${ref}^`), head, 'the shadow commit sits on HEAD');
      strictEqual(repo.git('cat-file', 'blob', `${ref}:notes.txt`), 'untracked notes', 'untracked files are in it');
      strictEqual(repo.git('cat-file', 'blob', `${ref}:src/util.js`), utilBefore.trim(), 'the editor text, unsaved change included');

      strictEqual(repo.git('rev-parse', 'HEAD'), head, 'HEAD unchanged');
      strictEqual(repo.indexDigest(), index, "the user's index is byte for byte unchanged");
      strictEqual(repo.git('status', '--porcelain'), status, 'git status unchanged (nothing saved, nothing staged)');
      strictEqual(repo.git('for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/tags', 'refs/stash'), refsBefore, 'no branch, tag or stash');

      const restored = await run('restoreCheckpoint', { id: r.id, confirm: true });
      strictEqual(restored.status, 'done', restored.message);
      strictEqual(total.document.getText(), TOTAL);
      strictEqual(util.document.getText(), utilBefore);
      strictEqual(repo.indexDigest(), index, 'restoring does not touch the index either');

      // Pruned with the history: a smaller fuzzyEdit.history.max drops the request and deletes its ref.
      const history = (await api()).history;
      await openUntitled('one = 1;\n');
      strictEqual((await applyFromClipboard({ text: searchReplace('one = 1;', 'one = 2;'), autoApply: 'normalized' })).status, 'applied');
      const config = vscode.workspace.getConfiguration('fuzzyEdit');
      await config.update('history.max', 1, vscode.ConfigurationTarget.Global);
      try {
        await waitFor(() => history.requests().length === 1, 'the history shrinks to one request');
        await history.flush();
        strictEqual(history.checkpoint(cp.id), undefined, 'the checkpoint is forgotten');
        strictEqual(repo.git('for-each-ref', '--format=%(refname)', 'refs/fuzzy-edit'), '', 'and its ref deleted');
      } finally {
        await config.update('history.max', undefined, vscode.ConfigurationTarget.Global);
      }
    } finally {
      await cleanSlate();
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      repo.remove();
    }
  });
  test('a file git ignores stays out of the shadow commit: its checkpoint is kept in extension storage', async function () {
    if (!gitHost) {
      this.skip();
      return;
    }
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    ok(workspace?.scheme === 'file', 'the workspace folder is on disk');
    const repo = gitHost.tempRepo({ 'src/total.js': TOTAL, '.gitignore': '.env\n' }, workspace.fsPath);
    try {
      repo.write('.env', 'TOKEN=1\n');
      const total = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(repo.path('src/total.js'))), { preview: false });
      const env = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(repo.path('.env'))), { preview: false });
      const text = chatAnswer(
        searchReplace('let sum = 0;', 'let sum = 1;', total.document.uri.toString()),
        searchReplace('TOKEN=1', 'TOKEN=2', env.document.uri.toString()),
      );
      const outcome = await applyFromClipboard({ text, autoApply: 'normalized' });
      strictEqual(outcome.status, 'applied', outcome.message);
      const r = await lastRequest();
      const cp = (await api()).history.checkpoint(r.checkpointId!);
      ok(cp, 'checkpoint taken');
      const byName = (name: string) => cp.files.find((f) => f.uri.endsWith(name))!;
      ok(byName('src/total.js').git, 'the tracked file is in the shadow commit');
      strictEqual(byName('.env').git, undefined, 'the ignored file is not');
      const ref = `refs/fuzzy-edit/checkpoints/${cp.id}`;
      strictEqual(repo.git('ls-tree', '-r', '--name-only', ref).split('\n').includes('.env'), false, '.env is nowhere in the commit');
      const restored = await run('restoreCheckpoint', { id: r.id, confirm: true });
      strictEqual(restored.status, 'done', restored.message);
      strictEqual(env.document.getText(), 'TOKEN=1\n', 'restored from the storage snapshot');
    } finally {
      await cleanSlate();
      repo.remove();
    }
  });
});
