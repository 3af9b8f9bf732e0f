// demo/try-me.md promises what each of its edits does (applies at once, waits for review, refused as
// ambiguous, refused with the closest place). This suite runs every block through "Apply Edit from
// Clipboard" (text passed as an argument) against a copy of demo/ (scripts/host/run.sh puts it at
// <workspace>/demo/), so the walkthrough stays true as the engine changes.
import * as vscode from 'vscode';
import type { RequestOutcome } from '../../src/extension/request/outcome';
import { ok, strictEqual } from './assert';
import { cleanSlate } from './fuzzyEditFixtures';

interface DemoEdit {
  heading: string;
  block: string;
  expect: { status: RequestOutcome['status']; code?: string };
}

function demoUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, 'demo', ...parts);
}

/** The numbered sections of try-me.md with their ```text block and the outcome the heading promises. */
function demoEdits(markdown: string): DemoEdit[] {
  const out: DemoEdit[] = [];
  for (const section of markdown.split(/^## /m).slice(1)) {
    const heading = section.split('\n', 1)[0].trim();
    const block = /```text\n([\s\S]*?)```/.exec(section)?.[1];
    if (!/^\d+\./.test(heading) || !block) continue;
    const expect: DemoEdit['expect'] = /applies at once/i.test(heading) ? { status: 'applied' }
      : /waits for review/i.test(heading) ? { status: 'pending' }
        : /ambiguous/i.test(heading) ? { status: 'refused', code: 'ambiguous' }
          : /not in the file/i.test(heading) ? { status: 'refused', code: 'not_found' }
            : { status: 'cancelled' /* unknown promise: fails below */ };
    // The path lines are relative to demo/, which is a subfolder here.
    out.push({ heading, block: block.replace(/^(src\/\S+)$/m, 'demo/$1'), expect });
  }
  return out;
}

suite('demo/try-me.md does what it says', () => {
  let edits: DemoEdit[] = [];

  suiteSetup(async () => {
    const md = new TextDecoder().decode(await vscode.workspace.fs.readFile(demoUri('try-me.md')));
    edits = demoEdits(md);
    ok(edits.length >= 7, `expected the 7 numbered edits in try-me.md, found ${edits.length}`);
  });

  teardown(cleanSlate);

  test('every numbered edit has the outcome its heading promises', async () => {
    for (const e of edits) {
      const before = new Map<string, string>();
      for (const f of ['src/cart.ts', 'src/server.py', 'src/legacy.js']) {
        before.set(f, (await vscode.workspace.openTextDocument(demoUri(f))).getText());
      }
      const outcome = await vscode.commands.executeCommand<RequestOutcome>('fuzzyEdit.applyFromClipboard', { text: e.block, autoApply: 'normalized' });
      ok(outcome, `${e.heading}: the command returned nothing`);
      strictEqual(outcome.status, e.expect.status, `${e.heading}: status (${outcome.message})`);
      if (e.expect.code) strictEqual(outcome.code ?? outcome.edits[0]?.code, e.expect.code, `${e.heading}: refusal code`);
      const file = /^demo\/(src\/\S+)$/m.exec(e.block)?.[1];
      ok(file, `${e.heading}: no path line`);
      const doc = await vscode.workspace.openTextDocument(demoUri(file));
      if (e.expect.status === 'applied') {
        ok(doc.getText() !== before.get(file), `${e.heading}: ${file} did not change`);
        if (file.endsWith('legacy.js')) {
          strictEqual(doc.eol, vscode.EndOfLine.CRLF, `${e.heading}: legacy.js keeps CRLF`);
          ok(!/[^\r]\n/.test(doc.getText()), `${e.heading}: no bare LF in legacy.js`);
        }
      } else {
        strictEqual(doc.getText(), before.get(file), `${e.heading}: ${file} must not change yet`);
      }
      await cleanSlate();
    }
  });
});
