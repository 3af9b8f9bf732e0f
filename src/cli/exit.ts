// Exit statuses of `fuzzy-edit`, and the error that means "bad input" (status 2).
import { terminalSafe } from './terminal';

export const EXIT = {
  /** Every edit applied (find: found). */
  ok: 0,
  /** Some edits were refused or a write failed (find: not found or ambiguous). */
  refused: 1,
  /** The request itself is unusable: bad arguments, unreadable or unparsable input. Nothing was written. */
  badInput: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Thrown for anything that makes the request unusable before a file is touched. */
export class BadInput extends Error {}

/**
 * What stderr gets for an error: BadInput's message; for anything else (a bug, or a file system surprise such
 * as EACCES) one line a person can act on, and the stack trace only when asked for with --debug.
 */
export function describeFailure(err: unknown, debug: boolean): string {
  if (err instanceof BadInput) return terminalSafe(`fuzzy-edit: ${err.message}`) + '\n';
  const message = err instanceof Error ? err.message : String(err);
  const line = terminalSafe(`fuzzy-edit: unexpected error: ${message.split('\n')[0]}${debug ? '' : ' (run with --debug for details)'}`) + '\n';
  return debug && err instanceof Error && err.stack ? line + terminalSafe(err.stack) + '\n' : line;
}
