// The `fuzzy-edit` command (built to dist/cli.js). Node only; the engine it drives is src/core.
import { runApply } from './apply';
import { parseCommand } from './args';
import { BadInput, describeFailure, EXIT, type ExitCode } from './exit';
import { runFind } from './find';
import { USAGE } from './usage';

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

async function main(argv: string[]): Promise<ExitCode> {
  const debug = argv.includes('--debug');
  try {
    const command = parseCommand(argv);
    switch (command.name) {
      case 'help':
        process.stdout.write(USAGE);
        return EXIT.ok;
      case 'apply':
        return await runApply(command, readStdin);
      case 'find':
        return await runFind(command, readStdin);
    }
  } catch (err) {
    // Bad input, a bug or a file system surprise (EACCES…) alike: exit 2, not 1, which means "some edits were
    // refused" and would hide the failure in scripts.
    process.stderr.write(describeFailure(err, debug));
    return EXIT.badInput;
  }
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
