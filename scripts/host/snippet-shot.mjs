// The README's screenshot of a pending snippet apply, taken from a real VS Code (code-server) in headless
// Chromium: media/snippet.png — a bare code block from a chat answer (the new code only, with
// `// ... existing code ...`) applied from the clipboard to demo/src/cart.ts, waiting for review.
// Usage: node scripts/host/snippet-shot.mjs   (tools installed by scripts/host/install.sh code-server, build done)
import path from 'node:path';
import { withWorkbench } from './screenshot.mjs';
import { ROOT } from './lib.mjs';

const SNIPPET = [
  '```ts',
  'add(item: LineItem): void {',
  '  if (item.quantity <= 0) throw new RangeError(`bad quantity for ${item.sku}`);',
  '  // ... existing code ...',
  '}',
  '```',
].join('\n');

await withWorkbench({ host: 'code-server', folder: path.join(ROOT, 'demo'), width: 1360, height: 860 }, async (wb) => {
  await wb.openFile('src/cart.ts');
  await wb.setClipboard(SNIPPET);
  await wb.runCommand('Fuzzy Edit: Apply Edit from Clipboard');
  await wb.settle(2500);
  const line = wb.page.locator('.view-line', { hasText: 'const existing = this.items.get' }).first();
  const box = await line.boundingBox({ timeout: 10000 }).catch(() => null);
  if (box) {
    await wb.page.mouse.move(box.x + 120, box.y + box.height / 2);
    await wb.page.waitForSelector('.monaco-hover:not(.hidden)', { timeout: 15000 }).catch(() => {});
    await wb.settle(1500);
  }
  await wb.shot(path.join(ROOT, 'media/snippet.png'));
});
