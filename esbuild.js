// Builds every artefact with esbuild:
//   dist/core.js            the engine's public API (CommonJS, no platform APIs: Node, browsers, workers)
//   dist/extension.node.js  package.json "main"    (desktop VS Code, code-server: Node extension host)
//   dist/extension.web.js   package.json "browser" (VS Code for the Web: web-worker extension host)
//   dist/engineWorker.{node,web}.js  the engine's worker, started by either (src/extension/engine/)
//   dist/cli.js             the `fuzzy-edit` command (Node)
//   dist/test/{node,web}/index.js  the integration suite, run inside a real VS Code by scripts/host/
// Usage: node esbuild.js [--production] [--watch]
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  format: 'cjs',
  target: 'es2022',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsdiff ships ESM for bundlers; prefer it so only what we use is bundled.
  mainFields: ['module', 'main'],
};

// The integration suite uses mocha's browser build in the web worker and mocha's Node API in Node.
const nodeMochaRunner = {
  name: 'node-mocha-runner',
  setup(build) {
    build.onResolve({ filter: /^\.\/runner$/ }, (args) =>
      args.importer.includes(path.join('test', 'extension')) ? { path: path.resolve('test/extension/runner.node.ts') } : undefined,
    );
  },
};

// Node builds prefer a `.node.ts` sibling of a relative import (src/extension/history/platform.node.ts: git
// checkpoints through child_process; test/extension/gitHost.node.ts); the web build keeps the plain module.
const nodeVariants = {
  name: 'node-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const variant = path.resolve(args.resolveDir, args.path + '.node.ts');
      return fs.existsSync(variant) ? { path: variant } : undefined;
    });
  },
};

// `import * as vscode from 'vscode'` in each of ~30 modules became ~30 copies of the whole API object's ~400
// names when the extension loads (esbuild's __toESM per importer of an external CommonJS module): half of its load
// time. Every importer gets one ES module instead, which re-exports the API once.
const oneVscodeImport = {
  name: 'one-vscode-import',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

const targets = [
  { entryPoints: { core: 'src/core/index.ts' }, outdir: 'dist', platform: 'neutral' },
  { entryPoints: { 'extension.node': 'src/extension/extension.ts' }, outdir: 'dist', platform: 'node', external: ['vscode'], plugins: [oneVscodeImport, nodeVariants] },
  { entryPoints: { 'extension.web': 'src/extension/extension.ts' }, outdir: 'dist', platform: 'browser', external: ['vscode'], plugins: [oneVscodeImport] },
  { entryPoints: { 'engineWorker.node': 'src/extension/engine/node/workerMain.ts' }, outdir: 'dist', platform: 'node' },
  { entryPoints: { 'engineWorker.web': 'src/extension/engine/workerWeb.ts' }, outdir: 'dist', platform: 'browser', format: 'iife' },
  { entryPoints: { cli: 'src/cli/main.ts' }, outdir: 'dist', platform: 'node', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: { index: 'test/extension/index.ts' }, outdir: 'dist/test/web', platform: 'browser', external: ['vscode'], sourcemap: true },
  {
    entryPoints: { index: 'test/extension/index.ts' }, outdir: 'dist/test/node', platform: 'node',
    external: ['vscode', 'mocha'], plugins: [nodeMochaRunner, nodeVariants], sourcemap: true,
  },
].filter((t) => Object.values(t.entryPoints).every((f) => fs.existsSync(f)));

async function main() {
  const contexts = await Promise.all(targets.map((t) => esbuild.context({ ...common, ...t })));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    console.log('esbuild: watching');
    return;
  }
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  if (fs.existsSync('dist/cli.js')) fs.chmodSync('dist/cli.js', 0o755);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
