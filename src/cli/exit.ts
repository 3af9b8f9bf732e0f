// Exit statuses of `fuzzy-edit`, and the error that means "bad input" (status 2).

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
