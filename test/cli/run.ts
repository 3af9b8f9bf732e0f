// Runs `fuzzy-edit` for end-to-end tests: arguments, stdin and a working directory in; exit status, stdout and
// stderr out, with the files on disk as the CLI left them.
//
// `cli` runs it in this process through runCli, the function the real entry point (src/cli/main.ts) hands the
// process to: the same code on the same disk, so the same outcome, at a fraction of a child's start-up, and
// visible to coverage and to mutation testing (whose active mutant lives in this process only). What only the
// real process shows — main.ts reading stdin as a stream and setting the exit status, the bundle — is checked by
// `cliProcess` and `cliWithStdin` (test/cli/main.test.ts, the FIFO test of safety.test.ts).
// FUZZY_EDIT_CLI_CHILD=1 sends every `cli` call to the child process as well, to run the whole suite that way.
import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { runCli } from '../../src/cli/run';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'src/cli/main.ts');
let bundle: string | undefined;

/**
 * The CLI bundled from the current sources (built on first use, removed when the test process ends): esbuild
 * takes a fraction of a second, where compiling the sources in every child with tsx takes most of one each.
 */
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

export interface CliOptions {
  input?: string;
  cwd: string;
}

/** The CLI on `input` as stdin (not a terminal), in `cwd`. */
export async function cli(args: string[], options: CliOptions): Promise<Run> {
  if (process.env.FUZZY_EDIT_CLI_CHILD) return cliProcess(args, options);
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, {
    cwd: options.cwd,
    readStdin: async () => options.input ?? '',
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { isTTY: false, write: (text: string) => (stderr += text) },
  });
  return { status, stdout, stderr };
}

/** The real entry point, bundled, in a child process: its exit status is the process's. */
export function cliProcess(args: string[], options: CliOptions): Run {
  const r = spawnSync(process.execPath, [entry(), ...args], { cwd: options.cwd, input: options.input ?? '', encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The real entry point with stdin given as a file descriptor (a FIFO, say); `feed` writes to it while the CLI runs. */
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
