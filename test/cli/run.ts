// Runs the real `fuzzy-edit` entry point in a child process, for end-to-end tests. The CLI's sources are bundled
// once per test run with esbuild (a fraction of a second) instead of compiling them in every child with tsx
// (most of a second each): the same code, so the same behaviour, at a tenth of the start-up.
import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'src/cli/main.ts');
let bundle: string | undefined;

/** The CLI bundled from the current sources (built on first use, removed when the test process ends). */
function entry(): string {
  if (bundle) return bundle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-cli-bundle-'));
  const out = path.join(dir, 'cli.js');
  buildSync({ entryPoints: [MAIN], outfile: out, bundle: true, platform: 'node', format: 'cjs', target: 'es2022', mainFields: ['module', 'main'], logLevel: 'error' });
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return (bundle = out);
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], options: { input?: string; cwd: string }): Run {
  const r = spawnSync(process.execPath, [entry(), ...args], { cwd: options.cwd, input: options.input ?? '', encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI with stdin given as a file descriptor (a FIFO, say); `feed` writes to it while the CLI runs. */
export function cliWithStdin(args: string[], options: { cwd: string; stdin: number; feed: () => Promise<void> }): Promise<Run> {
  const stdio: StdioOptions = [options.stdin, 'pipe', 'pipe'];
  const child = spawn(process.execPath, [entry(), ...args], { cwd: options.cwd, stdio });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
  return options.feed().then(() => done);
}
