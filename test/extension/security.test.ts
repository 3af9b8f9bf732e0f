// Issue 10, the editor's side: what a paste or a model writes is untrusted. It never becomes a command link in a
// notification, never closes the hover's code block, never reaches a file outside the workspace or inside .git
// (through the commands or the fuzzy_edit tool), one file under two names is caught, and a binary or mis-decoded
// file is left alone. Every refusal is checked to have changed nothing.
import * as vscode from 'vscode';
import { doesNotMatch, match, ok, strictEqual } from './assert';
import { diskHost } from './diskHost';
import { api, applyFromClipboard, cleanSlate, openUntitled, openWorkspaceFile, searchReplace } from './fuzzyEditFixtures';
import { Decorations } from '../../src/extension/review/decorations';
import { EngineThread } from '../../src/extension/engine/engineThread';
import { EditorTracker } from '../../src/extension/review/editorTracker';
import { Highlights } from '../../src/extension/review/highlights';
import type { HistoryEdit, HistoryRequest } from '../../src/core/history';
import type { HistoryStore } from '../../src/extension/history/store';
import { HistoryTreeProvider } from '../../src/extension/history/tree';
import { FuzzyEditTool, type FuzzyEditToolInput } from '../../src/extension/agent/lmTool';
import type { ShownMessage } from '../../src/extension/messages/notify';
import type { RequestOutcome } from '../../src/extension/request/outcome';
import { PendingEdits } from '../../src/extension/review/pendingEdits';
import { ScratchDocs } from '../../src/extension/review/scratch';

/** VS Code's notification link syntax (src/vs/base/common/linkedText.ts). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const DIR = 'fuzzy-edit-security';

function folder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  ok(f, 'a workspace folder is open');
  return f.uri;
}
const inWorkspace = (rel: string) => vscode.Uri.joinPath(folder(), rel);
const onDisk = () => folder().scheme === 'file';

async function write(uri: vscode.Uri, text: string | Uint8Array): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, typeof text === 'string' ? new TextEncoder().encode(text) : text);
}
async function bytes(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
/** On disk and in any open buffer, `uri` still holds `text`. */
async function unchanged(uri: vscode.Uri, text: string, what: string): Promise<void> {
  strictEqual(await bytes(uri), text, `${what}: unchanged on disk`);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
  if (open) strictEqual(open.getText(), text, `${what}: unchanged in its buffer`);
}

async function remove(uri: vscode.Uri): Promise<void> {
  try {
    await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false });
  } catch {
    // Not there.
  }
}

/** The last message of `kind` the extension handed to VS Code. */
async function lastShown(kind: ShownMessage['kind']): Promise<ShownMessage> {
  const all = (await api()).shownMessages().filter((m) => m.kind === kind);
  ok(all.length > 0, `a ${kind} message was shown`);
  return all[all.length - 1];
}

function patch(...lines: string[]): string {
  return ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
}

/** A path refusal (the path policy), or a refusal while reading the request; either way it says why. */
function refusedForPath(outcome: RequestOutcome, what: string): void {
  strictEqual(outcome.status, 'refused', `${what}: ${outcome.message}`);
  ok(outcome.code === 'unsafe_path' || outcome.code === 'no_edits', `${what}: refused by the path policy, got ${outcome.code}: ${outcome.message}`);
  match(outcome.message, /refused|outside|\.git|not allowed|URI/, `${what}: says why`);
}

suite('Fuzzy Edit: untrusted text never becomes a link', () => {
  teardown(async () => {
    await cleanSlate();
    await remove(inWorkspace(DIR));
  });

  test("a link in a pasted patch's parse error is shown as text", async () => {
    const payload = '[Show closest](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20PWNED%5Cn%22%7D)';
    const outcome = await applyFromClipboard({ text: patch(payload) });
    strictEqual(outcome.status, 'refused');
    match(outcome.message, /Line 2: expected/, 'the parse error quotes the line');
    const shown = await lastShown('error');
    ok(shown.message.includes('[Show closest]\\(command:'), `the link syntax is escaped: ${shown.message}`);
    doesNotMatch(shown.message, LINK, 'no link in the notification');
  });

  test("a link taken as the edit's path, and one in the near-miss line of a refusal, are shown as text", async () => {
    await openUntitled('foo();\n');
    const asPath = await applyFromClipboard({ text: searchReplace('foo();', 'bar();', '[x](command:fuzzyEdit.applyAllPending?/)') });
    strictEqual(asPath.status, 'refused', asPath.message);
    ok(asPath.message.includes('[x](command:'), 'the outcome keeps the text as written');
    doesNotMatch((await lastShown('error')).message, LINK, 'the path in the notification is no link');

    const file = 'function a() {\n  const x = 1;\n  // [Apply All](command:fuzzyEdit.applyAllPending)\n  return x;\n}\n';
    const editor = await openWorkspaceFile(`${DIR}/near.js`, file);
    const old = 'function a() {\n  const x = 1;\n  // [Apply All](command:fuzzyEdit.applyAllPending) and much more text here\n  return x + 1000;\n  extra();\n}';
    const nearMiss = await applyFromClipboard({ text: searchReplace(old, 'z', `${DIR}/near.js`) });
    strictEqual(nearMiss.code, 'not_found', nearMiss.message);
    match(nearMiss.message, /First difference at line 3: .*\[Apply All\]\(command:/, 'the refusal quotes the line');
    const shown = await lastShown('error');
    ok(shown.message.includes('[Apply All]\\(command:'), `the toast quotes the file's line, escaped: ${shown.message}`);
    doesNotMatch(shown.message, LINK, 'the quoted line in the notification is no link');
    strictEqual(editor.document.getText(), file, 'nothing changed');
  });
});

suite('Fuzzy Edit: the hover code block cannot be closed by the file', () => {
  teardown(cleanSlate);

  test('a fence and a command link inside the diff stay inside one code block; the only links are the hover’s own', async () => {
    const file = ['function doc() {', '  return `', '```', '[Reject](command:fuzzyEdit.applyAllPending "Drop this edit")', '````', '`;', '}', ''].join('\n');
    const editor = await openUntitled(file, 'plaintext');
    const old = file.replace('function doc() {', 'function  doc()  {').replace(/\n$/, '');
    const outcome = await applyFromClipboard({ text: searchReplace(old, old.replace('return', 'return /* x */')), autoApply: 'never' });
    strictEqual(outcome.status, 'pending', outcome.message);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(0, 3));
    const md = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).find((v) => v.includes('Fuzzy Edit: pending edit')) ?? '';
    // Every diff block (what will be written, the old text against the file) is closed by its own fence, and no
    // line inside closes it early; outside the blocks, the file's link never appears.
    let rest = md;
    let blocks = 0;
    let linkInside = false;
    for (let open = /\n(`{3,})diff\n/.exec(rest); open; open = /\n(`{3,})diff\n/.exec(rest)) {
      const fence = open[1];
      const body = rest.slice(open.index + open[0].length);
      const end = body.indexOf(`\n${fence}\n`);
      ok(end >= 0, 'the block is closed by its own fence');
      const inside = body.slice(0, end);
      linkInside ||= inside.includes('[Reject](command:fuzzyEdit.applyAllPending');
      // CommonMark: a line of up to 3 spaces and at least as many backticks as the fence closes it.
      const closes = new RegExp('^ {0,3}`{' + fence.length + ',}[ \\t]*$');
      ok(!inside.split('\n').some((l) => closes.test(l)), `no line inside closes the block (fence ${fence.length})`);
      rest = rest.slice(0, open.index) + '\n' + body.slice(end + fence.length + 2);
      blocks++;
    }
    ok(blocks > 0, `a diff code block: ${md}`);
    ok(linkInside, 'the link from the file is inside a block');
    ok(!rest.includes('command:fuzzyEdit.applyAllPending "Drop'), `outside the blocks, no link from the file: ${rest}`);
    const commands = [...rest.matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]);
    strictEqual(commands.join(','), 'fuzzyEdit.applyPending,fuzzyEdit.applyAllPending,fuzzyEdit.rejectPending,fuzzyEdit.showDiff', 'only the hover’s own links');
    strictEqual(editor.document.getText(), file, 'nothing applied');
  });
});

suite('Fuzzy Edit: the history view shows file names and edits as text', () => {
  test('a tooltip keeps a fenced edit in its code block and a link-shaped file name as text', () => {
    const fence = '```\n[Apply All](command:fuzzyEdit.applyAllPending)\n ````';
    const edit: HistoryEdit = {
      id: 'r.0', requestId: 'r', uri: 'file:///w/%5Bx%5D(command%3Afoo).md', time: 0, tier: 'exact', score: 1,
      oldText: fence, newText: `${fence}\n`, start: 0, end: 1, startLine: 0, endLine: 0, before: '', after: '',
    };
    const request: HistoryRequest = { id: 'r', time: 0, edits: [edit] };
    const store = { requests: [request], request: () => request, edit: () => edit, checkpoint: () => undefined } as unknown as HistoryStore;
    const tree = new HistoryTreeProvider(() => store);
    const editTip = tree.getTreeItem({ type: 'edit', id: 'r.0' }).tooltip;
    ok(editTip instanceof vscode.MarkdownString);
    strictEqual(editTip.isTrusted, undefined, 'an untrusted tooltip: no command runs from it');
    const blocks = [...editTip.value.matchAll(/^(`{3,})text\n([\s\S]*?)\n\1$/gm)];
    strictEqual(blocks.length, 2, `the old and the new text, each one block: ${editTip.value}`);
    for (const b of blocks) {
      ok(b[2].includes('[Apply All](command:'), 'the link is inside a block');
      // CommonMark: a line of up to 3 spaces and at least as many backticks as the fence closes it.
      const closes = new RegExp('^ {0,3}`{' + b[1].length + ',}[ \\t]*$');
      ok(!b[2].split('\n').some((l) => closes.test(l)), `no line inside closes the block (fence ${b[1].length})`);
    }
    const requestTip = tree.getTreeItem({ type: 'request', id: 'r' }).tooltip;
    ok(requestTip instanceof vscode.MarkdownString);
    ok(requestTip.value.includes('\\[x\\]\\(command\\:foo\\)'), `the file name is escaped: ${requestTip.value}`);
    tree.dispose();
  });
});

/** The tool, outside chat, through vscode.lm.invokeTool; undefined where the host has no LM tool API. */
async function invokeTool(input: object): Promise<string | undefined> {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.invokeTool !== 'function' || !(lm.tools ?? []).some((t) => t.name === 'fuzzy_edit')) return undefined;
  const result = await vscode.lm.invokeTool('fuzzy_edit', { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p && typeof (p as { value?: unknown }).value === 'string' ? (p as { value: string }).value : '')).join('');
}

suite('Fuzzy Edit: paths outside the workspace or inside .git are refused', () => {
  const outsideName = `fuzzy-edit-outside-${Math.random().toString(36).slice(2)}.txt`;
  const outside = () => vscode.Uri.joinPath(folder(), '..', outsideName);
  const OUTSIDE_TEXT = 'secret = 1;\n';
  const nestedGit = () => inWorkspace(`${DIR}/sub/.git/config`);
  const GIT_CONFIG = '[core]\n\tbare = false\n';

  suiteSetup(async () => {
    await api();
    if (onDisk()) await write(outside(), OUTSIDE_TEXT);
  });
  setup(async () => {
    await write(nestedGit(), GIT_CONFIG);
  });
  teardown(async () => {
    await cleanSlate();
    await remove(inWorkspace(DIR));
  });
  suiteTeardown(async () => {
    if (onDisk()) await remove(outside());
  });

  /** Every path form of the issue, and what the file (if it exists) must still hold. */
  function forms(): { path: string; uri?: vscode.Uri; text?: string }[] {
    const list: { path: string; uri?: vscode.Uri; text?: string }[] = [
      { path: `../${outsideName}` },
      { path: `${DIR}/../../${outsideName}` },
      { path: `..\\${outsideName}` },
      { path: 'vscode-userdata:/User/settings.json' },
      { path: '.git/config' },
      { path: `${DIR}/sub/.git/config`, uri: nestedGit(), text: GIT_CONFIG },
      { path: `${DIR}/sub/.GIT/config`, uri: nestedGit(), text: GIT_CONFIG },
    ];
    if (onDisk()) {
      list.push({ path: outside().fsPath }, { path: outside().toString() });
      for (const l of list) if (!l.uri && l.path.includes(outsideName)) Object.assign(l, { uri: outside(), text: OUTSIDE_TEXT });
    } else list.push({ path: 'C:\\Windows\\win.ini' }, { path: 'file:///etc/hostname' });
    return list;
  }

  test('the commands refuse every form, changing nothing', async () => {
    const bystander = await openUntitled('secret = 1;\n[core]\n\tbare = false\n');
    for (const f of forms()) {
      const old = f.text === GIT_CONFIG ? '\tbare = false' : 'secret = 1;';
      const outcome = await applyFromClipboard({ text: patch(`*** Update File: ${f.path}`, '@@', `-${old}`, `+${old.replace(/1|false/, 'PWNED')}`) });
      refusedForPath(outcome, f.path);
      if (f.uri) await unchanged(f.uri, f.text!, f.path);
      strictEqual(bystander.document.getText(), 'secret = 1;\n[core]\n\tbare = false\n', `${f.path}: the active editor is untouched`);
    }
    ok(!vscode.workspace.textDocuments.some((d) => d.uri.path.endsWith('/.git/config') && d.isDirty), 'no .git/config buffer was changed');
  });

  test('open documents outside the workspace are refused when an edit names them: the user settings, a file by bare name', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    const settings = vscode.window.activeTextEditor?.document;
    // vscode-userdata: in the web host, a file: URI outside the workspace in code-server.
    ok(settings && !settings.uri.toString().startsWith(folder().toString()), `the user settings are open: ${settings?.uri.toString()}`);
    const before = settings.getText();
    const byUri = await applyFromClipboard({ text: patch(`*** Update File: ${settings.uri.toString()}`, '@@', `-${before.split('\n')[0]}`, '+{ "x": 1,') });
    refusedForPath(byUri, settings.uri.toString());
    strictEqual(settings.getText(), before, 'the settings are untouched');
    if (onDisk()) {
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(outside()), { preview: false });
      const bare = await applyFromClipboard({ text: searchReplace('secret = 1;', 'secret = 2;', outsideName), autoApply: 'exact' });
      strictEqual(bare.status, 'refused', `a bare name no longer reaches an open document outside the workspace: ${bare.message}`);
      strictEqual(editor.document.getText(), OUTSIDE_TEXT);
    }
  });

  test('the fuzzy_edit tool refuses every form, changing nothing', async function () {
    if ((await invokeTool({})) === undefined) {
      console.log('    [skip] no LM tool API in this host');
      this.skip();
    }
    for (const f of forms()) {
      const old = f.text === GIT_CONFIG ? '\tbare = false' : 'secret = 1;';
      const result = (await invokeTool({ filePath: f.path, oldString: old, newString: 'PWNED' }))!;
      match(result, /^Refused: .*(is refused|outside|\.git)/, `${f.path}: ${result}`);
      if (f.uri) await unchanged(f.uri, f.text!, f.path);
    }
  });

  test('creating .git/hooks/pre-commit (at the top or deeper) is refused; nothing is created', async () => {
    for (const path of ['.git/hooks/pre-commit', `${DIR}/sub/.git/hooks/pre-commit`]) {
      const outcome = await applyFromClipboard({ text: patch(`*** Add File: ${path}`, '+#!/bin/sh', '+echo PWNED'), confirmFiles: true });
      refusedForPath(outcome, path);
      strictEqual(await exists(inWorkspace(path)), false, `${path} was not created`);
    }
    strictEqual(await bytes(nestedGit()), GIT_CONFIG);
  });

  test('a new file and a move onto its name in one request: both refused (the shared batch check), nothing happens', async () => {
    await write(inWorkspace(`${DIR}/old.js`), 'old();\n');
    const text = patch(`*** Add File: ${DIR}/new.js`, '+created();', `*** Update File: ${DIR}/old.js`, `*** Move to: ${DIR}/new.js`, '@@', '-old();', '+moved();');
    const outcome = await applyFromClipboard({ text, confirmFiles: true, applyRest: false });
    strictEqual(outcome.status, 'refused', outcome.message);
    const ops = outcome.edits.filter((e) => e.operation);
    strictEqual(ops.map((e) => `${e.operation}:${e.code}`).join(','), 'create:conflict,rename:conflict', 'the create and the move');
    strictEqual(await exists(inWorkspace(`${DIR}/new.js`)), false, 'nothing created');
    await unchanged(inWorkspace(`${DIR}/old.js`), 'old();\n', 'old.js');
  });

  test('moving or deleting into or out of .git, or out of the workspace, is refused', async () => {
    await write(inWorkspace(`${DIR}/a.txt`), 'a\n');
    const moves = [
      patch(`*** Update File: ${DIR}/a.txt`, `*** Move to: ${DIR}/sub/.git/hooks/post-checkout`, '@@', '-a', '+b'),
      patch(`*** Update File: ${DIR}/a.txt`, `*** Move to: ../${outsideName}.moved`, '@@', '-a', '+b'),
      patch(`*** Delete File: ${DIR}/sub/.git/config`),
    ];
    for (const text of moves) {
      const outcome = await applyFromClipboard({ text, confirmFiles: true, applyRest: false });
      strictEqual(outcome.status, 'refused', outcome.message);
      ok(outcome.edits.some((e) => e.code === 'unsafe_path'), `a path refusal: ${outcome.message}`);
    }
    strictEqual(await bytes(nestedGit()), GIT_CONFIG, '.git/config is still there, unchanged');
    strictEqual(await exists(inWorkspace(`${DIR}/sub/.git/hooks/post-checkout`)), false);
  });
});

suite('Fuzzy Edit: symbolic links and one file under two names (Node host)', () => {
  const outsideName = `fuzzy-edit-outside-dir-${Math.random().toString(36).slice(2)}`;
  const outsideDir = () => vscode.Uri.joinPath(folder(), '..', outsideName);
  suiteSetup(function () {
    if (!diskHost || !onDisk()) {
      console.log('    [skip] symbolic links need the Node host and a folder on disk');
      this.skip();
    }
  });
  teardown(async () => {
    await cleanSlate();
    await remove(inWorkspace(DIR));
    await remove(outsideDir());
  });

  test('a file and a symlink to it edited in one request: refused as one file under two names, nothing changes', async () => {
    await write(inWorkspace(`${DIR}/one.txt`), 'one\ntwo\n');
    diskHost!.symlink(inWorkspace(`${DIR}/one.txt`).fsPath, inWorkspace(`${DIR}/two.txt`).fsPath);
    const text = [searchReplace('one', 'ONE', `${DIR}/one.txt`), searchReplace('two', 'TWO', `${DIR}/two.txt`)].join('\n\n');
    const outcome = await applyFromClipboard({ text, autoApply: 'exact' });
    strictEqual(outcome.status, 'refused', outcome.message);
    strictEqual(outcome.code, 'conflict');
    match(outcome.message, /one\.txt and .*two\.txt are one file/);
    await unchanged(inWorkspace(`${DIR}/one.txt`), 'one\ntwo\n', 'one.txt');
    ok(!vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.path.includes(DIR)), 'no buffer changed');
  });

  test('a symlink (file or folder) leading out of the workspace is refused for edits and new files', async () => {
    await write(vscode.Uri.joinPath(outsideDir(), 'target.txt'), 'secret = 1;\n');
    await vscode.workspace.fs.createDirectory(inWorkspace(DIR));
    diskHost!.symlink(vscode.Uri.joinPath(outsideDir(), 'target.txt').fsPath, inWorkspace(`${DIR}/link.txt`).fsPath);
    diskHost!.symlink(outsideDir().fsPath, inWorkspace(`${DIR}/linkdir`).fsPath);
    const edit = await applyFromClipboard({ text: searchReplace('secret = 1;', 'secret = 2;', `${DIR}/link.txt`), autoApply: 'exact' });
    strictEqual(edit.code, 'unsafe_path', edit.message);
    match(edit.message, /symbolic link leads it out of the workspace/);
    const create = await applyFromClipboard({ text: patch(`*** Add File: ${DIR}/linkdir/new.txt`, '+hello'), confirmFiles: true });
    strictEqual(create.code, 'unsafe_path', create.message);
    strictEqual(await exists(vscode.Uri.joinPath(outsideDir(), 'new.txt')), false, 'nothing created outside');
    await unchanged(vscode.Uri.joinPath(outsideDir(), 'target.txt'), 'secret = 1;\n', 'the target outside');
  });
});

suite('Fuzzy Edit: binary and mis-decoded files are left alone', () => {
  teardown(async () => {
    await cleanSlate();
    await remove(inWorkspace(DIR));
  });

  test('a document with NUL characters is refused', async () => {
    const editor = await openUntitled('a\u0000b\nfoo();\n');
    const outcome = await applyFromClipboard({ text: searchReplace('foo();', 'bar();') });
    strictEqual(outcome.code, 'not_text', outcome.message);
    strictEqual(editor.document.getText(), 'a\u0000b\nfoo();\n');
  });

  test('a Latin-1 file read as UTF-8 is refused byte for byte untouched', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a, ...new TextEncoder().encode('foo();\n')]);
    const uri = inWorkspace(`${DIR}/latin1.txt`);
    await write(uri, latin1);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    if (!doc.getText().includes('\uFFFD')) {
      console.log(`    [note] this host decoded the file as ${(doc as { encoding?: string }).encoding}: nothing to refuse`);
      return;
    }
    const outcome = await applyFromClipboard({ text: searchReplace('foo();', 'bar();', `${DIR}/latin1.txt`) });
    strictEqual(outcome.code, 'not_text', outcome.message);
    strictEqual(doc.isDirty, false, 'the buffer is untouched');
    const after = await vscode.workspace.fs.readFile(uri);
    strictEqual([...after].join(','), [...latin1].join(','), 'the bytes are untouched');
  });
});

suite('Fuzzy Edit: the fuzzy_edit tool asks before it edits', () => {
  const services = {
    pending: new PendingEdits(),
    highlights: new Highlights(),
    tracker: new EditorTracker(),
    scratch: new ScratchDocs(),
    // The engine on the extension host's thread (the worker's answers are the same: test/unit/engineThread.test.ts).
    engine: new EngineThread(() => undefined),
  } as Partial<import('../../src/extension/services').Services>;
  services.decorations = new Decorations(services.pending!, services.highlights!);
  const tool = new FuzzyEditTool(services as import('../../src/extension/services').Services);
  const none = new vscode.CancellationTokenSource().token;
  teardown(async () => {
    services.pending!.clear();
    await cleanSlate();
    await remove(inWorkspace(DIR));
    await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(() => {
    for (const s of Object.values(services)) (s as { dispose?: () => void }).dispose?.();
  });

  test('in chat, a call VS Code showed no confirmation for (its preview was refused) never applies at once: it waits for review', async () => {
    const input: FuzzyEditToolInput = { filePath: `${DIR}/late.js`, oldString: 'late();', newString: 'PWNED();' };
    const prepared = await tool.prepareInvocation({ input, chatRequestId: 'r1' } as vscode.LanguageModelToolInvocationPrepareOptions<FuzzyEditToolInput>, none);
    strictEqual(prepared?.confirmationMessages, undefined, 'the preview is refused: no file yet, no confirmation');
    // The file appears between the confirmation step and the call.
    await write(inWorkspace(`${DIR}/late.js`), 'late();\n');
    const result = await tool.invoke({ input, toolInvocationToken: {} } as unknown as vscode.LanguageModelToolInvocationOptions<FuzzyEditToolInput>, none);
    const text = result.content.map((p) => (p as { value?: string }).value ?? '').join('');
    match(text, /^Proposed for review in .*late\.js/, text);
    strictEqual(services.pending!.size, 1, 'it waits for review');
    strictEqual((await vscode.workspace.openTextDocument(inWorkspace(`${DIR}/late.js`))).getText(), 'late();\n', 'nothing applied');
  });

  test('a confirmed call applies; the confirmation escapes file names (markdown built by the extension)', async () => {
    await write(inWorkspace(`${DIR}/[x](command:fuzzyEdit.applyAllPending).js`), 'ok();\n');
    const input: FuzzyEditToolInput = { filePath: `${DIR}/[x](command:fuzzyEdit.applyAllPending).js`, oldString: 'ok();', newString: 'fine();' };
    const prepared = await tool.prepareInvocation({ input, chatRequestId: 'r2' } as vscode.LanguageModelToolInvocationPrepareOptions<FuzzyEditToolInput>, none);
    const message = prepared?.confirmationMessages?.message;
    ok(message instanceof vscode.MarkdownString, 'a confirmation, in markdown built by the extension');
    match(message.value, /The file is not open in an editor\\?\./, 'it says the file is not open');
    ok(message.value.includes('\\[x\\]\\(command\\:'), `the file name is escaped: ${message.value}`);
    doesNotMatch(message.value, /(^|[^\\])\[x\]\(command:/, 'no link syntax left');
    strictEqual(message.isTrusted, undefined, 'not trusted: no command runs from it');
    const result = await tool.invoke({ input, toolInvocationToken: {} } as unknown as vscode.LanguageModelToolInvocationOptions<FuzzyEditToolInput>, none);
    match(result.content.map((p) => (p as { value?: string }).value ?? '').join(''), /^Applied to /);
    const doc = await vscode.workspace.openTextDocument(inWorkspace(`${DIR}/[x](command:fuzzyEdit.applyAllPending).js`));
    await vscode.window.showTextDocument(doc); // so that cleanSlate reverts it
    strictEqual(doc.getText(), 'fine();\n');
  });

  test('files hidden by files.exclude are refused to the tool (the commands still edit them)', async () => {
    await vscode.workspace.getConfiguration('files').update('exclude', { '**/fuzzy-edit-hidden': true }, vscode.ConfigurationTarget.Global);
    await write(inWorkspace(`${DIR}/fuzzy-edit-hidden/x.js`), 'x();\n');
    const input: FuzzyEditToolInput = { filePath: `${DIR}/fuzzy-edit-hidden/x.js`, oldString: 'x();', newString: 'y();' };
    const result = await tool.invoke({ input, toolInvocationToken: undefined } as unknown as vscode.LanguageModelToolInvocationOptions<FuzzyEditToolInput>, none);
    match(result.content.map((p) => (p as { value?: string }).value ?? '').join(''), /^Refused: .*files\.exclude hides it/);
    strictEqual(await bytes(inWorkspace(`${DIR}/fuzzy-edit-hidden/x.js`)), 'x();\n');
    const viaCommand = await applyFromClipboard({ text: searchReplace('x();', 'y();', `${DIR}/fuzzy-edit-hidden/x.js`), autoApply: 'exact' });
    strictEqual(viaCommand.status, 'applied', viaCommand.message);
  });
});
