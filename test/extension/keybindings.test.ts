// Fuzzy Edit's key bindings must not take a key VS Code already binds (Ctrl+Alt+V was Start Dictation, Ctrl+Alt+Enter
// the find widget's Replace All). Checked against the default keybindings of the VS Code running the suite, as
// "Preferences: Open Default Keyboard Shortcuts (JSON)" lists them.
import * as vscode from 'vscode';
import { ok } from './assert';
import { cleanSlate, EXTENSION_ID } from './fuzzyEditFixtures';

interface Binding {
  key: string;
  command: string;
  when?: string;
  mac?: string;
}

/** Defaults that share a key with ours but can never be live at the same time (their context excludes a text editor). */
const DISJOINT = new Set(['keybindings.editor.defineWhenExpression' /* Ctrl+K Ctrl+E, only in the Keyboard Shortcuts editor's list */]);

suite('key bindings', () => {
  teardown(cleanSlate);

  test("none of Fuzzy Edit's key bindings (nor its chord prefix) is a default VS Code binding", async () => {
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const doc = vscode.window.activeTextEditor?.document;
    ok(doc && /keybindings\.json$/.test(doc.uri.path), `the default keybindings opened (${doc?.uri.toString()})`);
    const text = doc.getText();
    const mac = /^\/\/.*\bfor (Mac|macOS)\b/m.test(text);
    const defaults = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as Binding[];
    ok(defaults.length > 100, `read ${defaults.length} default bindings`);
    const ours = ((vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { keybindings: Binding[] } }).contributes.keybindings)
      .filter((b) => b.key !== 'escape'); // Escape is contextual by design: see its `when` in package.json
    ok(ours.length >= 5, 'our bindings are listed');
    const clashes: string[] = [];
    for (const b of ours) {
      const key = (mac && b.mac ? b.mac : b.key).toLowerCase();
      const prefix = key.split(' ')[0];
      for (const d of defaults) {
        // `when: false` is a binding switched off (a menu entry's key hint), never live.
        if (d.command.startsWith('fuzzyEdit.') || d.command.startsWith('-') || DISJOINT.has(d.command) || d.when === 'false') continue;
        const dk = d.key.toLowerCase();
        if (dk === key || (prefix !== key && dk === prefix)) clashes.push(`${key} (${b.command}) = ${d.key} → ${d.command}${d.when ? ` when ${d.when}` : ''}`);
      }
    }
    ok(clashes.length === 0, `clashes:\n${clashes.join('\n')}`);
  });
});
