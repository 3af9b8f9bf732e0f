// The `fuzzy-edit` command (built to dist/cli.js): runCli wired to the real process. Node only; the engine it
// drives is src/core.
import { BadInput } from './exit';
import { runCli } from './run';

let stdin: Promise<string> | undefined;

/**
 * All of stdin, read once as a stream (`apply` may look at the same input twice: as edits, then as a bare code
 * block). A stream, because a pipe whose writer is slow (or a non-blocking descriptor inherited from the parent)
 * has no data *yet*, which a single synchronous read reports as EAGAIN instead of waiting.
 */
function readStdin(): Promise<string> {
  // Waiting on a terminal for edits nobody is typing would look like a hang.
  if (process.stdin.isTTY) throw new BadInput('No input: pipe edits into stdin or name files to read them from (see --help).');
  return (stdin ??= readAll());
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

runCli(process.argv.slice(2), { cwd: process.cwd(), readStdin, stdout: process.stdout, stderr: process.stderr }).then((code) => (process.exitCode = code));
