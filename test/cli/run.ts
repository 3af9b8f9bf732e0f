// Runs the real `fuzzy-edit` entry point through tsx in a child process, for end-to-end tests.
import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'src/cli/main.ts');
// By URL: `--import tsx` would be resolved from the temporary directory the CLI runs in.
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], options: { input?: string; cwd: string }): Run {
  const r = spawnSync(process.execPath, ['--import', TSX, MAIN, ...args], { cwd: options.cwd, input: options.input ?? '', encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI with stdin given as a file descriptor (a FIFO, say); `feed` writes to it while the CLI runs. */
export function cliWithStdin(args: string[], options: { cwd: string; stdin: number; feed: () => Promise<void> }): Promise<Run> {
  const stdio: StdioOptions = [options.stdin, 'pipe', 'pipe'];
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], { cwd: options.cwd, stdio });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
  return options.feed().then(() => done);
}
