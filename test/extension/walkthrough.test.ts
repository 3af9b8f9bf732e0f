// The Getting Started walkthrough and the empty History view point at "Try a Demo Edit": it must open a file
// and an edit that applies, and every image the walkthrough shows must ship with the extension.
import * as vscode from 'vscode';
import type { RequestOutcome } from '../../src/extension/request/outcome';
import { ok, strictEqual } from './assert';
import { cleanSlate, EXTENSION_ID } from './fuzzyEditFixtures';

interface Step {
  id: string;
  description: string;
  media: { image?: string };
}

suite('Getting Started walkthrough', () => {
  teardown(cleanSlate);

  test('Try a Demo Edit opens a file and an edit beside it; Apply applies it (indentation drift) as one undoable change', async () => {
    const scratchUri = await vscode.commands.executeCommand<vscode.Uri>('fuzzyEdit.tryDemo');
    const scratch = await vscode.workspace.openTextDocument(scratchUri);
    strictEqual(scratch.languageId, 'fuzzy-edit');
    const file = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'untitled' && d.languageId === 'javascript' && d.getText().includes('class Cart'));
    ok(file, 'the demo file is open');
    const before = file.getText();
    const outcome = await vscode.commands.executeCommand<RequestOutcome>('fuzzyEdit.applyScratch', scratchUri);
    strictEqual(outcome.status, 'applied', outcome.message);
    ok(file.getText().includes('      sum += item.price * item.quantity;'), `re-indented into the class:\n${file.getText()}`);
    await vscode.window.showTextDocument(file);
    await vscode.commands.executeCommand('undo');
    strictEqual(file.getText(), before, 'one Undo takes it back');
  });

  test('every step names a command that exists and an image that ships; the History view has a welcome text', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    ok(ext, 'the extension is installed');
    const contributes = (ext.packageJSON as { contributes: { walkthroughs: { steps: Step[] }[]; viewsWelcome: { view: string; contents: string }[] } }).contributes;
    const steps = contributes.walkthroughs[0].steps;
    ok(steps.length >= 4, `${steps.length} steps`);
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const step of steps) {
      for (const [, id] of step.description.matchAll(/\(command:([\w.]+)/g)) ok(commands.has(id) || id.endsWith('.focus'), `${step.id}: command ${id} exists`);
      ok(step.media.image, `${step.id} has an image`);
      // Read, not stat: in the web host the extension is served over HTTP, where stat knows no size.
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, step.media.image));
      ok(bytes.length > 1000 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47, `${step.media.image} is a PNG that ships`);
    }
    ok(contributes.viewsWelcome.some((w) => w.view === 'fuzzyEdit.history' && w.contents.includes('command:fuzzyEdit.tryDemo')), 'the empty History view offers the demo');
  });
});
