// One run of `fuzzy-edit`: arguments in, exit status out, with everything it talks to passed in (CliIo). main.ts
// wires it to the real process; tests call it in process, where coverage and mutation testing can see it.
import { runApply } from './apply';
import { parseCommand } from './args';
import { describeFailure, EXIT, type ExitCode } from './exit';
import { runFind } from './find';
import { USAGE } from './usage';

export interface Output {
  write(text: string): unknown;
}

/** What a run reads and writes besides the files under --cwd. */
export interface CliIo {
  /** The directory relative names on the command line (--cwd, input files) are resolved against. */
  cwd: string;
  /** All of stdin, the same text however often it is asked for; may throw BadInput (a terminal, say). */
  readStdin: () => Promise<string>;
  stdout: Output;
  /** A terminal (isTTY) also gets the progress line. */
  stderr: Output & { isTTY?: boolean };
}

export async function runCli(argv: string[], io: CliIo): Promise<ExitCode> {
  const debug = argv.includes('--debug');
  try {
    const command = parseCommand(argv);
    switch (command.name) {
      case 'help':
        io.stdout.write(USAGE);
        return EXIT.ok;
      case 'apply':
        return await runApply(command, io);
      case 'find':
        return await runFind(command, io);
    }
  } catch (err) {
    // Bad input, a bug or a file system surprise (EACCES…) alike: exit 2, not 1, which means "some edits were
    // refused" and would hide the failure in scripts.
    io.stderr.write(describeFailure(err, debug));
    return EXIT.badInput;
  }
}
