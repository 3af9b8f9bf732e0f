// The `fuzzy-edit` command (built to dist/cli.js). Node only; the engine it drives is src/core.
import * as fs from 'node:fs';
import { runApply } from './apply';
import { parseCommand } from './args';
import { BadInput, EXIT, type ExitCode } from './exit';
import { runFind } from './find';
import { USAGE } from './usage';

let stdin: string | undefined;

/** Read once: `apply` may look at the same input twice (as edits, then as a bare code block). */
function readStdin(): string {
  // Waiting on a terminal for edits nobody is typing would look like a hang.
  if (process.stdin.isTTY) throw new BadInput('No input: pipe edits into stdin or name files to read them from (see --help).');
  return (stdin ??= fs.readFileSync(0, 'utf8'));
}

function main(argv: string[]): ExitCode {
  try {
    const command = parseCommand(argv);
    switch (command.name) {
      case 'help':
        process.stdout.write(USAGE);
        return EXIT.ok;
      case 'apply':
        return runApply(command, readStdin);
      case 'find':
        return runFind(command, readStdin);
    }
  } catch (err) {
    if (!(err instanceof BadInput)) throw err;
    process.stderr.write(`fuzzy-edit: ${err.message}\n`);
    return EXIT.badInput;
  }
}

process.exitCode = main(process.argv.slice(2));
