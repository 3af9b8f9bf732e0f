// A long request never holds the editor: edits are resolved one at a time, the extension host is let go between
// them, a request still resolving after a moment shows a cancellable progress notification, and a cancelled
// request changes nothing.
import * as vscode from 'vscode';
import { deepStrictEqual, ok, strictEqual } from './assert';
import { api, applyFromClipboard, chatAnswer, cleanSlate, openUntitled, searchReplace } from './fuzzyEditFixtures';

const TEXT = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
const THREE_EDITS = chatAnswer(
  searchReplace('const a = 1;', 'const a = 10;'),
  searchReplace('const b = 2;', 'const b = 20;'),
  searchReplace('const c = 3;', 'const c = 30;'),
);

async function lastSeq(): Promise<number> {
  const all = (await api()).shownMessages();
  return all[all.length - 1]?.seq ?? 0;
}

suite('Fuzzy Edit: long requests (progress, cancel)', () => {
  teardown(cleanSlate);

  test('a request still resolving after its moment shows a progress notification, then applies every edit', async () => {
    const editor = await openUntitled(TEXT);
    const before = await lastSeq();
    const outcome = await applyFromClipboard({ text: THREE_EDITS, autoApply: 'exact', progressAfterMs: 0 });
    strictEqual(outcome.status, 'applied', outcome.message);
    strictEqual(editor.document.getText(), 'const a = 10;\nconst b = 20;\nconst c = 30;\n');
    const shown = (await api()).shownMessages().filter((m) => (m.seq ?? 0) > before);
    ok(shown.some((m) => m.kind === 'progress' && m.message === 'Fuzzy Edit: resolving 3 edits'), JSON.stringify(shown));
  });

  test('a quick request shows no progress notification', async () => {
    await openUntitled(TEXT);
    const before = await lastSeq();
    const outcome = await applyFromClipboard({ text: THREE_EDITS, autoApply: 'exact' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const shown = (await api()).shownMessages().filter((m) => (m.seq ?? 0) > before);
    ok(!shown.some((m) => m.kind === 'progress'), JSON.stringify(shown));
  });

  test('a request from a command shows a spinner in the status bar while it runs; an API call shows none', async () => {
    const editor = await openUntitled(TEXT);
    const before = await lastSeq();
    const outcome = await applyFromClipboard({ text: THREE_EDITS, autoApply: 'exact' });
    strictEqual(outcome.status, 'applied', outcome.message);
    const shown = (await api()).shownMessages().filter((m) => (m.seq ?? 0) > before);
    deepStrictEqual(
      shown.filter((m) => m.kind === 'busy').map((m) => m.message),
      ['Fuzzy Edit: applying 3 edits'],
      JSON.stringify(shown),
    );
    const afterCommand = await lastSeq();
    const viaApi = await vscode.commands.executeCommand<{ status: string }>('fuzzyEdit.applyEdits', editor.document.uri, [{ oldString: 'const a = 10;', newString: 'const a = 11;' }]);
    strictEqual(viaApi.status, 'applied');
    const shownByApi = (await api()).shownMessages().filter((m) => (m.seq ?? 0) > afterCommand);
    ok(!shownByApi.some((m) => m.kind === 'busy'), JSON.stringify(shownByApi));
  });

  test('a cancelled request changes nothing and says so', async () => {
    const editor = await openUntitled(TEXT);
    const cancel = new vscode.CancellationTokenSource();
    cancel.cancel();
    const outcome = await applyFromClipboard({ text: THREE_EDITS, autoApply: 'exact', token: cancel.token });
    strictEqual(outcome.status, 'cancelled', outcome.message);
    strictEqual(outcome.message, 'Cancelled while resolving; nothing was changed.');
    strictEqual(editor.document.getText(), TEXT, 'nothing written');
  });
});
