// The README's screenshots, taken from a real VS Code (code-server) in headless Chromium:
//   media/review.png  an edit from demo/try-me.md waiting for review (highlight, CodeLens, status bar)
//   media/hover.png   the hover that explains the match, with its diff and Apply · Apply All · Reject · Show Diff
//   media/applied.png the same edit applied; media/history.png the Fuzzy Edit History view; media/undone.png after one Undo
// Usage: node scripts/host/readme-shots.mjs   (tools installed by scripts/host/install.sh code-server, build done)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withWorkbench } from './screenshot.mjs';
import { ROOT } from './lib.mjs';

/** The fenced edit under heading `## N.` of try-me.md. */
function demoEdit(n) {
  const text = readFileSync(path.join(ROOT, 'demo/try-me.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith(`${n}.`));
  return /```text\n([\s\S]*?)```/.exec(section)[1];
}

await withWorkbench({ host: 'code-server', folder: path.join(ROOT, 'demo'), width: 1360, height: 860 }, async (wb) => {
  await wb.openFile('src/cart.ts');
  await wb.setClipboard(demoEdit(3));
  await wb.runCommand('Fuzzy Edit: Apply Edit from Clipboard');
  await wb.settle(2500);
  await wb.shot(path.join(ROOT, 'media/review.png'));
  // Hover the last lines of the highlighted span: the hover opens above, with room for the diff.
  const line = wb.page.locator('.view-line', { hasText: 'this.items.set(item.sku' }).first();
  const box = await line.boundingBox();
  await wb.page.mouse.move(box.x + 120, box.y + box.height / 2);
  await wb.page.waitForSelector('.monaco-hover:not(.hidden)', { timeout: 15000 }).catch(() => {});
  await wb.settle(1500);
  await wb.shot(path.join(ROOT, 'media/hover.png'));
  // The hover scrolls: show its diff of the old text as given against the file.
  const hover = await wb.page.locator('.monaco-hover:not(.hidden)').first().boundingBox();
  if (hover) {
    await wb.page.mouse.move(hover.x + 200, hover.y + hover.height - 40);
    await wb.page.mouse.wheel(0, 140);
    await wb.settle(800);
    await wb.shot(path.join(ROOT, 'media/hover-diff.png'));
  }
  // Then as a user: click the CodeLens's Apply (one WorkspaceEdit), look, undo once.
  await wb.page.mouse.move(5, 400);
  await wb.settle(500);
  await wb.page.locator('.codelens-decoration a', { hasText: 'Apply' }).first().click();
  await wb.settle(2000);
  await wb.shot(path.join(ROOT, 'media/applied.png'));
  // The Explorer's Fuzzy Edit History: the request and its edit, with the item's actions on hover.
  await wb.page.locator('.pane-header', { hasText: 'Fuzzy Edit History' }).first().click();
  await wb.settle(1500);
  const historyPane = wb.page.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: 'Fuzzy Edit History' }) }).first();
  await historyPane.locator('.monaco-list-row').first().click().catch(() => {});
  await wb.page.keyboard.press('ArrowRight');
  await wb.settle(800);
  await historyPane.locator('.monaco-list-row').nth(1).hover().catch(() => {});
  await wb.settle(800);
  await wb.shot(path.join(ROOT, 'media/history.png'));
  // Back to the editor (a click on the text) for the undo.
  await wb.page.locator('.view-line', { hasText: 'private readonly items' }).first().click();
  await wb.settle(500);
  await wb.page.keyboard.press('Control+z');
  await wb.settle(1500);
  await wb.shot(path.join(ROOT, 'media/undone.png'));
});
console.log('wrote media/review.png and media/hover.png');
