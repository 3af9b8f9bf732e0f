// Command-line arguments → a command to run. Mistakes are BadInput (exit 2) with a message naming the fix.
import { parseArgs } from 'node:util';
import { BadInput } from './exit';

export type Command =
  | { name: 'help' }
  | { name: 'apply'; inputs: string[]; dryRun: boolean; cwd: string; json: boolean; /** A bare code block for this file. */ file?: string }
  | { name: 'find'; file: string; line?: number; cwd: string; json: boolean };

export function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') return { name: 'help' };
  if (name !== 'apply' && name !== 'find') throw new BadInput(`Unknown command "${name}": expected "apply" or "find" (see --help).`);

  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        cwd: { type: 'string', default: '.' },
        json: { type: 'boolean', default: false },
        line: { type: 'string' },
        file: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        // Read by runCli from argv (stack traces of unexpected errors); accepted here so it is not an unknown option.
        // Stryker disable next-line BooleanLiteral: its value is never read here, so its default cannot show
        debug: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    throw new BadInput(`${(err as Error).message} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { name: 'help' };
  const common = { cwd: values.cwd, json: values.json };

  if (name === 'apply') {
    if (values.line !== undefined) throw new BadInput('--line is an option of "find", not of "apply".');
    return { name, inputs: positionals, dryRun: values['dry-run'], ...common, ...(values.file !== undefined && { file: values.file }) };
  }
  if (values.file !== undefined) throw new BadInput('--file is an option of "apply": "find" takes the FILE as its argument.');
  if (values['dry-run']) throw new BadInput('--dry-run is an option of "apply": "find" never writes.');
  if (positionals.length !== 1) throw new BadInput(`"find" takes one FILE to search (got ${positionals.length}); the snippet comes from stdin.`);
  return { name, file: positionals[0], ...(values.line !== undefined && { line: lineNumber(values.line) }), ...common };
}

function lineNumber(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new BadInput(`--line takes a line number from 1 (got "${text}").`);
  return n;
}
